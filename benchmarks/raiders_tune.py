"""Raiders of Arcana: tune the heuristic against itself (an experiment harness, not a benchmark).

    python benchmarks/raiders_tune.py VARIANT [--games 100] [--first 10000] [--jobs 2]
    python benchmarks/raiders_tune.py --list

Plays ``VARIANT`` (a set of knob values on :class:`Tuned`, below) against ``heuristic-full``
over seeded games in each scenario (Meeting Engagement and Battle Lines), the variant side A in
even games and side B in odd ones; prints W-L-D with the Wilson 95% interval of the score
(draws half) per scenario and pooled, and the AI's CPU time per decision and decisions per game
of each side. Tune on seeds >= 10000 and measure on 0-399 (held out).

The knobs are ``heuristic-full``'s weights (the defaults play exactly its games); a variant
overrides some (``T`` is the default ``heuristic``'s, and plays its games). Pure Python only (the subclass lives here, not in the compiled package).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ai_strength import wilson  # a sibling script (benchmarks/ is on the path)

from warband.core import registry
from warband.core.controller import play

SCENARIOS = ("meeting-engagement", "battle-lines")

#: variants: knob values differing from ``heuristic-full``'s
VARIANTS: dict[str, dict[str, Any]] = {
    "same": {},
    # screening, one knob at a time
    "mt08": {"mt": 0.8}, "mt03": {"mt": 0.3},
    "ma05": {"ma": 0.5}, "ma12": {"ma": 1.2},
    "rt06": {"rt": 0.6}, "rt13": {"rt": 1.3},
    "ra03": {"ra": 0.3}, "ra10": {"ra": 1.0},
    "pass04": {"pass_below": 0.4}, "pass15": {"pass_below": 1.5},
    "run0": {"run": 0.0}, "run1": {"run": 1.0},
    "ready1": {"ready": 1.0}, "ready3": {"ready": 3.0},
    "sp0": {"sp": 0.0}, "sp03": {"sp": 0.3},
    "tire2": {"tire_d": 0.7, "tire_n": 0.08, "tire1_d": 2.0, "tire1_n": 0.4},
    "tire05": {"tire_d": 0.25, "tire_n": 0.02, "tire1_d": 0.5, "tire1_n": 0.1},
    # speed cuts (session 6 measured them against the present weights)
    "q2": {"quick": 2, "shortlist": 1}, "q3": {"quick": 3, "shortlist": 1},
    "q3s2": {"quick": 3, "shortlist": 2},
    "e1q3": {"est": 1, "quick": 3, "shortlist": 1}, "e2q3": {"est": 2, "quick": 3, "shortlist": 1},
    "e1": {"est": 1}, "e2": {"est": 2},
    "mt02": {"mt": 0.2}, "mt0": {"mt": 0.0}, "mt03ma10": {"mt": 0.3, "ma": 1.0},
    "mt03e1q3": {"mt": 0.3, "est": 1, "quick": 3, "shortlist": 1},
    "mt03e2q3": {"mt": 0.3, "est": 2, "quick": 3, "shortlist": 1},
    "mt03q3": {"mt": 0.3, "quick": 3, "shortlist": 1},
    "mt03mm2": {"mt": 0.3, "max_moves": 2},
    "mt0q3": {"mt": 0.0, "quick": 3, "shortlist": 1},
    "mt03q2": {"mt": 0.3, "quick": 2, "shortlist": 1},
    "mt03q1": {"mt": 0.3, "quick": 1, "shortlist": 1},
    "mt0q2": {"mt": 0.0, "quick": 2, "shortlist": 1},
    "mt0q1": {"mt": 0.0, "quick": 1, "shortlist": 1},
    "mt0q3ma10": {"mt": 0.0, "quick": 3, "shortlist": 1, "ma": 1.0},
    "mt0q3rt06": {"mt": 0.0, "quick": 3, "shortlist": 1, "rt": 0.6},
    "mt0q3run0": {"mt": 0.0, "quick": 3, "shortlist": 1, "run": 0.0},
    "mt0q3pass04": {"mt": 0.0, "quick": 3, "shortlist": 1, "pass_below": 0.4},
    "mt0q3mm3": {"mt": 0.0, "quick": 3, "shortlist": 1, "max_moves": 3},
    "mt0q3m1": {"mt": 0.0, "quick": 3, "shortlist": 1, "margin": 1.0},
    "mt0q3rt03": {"mt": 0.0, "quick": 3, "shortlist": 1, "rt": 0.3},
    "mt0q3rt0": {"mt": 0.0, "quick": 3, "shortlist": 1, "rt": 0.0},
    "mt0q3rt06pass04": {"mt": 0.0, "quick": 3, "shortlist": 1, "rt": 0.6, "pass_below": 0.4},
    "T": {"mt": 0.0, "rt": 0.3, "quick": 3, "shortlist": 1},
    "Tmm3": {"mt": 0.0, "rt": 0.3, "quick": 3, "shortlist": 1, "max_moves": 3},
    "Tmm2": {"mt": 0.0, "rt": 0.3, "quick": 3, "shortlist": 1, "max_moves": 2},
    "Tmm1": {"mt": 0.0, "rt": 0.3, "quick": 3, "shortlist": 1, "max_moves": 1},
    "sl1": {"shortlist": 1}, "mm2": {"max_moves": 2}, "mm1sl1": {"max_moves": 1, "shortlist": 1},
}


class _Timed:
    def __init__(self, inner: Any) -> None:
        self.inner, self.name = inner, inner.name
        self.cpu = 0.0
        self.decisions = 0

    def decide(self, view: Any, decision: Any, rng: Any) -> Any:
        start = time.process_time()
        answer = self.inner.decide(view, decision, rng)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return answer


def make(variant: str) -> Any:
    """The controller for ``variant``: a registered name, or a key of :data:`VARIANTS`."""
    rs = registry.get("raiders")
    factories = rs.controllers()
    if variant in factories:
        return factories[variant]()
    from raiders_tuned import Tuned  # noqa: PLC0415 (beside this script)
    return Tuned(**VARIANTS[variant])


def one(args: tuple[str, str, str, int]) -> tuple[str, int, float | None, float, int, float, int]:
    """One game: (scenario, seed, variant's score, its cpu, decisions, the other's cpu,
    decisions)."""
    variant, other, scenario, seed = args
    rs = registry.get("raiders")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    side = seed % 2
    a, b = _Timed(make(variant)), _Timed(make(other))
    outcome = play(rs.new_game(lists, seed, {"scenario": scenario}, log_events=False),
                   {side: a, 1 - side: b}, seed)
    score = 0.5 if outcome.winner is None else float(outcome.winner == side)
    return scenario, seed, score, a.cpu, a.decisions, b.cpu, b.decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?")
    parser.add_argument("--against", default="heuristic-full")
    parser.add_argument("--games", type=int, default=100, help="per scenario")
    parser.add_argument("--first", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list or not args.variant:
        for name, knobs in VARIANTS.items():
            print(name, knobs)
        return
    work = [(args.variant, args.against, s, seed) for s in SCENARIOS
            for seed in range(args.first, args.first + args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, work, chunksize=4))
    pooled: list[float] = []
    cpu = [0.0, 0.0]
    dec = [0, 0]
    for scenario in SCENARIOS:
        rows = [r for r in results if r[0] == scenario]
        scores = [r[2] for r in rows if r[2] is not None]
        pooled += scores
        w = sum(1 for s in scores if s == 1.0)
        lo = sum(1 for s in scores if s == 0.0)
        d = len(scores) - w - lo
        low, high = wilson(sum(scores), len(scores))
        print(f"  {scenario}: {w}-{lo}-{d} of {len(scores)}, {sum(scores) / len(scores):.1%}"
              f" ({low:.1%}-{high:.1%})")
        for r in rows:
            cpu[0] += r[3]
            dec[0] += r[4]
            cpu[1] += r[5]
            dec[1] += r[6]
    low, high = wilson(sum(pooled), len(pooled))
    n = len(results)
    print(f"{args.variant} vs {args.against}: {sum(pooled) / len(pooled):.1%} ({low:.1%}-{high:.1%})"
          f" of {len(pooled)}; AI cpu ms/game {1000 * cpu[0] / n:.1f} vs {1000 * cpu[1] / n:.1f}"
          f" (ratio {cpu[1] / max(cpu[0], 1e-9):.2f}); decisions/game {dec[0] / n:.0f} vs"
          f" {dec[1] / n:.0f}; ms/decision {1000 * cpu[0] / max(dec[0], 1):.2f} vs"
          f" {1000 * cpu[1] / max(dec[1], 1):.2f}", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    main()
