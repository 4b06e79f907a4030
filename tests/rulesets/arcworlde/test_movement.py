"""Movement rules: free movement, Leg It, Agile, Charging, terrain, Prone and standing up.

Each test sets up one situation with hand-placed Characters and scripted dice and checks the
exact outcome. Rule ids are in the test names and docstrings.
"""

from __future__ import annotations

import math

import pytest

from warband.core.decisions import IllegalChoice
from warband.rulesets.arcworlde import choices as C

from .arena import Arena, attack, box, profile, terrain


def options_of(run, kind: type) -> list:  # type: ignore[no-untyped-def]
    pending = run.pending
    assert pending is not None, "the Activation has already ended"
    return [o for o in pending.options if isinstance(o, kind)]


# ------------------------------------------------------------------------ free movement
def test_arcworlde_action_free_move_up_to_movement_without_ap(arena: Arena) -> None:
    """arcworlde.action.free_move: a Movement 5 Character moves up to 5 inches for no AP."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))  # Movement 5, 3AP
    run = arena.activate(grunt, C.Move(5, 30))
    assert (grunt.x, grunt.y) == pytest.approx((5, 10))
    assert run.events("move")[0]["inches"] == 5
    assert run.pending.info["ap"] == 3  # nothing spent
    assert arena.dice_left == 0 and arena.st.dice.rolled == 0  # no dice either


def test_arcworlde_action_free_move_shorter_than_movement(arena: Arena) -> None:
    """arcworlde.action.free_move: any distance up to the Movement stat (here 2 of 5)."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    arena.activate(grunt, C.Move(7, 5))
    assert (grunt.x, grunt.y) == pytest.approx((7, 5))


def test_arcworlde_action_free_move_only_once_per_activation(arena: Arena) -> None:
    """arcworlde.action.free_move: one free movement per Activation, not split."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    run = arena.activate(grunt, C.Move(5, 7))
    assert options_of(run, C.Move) == []
    with pytest.raises(IllegalChoice):
        run.answer(C.Move(5, 9))
    assert (grunt.x, grunt.y) == pytest.approx((5, 7))


def test_arcworlde_activation_free_move_after_an_action(arena: Arena) -> None:
    """arcworlde.activation.ap_and_actions: the free movement may come after an Action
    (our reading: at any single point of the Activation)."""
    archer = arena.add("halfling-archer", 0, (5, 5))
    target = arena.add("ourk-grunt", 1, (5, 15))
    arena.dice(1)  # the Shot Feat fails: no friend in contact, a plain miss
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    assert run.events("miss")
    assert options_of(run, C.Move)
    run.answer(C.Move(1, 5))
    assert archer.x == pytest.approx(1)


def test_arcworlde_action_free_move_stops_at_base_contact(arena: Arena) -> None:
    """arcworlde.action.free_move: a move cannot pass through a base; moving at an enemy
    ends in base contact (arcworlde.combat.engagement)."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    militia = arena.add("halfling-militia", 1, (5, 8))
    run = arena.activate(grunt, C.Move(militia.x, militia.y))
    assert arena.st.in_contact(grunt, militia)
    assert arena.st.distance(grunt, militia) == pytest.approx(0, abs=1e-6)
    assert run.events("engage")[0]["enemies"] == [militia.name]
    # Engaged: it may fight; it cannot simply walk away.
    assert options_of(run, C.Move) == []
    assert options_of(run, C.Attack) == [C.Attack("Chop", militia.uid)]


def test_arcworlde_action_free_move_round_a_friend_in_the_way(arena: Arena) -> None:
    """arcworlde.action.free_move: a friend's base in the way is walked round, not crossed
    (the rules yaml: no moving through bases)."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    friend = arena.add("ourk-grunt", 0, (5, 7.5))
    arena.activate(grunt, C.Move(5, 30))
    assert arena.st.distance(grunt, friend) >= -1e-6
    assert grunt.y > friend.y  # got past it


def test_arcworlde_combat_engagement_bumping_an_enemy_ends_the_move(arena: Arena) -> None:
    """arcworlde.combat.engagement: moving into base contact with an enemy Engages it, even
    when the move was heading further on."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    militia = arena.add("halfling-militia", 1, (5, 8))
    arena.activate(grunt, C.Move(5, 20))
    assert arena.st.in_contact(grunt, militia)


