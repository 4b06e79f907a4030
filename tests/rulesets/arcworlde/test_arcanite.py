"""Arcanite Tokens: bought and placed, picked up, given, stolen, dropped, spent (the five uses),
the Commander's stash, scoring, and how the AIs use them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from warband.content.errors import ContentError
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.lists import parse_list
from warband.rulesets.arcworlde.rules.arcanite import available, scored_tokens

from .arena import Arena
from .test_magic import stack


def options(run: Any, kind: type) -> list[Any]:
    return [o for o in run.pending.options if isinstance(o, kind)]


def _list(tokens: int) -> dict[str, Any]:
    return {"ruleset": "arcworlde", "name": "Hoard", "game_value": 400,
            "characters": [{"profile": "halfling-sheriff",
                            "equipment": ["arcanite-token"] * tokens},
                           {"profile": "halfling-militia", "count": 2}]}


# ------------------------------------------------------------------------------ obtaining
def test_arcworlde_arcanite_obtaining_bought_in_the_list_and_placed_by_the_scenario() -> None:
    """arcworlde.arcanite.obtaining: Tokens are bought from the Common Armoury (GP, equipped
    to a Character, more than one allowed) or placed on the table by the scenario."""
    cat = catalogue()
    wb = parse_list(_list(3), "hoard", cat)
    sheriff = wb.members[0]
    assert sheriff.cost == 80 + 3 * cat.equipment["arcanite-token"].cost
    other = RULESET.load_list(RULESET.sample_lists()[1])
    game = RULESET.new_game([wb, other], 1, {"scenario": "arcanite-hunt"})
    st: Any = game.state
    assert st.chars[0].arcanite_bought == 3 and st.chars[0].arcanite == 0
    assert len(st.tokens) == len(cat.scenarios["arcanite-hunt"].arcanite) == 5
    assert all(not bought for _, _, bought in st.tokens)


def test_arcworlde_arcanite_obtaining_cost_counts_against_the_game_value() -> None:
    """arcworlde.list.gold_game_value: bought Tokens cost GP like any equipment."""
    with pytest.raises(ContentError, match="over the game value"):
        parse_list(_list(19), "hoard", catalogue())  # 80 + 19 x 15 + 50 GP


# ------------------------------------------------------------------------------ the uses
def test_arcworlde_arcanite_using_plus_one_ap_while_activated(arena: Arena) -> None:
    """arcworlde.arcanite.using (a): +1AP for the Character's Activation."""
    grunt = arena.add("ourk-grunt", 0, (10, 10), arcanite=1)
    run = arena.activate(grunt, C.UseArcanite("ap"))
    assert run.pending.info["ap"] == 4 and grunt.arcanite == 0
    assert run.events("arcanite")[0]["use"] == "ap"
    assert not options(run, C.UseArcanite)  # spent: no Token left


def test_arcworlde_arcanite_using_extra_die_on_the_next_attack(arena: Arena) -> None:
    """arcworlde.arcanite.using (b): an extra D6 on a roll (the Attack's Power)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10), arcanite=1)
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=50)
    arena.dice(1, 1, 1, 1)  # Chop is Power 3: four dice with the Token, no Hits
    run = arena.activate(grunt, C.UseArcanite("extra_die"), C.Attack("Chop", militia.uid))
    assert run.events("attack")[0]["dice"] == [1, 1, 1, 1]
    assert arena.dice_left == 0 and grunt.primed is None


def test_arcworlde_arcanite_using_extra_die_on_a_feat(arena: Arena) -> None:
    """arcworlde.arcanite.using (b): an extra D6 on a Feat (standing up: Easy)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10), arcanite=1, prone=True, prone_round=1)
    arena.dice(1, 5)
    arena.activate(grunt)  # Prone: only standing up or ending; the Token is not offered
    grunt2 = arena.add("ourk-grunt", 0, (20, 20), arcanite=1)
    arena.dice(1, 5)
    militia = arena.add("halfling-militia", 1, arena.touching(grunt2, "east"), prone=True,
                        prone_round=1, arcanite=1)
    run = arena.activate(grunt2, C.UseArcanite("extra_die"), C.StealArcanite(militia.uid, 1))
    feat = run.events("feat")[0]
    assert feat["rolled"] == [1, 5] and feat["success"]
    assert grunt2.arcanite == 1 and militia.arcanite == 0


