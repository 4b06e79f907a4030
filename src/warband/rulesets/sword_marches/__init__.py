"""The Sword Marches (Metal Sword & Sorcery skirmish, play-test ashcan), ruleset
``sword-marches``.

Warband Musters (:mod:`.lists`), the Turn of Mettle, Orders and Action Phases
(:mod:`.rules.turn`), combat (:mod:`.rules.combat`) and terrain (:mod:`.rules.terrain`) on the
shared core; every Check is rolled by :mod:`.mechanics`, the module the odds engine
(:mod:`.odds`) computes exactly. The book's TABLES and Adventures are missing: the project's
house data lives in ``content/`` (docs/rulesets/sword-marches.md). The plug-in is built on
:class:`warband.kit.ruleset.KitRuleset`, which finds this package's modules by convention; the
Adventure is the kit's ``scenario`` option. Rule ids refer to
``shared/rules/sword_marches.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from warband.core.controller import Controller
from warband.kit.ruleset import KitRuleset

__all__ = ["RULESET", "SwordMarches"]


class SwordMarches(KitRuleset):
    """Warbands of individual models: Mettle, Orders and alternating Actions with Breaks."""

    name = "sword-marches"
    title = "The Sword Marches - Metal Sword & Sorcery Skirmish Wargames (Play Test Ashcan)"
    sample_list_names = ("ashen-company.yaml", "greyrun-wardens.yaml", "hollow-court.yaml",
                         "tideport-blades.yaml")
    default_scenario = "the-waystation"

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.sword_marches.ai.heuristic import (
            FullHeuristicController,
            HeuristicController,
        )

        return {"heuristic": HeuristicController, "heuristic-full": FullHeuristicController,
                "random": RandomController}

    def free_form_choice(self, decision: Any, template: Any, x: float, y: float) -> Any:
        from warband.rulesets.sword_marches.describe import free_form_choice

        return free_form_choice(decision, template, x, y)


RULESET = SwordMarches()
