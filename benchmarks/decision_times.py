"""How long an AI takes to answer one decision: median, p95 and worst over seeded games.

    python benchmarks/decision_times.py --ruleset arcworlde --ai heuristic --games 50

Plays ``--games`` games between the ruleset's two sample lists (seeds 0..N-1, the event log on,
as on the web board) and times every call to the controller's ``decide`` (CPU time of this
process, ``time.process_time``; wall-clock time on a busy machine counts other processes too).
Trivial one-option decisions are answered by the engine and never reach the AI.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from warband.core import registry
from warband.core.controller import controller_rng


def decision_times(ruleset: str, ai: str, games: int) -> list[float]:
    """Seconds per ``decide`` call over ``games`` seeded games, both sides played by ``ai``."""
    rs = registry.get(ruleset)
    paths = list(rs.sample_lists())
    lists = [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]
    factory = rs.controllers()[ai]
    times: list[float] = []
    clock = time.process_time
    for seed in range(games):
        game = rs.new_game(lists, seed)
        controllers: dict[int, Any] = {0: factory(), 1: factory()}
        rngs = {p: controller_rng(seed, p) for p in controllers}
        while game.pending() is not None:
            for player in game.waiting_for():
                decision = game.decision_for(player)
                assert decision is not None
                view = game.view(player)
                start = clock()
                choice = controllers[player].decide(view, decision, rngs[player])
                times.append(clock() - start)
                game.apply(player, choice)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="arcworlde")
    parser.add_argument("--ai", default="heuristic")
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    decision_times(args.ruleset, args.ai, 2)  # warm caches (content, exact dice tables)
    times = sorted(decision_times(args.ruleset, args.ai, args.games))
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"{args.ruleset} {args.ai}: {len(times)} decisions in {args.games} games;"
          f" median {1000 * statistics.median(times):.3f} ms, p95 {1000 * p95:.3f} ms,"
          f" worst {1000 * times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
