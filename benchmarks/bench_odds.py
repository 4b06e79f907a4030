"""Benchmark of the odds engine: median time per query in process, and CLI start-up time.

Run from the repository root (with the package installed)::

    python benchmarks/bench_odds.py            # markdown tables
    python benchmarks/bench_odds.py --quick    # fewer repetitions

"cold" clears every memo cache of the rulesets' mechanics modules before each call (the cost
of a first question); "warm" repeats the same call (what an AI asking again pays). The CLI
figures are the wall and CPU (user + system) time of a whole ``warband odds ... --json``
process; CPU time is the steadier figure on a busy machine.
"""

from __future__ import annotations

import argparse
import importlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from warband import odds

#: the issue's target sizes (Power up to 12, up to 10 dice) plus the largest values each query
#: accepts, to show that no accepted input hangs
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("arcworlde", "attack", {"power": 12, "armour": 2, "defence": "advantage", "rerolls": 2,
                             "defence_rerolls": 1}),
    ("arcworlde", "attack", {"power": 12, "armour": 1, "crit_ignores_armour": True}),
    ("arcworlde", "feat", {"ap": 10, "difficulty": "legendary", "advantage": True}),
    ("arcworlde", "bravery", {"bravery": 7, "advantage": True}),
    ("arcworlde", "legit", {"attempts": 6, "agile": True}),
    ("arcworlde", "spell", {"level": 17, "max_draws": 4}),
    ("arcworlde", "spell", {"level": 21, "max_draws": 5}),
    ("sword-marches", "attack", {"attacker_cbt": 5, "attacker_dice": 10, "defender_cbt": 4,
                                 "defender_dice": 10, "shield": True, "damage": 4, "con": 4,
                                 "arm": 6, "threshold": 6, "attacker_tactical": "attack",
                                 "counter_damage": 3, "attacker_con": 3}),
    ("sword-marches", "attack", {"attacker_cbt": 4, "defender_cbt": 4, "shield": True,
                                 "attacker_reroll": True, "damage": 3, "con": 3, "arm": 3,
                                 "counter_damage": 3, "attacker_con": 3}),
    ("sword-marches", "check", {"rating": 4, "difficulty": 5, "dice": 10, "tactical": True,
                                "reroll": True}),
    ("sword-marches", "damage", {"damage": 4, "bonus": 3, "con": 3, "arm": 12,
                                 "damage_tactical": True, "resistance_tactical": True}),
    ("dwethia", "attack", {"dice": 10, "attacker_arv": 5, "defender_arv": 4, "strength": 4,
                           "defence": 3, "save": 5, "destiny": 10}),
    ("dwethia", "attack", {"dice": 10, "attacker_arv": 4, "defender_arv": 5, "strength": 3,
                           "defence": 4, "save": 4, "destiny": 10, "goal": 3}),
    ("dwethia", "shoot", {"shots": 10, "perception": 3, "strength": 2, "defence": 4, "save": 5,
                          "destiny": 10}),
    ("dwethia", "resist", {"affinity": 4, "faith": 2, "affinity_destiny": 1,
                           "faith_destiny": 6}),
    ("armies", "hit", {"skill": 4, "attacks": 10, "missile": True, "range": "long",
                       "armour": 4, "strength": 1}),
    ("armies", "save", {"armour": 5, "strength": 2}),
    ("armies", "scatter", {"skill": 3, "d3s": 10}),
    ("raiders", "cast", {"difficulty": 4, "mr": 1, "power": 2, "counter": True,
                         "counter_power": 10}),
]

