"""The Sword Marches (Metal Sword & Sorcery skirmish, play-test ashcan).

Not playable yet: this package holds the game's dice mechanics (:mod:`.mechanics`) and its odds
queries (:mod:`.odds`). It defines no ``RULESET`` object, so the registry does not list it as a
playable game until its engine exists. Rule ids refer to ``shared/rules/sword_marches.yaml``.
"""
