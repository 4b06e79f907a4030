"""Bravery: tests and their triggers, the Commander's aura, Broken Characters, Fleeing,
Rallying, Broken in melee, unruly hired Characters, Make/Take Orders and the Rousing Cheer.
"""

from __future__ import annotations

import pytest

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.bravery import bravery_test, effective_bravery

from .arena import Arena, box, profile, terrain


def knock_out_setup(arena: Arena, friend_gap: float, **friend: object):  # type: ignore[no-untyped-def]
    """A militia (side 0) about to Knock Out an Ourk Grunt (side 1, 1HP) that has a friendly
    Grunt ``friend_gap`` inches away. The Jab's dice: 1 Hit, failed Defence."""
    victim = arena.add("ourk-grunt", 1, (20, 20), hp=1, name="Victim")
    militia = arena.add("halfling-militia", 0, arena.touching(victim, "west", 30))
    buddy = arena.add("ourk-grunt", 1, arena.at_distance(victim, friend_gap, "north", 40),
                      name="Buddy", **friend)
    return militia, victim, buddy


# ------------------------------------------------------------------------- triggers
@pytest.mark.parametrize(("gap", "tests"), [(0.0, True), (2.9, True), (3.0, True), (3.1, False)])
def test_arcworlde_morale_bravery_triggers_friend_knocked_out_within_3(
    arena: Arena, gap: float, tests: bool
) -> None:
    """arcworlde.morale.bravery_triggers: a Character takes a Bravery Test when a friendly
    Character is Knocked Out within 3 inches (base to base, measured before removal)."""
    militia, victim, buddy = knock_out_setup(arena, gap)
    arena.dice(4, 1, 1, 1, *([3, 3] if tests else []))
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    assert victim.ko
    assert [e["who"] for e in run.events("bravery")] == (["Buddy"] if tests else [])
    assert arena.dice_left == 0


def test_arcworlde_morale_bravery_triggers_not_for_enemies(arena: Arena) -> None:
    """arcworlde.morale.bravery_triggers: only friends of the Knocked Out Character test
    (the attacker in base contact does not)."""
    militia, victim, _ = knock_out_setup(arena, 10)
    arena.dice(4, 1, 1, 1)
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    assert victim.ko and run.events("bravery") == []


def test_arcworlde_morale_bravery_triggers_broken_do_not_test_again(arena: Arena) -> None:
    """arcworlde.morale.bravery_triggers: an already Broken Character does not test again
    (the rules yaml's reading)."""
    militia, victim, _ = knock_out_setup(arena, 1, broken=True)
    arena.dice(4, 1, 1, 1)
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    assert run.events("bravery") == [] and arena.dice_left == 0


# ------------------------------------------------------------------------ the test
@pytest.mark.parametrize(("faces", "passed"), [((3, 3), True), ((1, 1), True), ((3, 4), False)])
def test_arcworlde_morale_bravery_test_2d6_equal_or_under(
    arena: Arena, faces: tuple[int, int], passed: bool
) -> None:
    """arcworlde.morale.bravery_test: 2D6 equal to or under Bravery passes; over it the
    Character is Broken."""
    militia, victim, buddy = knock_out_setup(arena, 1)
    assert buddy.bravery == 6
    arena.dice(4, 1, 1, 1, *faces)
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    test = run.events("bravery")[0]
    assert (test["rolled"], test["total"], test["passed"]) == (list(faces), sum(faces), passed)
    assert buddy.broken is not passed
    assert [e["who"] for e in run.events("broken")] == ([] if passed else ["Buddy"])


def test_arcworlde_morale_broken_outside_activation_stands_frozen(arena: Arena) -> None:
    """arcworlde.morale.broken_flee: Broken outside its Activation, a Character stays put
    until its next Activation."""
    militia, victim, buddy = knock_out_setup(arena, 1)
    where = (buddy.x, buddy.y)
    arena.dice(4, 1, 1, 1, 6, 6)
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    assert buddy.broken and not buddy.fled and (buddy.x, buddy.y) == where
    assert run.events("flee") == []


# -------------------------------------------------------------------- Commander aura
def test_arcworlde_morale_commander_aura_gives_advantage(arena: Arena) -> None:
    """arcworlde.morale.commander_aura: within 8 inches of its Commander a Character rolls
    Bravery Tests at Advantage (3D6, the highest dropped: low is good here)."""
    militia, victim, buddy = knock_out_setup(arena, 2)
    boss = arena.add("ourk-warboss", 1, arena.at_distance(buddy, 5, "north", 40))
    assert arena.st.distance(victim, boss) > 3
    arena.dice(4, 1, 1, 1, 6, 5, 1)  # 6 dropped: 5 + 1 = 6 passes (without Advantage: 11)
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    test = run.events("bravery")[0]
    assert test["advantage"] == boss.name
    assert (test["rolled"], test["kept"], test["total"], test["passed"]) == ([6, 5, 1], [5, 1], 6, True)


