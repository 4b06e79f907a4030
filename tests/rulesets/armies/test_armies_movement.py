"""Armies of Arcana: the Fleeing and Movement phases (armies.flee.*, armies.move.*)."""

from __future__ import annotations

import math

import pytest
from armies_helpers import (
    ARCHERS,
    KNIGHTS,
    NORTH,
    SLINGERS,
    SOUTH,
    SPEARMEN,
    TROLL,
    WARRIORS,
    WOLVES,
    bare_state,
    drive,
    events,
    place,
)

from warband.core.dice import Dice
from warband.rulesets.armies.choices import Order, Place, YesNo
from warband.rulesets.armies.options import Options
from warband.rulesets.armies.rules.fleeing import fleeing_phase, pursuit_attacks
from warband.rulesets.armies.rules.measure import fighters
from warband.rulesets.armies.rules.missile import can_shoot
from warband.rulesets.armies.rules.movement import (
    advance,
    charge_plan,
    infiltration_points,
    initiative,
    move_allowance,
    movement_phase,
    orders_for,
)


def test_initiative_rerolls_ties_and_the_winner_chooses() -> None:
    """armies.move.initiative: both roll a D6, ties again; the high roller moves first or
    second."""
    st = bare_state(dice=[4, 4, 2, 5])
    st.turn = 1
    asked = []

    def answer(d):  # type: ignore[no-untyped-def]
        asked.append(d.player)
        return YesNo(False)
    drive(initiative(st), answer)
    assert events(st, "initiative")[0]["rolls"] == [[4, 4], [2, 5]]
    assert asked == [1] and st.first_mover == 0  # B won and chose to move second


def test_charge_straight_ahead_engages_front_to_front() -> None:
    """armies.move.charge_declaration, armies.move.raf_wheel: a charge within the move ends
    with the charger's front flush against the target's face, fully in contact."""
    st = bare_state()
    sp = place(st, SPEARMEN, 20, 10, NORTH)
    wa = place(st, WARRIORS, 20.5, 14, SOUTH)
    plan = charge_plan(st, sp, wa)
    assert plan is not None
    [(mine, theirs, length)] = plan.contacts(wa.formation, 0.1)
    assert (mine, theirs) == ("front", "front")
    assert length == pytest.approx(min(sp.formation.width, wa.formation.width))
    assert Order(SPEARMEN, "charge", WARRIORS) in orders_for(st, sp)


def test_charge_out_of_reach_is_not_offered() -> None:
    """armies.move.charge_declaration: the whole charge must fit the unit's move."""
    st = bare_state()
    sp = place(st, SPEARMEN, 20, 10, NORTH)
    wa = place(st, WARRIORS, 20, 16, SOUTH)  # 6" away, move 5
    assert charge_plan(st, sp, wa) is None
    assert Order(SPEARMEN, "charge", WARRIORS) not in orders_for(st, sp)


def test_charge_manoeuvre_is_limited_to_a_quarter_of_the_move() -> None:
    """armies.move.charge_declaration: wheeling towards the target may use no more than a
    quarter of the move (the ``charge_window`` option switches the share)."""
    st = bare_state()
    kn = place(st, KNIGHTS, 20, 10, NORTH)
    wa = place(st, WARRIORS, 26, 14, SOUTH)
    assert charge_plan(st, kn, wa) is None
    st.options.charge_window = 1.0
    assert charge_plan(st, kn, wa) is not None


def test_flank_charge_meets_the_flank() -> None:
    """armies.move.raf_wheel: a charger beyond the target's flank engages that flank."""
    st = bare_state()
    wa = place(st, WARRIORS, 20, 20, NORTH)
    kn = place(st, KNIGHTS, 30, 18, math.pi)  # east of the warriors, facing west
    plan = charge_plan(st, kn, wa)
    assert plan is not None
    faces = {(m, t) for m, t, _ in plan.contacts(wa.formation, 0.1)}
    assert faces == {("front", "right")}


