"""The default Raiders heuristic since issue 16's session 10 (:class:`QuickHeuristicController`:
a cheaper move model and re-tuned threat weights), and the pure helpers it reads: the menu's
aims, the terrain's reach toward one of them, the cost of a Move or Run. ``heuristic-full`` is
the heuristic before it.

Rule ids: ``raiders.action.move`` and ``raiders.action.run`` (the menu of destinations and
where a move toward each of its aims ends), ``raiders.turn.activation`` (the plan the
heuristic picks)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from raiders_helpers import (
    HOUNDS,
    RANGERS,
    SPEARMEN,
    TERRAIN,
    THANE,
    WARRIORS_1,
    WARRIORS_2,
    WIZARD,
    bare_state,
    place,
    play_checking,
)
from test_raiders_decision_shortcuts import _best_is_every_plans

from warband.kit.table import spread_out
from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders.ai import heuristic as H
from warband.rulesets.raiders.ai.heuristic import (
    HeuristicController,
    KeptAcrossGames,
    QuickHeuristicController,
)
from warband.rulesets.raiders.choices import Activate
from warband.rulesets.raiders.rules import movement
from warband.rulesets.raiders.rules.actions import actions_for
from warband.rulesets.raiders.rules.movement import move_aims, move_menu, reachable_end
from warband.rulesets.raiders.state import RaidersReader, Unit

#: the two scenarios, each with a seed that plays Moves, Runs, charges and spells
GAMES: tuple[tuple[int, dict[str, object]], ...] = (
    (4, {"scenario": "meeting-engagement"}), (6, {"scenario": "battle-lines"}))


def _menu_from_aims(st: RaidersReader, u: Unit, allowance: float) -> tuple[Any, ...]:
    """The menu built from :func:`move_aims` and :func:`reachable_end` as the rules build it:
    each aim's end, spread out, or staying where it is."""
    reached = []
    for x, y, label in move_aims(st, u, allowance):
        end = reachable_end(st, u, (x, y), allowance)
        if end is not None:
            reached.append(movement._Aim(end[0], end[1], label))
    out = spread_out(reached)
    if not out:
        return ((round(u.x, 3), round(u.y, 3), "stay where it is"),)
    return tuple((p.x, p.y, p.label) for p in out)


@pytest.mark.parametrize("spot", [(20.0, 7.0), (12.0, 20.0), (30.0, 18.0), (4.0, 30.0),
                                  (1.5, 18.0)])
def test_raiders_action_move_aims_are_the_menus_aims(spot: tuple[float, float]) -> None:
    """raiders.action.move / raiders.action.run: the rules' menu of a Move or Run is, in its
    order, the ends the terrain allows toward :func:`move_aims`' points (fails if the aims
    lose the spreading out, a label, or an aim the menu heads for), among the terrain, with
    enemies near and far, and at the table's edge (where clamped aims fall together)."""
    st = bare_state(terrain=TERRAIN)
    u = place(st, WARRIORS_1, *spot)
    place(st, 8, 20, 30)
    place(st, 9, 34, 26)
    for allowance in (float(u.move), float(u.run)):
        aims = move_aims(st, u, allowance)
        assert aims
        # spread out as the menu spreads them: no two within 0.75" on both axes
        for k, (x, y, _) in enumerate(aims):
            assert all(abs(x - ox) > 0.75 or abs(y - oy) > 0.75 for ox, oy, _ in aims[:k])
        assert _menu_from_aims(st, u, allowance) == move_menu(st, u, allowance)


def test_raiders_action_move_reachable_end_kept_is_the_fresh_one() -> None:
    """raiders.action.move: :func:`reachable_end`, kept on the table, is the end worked out
    afresh for each aim and allowance, and after the unit moves (fails if its key leaves out
    the allowance or the unit's place)."""
    st = bare_state(terrain=TERRAIN)
    u = place(st, WARRIORS_1, 20, 7)
    for spot in ((20.0, 7.0), (14.0, 15.0)):
        u.x, u.y = spot
        for aim in ((20.0, 30.0), (5.0, 20.0), (40.0, 12.0)):
            for allowance in (4.0, 12.0):
                fresh = movement._reachable_end(st, u, aim, allowance)
                assert reachable_end(st, u, aim, allowance) == fresh
                assert reachable_end(st, u, aim, allowance) == fresh  # kept


def test_raiders_action_move_penalty_of_a_move_or_run() -> None:
    """raiders.action.run / raiders.action.make_ready / raiders.action.deploy_palisades: what
    a Move or Run costs besides its token: a little for running, a ready marker (kept by
    Rangers), and palisades left for good."""
    st = bare_state(terrain=TERRAIN)
    u = place(st, WARRIORS_1, 20, 7)
    u.ready = False
    assert not u.behind_palisade
    assert H._move_penalty(u, "move") == 0.0
    assert H._move_penalty(u, "run") == pytest.approx(0.3)
    u.ready = True
    assert H._move_penalty(u, "move") == pytest.approx(0.0 if u.has("rangers") else 2.0)
    u.ready = False
    u.palisade = (u.x, u.y)
    assert u.behind_palisade
    assert H._move_penalty(u, "run") == pytest.approx(4.3)


