"""Tiny Duel: the smallest real game built on the ruleset kit (the example of
``docs/new-ruleset.md``).

Two warbands of champions take turns at a push-your-luck dice duel. On its turn a side sends
one champion forward (``tiny.turn.champion``), who rolls a die as often as its player dares
(``tiny.turn.roll``), adding the face plus its Might to the turn's total; a 1 loses the turn's
total (``tiny.turn.bust``) unless the champion spends a point of Luck to roll again
(``tiny.luck.reroll``). Holding banks the total (``tiny.turn.hold``). The first side to reach
the target wins (``tiny.end.target``, option ``target``); after ``turns`` turns each, the higher
score wins (``tiny.end.turns``).

The package holds only the game: content models and data, list rules, options, choices, the
flow, narration and an AI. Everything else comes from :mod:`warband.kit`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from warband.core.controller import Controller
from warband.kit.ruleset import KitRuleset

__all__ = ["RULESET", "TinyDuel"]


class TinyDuel(KitRuleset):
    name = "tinygame"
    title = "Tiny Duel (the kit's example game)"
    sample_list_names = ("red-blades.yaml", "blue-shields.yaml")

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController

        from .ai import CautiousController

        return {"heuristic": CautiousController, "random": RandomController}


RULESET = TinyDuel()
