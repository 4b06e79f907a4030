"""Every ruleset's games per second beside two well-known engines, in one run on one machine.

    python benchmarks/compare.py                  # about a minute; our figures always
    python benchmarks/compare.py --seconds 5 --repeat 3 --markdown
    python benchmarks/compare.py --setup          # make benchmarks/.venv for the references

For each registered ruleset: AI-vs-AI games per second on one core (CPU time of this process),
heuristic against heuristic and random against random, between its two first sample lists,
seeds 0, 1, 2... with the event log off (as the simulator plays them). Beside them, on the same
machine and in the same run: Catanatron's random players (4-player Catan games per second) and
python-chess random playouts from the start position (games per second), so that the ratios can
be compared across machines.

Catanatron and python-chess are not dependencies of warband: they live in the benchmark's own
environment, ``benchmarks/.venv`` (``--setup`` makes it from ``benchmarks/requirements.txt``).
If this interpreter cannot import them, the script runs that environment's interpreter for the
reference figures; without either it prints our figures and says what is missing.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import venv
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv"
REQUIREMENTS = HERE / "requirements.txt"
CATAN = "catanatron: random 4-player Catan games"
CHESS = "python-chess: random playouts"


def _venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


# ------------------------------------------------------------------------------ timing
def per_second(play_one: Callable[[int], object], seconds: float, least: int = 3,
               first: int = 0) -> float:
    """Games per CPU second: games ``first``, ``first + 1``... until ``seconds`` of CPU time
    (at least ``least`` games), after one warm-up game (content loading) on a seed never
    measured. Each round of ``--repeat`` starts where no earlier round played: a replayed game
    would find the shared table caches full and flatter the figure."""
    play_one(1_000_000)
    start = time.process_time()
    n = 0
    while n < least or time.process_time() - start < seconds:
        play_one(first + n)
        n += 1
    return n / (time.process_time() - start)


# ------------------------------------------------------------------------------ the references
def catan_game(seed: int) -> object:
    from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]

    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    return Game(players, seed=seed).play()


def chess_playout(seed: int) -> object:
    """Uniformly random legal moves from the start position until the game is over (mate,
    stalemate, insufficient material, the 75-move or fivefold repetition rule)."""
    import chess  # type: ignore[import-not-found]

    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board.result()


def reference_figures(seconds: float) -> dict[str, float | str]:
    """Games per second of each reference engine, or why it could not be measured."""
    out: dict[str, float | str] = {}
    for name, module, play_one in ((CATAN, "catanatron", catan_game),
                                   (CHESS, "chess", chess_playout)):
        try:
            __import__(module)
        except ImportError:
            out[name] = f"not installed ({module})"
            continue
        out[name] = per_second(play_one, seconds)
    return out


def references(seconds: float) -> dict[str, float | str]:
    """The reference figures from this interpreter, else from ``benchmarks/.venv``."""
    here = reference_figures(seconds)
    missing = [k for k, v in here.items() if isinstance(v, str)]
    python = _venv_python()
    if not missing or not python.exists() or Path(sys.prefix).resolve() == VENV.resolve():
        return here
    done = subprocess.run([str(python), __file__, "--references-only", "--seconds", str(seconds)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        for k in missing:
            here[k] = f"{here[k]}; {python} failed: {done.stderr.strip().splitlines()[-1:]}"
        return here
    there: dict[str, float | str] = json.loads(done.stdout)
    for k in missing:
        if not isinstance(there.get(k), str):
            here[k] = there[k]
    return here


# ------------------------------------------------------------------------------ our figures
def _one_game(rs: Any, lists: list[Any], factory: Any, play: Any, seed: int) -> object:
    game = rs.new_game(lists, seed, log_events=False)
    return play(game, {0: factory(), 1: factory()}, seed)


def ruleset_figures(seconds: float, only: list[str] | None, first: int = 0) -> dict[str, float]:
    from warband.core import registry
    from warband.core.controller import play

    out: dict[str, float] = {}
    for name in registry.available():
        if only and name not in only:
            continue
        rs = registry.get(name)
        paths = list(rs.sample_lists())
        lists = [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]
        for ai in ("heuristic", "random"):
            factory = rs.controllers().get(ai)
            if factory is None:
                continue

            out[f"{name}: {ai} v {ai}"] = per_second(
                functools.partial(_one_game, rs, lists, factory, play), seconds, first=first)
    return out


# ------------------------------------------------------------------------------ the report
def setup() -> None:
    """Make ``benchmarks/.venv`` with the reference engines (not warband's dependencies)."""
    if not _venv_python().exists():
        print(f"making {VENV}")
        venv.create(VENV, with_pip=True)
    subprocess.run([str(_venv_python()), "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)],
                   check=True)
    print(f"done: {VENV} has " + ", ".join(
        line.strip() for line in REQUIREMENTS.read_text().splitlines()
        if line.strip() and not line.startswith("#")))


def report(ours: dict[str, float], refs: dict[str, float | str], markdown: bool) -> None:
    catan, chess = refs.get(CATAN), refs.get(CHESS)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()} {platform.system()}, {os.cpu_count()} CPUs, "
          f"load average {load:.1f}; games per CPU second of one core")

    def ratio(v: float, ref: float | str | None) -> str:
        return f"{v / ref:.2f}" if isinstance(ref, float) and ref > 0 else "-"

    rows = [(k, v, ratio(v, catan), ratio(v, chess)) for k, v in ours.items()]
    for k in (CATAN, CHESS):
        v = refs.get(k)
        if isinstance(v, float):
            rows.append((k, v, ratio(v, catan), ratio(v, chess)))
    if markdown:
        print("| figure | games/s | x Catan | x chess |\n|---|---:|---:|---:|")
        for k, v, rc, rh in rows:
            print(f"| {k} | {v:.1f} | {rc} | {rh} |")
    else:
        print(f"{'figure':<44} {'games/s':>8} {'x Catan':>8} {'x chess':>8}")
        for k, v, rc, rh in rows:
            print(f"{k:<44} {v:8.1f} {rc:>8} {rh:>8}")
    for k in (CATAN, CHESS):
        v = refs.get(k)
        if isinstance(v, str):
            print(f"missing: {k}: {v}. Install with: python benchmarks/compare.py --setup "
                  f"(or pip install -r {REQUIREMENTS.relative_to(HERE.parent)} in this venv)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per figure per round (default 2)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds (each figure: the median); rounds alternate all figures")
    parser.add_argument("--ruleset", action="append", help="only these rulesets (repeatable)")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    parser.add_argument("--setup", action="store_true", help="make benchmarks/.venv and exit")
    parser.add_argument("--references-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.setup:
        setup()
        return
    if args.references_only:  # run inside benchmarks/.venv, which need not have warband
        print(json.dumps(reference_figures(args.seconds)))
        return
    rounds_ours: list[dict[str, float]] = []
    rounds_refs: list[dict[str, float | str]] = []
    for r in range(max(1, args.repeat)):
        rounds_refs.append(references(args.seconds))
        rounds_ours.append(ruleset_figures(args.seconds, args.ruleset, first=10_000 * r))
    ours = {k: statistics.median(r[k] for r in rounds_ours) for k in rounds_ours[0]}
    refs: dict[str, float | str] = {}
    for k, v in rounds_refs[0].items():
        values = [r[k] for r in rounds_refs]
        floats = [x for x in values if isinstance(x, float)]
        refs[k] = statistics.median(floats) if len(floats) == len(values) else v
    report(ours, refs, args.markdown)


if __name__ == "__main__":
    main()
