"""Armies of Arcana (mass battles; only the two-page reference sheet is available).

Not playable yet: this package holds the game's dice mechanics (:mod:`.mechanics`) and its odds
queries (:mod:`.odds`). It defines no ``RULESET`` object, so the registry does not list it as a
playable game until its engine exists. Rule ids refer to ``shared/rules/armies.yaml``.
"""
