"""Statistics: Wilson intervals against published values, coverage, and exact tally merging."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from warband.sim.stats import GameRow, Tally, summarise, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
        # method 3 (Wilson score interval without continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # The textbook half-and-half case.
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=6e-5)
    assert hi == pytest.approx(high, abs=6e-5)


def test_wilson_refuses_impossible_counts_and_is_uninformative_without_games() -> None:
    with pytest.raises(ValueError):
        wilson(3, 2)
    with pytest.raises(ValueError):
        wilson(-1, 2)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_is_a_proper_interval_around_the_estimate(kn: tuple[int, int]) -> None:
    k, n = kn
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    # Mirror symmetry: the interval for failures is the reflection of the one for successes.
    flo, fhi = wilson(n - k, n)
    assert flo == pytest.approx(1 - hi, abs=1e-12)
    assert fhi == pytest.approx(1 - lo, abs=1e-12)


@given(st.integers(1, 200), st.integers(2, 50))
def test_wilson_narrows_with_more_games_at_the_same_rate(k: int, factor: int) -> None:
    n = 2 * k + 1
    lo1, hi1 = wilson(k, n)
    lo2, hi2 = wilson(k * factor, n * factor)
    assert hi2 - lo2 < hi1 - lo1


@pytest.mark.parametrize(("p", "n"), [(0.3, 40), (0.5, 200), (0.9, 60)])
def test_wilson_covers_the_true_rate_about_95_percent_of_the_time(p: float, n: int) -> None:
    rng = np.random.default_rng(2024)
    trials = 4000
    hits = sum(lo <= p <= hi for lo, hi in (wilson(int(k), n) for k in rng.binomial(n, p, trials)))
    # The Wilson interval's coverage hovers near 95% (it is not exact for a discrete count).
    assert 0.925 <= hits / trials <= 0.975


def _row(winner: str | None, vp: tuple[int, int], rounds: int, first: str | None) -> GameRow:
    return GameRow(0, 0, 1, winner, rounds, vp, (("x",), ()), first)


rows_strategy = st.lists(
    st.builds(
        _row,
        st.sampled_from(["a", "b", None]),
        st.tuples(st.integers(0, 9), st.integers(0, 9)),
        st.integers(1, 6),
        st.sampled_from(["a", "b", None]),
    ),
    max_size=60,
)


@given(rows_strategy, st.randoms(use_true_random=False))
def test_tallies_merge_exactly_whatever_the_split_and_order(rows: list[GameRow], rnd: random.Random) -> None:
    """What makes results independent of --workers and --backend: merged batch tallies equal
    the tally of all games at once, however the games are split and merged."""
    whole = Tally(("a", "b"))
    for r in rows:
        whole.add_game(r, [{"side": "a", "profile": "p", "damage_dealt": r.vp[0],
                            "knock_outs": r.vp[1], "survived": r.winner == "a"}])
    cuts = sorted(rnd.sample(range(len(rows) + 1), k=min(3, len(rows) + 1)))
    parts = []
    for lo, hi in zip([0, *cuts], [*cuts, len(rows)], strict=True):
        t = Tally(("a", "b"))
        for r in rows[lo:hi]:
            t.add_game(r, [{"side": "a", "profile": "p", "damage_dealt": r.vp[0],
                            "knock_outs": r.vp[1], "survived": r.winner == "a"}])
        parts.append(t)
    rnd.shuffle(parts)
    merged = Tally(("a", "b"))
    for t in parts:
        merged.merge(t)
    assert merged == whole
    assert summarise(merged) == summarise(whole)


def test_summary_counts_draws_as_half_in_the_score_and_reads_first_activation() -> None:
    t = Tally(("a", "b"))
    for winner, first in [("a", "a"), ("a", "b"), ("b", "b"), (None, "a")]:
        t.add_game(_row(winner, (1, 0), 3, first))
    s = summarise(t, ["Posse", "Mob"])
    assert s["games"] == 4
    assert s["wins"] == {"a": 2, "b": 1} and s["draws"] == 1
    assert s["win_rate"] == {"a": 0.5, "b": 0.25}
    assert s["score"] == {"a": 0.625, "b": 0.375}
    assert s["ci95"]["a"] == list(wilson(2, 4))
    assert s["mean_rounds"] == 3
    # The side acting first won two of the four games (a/a, b/b) and drew one.
    assert s["first_activation"]["acted_first"] == {"a": 2, "b": 2}
    assert s["first_activation"]["wins"] == 2 and s["first_activation"]["draws"] == 1
    assert s["first_activation"]["score"] == 0.625
    assert s["warbands"] == {"a": "Posse", "b": "Mob"}


def test_tallies_of_different_sides_do_not_merge() -> None:
    with pytest.raises(ValueError):
        Tally(("a", "b")).merge(Tally(("x", "y")))


def test_per_profile_figures_are_means_per_model() -> None:
    t = Tally(("a", "b"))
    chars = [
        {"side": "a", "profile": "archer", "damage_dealt": 3, "knock_outs": 1, "survived": True},
        {"side": "a", "profile": "archer", "damage_dealt": 1, "knock_outs": 0, "survived": False},
        {"side": "b", "profile": "grunt", "damage_dealt": 0, "knock_outs": 0, "survived": False},
    ]
    t.add_game(_row("a", (2, 0), 5, None), chars)
    t.add_game(_row("a", (2, 0), 5, None), chars)
    profiles = {(p["side"], p["profile"]): p for p in summarise(t)["profiles"]}
    archer = profiles[("a", "archer")]
    assert archer["models"] == 4
    assert archer["damage_dealt"] == 2.0 and archer["knock_outs"] == 0.5
    assert archer["survival_rate"] == 0.5
    assert profiles[("b", "grunt")]["survival_rate"] == 0.0
    assert summarise(t)["first_activation"]["games"] == 0
