"""The Ray backend: the same batches as the local pool, as Ray tasks (``pip install "warband[ray]"``).

Without an address it starts a local Ray instance with one CPU per worker (no dashboard); with
``--ray-address`` it joins a running cluster, where every node must have the same version of
warband installed (see ``docs/simulation.md``). Lists travel inside the tasks as text, so the
files need not exist on the cluster's machines.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import Any

from warband.sim.backends import BackendError
from warband.sim.games import BatchResult, Matchup, Task, WorkerCache, run_batch

__all__ = ["RayBackend"]

_CACHE: WorkerCache | None = None


def _ray_batch(matchups: Sequence[Matchup], task: Task, keep_rows: bool) -> BatchResult:
    """Runs inside a Ray worker process (which keeps its cache between tasks)."""
    global _CACHE
    if _CACHE is None:
        _CACHE = WorkerCache()
    return run_batch(matchups, task, keep_rows, _CACHE)


def _ray_warm(matchups: Sequence[Matchup]) -> int:
    """Start a worker: import the rulesets and load the lists once (counted as start-up)."""
    global _CACHE
    if _CACHE is None:
        _CACHE = WorkerCache()
    from warband.core import registry

    for matchup in matchups:
        rs = registry.get(matchup.ruleset)
        rs.controllers()
        for source in matchup.lists:
            _CACHE.warband(rs, source)
    return os.getpid()


class RayBackend:
    name = "ray"

    def __init__(self, workers: int | None, address: str | None) -> None:
        try:
            import ray
        except ImportError:
            raise BackendError(
                'the Ray backend needs Ray: pip install "warband[ray]"'
            ) from None
        self._ray: Any = ray
        self._address = address
        self._requested = workers
        self.workers = workers or 1
        self._started = False
        self._remote: Any = None
        self._matchups: Any = None
        self._keep_rows = False
        self._pending: list[Any] = []

    def open(self, matchups: Sequence[Matchup], keep_rows: bool) -> None:
        ray = self._ray
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
            if self._address is None:
                kwargs["include_dashboard"] = False
                # A private local instance. Token authentication is pointless for it (and this
                # project's build machines refuse it); a user may still set RAY_AUTH_MODE.
                os.environ.setdefault("RAY_AUTH_MODE", "disabled")
                if self._requested is not None:
                    kwargs["num_cpus"] = self._requested
            else:
                kwargs["address"] = self._address
            try:
                ray.init(**kwargs)
            except Exception as exc:  # Ray raises several types for a bad address or set-up
                where = f"the Ray cluster at {self._address}" if self._address else "a local Ray instance"
                raise BackendError(f"cannot start {where}: {exc}") from exc
            self._started = True
        if self._requested is None:
            self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1, max_retries=0)(_ray_batch)
        self._matchups = ray.put(list(matchups))
        self._keep_rows = keep_rows
        # Start the workers now (each imports warband and loads the lists), so that start-up
        # is not counted as play time.
        warm = ray.remote(num_cpus=1, max_retries=0)(_ray_warm)
        try:
            ray.get([warm.remote(self._matchups) for _ in range(self.workers)])
        except ray.exceptions.RayError as exc:
            raise BackendError(
                f"Ray workers cannot start a game ({exc}); is the same warband installed on"
                " every node of the cluster?"
            ) from exc

    def submit(self, task: Task) -> None:
        self._pending.append(self._remote.remote(self._matchups, task, self._keep_rows))

    def poll(self, timeout: float) -> BatchResult | None:
        if not self._pending:
            return None
        ray = self._ray
        done, self._pending = ray.wait(self._pending, num_returns=1, timeout=timeout)
        if not done:
            return None
        try:
            result: BatchResult = ray.get(done[0])
        except ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)  # the error the task raised (a GameFailed)
            if isinstance(cause, Exception):
                raise cause from None
            raise BackendError(f"a Ray task failed: {exc}") from exc
        except ray.exceptions.RayError as exc:
            raise BackendError(f"a Ray task failed: {exc}") from exc
        return result

    def close(self, abort: bool = False) -> None:
        ray = self._ray
        if abort and ray.is_initialized():
            for ref in self._pending:
                ray.cancel(ref, force=True)
        self._pending = []
        if self._started:
            ray.shutdown()
            self._started = False
