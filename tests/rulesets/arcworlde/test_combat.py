"""Combat rules: Melee Attacks, the attack sequence, Crit Special Rules, Cover, line of sight,
Shots, friendly fire, Disengaging, HP and Knock Outs.
"""

from __future__ import annotations

import random

import pytest

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.combat import disengage_difficulty, resolve_attack

from .arena import Arena, attack, box, profile, terrain


def kinds_of(run, kind: type) -> list:  # type: ignore[no-untyped-def]
    return [o for o in run.pending.options if isinstance(o, kind)]


# --------------------------------------------------------------------------- Melee Attacks
def test_arcworlde_combat_melee_attack_only_enemies_in_base_contact(arena: Arena) -> None:
    """arcworlde.combat.melee_attack: Melee Attacks target enemies in base contact only."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    near = arena.add("halfling-militia", 1, arena.touching(grunt, "east"))
    arena.add("halfling-militia", 1, arena.at_distance(grunt, 1, "west"))
    run = arena.activate(grunt)
    assert kinds_of(run, C.Attack) == [C.Attack("Chop", near.uid)]


def test_arcworlde_combat_melee_attack_pays_ap_and_repeats(arena: Arena) -> None:
    """arcworlde.combat.melee_attack: each Attack costs its AP; any number while AP lasts;
    an Attack dearer than the AP left is not offered."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))  # 4AP
    ironback = arena.add("ourk-ironback", 1, arena.touching(sheriff, "east", 50))
    arena.dice(*([1] * 8), *([1] * 5))  # Wallop (8 dice) then Stab (5 dice): no Hits
    run = arena.activate(sheriff, C.Attack("Furious Wallop", ironback.uid))
    assert run.pending.info["ap"] == 2
    run.answer(C.Attack("Hearty Stab", ironback.uid))
    assert run.pending.info["ap"] == 1
    assert kinds_of(run, C.Attack) == [C.Attack("Hearty Stab", ironback.uid)]  # Wallop is 2AP
    assert [e["attack"] for e in run.events("attack")] == ["Furious Wallop", "Hearty Stab"]


def test_arcworlde_activation_ends_when_ap_is_spent(arena: Arena) -> None:
    """arcworlde.activation.ap_and_actions: once all AP is spent (and nothing free is left)
    the Activation ends by itself."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))  # 3AP, Chop 1AP
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=50)
    arena.dice(*([1] * 9))
    run = arena.activate(grunt, *[C.Attack("Chop", militia.uid)] * 3)
    assert run.finished
    assert run.events("activation_end")[0]["unspent"] == 0


def test_arcworlde_round_activation_sequence_unspent_ap_is_lost(arena: Arena) -> None:
    """arcworlde.round.activation_sequence: a player may end an Activation with AP unspent
    (our reading); the AP is simply lost."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    run = arena.activate(grunt, C.EndActivation())
    assert run.finished and run.events("activation_end")[0]["unspent"] == 3


# ------------------------------------------------------------------ the attack sequence
def test_arcworlde_combat_attack_resolution_armour_then_defence_chain(arena: Arena) -> None:
    """arcworlde.combat.attack_resolution / arcworlde.combat.armour_value: Hits (a Crit is
    two), minus Armour, then Defence Rolls one at a time until one fails; the Hits left then
    are the Damage."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"),
                        equipment=["light-armour"])
    assert militia.armour == 1
    militia.hp = 5
    arena.dice(6, 5, 4, 5, 1)  # 4 Hits - 1 Armour = 3; Defence 5 saves 1, then 1 fails
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    hit = run.events("attack")[0]
    assert (hit["hits"], hit["crits"], hit["blocked"]) == (4, 1, 1)
    assert hit["defence"] == [[5], [1]] and hit["defended"] == 1
    assert hit["damage"] == 2 and militia.hp == 3
    assert arena.dice_left == 0


def test_arcworlde_combat_attack_resolution_defence_chain_keeps_rolling(arena: Arena) -> None:
    """arcworlde.combat.attack_resolution: a Success saves one Hit, a Crit two; roll again
    until a Failure."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))
    grunt = arena.add("ourk-grunt", 1, arena.touching(sheriff, "east", 40))
    arena.dice(6, 6, 5, 4, 1, 1, 1, 1, 4, 5, 6, 1)  # 6 Hits; saves 1 + 1 + 2, then fails
    run = arena.activate(sheriff, C.Attack("Furious Wallop", grunt.uid))
    hit = run.events("attack")[0]
    assert hit["hits"] == 6 and hit["defended"] == 4 and hit["damage"] == 2
    assert grunt.hp == 4


