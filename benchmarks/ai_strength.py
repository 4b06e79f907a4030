"""Win rates between AIs over seeded games (a measurement, not a speed benchmark).

    python benchmarks/ai_strength.py --ruleset arcworlde --a heuristic --b random --games 200
    python benchmarks/ai_strength.py --ruleset armies --games 200 -o scenario=hold-the-hill
    python benchmarks/ai_strength.py --b rogue --lists hedge-coven shaman-mob -o narrative_feats=true
    python benchmarks/ai_strength.py --a heuristic --b heuristic-s9 --games 800 --first 5000
    python benchmarks/ai_strength.py --b heuristic-s9 --games 150 --lists sheriffs-posse ironjaw-mob hedge-coven

Sides alternate: in odd games the AIs swap warbands, so neither AI always has the same list.
With three or more ``--lists``, ``--a`` plays one side alone against ``--b`` on the others,
its side rotating game by game (par: one game in as many as there are sides). ``--first``
sets the first seed (hold tuning seeds and measuring seeds apart).
Prints wins, draws and the win rate of ``--a`` with a 95% Wilson interval, overall and by the
side ``--a`` played. ``-o NAME=VALUE`` passes a game option (values read as JSON when they
parse, else as text).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from warband.core import registry
from warband.core.controller import play


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def game_options(items: list[str]) -> dict[str, Any]:
    """``-o NAME=VALUE`` arguments as game options (a value read as JSON when it parses, else
    as text)."""
    options: dict[str, Any] = {}
    for item in items:
        name, _, text = item.partition("=")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="arcworlde")
    parser.add_argument("--a", default="heuristic")
    parser.add_argument("--b", default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--lists", nargs="+", metavar="LIST",
                        help="two or more lists (paths, or names of lists shipped with the ruleset);"
                             " default: the first two sample lists")
    args = parser.parse_args()
    options = game_options(args.option)
    rs = registry.get(args.ruleset)
    paths = list(rs.sample_lists())
    if args.lists:
        shipped = Path(rs.content_dir) / "lists"
        paths = [shipped / f"{n}.yaml" if (shipped / f"{n}.yaml").exists() else Path(n)
                 for n in args.lists]
    if args.lists:
        lists = [rs.load_list(p) for p in paths]
    else:
        lists = [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]
    sides = len(lists)
    factories = rs.controllers()
    a_wins = b_wins = draws = 0
    by_side = [[0, 0] for _ in range(sides)]  # games and wins of --a, by the side it played
    for seed in range(args.first, args.first + args.games):
        a_side = (seed - args.first) % sides
        ctl = {side: factories[args.a if side == a_side else args.b]() for side in range(sides)}
        outcome = play(rs.new_game(lists, seed, options, log_events=False), ctl, seed)
        by_side[a_side][0] += 1
        if outcome.winner is None:
            draws += 1
        elif outcome.winner == a_side:
            a_wins += 1
            by_side[a_side][1] += 1
        else:
            b_wins += 1
    low, high = wilson(a_wins, args.games)
    print(f"{args.ruleset}: {args.a} vs {args.b} over {args.games} games: "
          f"{a_wins} wins, {b_wins} losses, {draws} draws; "
          f"{args.a} win rate {a_wins / args.games:.1%} (95% CI {low:.1%}-{high:.1%})")
    for side, (games, wins) in enumerate(by_side):
        if games:
            lo, hi = wilson(wins, games)
            print(f"  as side {'ABCD'[side]}: {wins} of {games} ({wins / games:.1%},"
                  f" 95% CI {lo:.1%}-{hi:.1%})")


if __name__ == "__main__":
    main()
