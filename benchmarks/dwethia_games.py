"""Dwethia Heroes: heuristic against random win rate (both seatings) and games per second.

    python benchmarks/dwethia_games.py [seeds]

Pairs cycle through the four bundled forces; the event log is off (as in simulations); games
per second are CPU time of this process (as ``bench_games.py``), wins are counted per seat.
"""

from __future__ import annotations

import sys
import time

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import play


def main(seeds: int) -> None:
    rs = registry.get("dwethia")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    heuristic = rs.controllers()["heuristic"]
    wins = games = 0
    seat_wins = [0, 0]
    ends: dict[str, int] = {}
    t0 = time.process_time()
    for seed in range(seeds):
        for seat in (0, 1):
            pair = [lists[seed % 4], lists[(seed + 1) % 4]]
            game = rs.new_game(pair, seed, log_events=False)
            out = play(game, {seat: heuristic(), 1 - seat: RandomController()}, seed)
            wins += out.winner == seat
            seat_wins[seat] += out.winner == seat
            games += 1
            ends[out.extra["ended_by"]] = ends.get(out.extra["ended_by"], 0) + 1
    mixed = games / (time.process_time() - t0)
    t0 = time.process_time()
    for seed in range(max(1, seeds // 4)):
        game = rs.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed, log_events=False)
        play(game, {0: heuristic(), 1: heuristic()}, seed)
    hh = max(1, seeds // 4) / (time.process_time() - t0)
    print(f"heuristic beats random {wins}/{games} = {wins / games:.1%} (as A {seat_wins[0]}/"
          f"{seeds}, as B {seat_wins[1]}/{seeds}; endings {ends});"
          f" {mixed:.2f} heuristic-v-random games/s, {hh:.2f} heuristic-v-heuristic games/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
