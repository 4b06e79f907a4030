"""Statistics of a batch of games: streaming tallies and Wilson score intervals.

A :class:`Tally` holds only integer counts and sums (and small histograms), so tallies of
batches merge exactly in any order: the totals of a run are the same whatever the number of
workers, the backend or the order in which batches finish. Means and intervals are computed once,
at the end, by :func:`summarise`. Memory stays flat in the number of games: a tally never holds
a per-game record.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Z95",
    "GameRow",
    "ProfileTally",
    "Tally",
    "summarise",
    "tally_from_json",
    "tally_to_json",
    "wilson",
]

#: the two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``successes`` in ``trials``.

    Unlike the normal ("Wald") interval it stays inside [0, 1] and behaves at 0 and n
    successes. ``successes`` may be fractional (a draw scored as half a win). With no trials
    the proportion is unknown: the interval is [0, 1].
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    n = float(trials)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low, high = centre - half, centre + half
    # Exact at the ends (rounding can leave 1e-17 below 0 or above 1).
    if successes == 0:
        low = 0.0
    if successes == trials:
        high = 1.0
    return (max(0.0, low), min(1.0, high))


@dataclass(frozen=True, slots=True)
class GameRow:
    """One finished game, as written by ``--out``: enough to re-run it alone with
    ``warband battle --seed SEED``."""

    matchup: int
    game: int
    seed: int
    winner: str | None  # side label, None for a draw
    rounds: int
    vp: tuple[int, ...]
    survivors: tuple[tuple[str, ...], ...]
    first_player: str | None


@dataclass(slots=True)
class ProfileTally:
    """Sums over every model of one profile on one side, over many games."""

    models: int = 0
    damage_dealt: int = 0
    knock_outs: int = 0
    survived: int = 0

    def merge(self, other: ProfileTally) -> None:
        self.models += other.models
        self.damage_dealt += other.damage_dealt
        self.knock_outs += other.knock_outs
        self.survived += other.survived


@dataclass(slots=True)
class Tally:
    """Integer counts over a set of games between two fixed sides.

    ``first_*`` count the games whose ruleset reports which side acted first in Round 1
    (``Outcome.extra["first_player"]``); other games do not enter the first-activation figure.
    """

    sides: tuple[str, ...]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    rounds_sum: int = 0
    vp_sum: list[int] = field(default_factory=list)
    first_known: int = 0
    first_side: list[int] = field(default_factory=list)  # games each side acted first
    first_won: int = 0  # games won by the side that acted first
    first_drawn: int = 0
    rounds_hist: Counter[int] = field(default_factory=Counter)
    margin_hist: Counter[int] = field(default_factory=Counter)  # VP of side 0 minus side 1
    profiles: dict[tuple[str, str], ProfileTally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.sides)
        self.wins = self.wins or [0] * n
        self.vp_sum = self.vp_sum or [0] * n
        self.first_side = self.first_side or [0] * n

    # -- adding games ----------------------------------------------------------------------
    def add_game(self, row: GameRow, characters: Iterable[Mapping[str, Any]] = ()) -> None:
        """Count one game (and the per-model statistics of ``Ruleset.character_stats``)."""
        self.games += 1
        if row.winner is None:
            self.draws += 1
        else:
            self.wins[self.sides.index(row.winner)] += 1
        self.rounds_sum += row.rounds
        self.rounds_hist[row.rounds] += 1
        for i, vp in enumerate(row.vp):
            self.vp_sum[i] += vp
        if len(row.vp) >= 2:
            self.margin_hist[row.vp[0] - row.vp[1]] += 1
        if row.first_player is not None and row.first_player in self.sides:
            self.first_known += 1
            self.first_side[self.sides.index(row.first_player)] += 1
            if row.winner is None:
                self.first_drawn += 1
            elif row.winner == row.first_player:
                self.first_won += 1
        for ch in characters:
            key = (str(ch["side"]), str(ch["profile"]))
            p = self.profiles.get(key)
            if p is None:
                p = self.profiles[key] = ProfileTally()
            p.models += 1
            p.damage_dealt += int(ch.get("damage_dealt", 0))
            p.knock_outs += int(ch.get("knock_outs", 0))
            p.survived += 1 if ch.get("survived") else 0

    def merge(self, other: Tally) -> None:
        """Add another tally of the same sides (exact; order does not matter)."""
        if other.sides != self.sides:
            raise ValueError(f"cannot merge tallies of sides {other.sides} into {self.sides}")
        self.games += other.games
        self.draws += other.draws
        self.rounds_sum += other.rounds_sum
        self.first_known += other.first_known
        self.first_won += other.first_won
        self.first_drawn += other.first_drawn
        for i in range(len(self.sides)):
            self.wins[i] += other.wins[i]
            self.vp_sum[i] += other.vp_sum[i]
            self.first_side[i] += other.first_side[i]
        self.rounds_hist.update(other.rounds_hist)
        self.margin_hist.update(other.margin_hist)
        for key, p in other.profiles.items():
            mine = self.profiles.get(key)
            if mine is None:
                mine = self.profiles[key] = ProfileTally()
            mine.merge(p)


def _rate(k: float, n: int) -> float | None:
    return k / n if n else None


def _ci(k: float, n: int) -> list[float] | None:
    return list(wilson(k, n)) if n else None


def summarise(tally: Tally, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The figures of a tally as plain JSON-ready data (identical for identical tallies).

    - ``win_rate[side]``: wins / games, with its Wilson 95% interval ``ci95[side]``.
    - ``score[side]``: (wins + draws/2) / games, the usual balance figure (a fair matchup
      scores 0.5), with ``score_ci95[side]`` (Wilson with the draws as half-successes).
    - ``first_activation``: of the games where the ruleset reports who acted first in Round 1,
      the share won by that side (``win_rate``, ``ci95``) and its score (draws as half).
    - ``profiles``: per side and profile, models fielded and per-model means of damage dealt
      and Knock Outs, and the survival rate.
    """
    n = tally.games
    sides = tally.sides
    out: dict[str, Any] = {
        "games": n,
        "sides": list(sides),
        "wins": dict(zip(sides, tally.wins, strict=True)),
        "draws": tally.draws,
        "draw_rate": _rate(tally.draws, n),
        "win_rate": {s: _rate(w, n) for s, w in zip(sides, tally.wins, strict=True)},
        "ci95": {s: _ci(w, n) for s, w in zip(sides, tally.wins, strict=True)},
        "score": {s: _rate(w + tally.draws / 2, n) for s, w in zip(sides, tally.wins, strict=True)},
        "score_ci95": {s: _ci(w + tally.draws / 2, n) for s, w in zip(sides, tally.wins, strict=True)},
        "mean_rounds": _rate(tally.rounds_sum, n),
        "mean_vp": {s: _rate(v, n) for s, v in zip(sides, tally.vp_sum, strict=True)},
        "rounds_histogram": {str(k): tally.rounds_hist[k] for k in sorted(tally.rounds_hist)},
        "vp_margin_histogram": {str(k): tally.margin_hist[k] for k in sorted(tally.margin_hist)},
    }
    if names is not None:
        out["warbands"] = dict(zip(sides, names, strict=True))
    k = tally.first_known
    out["first_activation"] = {
        "games": k,
        "acted_first": dict(zip(sides, tally.first_side, strict=True)),
        "wins": tally.first_won,
        "draws": tally.first_drawn,
        "win_rate": _rate(tally.first_won, k),
        "ci95": _ci(tally.first_won, k),
        "score": _rate(tally.first_won + tally.first_drawn / 2, k),
        "score_ci95": _ci(tally.first_won + tally.first_drawn / 2, k),
    }
    profiles = []
    for (side, profile), p in sorted(tally.profiles.items()):
        profiles.append({
            "side": side,
            "profile": profile,
            "models": p.models,
            "damage_dealt": p.damage_dealt / p.models if p.models else 0.0,
            "knock_outs": p.knock_outs / p.models if p.models else 0.0,
            "survival_rate": p.survived / p.models if p.models else 0.0,
        })
    out["profiles"] = profiles
    return out


