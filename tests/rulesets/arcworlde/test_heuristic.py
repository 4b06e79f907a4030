"""The ArcWorlde ``heuristic`` AI in hand-built situations: it charges when it pays, keeps a
Charge alive over several dashes, shoots from Cover, and keeps its Commander out of reach.

Its strength over whole games is measured by ``benchmarks/ai_strength.py`` (docs/performance.md);
these tests pin the behaviours the issue asks for, each in the smallest situation that shows it.
"""

from __future__ import annotations

import math
import random

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
from warband.rulesets.arcworlde.state import Character

from .arena import Arena, Run, box, terrain


def _drive(arena: Arena, ch: Character, seed: int = 0) -> Run:
    """Activate ``ch`` and let the heuristic AI answer every decision of the Activation."""
    return arena.activate(ch).drive(HeuristicController(), random.Random(seed))


def test_charges_a_weak_enemy_within_a_dash(arena: Arena) -> None:
    """arcworlde.action.charge, arcworlde.action.leg_it: a Grunt (Movement 5) 7" from a
    Militia moves, Legs It and Charges (the dash is 2", a 3 on the die covers it)."""
    grunt = arena.add("ourk-grunt", 0, (18, 5))
    militia = arena.add("halfling-militia", 1, arena.at_distance(grunt, 7, "north"))
    arena.dice(3, then_seed=1)
    run = _drive(arena, grunt)
    assert [e["target"] for e in run.events("charge")] == [militia.name]
    assert run.events("attack")


def test_keeps_a_charge_alive_over_a_second_dash() -> None:
    """arcworlde.action.leg_it, arcworlde.action.charge: the Warboss stands on the only
    objective, pays 1AP to Leg It at a wounded Archer 3" away and rolls a 2. That dash is
    short, but spent closing in it lets the next roll finish the Charge; standing still on
    the marker would waste the AP (what the AI did before it valued a second dash)."""
    arena = Arena(objectives=[("Marker", 18, 10)], round=3, objective_range=2)
    boss = arena.add("ourk-warboss", 0, (18, 10))
    archer = arena.add("halfling-archer", 1, arena.at_distance(boss, 3.0, "north"), hp=2)
    arena.add("halfling-bounder", 1, (archer.x + 4, archer.y + 2))
    arena.dice(2, 3, then_seed=2)  # first dash 2", second 3"
    run = arena.activate(boss, C.Move(18, 10), C.LegIt())
    assert run.pending is not None and run.pending.kind == "leg_it_move"
    run.drive(HeuristicController(), random.Random(0))
    dashes = [e["inches"] for e in run.events("move") if e["kind"] == "leg_it"]
    assert dashes[0] > 1.5, "the first, short dash still closes in"
    assert [e["target"] for e in run.events("charge")] == [archer.name]


def test_shoots_from_cover() -> None:
    """arcworlde.combat.cover: an Archer standing in a wood with an enemy in range shoots
    from there instead of walking out."""
    arena = Arena([terrain("Wood", "difficult", box(2, 2, 12, 12), cover=True)])
    archer = arena.add("halfling-archer", 0, (7, 7))
    arena.add("ourk-grunt", 1, (7, 20))
    arena.dice(then_seed=3)
    run = _drive(arena, archer)
    assert run.events("shoot") or run.events("feat")
    assert not [e for e in run.events("move") if e["who"] == archer.name]


def test_goes_for_an_objective_in_the_last_round() -> None:
    """arcworlde.scenario.victory_points (objectives of the house Glade scenario): in the
    last Round a Militia with no enemy near walks onto the marker nobody holds, rather than
    toward the distant enemy."""
    arena = Arena(objectives=[("Marker", 8, 8)], round=5, objective_range=2)
    militia = arena.add("halfling-militia", 0, (10, 4))
    arena.add("ourk-grunt", 1, (30, 32))
    arena.dice(then_seed=4)
    _drive(arena, militia)
    assert math.hypot(militia.x - 8, militia.y - 8) - militia.r <= 2


def test_commander_does_not_walk_into_a_crowd(arena: Arena) -> None:
    """The Commander (whose loss costs the warband its Bravery aura) does not end its move
    nearer a pack of three healthy enemy fighters 10" away than it started."""
    sheriff = arena.add("halfling-sheriff", 0, (18, 6))
    for x in (14, 18, 22):
        arena.add("ourk-brute", 1, (x, 18))
    arena.dice(then_seed=5)
    before = min(arena.st.distance(sheriff, e) for e in arena.st.chars if e.side == 1)
    _drive(arena, sheriff)
    after = min(arena.st.distance(sheriff, e) for e in arena.st.chars if e.side == 1)
    assert after >= before