def test_arcworlde_arcanite_using_reroll_a_failed_power_die(arena: Arena) -> None:
    """arcworlde.arcanite.using (e): re-roll a D6 (the first failed Power die)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10), arcanite=1)
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=50)
    arena.dice(1, 5, 5, 6, 1)  # Power 3: 1 5 5, the 1 re-rolled into a 6, then one Defence
    run = arena.activate(grunt, C.UseArcanite("reroll"), C.Attack("Chop", militia.uid))
    attack = run.events("attack")[0]
    assert attack["dice"] == [6, 5, 5] and attack["hits"] == 4


def test_arcworlde_arcanite_using_cast_a_spell_and_draw_a_card(arena: Arena) -> None:
    """arcworlde.arcanite.using (c, d): a Token pays for the Spell instead of 2AP, and for a
    further card instead of 1AP."""
    witch = arena.add("halfling-hedge-witch", 0, (10, 10), ap=1, arcanite=2)
    grunt = arena.add("ourk-grunt", 1, arena.at_distance(witch, 4, "east", 40))
    run = arena.activate(witch)
    assert C.Cast("stinging-nettles", grunt.uid, "arcanite") in run.pending.options
    assert C.Cast("stinging-nettles", grunt.uid, "ap") not in run.pending.options  # 1AP
    stack(arena, "2", "3", "5")
    arena.seeded(4)
    run.answer(C.Cast("stinging-nettles", grunt.uid, "arcanite"))
    assert set(run.pending.options) == {C.SpellDraw("ap"), C.SpellDraw("arcanite"),
                                        C.SpellDraw("stop")}
    run.answer(C.SpellDraw("arcanite"))
    assert run.events("spell_cast") and witch.arcanite == 0
    assert [e["use"] for e in run.events("arcanite")] == ["cast a Spell", "draw another card"]


def test_arcworlde_arcanite_commander_stash_serves_any_friend(arena: Arena) -> None:
    """arcworlde.arcanite.commander_stash: a Commander's Token may be used by any friendly
    Character, anywhere; a Character spends its own first."""
    arena.add("halfling-sheriff", 0, (30, 30), arcanite_bought=1)
    militia = arena.add("halfling-militia", 0, (5, 5), arcanite=1)
    assert available(arena.st, militia) == 2
    run = arena.activate(militia, C.UseArcanite("ap"))
    assert run.events("arcanite")[0]["holder"] == militia.name
    run.answer(C.UseArcanite("ap"))
    assert run.events("arcanite")[1]["holder"] == "Halfling Sheriff"
    assert run.pending.info["ap"] == 5
    enemy = arena.add("ourk-grunt", 1, (20, 5), arcanite=0)
    assert available(arena.st, enemy) == 0  # not the other side's stash


# ------------------------------------------------------------------------ Tokens as Items
def test_arcworlde_arcanite_as_items_pick_up_give_steal(arena: Arena) -> None:
    """arcworlde.arcanite.as_items, arcworlde.feat.interact_equipment,
    arcworlde.equipment.stealing: an Easy Feat picks up a Token, gives one to a friend in base
    contact, or steals one from a Prone enemy in base contact (not a standing one)."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    arena.st.tokens.append((10 + grunt.r + 0.3, 10.0, False))
    friend = arena.add("ourk-grunt", 0, arena.touching(grunt, "north", 40))
    standing = arena.add("halfling-militia", 1, arena.touching(grunt, "south"), arcanite=1)
    arena.dice(4, 5)
    run = arena.activate(grunt)
    assert not options(run, C.StealArcanite)  # the enemy is standing
    run.answer(C.PickUpArcanite(0, 1))
    assert grunt.arcanite == 1 and not arena.st.tokens
    run.answer(C.GiveArcanite(friend.uid, 1))
    assert friend.arcanite == 1 and grunt.arcanite == 0
    standing.prone, standing.prone_round = True, 1
    arena.dice(6)
    run = arena.activate(grunt, C.StealArcanite(standing.uid, 1))
    assert grunt.arcanite == 1 and standing.arcanite == 0
    assert run.events("arcanite_stolen")


