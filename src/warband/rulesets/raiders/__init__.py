"""Raiders of Arcana (Battlezone Miniatures playtest rules, December 2015).

Units of several figures around a leader, one action at a time with simultaneous reactions,
combat dice split in secret, fatigue. Rule ids refer to ``../shared/rules/raiders.yaml``. The plug-in is built on
:class:`warband.kit.ruleset.KitRuleset`, which finds this package's modules by convention.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from warband.core.controller import Controller
from warband.kit.ruleset import KitRuleset

__all__ = ["RULESET", "Raiders"]


class Raiders(KitRuleset):
    """Warbands of units: action tokens, simultaneous reactions, secret combat splits."""

    name = "raiders"
    title = "Raiders of Arcana - Playtest Rules (December 2015)"
    sample_list_names = ("border-raiders.yaml", "ashen-warband.yaml")
    default_scenario = "meeting-engagement"

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.raiders.ai.heuristic import (
            HeuristicController,
            QuickHeuristicController,
        )

        # heuristic: the re-tuned AI with the quick move model (issue 16, session 10: 62% of
        # 400 held-out games against the AI before it, a little faster); heuristic-full: the
        # AI before it, which plays the games it played
        return {"heuristic": QuickHeuristicController, "heuristic-full": HeuristicController,
                "random": RandomController}

    def free_form_choice(self, decision: Any, template: Any, x: float, y: float) -> Any:
        from warband.rulesets.raiders.describe import free_form_choice

        return free_form_choice(decision, template, x, y)


RULESET = Raiders()
