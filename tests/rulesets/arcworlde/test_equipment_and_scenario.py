"""Equipment in play (weapon choice and switching, armour, shields) and scenario scoring
(Victory Points for Knock Outs, the Commander bonus, objectives held at the end).
"""

from __future__ import annotations

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.scenario import final_outcome, objective_holders

from .arena import Arena, attack, profile


def ranger_profile():  # type: ignore[no-untyped-def]
    return profile("ranger", attacks=[attack("Fist", 1)])


# -------------------------------------------------------------------- weapon choice
def test_arcworlde_equipment_weapon_choice_announced_each_activation(arena: Arena) -> None:
    """arcworlde.equipment.weapon_choice: a Character with two or more weapons announces at
    the start of its Activation which one it uses; only that weapon's Attacks are usable."""
    ranger = arena.add(ranger_profile(), 0, (10, 10), equipment=["bow", "spear"])
    foe = arena.add("ourk-grunt", 1, arena.touching(ranger, "east", 40))
    run = arena.activate(ranger)
    assert run.pending.kind == "choose_weapon"
    assert set(run.pending.options) == {C.ChooseWeapon("bow"), C.ChooseWeapon("spear")}
    run.answer(C.ChooseWeapon("spear"))
    assert ranger.weapon == "spear"
    attacks = {o.attack for o in run.pending.options if isinstance(o, C.Attack)}
    assert attacks == {"Fist", "Spear Thrust"}
    assert {a.name for a in ranger.usable_attacks()} == {"Fist", "Spear Thrust"}
    assert foe.uid in {o.target for o in run.pending.options if isinstance(o, C.Attack)}


def test_arcworlde_equipment_weapon_choice_bow_in_hand(arena: Arena) -> None:
    """arcworlde.equipment.weapon_choice: with the bow in hand, Shots but no Spear Thrust."""
    ranger = arena.add(ranger_profile(), 0, (10, 10), equipment=["bow", "spear"])
    foe = arena.add("ourk-grunt", 1, (10, 20))
    run = arena.activate(ranger, C.ChooseWeapon("bow"))
    assert C.Shoot("Bow", foe.uid, 1) in run.pending.options
    assert {a.name for a in ranger.usable_attacks()} == {"Fist", "Bow"}


def test_arcworlde_equipment_weapon_choice_single_weapon_always_used(arena: Arena) -> None:
    """arcworlde.equipment.weapon_choice: one weapon is simply always in use: no question."""
    ranger = arena.add(ranger_profile(), 0, (10, 10), equipment=["bow"])
    run = arena.activate(ranger)
    assert run.pending.kind == "action"
    assert {a.name for a in ranger.usable_attacks()} == {"Fist", "Bow"}


def test_arcworlde_equipment_weapon_choice_switch_by_easy_feat(arena: Arena) -> None:
    """arcworlde.equipment.weapon_choice: switching weapons mid-Activation is an Easy Feat."""
    ranger = arena.add(ranger_profile(), 0, (10, 10), equipment=["bow", "spear"])
    foe = arena.add("ourk-grunt", 1, arena.touching(ranger, "east", 40))
    arena.dice(3)
    run = arena.activate(ranger, C.ChooseWeapon("bow"), C.SwitchWeapon("spear", 1))
    assert ranger.weapon == "bow" and run.pending.info["ap"] == 2  # failed, AP spent
    arena.dice(4)
    run.answer(C.SwitchWeapon("spear", 1))
    assert ranger.weapon == "spear"
    assert C.Attack("Spear Thrust", foe.uid) in run.pending.options


def test_arcworlde_equipment_armour_and_movement_from_gear(arena: Arena) -> None:
    """arcworlde.combat.armour_value (house Common Armoury): Light Armour is Armour 1, Heavy
    Armour is Armour 2 and costs an inch of Movement."""
    brute = arena.add("ourk-brute", 0, (5, 5), equipment=["light-armour"])
    ironback = arena.add("ourk-ironback", 0, (15, 5), equipment=["heavy-armour"])
    assert (brute.armour, brute.movement) == (1, 5)
    assert (ironback.armour, ironback.movement) == (2, 4)  # Movement 5, less an inch


