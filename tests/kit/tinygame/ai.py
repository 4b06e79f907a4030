"""Tiny Duel's heuristic AI: send the mightiest champion, always use Luck, and hold at 10."""

from __future__ import annotations

import random
from typing import Any

from warband.core.decisions import Decision

from .choices import Hold, Reroll, Roll

HOLD_AT = 10


class CautiousController:
    """Holds once the turn's total is worth keeping (the classic Pig threshold, scaled)."""

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        if decision.kind == "champion":
            return max(decision.options, key=lambda o: view.champions[o.uid].might)
        if decision.kind == "reroll":
            return Reroll(True)
        return Hold() if decision.info["total"] >= HOLD_AT else Roll()
