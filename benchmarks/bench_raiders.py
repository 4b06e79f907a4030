"""Raiders of Arcana: games per second, the heuristic's win rate against random, and the cost
of solving the secret split of combat dice.

    python benchmarks/bench_raiders.py speed --games 20            # games/s, both scenarios
    python benchmarks/bench_raiders.py strength --games 200 --jobs 2
    python benchmarks/bench_raiders.py split
    python benchmarks/bench_raiders.py decisions --games 10

``speed``: AI-vs-AI games between the two sample warbands, event log off (as the simulator runs
them), CPU time of one process, median of ``--repeat`` runs, run k on seeds kN..kN+N-1 (each game
new to the process: the tables' caches are shared by the games of a process, as in the
simulator, but a replayed seed would find every answer cached).
``strength``: heuristic against random over seeded games; the heuristic takes side A in even
games and side B in odd ones, in each scenario; win rate with a 95% Wilson interval.
``decisions``: CPU time of each AI answer over seeded games (median, p95, p99, max): the wait
of a player on the board.
``split``: time to build and solve the split game (payoff matrix + linear program) for typical
match-ups, cold (caches cleared) and warm.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from warband.core import registry
from warband.core.controller import play

SCENARIOS = ("meeting-engagement", "battle-lines")
#: seeds of the warm-up games, away from the measured ones (0, 1, ...)
WARM_UP = 1_000_000


def _lists() -> list[Any]:
    rs = registry.get("raiders")
    return [rs.load_list(p) for p in rs.sample_lists()]


def speed(ai: str, scenario: str, games: int, first: int = 0) -> float:
    """CPU seconds for ``games`` games on seeds ``first``, ``first + 1``, ..."""
    rs = registry.get("raiders")
    lists = _lists()
    factory = rs.controllers()[ai]
    start = time.process_time()
    for seed in range(first, first + games):
        game = rs.new_game(lists, seed, {"scenario": scenario}, log_events=False)
        play(game, {0: factory(), 1: factory()}, seed)
    return time.process_time() - start


class _Timed:
    """A controller wrapper that times each answer (CPU time)."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.times, self.name = inner, times, inner.name

    def decide(self, view: Any, decision: Any, rng: Any) -> Any:
        start = time.process_time()
        choice = self.inner.decide(view, decision, rng)
        self.times.append(time.process_time() - start)
        return choice


def decision_times(ai: str, games: int) -> list[float]:
    """CPU seconds of every answer of ``ai`` (both sides) over seeded games in each scenario,
    the heuristic as a player on the board meets it (one decision at a time)."""
    rs = registry.get("raiders")
    lists = _lists()
    factory = rs.controllers()[ai]
    times: list[float] = []
    for scenario in SCENARIOS:
        speed(ai, scenario, 2, WARM_UP)
        for seed in range(games):
            game = rs.new_game(lists, seed, {"scenario": scenario}, log_events=False)
            play(game, {0: _Timed(factory(), times), 1: _Timed(factory(), times)}, seed)
    return times


def one_game(args: tuple[int, str]) -> tuple[int, str, int | None, str, int]:
    """(seed, scenario) -> (heuristic side, scenario, winner, how it ended, turns)."""
    seed, scenario = args
    rs = registry.get("raiders")
    factories = rs.controllers()
    side = seed % 2
    game = rs.new_game(_lists(), seed, {"scenario": scenario}, log_events=False)
    outcome = play(game, {side: factories["heuristic"](), 1 - side: factories["random"]()}, seed)
    return side, scenario, outcome.winner, str(outcome.extra["ended_by"]), outcome.rounds


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def strength(games: int, jobs: int) -> None:
    tasks = [(seed, scenario) for scenario in SCENARIOS for seed in range(games // 2)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one_game, tasks, chunksize=4))
    wall = time.perf_counter() - start
    for scenario in (*SCENARIOS, "both"):
        rows = [r for r in results if scenario in ("both", r[1])]
        wins = sum(1 for side, _, winner, _, _ in rows if winner == side)
        losses = sum(1 for side, _, winner, _, _ in rows if winner is not None and winner != side)
        draws = len(rows) - wins - losses
        routs = sum(1 for r in rows if r[3] == "rout")
        low, high = wilson(wins, len(rows))
        print(f"{scenario:>18}: heuristic vs random, {len(rows)} games: {wins} wins, "
              f"{losses} losses, {draws} draws; win rate {wins / len(rows):.1%} "
              f"(95% CI {low:.1%}-{high:.1%}); {routs} ended by a rout")
    print(f"({wall:.0f} s wall clock on {jobs} processes)")


def split(repeat: int) -> None:
    from warband import odds
    from warband.rulesets.raiders import splits

    cases = [
        {"attacker": "ashen-raiders", "defender": "human-warriors", "attacker_bonus": True},
        {"attacker": "war-hounds", "defender": "northmarch-spearmen", "defender_role": "defend",
         "defender_bonus": True},
        {"attacker": "cave-troll", "defender": "thanes-retinue", "defender_role": "shield_wall"},
    ]
    odds.run("raiders", "morale", morale=10)  # import scipy and the catalogue first
    for case in cases:
        cold = []
        for _ in range(repeat):
            splits.solve.cache_clear()
            splits._LOSS_MEMOS.clear()
            splits._chances.cache_clear()
            start = time.perf_counter()
            result = odds.run("raiders", "combat", case)
            cold.append(time.perf_counter() - start)
        a, b = result.payload["attacker"], result.payload["defender"]
        print(f"{case['attacker']} ({a['pool']} dice) vs {case['defender']} ({b['pool']} dice): "
              f"{1000 * statistics.median(cold):.1f} ms per solve (matrix "
              f"{a['pool'] - a['min_defence'] + 1}x{b['pool'] - b['min_defence'] + 1}); "
              f"value {result.payload['value']:+.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["speed", "strength", "split", "decisions"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ai", action="append", help="AI for speed (default heuristic and random)")
    args = parser.parse_args()
    if args.what == "speed":
        for scenario in SCENARIOS:
            for ai in args.ai or ["heuristic", "random"]:
                speed(ai, scenario, 2, WARM_UP)  # imports, content, exact dice tables
                # each run plays seeds no earlier run played: a replayed game would find every
                # answer in the tables' caches and flatter the figure
                t = statistics.median(speed(ai, scenario, args.games, k * args.games)
                                      for k in range(args.repeat))
                print(f"raiders {scenario:>18} {ai:>9}: {args.games / t:6.2f} games/s"
                      f"  {1000 * t / args.games:8.1f} ms/game  (CPU, median of {args.repeat}"
                      f" x {args.games} games)")
    elif args.what == "decisions":
        for ai in args.ai or ["heuristic"]:
            times = sorted(decision_times(ai, args.games))
            pct = {q: 1000 * times[min(len(times) - 1, int(q * len(times)))] for q in (0.5, 0.95, 0.99)}
            print(f"raiders {ai:>9}: {len(times)} decisions in {2 * args.games} games: median"
                  f" {pct[0.5]:.2f} ms, p95 {pct[0.95]:.1f} ms, p99 {pct[0.99]:.1f} ms,"
                  f" max {1000 * times[-1]:.0f} ms (CPU)")
    elif args.what == "strength":
        strength(args.games, args.jobs)
    else:
        split(args.repeat)


if __name__ == "__main__":
    main()
