"""The Turn: Mettle (Rout, Panic from Outnumbered, Random Movement, Recovery), Orders (Strategy
Check, Edge Turnover, Tactical Pools and Dice), Actions (Breaks, Forfeits, Moves, Charges,
Disengage) and terrain."""

from __future__ import annotations

import math

import pytest
from sm_helpers import (
    ALDO,
    BOW_1,
    BRAND,
    ISOLDE,
    KORGA,
    SPEAR_1,
    SPEAR_2,
    TAMSIN,
    WATCH_1,
    WATCH_2,
    WENNA,
    XBOW_1,
    bare_state,
    drive,
    first,
    no_tactical,
    place,
)

from warband.core.decisions import Decision
from warband.rulesets.sword_marches.choices import Act
from warband.rulesets.sword_marches.rules import turn
from warband.rulesets.sword_marches.rules.terrain import line_of_sight, move_model

WOOD = {"name": "wood", "kind": "difficult", "area": True,
        "points": [[10, 12], [20, 12], [20, 16], [10, 16]]}
STRIP = {"name": "stream", "kind": "difficult", "points": [[0, 14], [36, 14], [36, 16], [0, 16]]}


# ------------------------------------------------------------------------------ Mettle
def test_rout_check_worked_example() -> None:
    """sm.mettle.rout_check, sm.check.rout: 8 models, 3 Wounded - d10 + CMD against d10 + 3; a
    failure loses the game. sm.mettle.rout_warlord_condition: a Broken Warlord cannot help."""
    st = bare_state(a=2, b=0, dice=[5, 7])  # Hollow Court (8 models, CMD 4) vs Ashen Company
    for uid in (3, 4, 5):
        st.models[uid].on_table, st.models[uid].wounded = False, True
    st.turn = 2
    drive(turn.mettle(st), first)
    assert st.over and st.extra["end"] == ("rout", 1)  # 5 + 4 = 9 < 7 + 3
    st = bare_state(a=2, b=0, dice=[6, 7])
    for uid in (3, 4, 5):
        st.models[uid].on_table = False
    drive(turn.mettle(st), first)
    assert not st.over  # 10 >= 10: ties go to the Primary (sm.core.player_roles, sm.check.general)
    st = bare_state(a=2, b=0, dice=[4, 2])
    for uid in (3, 4, 5):
        st.models[uid].on_table = False
    st.models[0].broken = True  # a Broken Warlord: a bare d10, 4 + 0 < 2 + 3
    drive(turn.mettle(st), first)
    assert st.over and st.extra["end"] == ("rout", 1)


def test_rout_threshold_by_rivalry_and_relentless_crusader() -> None:
    """sm.mettle.rout_check (25%, 50% against a Rival: sm.faction.selection,
    sm.faction.march_wardens, sm.faction.lords_of_entropy), sm.archetype.relentless_crusader
    (50%, 75% against a Rival, while its Warlord is not Wounded)."""
    st = bare_state(a=1, b=2)  # March Wardens vs Lords of Entropy: Rivals
    assert st.rivals
    assert turn.rout_threshold(st, 0) == 0.5
    st = bare_state(a=1, b=0)
    assert not st.rivals and turn.rout_threshold(st, 0) == 0.25
    assert turn.rout_threshold(st, 1) == 0.5  # the Ashen Company's Relentless Crusader
    st.models[7].wounded = True  # Brand, its Warlord (side 1 here)
    assert turn.rout_threshold(st, 1) == 0.25


def test_both_warbands_failing_their_rout_checks_is_a_draw() -> None:
    """sm.mettle.multiple_rout."""
    st = bare_state(dice=[1, 10, 1, 10])
    for uid in (SPEAR_1, SPEAR_2, XBOW_1, WENNA, WATCH_1, WATCH_2, BOW_1, TAMSIN):
        st.models[uid].on_table = False
    drive(turn.mettle(st), first)
    assert st.over and st.extra["end"] == ("rout", None)


def test_panic_from_outnumbered_breaks_and_forces_a_disengage() -> None:
    """sm.mettle.panic_step, sm.panic.outnumbered (Difficulty 5 + 1 per extra enemy, no friend
    within 3"), sm.check.panic,
    sm.panic.outnumbered_failure (fail the Disengage and it is cut down)."""
    st = bare_state(dice=[1, 10, 1, 10])  # Panic 1 + 2 vs 10 + 6; Disengage 1 + 3 vs 10 + ..
    victim = place(st, SPEAR_1, 18, 18)
    place(st, WATCH_1, 18, 19.6)
    place(st, WATCH_2, 19.6, 18)
    place(st, BRAND, 30, 30)
    drive(turn.mettle(st), first)
    assert victim.wounded


