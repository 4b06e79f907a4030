"""ArcWorlde game options: switchable readings of ambiguous rules (each documented next to its
rule in ``docs/rulesets/arcworlde.md``), checked at the edge by :mod:`warband.kit.options`.

Kept free of heavy imports: the plug-in class reads it when the registry lists the rulesets.
"""

from __future__ import annotations

from dataclasses import dataclass

from warband.kit.options import Option

__all__ = ["OPTIONS", "Options"]


@dataclass(slots=True)
class Options:
    """Switchable readings of ambiguous rules (documented next to each rule)."""

    rounds: int = 5
    #: arcworlde.combat.disengage ("moves as normal"): False (default) - a successful Disengage
    #: is followed at once by the Character's free movement, so it can only Disengage while
    #: that is unused; True - it always earns a move of up to its Movement, even after the
    #: free movement was used
    disengage_extra_move: bool = False
    #: arcworlde.setup.sequence: deployment zone depth in inches (scenario default if None)
    deployment_depth: float | None = None


#: the options a player may set (``--option``), checked by the kit (arcworlde.setup.sequence,
#: arcworlde.round.game_length, arcworlde.combat.disengage)
OPTIONS = (
    Option.whole("rounds", 1, 50, "Rounds to play (default: the scenario's)"),
    Option.flag("disengage_extra_move",
                "a successful Disengage always earns a move (arcworlde.combat.disengage)"),
    Option.number("deployment_depth", 1, 24, "deployment zone depth (default: the scenario's)",
                  unit="inches"),
)
