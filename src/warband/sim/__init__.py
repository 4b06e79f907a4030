"""Simulation and balance analysis: many AI-vs-AI games, in parallel, with honest statistics.

- :mod:`warband.sim.games`: matchups, tasks, and the code a worker runs.
- :mod:`warband.sim.runner`: the batch runner (bounded in flight, streamed results, Ctrl-C).
- :mod:`warband.sim.backends`: in this process, a local process pool; :mod:`warband.sim.ray_backend`.
- :mod:`warband.sim.stats`: tallies that merge exactly, Wilson intervals, summaries.
- :mod:`warband.sim.tournament`: round robins; :mod:`warband.sim.output`: ``--out`` rows;
  :mod:`warband.sim.plot`: pictures.

Results depend only on the master seed, never on the backend or the number of workers.
"""

from __future__ import annotations

from warband.sim.backends import Backend, BackendError, make_backend
from warband.sim.games import GameFailed, Matchup, game_seed, make_matchup
from warband.sim.runner import RunResult, run
from warband.sim.stats import Tally, summarise, wilson

__all__ = [
    "Backend",
    "BackendError",
    "GameFailed",
    "Matchup",
    "RunResult",
    "Tally",
    "game_seed",
    "make_backend",
    "make_matchup",
    "run",
    "summarise",
    "wilson",
]