def test_arcworlde_arcanite_as_items_dropped_on_knock_out(arena: Arena) -> None:
    """arcworlde.arcanite.as_items, arcworlde.equipment.knocked_out: a Knocked Out carrier
    leaves its Tokens (Items) on the table where it stood; bought ones stay bought."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=1,
                        arcanite=1, arcanite_bought=1)
    arena.dice(6, 1, 1, 1)  # two Hits; one Defence Roll fails
    arena.activate(grunt, C.Attack("Chop", militia.uid), C.UseArcanite("decline"))
    assert militia.ko
    assert sorted(b for _, _, b in arena.st.tokens) == [False, True]
    spot = (round(militia.x, 3), round(militia.y, 3))
    assert all((x, y) == spot for x, y, _ in arena.st.tokens)


def test_arcworlde_arcanite_found_tokens_score_bought_do_not(arena: Arena) -> None:
    """arcworlde.arcanite.obtaining: bought Tokens never count for a scenario."""
    arena.add("halfling-militia", 0, (10, 10), arcanite=2, arcanite_bought=3)
    arena.add("ourk-grunt", 1, (20, 20), arcanite_bought=1)
    assert scored_tokens(arena.st, 0) == 2 and scored_tokens(arena.st, 1) == 0


# ----------------------------------------------------------------------------- the AIs
def test_rogue_picks_up_arcanite_first_and_never_spends(arena: Arena) -> None:
    """arcworlde.solo.arcanite: a Rogue in contact with a Token tries to pick it up before
    any other Action, and never spends Arcanite."""
    from warband.rulesets.arcworlde.ai.rogue import RogueController

    grunt = arena.add("ourk-grunt", 0, (10, 10), arcanite=2)
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"))
    arena.st.tokens.append((10 - grunt.r - 0.2, 10.0, False))
    run = arena.activate(grunt)
    choice = RogueController().decide(arena.view(0), run.pending, random.Random(0))
    assert isinstance(choice.choice, C.PickUpArcanite) and choice.choice.ap == 1
    arena.st.tokens.clear()
    run = arena.activate(grunt)
    choice = RogueController().decide(arena.view(0), run.pending, random.Random(0))
    choice = getattr(choice, "choice", choice)
    assert choice == C.Attack("Chop", militia.uid)


def test_heuristic_spends_arcanite_where_it_swings_the_roll(arena: Arena) -> None:
    """The heuristic AI buys an extra Power die when it raises the Knock Out chance enough
    (a 4HP Militia under Chop, Power 3), not against a target it cannot hurt much more."""
    from warband.rulesets.arcworlde.ai.arcanite_ai import SWING_OWN, extra_die_swing
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    grunt = arena.add("ourk-grunt", 0, (10, 10), arcanite=1)
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=3)
    chop = grunt.attacks[0]
    assert extra_die_swing(arena.st, grunt, chop, militia) >= SWING_OWN
    run = arena.activate(grunt)
    choice = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    assert getattr(choice, "choice", choice) == C.UseArcanite("extra_die")
    militia.hp = 40
    assert extra_die_swing(arena.st, grunt, chop, militia) < SWING_OWN
    choice = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    assert getattr(choice, "choice", choice) == C.Attack("Chop", militia.uid)


def test_heuristic_picks_up_tokens_it_touches(arena: Arena) -> None:
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    grunt = arena.add("ourk-grunt", 0, (10, 10))
    arena.add("halfling-militia", 1, (30, 30))
    arena.st.tokens.append((10 + grunt.r + 0.2, 10.0, False))
    run = arena.activate(grunt)
    choice = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    assert getattr(choice, "choice", choice) == C.PickUpArcanite(0, 2)


def test_arcworlde_arcanite_using_outside_the_activation_on_defence(arena: Arena) -> None:
    """arcworlde.arcanite.using: a Token can be spent outside the Character's Activation: when
    attacked, its player may spend one to re-roll its first failed Defence Roll."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=9, arcanite=1)
    arena.dice(6, 1, 1,  # Chop: one Crit, two Hits
               1, 5, 1)  # Defence: 1 fails, re-rolled 5 saves one, then 1 fails: 1 Damage
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    assert run.pending.kind == "arcanite_defence" and run.pending.player == 1
    run.answer(C.UseArcanite("ward"))
    assert militia.hp == 8 and militia.arcanite == 0
    assert [list(d) for d in run.events("attack")[0]["defence"]] == [[1], [5], [1]]


