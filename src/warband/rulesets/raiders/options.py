"""Raiders of Arcana game options: switchable readings of ambiguous rules (each documented next
to its rule in ``docs/rulesets/raiders.md``), checked at the edge by :mod:`warband.kit.options`.

Kept free of heavy imports: the plug-in class reads it when the registry lists the rulesets.
"""

from __future__ import annotations

from dataclasses import dataclass

from warband.kit.options import Option

__all__ = ["OPTIONS", "Options"]


@dataclass(slots=True)
class Options:
    """Switchable readings of ambiguous rules (each documented next to its rule)."""

    #: house turn limit (raiders.turn.overview: the book sets none); None: the scenario's
    rounds: int | None = None
    #: raiders.ability.rangers: aimed ranger shots get +3 instead of Aim's +2 ("replace"), or
    #: +3 on top of it ("stack", +5)
    rangers_aim: str = "replace"
    #: raiders.morale.test_trigger: a unit at or below half strength tests when it is the
    #: target of an enemy action or reaction ("targeted", the rules yaml's default), or only
    #: when it is the target of an enemy reaction ("reaction", the literal text)
    morale_trigger: str = "targeted"
    #: raiders.action.regroup: broken units may Regroup as well as Rally (default) or only Rally
    broken_may_regroup: bool = True
    #: raiders.terrain.modifiers: Target bonus for a unit in or behind cover (house: +1)
    cover_bonus: int = 1
    #: raiders.ability.impetus: Impetus needs the charge bonus (the > half move test, default)
    #: or applies to every charge and counter-charge
    impetus_needs_bonus: bool = True
    #: raiders.listbuilding.warband_size: the players agree one game size, so lists of two
    #: different sizes are refused; True allows an unequal game (each side then collects its
    #: own size's action tokens)
    mixed_sizes: bool = False


#: the options a player may set (``--option``), checked by the kit
OPTIONS = (
    Option.whole("rounds", 1, 50, "house turn limit (default: the scenario's)"),
    Option.one_of("rangers_aim", ("replace", "stack"),
                  "aimed ranger shots: +3 instead of Aim's +2, or on top of it"
                  " (raiders.ability.rangers)"),
    Option.one_of("morale_trigger", ("targeted", "reaction"),
                  "a unit at half strength tests when targeted, or only by a reaction"
                  " (raiders.morale.test_trigger)"),
    Option.flag("broken_may_regroup", "broken units may Regroup as well as Rally"
                " (raiders.action.regroup)"),
    Option.whole("cover_bonus", 0, 5, "Target bonus in or behind cover (raiders.terrain.modifiers)"),
    Option.flag("impetus_needs_bonus", "Impetus needs the charge bonus (raiders.ability.impetus)"),
    Option.flag("mixed_sizes", "allow lists of two different game sizes, each side with its own"
                " action tokens (raiders.listbuilding.warband_size)"),
)