@pytest.mark.parametrize(("gap", "aura"), [(8.0, True), (8.1, False)])
def test_arcworlde_morale_commander_aura_ends_at_8_inches(
    arena: Arena, gap: float, aura: bool
) -> None:
    """arcworlde.morale.commander_aura: within 8 inches (8 itself included), not beyond."""
    militia, victim, buddy = knock_out_setup(arena, 2)
    arena.add("ourk-warboss", 1, arena.at_distance(buddy, gap, "north", 40))
    arena.dice(4, 1, 1, 1, *((6, 5, 1) if aura else (6, 5)))
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    test = run.events("bravery")[0]
    assert (test["advantage"] is not None) is aura and test["passed"] is aura
    assert arena.dice_left == 0


def test_arcworlde_morale_commander_aura_not_for_the_commander_itself(arena: Arena) -> None:
    """arcworlde.morale.commander_aura: a Commander is not "within 8 inches of its
    Commander" (the rules yaml's reading): it tests with 2D6."""
    victim = arena.add("ourk-grunt", 1, (20, 20), hp=1)
    militia = arena.add("halfling-militia", 0, arena.touching(victim, "west", 30))
    boss = arena.add("ourk-warboss", 1, arena.at_distance(victim, 1, "north", 40))
    arena.dice(4, 1, 1, 1, 6, 3)  # 9 > Bravery 8
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    test = run.events("bravery")[0]
    assert test["who"] == boss.name and test["advantage"] is None and test["rolled"] == [6, 3]
    assert boss.broken


def test_arcworlde_morale_commander_aura_only_own_commander(arena: Arena) -> None:
    """arcworlde.morale.commander_aura: an enemy Commander nearby gives nothing."""
    militia, victim, buddy = knock_out_setup(arena, 2)
    arena.add("halfling-sheriff", 0, arena.at_distance(buddy, 1, "north", 30))
    arena.dice(4, 1, 1, 1, 3, 3)
    run = arena.activate(militia, C.Attack("Pitchfork Jab", victim.uid))
    assert run.events("bravery")[0]["advantage"] is None


# -------------------------------------------------------------------------- Fleeing
def test_arcworlde_morale_broken_flee_toward_nearest_edge(arena: Arena) -> None:
    """arcworlde.morale.broken_flee: at its next Activation a Broken Character Flees its
    Movement toward the nearer of the board edge or Cover, halting on reaching it; no
    Bravery Test this time, and (our reading) the Activation then ends."""
    militia = arena.add("halfling-militia", 0, (3, 18), broken=True)  # Movement 4
    run = arena.activate(militia)
    assert run.events("flee")[0]["toward"] == "table edge"
    assert (militia.x, militia.y) == pytest.approx((militia.r, 18))
    assert run.events("move")[0]["inches"] == pytest.approx(3 - militia.r, abs=0.01)
    assert militia.fled and militia.broken
    assert run.finished and run.events("bravery") == []


def test_arcworlde_morale_broken_flee_limited_to_movement(arena: Arena) -> None:
    """arcworlde.morale.broken_flee: the Flee is a move of the Character's Movement."""
    militia = arena.add("halfling-militia", 0, (18, 10), broken=True)
    arena.activate(militia)
    assert (militia.x, militia.y) == pytest.approx((18, 6))


def test_arcworlde_morale_broken_flee_toward_cover_when_nearer() -> None:
    """arcworlde.morale.broken_flee: Terrain that could give Cover, if nearer than the edge,
    is where the Character runs; it halts on reaching it."""
    arena = Arena([terrain("Copse", "difficult", box(20, 16, 22, 20), cover=True)])
    militia = arena.add("halfling-militia", 0, (18, 18), broken=True)
    run = arena.activate(militia)
    assert run.events("flee")[0]["toward"] == "cover"
    assert (militia.x, militia.y) == pytest.approx((20 - militia.r, 18), abs=0.01)


