"""Property tests over hundreds of seeded random games: invariants hold at every decision,
every game ends, and games replay exactly."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from raiders_helpers import sample_lists

from warband.ai.random_ai import RandomController
from warband.core.controller import controller_rng
from warband.core.game import Game
from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders.state import RaidersState

LISTS = sample_lists()


def _check(st: RaidersState) -> None:
    w, h = st.table.width, st.table.height
    for u in st.units:
        p = u.profile
        assert 0 <= u.figures <= u.size
        assert 0 <= u.wounds < p.hp, (u.name, u.wounds)
        assert u.hp_left == u.figures * p.hp - u.wounds
        assert u.fatigue >= 0 and u.power >= 0 and u.morale_tokens >= 0
        if u.figures == 0:
            assert u.destroyed and u.wounds == 0
        if u.on_table:
            assert 0 <= u.x <= w and 0 <= u.y <= h
        if u.palisade_lost:
            assert u.palisade is not None
    for side in (0, 1):
        assert 0 <= st.tokens[side] <= st.sizes[side].actions


def _play_checked(seed: int, scenario: str) -> tuple[Game, int]:
    game = RULESET.new_game(LISTS, seed, {"scenario": scenario}, track_digest=True)
    st: Any = game.state
    ctl = RandomController()
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    seen = 0
    steps = 0
    broken: set[str] = set()
    while game.pending() is not None:
        for player in game.waiting_for():
            decision = game.decision_for(player)
            assert decision is not None and decision.options
            game.apply(player, ctl.decide(game.view(player), decision, rngs[player]))
            steps += 1
        _check(st)
        for e in game.events[seen:]:
            if e.kind == "declare":
                # raiders.fatigue.limit: only a unit below its limit acts, so the token it
                # takes leaves it at most at the limit
                unit = next(u for u in st.units if u.name == e["who"])
                assert e["fatigue"] <= unit.profile.fatigue
            if e.kind == "react":
                # raiders.morale.broken_state: broken units do not react
                assert e["who"] not in broken
            if e.kind == "broken":
                broken.add(e["who"])
            if e.kind == "rallied":
                broken.discard(e["who"])
        seen = len(game.events)
        assert steps < 20_000, "a game that does not end"
    return game, steps


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(hs.integers(0, 10**9), hs.sampled_from(["meeting-engagement", "battle-lines"]))
def test_raiders_random_games_keep_invariants_and_end(seed: int, scenario: str) -> None:
    """Figures, wounds and HP stay consistent; fatigue, power, tokens never go negative; no
    unit acts past its fatigue limit; units stay on the table; every game ends."""
    game, _ = _play_checked(seed, scenario)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner in (None, 0, 1)
    assert outcome.rounds <= game.state.turns  # type: ignore[attr-defined]


def test_raiders_hundreds_of_seeded_games_replay_exactly() -> None:
    """The same seed and decisions give the same game, bit for bit (100 seeds)."""
    from warband.core.controller import play

    for seed in range(100):
        scenario = "battle-lines" if seed % 2 else "meeting-engagement"
        runs = []
        for _ in range(2):
            game = RULESET.new_game(LISTS, seed, {"scenario": scenario}, track_digest=True)
            play(game, {0: RandomController(), 1: RandomController()}, seed)
            runs.append(game.digest)
        assert runs[0] == runs[1]
