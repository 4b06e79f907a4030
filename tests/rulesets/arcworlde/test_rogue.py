"""Solo play: the Rogue Warband behaviour (the ``rogue`` AI), rule by rule.

The Rogue's own rolls (behaviour, which Attack, whether to use a Trait) come from the
controller's RNG, scripted here with :class:`~.arena.Picks`; the game's dice are scripted as in
the other rule tests (seeded once the interesting part is over).
"""

from __future__ import annotations

import math

import pytest

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.rogue import RogueController

from .arena import Arena, Picks, attack, profile


def rogue_run(arena: Arena, ch, *picks: float):  # type: ignore[no-untyped-def]
    return arena.activate(ch).drive(RogueController(), Picks(*picks))


def behaviour(run) -> str:  # type: ignore[no-untyped-def]
    reasons = [e["text"] for e in run.events("reason") if e["text"].startswith("behaviour roll")]
    assert len(reasons) == 1
    return reasons[0]


# --------------------------------------------------------------------- behaviour rolls
def test_arcworlde_solo_behaviour_roll_engaged_rogues_just_fight(arena: Arena) -> None:
    """arcworlde.solo.behaviour_roll: an Engaged Rogue fights; no behaviour roll."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=30)
    arena.dice(then_seed=1)
    run = rogue_run(arena, grunt)
    assert not any(e["text"].startswith("behaviour") for e in run.events("reason"))
    assert [e["attack"] for e in run.events("attack")] == ["Chop"] * 3


def test_arcworlde_solo_behaviour_timid_moves_away(arena: Arena) -> None:
    """arcworlde.solo.behaviour.timid (1): the free movement away from the nearest enemy."""
    grunt = arena.add("ourk-grunt", 0, (18, 18))
    arena.add("halfling-militia", 1, (18, 22))
    run = rogue_run(arena, grunt, Picks.d6(1))
    assert behaviour(run) == "behaviour roll 1: Timid"
    assert (grunt.x, grunt.y) == pytest.approx((18, 13))
    assert run.events("leg_it") == [] and run.finished


@pytest.mark.parametrize(("gap", "moves"), [(2.5, True), (3.5, False)])
def test_arcworlde_solo_behaviour_territorial(arena: Arena, gap: float, moves: bool) -> None:
    """arcworlde.solo.behaviour.territorial (2): it stays put unless an enemy is within 3
    inches; then it moves to Engage it."""
    grunt = arena.add("ourk-grunt", 0, (18, 18))
    militia = arena.add("halfling-militia", 1, arena.at_distance(grunt, gap, "north", 30))
    arena.dice(then_seed=2)
    run = rogue_run(arena, grunt, Picks.d6(2))
    assert behaviour(run) == "behaviour roll 2: Territorial"
    assert arena.st.in_contact(grunt, militia) is moves
    assert ((grunt.x, grunt.y) == (18, 18)) is not moves


def test_arcworlde_solo_behaviour_greedy_heads_for_the_objective() -> None:
    """arcworlde.solo.behaviour.greedy (3): free movement and up to two Leg It rolls toward
    the nearest objective."""
    arena = Arena(objectives=[("Cairn", 18, 30), ("Far", 2, 34)])
    grunt = arena.add("ourk-grunt", 0, (18, 10))
    arena.add("halfling-militia", 1, (30, 30))
    arena.dice(2, 2)
    run = rogue_run(arena, grunt, Picks.d6(3))
    assert behaviour(run) == "behaviour roll 3: Greedy"
    assert len(run.events("leg_it")) == 2
    assert (grunt.x, grunt.y) == pytest.approx((18, 19))


def test_arcworlde_solo_behaviour_greedy_without_objectives_rampages(arena: Arena) -> None:
    """arcworlde.solo.behaviour.greedy (reading): with nothing to grab it Rampages."""
    grunt = arena.add("ourk-grunt", 0, (18, 10))
    arena.add("halfling-militia", 1, (18, 30))
    arena.dice(then_seed=3)
    assert behaviour(rogue_run(arena, grunt, Picks.d6(3))) == "behaviour roll 4: Rampage"


def test_arcworlde_solo_behaviour_rampage_charges(arena: Arena) -> None:
    """arcworlde.solo.behaviour.rampage (4): free movement and as many Leg It rolls as it
    takes to Charge the nearest enemy."""
    grunt = arena.add("ourk-grunt", 0, (18, 10))
    militia = arena.add("halfling-militia", 1, arena.at_distance(grunt, 9, "north", 30), hp=40)
    arena.dice(2, 3, then_seed=4)  # 5 free + 2 + 3 = 10 inches > 9
    run = rogue_run(arena, grunt, Picks.d6(4))
    assert behaviour(run) == "behaviour roll 4: Rampage"
    assert [e["face"] for e in run.events("leg_it")] == [2, 3]
    assert run.events("charge") and arena.st.in_contact(grunt, militia)
    assert len(run.events("attack")) == 3  # 3AP - 1 (Leg It) + 1 (Charge), Chop 1AP each


@pytest.mark.parametrize(("face", "name", "target"), [(5, "Bully", "Weak"), (6, "Glory Hunter", "Tough")])
def test_arcworlde_solo_behaviour_bully_and_glory_hunter_targets(
    arena: Arena, face: int, name: str, target: str
) -> None:
    """arcworlde.solo.behaviour.bully (5) / arcworlde.solo.behaviour.glory_hunter (6): toward
    the enemy with the lowest (Bully) or highest (Glory Hunter) HP left."""
    grunt = arena.add("ourk-grunt", 0, (18, 10))
    arena.add("halfling-militia", 1, (8, 30), hp=2, name="Weak")
    arena.add("halfling-militia", 1, (28, 30), hp=5, name="Tough")
    arena.add("halfling-militia", 1, (18, 20), hp=3, name="Nearest")
    arena.dice(1, 1, then_seed=5)
    run = rogue_run(arena, grunt, Picks.d6(face))
    assert behaviour(run) == f"behaviour roll {face}: {name}"
    goal = next(c for c in arena.st.chars if c.name == target)
    (x, y), (gx, gy) = run.events("move")[0]["to"], (goal.x - 18, goal.y - 10)
    # Five inches straight toward the target: on the line from the start to it.
    assert (x - 18, y - 10) == pytest.approx((gx * 5 / math.hypot(gx, gy), gy * 5 / math.hypot(gx, gy)), abs=0.01)


def test_arcworlde_solo_behaviour_glory_hunter_tie_goes_to_the_nearest(arena: Arena) -> None:
    """arcworlde.solo.behaviour.glory_hunter, the yaml's reading of a tie on the highest HP:
    the nearest of them; the move heads for it."""
    grunt = arena.add("ourk-grunt", 0, (18, 10))
    arena.add("halfling-militia", 1, (4, 32), hp=5, name="Far Tough")
    near = arena.add("halfling-militia", 1, (28, 22), hp=5, name="Near Tough")
    arena.add("halfling-militia", 1, (18, 18), hp=2, name="Nearest Weak")
    arena.dice(1, 1, then_seed=5)
    run = rogue_run(arena, grunt, Picks.d6(6))
    assert behaviour(run) == "behaviour roll 6: Glory Hunter"
    (x, y) = run.events("move")[0]["to"]
    gx, gy = near.x - 18, near.y - 10
    assert (x - 18, y - 10) == pytest.approx((gx * 5 / math.hypot(gx, gy), gy * 5 / math.hypot(gx, gy)), abs=0.01)


def test_arcworlde_solo_behaviour_bully_shoots_its_target_once(arena: Arena) -> None:
    """arcworlde.solo.behaviour.bully: in range of its Ranged Attack it takes a single Shot at
    its target (then, after the behaviour, shoots the nearest: arcworlde.solo.shooting)."""
    slinger = arena.add("ourk-slinger", 0, (18, 5))
    weak = arena.add("halfling-militia", 1, (18, 15), hp=2, name="Weak")
    arena.add("halfling-militia", 1, (25, 15), name="Other")
    arena.dice(4, 4, 1, 1, 1, then_seed=6)
    run = rogue_run(arena, slinger, Picks.d6(5))
    first = run.events("feat")[0]
    assert first["purpose"] == f"shoot Sling at {weak.name}" and first["ap"] == 1


def test_arcworlde_solo_behaviour_bully_stops_moving_to_shoot(arena: Arena) -> None:
    """arcworlde.solo.behaviour.bully: "they stop their movement and take a single Shot"."""
    slinger = arena.add("ourk-slinger", 0, (18, 5))
    arena.add("halfling-militia", 1, (18, 15), hp=2)
    arena.dice(4, 4, 1, 1, 1, then_seed=6)
    run = rogue_run(arena, slinger, Picks.d6(5))
    assert run.events("move") == []


# ----------------------------------------------------------------- shooting and melee
def test_arcworlde_solo_shooting_1ap_per_level_at_the_nearest(arena: Arena) -> None:
    """arcworlde.solo.shooting: after its behaviour a Rogue with a Ranged Attack in range
    spends its remaining AP on Shots at the nearest enemy, 1AP per difficulty level."""
    slinger = arena.add("ourk-slinger", 0, (18, 5))  # 3AP, Sling: Easy
    near = arena.add("halfling-militia", 1, (18, 12), hp=40)
    arena.add("halfling-militia", 1, (10, 14), hp=40)
    arena.dice(then_seed=7)
    run = rogue_run(arena, slinger, Picks.d6(1))  # Timid: backs off, then shoots
    feats = run.events("feat")
    assert [(f["ap"], f["purpose"]) for f in feats] == [(1, f"shoot Sling at {near.name}")] * 3


def test_arcworlde_solo_shooting_harder_shots_cost_more(arena: Arena) -> None:
    """arcworlde.solo.feats: a Medium Shot takes 2AP."""
    sniper = arena.add(profile("sniper", ap=4, attacks=[attack("Long Shot", 3, range=30, shot="medium")]),
                       0, (18, 5))
    arena.add("halfling-militia", 1, (18, 20), hp=40)
    arena.dice(then_seed=8)
    run = rogue_run(arena, sniper, Picks.d6(1))
    assert [f["ap"] for f in run.events("feat")] == [2, 2]


def test_arcworlde_solo_melee_lowest_hp_and_d6_attack_choice(arena: Arena) -> None:
    """arcworlde.solo.melee: engaged with several enemies it attacks the one with the lowest
    HP; with two Attacks a D6 picks (1-3 the first, 4-6 the second); an Attack it cannot pay
    for becomes its cheapest one."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))  # Wallop 2AP, Stab 1AP; 4AP
    arena.add("ourk-grunt", 1, arena.touching(sheriff, "east", 40), hp=40, name="Healthy")
    hurt = arena.add("ourk-grunt", 1, arena.touching(sheriff, "west", 40), hp=30, name="Hurt")
    arena.dice(then_seed=9)
    # Picks: (target tie-break, attack) per Attack: Wallop (<0.5), Stab (>=0.5), Wallop -> Stab.
    run = rogue_run(arena, sheriff, 0.0, 0.2, 0.0, 0.7, 0.0, 0.2)
    attacks = run.events("attack")
    assert [a["target"] for a in attacks] == [hurt.name] * 3
    assert [a["attack"] for a in attacks] == ["Furious Wallop", "Hearty Stab", "Hearty Stab"]