def test_arcworlde_combat_attack_resolution_all_defended(arena: Arena) -> None:
    """arcworlde.combat.attack_resolution: when the Defence Rolls save every Hit the chain
    stops (no Failure needed) and no Damage is done; a Crit saving the last Hit wastes one."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"))
    arena.dice(4, 1, 1, 6)
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    hit = run.events("attack")[0]
    assert hit["defence"] == [[6]] and hit["damage"] == 0 and militia.hp == 5
    assert arena.dice_left == 0


def test_arcworlde_combat_armour_value_stops_all_hits_no_defence_roll(arena: Arena) -> None:
    """arcworlde.combat.armour_value: Hits reduced to nothing by Armour need no Defence Roll."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    ironback = arena.add("ourk-ironback", 1, arena.touching(grunt, "east", 50),
                         equipment=["heavy-armour"])
    assert ironback.armour == 2
    arena.dice(4, 5, 1)  # 2 Hits, Armour 2
    run = arena.activate(grunt, C.Attack("Chop", ironback.uid))
    hit = run.events("attack")[0]
    assert hit["blocked"] == 2 and hit["defence"] == [] and hit["damage"] == 0
    assert arena.dice_left == 0


def test_arcworlde_combat_armour_value_crit_hits_ignore_armour(arena: Arena) -> None:
    """arcworlde.combat.armour_value: "Critical Hits ignore Armour" (Hearty Stab): Armour only
    stops Hits from non-Crit dice (the rules yaml's reading)."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))
    ironback = arena.add("ourk-ironback", 1, arena.touching(sheriff, "east", 50),
                         equipment=["heavy-armour"])
    arena.dice(6, 4, 1, 1, 1, 4, 1)  # 1 plain Hit + 2 Crit Hits; Armour 2 stops only 1
    run = arena.activate(sheriff, C.Attack("Hearty Stab", ironback.uid))
    hit = run.events("attack")[0]
    assert (hit["hits"], hit["blocked"]) == (3, 1)
    assert hit["damage"] == 1 and ironback.hp == 15


def test_arcworlde_combat_armour_value_ordinary_attack_armour_stops_crits_too(
    arena: Arena,
) -> None:
    """arcworlde.combat.armour_value: without that Special Rule Armour stops any Hits."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))
    ironback = arena.add("ourk-ironback", 1, arena.touching(sheriff, "east", 50),
                         equipment=["heavy-armour"])
    arena.dice(6, 4, 1, 1, 1, 1, 1, 1, 1)
    run = arena.activate(sheriff, C.Attack("Furious Wallop", ironback.uid))
    hit = run.events("attack")[0]
    assert (hit["hits"], hit["blocked"], hit["damage"]) == (3, 2, 1)


def test_arcworlde_combat_armour_value_attack_ignoring_armour(arena: Arena) -> None:
    """arcworlde.combat.armour_value: some Attacks ignore Armour altogether."""
    piercer = arena.add(profile("piercer", attacks=[attack("Pierce", 2, ignores_armour=True)]),
                        0, (10, 10))
    ironback = arena.add("ourk-ironback", 1, arena.touching(piercer, "east", 50),
                         equipment=["heavy-armour"])
    arena.dice(4, 5, 1)
    run = arena.activate(piercer, C.Attack("Pierce", ironback.uid))
    hit = run.events("attack")[0]
    assert (hit["hits"], hit["blocked"], hit["damage"]) == (2, 0, 2)


