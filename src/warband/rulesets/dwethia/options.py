"""Dwethia Heroes game options (``-o NAME=VALUE``), checked by the kit at the edge."""

from __future__ import annotations

from dataclasses import dataclass

from warband.kit.options import Option
from warband.rulesets.dwethia.mechanics import CHARTS, Chart

__all__ = ["OPTIONS", "Options"]


@dataclass(slots=True)
class Options:
    """What the rules read in play."""

    #: house safety valve: the book sets no round limit (dwethia.scenario.game_end)
    rounds: int = 8
    #: the comparison chart reading (dwethia.combat.comparison_chart)
    chart: Chart = "example"
    #: arena file name (content/arenas/<arena>.yaml), or ``placed``: the players place the
    #: house terrain box's pieces in turn (dwethia.setup.terrain)
    arena: str = "foundry"


OPTIONS = (
    Option.whole("rounds", 1, 50, "rounds before the house limit ends the game"
                 " (dwethia.scenario.game_end)"),
    Option.one_of("chart", CHARTS, "comparison chart: the worked example's reading or the"
                  " printed lines (dwethia.combat.comparison_chart)"),
    Option.one_of("arena", ("foundry", "rooftops", "placed"),
                  "a bundled arena (content/arenas/), or 'placed': the players place terrain"
                  " pieces in turn (dwethia.setup.terrain)"),
)