def test_raiders_quick_heuristic_is_the_default_beside_the_full_one() -> None:
    """``heuristic-full`` is the heuristic before session 10 (the games it played stay
    playable); ``heuristic``, the default, is the re-tuned one."""
    ais = RULESET.controllers()
    assert ais["heuristic-full"] is HeuristicController
    assert ais["heuristic"] is QuickHeuristicController


@pytest.mark.parametrize("uid", [WARRIORS_1, RANGERS])
def test_raiders_quick_heuristic_weighs_threats_by_its_tuned_weights(uid: int) -> None:
    """raiders.turn.activation: where a unit would stand, each AI takes the threats there (the
    worst enemy charge that reaches the spot and the volleys that do) off the spot's score at
    its own weight: 0.5 for a melee unit and 0.9 for a shooter in ``heuristic-full``,
    0 and 0.3 in the default (its tuned QUICK_MELEE_THREAT and QUICK_RANGED_THREAT: a change of
    them is a meant change of the AI, to be measured). Worked out here from
    the score of the same spots with every threat taken out of the unit's field (fails if
    either AI weighs a threat at the other's weight, or at none where it should)."""
    st = bare_state()
    u = place(st, uid, 20, 10)
    place(st, 8, 20, 17)    # an enemy whose charge reaches the spots below
    place(st, 12, 26, 22)   # and one that shoots
    spots = [(20.0, 10.0), (21.0, 12.0), (18.0, 11.0)]
    ranged = bool(u.shooter or u.profile.magic_user)
    for ai, melee_w, ranged_w in ((HeuristicController, 0.5, 0.9),
                                  (QuickHeuristicController, 0.0, 0.3)):
        ctl = ai()
        scored = ctl._positions(st, u, spots)
        field = ctl._field(st, u)
        threats = []
        for x, y in spots:
            worst = shots = 0.0
            for ex, ey, reach, charge_loss, shoot_reach, shot_loss, *_ in field:
                d = math.hypot(ex - x, ey - y)
                if d <= reach:
                    worst = max(worst, charge_loss)
                if d <= shoot_reach:
                    shots += shot_loss
            threats.append(worst + shots)
        assert any(t > 0.5 for t in threats), "the spots must be under a threat"
        # the same field with its threats taken out (kept for this decision by the AI)
        ctl._fields[u.uid] = [(ex, ey, reach, 0.0, shoot_reach, 0.0, lure, radii)
                              for ex, ey, reach, _, shoot_reach, _, lure, radii in field]
        safe = ctl._positions(st, u, spots)
        weight = ranged_w if ranged else melee_w
        for with_threats, without, threat in zip(scored, safe, threats, strict=True):
            assert with_threats == pytest.approx(without - weight * threat)


def _offered(view: RaidersReader, decision: Any) -> list[Unit]:
    return [view.by_uid(o.uid) for o in decision.options if isinstance(o, Activate)]


def _moves_under_ceilings(view: RaidersReader, player: int, decision: Any,
                          ctl: QuickHeuristicController) -> None:
    """Every Move and Run plan the quick model gives a unit offered is worth no more than its
    ceiling (a controller that has seen nothing weighs them), and the plan picked is the first
    of the most valuable of every plan weighed plainly."""
    fresh = QuickHeuristicController(KeptAcrossGames())
    for u in _offered(view, decision):
        for action in actions_for(view, u):
            if action in ("move", "run"):
                tire = fresh._tire(view, u, 1)
                ceiling = fresh._move_ceiling(view, u, action, tire)
                plans = fresh._move_plans(view, u, action, tire)
                assert all(p.value <= ceiling for p in plans), (u.name, action, plans, ceiling)
    _best_is_every_plans(view, player, decision, ctl)


def test_raiders_turn_activation_quick_heuristic_weighs_every_move_under_its_ceiling() -> None:
    """raiders.turn.activation / raiders.action.move: with the quick move model and its
    threat weights the move ceilings still bound every Move and Run plan (so skipping those
    under the floor loses none), and the plan picked is the best of every plan, at every
    activation of a game in each scenario (fails if the ceiling kept the full heuristic's
    threat weight, or the quick plan could end further than the allowance)."""
    moves = 0

    def at_activation(game: Any, player: int, decision: Any, ctl: Any) -> bool:
        nonlocal moves
        if decision.kind != "activate":
            return False
        view: RaidersReader = game.view(player)
        ctl.decide(view, decision, None)
        _moves_under_ceilings(view, player, decision, ctl)
        moves += sum(1 for u in _offered(view, decision) if u.deployed)
        return True

    for seed, options in GAMES:
        assert play_checking(seed, at_activation, options, QuickHeuristicController) > 20
    assert moves > 100