def test_skirmishers_reach_three_inches_further_when_charging() -> None:
    """armies.move.skirmisher_engage: skirmishers get 3" extra to engage."""
    st = bare_state()
    wolves = place(st, WOLVES, 20, 10, NORTH)
    wa = place(st, WARRIORS, 20, 10 + 12, SOUTH)  # 12": beyond the 10" move
    assert charge_plan(st, wolves, wa) is not None
    wa2 = place(st, WARRIORS, 20, 10 + 13.5, SOUTH)
    assert charge_plan(st, wolves, wa2) is None


def test_charged_unit_stands_and_shoots_and_charger_breathes() -> None:
    """armies.move.charge_response_fire, armies.move.charger_natural_missiles: the charged
    archers shoot during movement (and not again in the Missile phase); the charging troll's
    natural missiles are resolved during movement too."""
    st = bare_state()
    st.dice = Dice(3)
    st.turn = 1
    st.unit(ARCHERS).models = 4  # four shots cannot kill the eight-wound troll
    arch = place(st, ARCHERS, 20, 10, NORTH)
    troll = place(st, TROLL, 20, 14, SOUTH)
    st.units[WOLVES].gone = True  # no infiltrator decisions

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind == "order":
            u = st.unit(d.info["uid"])
            return Order(u.uid, "charge", ARCHERS) if u is troll else Order(u.uid, "hold")
        if d.kind == "move_first":
            return YesNo(d.player == 1)
        return d.options[0]
    drive(movement_phase(st), answer)
    shots = events(st, "shoot")
    assert [s["when"] for s in shots][:2] == ["charge_response", "charging"]
    assert arch.fired and not can_shoot(arch)
    assert troll.on_table and troll.fired
    if arch.on_table:
        assert ARCHERS in troll.engaged and TROLL in arch.engaged


def test_non_engaged_broken_unit_flees_away_from_the_nearest_enemy() -> None:
    """armies.flee.non_engaged: D6", plus the normal move if the owner chooses, straight
    away from the nearest enemy; armies.flee.no_second_move afterwards."""
    st = bare_state(dice=[3])
    kn = place(st, KNIGHTS, 20, 14, NORTH)
    place(st, WARRIORS, 20, 24, SOUTH)
    kn.broken = True
    before = kn.formation.centre
    drive(fleeing_phase(st), lambda d: YesNo(False))
    after = kn.formation.centre
    assert after[0] == pytest.approx(before[0])
    assert after[1] == pytest.approx(before[1] - 3)
    assert kn.moved_in_flee and move_allowance(kn) == 0


def test_fleeing_off_the_table_loses_the_unit() -> None:
    """armies.flee.non_engaged (yaml default): a unit that leaves the table is lost."""
    st = bare_state(dice=[6])
    kn = place(st, KNIGHTS, 20, 8, NORTH)
    place(st, WARRIORS, 20, 20, SOUTH)
    kn.broken = True
    drive(fleeing_phase(st), lambda d: YesNo(True))  # 6 + 9": off the south edge
    assert kn.gone and kn.fled_off and kn.formation is None


def _engaged_pair(dice: list[int]):  # type: ignore[no-untyped-def]
    st = bare_state(dice=dice)
    sp = place(st, SPEARMEN, 20, 10, NORTH)
    wa = place(st, WARRIORS, 20, 20, SOUTH)
    wa.formation = wa.formation.flush_against(sp.formation, "front")
    st.engage(sp, wa)
    sp.broken = True
    return st, sp, wa


def test_pursuers_who_catch_inflict_a_wound_per_attack() -> None:
    """armies.flee.engaged, armies.flee.pursuit: the fleer runs D6 + its move; a pursuer that
    reaches as far (D6 + its move) inflicts one automatic wound per melee attack it could
    make, without saves (the yaml default)."""
    st, sp, wa = _engaged_pair([2, 2])  # flee 2 + 5 = 7, pursue 2 + 5 = 7: caught
    attacks = pursuit_attacks(st, wa, sp)
    assert attacks == fighters(st, wa, sp) * 1 + 3  # the troops in contact and the Warboss
    drive(fleeing_phase(st), lambda d: YesNo(True))
    assert events(st, "pursue")[0]["caught"]
    assert sp.models == 24 - attacks
    assert not sp.engaged and not wa.engaged and wa.moved_in_flee


