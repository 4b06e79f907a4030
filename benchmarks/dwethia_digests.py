"""Dwethia Heroes: event digests of seeded games, to check a speed change plays the same games.

    python benchmarks/dwethia_digests.py [games] > digests.txt

Seed ``i`` plays forces ``i % 4`` and ``(i + 1) % 4`` (the benchmark's cycle), heuristic
against heuristic for even seeds, heuristic against random for odd ones, one line per game:
the seed and the digest of every event (the event log on, as ``--replay`` records it).
Compare the files from before and after a change (``diff``): any difference is a different game.
"""

from __future__ import annotations

import sys

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import play


def main(games: int) -> None:
    rs = registry.get("dwethia")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    heuristic = rs.controllers()["heuristic"]
    for seed in range(games):
        game = rs.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed, track_digest=True)
        other = heuristic() if seed % 2 == 0 else RandomController()
        play(game, {0: heuristic(), 1: other}, seed)
        print(seed, game.digest, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