def test_raiders_action_move_quick_plan_heads_for_a_reachable_end() -> None:
    """raiders.action.move: the quick model's Move heads for where the terrain lets it end
    toward one of the menu's aims (a point :func:`reachable_end` gives), within its
    allowance, never into impassable terrain."""
    st = bare_state(terrain=TERRAIN)
    u = place(st, WARRIORS_1, 12, 20)
    place(st, 8, 20, 30)
    ctl = QuickHeuristicController(KeptAcrossGames())
    ctl.decide(st, _no_decision(), random.Random(0))
    for action, allowance in (("move", float(u.move)), ("run", float(u.run))):
        plans = ctl._move_plans(st, u, action, 0.0)
        assert len(plans) == 1
        point = plans[0].point
        assert point is not None
        ends = {reachable_end(st, u, (x, y), allowance) for x, y, _ in move_aims(st, u, allowance)}
        assert point in ends
        assert math.dist(point, (u.x, u.y)) <= allowance + 1e-6
        assert not st.table.in_impassable(point[0], point[1], u.radius)


def test_raiders_action_move_quick_heuristic_plans_no_move_for_a_unit_hemmed_in() -> None:
    """raiders.action.move / raiders.action.run: a unit ringed by its own units cannot get
    half an inch anywhere, so the quick model plans no Move or Run for it, as
    ``heuristic-full`` plans none (fails if the quick plan keeps a move that goes nowhere)."""
    st = bare_state(terrain=TERRAIN)
    u = place(st, WARRIORS_1, 20, 30)
    place(st, 8, 20, 42)
    ring = (WARRIORS_2, SPEARMEN, WIZARD, RANGERS, HOUNDS, THANE)
    for k, uid in enumerate(ring):
        other = place(st, uid, 0, 0)
        gap = u.radius + other.radius + 0.05
        angle = 2 * math.pi * k / len(ring)
        other.x, other.y = u.x + gap * math.cos(angle), u.y + gap * math.sin(angle)
    for ai in (QuickHeuristicController, HeuristicController):
        ctl = ai(KeptAcrossGames())
        ctl.decide(st, _no_decision(), random.Random(0))
        for action in ("move", "run"):
            assert ctl._move_plans(st, u, action, 0.0) == [], (ai.name, action)
    # and off the ring it does plan one (the test is not vacuous)
    free = bare_state(terrain=TERRAIN)
    place(free, WARRIORS_1, 20, 30)
    place(free, 8, 20, 42)
    ctl = QuickHeuristicController(KeptAcrossGames())
    ctl.decide(free, _no_decision(), random.Random(0))
    assert ctl._move_plans(free, free.by_uid(WARRIORS_1), "move", 0.0)


def _no_decision() -> Any:
    """A decision no handler answers (:meth:`HeuristicController.decide` only empties its
    per-decision tables and returns the first option)."""

    class _Nothing:
        kind = "nothing"
        options = [None]

    return _Nothing()


def test_raiders_action_move_quick_heuristic_answers_only_legal_destinations() -> None:
    """raiders.action.move / raiders.action.run: in a game of each scenario, every destination
    the quick heuristic answers for a unit on the table lies within the Move's or Run's
    allowance (the menu's ends are rounded to 0.001") and outside impassable terrain, and a
    planned one is where the terrain lets the unit end toward one of :func:`move_aims`' points
    (fails if the plan heads for the aim itself, or for a straight-line end the terrain
    forbids)."""
    seen = {"planned": 0, "menu": 0}

    def at_destination(game: Any, player: int, decision: Any,
                       ctl: QuickHeuristicController) -> bool:
        if decision.kind != "destination" or decision.info.get("entering"):
            return False
        view: RaidersReader = game.view(player)
        u = view.by_uid(decision.info["unit"])
        allowance = float(decision.info["allowance"])
        answer = ctl._destination(view, decision, random.Random(0))  # reads the plan only
        assert math.dist((answer.x, answer.y), (u.x, u.y)) <= allowance + 1e-3, (u.name, answer)
        assert not view.table.in_impassable(answer.x, answer.y, u.radius), (u.name, answer)
        if answer.label == "planned":
            seen["planned"] += 1
            ends = {reachable_end(view, u, (x, y), allowance)
                    for x, y, _ in move_aims(view, u, allowance)}
            assert (answer.x, answer.y) in ends, (u.name, answer)
        else:
            seen["menu"] += 1
        return True

    for seed, options in GAMES:
        assert play_checking(seed, at_destination, options, QuickHeuristicController) > 20
    assert seen["planned"] > 40
