"""Time of a campaign battle plus its After Action Report (docs/performance.md, Campaigns).

Two Sword Marches campaigns on a fresh SQLite file fight N battles (heuristic AI, both reports
applied in one transaction each); prints the median and mean wall time per `battle` command,
and the time of `verify` (re-deriving every report from its record).

    python benchmarks/bench_campaign.py [N]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    lists = {p.name: p for p in registry.get("sword-marches").sample_lists()}
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'bench.db'}")
        camps = Campaigns(store)
        camps.new("a", "sword-marches", lists["ashen-company.yaml"])
        camps.new("b", "sword-marches", lists["greyrun-wardens.yaml"])
        times = []
        for i in range(n):
            t = time.perf_counter()
            camps.battle("a", "b", seed=i)
            times.append(time.perf_counter() - t)
        t = time.perf_counter()
        problems = camps.verify("a")
        verify = time.perf_counter() - t
        store.close()
    print(f"{n} battles (battle + both reports, one transaction): median"
          f" {statistics.median(times):.2f} s, mean {statistics.mean(times):.2f} s")
    print(f"verify (re-derive {n} reports from their records): {verify:.2f} s"
          f" ({problems if problems else 'ok'})")


if __name__ == "__main__":
    main()
