"""The batch runner: splits matchups into tasks, keeps a bounded number in flight on a backend,
merges the tallies and streams the rows.

Memory stays flat in the number of games: tasks are generated lazily, at most a fixed window of
them is ever submitted but unfinished, results are folded into one :class:`Tally` per matchup
as they arrive, and rows (only when asked for) are handed on in game order and dropped. Because
a tally is a sum of integers, the totals do not depend on which worker played which game or in
what order batches finished.

Ctrl-C (SIGINT) or SIGTERM stops cleanly: the first one asks the runner to stop, which drops the games
still in flight and returns the tallies of every game finished so far, marked ``interrupted``;
a second one aborts at once.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Protocol

from warband.sim.backends import Backend, SerialBackend
from warband.sim.games import BatchResult, Matchup, Task
from warband.sim.stats import GameRow, Tally

__all__ = ["Progress", "RunResult", "auto_batch_size", "plan_tasks", "run"]

#: tasks in flight per worker (enough to keep every worker busy while results travel back)
IN_FLIGHT_PER_WORKER = 2
#: how far (in tasks) submission may run ahead of the oldest unfinished task, per worker; this
#: bounds the rows held back to write them in game order
AHEAD_PER_WORKER = 8
#: the longest batch chosen automatically (games); short enough to stop quickly and balance well
MAX_AUTO_BATCH = 25


class Progress(Protocol):
    """What the runner reports while it runs (the CLI shows a progress bar)."""

    def start(self, total: int) -> None: ...

    def advance(self, games: int) -> None: ...


@dataclass(slots=True)
class RunResult:
    matchups: Sequence[Matchup]
    tallies: list[Tally]
    games: int  # games finished
    requested: int
    interrupted: bool
    backend: str
    workers: int
    batch_size: int
    startup_s: float  # starting the workers (a pool's processes, a Ray instance)
    play_s: float  # from the first task submitted to the last result
    out: Path | None = None  # where the rows were written (set by the caller that wrote them)
    resumed: int = 0  # games finished by an earlier run this one resumed

    @property
    def games_per_second(self) -> float:
        played = self.games - self.resumed
        return played / self.play_s if self.play_s > 0 else 0.0


def auto_batch_size(total_games: int, workers: int) -> int:
    """Games per task: about eight tasks per worker, at most :data:`MAX_AUTO_BATCH` (one game
    per task when playing in this process, so Ctrl-C stops after the game in hand)."""
    if workers <= 1:
        return 1
    return max(1, min(MAX_AUTO_BATCH, math.ceil(total_games / (workers * 8))))


def plan_tasks(matchups: Sequence[Matchup], batch_size: int,
               done: Sequence[Sequence[tuple[int, int]]] | None = None) -> Iterator[Task]:
    """Every game of every matchup, in order, cut into tasks of ``batch_size`` games; games in
    the ``done`` ranges (per matchup, ``(start, stop)``: a resumed run's finished games) are
    left out."""
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    task_id = 0
    for m_index, matchup in enumerate(matchups):
        finished = sorted(done[m_index]) if done is not None else []
        gaps, at = [], 0
        for lo, hi in finished:
            if lo > at:
                gaps.append((at, lo))
            at = max(at, hi)
        if at < matchup.games:
            gaps.append((at, matchup.games))
        for lo, hi in gaps:
            for start in range(lo, hi, batch_size):
                yield Task(task_id, m_index, start, min(hi, start + batch_size))
                task_id += 1


def _hand_on(result: BatchResult, on_rows: Callable[[list[GameRow]], None],
             on_written: Callable[[Task, Tally], None] | None) -> None:
    assert result.rows is not None
    on_rows(result.rows)
    if on_written is not None:
        on_written(result.task, result.tally)


@contextmanager
def _sigint_sets(stop: threading.Event) -> Iterator[None]:
    """While inside, the first Ctrl-C sets ``stop``; a second raises KeyboardInterrupt."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, handler)
    # SIGTERM (a scheduler, `kill`) stops the same way: the finished games are kept and written
    previous_term = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)


def run(
    matchups: Sequence[Matchup],
    backend: Backend | None = None,
    *,
    batch_size: int | None = None,
    on_rows: Callable[[list[GameRow]], None] | None = None,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
    done: Sequence[Sequence[tuple[int, int]]] | None = None,
    start_tallies: Sequence[Tally] | None = None,
    on_written: Callable[[Task, Tally], None] | None = None,
) -> RunResult:
    """Play every game of ``matchups`` on ``backend`` (default: in this process).

    ``on_rows`` receives the rows of finished games in game order (tasks in order), batch by
    batch; without it workers do not send rows at all. Setting ``stop`` (or Ctrl-C) ends the
    run early with the games finished so far.

    Resuming: ``done`` lists each matchup's finished game ranges and ``start_tallies`` their
    tallies; only the other games are played and the totals are those of a whole run.
    ``on_written`` hears each task's tally right after its rows went to ``on_rows`` (a writer
    keeps with its file the tally of exactly the rows it holds).
    """
    backend = backend or SerialBackend()
    stop = stop or threading.Event()
    requested = sum(m.games for m in matchups)
    size = batch_size or auto_batch_size(requested, backend.workers)
    tallies = [Tally(m.sides) for m in matchups]
    for tally, earlier in zip(tallies, start_tallies or (), strict=False):
        tally.merge(earlier)
    games = already = sum(t.games for t in tallies)
    interrupted = False
    started = time.perf_counter()
    with _sigint_sets(stop):
        aborted = True
        try:
            backend.open(matchups, keep_rows=on_rows is not None)
            opened = time.perf_counter()
            workers = backend.workers
            if batch_size is None:  # a Ray cluster's size is known only once joined
                size = auto_batch_size(requested, workers)
            window = IN_FLIGHT_PER_WORKER * workers
            ahead = max(window, AHEAD_PER_WORKER * workers)
            tasks = plan_tasks(matchups, size, done)
            upcoming = next(tasks, None)
            in_flight: set[int] = set()
            held: dict[int, BatchResult] = {}  # rows of tasks finished out of order
            next_rows = 0  # id of the next task whose rows are due
            if progress is not None:
                progress.start(requested)
                if already:
                    progress.advance(already)
            while True:
                oldest = min(in_flight, default=upcoming.id if upcoming else 0)
                while (upcoming is not None and len(in_flight) < window
                       and upcoming.id - oldest < ahead and not stop.is_set()):
                    backend.submit(upcoming)
                    in_flight.add(upcoming.id)
                    upcoming = next(tasks, None)
                if stop.is_set():
                    interrupted = bool(in_flight) or upcoming is not None
                    break
                if not in_flight:
                    break
                result = backend.poll(0.1)
                if result is None:
                    continue
                task = result.task
                in_flight.discard(task.id)
                tallies[task.matchup].merge(result.tally)
                games += task.games
                if on_rows is not None and result.rows is not None:
                    held[task.id] = result
                    while next_rows in held:
                        _hand_on(held.pop(next_rows), on_rows, on_written)
                        next_rows += 1
                if progress is not None:
                    progress.advance(task.games)
            played = time.perf_counter()
            if on_rows is not None:  # after a stop: the finished rows, still in order
                for task_id in sorted(held):
                    _hand_on(held.pop(task_id), on_rows, on_written)
            aborted = interrupted
        finally:
            backend.close(abort=aborted)
    return RunResult(
        matchups=matchups, tallies=tallies, games=games, requested=requested,
        interrupted=interrupted, backend=backend.name, workers=backend.workers,
        batch_size=size, startup_s=opened - started, play_s=played - opened, resumed=already,
    )
