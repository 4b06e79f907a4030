"""Invariants over many seeded games (issue 10 quality bar): every game ends; conditions stay
consistent (sm.condition.ready, sm.condition.active, sm.condition.broken,
sm.condition.wounded); Ratings never below 0; at most 3 Tactical Dice; replay is exact."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from warband.ai.random_ai import RandomController
from warband.core.controller import controller_rng
from warband.core.record import read_record, replay, write_record
from warband.rulesets.sword_marches import RULESET
from warband.rulesets.sword_marches.state import SMState

LISTS = [RULESET.load_list(p) for p in RULESET.sample_lists()]


def _check(st: SMState) -> None:
    assert all(0 <= d <= 3 for d in st.tactical_dice)  # sm.orders.tactical_dice
    assert all(t >= 0 for t in st.break_tokens) and all(t >= 0 for t in st.spare_breaks)
    for m in st.models:
        assert min(m.f.cbt, m.f.cmd, m.f.con, m.f.arm) >= 0  # sm.rating.definitions
        if not m.on_table:
            assert (m.wounded or m.fled) and not m.active and not m.ambush
        else:
            assert not (m.wounded or m.fled)
            assert not (m.shocked and m.broken)  # sm.condition.shocked_escalation
            assert not (m.shocked and m.active)  # sm.condition.shocked
            assert 0 <= m.x <= st.table.width and 0 <= m.y <= st.table.height


def _play(seed: int, a: int, b: int, adventure: str, heuristic: bool = False) -> None:
    ctl = RULESET.controllers()["heuristic" if heuristic else "random"]
    game = RULESET.new_game([LISTS[a], LISTS[b]], seed, {"scenario": adventure})
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    players = {0: ctl(), 1: RandomController()}
    for _ in range(5000):
        if game.pending() is None:
            break
        p = game.waiting_for()[0]
        d = game.decision_for(p)
        assert d is not None
        game.apply(p, players[p].decide(game.view(p), d, rngs[p]))
        _check(game.state)  # type: ignore[arg-type]
    assert game.over


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(0, 10_000), a=st_.integers(0, 3), b=st_.integers(0, 3),
       adventure=st_.sampled_from(["the-waystation", "cairn-ford"]))
def test_random_games_keep_every_invariant(seed: int, a: int, b: int, adventure: str) -> None:
    _play(seed, a, b, adventure)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(0, 10_000), a=st_.integers(0, 3), b=st_.integers(0, 3))
def test_heuristic_games_keep_every_invariant(seed: int, a: int, b: int) -> None:
    _play(seed, a, b, "cairn-ford", heuristic=True)


def test_hundreds_of_seeded_games_end_and_replay(tmp_path: Path) -> None:
    """200 seeded random games over every pairing end; every tenth replays exactly."""
    from warband.core.controller import play

    for seed in range(200):
        a, b = seed % 4, (seed // 4) % 4
        game = RULESET.new_game([LISTS[a], LISTS[b]], seed, track_digest=seed % 10 == 0)
        outcome = play(game, {0: RandomController(), 1: RandomController()}, seed)
        assert game.over and outcome.winner in (None, 0, 1)
        if seed % 10 == 0:
            path = tmp_path / f"g{seed}.jsonl"
            write_record(game, path)
            assert replay(read_record(path), path).digest == game.digest
