"""Dwethia Heroes: arena battles of a few heroes a side on a tall, cluttered grid of spaces,
Move / Shoot / Close Combat activations, Destiny re-rolls, Faith against Affinity bidding and
five sealed secret objectives. Rule ids refer to ``shared/rules/dwethia.yaml``; the dice
mechanics (:mod:`.mechanics`) are shared with the odds engine (:mod:`.odds`). Built on the
ruleset kit: the modules below are found by convention (see ``docs/new-ruleset.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from warband.core.controller import Controller
from warband.kit.ruleset import KitRuleset

__all__ = ["RULESET", "Dwethia"]


class Dwethia(KitRuleset):
    name = "dwethia"
    title = "Dwethia Heroes - arena combat"
    sample_list_names = ("sol-vanguard.yaml", "void-reavers.yaml", "sol-marksmen.yaml",
                         "void-pack.yaml", "sol-arcanum.yaml")

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.dwethia.ai import HeuristicController

        return {"heuristic": HeuristicController, "random": RandomController}

    def choice_group(self, view: Any, choice: Any) -> str | None:
        """A human's long move menus: by kind of move and by five rows of the table."""
        from warband.rulesets.dwethia.choices import Move, Retreat

        if isinstance(choice, Move):
            low = choice.y - choice.y % 5
            return f"{choice.mode} move to rows {low}-{low + 4}"
        if isinstance(choice, Retreat):
            return "retreat"
        return None


RULESET = Dwethia()