def test_arcworlde_arcanite_using_extra_die_on_defence(arena: Arena) -> None:
    """arcworlde.arcanite.using (b): "an extra D6 on any roll" on a Defence Roll: the first
    Defence Roll against this Attack rolls one more die and their Successes add up."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=9, arcanite=1)
    arena.dice(6, 6, 4,  # Chop: two Crits and a Hit, 5 Hits
               5, 6,  # first Defence Roll, with the extra die: 1 + 2 saves 3
               4, 2)  # then 4 saves one more, 2 fails: 1 Damage
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    assert run.pending.kind == "arcanite_defence"
    assert C.UseArcanite("defence_die") in run.pending.options
    run.answer(C.UseArcanite("defence_die"))
    attack = run.events("attack")[0]
    assert militia.hp == 8 and militia.arcanite == 0
    assert [list(d) for d in attack["defence"]] == [[5], [4], [2]]
    assert attack["defence_extra"] == [[6], [], []]
    assert attack["defended"] == 4


def test_arcworlde_arcanite_extra_defence_die_at_advantage(arena: Arena) -> None:
    """arcworlde.arcanite.using with arcworlde.dice.advantage_disadvantage: in Cover each
    Defence die is two dice keeping the best, the extra die too."""
    from warband.rulesets.arcworlde.mechanics import AttackMechanic

    roll = AttackMechanic(power=0, defence=1, defence_extra=1)
    dice = arena.dice(1, 5, 2, 6, 3, 1)  # roll (1/5 keeps 5), extra (2/6 keeps 6): saves 3 of 4
    rolls, damage = roll.defend(dice, 4)
    assert rolls[0].rolled == (1, 5) and rolls[0].extra_rolled == (2, 6) and rolls[0].saves == 3
    assert damage == 1 and rolls[1].rolled == (3, 1) and rolls[1].extra_rolled == ()


def test_arcworlde_arcanite_defence_not_asked_without_tokens(arena: Arena) -> None:
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=9)
    arena.dice(1, 1, 1)
    run = arena.activate(grunt, C.Attack("Chop", militia.uid))
    assert all(d.kind != "arcanite_defence" for d in run.asked)


def test_ais_on_arcanite_defence(arena: Arena) -> None:
    """The heuristic wards a blow that could Knock it Out (exact odds); the Rogue never
    spends Arcanite."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
    from warband.rulesets.arcworlde.ai.rogue import RogueController

    brute = arena.add("ourk-brute", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(brute, "east"), hp=3, arcanite=1)
    run = arena.activate(brute, C.Attack("Smash", militia.uid))
    d = run.pending
    assert HeuristicController().decide(arena.view(1), d, random.Random(0)) == C.UseArcanite("ward")
    assert RogueController().decide(arena.view(1), d, random.Random(0)) == C.UseArcanite("decline")


def test_heuristic_walks_to_a_token(arena: Arena) -> None:
    """Tokens on the table are move goals (rules/movement.py); the heuristic fetches one in
    reach rather than standing still (Arcanite Hunt figures: docs/rulesets/arcworlde.md)."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    grunt = arena.add("ourk-grunt", 0, (10, 4))
    arena.add("halfling-militia", 1, (30, 32))
    arena.st.tokens.append((13.0, 6.0, False))
    run = arena.activate(grunt)
    assert C.Move(13.0, 6.0, "to an Arcanite Token") in run.pending.options
    choice = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    assert getattr(choice, "choice", choice) == C.Move(13.0, 6.0)


@pytest.mark.parametrize(("attacker", "attack", "hp"), [
    ("ourk-brute", "Smash", 3), ("ourk-grunt", "Chop", 1), ("ourk-warboss", "Cleaver Swing", 4)])
def test_heuristic_spends_arcanite_on_the_better_defence(arena: Arena, attacker: str, attack: str,
                                                         hp: int) -> None:
    """arcworlde.arcanite.using on Defence: offered an extra Defence die or a re-roll, the
    heuristic takes the one that leaves it the lowest chance to be Knocked Out by this Attack
    (exact distributions of the one mechanic the game rolls), or keeps the Token."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
    from warband.rulesets.arcworlde.ai.tactics import damage_stats
    from warband.rulesets.arcworlde.rules.combat import attack_mechanic, ward

    foe = arena.add(attacker, 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(foe, "east"), hp=hp, arcanite=1)
    run = arena.activate(foe, C.Attack(attack, militia.uid))
    d = run.pending
    assert {o.use for o in d.options} == {"defence_die", "ward", "decline"}
    choice = HeuristicController().decide(arena.view(1), d, random.Random(0))
    blow = next(a for a in foe.usable_attacks() if a.name == attack)
    mech = attack_mechanic(blow, militia, False, False)
    kill = {u: damage_stats(ward(mech, u), militia.hp)[1] for u in ("defence_die", "ward")}
    if choice.use != "decline":
        assert kill[choice.use] == min(kill.values())