# ------------------------------------------------------------------------------- Leg It
def test_arcworlde_action_leg_it_needs_the_free_move_first(arena: Arena) -> None:
    """arcworlde.action.leg_it: only after the free movement has been used."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    run = arena.activate(grunt)
    assert options_of(run, C.LegIt) == []
    run.answer(C.Move(5, 10))
    assert options_of(run, C.LegIt) == [C.LegIt()]


def test_arcworlde_action_leg_it_costs_1ap_and_moves_up_to_the_roll(arena: Arena) -> None:
    """arcworlde.action.leg_it: 1AP, roll a D6, move up to that many more inches (the book's
    example: a 4 lets the Character move an extra 4 inches)."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    arena.dice(4)
    run = arena.activate(grunt, C.Move(5, 10), C.LegIt())
    assert run.pending.kind == "leg_it_move"
    assert run.pending.info["inches"] == 4
    run.answer(C.Move(5, 30))
    assert grunt.y == pytest.approx(14)
    assert run.pending.info["ap"] == 2


def test_arcworlde_action_leg_it_further_rolls_are_free(arena: Arena) -> None:
    """arcworlde.action.leg_it: after a safe roll more rolls cost no AP."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    arena.dice(2, 3)
    run = arena.activate(grunt, C.Move(5, 10), C.LegIt(), C.Move(5, 30), C.LegIt(), C.Move(5, 30))
    assert grunt.y == pytest.approx(15)
    assert [e["attempt"] for e in run.events("leg_it")] == [1, 2]
    assert run.pending.info["ap"] == 2


@pytest.mark.parametrize(
    ("attempt", "trips_on"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)]
)
def test_arcworlde_action_leg_it_trip_threshold_falls_each_roll(
    arena: Arena, attempt: int, trips_on: int
) -> None:
    """arcworlde.action.leg_it: the nth roll of an Activation trips on (7 - n)+: 6, then 5+,
    4+... Safe 1s carry the Character to roll ``attempt``, which then shows exactly the
    threshold: one below it is safe, the threshold itself trips."""
    for face, trips in ((trips_on - 1, False), (trips_on, True)):
        if face < 1:
            continue
        a = Arena()
        grunt = a.add("ourk-grunt", 0, (5, 5))
        a.dice(*([1] * (attempt - 1)), face)
        run = a.activate(grunt, C.Move(5, 10))
        for _ in range(attempt - 1):
            run.answer(C.LegIt(), C.Move(5, 30))
        run.answer(C.LegIt())
        last = run.events("leg_it")[-1]
        assert (last["attempt"], last["trips_on"], last["trips"]) == (attempt, trips_on, trips)
        assert grunt.prone is trips


def test_arcworlde_action_leg_it_trip_gains_nothing_and_knocks_prone(arena: Arena) -> None:
    """arcworlde.action.leg_it / arcworlde.core.prone: a trip moves the Character no further
    and knocks it Prone; then it may only try to stand or end its Activation."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    arena.dice(3, 5)  # second roll trips on 5+
    run = arena.activate(grunt, C.Move(5, 10), C.LegIt(), C.Move(5, 30), C.LegIt())
    assert grunt.y == pytest.approx(13)
    assert grunt.prone and grunt.prone_round == 1
    assert run.events("prone")[0]["cause"] == "tripped while Legging It"
    assert {type(o) for o in run.pending.options} == {C.StandUp, C.EndActivation}


def test_arcworlde_action_leg_it_not_after_an_action(arena: Arena) -> None:
    """arcworlde.action.leg_it: once the Character has made an Action it cannot Leg It."""
    archer = arena.add("halfling-archer", 0, (5, 5))
    target = arena.add("ourk-grunt", 1, (5, 20))
    arena.dice(1)
    run = arena.activate(archer, C.Move(5, 6), C.Shoot("Shortbow", target.uid, 1))
    assert options_of(run, C.LegIt) == []


def test_arcworlde_action_leg_it_sequence_closed_by_an_action(arena: Arena) -> None:
    """arcworlde.action.leg_it: stopping to attempt another Action ends the Leg It rolls."""
    archer = arena.add("halfling-archer", 0, (5, 5))
    target = arena.add("ourk-grunt", 1, (5, 25))
    arena.dice(2, 1)
    run = arena.activate(archer, C.Move(5, 6), C.LegIt(), C.Move(5, 7))
    assert options_of(run, C.LegIt) == [C.LegIt()]  # may roll again
    run.answer(C.Shoot("Shortbow", target.uid, 1))
    assert options_of(run, C.LegIt) == []


