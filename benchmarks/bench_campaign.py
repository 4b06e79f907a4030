"""Time of a campaign battle plus its After Action Report (docs/performance.md, Campaigns).

Two campaigns of one ruleset (default The Sword Marches) on a fresh SQLite file fight N
battles (heuristic AI, both reports applied in one transaction each); prints the median and mean
wall time per `battle` command, and the time of `verify` (re-deriving every report from its
record).

    python benchmarks/bench_campaign.py [N] [RULESET]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from warband.campaign.core import CampaignError
from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry

#: the two bundled lists each ruleset's campaigns start from
PAIRS = {"sword-marches": ("ashen-company.yaml", "greyrun-wardens.yaml"),
         "dwethia": ("sol-vanguard.yaml", "void-reavers.yaml"),
         "arcworlde": ("sheriffs-posse.yaml", "ironjaw-mob.yaml"),
         "raiders": ("ashen-warband.yaml", "border-raiders.yaml")}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    ruleset = sys.argv[2] if len(sys.argv) > 2 else "sword-marches"
    rs = registry.get(ruleset)
    lists = {p.name: p for p in rs.sample_lists()}
    first, second = PAIRS[ruleset]
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'bench.db'}")
        camps = Campaigns(store)
        camps.new("a", ruleset, lists[first])
        camps.new("b", ruleset, lists[second])
        times = []
        for i in range(n):
            t = time.perf_counter()
            try:
                camps.battle("a", "b", seed=i)
            except CampaignError as exc:  # a warband too small to take the field: stop here
                print(f"stopped after {i} battles: {exc}")
                break
            times.append(time.perf_counter() - t)
        n = len(times)
        t = time.perf_counter()
        problems = camps.verify("a")
        verify = time.perf_counter() - t
        store.close()
    print(f"{ruleset}: {n} battles (battle + both reports, one transaction): median"
          f" {statistics.median(times):.2f} s, mean {statistics.mean(times):.2f} s")
    print(f"verify (re-derive {n} reports from their records): {verify:.2f} s"
          f" ({problems if problems else 'ok'})")


if __name__ == "__main__":
    main()
