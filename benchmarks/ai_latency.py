"""How long an AI (the heuristic by default) takes to answer one decision, for every ruleset (the board's wait).

    python benchmarks/ai_latency.py                        # 10 seeded games per ruleset
    python benchmarks/ai_latency.py --games 20 --ruleset raiders --kinds 8
    python benchmarks/ai_latency.py --games 100 --ruleset arcworlde --ai random

Heuristic against heuristic between each ruleset's two first sample lists, seeds 0..N-1, with
the event log on (as the board plays). Each decision a controller answers is timed (wall clock,
``time.perf_counter``): building the player's view and the AI's ``decide``; one-option decisions
the engine answers itself are not counted. Prints per ruleset the median, p95 and max over all
decisions (and the same in CPU time of this process, which other processes do not
inflate), the issue's targets (p95 under 0.5 s, median under 10 ms), and the decision kinds
with the highest p95 CPU time, so a slow one can be named.

Wall clock on a shared machine includes time other processes take: run it on a quiet machine,
or read the max with care.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from typing import Any

from warband.core import registry
from warband.core.controller import controller_rng

P95_TARGET = 0.5
MEDIAN_TARGET = 0.010


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def decision_times(ruleset: str, games: int, ai: str = "heuristic"
                   ) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Seconds per AI decision over ``games`` seeded games, by decision kind: wall clock, and
    CPU time of this process."""
    rs = registry.get(ruleset)
    paths = list(rs.sample_lists())
    lists = [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]
    factory = rs.controllers()[ai]
    by_kind: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    for seed in range(games):
        game = rs.new_game(lists, seed)
        controllers: dict[int, Any] = {0: factory(), 1: factory()}
        rngs = {p: controller_rng(seed, p) for p in controllers}
        while game.pending() is not None:
            for player in game.waiting_for():
                decision = game.decision_for(player)
                assert decision is not None
                start, start_cpu = time.perf_counter(), time.process_time()
                choice = controllers[player].decide(game.view(player), decision, rngs[player])
                by_kind[decision.kind].append(time.perf_counter() - start)
                cpu[decision.kind].append(time.process_time() - start_cpu)
                game.apply(player, choice)
    return by_kind, cpu


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--ruleset", action="append", help="only these rulesets (repeatable)")
    parser.add_argument("--kinds", type=int, default=3, help="slowest decision kinds to list")
    parser.add_argument("--ai", default="heuristic", help="the AI on both sides")
    args = parser.parse_args()
    print(f"{'ruleset':<14} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}  "
          f"targets (p95 < {P95_TARGET * 1000:.0f} ms, median < {MEDIAN_TARGET * 1000:.0f} ms)")
    for name in registry.available():
        if args.ruleset and name not in args.ruleset:
            continue
        if args.ai not in registry.get(name).controllers():
            continue
        decision_times(name, 1, args.ai)  # warm up: content, exact dice tables
        by_kind, cpu_by_kind = decision_times(name, args.games, args.ai)
        every = [t for ts in by_kind.values() for t in ts]
        cpu = [t for ts in cpu_by_kind.values() for t in ts]
        median, p95 = statistics.median(every), pct(every, 0.95)
        met = "met" if p95 < P95_TARGET and median < MEDIAN_TARGET else "MISSED"
        print(f"{name:<14} {len(every):>9} {ms(median):>10} {ms(p95):>8} {ms(max(every)):>8}  "
              f"{met}; CPU time: median {ms(statistics.median(cpu))}, p95 {ms(pct(cpu, 0.95))}, "
              f"max {ms(max(cpu))} ms")
        slow = sorted(cpu_by_kind, key=lambda k: -pct(cpu_by_kind[k], 0.95))[:args.kinds]
        for kind in slow:
            ts, cs = by_kind[kind], cpu_by_kind[kind]
            print(f"  {kind:<16} {len(ts):>5} decisions: median {ms(statistics.median(ts))} ms, "
                  f"p95 {ms(pct(ts, 0.95))} ms, max {ms(max(ts))} ms; CPU p95 "
                  f"{ms(pct(cs, 0.95))} ms, max {ms(max(cs))} ms")


if __name__ == "__main__":
    main()
