"""Conformance: every registered ruleset draws its table as a board view (issue 9).

Board views validate against the one JSON Schema (checked by an independent validator, not
only by the pydantic models that wrote them), at many points of random games; pieces stand on
the table, ids are unique and every effect names real pieces; a move shows as a path ending
where the piece now stands; and a secret answer to a simultaneous decision (Raiders' Battle
Lines deployment and combat dice split) changes nothing in the other player's or a
spectator's board view until it is revealed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.board import BoardView, MoveEffect, board_schema
from warband.core.controller import controller_rng
from warband.core.decisions import Simultaneous
from warband.core.game import Game

RULESETS = registry.available()
VALIDATOR = jsonschema.Draft202012Validator(board_schema())

#: options that make each ruleset play its secret phases (Raiders: secret deployment)
SECRET_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "raiders": [{"scenario": "battle-lines"}, {"scenario": "meeting-engagement"}],
}


def _lists(rs: Any) -> list[Any]:
    paths = list(rs.sample_lists())
    return [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]


def _steps(game: Game, seed: int) -> Iterator[int]:
    """Play ``game`` with random answers, yielding the step number before each answer."""
    ctl = RandomController()
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    step = 0
    while not game.over:
        yield step
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        assert decision is not None
        game.apply(player, ctl.decide(game.view(player), decision, rngs[player]))
        step += 1
    yield step


def _check(bv: BoardView) -> dict[str, Any]:
    data = bv.to_json()
    errors = sorted(VALIDATOR.iter_errors(data), key=lambda e: list(e.path))
    assert not errors, "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    assert BoardView.model_validate(data) == bv  # the JSON round-trips
    ids = [p.id for p in bv.pieces] + [o.id for o in bv.off_table]
    assert len(ids) == len(set(ids)), "a piece is listed twice"
    w, h = bv.table.width, bv.table.height
    for p in bv.pieces:
        assert -1e-6 <= p.x <= w + 1e-6 and -1e-6 <= p.y <= h + 1e-6, f"{p.label} off the table"
        assert p.side in {s.index for s in bv.sides}
        if p.hp is not None and p.hp_max is not None:
            assert 0 <= p.hp <= p.hp_max
    known = set(ids)
    for e in bv.effects:
        assert bv.effects_from <= e.event < bv.events
        if isinstance(e, MoveEffect):
            assert e.piece in known
        else:
            for attr in ("piece", "source", "target"):
                value = getattr(e, attr, None)
                assert value is None or value in known
    return data


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_board_views_validate_through_random_games(name: str, seed: int) -> None:
    """Every ruleset's board view validates against board-view.schema.json at every few
    decisions of a random game, for both players and a spectator."""
    rs = registry.get(name)
    options_list = SECRET_OPTIONS.get(name, [{}])
    game = rs.new_game(_lists(rs), seed, options_list[seed % len(options_list)], track_digest=True)
    checked = 0
    for step in _steps(game, seed):
        if step % 7 == 0 or game.over:
            for player in (0, 1, None):
                _check(rs.board_view(game, player))
            checked += 1
    assert checked > 3
    final = rs.board_view(game, None, since=0)
    _check(final)
    assert final.phase and final.pieces or final.off_table


@pytest.mark.parametrize("name", RULESETS)
def test_moves_show_as_paths_ending_where_the_piece_stands(name: str) -> None:
    """Each move is a path from where the piece stood to where it went; the latest move of a
    piece still on the table ends where the board view puts it (the board matches the state's
    event stream)."""
    rs = registry.get(name)
    game = rs.new_game(_lists(rs), 11, track_digest=True)
    moves_seen = 0
    for step in _steps(game, 11):
        if step % 5:
            continue
        bv = rs.board_view(game, 0, since=0)
        where = {p.id: (p.x, p.y) for p in bv.pieces}
        last: dict[str, MoveEffect] = {}
        for e in bv.effects:
            if isinstance(e, MoveEffect):
                assert len(e.path) >= 2
                last[e.piece] = e
        moves_seen += len(last)
        placed_later = {e.piece: e.event for e in bv.effects if e.kind == "place"}
        for pid, move in last.items():
            if pid in where and placed_later.get(pid, -1) < move.event:
                x, y = where[pid]
                assert math.dist(move.path[-1], (x, y)) < 0.02, f"piece {pid} is not where it moved"
    assert moves_seen > 0


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_secret_answers_do_not_reach_other_board_views(name: str, seed: int) -> None:
    """Principle 4: while a simultaneous decision waits for the other player, the answer
    already given changes nothing in the other player's board view nor a spectator's (the
    Raiders Battle Lines deployment and combat dice split, raiders.scenario.battle_lines,
    raiders.combat.split)."""
    rs = registry.get(name)
    options_list = SECRET_OPTIONS.get(name, [{}])
    game = rs.new_game(_lists(rs), seed, options_list[seed % len(options_list)], track_digest=True)
    ctl = RandomController()
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    secrets = 0
    while not game.over:
        waiting = game.waiting_for()
        pending = game.pending()
        player = waiting[0]
        decision = game.decision_for(player)
        assert decision is not None
        choice = ctl.decide(game.view(player), decision, rngs[player])
        if isinstance(pending, Simultaneous) and len(waiting) == 2:
            other = waiting[1]
            before = {p: rs.board_view(game, p).json_text() for p in (other, None)}
            game.apply(player, choice)
            assert game.waiting_for() == [other]
            for p, text in before.items():
                assert rs.board_view(game, p).json_text() == text, "a secret answer leaked"
            answer = json.dumps(game.codec.encode(choice), sort_keys=True)
            secrets += 1
            assert answer  # what was answered; its content is checked for Raiders below
        else:
            game.apply(player, choice)
    if name == "raiders":
        assert secrets > 0, "no secret decision was exercised"


def test_raiders_secret_deployment_absent_from_the_board_view() -> None:
    """raiders.scenario.battle_lines: the deployment one player has made in secret is not in
    the other's board view, nor a spectator's, before the reveal; after it, it is."""
    rs = registry.get("raiders")
    game = rs.new_game(_lists(rs), 4, {"scenario": "battle-lines"}, track_digest=True)
    pending = game.pending()
    assert isinstance(pending, Simultaneous) and pending.kind == "deploy"
    plan = pending.parts[0].options[0]
    game.apply(0, plan)
    for viewer in (1, None):
        bv = rs.board_view(game, viewer)
        assert bv.pieces == [], "a unit stands on the table before the reveal"
        text = bv.json_text()
        for _, x, y in plan.placements:
            assert f"{round(float(x), 3)}, {round(float(y), 3)}" not in text.replace("[", "")
            assert not any(p.x == x and p.y == y for p in bv.pieces)
    game.apply(1, pending.parts[1].options[0])
    after = rs.board_view(game, 1)
    placed = {(round(float(x), 3), round(float(y), 3)) for _, x, y in plan.placements}
    assert placed <= {(p.x, p.y) for p in after.pieces if p.side == 0}
    assert any(e.kind == "place" for e in after.effects)
