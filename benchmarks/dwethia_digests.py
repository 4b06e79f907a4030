"""Dwethia Heroes: event digests of seeded games, to check a speed change plays the same games.

    python benchmarks/dwethia_digests.py [games] [-o arena=rooftops] [--random] > digests.txt

Seed ``i`` plays forces ``i % 4`` and ``(i + 1) % 4`` (the benchmark's cycle), heuristic
against heuristic for even seeds, heuristic against random for odd ones (``--random``: random
against random for every seed), one line per game: the seed and the digest of every event (the
event log on, as ``--replay`` records it). ``-o NAME=VALUE`` sets a game option (repeatable:
``arena=rooftops``, ``arena=placed``). Compare the files from before and after a change
(``diff``): any difference is a different game. Run it with ``PYTHONPATH=/work/base/src`` (or
any older checkout's ``src``) for the digests of the code before the change.
"""

from __future__ import annotations

import argparse

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("-o", dest="options", action="append", default=[],
                        help="a game option NAME=VALUE (repeatable)")
    parser.add_argument("--random", action="store_true", help="random against random")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.options)
    rs = registry.get("dwethia")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    heuristic = rs.controllers()["heuristic"]
    for seed in range(args.games):
        game = rs.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed, options or None,
                           track_digest=True)
        if args.random:
            seats = {0: RandomController(), 1: RandomController()}
        else:
            seats = {0: heuristic(), 1: heuristic() if seed % 2 == 0 else RandomController()}
        play(game, seats, seed)
        print(seed, game.digest, flush=True)


if __name__ == "__main__":
    main()
