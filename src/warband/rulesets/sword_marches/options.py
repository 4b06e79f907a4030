"""The Sword Marches game options: switchable readings of ambiguous rules (each documented next
to its rule in ``docs/rulesets/sword-marches.md``), checked at the edge by
:mod:`warband.kit.options`. The Adventure is the kit's ``scenario`` option.

Kept free of heavy imports: the plug-in class reads it when the registry lists the rulesets.
"""

from __future__ import annotations

from dataclasses import dataclass

from warband.kit.options import Option

__all__ = ["OPTIONS", "Options"]


@dataclass(slots=True)
class Options:
    """Switchable readings of ambiguous rules (each documented next to its rule)."""

    #: house Turn limit; None: the Adventure's
    rounds: int | None = None
    #: sm.orders.strategy_check: the Edge adds the difference of the Strategy Check totals
    #: ("difference", the rules yaml's default) or a flat 3 Tokens ("three", the Edge section)
    edge_bonus: str = "difference"
    #: sm.combat.attack_defense_checks: close combat Defense dice = the Defender's Base
    #: Attacks ("base_attacks", the rules yaml's default) or one die ("one")
    defense_dice: str = "base_attacks"
    #: sm.trait.immune: an Attack bearing a Source (or Poison) the target is Immune to does no
    #: damage ("no_damage", the rules yaml's reading) or the immunity is ignored ("ignore")
    source_immunity: str = "no_damage"


#: the options a player may set (``--option``), checked by the kit
OPTIONS = (
    Option.whole("rounds", 1, 30, "house Turn limit (default: the Adventure's)"),
    Option.one_of("edge_bonus", ("difference", "three"),
                  "the Edge's bonus Action Tokens: the Strategy Check difference or a flat 3"
                  " (sm.orders.strategy_check, sm.actionphase.edge)"),
    Option.one_of("defense_dice", ("base_attacks", "one"),
                  "close combat Defense dice: the Defender's Base Attacks or one"
                  " (sm.combat.attack_defense_checks)"),
    Option.one_of("source_immunity", ("no_damage", "ignore"),
                  "an Attack bearing a Source the target is Immune to does no damage, or the"
                  " immunity is ignored (sm.trait.immune)"),
)
