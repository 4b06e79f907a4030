"""Rules errors found in review (issue 9, section 2), one test per finding, each named by the
rule id it checks."""

from __future__ import annotations

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.rogue import RogueController

from .arena import Arena, Picks, attack, profile


def test_arcworlde_activation_ap_and_actions_ends_when_the_ap_are_spent(arena: Arena) -> None:
    """arcworlde.activation.ap_and_actions: once all its AP are spent the Activation ends, so
    a Character that spent its last AP on a Shot does not then make its free movement."""
    archer = arena.add(profile("archer", ap=1, attacks=[attack("Bow", 2, range=24)]), 0, (10, 10))
    target = arena.add("ourk-grunt", 1, (10, 25), hp=40)
    arena.dice(then_seed=3)
    run = arena.activate(archer, C.Shoot("Bow", target.uid, 1))
    assert run.finished
    assert run.events("move") == [] and (archer.x, archer.y) == (10, 10)
    assert run.events("activation_end")[0]["unspent"] == 0


def test_arcworlde_activation_ap_and_actions_no_free_move_after_a_knock_out(arena: Arena) -> None:
    """arcworlde.activation.ap_and_actions: a Character that Knocks Out its only foe with its
    last AP may not then walk on (in the review it walked into base contact at 0AP)."""
    fighter = arena.add(profile("fighter", ap=1, attacks=[attack("Jab", 8)]), 0, (10, 10))
    foe = arena.add("ourk-grunt", 1, arena.touching(fighter, "east", 40), hp=1, armour=0)
    arena.add("ourk-grunt", 1, (10, 16), name="Next", hp=40)
    arena.dice(6, 6, 6, 6, 6, 6, 6, 6, then_seed=4)
    run = arena.activate(fighter, C.Attack("Jab", foe.uid))
    assert not foe.on_table
    assert run.finished and run.events("move") == []


def test_arcworlde_activation_ap_and_actions_rogue_that_fought_does_not_move(arena: Arena) -> None:
    """arcworlde.activation.ap_and_actions: a Rogue that spent all its AP fighting at the start
    of its Activation rolls no Behaviour and makes no move afterwards."""
    fighter = arena.add(profile("fighter", ap=1, attacks=[attack("Jab", 8)]), 0, (10, 10))
    foe = arena.add("ourk-grunt", 1, arena.touching(fighter, "east", 40), hp=1, armour=0)
    arena.add("ourk-grunt", 1, (10, 20), name="Next", hp=40)
    arena.dice(6, 6, 6, 6, 6, 6, 6, 6, then_seed=5)
    run = arena.activate(fighter).drive(RogueController(), Picks(0.0, 0.0, Picks.d6(4)))
    assert not foe.on_table
    assert not any(e["text"].startswith("behaviour") for e in run.events("reason"))
    assert run.events("move") == [] and (fighter.x, fighter.y) == (10, 10)