def test_arcworlde_equipment_shield_rerolls_first_failed_defence(arena: Arena) -> None:
    """arcworlde.equipment.using (house Shield): the first failed Defence Roll against each
    Attack is rolled again."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    bounder = arena.add("halfling-bounder", 1, arena.touching(grunt, "east"), equipment=["shield"])
    arena.dice(4, 4, 1, 1, 5, 2)  # 2 Hits; Defence 1 (re-rolled) 5 saves, then 2 fails
    run = arena.activate(grunt, C.Attack("Chop", bounder.uid))
    hit = run.events("attack")[0]
    assert hit["defence"] == [[1], [5], [2]] and hit["damage"] == 1


# ----------------------------------------------------------------- Victory Points
def test_arcworlde_scenario_victory_points_objective_held() -> None:
    """arcworlde.scenario.victory_points (house scenario): a marker is held by the side with a
    Character within 2 inches of it (base edge to marker) and no enemy within 2 inches."""
    arena = Arena(objectives=[("Cairn", 18, 18), ("Well", 5, 30), ("Shrine", 30, 5)])
    arena.add("halfling-militia", 0, (18 + 2.5, 18))  # edge 1.91 inches from the Cairn
    arena.add("ourk-grunt", 1, (5 + 2.7, 30))  # edge 1.91 inches from the Well
    arena.add("halfling-militia", 0, (5, 30 - 2.5))  # contests the Well
    arena.add("ourk-grunt", 1, (30 + 2.9, 5))  # edge 2.11 inches: too far from the Shrine
    assert objective_holders(arena.view(0)) == [0, None, None]


def test_arcworlde_scenario_victory_points_final_score(arena: Arena) -> None:
    """arcworlde.scenario.victory_points: Knock Out VP plus 2 VP per marker held; most VP
    wins; equal VP is a draw (the rules yaml's reading)."""
    arena = Arena(objectives=[("Cairn", 18, 18), ("Well", 5, 30)])
    a = arena.add("halfling-militia", 0, (18, 19))
    arena.add("ourk-grunt", 1, (5, 31))
    arena.st.vp_knock_outs = [1, 3]
    outcome = final_outcome(arena.st)
    assert (outcome.vp, outcome.winner) == ([3, 5], 1)
    assert outcome.extra["objectives"] == {"Cairn": "a", "Well": "b"}
    arena.st.vp_knock_outs = [3, 3]
    outcome = final_outcome(arena.st)
    assert (outcome.vp, outcome.winner, outcome.winner_side) == ([5, 5], None, None)
    a.ko = True
    assert final_outcome(arena.st).vp == [3, 5]
    assert final_outcome(arena.st).survivors == [[], ["Ourk Grunt"]]


def test_arcworlde_scenario_victory_points_knocked_out_do_not_hold(arena: Arena) -> None:
    """arcworlde.scenario.victory_points: only Characters on the table hold markers."""
    arena = Arena(objectives=[("Cairn", 18, 18)])
    arena.add("halfling-militia", 0, (18, 19), ko=True)
    assert objective_holders(arena.st) == [None]


def test_arcworlde_scenario_victory_points_knock_outs_worth_their_cost() -> None:
    """arcworlde.scenario.victory_points (the rules yaml's default without a scenario, the
    house Open Clash): a Knock Out scores the GP cost of the Character, equipment included."""
    arena = Arena(knock_out_vp="cost")
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=1,
                        equipment=["light-armour"])
    arena.dice(4, 4, 1, 1)
    arena.activate(grunt, C.Attack("Chop", militia.uid))
    assert militia.ko and arena.st.vp_knock_outs == [25 + 10, 0]