def test_arcworlde_morale_broken_flee_during_own_activation(arena: Arena) -> None:
    """arcworlde.morale.broken_flee: Broken while Activated, a Character Flees at once (here
    its own failed Shot strays into a friend and Knocks it Out beside it)."""
    archer = arena.add("halfling-archer", 0, (18, 5))
    target = arena.add("ourk-grunt", 1, (18, 10))
    friend = arena.add("halfling-militia", 0, arena.touching(target, "south"), hp=1)
    assert arena.st.distance(archer, friend) <= 3
    arena.dice(1, 4, 1, 1, 1, 6, 6)  # Shot fails; stray Hit; Defence fails; Bravery 12
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    assert friend.ko and archer.broken and archer.fled
    kinds = [k for k in run.kinds() if k in ("stray_shot", "knock_out", "broken", "flee")]
    assert kinds == ["stray_shot", "knock_out", "broken", "flee"]
    assert (archer.x, archer.y) == pytest.approx((18, 1))
    assert run.finished


# -------------------------------------------------------------------------- Rallying
def test_arcworlde_morale_rally_passed_acts_normally(arena: Arena) -> None:
    """arcworlde.morale.rally: after it has Fled, a Broken Character takes a Bravery Test at
    the start of its Activation; on a pass it is no longer Broken and acts as normal."""
    militia = arena.add("halfling-militia", 0, (18, 18), broken=True, fled=True)
    arena.dice(3, 3)
    run = arena.activate(militia)
    assert run.events("bravery")[0]["cause"] == "rally"
    assert not militia.broken and run.events("rally")
    assert run.pending.kind == "action" and run.pending.info["ap"] == 3
    assert (militia.x, militia.y) == (18, 18)


def test_arcworlde_morale_rally_failed_flees_again(arena: Arena) -> None:
    """arcworlde.morale.rally: on a failure it stays Broken and must Flee again."""
    militia = arena.add("halfling-militia", 0, (18, 10), broken=True, fled=True)
    arena.dice(4, 4)
    run = arena.activate(militia)
    assert militia.broken and run.events("flee")
    assert (militia.x, militia.y) == pytest.approx((18, 6))
    assert run.finished


# ------------------------------------------------------------------- Broken in melee
def test_arcworlde_morale_broken_in_melee_disengage_attempts(arena: Arena) -> None:
    """arcworlde.morale.broken_in_melee: a Broken Character in melee spends its AP on
    Disengage attempts (1AP each, our reading) until one succeeds; then it Flees."""
    militia = arena.add("halfling-militia", 0, (3, 18), broken=True)
    arena.add("ourk-grunt", 1, arena.touching(militia, "east", 40))
    arena.dice(1, 2, 4)
    run = arena.activate(militia)
    feats = run.events("feat")
    assert [(f["purpose"], f["ap"], f["success"]) for f in feats] == [
        ("disengage", 1, False), ("disengage", 1, False), ("disengage", 1, True)]
    assert militia.hp == 3  # 1HP per failed attempt (one enemy)
    assert run.events("flee") and militia.x == pytest.approx(militia.r)


def test_arcworlde_morale_broken_in_melee_stuck_when_ap_runs_out(arena: Arena) -> None:
    """arcworlde.morale.broken_in_melee: if every attempt fails it stays in base contact."""
    militia = arena.add("halfling-militia", 0, (3, 18), broken=True)
    grunt = arena.add("ourk-grunt", 1, arena.touching(militia, "east", 40))
    arena.dice(1, 1, 1)
    run = arena.activate(militia)
    assert len(run.events("feat")) == 3 and run.events("flee") == []
    assert arena.st.in_contact(militia, grunt) and militia.hp == 2
    assert run.finished


def test_arcworlde_morale_broken_while_prone_waits_until_up() -> None:
    """arcworlde.core.prone / arcworlde.morale.broken_flee: a Broken Character that is still
    Prone can neither Disengage (an Action) nor Flee (a move); it Flees when it is up."""
    arena = Arena()
    militia = arena.add("halfling-militia", 0, (3, 18), broken=True, prone=True, prone_round=1)
    arena.add("ourk-grunt", 1, arena.touching(militia, "east", 40))
    run = arena.activate(militia)
    assert run.finished and run.events("feat") == [] and run.events("flee") == []
    assert (militia.x, militia.y, militia.hp, militia.fled) == (3, 18, 5, False)
    arena.st.round = 2  # next Round: up for free, then the Disengage attempt and the Flee
    militia.activated = False
    arena.dice(4)
    run = arena.activate(militia)
    assert [e.kind for e in run.all_events if e.kind in ("stand_up", "disengaged", "flee")] == [
        "stand_up", "disengaged", "flee"]
    assert militia.x == pytest.approx(militia.r)


