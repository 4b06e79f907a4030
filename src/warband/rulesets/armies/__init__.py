"""Armies of Arcana: mass battles of rank-and-file blocks, skirmishers, characters, monsters,
wizards and war machines, from the two-page reference sheet (the only source) and documented
house rules and data (docs/rulesets/armies.md). Rule ids refer to
``shared/rules/armies.yaml``. The dice mechanics (:mod:`.mechanics`) serve both the game and
``warband odds armies``. The plug-in is built on :class:`warband.kit.ruleset.KitRuleset`, which
finds this package's modules by convention.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from warband.core.controller import Controller
from warband.kit.ruleset import KitRuleset

__all__ = ["RULESET", "Armies"]


class Armies(KitRuleset):
    """Armies of rank-and-file blocks and skirmishers, phase by phase."""

    name = "armies"
    title = "Armies of Arcana - Reference Sheet (with house rules)"
    sample_list_names = ("aldmark-host.yaml", "ashen-horde.yaml")
    default_scenario = "pitched-battle"

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.armies.ai.heuristic import HeuristicController

        return {"heuristic": HeuristicController, "random": RandomController}

    def choice_group(self, view: Any, choice: Any) -> str | None:
        from warband.rulesets.armies.describe import choice_group

        return choice_group(view, choice)


RULESET = Armies()
