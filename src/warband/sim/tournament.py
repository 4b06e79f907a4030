"""A round robin between several lists: every ordered pair (both seatings of each pairing).

The games of the seating "list i as side A, list j as side B" form one matchup, seeded
``derive_seed(master_seed, "tournament", i, j)``; its game ``g`` is seeded
``derive_seed(that, g)`` as in any matchup, and ``--out`` records every game's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warband.core.dice import derive_seed
from warband.sim.stats import Tally, wilson

__all__ = ["pairings", "seating_seed", "standings"]


def seating_seed(master: int, row: int, column: int) -> int:
    """The master seed of the games with list ``row`` as side A and list ``column`` as side B."""
    return derive_seed(master, "tournament", row, column)


def pairings(count: int) -> list[tuple[int, int]]:
    """Every ordered pair of distinct lists (each pairing played with both seatings)."""
    return [(i, j) for i in range(count) for j in range(count) if i != j]


def standings(labels: Sequence[str], seatings: Sequence[tuple[int, int]],
              tallies: Sequence[Tally]) -> dict[str, Any]:
    """The win-rate and score matrices (row list against column list, both seatings added
    together) with Wilson 95% intervals, and each list's totals over all its games."""
    n = len(labels)
    wins = [[0] * n for _ in range(n)]
    draws = [[0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for (i, j), tally in zip(seatings, tallies, strict=True):
        wins[i][j] += tally.wins[0]
        wins[j][i] += tally.wins[1]
        for a, b in ((i, j), (j, i)):
            draws[a][b] += tally.draws
            games[a][b] += tally.games

    def cell(i: int, j: int) -> dict[str, Any] | None:
        g = games[i][j]
        if i == j or g == 0:
            return None
        return {
            "games": g, "wins": wins[i][j], "draws": draws[i][j],
            "win_rate": wins[i][j] / g, "ci95": list(wilson(wins[i][j], g)),
            "score": (wins[i][j] + draws[i][j] / 2) / g,
            "score_ci95": list(wilson(wins[i][j] + draws[i][j] / 2, g)),
        }

    cells = [[cell(i, j) for j in range(n)] for i in range(n)]
    totals = []
    for i, label in enumerate(labels):
        g = sum(games[i])
        w = sum(wins[i])
        d = sum(draws[i])
        totals.append({
            "list": label, "games": g, "wins": w, "draws": d,
            "win_rate": w / g if g else None,
            "score": (w + d / 2) / g if g else None,
            "score_ci95": list(wilson(w + d / 2, g)) if g else None,
        })
    return {
        "lists": list(labels),
        "win_rate": [[c["win_rate"] if c else None for c in row] for row in cells],
        "score": [[c["score"] if c else None for c in row] for row in cells],
        "pairings": cells,
        "standings": sorted(totals, key=lambda t: -(t["score"] or 0.0)),
    }