# ------------------------------------------------------------ unruly hired Characters
def test_arcworlde_hire_other_factions_unruly_ap_halved_on_failure(arena: Arena) -> None:
    """arcworlde.hire.other_factions: an unruly Character tests Bravery when Activated; on a
    failure its AP is halved (rounded down, at least 1: our reading) - it is not Broken."""
    grunt = arena.add("ourk-grunt", 0, (5, 5), unruly=True)  # 3AP, Bravery 6
    arena.dice(4, 4)
    run = arena.activate(grunt)
    assert run.events("bravery")[0]["cause"] == "unruly hired Character"
    assert run.events("unruly")[0]["ap"] == 1 and run.pending.info["ap"] == 1
    assert not grunt.broken


def test_arcworlde_hire_other_factions_unruly_passed_keeps_ap(arena: Arena) -> None:
    """arcworlde.hire.other_factions: on a pass the AP is untouched."""
    grunt = arena.add("ourk-grunt", 0, (5, 5), unruly=True)
    arena.dice(2, 2)
    run = arena.activate(grunt)
    assert run.events("unruly") == [] and run.pending.info["ap"] == 3


def test_arcworlde_hire_other_factions_unruly_never_gains_ap(arena: Arena) -> None:
    """arcworlde.hire.other_factions: halving never raises AP (a Character already at 0AP
    after a Crit's AP loss stays at 0)."""
    grunt = arena.add(profile("slowpoke", ap=1), 0, (5, 5), unruly=True, ap_penalty=1)
    arena.dice(6, 6)
    run = arena.activate(grunt, C.Move(5, 6))
    assert run.events("activate")[0]["ap"] == 0
    assert run.events("activation_end")[0]["unspent"] == 0
    assert all(d.info.get("ap", 0) <= 0 for d in run.asked)


def test_arcworlde_hire_other_factions_not_for_own_faction(arena: Arena) -> None:
    """arcworlde.hire.other_factions: Characters of the warband's faction take no test."""
    grunt = arena.add("ourk-grunt", 0, (5, 5))
    run = arena.activate(grunt)
    assert run.events("bravery") == [] and arena.st.dice.rolled == 0


# -------------------------------------------------------------- Make and Take Orders
def test_arcworlde_list_stat_profile_take_orders_uses_make_orders_bravery(arena: Arena) -> None:
    """arcworlde.list.stat_profile (the Halfling Sheriff): Characters with Take Orders use the
    Sheriff's Bravery (9) instead of their own (6) while it is on the table."""
    militia = arena.add("halfling-militia", 0, (5, 5))
    assert effective_bravery(arena.st, militia) == 6
    sheriff = arena.add("halfling-sheriff", 0, (30, 30))  # far: no Commander Advantage
    assert effective_bravery(arena.st, militia) == 9
    arena.dice(5, 4)
    assert bravery_test(arena.st, militia, "test") is True
    sheriff.ko = True
    arena.dice(5, 4)
    assert bravery_test(arena.st, militia, "test") is False


def test_arcworlde_list_stat_profile_make_orders_only_raises_bravery(arena: Arena) -> None:
    """arcworlde.list.stat_profile: Take Orders never lowers a Character's own Bravery."""
    brave = arena.add(profile("brave", bravery=10, traits=["take-orders"]), 0, (5, 5))
    arena.add("halfling-sheriff", 0, (30, 30))
    assert effective_bravery(arena.st, brave) == 10


def test_arcworlde_list_stat_profile_orders_need_the_traits(arena: Arena) -> None:
    """arcworlde.list.stat_profile: without Take Orders the Sheriff's Bravery does not help."""
    grunt = arena.add(profile("plain", bravery=6), 0, (5, 5))
    arena.add("halfling-sheriff", 0, (30, 30))
    assert effective_bravery(arena.st, grunt) == 6


# --------------------------------------------------------------------- Rousing Cheer
def test_arcworlde_rousing_cheer_house_rule_rallies_broken_friends(arena: Arena) -> None:
    """Rousing Cheer (house reading, traits.yaml): 1AP, Broken friends within 8 inches test
    Bravery (here at the Commander's Advantage) and rally on a pass; once per Activation."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))
    scared = arena.add("halfling-militia", 0, arena.at_distance(sheriff, 4), broken=True)
    far = arena.add("halfling-militia", 0, arena.at_distance(sheriff, 9, "north"), broken=True)
    run = arena.activate(sheriff)
    assert C.RousingCheer() in run.pending.options
    arena.dice(6, 3, 2)
    run.answer(C.RousingCheer())
    assert not scared.broken and far.broken
    assert run.pending.info["ap"] == 3
    assert C.RousingCheer() not in run.pending.options
