"""Where batches of games run: in this process, in a local process pool, or on Ray.

Every backend runs the same :func:`warband.sim.games.run_batch` on the same tasks, so the
results are identical whatever the backend and the number of workers; only the speed differs.
The runner (:mod:`warband.sim.runner`) decides what to submit and when, and reads results back
with :meth:`Backend.poll` in whatever order they finish.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Protocol

from warband.sim.games import BatchResult, Matchup, Task, WorkerCache, run_batch

__all__ = ["Backend", "BackendError", "LocalBackend", "SerialBackend", "default_workers", "make_backend"]


class BackendError(RuntimeError):
    """A backend cannot start or lost a worker (reported to the user as a message)."""


class Backend(Protocol):
    """A place to run tasks. ``open`` before submitting; ``close`` always."""

    name: str
    workers: int

    def open(self, matchups: Sequence[Matchup], keep_rows: bool) -> None: ...

    def submit(self, task: Task) -> None: ...

    def poll(self, timeout: float) -> BatchResult | None:
        """The next finished task, or None if none finished within ``timeout`` seconds.
        Re-raises an error raised by a game."""
        ...

    def close(self, abort: bool = False) -> None:
        """Release the workers; with ``abort``, drop unfinished work at once."""
        ...


def default_workers() -> int:
    """The number of CPU cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class SerialBackend:
    """Plays every task in this process, one at a time (``--workers 1``): no start-up cost and
    no copying of results, so it is the honest baseline for parallel speed-ups."""

    name = "local"
    workers = 1

    def __init__(self) -> None:
        self._tasks: deque[Task] = deque()
        self._matchups: Sequence[Matchup] = ()
        self._keep_rows = False
        self._cache = WorkerCache()

    def open(self, matchups: Sequence[Matchup], keep_rows: bool) -> None:
        self._matchups = matchups
        self._keep_rows = keep_rows

    def submit(self, task: Task) -> None:
        self._tasks.append(task)

    def poll(self, timeout: float) -> BatchResult | None:
        if not self._tasks:
            return None
        return run_batch(self._matchups, self._tasks.popleft(), self._keep_rows, self._cache)

    def close(self, abort: bool = False) -> None:
        self._tasks.clear()


# -- the local process pool ---------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


#: PR_SET_PDEATHSIG, from <sys/prctl.h>
_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """Make this worker end when the process that started it ends, however it ends (SIGKILL
    included): a killed ``warband simulate`` left its pool playing on, holding the output file.

    On Linux the kernel sends SIGKILL when the parent dies (PR_SET_PDEATHSIG); everywhere a
    daemon thread also checks once a second that the parent is still there."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no prctl here
            pass
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _init_worker(matchups: Sequence[Matchup], keep_rows: bool, parent: int) -> None:
    # Ctrl-C reaches the whole process group; the parent decides how to stop, not the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent(parent)
    _WORKER["matchups"] = matchups
    _WORKER["keep_rows"] = keep_rows
    _WORKER["cache"] = WorkerCache()


def _pool_batch(task: Task) -> BatchResult:
    return run_batch(_WORKER["matchups"], task, _WORKER["keep_rows"], _WORKER["cache"])


def _ready() -> bool:
    return True


class _Failed:
    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _start_method() -> str:
    """``fork`` where it is safe and available (Linux: fast start, and rulesets registered at
    run time are inherited), else ``spawn``."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return "spawn"


class LocalBackend:
    """A pool of ``workers`` processes on this machine; each task is a batch of games.

    The processes start in :meth:`open`, before any progress display starts a thread, and load
    the lists once each. Results come back through a queue in the order they finish.
    """

    name = "local"

    def __init__(self, workers: int, start_method: str | None = None) -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.workers = workers
        self._method = start_method or _start_method()
        self._pool: ProcessPoolExecutor | None = None
        self._done: queue.SimpleQueue[BatchResult | _Failed] = queue.SimpleQueue()

    def open(self, matchups: Sequence[Matchup], keep_rows: bool) -> None:
        ctx = multiprocessing.get_context(self._method)
        self._pool = ProcessPoolExecutor(
            self.workers, mp_context=ctx, initializer=_init_worker,
            initargs=(matchups, keep_rows, os.getpid()),
        )
        # Start every process now (a fork pool starts them all at the first submit).
        self._pool.submit(_ready).result()

    def _finished(self, future: Future[BatchResult]) -> None:
        if future.cancelled():
            return
        error = future.exception()
        self._done.put(_Failed(error) if error is not None else future.result())

    def submit(self, task: Task) -> None:
        assert self._pool is not None, "open() the backend first"
        future = self._pool.submit(_pool_batch, task)
        future.add_done_callback(self._finished)

    def poll(self, timeout: float) -> BatchResult | None:
        try:
            item = self._done.get(timeout=timeout)
        except queue.Empty:
            return None
        if isinstance(item, _Failed):
            from concurrent.futures.process import BrokenProcessPool

            if isinstance(item.error, BrokenProcessPool):
                raise BackendError(
                    "a worker process died (out of memory, or killed); no result is lost silently:"
                    " rerun with fewer --workers or a smaller --batch-size"
                ) from item.error
            raise item.error
        return item

    def close(self, abort: bool = False) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if not abort:
            pool.shutdown(wait=True)
            return
        terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
        if terminate is not None:  # pragma: no cover - newer Pythons
            terminate()
            return
        # Older Pythons have no public way to stop a running task: end our own workers (read
        # before shutdown, which forgets them).
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)
        # With its workers gone the pool is broken; waiting for its manager thread now means no
        # feeder thread is left writing into a closed pipe when the interpreter exits (that
        # printed an "Exception ignored ... Bad file descriptor" traceback now and then).
        pool.shutdown(wait=True, cancel_futures=True)


def make_backend(
    name: str, workers: int | None = None, ray_address: str | None = None
) -> Backend:
    """The backend called ``name`` (``local`` or ``ray``) with ``workers`` parallel workers
    (default: this machine's cores, or the Ray cluster's CPUs)."""
    if name == "local":
        if ray_address is not None:
            raise BackendError("--ray-address needs --backend ray")
        count = default_workers() if workers is None else workers
        if count < 1:
            raise BackendError("--workers must be at least 1")
        return SerialBackend() if count == 1 else LocalBackend(count)
    if name == "ray":
        from warband.sim.ray_backend import RayBackend

        if workers is not None and workers < 1:
            raise BackendError("--workers must be at least 1")
        return RayBackend(workers, ray_address)
    raise BackendError(f"unknown backend {name!r} (choose from: local, ray)")
