"""What a simulation plays: matchups, batches of games, and the code that runs in a worker.

A :class:`Matchup` is everything needed to play any one of its games anywhere (a local worker
process, a Ray task on another machine): the ruleset's name, the list files' text, the AIs, the
game options and the master seed. Game ``i`` of a matchup is seeded
``derive_seed(matchup.seed, i)``, and the same seed drives the game and the controllers, exactly
as ``warband battle --seed`` does, so any single game can be replayed alone.

The engine is used only through the ruleset interface (:mod:`warband.core.ruleset`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warband.core import registry
from warband.core.controller import Controller, play
from warband.core.dice import derive_seed
from warband.core.ruleset import Ruleset
from warband.sim.stats import GameRow, Tally

__all__ = [
    "BatchResult",
    "GameFailed",
    "ListSource",
    "Matchup",
    "Task",
    "WorkerCache",
    "game_seed",
    "make_matchup",
    "play_game",
    "run_batch",
]


@dataclass(frozen=True, slots=True)
class ListSource:
    """A warband list file as shipped to workers: its path (for messages) and its text."""

    path: str
    text: str

    @classmethod
    def read(cls, path: Path) -> ListSource:
        return cls(str(path), path.read_text(encoding="utf-8"))


@dataclass(frozen=True, slots=True)
class Matchup:
    """``games`` games between two lists, seeded from ``seed``."""

    ruleset: str
    lists: tuple[ListSource, ...]
    ais: tuple[str, ...]
    seed: int
    games: int
    sides: tuple[str, ...]
    names: tuple[str, ...]  # warband names, for reports
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)


def game_seed(matchup: Matchup, index: int) -> int:
    """The seed of game ``index`` (from 0) of ``matchup``."""
    return derive_seed(matchup.seed, index)


@dataclass(frozen=True, slots=True)
class Task:
    """Games ``start`` to ``stop - 1`` of matchup number ``matchup``; ``id`` orders tasks."""

    id: int
    matchup: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


@dataclass(slots=True)
class BatchResult:
    """What a worker sends back for one task: a tally, and the rows if asked for."""

    task: Task
    tally: Tally
    rows: list[GameRow] | None


class GameFailed(Exception):
    """A game raised an error: a bug in a ruleset or an AI. The message names its seed."""


class WorkerCache:
    """Per-process cache of loaded lists and controller factories (loaded once per worker)."""

    def __init__(self) -> None:
        self._lists: dict[tuple[str, ListSource], Any] = {}

    def warband(self, rs: Ruleset, source: ListSource) -> Any:
        key = (rs.name, source)
        found = self._lists.get(key)
        if found is None:
            found = self._lists[key] = _load_from_text(rs, source)
        return found


def _load_from_text(rs: Ruleset, source: ListSource) -> Any:
    """Load a list from its shipped text (the file need not exist on this machine)."""
    folder = tempfile.mkdtemp(prefix="warband-list-")
    try:
        path = Path(folder) / (os.path.basename(source.path) or "list.yaml")
        path.write_text(source.text, encoding="utf-8")
        return rs.load_list(path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def play_game(
    matchup: Matchup, index: int, cache: WorkerCache, matchup_index: int = 0
) -> tuple[GameRow, list[dict[str, Any]]]:
    """Play game ``index`` of ``matchup``; returns its row and its per-model statistics."""
    rs = registry.get(matchup.ruleset)
    lists = [cache.warband(rs, src) for src in matchup.lists]
    factories = rs.controllers()
    seed = game_seed(matchup, index)
    game = rs.new_game(lists, seed, dict(matchup.options), log_events=False)
    controllers: dict[int, Controller] = {p: factories[ai]() for p, ai in enumerate(matchup.ais)}
    outcome = play(game, controllers, seed)
    first = outcome.extra.get("first_player")
    row = GameRow(
        matchup=matchup_index,
        game=index,
        seed=seed,
        winner=outcome.winner_side,
        rounds=outcome.rounds,
        vp=tuple(outcome.vp),
        survivors=tuple(tuple(s) for s in outcome.survivors),
        first_player=first if isinstance(first, str) else None,
    )
    return row, rs.character_stats(game)


def run_batch(
    matchups: Sequence[Matchup], task: Task, keep_rows: bool, cache: WorkerCache
) -> BatchResult:
    """Play the games of one task (in any process) and tally them."""
    matchup = matchups[task.matchup]
    tally = Tally(matchup.sides)
    rows: list[GameRow] | None = [] if keep_rows else None
    for index in range(task.start, task.stop):
        try:
            row, characters = play_game(matchup, index, cache, task.matchup)
        except Exception as exc:
            seed = game_seed(matchup, index)
            raise GameFailed(
                f"game {index} of {' vs '.join(matchup.names)} (seed {seed}) failed:"
                f" {type(exc).__name__}: {exc}"
            ) from exc
        tally.add_game(row, characters)
        if rows is not None:
            rows.append(row)
    return BatchResult(task, tally, rows)


def make_matchup(
    rs: Ruleset,
    paths: Sequence[Path],
    ais: Sequence[str],
    seed: int,
    games: int,
    options: Mapping[str, Any] | None = None,
) -> Matchup:
    """A matchup between list files, validated here (raises ``ContentError`` for a bad list,
    ``ValueError`` for an unknown AI, a bad option or a bad number of games)."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    known = rs.controllers()
    for ai in ais:
        if ai not in known:
            raise ValueError(f"unknown AI {ai!r} for {rs.name} (choose from: {', '.join(known)})")
    sources = tuple(ListSource.read(Path(p)) for p in paths)
    warbands = [rs.load_list(Path(p)) for p in paths]
    # Setting up one game checks the options (unknown names, bad values) before any work.
    rs.new_game(warbands, seed, dict(options or {}), log_events=False)
    return Matchup(
        ruleset=rs.name, lists=sources, ais=tuple(ais), seed=seed, games=games,
        sides=tuple(rs.sides), names=tuple(str(getattr(w, "name", p)) for w, p in zip(warbands, paths, strict=True)),
        options=dict(options or {}),
    )
