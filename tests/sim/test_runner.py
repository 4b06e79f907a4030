"""The batch runner on the ``duel`` test ruleset: exact odds, identical results on any backend,
rows in order, bounded memory, clean stops and clear failures."""

from __future__ import annotations

import gc
import threading
import tracemalloc
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from warband.core.ruleset import Ruleset as DuelRuleset
from warband.sim.backends import LocalBackend, SerialBackend, make_backend
from warband.sim.games import BatchResult, GameFailed, Matchup, Task, game_seed, make_matchup
from warband.sim.runner import auto_batch_size, plan_tasks, run
from warband.sim.stats import GameRow, summarise


def _matchup(duel: DuelRuleset, duel_list: Callable[..., Path], games: int, bonus_a: int = 0,
             bonus_b: int = 0, seed: int = 1) -> Matchup:
    return make_matchup(duel, [duel_list("left", bonus_a), duel_list("right", bonus_b)],
                        ["random", "random"], seed, games)


def test_duel_win_rates_agree_with_the_exact_odds(duel: DuelRuleset, duel_list: Callable[..., Path]) -> None:
    """A list with +1 against an equal list without: P(win) = P(d6 >= d6) = 21/36, P(draw) =
    5/36. The 95% intervals of 3000 games contain the true values (fixed seed)."""
    m = _matchup(duel, duel_list, 3000, bonus_a=1)
    s = summarise(run([m]).tallies[0])
    lo, hi = s["ci95"]["a"]
    assert lo < float(Fraction(21, 36)) < hi
    lo, hi = s["ci95"]["b"]
    assert lo < float(Fraction(10, 36)) < hi
    assert abs(s["draw_rate"] - 5 / 36) < 0.03
    # The stronger side's whole interval is above one half.
    assert s["ci95"]["a"][0] > 0.5


def test_mirror_duel_is_even_within_its_interval(duel: DuelRuleset, duel_list: Callable[..., Path]) -> None:
    m = _matchup(duel, duel_list, 2000)
    s = summarise(run([m]).tallies[0])
    for side in ("a", "b"):
        lo, hi = s["score_ci95"][side]
        assert lo < 0.5 < hi
        lo, hi = s["ci95"][side]
        assert lo < 15 / 36 < hi
    # The die that picks who acts first has no effect on the duel: no first-activation edge.
    fa = s["first_activation"]
    assert fa["games"] == 2000 and sum(fa["acted_first"].values()) == 2000
    assert fa["score_ci95"][0] < 0.5 < fa["score_ci95"][1]


def test_results_are_identical_whatever_the_workers_and_batch_size(
    duel: DuelRuleset, duel_list: Callable[..., Path]
) -> None:
    m = _matchup(duel, duel_list, 300, bonus_b=1, seed=12345)
    runs = []
    for backend, batch in [(SerialBackend(), None), (SerialBackend(), 17),
                           (LocalBackend(2), None), (LocalBackend(2), 1), (LocalBackend(3), 64)]:
        rows: list[GameRow] = []
        result = run([m], backend, batch_size=batch, on_rows=rows.extend)
        runs.append((result.tallies[0], rows))
    first_tally, first_rows = runs[0]
    assert first_tally.games == 300
    assert [r.game for r in first_rows] == list(range(300))
    assert [r.seed for r in first_rows] == [game_seed(m, i) for i in range(300)]
    for tally, rows in runs[1:]:
        assert tally == first_tally
        assert rows == first_rows


def test_game_seeds_come_from_the_master_seed_and_the_index(duel: DuelRuleset, duel_list: Callable[..., Path]) -> None:
    from warband.core.dice import derive_seed

    m = _matchup(duel, duel_list, 5, seed=777)
    assert [game_seed(m, i) for i in range(5)] == [derive_seed(777, i) for i in range(5)]
    assert len({game_seed(m, i) for i in range(5)}) == 5


class _Recording:
    """A backend that plays in this process and records how much was ever outstanding."""

    name = "recording"

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.inner = SerialBackend()
        self.outstanding: list[Task] = []
        self.max_outstanding = 0
        self.max_spread = 0

    def open(self, matchups: Sequence[Matchup], keep_rows: bool) -> None:
        self.inner.open(matchups, keep_rows)

    def submit(self, task: Task) -> None:
        self.outstanding.append(task)
        self.max_outstanding = max(self.max_outstanding, len(self.outstanding))
        ids = [t.id for t in self.outstanding]
        self.max_spread = max(self.max_spread, max(ids) - min(ids))
        self.inner.submit(task)

    def poll(self, timeout: float) -> BatchResult | None:
        # Finish the newest task first: the worst case for keeping rows in order.
        if not self.outstanding:
            return None
        task = self.outstanding.pop()
        self.inner._tasks.clear()
        self.inner._tasks.append(task)
        return self.inner.poll(timeout)

    def close(self, abort: bool = False) -> None:
        self.inner.close(abort)