LIMITS: list[tuple[str, str, dict[str, Any]]] = [
    ("arcworlde", "attack", {"power": 30, "armour": 3, "defence": "advantage", "rerolls": 30,
                             "defence_rerolls": 6}),
    ("arcworlde", "feat", {"ap": 30, "successes": 60, "advantage": True}),
    ("arcworlde", "spell", {"level": 21, "max_draws": 20}),
    ("sword-marches", "attack", {"attacker_cbt": 30, "attacker_dice": 10, "defender_cbt": 30,
                                 "defender_dice": 10, "shield": True, "damage": 30, "con": 30,
                                 "arm": 30, "counter_damage": 30, "attacker_con": 30,
                                 "attacker_tactical": "attack", "defender_tactical": "defense"}),
    ("dwethia", "attack", {"dice": 30, "attacker_arv": 5, "defender_arv": 4, "strength": 4,
                           "defence": 3, "save": 5, "destiny": 20, "goal": 10}),
    ("armies", "hit", {"skill": 4, "attacks": 60, "armour": 4, "strength": 1}),
    ("armies", "scatter", {"skill": 3, "d3s": 20}),
    ("raiders", "cast", {"difficulty": 1, "mr": 0, "power": 10, "acolytes": 4, "counter": True,
                         "counter_power": 10, "counter_acolytes": 4}),
]


def _clear_caches(ruleset: str) -> None:
    module = importlib.import_module(f"warband.rulesets.{ruleset.replace('-', '_')}.mechanics")
    for obj in vars(module).values():
        clear = getattr(obj, "cache_clear", None)
        if callable(clear):
            clear()


def _median_ms(fn: Callable[[], object], repeat: int, before: Callable[[], None] | None) -> float:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _label(values: dict[str, Any]) -> str:
    return " ".join(f"--{k.replace('_', '-')}" + ("" if v is True else f" {v}")
                    for k, v in values.items())


def bench_queries(cases: list[tuple[str, str, dict[str, Any]]], repeat: int) -> None:
    print("| query | options | cold median (ms) | warm median (ms) |")
    print("|---|---|---:|---:|")
    for ruleset, name, values in cases:
        query = odds.get_query(ruleset, name)
        params = query.validate(values)

        def call(q: Any = query, p: Any = params) -> object:
            return q.compute(p)

        cold = _median_ms(call, repeat, lambda r=ruleset: _clear_caches(r))
        warm = _median_ms(call, repeat, None)
        print(f"| {ruleset} {name} | `{_label(values)}` | {cold:.2f} | {warm:.3f} |")


def _warband_script() -> str | None:
    """The ``warband`` script installed for this interpreter. A ``warband`` found first on the
    PATH may be a version manager's shim (pyenv's is a bash script that adds ~60 ms)."""
    beside = os.path.join(os.path.dirname(sys.executable), "warband")
    return beside if os.access(beside, os.X_OK) else shutil.which("warband")


def bench_cli(repeat: int) -> None:
    exe = _warband_script()
    if exe is None:
        print("(the warband command is not installed: pip install -e .)")
        return
    commands = [
        ["arcworlde", "attack", "--power", "5", "--armour", "1"],
        ["sword-marches", "check", "--rating", "4", "--difficulty", "5"],
        ["dwethia", "resist", "--affinity", "4", "--faith", "2"],
        ["armies", "save", "--armour", "5", "--strength", "2"],
    ]
    print("| command | wall median (s) | wall min (s) | CPU median (s) | CPU min (s) |")
    print("|---|---:|---:|---:|---:|")
    baseline = [sys.executable, "-c", "pass"]
    for label, argv in [("python -c pass (interpreter alone)", baseline)] + [
            (f"warband odds {' '.join(c)} --json", [exe, "odds", *c, "--json"])
            for c in commands]:
        walls, cpus = [], []
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        print(f"| `{label}` | {statistics.median(walls):.3f} | {min(walls):.3f} | "
              f"{statistics.median(cpus):.3f} | {min(cpus):.3f} |")
    print(f"\n(script: {exe}; load average while measuring: {os.getloadavg()[0]:.2f}"
          f" on {os.cpu_count()} CPUs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeat, cli_repeat = (5, 5) if args.quick else (21, 21)
    print("## Queries at the issue's sizes\n")
    bench_queries(CASES, repeat)
    print("\n## Queries at the largest accepted values\n")
    bench_queries(LIMITS, 3)
    print("\n## CLI start-up\n")
    bench_cli(cli_repeat)


if __name__ == "__main__":
    main()
