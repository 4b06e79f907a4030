"""Same seeds, same games: digests of many seeded AI games, to compare two versions of the code.

    python benchmarks/game_digests.py --ruleset arcworlde --ai heuristic --games 200 > new.txt
    PYTHONPATH=/path/to/old/src python benchmarks/game_digests.py ... > old.txt
    diff old.txt new.txt
    python benchmarks/game_digests.py --lists sheriffs-posse ironjaw-mob hedge-coven   # 3 sides

Each line is ``ruleset ai seed events-digest decisions-digest``: the first digest covers every
event of the game played with the event log on; the second covers every decision's encoded
choice of the same seed played with the log off (as the simulator and ``bench_games.py`` play),
so a speed change that only applies when nobody reads the log is checked too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ai_strength import game_options  # a sibling script (benchmarks/ is on the path)

from warband.core import registry
from warband.core.controller import play
from warband.core.events import EventDigest


def digests(ruleset: str, ai: str, seed: int, options: Mapping[str, Any] | None = None,
            names: Sequence[str] = ()) -> tuple[str, str]:
    """The event digest (log on) and the decision digest (log off) of one seeded game between
    the lists ``names`` (shipped list names or paths; default the first two sample lists)."""
    rs = registry.get(ruleset)
    if names:
        shipped = Path(rs.content_dir) / "lists"
        paths = [shipped / f"{n}.yaml" if (shipped / f"{n}.yaml").exists() else Path(n)
                 for n in names]
    else:
        paths = list(rs.sample_lists())
        paths = [paths[0], paths[1 % len(paths)]]
    lists = [rs.load_list(p) for p in paths]
    factory = rs.controllers()[ai]
    game = rs.new_game(lists, seed, options)
    play(game, {side: factory() for side in range(len(lists))}, seed)
    events = EventDigest()
    events.update(game.events)
    quiet = rs.new_game(lists, seed, options, log_events=False)
    play(quiet, {side: factory() for side in range(len(lists))}, seed)
    choices = hashlib.sha256()
    for rec in quiet.history:
        choices.update(json.dumps([rec.player, rec.kind, quiet.codec.encode(rec.choice)],
                                  sort_keys=True, default=str).encode())
    return events.hexdigest(), choices.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="arcworlde")
    parser.add_argument("--ai", action="append", help="AI name (repeatable); default heuristic and random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (value read as JSON when it parses), repeatable")
    parser.add_argument("--lists", nargs="+", default=[], metavar="LIST",
                        help="the sides' lists (names of shipped lists, or paths), two or more;"
                             " default: the first two sample lists")
    args = parser.parse_args()
    options = game_options(args.option)  # the same -o as ai_strength.py
    for ai in args.ai or ["heuristic", "random"]:
        for seed in range(args.first, args.first + args.games):
            ev, dec = digests(args.ruleset, ai, seed, options or None, args.lists)
            print(args.ruleset, ai, seed, ev, dec, flush=True)


if __name__ == "__main__":
    main()
