"""The rulebook's worked examples, reproduced exactly (ArcWorlde 2.2 core rules).

Where an example rests on rules the engine does not implement yet (Narrative Feats and their
damage), the dice arithmetic of the example is still checked through the engine's mechanics.
"""

from __future__ import annotations

import pytest

from warband.core.dice import ScriptedDice
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.mechanics import DIFFICULTY, AttackMechanic, FeatCheck

from .arena import Arena, attack, profile


def test_example_verman_stab_mechanics() -> None:
    """arcworlde.combat.attack_resolution (book example): a Beastfolk Verman's Stab, Power 3,
    rolls 6, 5, 2: a Crit (2 Hits) and a Success (1 Hit) make 3 Hits; the Wizard Apprentice
    has no Armour; its Defence Rolls are a 6 (2 Hits saved) then a 1 (a Failure): 1 Damage."""
    roll = AttackMechanic(power=3, armour=0).sample(ScriptedDice([6, 5, 2, 6, 1]))
    assert (roll.hits, roll.crits, roll.armour_blocked) == (3, 1, 0)
    assert [d.kept for d in roll.defence] == [6, 1]
    assert roll.defended == 2 and roll.damage == 1


def test_example_verman_stab_in_play(arena: Arena) -> None:
    """arcworlde.combat.attack_resolution (book example) played on the table: the Apprentice
    loses 1HP. (The two profiles are test data: the book gives only Stab's Power.)"""
    verman = arena.add(profile("beastfolk-verman", base=40, attacks=[attack("Stab", 3)]), 0, (10, 10))
    apprentice = arena.add(profile("wizard-apprentice", classes=["mage"], hp=5), 1,
                           arena.touching(verman, "east"))
    arena.dice(6, 5, 2, 6, 1)
    run = arena.activate(verman, C.Attack("Stab", apprentice.uid))
    hit = run.events("attack")[0]
    assert (hit["dice"], hit["hits"], hit["armour"]) == ([6, 5, 2], 3, 0)
    assert (hit["defence"], hit["defended"], hit["damage"]) == ([[6], [1]], 2, 1)
    assert apprentice.hp == 4 and arena.dice_left == 0


def test_example_narrative_feat_successes() -> None:
    """arcworlde.feat.narrative_damage (book example): the Ourk Brute spends 3AP on a
    Legendary Feat (4 Successes) and rolls 6, 5, 4: a Crit (2) plus two Successes is 4, so it
    succeeds. (Narrative Feats themselves are not implemented; the Feat roll is.)"""
    roll = FeatCheck(3, DIFFICULTY["legendary"]).sample(ScriptedDice([6, 5, 4]))
    assert (roll.successes, roll.needed, roll.success) == (4, 4, True)


def test_example_narrative_leg_it_feat_roll() -> None:
    """arcworlde.feat.narrative_leg_it (book example): one D6 on an agreed Medium Feat rolls a
    6, a Crit worth two Successes: the Feat is pulled off."""
    roll = FeatCheck(1, DIFFICULTY["medium"]).sample(ScriptedDice([6]))
    assert roll.successes == 2 and roll.success


@pytest.mark.parametrize("face", [3, 4])
def test_example_leg_it_distances(arena: Arena, face: int) -> None:
    """arcworlde.action.leg_it (book examples): a Leg It roll of 4 lets the Character move an
    extra 4 inches; the Halfling's roll of 3 carries him another 3 inches."""
    halfling = arena.add("halfling-militia", 0, (5, 5))  # Movement 4
    arena.dice(face)
    run = arena.activate(halfling, C.Move(5, 30), C.LegIt(), C.Move(5, 30))
    assert [e["inches"] for e in run.events("move")] == [4, face]
    assert halfling.y == pytest.approx(5 + 4 + face)


def test_example_free_move_movement_5(arena: Arena) -> None:
    """arcworlde.action.free_move (book example): Movement 5 moves up to 5 inches for no AP."""
    ourk = arena.add("ourk-grunt", 0, (5, 5))
    assert ourk.movement == 5
    run = arena.activate(ourk, C.Move(30, 5))
    assert run.events("move")[0]["inches"] == 5 and run.pending.info["ap"] == ourk.ap


def test_example_halfling_sheriff_profile() -> None:
    """arcworlde.list.stat_profile (the book's annotated profile): the Halfling Sheriff ships
    with the book's own figures."""
    p = catalogue().profiles["halfling-sheriff"]
    assert (p.name, p.cost, p.ap, p.movement, p.bravery, p.hp, p.source) == (
        "Halfling Sheriff", 80, 4, 4, 9, 10, "book")
    assert p.commander
    wallop, stab = p.attacks
    assert (wallop.name, wallop.ap, wallop.power, wallop.crit_reduce_ap) == ("Furious Wallop", 2, 8, 1)
    assert (stab.name, stab.ap, stab.power, stab.crit_ignores_armour) == ("Hearty Stab", 1, 5, True)
    assert [e.id for e in p.equipment] == ["light-armour"]
    assert p.traits == {"make-orders", "rousing-cheer"}


def test_example_d3_from_d6() -> None:
    """arcworlde.dice.d6_and_d3 (book): 1-2 counts as 1, 3-4 as 2, 5-6 as 3."""
    dice = ScriptedDice([2, 3, 6])
    assert [dice.d3(), dice.d3(), dice.d3()] == [1, 2, 3]


def test_arena_docstring_example() -> None:
    """The example in the arena's docstring works as written (it teaches the fixture)."""
    arena = Arena()
    sheriff = arena.add("halfling-sheriff", side=0, at=(10, 10))
    grunt = arena.add("ourk-grunt", side=1, at=arena.touching(sheriff, "east", base_mm=40))
    arena.dice(6, 5, 2, 1, 1, 1)
    run = arena.activate(sheriff, C.Attack("Hearty Stab", grunt.uid), C.EndActivation())
    assert run.events("attack")[0]["damage"] == 3 and grunt.hp == 3
    assert arena.dice_left == 0