def tally_to_json(tally: Tally) -> dict[str, Any]:
    """A tally as JSON data (a resumable run keeps the tally of the rows it wrote)."""
    return {
        "sides": list(tally.sides), "games": tally.games, "wins": tally.wins,
        "draws": tally.draws, "rounds_sum": tally.rounds_sum, "vp_sum": tally.vp_sum,
        "first_known": tally.first_known, "first_side": tally.first_side,
        "first_won": tally.first_won, "first_drawn": tally.first_drawn,
        "rounds_hist": sorted(tally.rounds_hist.items()),
        "margin_hist": sorted(tally.margin_hist.items()),
        "profiles": [[side, profile, p.models, p.damage_dealt, p.knock_outs, p.survived]
                     for (side, profile), p in sorted(tally.profiles.items())],
    }


def tally_from_json(data: Mapping[str, Any]) -> Tally:
    """The tally :func:`tally_to_json` wrote (KeyError/TypeError/ValueError if it is not one)."""
    tally = Tally(tuple(str(s) for s in data["sides"]))
    tally.games = int(data["games"])
    tally.wins = [int(v) for v in data["wins"]]
    tally.draws = int(data["draws"])
    tally.rounds_sum = int(data["rounds_sum"])
    tally.vp_sum = [int(v) for v in data["vp_sum"]]
    tally.first_known = int(data["first_known"])
    tally.first_side = [int(v) for v in data["first_side"]]
    tally.first_won = int(data["first_won"])
    tally.first_drawn = int(data["first_drawn"])
    tally.rounds_hist = Counter({int(k): int(v) for k, v in data["rounds_hist"]})
    tally.margin_hist = Counter({int(k): int(v) for k, v in data["margin_hist"]})
    for side, profile, models, damage, kos, survived in data["profiles"]:
        tally.profiles[(str(side), str(profile))] = ProfileTally(
            int(models), int(damage), int(kos), int(survived))
    if len(tally.wins) != len(tally.sides) or len(tally.vp_sum) != len(tally.sides):
        raise ValueError("tally sides and counts disagree")
    return tally
