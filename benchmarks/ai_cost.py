"""The AI's share of a game: CPU time spent in the controllers' ``decide`` per game, beside the
whole game's, for AI-vs-AI games between a ruleset's two first sample lists (event log off).

    python benchmarks/ai_cost.py --ruleset arcworlde --ai heuristic --games 60
    PYTHONPATH=/path/to/old/src python benchmarks/ai_cost.py ...   # the same for older code

Seeds as bench_games.py plays them (a warm-up on other seeds first, so the shared caches hold
what a long run holds). The split is CPU time of one process: garbage collection runs where
the allocations happen to cross its threshold, so code that allocates less can move some of
that work into the other share; compare the totals as well as the AI's part.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from warband.core import registry
from warband.core.controller import Controller, play
from warband.core.decisions import Decision


class _Timed:
    """A controller that adds the CPU time of another's ``decide`` to a shared total."""

    def __init__(self, inner: Controller, spent: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.spent = spent

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        start = time.process_time()
        try:
            return self.inner.decide(view, decision, rng)
        finally:
            self.spent[0] += time.process_time() - start


def measure(ruleset: str, ai: str, games: int, first_seed: int = 0) -> tuple[float, float]:
    """(whole games, the AI's part): CPU seconds over ``games`` seeded games."""
    rs = registry.get(ruleset)
    paths = list(rs.sample_lists())
    lists = [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]
    factory = rs.controllers()[ai]
    spent = [0.0]
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = rs.new_game(lists, seed, log_events=False)
        play(game, {0: _Timed(factory(), spent), 1: _Timed(factory(), spent)}, seed)
    return time.process_time() - start, spent[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="arcworlde")
    parser.add_argument("--ai", default="heuristic")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    measure(args.ruleset, args.ai, 2, 1_000_000)  # warm caches (content, exact dice tables)
    total, ai = measure(args.ruleset, args.ai, args.games)
    n = args.games
    print(f"{args.ruleset} {args.ai}: {total / n * 1000:.2f} ms/game, of which the AI "
          f"{ai / n * 1000:.2f} ms ({ai / total:.0%}) and the rest {(total - ai) / n * 1000:.2f} ms"
          f" ({n / total:.1f} games/s)")


if __name__ == "__main__":
    main()
