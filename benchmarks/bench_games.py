"""Games per second on one core: AI-vs-AI games between a ruleset's two sample lists.

    python benchmarks/bench_games.py --ruleset arcworlde --ai heuristic --games 100
    python benchmarks/bench_games.py --ruleset arcworlde --ai random --games 200

Each game has its own seed and the event log switched off, as the simulator runs them. Games
on one layout share the table's caches (paths, sight, moves), so a game replayed in the same
process costs almost nothing: the warm-up uses seeds from 1,000,000 and repeat ``r`` plays
seeds ``r*games .. (r+1)*games-1``, so no measured game was played before in the process. Prints one line per AI with games/s and ms/game (median of ``--repeat`` runs).
Add ``--profile`` to print the top functions by own time (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from warband.core import registry
from warband.core.controller import play


def run(ruleset: str, ai: str, games: int, first_seed: int = 0) -> float:
    rs = registry.get(ruleset)
    paths = list(rs.sample_lists())
    lists = [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]
    factory = rs.controllers()[ai]
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = rs.new_game(lists, seed, log_events=False)
        play(game, {0: factory(), 1: factory()}, seed)
    return time.process_time() - start


def build() -> str:
    """Pure Python or the compiled build (docs/performance.md); code older than the compiled
    build (an old checkout on PYTHONPATH, for back-to-back runs) is pure Python."""
    try:
        from warband._compiled import describe_build
    except ImportError:
        return "pure Python (code without warband._compiled)"
    return describe_build()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="arcworlde")
    parser.add_argument("--ai", action="append", help="AI name (repeatable); default heuristic and random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print(f"# warband build: {build()}")
    for ai in args.ai or ["heuristic", "random"]:
        run(args.ruleset, ai, 2, 1_000_000)  # warm caches (content, exact dice tables)
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
            run(args.ruleset, ai, args.games)
            prof.disable()
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)
            continue
        times = [run(args.ruleset, ai, args.games, r * args.games) for r in range(args.repeat)]
        t = statistics.median(times)
        print(f"{args.ruleset} {ai:>10}: {args.games / t:7.1f} games/s  {1000 * t / args.games:7.2f} ms/game"
              f"  (median of {args.repeat} x {args.games} games)")


if __name__ == "__main__":
    main()
