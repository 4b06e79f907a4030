"""Armies of Arcana: heuristic against random over seeded games, both seatings, both
scenarios, with games per second (CPU time of one process).

    python benchmarks/bench_armies.py --games 100

Seeds 0..games-1; in every seed the heuristic plays once as side A (the Host of Aldmark) and
once as side B (the Ashen Horde) against the random AI. Prints one line per scenario and
seating, with the win rate and its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import time

from warband.core import registry
from warband.core.controller import play


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    rs = registry.get("armies")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    ctl = rs.controllers()
    for scenario in ("pitched-battle", "hold-the-hill"):
        for seat in (0, 1):
            wins = losses = draws = 0
            start = time.process_time()
            for seed in range(args.games):
                game = rs.new_game(lists, seed, {"scenario": scenario}, log_events=False)
                players = {seat: ctl["heuristic"](), 1 - seat: ctl["random"]()}
                winner = play(game, players, seed).winner
                wins += winner == seat
                losses += winner == 1 - seat
                draws += winner is None
            spent = time.process_time() - start
            lo, hi = wilson(wins, args.games)
            print(f"{scenario:15s} heuristic as {'AB'[seat]}: {wins}-{losses}-{draws}"
                  f"  win {wins / args.games:.0%} (95% CI {lo:.0%}-{hi:.0%})"
                  f"  {args.games / spent:.1f} games/s")


if __name__ == "__main__":
    main()
