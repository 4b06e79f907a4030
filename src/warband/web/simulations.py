"""Small simulations run from the web board: ``warband simulate`` in a background thread of the
server, with its progress, stopping, and the same summary (:func:`warband.sim.stats.summarise`).

They run in the server's process (the serial backend), one game after another, and are kept in
memory only: the page is for a quick look; ``warband simulate`` is the tool for big runs.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from warband.core.ruleset import Ruleset
from warband.sim.games import Matchup, make_matchup
from warband.sim.runner import run
from warband.sim.stats import summarise
from warband.web.sessions import GameError

__all__ = ["MAX_GAMES", "Simulation", "Simulations"]

MAX_GAMES = 1000
MAX_RUNNING = 2


@dataclass
class Simulation:
    id: str
    matchup: Matchup
    total: int
    done: int = 0
    state: str = "running"  # running, done, stopped, failed
    error: str | None = None
    summary: dict[str, Any] | None = None
    started: float = field(default_factory=time.time)
    seconds: float = 0.0
    stop: threading.Event = field(default_factory=threading.Event)

    # the runner's Progress protocol
    def start(self, total: int) -> None:
        self.total = total

    def advance(self, games: int) -> None:
        self.done += games

    def to_json(self) -> dict[str, Any]:
        m = self.matchup
        return {
            "id": self.id, "state": self.state, "done": self.done, "total": self.total,
            "ruleset": m.ruleset, "warbands": list(m.names), "ais": list(m.ais), "seed": m.seed,
            "seconds": round(self.seconds, 2), "error": self.error, "summary": self.summary,
        }


class Simulations:
    def __init__(self) -> None:
        self._runs: dict[str, Simulation] = {}
        self._lock = threading.Lock()

    def start(self, rs: Ruleset, lists: list[str], ais: list[str], games: int, seed: int,
              options: dict[str, Any]) -> Simulation:
        samples = {p.name: p for p in rs.sample_lists()}
        missing = [n for n in lists if n not in samples]
        if len(lists) != 2 or missing:
            raise GameError(422, f"give two bundled lists of {rs.name} ({', '.join(samples)})")
        if not 1 <= games <= MAX_GAMES:
            raise GameError(422, f"games must be between 1 and {MAX_GAMES} here"
                                 " (warband simulate has no limit)")
        with self._lock:
            running = sum(1 for s in self._runs.values() if s.state == "running")
            if running >= MAX_RUNNING:
                raise GameError(409, f"{running} simulations are running; wait or stop one")
        try:
            matchup = make_matchup(rs, [samples[n] for n in lists], ais, seed, games, options)
        except ValueError as exc:
            raise GameError(422, str(exc)) from None
        sim = Simulation(id=secrets.token_hex(6), matchup=matchup, total=games)
        with self._lock:
            self._runs[sim.id] = sim
        threading.Thread(target=self._run, args=(sim,), daemon=True,
                         name=f"simulation-{sim.id}").start()
        return sim

    def _run(self, sim: Simulation) -> None:
        t = time.perf_counter()
        try:
            result = run([sim.matchup], progress=sim, stop=sim.stop)
            sim.summary = summarise(result.tallies[0], sim.matchup.names)
            sim.state = "stopped" if result.interrupted else "done"
        except Exception as exc:  # noqa: BLE001 - reported to the page, never lost silently
            sim.state, sim.error = "failed", f"{type(exc).__name__}: {exc}"
        finally:
            sim.seconds = time.perf_counter() - t

    def get(self, sim_id: str) -> Simulation:
        sim = self._runs.get(sim_id)
        if sim is None:
            raise GameError(404, "no such simulation")
        return sim
