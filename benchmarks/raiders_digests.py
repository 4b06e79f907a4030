"""Same seeds, same games: digests of seeded Raiders of Arcana games, to compare two versions.

    python benchmarks/raiders_digests.py --ai heuristic --games 60 > new.txt
    PYTHONPATH=/path/to/old/src python benchmarks/raiders_digests.py --ai heuristic --games 60 > old.txt
    diff old.txt new.txt

One line per game: AI, scenario, seed, the record digest of the game played with its event log
on (header, every event and every decision), and a digest of the decisions and outcome of the
same game played with the log off (as the simulator plays it), so that a speed-up that only
applies when nobody reads the log is checked too.
"""

from __future__ import annotations

import argparse
import hashlib

from warband.core import registry
from warband.core.controller import play
from warband.core.events import canonical_json

SCENARIOS = ("meeting-engagement", "battle-lines")


def game_digests(ai: str, scenario: str, seed: int) -> tuple[str, str]:
    rs = registry.get("raiders")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    factory = rs.controllers()[ai]
    logged = rs.new_game(lists, seed, {"scenario": scenario}, track_digest=True)
    play(logged, {0: factory(), 1: factory()}, seed)
    quiet = rs.new_game(lists, seed, {"scenario": scenario}, log_events=False)
    outcome = play(quiet, {0: factory(), 1: factory()}, seed)
    played = [(d.player, d.kind, quiet.codec.encode(d.choice)) for d in quiet.history]
    summary = canonical_json({"decisions": played, "outcome": outcome.to_json()})
    return logged.digest, hashlib.sha256(summary.encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ai", default="heuristic")
    parser.add_argument("--games", type=int, default=20, help="seeds 0..N-1 per scenario")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    args = parser.parse_args()
    for scenario in SCENARIOS:
        for seed in range(args.first, args.first + args.games):
            logged, quiet = game_digests(args.ai, scenario, seed)
            print(f"{args.ai} {scenario} {seed} {logged} {quiet}", flush=True)


if __name__ == "__main__":
    main()