# ------------------------------------------------------------------- Crit Special Rules
def test_arcworlde_combat_crit_reduces_ap_next_activation(arena: Arena) -> None:
    """arcworlde.list.attack_profile (Furious Wallop): on a Crit the target has 1AP less in
    its next Activation."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))
    grunt = arena.add("ourk-grunt", 1, arena.touching(sheriff, "east", 40), hp=50)
    arena.dice(6, 1, 1, 1, 1, 1, 1, 1, 1)
    run = arena.activate(sheriff, C.Attack("Furious Wallop", grunt.uid))
    assert run.events("ap_reduced")[0]["by"] == 1 and grunt.ap_penalty == 1
    arena.dice()
    again = arena.activate(grunt)
    assert again.events("activate")[0].data == {"who": grunt.name, "ap": 2, "penalty": 1}
    assert again.pending.info["ap"] == 2
    assert grunt.ap_penalty == 0  # only for that one Activation


def test_arcworlde_combat_crit_ap_reduction_does_not_stack(arena: Arena) -> None:
    """arcworlde.list.attack_profile: "This does not stack": two Crits in one Attack, or two
    Attacks with Crits, still cost the target only 1AP."""
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))
    grunt = arena.add("ourk-grunt", 1, arena.touching(sheriff, "east", 40), hp=50)
    arena.dice(6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1)
    arena.activate(sheriff, C.Attack("Furious Wallop", grunt.uid),
                   C.Attack("Furious Wallop", grunt.uid))
    assert grunt.ap_penalty == 1


def test_arcworlde_combat_armour_value_crit_breaks_armour(arena: Arena) -> None:
    """arcworlde.combat.armour_value: an effect that breaks Armour lowers the Armour Value by
    1 for the rest of the game (the Warboss's Cleaver Swing on a Crit)."""
    boss = arena.add("ourk-warboss", 0, (10, 10))
    sheriff = arena.add("halfling-sheriff", 1, arena.touching(boss, "east"))
    assert sheriff.armour == 1
    arena.dice(6, 1, 1, 1, 1, 1, 1, 4)  # 2 Hits - 1 Armour; Defence saves the last Hit
    run = arena.activate(boss, C.Attack("Cleaver Swing", sheriff.uid))
    assert run.events("attack")[0]["blocked"] == 1
    assert sheriff.armour == 0 and run.events("armour_broken")[0]["armour"] == 0
    # The next Attack meets no Armour.
    arena.dice(4, 1, 1, 1, 1, 1, 1, 1)
    run.answer(C.Attack("Cleaver Swing", sheriff.uid))
    assert run.events("attack")[-1]["blocked"] == 0 and sheriff.hp == 9


def test_arcworlde_combat_armour_value_cannot_break_below_zero(arena: Arena) -> None:
    """arcworlde.combat.armour_value: minimum Armour after breaking is 0 (yaml reading)."""
    boss = arena.add("ourk-warboss", 0, (10, 10))
    grunt = arena.add("ourk-grunt", 1, arena.touching(boss, "east", 40), hp=50)
    arena.dice(6, 1, 1, 1, 1, 1, 1, 1)
    run = arena.activate(boss, C.Attack("Cleaver Swing", grunt.uid))
    assert grunt.armour == 0 and run.events("armour_broken") == []


def test_arcworlde_combat_crit_knocks_prone(arena: Arena) -> None:
    """arcworlde.core.prone: an Attack whose Crit knocks the target Prone (the Brute's Shove)."""
    brute = arena.add("ourk-brute", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(brute, "east", 30))
    arena.dice(6, 1, 1, 4, 1)
    run = arena.activate(brute, C.Attack("Shove", militia.uid))
    assert militia.prone and militia.prone_round == 1
    assert run.events("prone")[0]["cause"] == "Shove"


def test_arcworlde_combat_crit_special_needs_a_crit(arena: Arena) -> None:
    """arcworlde.combat.attack_resolution: Special Rules unlocked by Crits need a 6."""
    brute = arena.add("ourk-brute", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(brute, "east", 30), hp=50)
    arena.dice(5, 5, 4, 1)
    arena.activate(brute, C.Attack("Shove", militia.uid))
    assert not militia.prone and militia.hp == 47


# ----------------------------------------------------------------- Cover and Line of Sight
def _hedge_arena(**kw: object) -> tuple[Arena, object, object]:
    arena = Arena([terrain("Hedge", "difficult", box(14, 11, 22, 12), cover=True)])
    archer = arena.add("halfling-archer", 0, (18, 5))
    target = arena.add("ourk-grunt", 1, (18, 12.9), **kw)
    return arena, archer, target


def test_arcworlde_combat_cover_defence_at_advantage() -> None:
    """arcworlde.combat.cover: a target at least half hidden by Terrain makes its Defence
    Rolls at Advantage (each Defence die rolled twice, keeping the better)."""
    arena, archer, target = _hedge_arena()
    assert arena.st.table.sight(archer.x, archer.y, archer.r, target.x, target.y, target.r).hidden >= 0.5
    arena.dice(4, 4, 1, 1, 1, 5)  # Feat, Power 3 (1 Hit), Defence 1/5 keeps 5
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    hit = run.events("attack")[0]
    assert hit["cover"] is True and hit["defence_mode"] == 1
    assert hit["defence"] == [[1, 5]] and hit["damage"] == 0


def test_arcworlde_combat_cover_and_prone_cancel() -> None:
    """arcworlde.dice.advantage_disadvantage: Cover (Advantage) and Prone (Disadvantage)
    cancel; one plain Defence die."""
    arena, archer, target = _hedge_arena(prone=True, prone_round=1)
    arena.dice(4, 4, 1, 1, 1)
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    hit = run.events("attack")[0]
    assert hit["defence_mode"] == 0 and hit["defence"] == [[1]] and hit["damage"] == 1


def test_arcworlde_combat_cover_not_in_the_open(arena: Arena) -> None:
    """arcworlde.combat.cover: no Terrain in the way, no Cover."""
    archer = arena.add("halfling-archer", 0, (18, 5))
    target = arena.add("ourk-grunt", 1, (18, 12.9))
    arena.dice(4, 4, 1, 1, 1)
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    hit = run.events("attack")[0]
    assert hit["cover"] is False and hit["defence"] == [[1]]


def test_arcworlde_morale_broken_defence_at_disadvantage(arena: Arena) -> None:
    """arcworlde.morale.broken_in_melee: a Broken Character attacked rolls Defence at
    Disadvantage."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), broken=True)
    arena.dice(4, 1, 1, 5, 3)
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    hit = run.events("attack")[0]
    assert hit["defence_mode"] == -1 and hit["defence"] == [[5, 3]] and hit["damage"] == 1


def test_arcworlde_combat_line_of_sight_hidden_target_cannot_be_shot() -> None:
    """arcworlde.combat.line_of_sight: a completely hidden Character cannot be targeted."""
    arena = Arena([terrain("Crag", "impassable", box(12, 9, 24, 11), blocks_sight=True)])
    archer = arena.add("halfling-archer", 0, (18, 5))
    hidden = arena.add("ourk-grunt", 1, (18, 13))
    seen = arena.add("ourk-grunt", 1, (30, 13))
    run = arena.activate(archer)
    targets = {o.target for o in kinds_of(run, C.Shoot)}
    assert targets == {seen.uid}
    assert hidden.uid not in targets


# ------------------------------------------------------------------------------- Shots
@pytest.mark.parametrize(("gap", "in_range"), [(17.9, True), (18.0, True), (18.1, False)])
def test_arcworlde_feat_take_shot_range_base_to_base(
    arena: Arena, gap: float, in_range: bool
) -> None:
    """arcworlde.feat.take_shot: a Shot needs the target within the Attack's range, measured
    base edge to base edge (a target exactly at range is in range)."""
    archer = arena.add("halfling-archer", 0, (5, 5))  # Shortbow, range 18
    target = arena.add("ourk-grunt", 1, arena.at_distance(archer, gap, "north", 40))
    run = arena.activate(archer)
    assert (C.Shoot("Shortbow", target.uid, 1) in run.pending.options) is in_range


def test_arcworlde_feat_take_shot_easy_feat_one_die_per_ap(arena: Arena) -> None:
    """arcworlde.feat.take_shot: a Shot is an Easy Feat with as many dice as AP committed;
    on a success the Attack is resolved."""
    archer = arena.add("halfling-archer", 0, (5, 5))
    target = arena.add("ourk-grunt", 1, (5, 15))
    arena.dice(1, 2, 4, 4, 5, 1, 1)  # Feat 1,2,4 -> 1 Success; Power 4,5,1; Defence 1
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 3))
    feat = run.events("feat")[0]
    assert (feat["ap"], feat["rolled"], feat["needed"], feat["success"]) == (3, [1, 2, 4], 1, True)
    assert run.events("attack")[0]["damage"] == 2 and target.hp == 4
    assert run.finished  # all 3AP spent: the Activation is over (arcworlde.activation.ap_and_actions)


def test_arcworlde_feat_take_shot_failed_misses(arena: Arena) -> None:
    """arcworlde.feat.take_shot: a failed Shot misses; the AP is spent."""
    archer = arena.add("halfling-archer", 0, (5, 5))
    target = arena.add("ourk-grunt", 1, (5, 15))
    arena.dice(3, 2)
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 2))
    assert run.events("miss") and run.events("attack") == []
    assert run.pending.info["ap"] == 1 and target.hp == 6


def test_arcworlde_feat_take_shot_harder_shot(arena: Arena) -> None:
    """arcworlde.feat.difficulty: an Attack may call for a harder Shot (Medium: 2 Successes)."""
    gunner = arena.add(profile("gunner", attacks=[attack("Long Shot", 3, range=24, shot="medium")]),
                       0, (5, 5))
    target = arena.add("ourk-grunt", 1, (5, 15))
    arena.dice(5)
    run = arena.activate(gunner, C.Shoot("Long Shot", target.uid, 1))
    assert run.events("feat")[0]["needed"] == 2 and run.events("miss")


def test_arcworlde_feat_take_shot_not_in_base_contact(arena: Arena) -> None:
    """arcworlde.feat.take_shot: no Shot while in base contact with an enemy, at anyone."""
    archer = arena.add("halfling-archer", 0, (5, 5))
    arena.add("ourk-grunt", 1, arena.touching(archer, "east", 40))
    arena.add("ourk-grunt", 1, (5, 15))
    run = arena.activate(archer)
    assert kinds_of(run, C.Shoot) == []
    assert kinds_of(run, C.Attack)  # the Knife is still there


def test_arcworlde_combat_ranged_combat_does_not_engage(arena: Arena) -> None:
    """arcworlde.combat.ranged_combat: a Shot Engages no one and other Actions may follow."""
    archer = arena.add("halfling-archer", 0, (5, 5))
    target = arena.add("ourk-grunt", 1, (5, 15), hp=50)
    arena.dice(4, 1, 1, 1, 4, 1, 1, 1)
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1),
                         C.Shoot("Shortbow", target.uid, 1))
    assert len(run.events("attack")) == 2
    assert arena.st.engaged_with(archer) == []


def test_arcworlde_feat_shot_friendly_fire_hits_nearest_friend(arena: Arena) -> None:
    """arcworlde.feat.shot_friendly_fire: a failed Shot at a target in base contact with
    friends hits the friend nearest the shooter instead."""
    archer = arena.add("halfling-archer", 0, (18, 5))
    target = arena.add("ourk-grunt", 1, (18, 20))
    near = arena.add("halfling-militia", 0, arena.touching(target, "south"), name="Near")
    far = arena.add("halfling-militia", 0, arena.touching(target, "north"), name="Far")
    arena.dice(2, 4, 4, 1, 1)  # Feat fails; the stray Shot: 2 Hits, Defence fails
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    stray = run.events("stray_shot")[0]
    assert stray["hit"] == "Near"
    hit = run.events("attack")[0]
    assert hit["target"] == "Near" and hit["stray"] is True and hit["damage"] == 2
    assert near.hp == 3 and far.hp == 5 and target.hp == 6


def test_arcworlde_feat_shot_friendly_fire_only_on_a_failed_shot(arena: Arena) -> None:
    """arcworlde.feat.shot_friendly_fire: a successful Shot hits the target as usual."""
    archer = arena.add("halfling-archer", 0, (18, 5))
    target = arena.add("ourk-grunt", 1, (18, 20))
    arena.add("halfling-militia", 0, arena.touching(target, "south"))
    arena.dice(4, 4, 1, 1, 1)
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    assert run.events("stray_shot") == [] and run.events("attack")[0]["target"] == target.name


# ----------------------------------------------------------------------------- Disengage
@pytest.mark.parametrize(("enemies", "needed"), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)])
def test_arcworlde_combat_disengage_difficulty(enemies: int, needed: int) -> None:
    """arcworlde.combat.disengage: Easy, one step harder per extra enemy in base contact
    (beyond Legendary one more Success each: the rules yaml's reading)."""
    assert disengage_difficulty(enemies) == needed


def test_arcworlde_combat_disengage_success_moves_away(arena: Arena) -> None:
    """arcworlde.combat.disengage: on a success the Character moves as normal (our reading:
    its free movement, at once)."""
    militia = arena.add("halfling-militia", 0, (10, 10))
    grunt = arena.add("ourk-grunt", 1, arena.touching(militia, "east", 40))
    arena.dice(4)
    run = arena.activate(militia, C.Disengage(1))
    assert run.events("disengaged") and run.pending.kind == "disengage_move"
    run.answer(C.Move(2, 10))
    assert militia.x == pytest.approx(6) and not arena.st.in_contact(militia, grunt)
    # Nothing else it can do now (no Leg It after an Action): the Activation ends.
    assert run.finished and run.events("activation_end")[0]["unspent"] == 2


def test_arcworlde_combat_disengage_failure_costs_1hp_per_enemy(arena: Arena) -> None:
    """arcworlde.combat.disengage: against two enemies it is Medium; on a failure the
    Character stays and loses 1HP per enemy in base contact (no Defence Roll)."""
    militia = arena.add("halfling-militia", 0, (10, 10))
    arena.add("ourk-grunt", 1, arena.touching(militia, "east", 40))
    arena.add("ourk-grunt", 1, arena.touching(militia, "west", 40))
    arena.dice(5)  # one Success: not enough for Medium
    run = arena.activate(militia, C.Disengage(1))
    feat = run.events("feat")[0]
    assert (feat["needed"], feat["success"]) == (2, False)
    assert run.events("hp_loss")[0]["amount"] == 2 and militia.hp == 3
    assert (militia.x, militia.y) == (10, 10)
    assert arena.dice_left == 0


def test_arcworlde_combat_disengage_after_the_free_move_is_not_offered(arena: Arena) -> None:
    """arcworlde.combat.disengage: with the default reading a Character whose free movement
    is spent could not move away, so Disengaging is not offered."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.at_distance(grunt, 2, "east"))
    run = arena.activate(grunt, C.Move(militia.x, militia.y))
    assert arena.st.in_contact(grunt, militia)
    assert kinds_of(run, C.Disengage) == []


def test_arcworlde_combat_disengage_extra_move_option() -> None:
    """arcworlde.combat.disengage, option ``disengage_extra_move``: a successful Disengage
    earns a move of up to Movement even after the free movement was spent."""
    arena = Arena(options={"disengage_extra_move": True})
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.at_distance(grunt, 2, "east"))
    arena.dice(4)
    run = arena.activate(grunt, C.Move(militia.x, militia.y))
    assert arena.st.in_contact(grunt, militia)
    assert kinds_of(run, C.Disengage) == [C.Disengage(1), C.Disengage(2), C.Disengage(3)]
    run.answer(C.Disengage(1))
    assert run.pending.kind == "disengage_move"
    run.answer(C.Move(2, 10))
    assert not arena.st.in_contact(grunt, militia)
    assert grunt.x == pytest.approx(12 - 5)  # 2" in, then a full 5" Movement back out


def test_arcworlde_combat_disengage_failure_can_knock_out(arena: Arena) -> None:
    """arcworlde.combat.disengage / arcworlde.combat.health_knock_out: the HP lost to a failed
    Disengage can Knock the Character Out; the enemy side scores it."""
    militia = arena.add("halfling-militia", 0, (10, 10), hp=1)
    arena.add("ourk-grunt", 1, arena.touching(militia, "east", 40))
    arena.dice(1)
    run = arena.activate(militia, C.Disengage(1))
    assert militia.ko and run.finished
    assert arena.st.vp_knock_outs == [0, 1]


# ------------------------------------------------------------------ HP and Knock Outs
def test_arcworlde_combat_health_knock_out_at_zero_hp(arena: Arena) -> None:
    """arcworlde.combat.health_knock_out: at 0HP the Character is Knocked Out and removed;
    HP never goes below 0; the other side scores 1 VP (house scenario)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=2)
    arena.dice(6, 6, 6, 1)
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    assert militia.hp == 0 and militia.ko and not militia.on_table
    assert run.events("attack")[0]["hp"] == [2, 0]
    assert run.events("knock_out")[0].data == {
        "who": militia.name, "by": grunt.name, "vp": 1, "side": "a"}
    assert arena.st.vp_knock_outs == [1, 0] and grunt.knock_outs == 1
    assert arena.st.engaged_with(grunt) == []  # removed from the board
    assert all(b.x != militia.x or b.y != militia.y for b in arena.st.blockers(grunt))


def test_arcworlde_scenario_victory_points_commander_bonus(arena: Arena) -> None:
    """arcworlde.scenario.victory_points: Knocking Out the enemy Commander scores the
    scenario's bonus on top (house scenario: 1 + 1)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    sheriff = arena.add("halfling-sheriff", 1, arena.touching(grunt, "east"), hp=1)
    arena.dice(4, 4, 1, 1)  # 2 Hits, Light Armour stops 1, Defence fails
    arena.activate(grunt, C.Attack("Chop", sheriff.uid))
    assert sheriff.ko and arena.st.vp_knock_outs == [2, 0]


def test_arcworlde_combat_crit_effects_skip_knocked_out_targets(arena: Arena) -> None:
    """arcworlde.combat.health_knock_out: a Knocked Out target is gone; its Crit effects do
    not linger (no AP penalty, not Prone)."""
    brute = arena.add("ourk-brute", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(brute, "east"), hp=1)
    arena.dice(6, 1, 1, 1)
    arena.activate(brute, C.Attack("Shove", militia.uid))
    assert militia.ko and not militia.prone


def test_arcworlde_combat_attack_outside_an_activation(arena: Arena) -> None:
    """arcworlde.combat.attack_resolution: the sequence is the same for any Attack (here
    resolved directly, as a stray Shot or a Rogue's Attack would be)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"))
    arena.dice(6, 5, 2, 6, 1)
    chop = next(a for a in grunt.attacks if a.name == "Chop")
    assert resolve_attack(arena.st, grunt, chop, militia, charged=False) == 1
    assert militia.hp == 4 and grunt.damage_dealt == 1


def test_arcworlde_feat_shot_friendly_fire_weighed_by_the_heuristic(arena: Arena) -> None:
    """arcworlde.feat.shot_friendly_fire, seen from the AI (the seed-1 sample game had an
    archer fire three 1AP Shots at the Warboss its own Warhog Rider was fighting, hitting the
    Rider three times): a Shot's value counts the Attack the friend takes when it fails, so
    the heuristic shoots the lone enemy rather than into the melee."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
    from warband.rulesets.arcworlde.ai.tactics import attack_score, shot_value
    from warband.rulesets.arcworlde.rules.combat import stray_victim

    archer = arena.add("halfling-archer", 0, (18, 5))
    brawl = arena.add("ourk-grunt", 1, (14, 16), name="Brawling Grunt")
    rider = arena.add("halfling-militia", 0, arena.touching(brawl, "south"), name="Friend")
    lone = arena.add("ourk-grunt", 1, (22, 16), name="Lone Grunt")
    view = arena.view(0)
    bow = next(a for a in archer.usable_attacks() if a.ranged)
    assert stray_victim(view, archer, brawl) is rider and stray_victim(view, archer, lone) is None
    p = 0.5  # an Easy Feat on one die
    assert shot_value(view, archer, bow, brawl, 1) == pytest.approx(
        p * attack_score(view, archer, bow, brawl, False)
        - (1 - p) * attack_score(view, archer, bow, rider, False))
    run = arena.activate(archer)
    for _ in range(3):
        choice = HeuristicController().decide(view, run.pending, random.Random(0))
        choice = getattr(choice, "choice", choice)
        if isinstance(choice, C.Shoot):
            assert choice.target == lone.uid
            return
        run.answer(choice)
    raise AssertionError("the archer never shot the lone Grunt")


def test_arcworlde_combat_line_of_sight_characters_do_not_block(arena: Arena) -> None:
    """arcworlde.combat.line_of_sight (the yaml's reading: only terrain hides a Character;
    other Characters are not In the Way) and arcworlde.combat.cover (only terrain gives Cover):
    an enemy straight behind the shooter's own 50mm Warhog Rider may be shot, without Cover."""
    from warband.rulesets.arcworlde.rules.combat import in_cover, shot_targets

    archer = arena.add("halfling-archer", 0, (18, 5))
    arena.add("halfling-warhog-rider", 0, (18, 10))
    boss = arena.add("ourk-warboss", 1, (18, 16))
    bow = next(a for a in archer.usable_attacks() if a.ranged)
    assert shot_targets(arena.state, archer, bow) == [boss]
    assert not in_cover(arena.state, archer, boss)