def test_slower_pursuers_inflict_nothing() -> None:
    """armies.flee.pursuit: a pursuer whose total falls short does not catch them."""
    st, sp, wa = _engaged_pair([3, 2])  # 8 against 7
    drive(fleeing_phase(st), lambda d: YesNo(True))
    assert not events(st, "pursue")[0]["caught"]
    assert sp.models == 24


def test_pursuit_saves_option() -> None:
    """armies.flee.pursuit with ``pursuit_saves`` on: armour saves against the wounds."""
    st, sp, wa = _engaged_pair([2, 2] + [1] * 9)  # every save a 1: all saved
    st.options = Options(pursuit_saves=True)
    drive(fleeing_phase(st), lambda d: YesNo(True))
    assert sp.models == 24


def test_non_engaged_units_flee_before_engaged_ones() -> None:
    """armies.flee.order: non-engaged broken units move first."""
    st, sp, wa = _engaged_pair([2, 1, 2])
    kn = place(st, KNIGHTS, 40, 14, NORTH)
    kn.broken = True
    drive(fleeing_phase(st), lambda d: YesNo(False))
    assert [e["unit"] for e in events(st, "flee_roll")] == [kn.name, sp.name]


def test_skirmishers_keep_a_three_inch_move_after_the_fleeing_phase() -> None:
    """armies.flee.no_second_move: units that moved in the Fleeing phase do not move again,
    except skirmishers' 3" bonus."""
    st = bare_state()
    wolves = place(st, WOLVES, 10, 10, NORTH)
    wa = place(st, WARRIORS, 30, 10, NORTH)
    wolves.moved_in_flee = wa.moved_in_flee = True
    assert move_allowance(wolves) == 3.0 and move_allowance(wa) == 0.0
    assert orders_for(st, wa) == [Order(WARRIORS, "hold")]
    assert all(o.kind != "charge" for o in orders_for(st, wolves))


def test_infiltration_points_keep_away_from_the_enemy() -> None:
    """armies.move.infiltrators: outside the enemy deployment area and 6" from every
    enemy."""
    st = bare_state()
    for uid, x in ((SPEARMEN, 12), (ARCHERS, 22), (KNIGHTS, 34)):
        place(st, uid, x, 8, NORTH)
    wolves = st.unit(WOLVES)
    points = infiltration_points(st, wolves)
    assert points
    for x, y in points:
        f = wolves.formation
        assert y >= 8  # their deployment zone is y < 8 for side B
        place(st, WOLVES, x, y, SOUTH)
        assert all(wolves.formation.distance(st.unit(e).formation) >= 6
                   for e in (SPEARMEN, ARCHERS, KNIGHTS))
        wolves.formation, wolves.deployed = f, False


def test_late_infiltrators_neither_move_nor_shoot_well() -> None:
    """armies.move.infiltrators: placed at the end of the Movement phase, the unit may not
    move that turn and shoots at -1."""
    st = bare_state(dice=[5, 2])
    st.turn = 1
    st.units[WOLVES].profile = st.units[SLINGERS].profile.model_copy(
        update={"traits": frozenset({*st.units[SLINGERS].profile.traits,
                                     *st.units[WOLVES].profile.traits})})
    place(st, SPEARMEN, 20, 8, NORTH)

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind == "infiltrate":
            return Place(WOLVES, "late")
        if d.kind == "infiltrate_late":
            return next(o for o in d.options if o.when == "now")
        return d.options[0]
    drive(movement_phase(st), answer)
    wolves = st.unit(WOLVES)
    assert wolves.on_table and wolves.late and move_allowance(wolves) == 0
    from warband.rulesets.armies.rules.missile import to_hit_skill
    sp = st.unit(SPEARMEN)
    normal = to_hit_skill(st, wolves, sp, 10.0)
    wolves.late = False
    assert to_hit_skill(st, wolves, sp, 10.0) == normal + 1


def test_advance_stays_an_inch_from_the_enemy() -> None:
    """House rule (armies.move.side_moves): a unit that does not charge stops 1" short."""
    st = bare_state()
    sp = place(st, SPEARMEN, 20, 10, NORTH)
    wa = place(st, WARRIORS, 20, 13, SOUTH)
    end = advance(st, sp, wa, 5)
    assert end.distance(wa.formation) >= 1 - 1e-6
    assert end.distance(wa.formation) < 1.3