def test_broken_models_flee_and_leave_the_table() -> None:
    """sm.condition.broken_flight, sm.mettle.random_movement: a Random Check in inches toward
    the nearest edge; crossing it the model leaves play and counts as lost for Rout."""
    st = bare_state(dice=[9, 1])
    m = place(st, SPEAR_1, 3, 18)
    m.broken = True
    turn._flee(st, m)
    assert m.fled and not m.on_table and st.lost(0) == 1
    st = bare_state(dice=[4, 4])
    m = place(st, SPEAR_1, 10, 18)
    m.broken = True
    turn._flee(st, m)
    assert m.on_table and (m.x, m.y) == (10, 18)  # a zero freezes it
    st = bare_state(dice=[])
    m = place(st, SPEAR_1, 10, 18)
    m.broken = m.shocked = True
    turn._flee(st, m)
    assert m.wounded  # Broken and Shocked together Wounds (sm.condition.shocked_escalation)


def test_shocked_models_recover_in_the_mettle_phase() -> None:
    """sm.mettle.recover_shocked."""
    st = bare_state(dice=[])
    st.models[SPEAR_1].shocked = True
    drive(turn.mettle(st), first)
    assert not st.models[SPEAR_1].shocked


# ------------------------------------------------------------------------------ Orders
def test_strategy_check_gives_the_edge_and_the_difference_in_tokens() -> None:
    """sm.orders.strategy_check, sm.check.strategy, sm.orders.overview: d10 + Warlord CMD each;
    the higher has the Edge and adds the
    difference to its Tactical Pool; the other has the Break (one Break Token)."""
    st = bare_state(dice=[7, 3])  # 7 + 4 = 11 vs 3 + 6 = 9
    st.turn, st.edge, st.edge_streak = 2, 1, 1
    drive(turn.orders(st), first)
    assert st.edge == 0 and st.break_tokens == [0, 1]
    base = st.cat.tactical_pool(7, 4)
    assert st.tactical_dice[0] == min(3, (base + 2 - 7) // 3)


def test_strategy_check_tie_and_edge_turnover() -> None:
    """sm.orders.edge_turnover: a tie gives the Edge to last Turn's Break holder; two Edges in
    a row hand it over without a Check."""
    st = bare_state(dice=[5, 3])  # 9 vs 9
    st.turn, st.edge, st.edge_streak = 2, 1, 1
    drive(turn.orders(st), first)
    assert st.edge == 0
    st = bare_state(dice=[])  # no dice: no Strategy Check at all
    st.turn, st.edge, st.edge_streak = 3, 1, 2
    drive(turn.orders(st), first)
    assert st.edge == 0


def test_first_turn_intruder_has_the_edge_and_an_extra_tactical_die() -> None:
    """sm.orders.first_turn: no Strategy Check; the Intruder has the Edge and one more Tactical
    Die (never past 3); sm.orders.tactical_dice: 3 spare Tokens make a die."""
    st = bare_state(dice=[])
    st.turn, st.intruder = 1, 1
    drive(turn.orders(st), first)
    assert st.edge == 1
    spare = [st.cat.tactical_pool(7, 4) - 7, st.cat.tactical_pool(7, 6) - 7]
    assert st.tactical_dice == [spare[0] // 3, min(3, spare[1] // 3 + 1)]


def test_ordering_is_alternate_and_short_pools_leave_models_without_tokens() -> None:
    """sm.orders.order_actions, sm.orders.tactical_pool (house table), sm.condition.active."""
    st = bare_state(dice=[])
    st.turn = 1
    st.starting = [3, 7]  # a small pool for side 0: 3 models' worth of Tokens for 7 models
    asked: list[int] = []

    def answer(d: Decision) -> object:
        if d.kind == "order":
            asked.append(d.player)
        return d.options[0]

    drive(turn.orders(st), answer)
    active = [m for m in st.side_models(0) if m.active]
    assert len(active) == st.cat.tactical_pool(3, 4)
    assert set(asked) == {0}
    assert all(m.active for m in st.side_models(1))


def test_wounded_warlord_pool_and_cunning_barbarian() -> None:
    """sm.orders.tactical_pool (Wounded Warlord Tactical Pool Table),
    sm.archetype.cunning_barbarian (+CON/2 Tokens while its Warlord stands)."""
    st = bare_state(a=2, b=0, dice=[])
    st.turn = 1
    drive(turn.orders(st), first)
    assert st.tactical_dice[0] == min(3, (st.cat.tactical_pool(8, 4) + 5 // 2 - 8) // 3 + (
        1 if st.intruder == 0 else 0))
    st = bare_state(dice=[])
    st.turn = 1
    st.models[BRAND].on_table = False
    st.models[BRAND].wounded = True
    drive(turn.orders(st), first)
    assert sum(m.active for m in st.side_models(0)) == st.cat.wounded_warlord_pool(6)


# ------------------------------------------------------------------------------ Actions
def _phase(st, answer) -> None:  # type: ignore[no-untyped-def]
    st.edge = 0
    drive(turn.action_phase(st), answer)


def test_forfeiting_every_action_loses_the_game() -> None:
    """sm.actionphase.forfeit: Forfeiting all of a Warband's Actions in a Turn loses."""
    st = bare_state(dice=[])
    place(st, SPEAR_1, 5, 5)
    place(st, WATCH_1, 30, 30)
    st.models[SPEAR_1].active = st.models[WATCH_1].active = True

    def answer(d: Decision) -> object:
        if d.kind == "action":
            acts = {o.action: o for o in d.options}
            return acts["forfeit"] if d.player == 0 else acts["move"]
        return no_tactical(d)

    _phase(st, answer)
    turn.end_of_turn(st)
    assert st.over and st.extra["end"] == ("forfeit", 1)


def test_forfeit_while_engaged_needs_a_command_check() -> None:
    """sm.actionphase.forfeit: an Engaged model must pass CMD against Difficulty (5)."""
    st = bare_state(dice=[1, 10, 1, 1, 1, 1, 1, 1])  # fails the Forfeit, must fight instead
    m = place(st, SPEAR_1, 10, 10)
    place(st, WATCH_1, 10, 11.5)
    m.active = True
    kinds = []

    def answer(d: Decision) -> object:
        if d.kind == "action":
            kinds.append([o.action for o in d.options])
            return next((o for o in d.options if o.action == "forfeit"),
                        next(o for o in d.options if o.action == "stand_and_fight"))
        return no_tactical(d)

    _phase(st, answer)
    assert st.forfeited[0] == 0 and st.acted[0] == 1
    assert "forfeit" not in kinds[-1]


def test_a_break_interrupts_and_the_interrupted_model_cannot_break_back() -> None:
    """sm.actionphase.break, sm.actionphase.break_resolution, sm.actionphase.edge,
    sm.actionphase.sequence (alternating Actions), sm.actionphase.declaring: the Edge's
    first Action is Unbreakable; the Break holder spends its Token with an Active model, which
    acts at once; the original model then declares again."""
    st = bare_state(dice=[], options=None)
    st.dice = __import__("warband.core.dice", fromlist=["Dice"]).Dice(3)
    brand = place(st, BRAND, 10, 10)
    spear = place(st, SPEAR_1, 20, 10)
    bow = place(st, BOW_1, 10, 20)
    watch = place(st, WATCH_1, 25, 10)
    for m in (brand, spear, bow, watch):
        m.active = True
    st.break_tokens = [0, 1]
    seen: list[tuple[str, int]] = []

    def answer(d: Decision) -> object:
        seen.append((d.kind, d.player))
        if d.kind == "break":
            return d.options[-1] if d.player == 1 else -1
        if d.kind == "action":
            moves = [o for o in d.options if o.action == "move"]
            return moves[0] if moves else d.options[0]
        return no_tactical(d)

    _phase(st, answer)
    breaks = [k for k in seen if k[0] == "break"]
    assert breaks and all(p == 1 for _, p in breaks)
    # the Edge's first Action was not offered to a Break
    assert seen[:3] == [("act_first", 0), ("activate", 0), ("action", 0)]
    assert seen[3][0] != "break"
    assert st.break_tokens == [0, 0]
    assert sum(m.broke_this_turn for m in st.models) == 1
    assert st.acted == [2, 2]


def test_moves_keep_an_inch_from_enemies_but_a_charge_engages() -> None:
    """sm.core.enemy_exclusion (no Move within 1" of an enemy), sm.action.charge and
    sm.cc.engaged (within 1")."""
    st = bare_state(dice=[1, 1, 1, 1, 1, 1, 1, 1])
    m = place(st, SPEAR_1, 10, 10)
    e = place(st, WATCH_1, 10, 16)
    x, y, _ = move_model(st, m, (e.x, e.y), 6.0)
    m.x, m.y = x, y
    assert st.gap(m, e) >= 1.0 - 1e-6
    m = place(st, SPEAR_1, 10, 10)
    m.active = True
    drive(turn.execute(st, 0, Act(SPEAR_1, "charge", WATCH_1), False), no_tactical)
    assert st.gap(m, e) <= 1.0 + 0.02


def test_difficult_ground_three_inches_and_stop_inside() -> None:
    """sm.terrain.difficult_ground: starting inside, 3"; from outside, it may go in but stops
    just inside rather than cross; sm.action.hustle may not enter it; sm.trait.ranger ignores."""
    st = bare_state(terrain=[STRIP])
    m = place(st, SPEAR_1, 10, 2)  # sm.terrain.open_ground: the full Move
    _, y, moved = move_model(st, m, (10, 8), 6.0)
    assert moved == pytest.approx(6.0) and y == pytest.approx(8.0)
    m = place(st, SPEAR_1, 10, 15)
    _, y, moved = move_model(st, m, (10, 30), 6.0)
    assert moved == pytest.approx(3.0)
    m = place(st, SPEAR_1, 10, 12)
    _, y, _ = move_model(st, m, (10, 30), 6.0)
    assert 14 < y < 16  # stopped in the stream
    _, y, _ = move_model(st, m, (10, 30), 10.0, "hustle")
    assert y < 14 - m.r + 0.01
    ranger = place(st, TAMSIN, 20, 12)
    _, y, _ = move_model(st, ranger, (20, 30), 8.0)
    assert y == pytest.approx(20.0)


def test_area_terrain_sight() -> None:
    """sm.terrain.area_terrain, sm.terrain.area_los: no sight through Area Terrain; 2" into it
    from outside; sm.combat.line_of_sight."""
    st = bare_state(terrain=[WOOD])
    a = place(st, BOW_1, 15, 8)
    b = place(st, BRAND, 15, 20)
    assert not line_of_sight(st, a, b)
    place(st, BRAND, 15, 13)  # 1" inside the edge
    assert line_of_sight(st, a, b)
    place(st, BRAND, 15, 14.9)  # nearly 3" in: hidden
    assert not line_of_sight(st, a, b)


def test_disengage_escapes_on_a_pass() -> None:
    """sm.action.disengage: d10 + modified CBT against the best Engaged enemy's + 1 per other;
    passing, it moves away."""
    st = bare_state(dice=[10, 1])
    m = place(st, SPEAR_1, 10, 10)
    e = place(st, WATCH_1, 10, 11.5)
    m.active = True
    drive(turn.execute(st, 0, Act(SPEAR_1, "disengage"), False), first)
    assert st.gap(m, e) > 1.0


def test_steady_ends_broken() -> None:
    """sm.action.steady."""
    st = bare_state(dice=[])
    m = place(st, SPEAR_1, 10, 10)
    m.broken = m.active = True
    assert [o.action for o in turn.options_for(st, m)] == ["steady", "forfeit"]
    drive(turn.execute(st, 0, Act(SPEAR_1, "steady"), False), first)
    assert not m.broken


def test_kingmaker_and_belay_order_pass_tokens() -> None:
    """sm.trait.belay_order: the Warlord moves an Active friend's Token to a Ready friend in
    its Command Radius."""
    st = bare_state(a=1, b=0, dice=[])
    wl = place(st, 0, 10, 10)  # Dame Isolde, Belay Order, CMD 6
    giver, taker = place(st, 3, 12, 10), place(st, 4, 14, 10)
    giver.active = True
    opts = [o for o in turn.options_for(st, giver) if o.action == "belay_order"]
    assert any(o.target == taker.uid for o in opts)
    drive(turn.execute(st, 1 - 1, Act(giver.uid, "belay_order", taker.uid), False), first)
    assert taker.active and not giver.active and st.belay_used[0]
    assert wl.ready


def test_ambush_hides_until_an_enemy_comes_within_cbt() -> None:
    """sm.action.ambush: a Move ending by terrain that conceals it from every enemy; an enemy
    within its CBT in inches detects it."""
    st = bare_state(terrain=[WOOD], dice=[])
    m = place(st, BOW_1, 15, 10)
    place(st, BRAND, 15, 30)
    m.active = True
    drive(turn.execute(st, 1, Act(BOW_1, "ambush", -1, 15, 14), False), first)
    assert m.ambush
    place(st, BRAND, 15, m.y + 3)
    turn.update_ambushes(st)
    assert not m.ambush


def test_turn_ends_by_clearing_tokens_and_dice_and_soldiers_recover() -> None:
    """sm.orders.tactical_dice (unused dice are lost), sm.origin.caste_soldier (Recovers at
    the end of the Turn it was Shocked)."""
    st = bare_state(a=2, b=0, dice=[])
    st.tactical_dice = [2, 1]
    soldier = st.models[3]
    soldier.shocked = True
    st.models[4].active = True
    turn.end_of_turn(st)
    assert st.tactical_dice == [0, 0] and not soldier.shocked and not st.models[4].active


def test_graceful_moves_eight_and_stout_hustles_two() -> None:
    """sm.origin.bloodline_graceful (Move 8"), sm.origin.bloodline_stout (+2" for any +4")."""
    st = bare_state()
    assert st.models[TAMSIN].f.move == 8.0
    assert turn._allowance(st.models[KORGA], 4.0) == 8.0
    assert turn._allowance(st.models[ALDO], 4.0) == 10.0
    assert math.isclose(turn._allowance(st.models[ISOLDE], 0.0), 6.0)


HEDGE = {"name": "hedge", "kind": "open", "obstacle": True, "height": 1.5,
         "points": [[4, 14.6], [30, 14.6], [30, 15.4], [4, 15.4]]}
WALL3 = {"name": "wall", "kind": "open", "obstacle": True, "height": 3.0, "cover": True,
         "points": [[4, 14.6], [30, 14.6], [30, 15.4], [4, 15.4]]}


def test_low_obstacles_stop_a_move_unless_it_starts_touching() -> None:
    """sm.terrain.obstacles: an Obstacle of 1-2" is crossed only by a model touching it when
    it starts, which then goes up to 3" beyond; otherwise it moves up to it and stops."""
    st = bare_state(terrain=[HEDGE])
    m = place(st, SPEAR_1, 10, 12)
    _, y, _ = move_model(st, m, (10, 30), 6.0)
    assert y == pytest.approx(14.6 - m.r, abs=0.05)
    m = place(st, SPEAR_1, 10, 14.6 - m.r)  # touching
    _, y, _ = move_model(st, m, (10, 30), 6.0)
    assert 15.4 + m.r < y <= 15.4 + m.r + 3.0 + 0.01
    _, y, _ = move_model(st, m, (10, 0), 6.0)  # away from it: a full Move
    assert y == pytest.approx(14.6 - m.r - 6.0, abs=0.01)


def test_low_obstacles_hide_unless_a_model_touches_them() -> None:
    """sm.terrain.obstacle_los: Obstacles block sight; a model touching one of 2" or less sees
    over it and can be seen."""
    st = bare_state(terrain=[HEDGE])
    a, b = place(st, BOW_1, 10, 8), place(st, BRAND, 10, 22)
    assert not line_of_sight(st, a, b)
    place(st, BRAND, 10, 15.4 + b.r)  # touching the far side
    assert line_of_sight(st, a, b)


def test_climbing_a_high_wall_is_a_terrain_check() -> None:
    """sm.action.climb, sm.terrain.climb, sm.terrain.terrain_check, sm.check.terrain: CBT +
    d10 against d10 + the height rounded up; passing, the model is placed over the wall; a
    Heavy model may not Climb (sm.geartrait.heavy)."""
    st = bare_state(terrain=[WALL3], dice=[8, 2])  # 8 + 3 vs 2 + 3
    m = place(st, SPEAR_1, 10, 14.6 - 0.5)
    m.active = True
    climb = [o for o in turn.options_for(st, m) if o.action == "climb"]
    assert len(climb) == 1
    drive(turn.execute(st, 0, climb[0], False), first)
    assert m.y > 15.4 + m.r
    st = bare_state(terrain=[WALL3], dice=[1, 9])
    m = place(st, SPEAR_1, 10, 14.6 - 0.5)
    m.active = True
    drive(turn.execute(st, 0, turn.options_for(st, m)[-2], False), first)
    assert m.y < 14.6
    korga = place(st, KORGA, 20, 14.6 - 0.5)
    korga.f = __import__("dataclasses").replace(korga.f, heavy=True)
    korga.active = True
    assert not [o for o in turn.options_for(st, korga) if o.action == "climb"]


def test_a_whole_turn_runs_mettle_orders_then_actions() -> None:
    """sm.turn.overview, sm.mettle.overview, sm.orders.overview: the three Phases in order."""
    from warband.core.dice import Dice

    st = bare_state()
    st.dice = Dice(5)
    place(st, BRAND, 10, 5)
    place(st, WATCH_1, 20, 30)
    drive(turn.play_turn(st), no_tactical)
    kinds = [e.kind for e in st.log.events]
    assert kinds[0] == "turn"
    assert kinds.index("edge") < kinds.index("pools") < kinds.index("tactical_dice")
    assert kinds.index("tactical_dice") < kinds.index("declare")


def test_standing_mobile_and_stand_and_fight_actions() -> None:
    """sm.action.standing_fire (no Move, full RoF), sm.action.mobile_fire (Move, then the
    shot at RoF/2), sm.action.stand_and_fight (Engaged, no Charge bonus), sm.action.move,
    sm.combat.sequence, sm.combat.range (base edge to base edge), sm.core.labels (the
    Attacker and Defender named in the events)."""
    from warband.core.dice import Dice

    st = bare_state()
    st.dice = Dice(2)
    bow, target = place(st, BOW_1, 10, 5), place(st, BRAND, 10, 15)
    assert st.gap(bow, target) == pytest.approx(10 - bow.r - target.r)
    bow.active = True
    drive(turn.execute(st, 1, Act(BOW_1, "standing_fire", BRAND), False), no_tactical)
    shot = next(e for e in st.log.events if e.kind == "shot")
    assert shot["rof"] == 2 and shot["attacker"] == BOW_1 and shot["defender"] == BRAND
    assert not any(e.kind == "move" for e in st.log.events)
    target.on_table, target.wounded, target.shocked = True, False, False
    place(st, BRAND, 10, 15)
    bow.active = True
    drive(turn.execute(st, 1, Act(BOW_1, "mobile_fire", -1, 10, 9), False), no_tactical)
    kinds = [e.kind for e in st.log.events]
    assert kinds.index("move", kinds.index("shot") + 1) < len(kinds)
    last = [e for e in st.log.events if e.kind == "shot"][-1]
    assert last["mode"] == "mobile_fire" and last["rof"] == 1
    spear = place(st, SPEAR_1, 25, 25)
    place(st, WATCH_2, 25, 26.5)
    spear.active = True
    drive(turn.execute(st, 0, Act(SPEAR_1, "stand_and_fight", WATCH_2), False), no_tactical)
    melee = [e for e in st.log.events if e.kind == "melee"][-1]
    assert melee["charge"] is False and melee["attacker"] == SPEAR_1


def test_cover_adjustment_clears_a_wall_for_a_straight_charge() -> None:
    """sm.combat.cover_adjustment_charge: a model whose Cover blocks its straight Charge may
    use 1" of its Charge Move to clear it."""
    wall = {"name": "wall", "kind": "open", "obstacle": True, "height": 3.0, "cover": True,
            "points": [[8, 14.6], [12, 14.6], [12, 15.4], [8, 15.4]]}
    st = bare_state(terrain=[wall], dice=[1] * 12)
    m = place(st, SPEAR_1, 12.0, 14.0)
    target = place(st, WATCH_1, 11.8, 20)
    start = turn.charge_start(st, m, target)
    assert start is not None and start != (m.x, m.y)
    m.active = True
    drive(turn.execute(st, 0, Act(SPEAR_1, "charge", WATCH_1), False), no_tactical)
    assert any(e.kind == "cover_adjustment" for e in st.log.events)
    assert st.gap(m, target) <= 1.02


def test_sight_cache_tells_base_sizes_apart() -> None:
    """sm.terrain.obstacle_los, sm.combat.line_of_sight: the sight cache is keyed on
    the bases too, not only their centres: a larger base at the same spot touches the hedge and
    sees over it, though a smaller one asked first (and cached) did not."""
    st = bare_state(terrain=[HEDGE])
    a, b = place(st, BOW_1, 10, 8), place(st, BRAND, 10, 22)
    place(st, BRAND, 10, 16.0)  # 0.6" from the hedge: a 0.49" base does not touch it
    assert not line_of_sight(st, a, b)
    b.r = 0.6  # a 30 mm base on the same centre touches it
    assert line_of_sight(st, a, b)
