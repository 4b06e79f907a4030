"""Controllers answer decisions: AIs and humans implement the same protocol.

A controller only ever receives its own player's view of the state and the decision addressed
to it (with its legal options), plus a random number generator of its own, seeded from the game
seed, for any randomised behaviour. Its answers are recorded, so its randomness never has to be
replayed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from warband.core.decisions import Decision
from warband.core.dice import derive_seed
from warband.core.game import Game, Outcome

__all__ = ["Controller", "play", "controller_rng"]


class Controller(Protocol):
    name: str

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        """Return one legal choice (optionally wrapped in ``Reasoned``)."""
        ...


def controller_rng(seed: int, player: int) -> random.Random:
    """The private RNG of ``player``'s controller in the game seeded ``seed``."""
    return random.Random(derive_seed(seed, "controller", player))


def play(
    game: Game,
    controllers: Mapping[int, Controller],
    seed: int,
    on_events: Callable[[list[Any]], None] | None = None,
    max_decisions: int = 1_000_000,
) -> Outcome:
    """Play ``game`` to the end, asking each player's controller in turn."""
    rngs = {p: controller_rng(seed, p) for p in controllers}
    if on_events is not None and game.events:
        on_events(list(game.events))
    for _ in range(max_decisions):
        pending = game.pending()
        if pending is None:
            break
        if type(pending) is Decision:  # one player to ask (waiting_for, written out)
            player = pending.player
            choice = controllers[player].decide(game.view(player), pending, rngs[player])
            events = game.apply(player, choice)
            if on_events is not None and events:
                on_events(events)
            continue
        for player in game.waiting_for():
            decision = game.decision_for(player)
            assert decision is not None
            choice = controllers[player].decide(game.view(player), decision, rngs[player])
            events = game.apply(player, choice)
            if on_events is not None and events:
                on_events(events)
    else:  # pragma: no cover - a flow that never ends is a bug in a ruleset
        raise RuntimeError(f"game did not finish within {max_decisions} decisions")
    outcome = game.outcome()
    assert outcome is not None
    return outcome