def test_arcworlde_terrain_leg_it_halved_in_difficult_terrain() -> None:
    """arcworlde.terrain.movement_effects: Leg It distance through Difficult Terrain is
    halved (each inch inside costs two)."""
    arena = Arena([terrain("Bog", "difficult", box(0, 8, 36, 30))])
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    arena.dice(4)
    arena.activate(grunt, C.Move(5, 30), C.LegIt(), C.Move(5, 30))
    # Free move: 3 inches of open ground to the bog edge, then 2 of allowance -> 1 inch.
    # Leg It 4 inside the bog -> 2 inches.
    assert grunt.y == pytest.approx(5 + 3 + 1 + 2)


def test_arcworlde_terrain_free_move_halved_in_difficult_terrain() -> None:
    """arcworlde.terrain.movement_effects: movement through Difficult Terrain is halved."""
    arena = Arena([terrain("Wood", "difficult", box(10, 0, 12, 36))])
    grunt = arena.add("ourk-grunt", 0, (7, 5))  # Movement 5
    arena.activate(grunt, C.Move(30, 5))
    # 3 open inches to x=10, then 2 of allowance buys 1 inch of wood.
    assert grunt.x == pytest.approx(11)


def test_arcworlde_terrain_impassable_blocks_movement() -> None:
    """arcworlde.terrain.movement_effects: Impassable Terrain blocks movement; the Character
    goes round it (or stops) and never ends inside it."""
    wall = box(8, 0, 9, 30)
    arena = Arena([terrain("Wall", "impassable", wall, blocks_sight=True)])
    grunt = arena.add("ourk-grunt", 0, (5, 10))
    arena.activate(grunt, C.Move(12, 10))
    assert not arena.st.table.in_impassable(grunt.x, grunt.y, grunt.r)
    # The wall runs from y=0 to y=30: five inches cannot get round it, so it is still west.
    assert grunt.x + grunt.r <= 8 + 1e-6


# ------------------------------------------------------------------------------- Agile
def test_arcworlde_trait_agile_rerolls_one_trip_per_round() -> None:
    """arcworlde.trait.agile: once per Round a tripped Leg It roll may be re-rolled."""
    arena = Arena()
    bounder = arena.add("halfling-bounder", 0, (5, 5))  # Agile, Movement 5
    arena.dice(6, 3)
    run = arena.activate(bounder, C.Move(5, 10), C.LegIt())
    assert run.pending.kind == "agile_reroll"
    run.answer(C.AgileReroll(True))
    assert not bounder.prone
    assert run.events("leg_it")[-1]["reroll"] is True
    run.answer(C.Move(5, 30))
    assert bounder.y == pytest.approx(13)
    assert bounder.agile_round == 1


def test_arcworlde_trait_agile_spent_for_the_round() -> None:
    """arcworlde.trait.agile: a second trip in the same Round cannot be re-rolled."""
    arena = Arena()
    bounder = arena.add("halfling-bounder", 0, (5, 5), agile_round=1)
    arena.dice(6)
    run = arena.activate(bounder, C.Move(5, 10), C.LegIt())
    assert bounder.prone
    assert "agile_reroll" not in [d.kind for d in run.asked] and run.pending.kind == "action"


def test_arcworlde_trait_agile_refreshes_next_round() -> None:
    """arcworlde.trait.agile: the re-roll is per Round, so it is back in Round 2."""
    arena = Arena(round=2)
    bounder = arena.add("halfling-bounder", 0, (5, 5), agile_round=1)
    arena.dice(6)
    run = arena.activate(bounder, C.Move(5, 10), C.LegIt())
    assert run.pending.kind == "agile_reroll"


def test_arcworlde_trait_agile_declined_leaves_the_trip(arena: Arena) -> None:
    """arcworlde.trait.agile: the re-roll is optional."""
    bounder = arena.add("halfling-bounder", 0, (5, 5))
    arena.dice(6)
    arena.activate(bounder, C.Move(5, 10), C.LegIt(), C.AgileReroll(False))
    assert bounder.prone and bounder.agile_round == 0


