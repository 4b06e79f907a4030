"""Simulator throughput: games per second for 1 and 2 workers, local pool and Ray.

Plays the ArcWorlde sample lists (Sheriff's Posse vs Ironjaw Mob) with the same master seed in
every configuration, checks that every configuration gets identical results, and prints a
Markdown table for docs/performance.md. Each configuration is measured ``--repeat`` times,
interleaved (so that a burst of load from elsewhere on the machine hits all of them alike), and
the table shows the median and the best run. Start-up (forking the pool, starting a local Ray
instance) is reported apart from play time; games/s counts play time only.

    python benchmarks/bench_sim.py                      # 200 heuristic games per run, 3 repeats
    python benchmarks/bench_sim.py --games 400 --ai random
    python benchmarks/bench_sim.py --no-ray             # local backend only
    python benchmarks/bench_sim.py --memory             # also: driver memory vs number of games
    python benchmarks/bench_sim.py --memory-only
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from warband.core import registry
from warband.sim import make_backend, make_matchup, run
from warband.sim.output import open_writer
from warband.sim.stats import Tally


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the local pool's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _measure(backend: str, workers: int, games: int, ai: str, seed: int) -> tuple[float, float, float | None, Tally]:
    """Games/s (play time), start-up seconds, CPU ms per game (local backend only: Ray's
    workers are not our children), and the tally."""
    rs = registry.get("arcworlde")
    matchup = make_matchup(rs, rs.sample_lists(), [ai, ai], seed, games)
    cpu = _cpu_seconds()
    result = run([matchup], make_backend(backend, workers))
    cpu_ms = 1000 * (_cpu_seconds() - cpu) / games if backend == "local" else None
    assert result.games == games and not result.interrupted
    return result.games_per_second, result.startup_s, cpu_ms, result.tallies[0]


def _spin(n: int) -> float:
    total = 0
    for i in range(n):
        total += i * i
    return float(total)


def _ceiling(n: int = 4_000_000) -> float:
    """The machine's own parallel speed-up right now: a pure-Python loop run twice in one
    process against once in each of two processes. On a quiet 2-core machine it is about 2.0;
    when other jobs share the cores it falls, and no simulator can beat it."""
    import multiprocessing

    start = time.perf_counter()
    _spin(n)
    _spin(n)
    serial = time.perf_counter() - start
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_spin, [1000, 1000])  # the processes are up before timing
        start = time.perf_counter()
        pool.map(_spin, [n, n])
        parallel = time.perf_counter() - start
    return serial / parallel


class _TraceFromStart:
    """Progress hook: start tracing the driver's allocations when the run starts, and note
    the memory in use after each batch (to compare the first and second half of the run)."""

    def __init__(self) -> None:
        self.samples: list[int] = []

    def start(self, total: int) -> None:
        tracemalloc.start()

    def advance(self, games: int) -> None:
        self.samples.append(tracemalloc.get_traced_memory()[0])


def _memory(games_list: list[int], ai: str, seed: int) -> list[dict[str, Any]]:
    """Peak memory allocated by the driver (tracemalloc) while 2 local workers play ``games``
    games in batches of 25 and every row is written to a CSV file: flat in the number of games
    (the rows in flight are bounded by the batch size and the number of workers)."""
    rs = registry.get("arcworlde")
    rows = []
    for games in games_list:
        matchup = make_matchup(rs, rs.sample_lists(), [ai, ai], seed, games)
        with tempfile.TemporaryDirectory() as folder:
            writer = open_writer(Path(folder) / "games.csv", [matchup])
            gc.collect()
            try:
                # A fixed batch size: what is held depends on it (and on the workers), not on N.
                # Tracing starts once the workers are forked (they must not inherit it).
                trace = _TraceFromStart()
                result = run([matchup], make_backend("local", 2), batch_size=25,
                             on_rows=writer.write, progress=trace)
                _, peak = tracemalloc.get_traced_memory()
            finally:
                tracemalloc.stop()
                writer.close()
        half = len(trace.samples) // 2
        rows.append({
            "games": result.games, "rows_written": writer.rows, "driver_peak_kib": peak // 1024,
            "first_half_max_kib": max(trace.samples[:half] or [0]) // 1024,
            "second_half_max_kib": max(trace.samples[half:] or [0]) // 1024,
        })
    return rows


def _print_memory(rows: list[dict[str, Any]]) -> None:
    print()
    print("| games | rows written | driver peak allocated (KiB) | in use after a batch, max over"
          " the first half (KiB) | same, second half (KiB) |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['games']} | {row['rows_written']} | {row['driver_peak_kib']} |"
              f" {row['first_half_max_kib']} | {row['second_half_max_kib']} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run")
    parser.add_argument("--ai", default="heuristic")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray backend")
    parser.add_argument("--memory", action="store_true", help="also measure driver memory vs games")
    parser.add_argument("--memory-only", action="store_true", help="only the memory figure")
    parser.add_argument("--memory-games", type=int, nargs="+", default=[1000, 4000],
                        help="run sizes for the memory figure (random AI)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    args = parser.parse_args()
    if args.memory_only:
        _print_memory(_memory(args.memory_games, "random", args.seed))
        return

    configs = [("local", 1), ("local", 2)]
    if not args.no_ray:
        configs += [("ray", 1), ("ray", 2)]
    rates: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
    startups: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
    cpu: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
    tallies: dict[tuple[str, int], Tally] = {}
    loads = []
    ceilings = []
    for _ in range(args.repeat):
        ceilings.append(_ceiling())
        for backend, workers in configs:
            loads.append(os.getloadavg()[0])
            rate, startup, cpu_ms, tally = _measure(backend, workers, args.games, args.ai, args.seed)
            rates[(backend, workers)].append(rate)
            if cpu_ms is not None:
                cpu[(backend, workers)].append(cpu_ms)
            startups[(backend, workers)].append(startup)
            tallies[(backend, workers)] = tally
            time.sleep(1)
    identical = all(t == tallies[configs[0]] for t in tallies.values())

    base = statistics.median(rates[("local", 1)])
    print(f"ArcWorlde sample lists, {args.ai} AI, {args.games} games per run, seed {args.seed},"
          f" {args.repeat} interleaved runs per row; {os.cpu_count()} CPUs;"
          f" 1-minute load average before runs {min(loads):.2f}-{max(loads):.2f};"
          f" the machine's own 2-process speed-up on a pure-Python loop (median of the rounds):"
          f" {statistics.median(ceilings):.2f}x")
    print()
    print("| backend | workers | games/s (median) | games/s (best) | speed-up vs local x1 (median) |"
          " start-up s | CPU ms per game |")
    print("|---|---|---|---|---|---|---|")
    for config in configs:
        med = statistics.median(rates[config])
        cpu_text = f"{statistics.median(cpu[config]):.0f}" if cpu[config] else "-"
        print(f"| {config[0]} | {config[1]} | {med:.1f} | {max(rates[config]):.1f} |"
              f" {med / base:.2f}x | {statistics.median(startups[config]):.2f} | {cpu_text} |")
    print()
    print(f"identical results in every configuration: {'yes' if identical else 'NO'}")
    out: dict[str, Any] = {
        "games": args.games, "ai": args.ai, "seed": args.seed, "identical": identical,
        "rates": {f"{b}x{w}": r for (b, w), r in rates.items()},
        "startup_s": {f"{b}x{w}": s for (b, w), s in startups.items()},
        "cpu_ms_per_game": {f"{b}x{w}": c for (b, w), c in cpu.items() if c},
        "load_average": loads,
        "machine_ceiling": ceilings,
    }
    if args.memory:
        out["memory"] = _memory(args.memory_games, "random", args.seed)
        _print_memory(out["memory"])
    if args.json:
        print(json.dumps(out))
    if not identical:
        raise SystemExit("results differ between configurations")


if __name__ == "__main__":
    main()
