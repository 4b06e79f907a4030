"""Scenarios, secret simultaneous choices, the end of the game, records and the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from raiders_helpers import (
    RAIDERS_1,
    SCOUTS,
    WARRIORS_1,
    answers,
    bare_state,
    drive,
    place,
    sample_lists,
)
from typer.testing import CliRunner

from warband.ai.random_ai import RandomController
from warband.cli.main import app
from warband.core.controller import controller_rng, play
from warband.core.decisions import Simultaneous
from warband.core.game import Game
from warband.core.record import read_record, replay, write_record
from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.game import beaten, points
from warband.rulesets.raiders.rules.actions import actions_for
from warband.rulesets.raiders.rules.measure import line_of_sight
from warband.rulesets.raiders.rules.setup import deployment_ok, in_area, scout_ok
from warband.rulesets.raiders.state import RaidersView

runner = CliRunner()


def _game(seed: int, scenario: str = "battle-lines", **options: Any) -> Game:
    return RULESET.new_game(sample_lists(), seed, {"scenario": scenario, **options},
                            track_digest=True)


def _advance_to(game: Game, kind: str, seed: int, limit: int = 5000) -> Simultaneous:
    """Play random answers until a Simultaneous decision of ``kind`` is pending."""
    ctl = RandomController()
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    for _ in range(limit):
        pending = game.pending()
        assert pending is not None, "the game ended first"
        if isinstance(pending, Simultaneous) and pending.kind == kind:
            return pending
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        assert decision is not None
        game.apply(player, ctl.decide(game.view(player), decision, rngs[player]))
    raise AssertionError(f"no {kind} decision within {limit} decisions")


def test_raiders_scenario_battle_lines_secret_deployment_hides_the_first_answer() -> None:
    """raiders.scenario.battle_lines: deployment is a Simultaneous decision; after one player
    answers, the other's view, decision and the event log are exactly as before - the first
    answer is not in the game until both are in - and the record still replays exactly."""
    game = _game(3)
    pending = game.pending()
    assert isinstance(pending, Simultaneous) and pending.kind == "deploy"
    before = (json.dumps(game.view(1).public_json(), sort_keys=True, default=str),
              len(game.events), len(game.history))
    part1 = game.decision_for(1)
    choice0 = game.decision_for(0).options[-1]  # type: ignore[union-attr]
    game.apply(0, choice0)
    assert game.decision_for(0) is None  # answered: it cannot answer again, nor change it
    assert game.decision_for(1) is part1
    after = (json.dumps(game.view(1).public_json(), sort_keys=True, default=str),
             len(game.events), len(game.history))
    assert after == before
    assert not any(u.deployed for u in game.state.units)
    game.apply(1, part1.options[0])  # type: ignore[union-attr]
    placed = {uid: (x, y) for uid, x, y in choice0.placements}
    assert all((game.state.units[uid].x, game.state.units[uid].y) == xy for uid, xy in placed.items())
    scouts = sum(1 for u in game.state.units if u.has("scouts"))
    assert [e.kind for e in game.events].count("deploy") == len(game.state.units) - scouts


def test_raiders_combat_allocate_split_is_secret_until_both_have_chosen(tmp_path: Path) -> None:
    """raiders.combat.allocate: the split of combat dice is a Simultaneous decision; neither
    controller can read the other's pending split (view, decision, events unchanged), and
    the record replays exactly."""
    for seed in range(40):
        game = _game(seed)
        try:
            pending = _advance_to(game, "split_dice", seed)
        except AssertionError:
            continue
        first, second = pending.players
        view_before = json.dumps(game.view(second).public_json(), sort_keys=True, default=str)
        events_before = len(game.events)
        part = game.decision_for(second)
        options = game.decision_for(first).options  # type: ignore[union-attr]
        game.apply(first, options[-1])
        assert json.dumps(game.view(second).public_json(), sort_keys=True, default=str) == view_before
        assert len(game.events) == events_before and game.decision_for(second) is part
        # ... and the other way round in a fresh copy of the game
        again = _game(seed)
        _advance_to(again, "split_dice", seed)
        view_first = json.dumps(again.view(first).public_json(), sort_keys=True, default=str)
        again.apply(second, part.options[0])  # type: ignore[union-attr]
        assert json.dumps(again.view(first).public_json(), sort_keys=True, default=str) == view_first
        # finish and replay
        play(game, {0: RandomController(), 1: RandomController()}, seed)
        path = tmp_path / "game.jsonl"
        write_record(game, path)
        assert replay(read_record(path), path).digest == game.digest
        return
    pytest.fail("no combat in 40 seeded random games")


def test_raiders_views_hide_dice_and_log() -> None:
    view = RaidersView(bare_state(), 0)
    with pytest.raises(AttributeError):
        _ = view.dice
    with pytest.raises(AttributeError):
        _ = view.log


def test_raiders_scenario_battle_lines_deployment_rules() -> None:
    """raiders.scenario.battle_lines / raiders.scenario.deployment_zones: formations wholly in
    the own 6" area, every non-scout unit once; scouts in the area or out of sight of every
    enemy (raiders.ability.scouts)."""
    st = bare_state()
    side0 = [u for u in st.units_of(0) if not u.has("scouts")]
    ok = C.Deployment(tuple((u.uid, 4.0 + 6 * i, 3.0) for i, u in enumerate(side0)))
    assert deployment_ok(st, 0, ok)
    assert not deployment_ok(st, 0, C.Deployment(ok.placements[:-1]))  # one missing
    assert not deployment_ok(st, 0, C.Deployment(((ok.placements[0][0], 4.0, 10.0), *ok.placements[1:])))
    assert not in_area(st, 0, 10, 5.0, 1.53)  # sticks out of the 6" area
    for uid, x, y in ok.placements:
        place(st, uid, x, y)
    place(st, RAIDERS_1, 24, 33)
    scouts = st.units[SCOUTS]
    assert scout_ok(st, 1, C.Deployment(((SCOUTS, 40.0, 33.0),)))  # in its own area
    wall = [{"name": "Wall", "kind": "impassable", "blocks_sight": True,
             "points": [[30, 15], [48, 15], [48, 16], [30, 16]]}]
    st2 = bare_state(terrain=wall)
    for uid, x, y in ok.placements:
        place(st2, uid, x, y)
    assert not scout_ok(st2, 1, C.Deployment(((SCOUTS, 10.0, 20.0),)))  # in plain sight
    assert scout_ok(st2, 1, C.Deployment(((SCOUTS, 44.0, 18.5),)))  # behind the wall
    scouts.deployed = False


def test_raiders_scenario_meeting_engagement_units_enter_from_their_edge() -> None:
    """raiders.scenario.meeting_engagement: every unit starts off the table and comes on by a
    Move or Run measured from its own edge; Scouts may also use a side edge outside the enemy
    area (raiders.ability.scouts)."""
    st = bare_state(setup="meeting-engagement")
    warriors = st.units[WARRIORS_1]
    assert not warriors.deployed and actions_for(st, warriors) == ["move", "run"]
    st.tokens = [10, 10]
    from warband.rulesets.raiders.rules.turn import perform_action

    drive(perform_action(st, warriors), answers(
        ("action", C.ChooseAction("run")), ("destination", C.Point(20, 9)),
    ))
    assert warriors.deployed and abs(warriors.y - 9) < 1e-6 and warriors.x == 20
    from warband.rulesets.raiders.rules.movement import entry_ok

    assert not entry_ok(st, warriors, 9, C.Point(20, 12))  # too deep for one run
    scouts = st.units[SCOUTS]
    assert entry_ok(st, scouts, 10, C.Point(5, 18))  # from the left edge
    assert not entry_ok(st, st.units[RAIDERS_1], 9, C.Point(5, 18))  # not a scout


def test_raiders_scenario_end_condition_and_points() -> None:
    """raiders.scenario.meeting_engagement: a player whose deployed units are all destroyed or
    broken has lost (a player with nothing on the table yet has not); at the house turn limit
    the points decide."""
    st = bare_state()
    assert not beaten(st, 0) and not beaten(st, 1)
    w = place(st, WARRIORS_1, 10, 3)
    r = place(st, RAIDERS_1, 10, 33)
    w.broken = True
    assert beaten(st, 0) and not beaten(st, 1)
    r.destroyed = True
    assert beaten(st, 1)
    assert points(st, 0) == 60 and points(st, 1) == 30


def test_raiders_games_end_and_replay_in_both_scenarios(tmp_path: Path) -> None:
    """Seeded whole games (random and heuristic) end and replay bit for bit."""
    h = RULESET.controllers()["heuristic"]
    for scenario, seed, ai in (("battle-lines", 7, h), ("meeting-engagement", 8, RandomController)):
        game = _game(seed, scenario)
        outcome = play(game, {0: ai(), 1: RandomController()}, seed)
        assert game.over and outcome.rounds >= 1
        path = tmp_path / f"{scenario}.jsonl"
        write_record(game, path)
        again = replay(read_record(path), path)
        assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


def test_raiders_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown game option"):
        _game(1, colour="red")
    with pytest.raises(ValueError, match="rangers_aim"):
        _game(1, rangers_aim="double")
    with pytest.raises(ValueError, match="unknown scenario"):
        _game(1, "siege")


def test_raiders_cli_battle_replay_validate_profiles(tmp_path: Path) -> None:
    """The CLI plays, replays, validates and lists Raiders through the registry."""
    record = tmp_path / "game.jsonl"
    out = runner.invoke(app, ["battle", "--ruleset", "raiders", "--seed", "2", "--ai", "random",
                              "--json", "--replay", str(record)])
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert result["warbands"]["a"] == "Border Raiders of the Northmarch"
    out = runner.invoke(app, ["replay", str(record), "--quiet"])
    assert out.exit_code == 0 and "verified" in out.output
    out = runner.invoke(app, ["battle", "--ruleset", "raiders", "--seed", "2", "--ai", "random",
                              "--option", "scenario=battle-lines", "--rounds", "2"])
    assert out.exit_code == 0 and "Secret deployment revealed" in out.output
    assert "Game over after turn 2" in out.output
    out = runner.invoke(app, ["validate", *map(str, RULESET.sample_lists())])
    # lines that start "ok" (a worktree path may itself contain "ok", as .../arcbook/ does)
    assert out.exit_code == 0 and sum(
        line.startswith("ok ") for line in out.output.splitlines()) == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: raiders\nname: X\nculture: northmarch\nsize: raiding-force\n"
                   "units:\n  - profile: war-hounds\n")
    out = runner.invoke(app, ["validate", str(bad)])
    assert out.exit_code == 1 and "Lead Retinue" in out.output and "Traceback" not in out.output
    out = runner.invoke(app, ["profiles", "--ruleset", "raiders", "--json"])
    assert out.exit_code == 0
    rows = json.loads(out.stdout)
    assert any(r["id"] == "human-warriors" and r["Morale"] == 10 for r in rows)


def test_raiders_line_of_sight_used_for_shooting_targets() -> None:
    """raiders.action.shoot: only enemies in range and sight can be shot."""
    from warband.rulesets.raiders.rules.measure import shoot_targets

    st = bare_state()
    scouts = place(st, SCOUTS, 20, 20)
    near = place(st, WARRIORS_1, 20, 10)
    assert shoot_targets(st, scouts) == [near] and line_of_sight(st, scouts, near)
    near.y = 5  # 15" away: out of the javelins' 12"
    assert shoot_targets(st, scouts) == []


def test_raiders_human_player_descriptions_cover_every_decision() -> None:
    """`warband play --ruleset raiders`: every option of every decision of a game (both
    scenarios) has a readable line, the view is described, and typed points are moves."""
    import random as _random

    from warband.core.decisions import Decision

    class Describing(RandomController):
        def decide(self, view: Any, decision: Decision, rng: _random.Random) -> Any:
            assert RULESET.describe_view(view, decision.player)
            for option in decision.options:
                text = RULESET.describe_choice(view, option)
                assert text and not text.startswith(type(option).__name__ + "(")
            if decision.kind == "destination":
                point = RULESET.free_form_choice(decision, decision.options[0], 24.0, 18.0)
                assert isinstance(point, C.Point)
            return super().decide(view, decision, rng)

    for scenario in ("battle-lines", "meeting-engagement"):
        play(_game(4, scenario), {0: Describing(), 1: Describing()}, 4)
