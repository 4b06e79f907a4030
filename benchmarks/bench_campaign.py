"""Time of a campaign battle plus its After Action Report (docs/performance.md, Campaigns).

Two campaigns of one ruleset on a fresh SQLite file fight N battles (both reports applied in
one transaction each). Each `battle` command is split into its parts, timed separately:

* read: load both campaigns and fold their logs into rosters (grows with the log);
* game: the AI battle itself;
* reports: both After Action Reports computed from the finished game;
* commit: both steps appended in one transaction.

Prints the median of each part over the N battles, the whole command's median, the read time
at the first and the last battle (how the fold grows with the campaign), and `verify`
(re-deriving every report from its record).

    python benchmarks/bench_campaign.py [N] [RULESET] [--ai AI]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from warband.campaign import service
from warband.campaign.core import CampaignError, rules_for
from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry

#: the two bundled lists each ruleset's campaigns start from
PAIRS = {"sword-marches": ("ashen-company.yaml", "greyrun-wardens.yaml"),
         "dwethia": ("sol-vanguard.yaml", "void-reavers.yaml"),
         "arcworlde": ("sheriffs-posse.yaml", "ironjaw-mob.yaml"),
         "raiders": ("ashen-warband.yaml", "border-raiders.yaml")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=10)
    ap.add_argument("ruleset", nargs="?", default="sword-marches", choices=sorted(PAIRS))
    ap.add_argument("--ai", default="heuristic")
    args = ap.parse_args()
    lists = {p.name: p for p in registry.get(args.ruleset).sample_lists()}
    rules: Any = rules_for(args.ruleset)
    parts: dict[str, list[float]] = {"read": [], "game": [], "reports": [], "commit": []}
    whole: list[float] = []

    # time the parts by wrapping what the command calls (the command itself is unchanged)
    real_play, real_after = getattr(service, "play"), rules.after_action  # noqa: B009

    def timed_play(*a: Any, **k: Any) -> Any:
        t = time.perf_counter()
        try:
            return real_play(*a, **k)
        finally:
            parts["game"][-1] += time.perf_counter() - t

    def timed_after(*a: Any, **k: Any) -> Any:
        t = time.perf_counter()
        try:
            return real_after(*a, **k)
        finally:
            parts["reports"][-1] += time.perf_counter() - t

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'bench.db'}")
        camps = Campaigns(store)
        first, second = PAIRS[args.ruleset]
        camps.new("a", args.ruleset, lists[first])
        camps.new("b", args.ruleset, lists[second])
        real_append = store.append_many

        def timed_append(*a: Any, **k: Any) -> Any:
            t = time.perf_counter()
            try:
                return real_append(*a, **k)
            finally:
                parts["commit"][-1] += time.perf_counter() - t

        setattr(service, "play", timed_play)  # noqa: B010
        rules.after_action = timed_after
        store.append_many = timed_append  # type: ignore[method-assign]
        try:
            for i in range(args.n):
                for v in parts.values():
                    v.append(0.0)
                t = time.perf_counter()
                try:
                    camps.battle("a", "b", ai=args.ai, seed=i)
                except CampaignError as exc:  # a warband too small to take the field
                    print(f"stopped after {i} battles: {exc}")
                    for v in parts.values():
                        v.pop()
                    break
                whole.append(time.perf_counter() - t)
                parts["read"][-1] = whole[-1] - sum(parts[k][-1] for k in
                                                    ("game", "reports", "commit"))
        finally:
            setattr(service, "play", real_play)  # noqa: B010
            rules.after_action = real_after
        t = time.perf_counter()
        problems = camps.verify("a")
        verify = time.perf_counter() - t
        actions = len(camps.load("a").actions)
        store.close()
    med = {k: statistics.median(v) * 1000 for k, v in parts.items()}
    n = len(whole)
    print(f"{args.ruleset}, {n} battles ({args.ai} AI), both reports applied each time;"
          " medians in ms:")
    print(f"  battle command {statistics.median(whole) * 1000:.0f} (mean"
          f" {statistics.mean(whole) * 1000:.0f}) = read {med['read']:.0f} + game"
          f" {med['game']:.0f} + reports {med['reports']:.1f} + commit {med['commit']:.1f}")
    print(f"  read (load + fold both logs): {parts['read'][1] * 1000:.0f} ms at the second"
          f" battle, {parts['read'][-1] * 1000:.0f} ms at battle {n}"
          f" ({actions} actions in the log)")
    print(f"  verify (re-derive {n} reports from their records): {verify:.2f} s"
          f" ({problems if problems else 'ok'})")


if __name__ == "__main__":
    main()
