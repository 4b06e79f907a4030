"""Conformance: every registered ruleset obeys the shared game protocol.

Random games end; records replay exactly (the same events, and a record written from the
replay is byte for byte the record that was read); illegal choices are refused and change
nothing; controllers only see views, which never show the dice.

Besides the installed rulesets, the suite runs the kit's example game (``tests/kit/tinygame``,
see ``docs/new-ruleset.md``), registered for these tests only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.tinygame import RULESET as TINY
from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import controller_rng, play
from warband.core.decisions import Decision, IllegalChoice
from warband.core.record import read_record, replay, write_record

RULESETS = sorted({*registry.available(), TINY.name})


@pytest.fixture(autouse=True)
def _tiny_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example game is known to the registry (so records replay) during each test only."""
    monkeypatch.setitem(registry._extra, TINY.name, TINY)


def _lists(rs):
    paths = list(rs.sample_lists())
    return [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_games_end_and_replay(name: str, seed: int, tmp_path: Path) -> None:
    rs = registry.get(name)
    game = rs.new_game(_lists(rs), seed, track_digest=True)
    outcome = play(game, {0: RandomController(), 1: RandomController()}, seed)
    assert game.over and game.pending() is None
    assert outcome.winner in (None, 0, 1)
    path = tmp_path / "game.jsonl"
    write_record(game, path)
    again = replay(read_record(path), path)
    assert again.digest == game.digest
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    rewritten = tmp_path / "again.jsonl"
    write_record(again, rewritten)
    assert rewritten.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("name", RULESETS)
def test_same_seed_same_game(name: str) -> None:
    rs = registry.get(name)
    runs = []
    for _ in range(2):
        game = rs.new_game(_lists(rs), 42, track_digest=True)
        heuristic = rs.controllers()["heuristic"]
        play(game, {0: heuristic(), 1: heuristic()}, 42)
        runs.append(game.digest)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", RULESETS)
def test_illegal_choice_is_refused_and_changes_nothing(name: str) -> None:
    rs = registry.get(name)
    game = rs.new_game(_lists(rs), 5, track_digest=True)
    ctl = RandomController()
    rngs = {p: controller_rng(5, p) for p in (0, 1)}
    for _ in range(40):
        pending = game.pending()
        if pending is None:
            break
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        assert isinstance(decision, Decision)
        before = (len(game.events), game.state.dice.rolled, len(game.history))
        with pytest.raises(IllegalChoice):
            game.apply(player, object())
        other = 1 - player
        if other not in game.waiting_for():
            with pytest.raises(IllegalChoice):
                game.apply(other, decision.options[0])
        assert (len(game.events), game.state.dice.rolled, len(game.history)) == before
        game.apply(player, ctl.decide(game.view(player), decision, rngs[player]))


@pytest.mark.parametrize("name", RULESETS)
def test_views_hide_the_dice(name: str) -> None:
    rs = registry.get(name)
    game = rs.new_game(_lists(rs), 1)
    for player in (0, 1):
        view = game.view(player)
        for secret in ("dice", "log"):
            with pytest.raises(AttributeError):
                getattr(view, secret)
