"""A controller that picks uniformly among the legal options: the test opponent."""

from __future__ import annotations

import random
from typing import Any

from warband.core.decisions import Decision

__all__ = ["RandomController"]


class RandomController:
    """Uniformly random legal decisions (works for every ruleset)."""

    name = "random"

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return decision.options[int(rng.random() * len(decision.options))]