def test_work_in_flight_is_bounded_and_rows_stay_in_order(duel: DuelRuleset, duel_list: Callable[..., Path]) -> None:
    m = _matchup(duel, duel_list, 500)
    backend = _Recording(workers=2)
    rows: list[GameRow] = []
    result = run([m], backend, batch_size=3, on_rows=rows.extend)
    assert result.games == 500
    assert backend.max_outstanding <= 2 * 2
    assert backend.max_spread < 8 * 2
    assert [r.game for r in rows] == list(range(500))


def test_tasks_are_planned_lazily_in_order() -> None:
    from warband.sim.games import ListSource

    m = Matchup("duel", (ListSource("a", ""), ListSource("b", "")), ("random", "random"), 1,
                10**12, ("a", "b"), ("A", "B"))
    tasks = plan_tasks([m, m], 1000)
    first = [next(tasks) for _ in range(3)]  # a trillion games: only what is asked for exists
    assert [(t.id, t.matchup, t.start, t.stop) for t in first] == [
        (0, 0, 0, 1000), (1, 0, 1000, 2000), (2, 0, 2000, 3000)]
    assert auto_batch_size(10**12, 2) == 25 and auto_batch_size(10, 2) == 1
    assert auto_batch_size(100, 1) == 1


def _peak_bytes(m: Matchup) -> int:
    written = [0]

    def sink(rows: list[GameRow]) -> None:
        written[0] += len(rows)

    gc.collect()
    tracemalloc.start()
    try:
        result = run([m], SerialBackend(), on_rows=sink)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.games == written[0] == m.games
    return peak


def test_memory_stays_flat_in_the_number_of_games(duel: DuelRuleset, duel_list: Callable[..., Path]) -> None:
    """Three times the games must not need more memory: nothing per game is kept (holding the
    extra 4,000 rows alone would take about 1.5 MB)."""
    _peak_bytes(_matchup(duel, duel_list, 200))  # first-use caches
    small = _peak_bytes(_matchup(duel, duel_list, 2_000))
    large = _peak_bytes(_matchup(duel, duel_list, 6_000))
    assert large < small + 150_000


class _Stopper:
    """Progress that asks the runner to stop once ``after`` games are done (like Ctrl-C)."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.stop = threading.Event()
        self.seen = 0
        self.total = 0

    def start(self, total: int) -> None:
        self.total = total

    def advance(self, games: int) -> None:
        self.seen += games
        if self.seen >= self.after:
            self.stop.set()


def test_a_stop_ends_the_run_with_the_games_finished_so_far(
    duel: DuelRuleset, duel_list: Callable[..., Path]
) -> None:
    for backend in (SerialBackend(), LocalBackend(2)):
        stopper = _Stopper(after=200)
        rows: list[GameRow] = []
        m = _matchup(duel, duel_list, 1_000_000)
        result = run([m], backend, batch_size=10, on_rows=rows.extend, progress=stopper,
                     stop=stopper.stop)
        assert result.interrupted
        assert 200 <= result.games < 1_000_000
        assert stopper.total == 1_000_000
        assert result.tallies[0].games == result.games == len(rows) == stopper.seen
        assert len({r.game for r in rows}) == len(rows)


def test_a_finished_run_is_not_marked_interrupted(duel: DuelRuleset, duel_list: Callable[..., Path]) -> None:
    result = run([_matchup(duel, duel_list, 50)], make_backend("local", 2))
    assert not result.interrupted and result.games == 50 and result.workers == 2


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_is_reported_with_its_seed(
    duel: DuelRuleset, duel_list: Callable[..., Path], workers: int
) -> None:
    m = make_matchup(duel, [duel_list("boom", explode=False), duel_list("bang", explode=False)],
                     ["random", "random"], 5, 20)
    bad = Matchup(m.ruleset, (m.lists[0], type(m.lists[1])(m.lists[1].path, m.lists[1].text + "explode: true\n")),
                  m.ais, m.seed, m.games, m.sides, m.names)
    with pytest.raises(GameFailed, match=rf"game 0 of boom vs bang \(seed {game_seed(bad, 0)}\)"):
        run([bad], make_backend("local", workers), batch_size=20)


def test_bad_matchups_are_refused_before_any_game(duel: DuelRuleset, duel_list: Callable[..., Path]) -> None:
    a, b = duel_list("a"), duel_list("b")
    with pytest.raises(ValueError, match="at least 1"):
        make_matchup(duel, [a, b], ["random", "random"], 1, 0)
    with pytest.raises(ValueError, match="unknown AI 'genius'"):
        make_matchup(duel, [a, b], ["random", "genius"], 1, 5)
    with pytest.raises(ValueError, match="unknown game option"):
        make_matchup(duel, [a, b], ["random", "random"], 1, 5, {"weather": "rain"})