def test_arcworlde_trait_agile_not_for_others(arena: Arena) -> None:
    """arcworlde.trait.agile: Characters without the Trait just trip."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    arena.dice(6)
    run = arena.activate(grunt, C.Move(5, 10), C.LegIt())
    assert grunt.prone and run.pending.kind == "action"


# ------------------------------------------------------------------------------ Charging
def test_arcworlde_action_charge_leg_it_into_contact_gives_1ap(arena: Arena) -> None:
    """arcworlde.action.charge: Leg It into base contact with an enemy is a Charge: +1AP for
    this Activation (the Leg It's 1AP comes back)."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))  # 3AP, Movement 5, 40mm
    militia = arena.add("halfling-militia", 1, arena.at_distance(grunt, 7, "north"))
    arena.dice(3)
    run = arena.activate(grunt, C.Move(5, 30), C.LegIt(), C.Move(militia.x, militia.y))
    assert arena.st.in_contact(grunt, militia)
    charge = run.events("charge")
    assert [e["target"] for e in charge] == [militia.name]
    assert run.pending.info["ap"] == 3  # 3 - 1 (Leg It) + 1 (Charge)
    assert options_of(run, C.LegIt) == []  # Engaged: no further Leg It


def test_arcworlde_action_charge_not_by_free_move(arena: Arena) -> None:
    """arcworlde.action.charge: reaching contact with the free movement is not a Charge."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    militia = arena.add("halfling-militia", 1, arena.at_distance(grunt, 4, "north"))
    run = arena.activate(grunt, C.Move(militia.x, militia.y))
    assert arena.st.in_contact(grunt, militia)
    assert run.events("charge") == []
    assert run.pending.info["ap"] == 3


def test_arcworlde_action_charge_unlocks_charge_power(arena: Arena) -> None:
    """arcworlde.action.charge: a Charge unlocks the Attack's Charge Special Rule (the
    Warhog Rider's Gore: +2 Power when Charging)."""
    rider = arena.add("halfling-warhog-rider", 0, (5, 5))  # Movement 6, 3AP
    grunt = arena.add("ourk-grunt", 1, arena.at_distance(rider, 8, "north", base_mm=40))
    # Leg It 2 (reaches contact), then Gore's 8 Power dice, then the Defence Roll.
    arena.dice(2, 1, 1, 1, 1, 1, 1, 1, 4, 1)
    run = arena.activate(
        rider, C.Move(5, 30), C.LegIt(), C.Move(grunt.x, grunt.y), C.Attack("Gore", grunt.uid)
    )
    hit = run.events("attack")[0]
    assert hit["power"] == 8 and hit["charged"] is True
    assert hit["dice"] == [1, 1, 1, 1, 1, 1, 1, 4]
    assert run.pending.info["ap"] == 1  # 3 - 1 + 1 - 2


def test_arcworlde_action_charge_power_only_when_charging(arena: Arena) -> None:
    """arcworlde.action.charge: without a Charge the bonus Power does not apply."""
    rider = arena.add("halfling-warhog-rider", 0, (5, 5))
    grunt = arena.add("ourk-grunt", 1, arena.touching(rider, "north", 40))
    arena.dice(1, 1, 1, 1, 1, 1)
    run = arena.activate(rider, C.Attack("Gore", grunt.uid))
    assert run.events("attack")[0]["power"] == 6


# --------------------------------------------------------------------------------- Prone
def test_arcworlde_core_prone_no_actions_but_standing_up(arena: Arena) -> None:
    """arcworlde.core.prone: a Prone Character makes no Actions and does not move; it may
    only try to stand up (Easy Feat, 1..AP dice) or end its Activation."""
    grunt = arena.add("ourk-grunt", 0, (5, 5), prone=True, prone_round=1)
    arena.add("halfling-militia", 1, arena.touching(grunt, "north"))
    run = arena.activate(grunt)
    assert set(run.pending.options) == {C.StandUp(1), C.StandUp(2), C.StandUp(3), C.EndActivation()}
    assert run.pending.accepts is None  # no free-form move either


def test_arcworlde_action_stand_up_easy_feat(arena: Arena) -> None:
    """arcworlde.action.stand_up: one Success stands the Character up; the AP is spent."""
    grunt = arena.add("ourk-grunt", 0, (5, 5), prone=True, prone_round=1)
    arena.dice(1, 4)
    run = arena.activate(grunt, C.StandUp(2))
    feat = run.events("feat")[0]
    assert (feat["needed"], feat["successes"], feat["success"]) == (1, 1, True)
    assert not grunt.prone
    assert run.pending.info["ap"] == 1
    assert run.pending.is_legal(C.Move(5, 8))  # standing: it may move now


def test_arcworlde_action_stand_up_failed_feat_stays_prone(arena: Arena) -> None:
    """arcworlde.action.stand_up / arcworlde.feat.attempt: a failed Feat still spends its AP."""
    grunt = arena.add("ourk-grunt", 0, (5, 5), prone=True, prone_round=1)
    arena.dice(3)
    run = arena.activate(grunt, C.StandUp(1))
    assert grunt.prone and run.pending.info["ap"] == 2


def test_arcworlde_core_prone_free_stand_next_round() -> None:
    """arcworlde.core.prone: Prone Characters get up for free at the start of their
    Activation in the following Round."""
    arena = Arena(round=2)
    grunt = arena.add("ourk-grunt", 0, (5, 5), prone=True, prone_round=1)
    run = arena.activate(grunt)
    assert not grunt.prone
    assert run.events("stand_up")[0]["free"] is True
    assert run.pending.info["ap"] == 3


def test_arcworlde_core_prone_no_free_stand_in_the_same_round(arena: Arena) -> None:
    """arcworlde.core.prone: knocked Prone this Round, it does not stand for free yet."""
    grunt = arena.add("ourk-grunt", 0, (5, 5), prone=True, prone_round=1)
    run = arena.activate(grunt)
    assert grunt.prone and run.events("stand_up") == []


def test_arcworlde_core_prone_defence_at_disadvantage(arena: Arena) -> None:
    """arcworlde.core.prone: all Defence Rolls of a Prone Character are at Disadvantage
    (each Defence die rolled twice, keeping the worse)."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"),
                        prone=True, prone_round=1)
    arena.dice(4, 1, 1, 6, 2)  # Pitchfork Jab: 1 Hit; Defence 6/2 keeps the 2 -> fails
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    hit = run.events("attack")[0]
    assert hit["defence_mode"] == -1 and hit["defence"] == [[6, 2]]
    assert hit["damage"] == 1 and militia.hp == 4


@pytest.mark.parametrize(
    ("helper_mm", "prone_mm", "needed"),
    [(30, 30, 1), (50, 30, 1), (30, 50, 2), (40, 50, 2), (50, 50, 1)],
)
def test_arcworlde_action_stand_up_helping_a_friend_by_base_size(
    arena: Arena, helper_mm: int, prone_mm: int, needed: int
) -> None:
    """arcworlde.action.stand_up: an Activated friend in base contact helps a Prone Character
    up with an Easy Feat if the Prone one's base is the same or smaller, Medium if larger."""
    helper = arena.add(profile("helper", base=helper_mm), 0, (10, 10))
    fallen = arena.add(profile("fallen", base=prone_mm), 0,
                       arena.touching(helper, "east", prone_mm), prone=True, prone_round=1)
    arena.dice(5)  # one Success: enough for Easy, not for Medium
    run = arena.activate(helper)
    assert C.HelpUp(fallen.uid, 1) in run.pending.options
    run.answer(C.HelpUp(fallen.uid, 1))
    feat = run.events("feat")[0]
    assert feat["needed"] == needed
    assert fallen.prone is (needed == 2)


def test_arcworlde_action_stand_up_help_needs_base_contact(arena: Arena) -> None:
    """arcworlde.action.stand_up: only a Character in base contact can help."""
    helper = arena.add("halfling-militia", 0, (10, 10))
    arena.add("halfling-militia", 0, arena.at_distance(helper, 1), prone=True, prone_round=1)
    run = arena.activate(helper)
    assert options_of(run, C.HelpUp) == []


def test_arcworlde_core_prone_character_cannot_help_others(arena: Arena) -> None:
    """arcworlde.core.prone: a Prone Character may make no Action, helping included."""
    helper = arena.add("halfling-militia", 0, (10, 10), prone=True, prone_round=1)
    arena.add("halfling-militia", 0, arena.touching(helper, "east"), prone=True, prone_round=1)
    run = arena.activate(helper)
    assert options_of(run, C.HelpUp) == []


# ----------------------------------------------------------------- movement candidates
def test_arcworlde_action_free_move_candidates_are_legal_targets(arena: Arena) -> None:
    """arcworlde.action.free_move: every suggested move is legal, and so is any other point."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    arena.add("halfling-militia", 1, (20, 20))
    run = arena.activate(grunt)
    moves = options_of(run, C.Move)
    assert any(m.label.startswith("toward") for m in moves)
    assert run.pending.is_legal(C.Move(1.5, 2.5))
    assert not run.pending.is_legal(C.Move(math.nan, 2.5))


def test_arcworlde_action_leg_it_needs_ap(arena: Arena) -> None:
    """arcworlde.action.leg_it: it costs 1AP, so a Character with none cannot start one."""
    tired = arena.add(profile("tired", ap=0, attacks=[attack("Poke", 1)]), 0, (5, 5))
    run = arena.activate(tired, C.Move(5, 7))
    assert run.finished  # nothing left to do: no AP and the free move used
    assert run.events("activation_end")[0]["unspent"] == 0