def test_arcworlde_solo_feats_stand_up_with_1ap(arena: Arena) -> None:
    """arcworlde.solo.feats: a Prone Rogue attempts to stand with 1AP per level (Easy: 1)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10), prone=True, prone_round=1)
    arena.add("halfling-militia", 1, (30, 30))
    arena.dice(1, 1, 4, then_seed=10)
    run = rogue_run(arena, grunt, Picks.d6(1))
    assert [f["ap"] for f in run.events("feat")][:3] == [1, 1, 1]
    assert not grunt.prone


def test_arcworlde_solo_activation_order_nearest_to_an_enemy(arena: Arena) -> None:
    """arcworlde.solo.activation_order (method b): the un-Activated Rogue nearest to an
    enemy goes first."""
    far = arena.add("ourk-grunt", 0, (5, 5))
    near = arena.add("ourk-grunt", 0, (20, 20))
    arena.add("halfling-militia", 1, (22, 26))
    arena.st.round = 0
    arena.dice(6, 1)
    run = arena.round()
    choice = RogueController().decide(arena.view(0), run.pending, Picks())
    assert choice == C.Activate(near.uid) and choice != C.Activate(far.uid)


def test_arcworlde_solo_traits_rousing_cheer_on_a_success(arena: Arena) -> None:
    """arcworlde.solo.traits: a Trait that costs AP is used when a D6 rolls a Success."""
    for face, used in ((4, True), (3, False)):
        a = Arena()
        sheriff = a.add("halfling-sheriff", 0, (10, 10))
        a.add("halfling-militia", 0, a.at_distance(sheriff, 2), broken=True)
        a.add("ourk-grunt", 1, (10, 30))
        a.dice(then_seed=11)
        run = rogue_run(a, sheriff, Picks.d6(2), Picks.d6(face))  # Territorial: stays
        assert bool(run.events("rousing_cheer")) is used


def test_arcworlde_solo_deployment_commander_first_in_the_middle() -> None:
    """arcworlde.solo.deployment (reading): the Rogue places its Commander first, at the
    middle of its zone, the others spreading out from it."""
    arena = Arena()
    boss = arena.add("ourk-warboss", 0, (0, 0), deployed=False)
    grunts = [arena.add("ourk-grunt", 0, (0, 0), deployed=False) for _ in range(2)]
    arena.add("halfling-militia", 1, (18, 33))
    arena.st.round = 0
    arena.dice(6, 1, 6, 1)
    run = arena.game(C.DeployOrder(True))
    rogue = RogueController()
    while run.pending is not None and run.pending.kind == "deploy":
        run.answer(rogue.decide(arena.view(0), run.pending, Picks()))
    placed = [e["who"] for e in run.events("deploy")]
    assert placed[0] == boss.name and set(placed[1:]) == {g.name for g in grunts}
    assert abs(boss.x - 18) < 2
    assert min(g.x for g in grunts) < boss.x < max(g.x for g in grunts)
