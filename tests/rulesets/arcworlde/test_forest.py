"""The Mildaark Forest environment: the Round's card and its effects, random placement."""

from __future__ import annotations

from typing import Any

import pytest

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.forest import (
    apply_forest_feat_modifiers,
    forest_round_end,
    forest_round_start,
    random_point,
)

from .arena import Arena
from .test_magic import stack

FOREST = {"environment": "mildaark"}


def draw(arena: Arena, rank: str, *dice: int) -> Any:
    stack(arena, rank)
    arena.dice(*dice)
    return arena.run(forest_round_start(arena.st))


def test_arcworlde_core_random_placement_grid() -> None:
    """arcworlde.core.random_placement: 2D6 on a 6 x 6 grid (first die x, second y), the
    cell's centre, nudged off impassable terrain and bases."""
    arena = Arena(options=FOREST)
    arena.dice(3, 5)
    assert random_point(arena.st) == (15.0, 27.0)
    arena.add("ourk-grunt", 0, (15.0, 27.0))
    arena.dice(3, 5)
    x, y = random_point(arena.st)
    assert (x, y) != (15.0, 27.0) and arena.st.table.fits(x, y, 0.3, [c.base for c in arena.st.chars])


def test_arcworlde_environment_mildaark_overview_card_each_round() -> None:
    """arcworlde.environment.mildaark.overview, arcworlde.environment.optional: with the
    environment (an option) a card is drawn at the start of every Round, before initiative;
    without it, none."""
    arena = Arena(options=FOREST)
    arena.add("ourk-grunt", 0, (10, 10))
    arena.add("halfling-militia", 1, (20, 20))
    arena.seeded(4)
    run = arena.round()
    kinds = run.kinds()
    assert kinds.index("forest") < kinds.index("initiative")
    plain = Arena()
    plain.add("ourk-grunt", 0, (10, 10))
    plain.add("halfling-militia", 1, (20, 20))
    plain.seeded(4)
    assert "forest" not in plain.round().kinds()


def test_arcworlde_environment_mildaark_card_6_arcanite() -> None:
    arena = Arena(options=FOREST)
    draw(arena, "6", 1, 1, 2, 2, 3, 3)
    assert len(arena.st.tokens) == 3 and not any(b for *_, b in arena.st.tokens)


def test_arcworlde_environment_mildaark_card_7_two_more_ap() -> None:
    arena = Arena(options=FOREST)
    grunt = arena.add("ourk-grunt", 0, (18, 18))
    draw(arena, "7")
    run = arena.activate(grunt)
    assert run.pending.info["ap"] == 5
    forest_round_end(arena.st)
    run = arena.activate(grunt)
    assert run.pending.info["ap"] == 3


@pytest.mark.parametrize(("rank", "shot", "before", "after"), [
    ("10", True, 0, -1), ("10", False, 0, 0),   # card 10: Shots at Disadvantage
    ("J", False, 0, 1), ("J", True, -1, 1),     # card J: every Feat at Advantage
])
def test_arcworlde_environment_mildaark_card_10_and_jack(rank: str, shot: bool, before: int,
                                                         after: int) -> None:
    """arcworlde.environment.mildaark.card_10 (mist) and arcworlde.environment.mildaark.card_jack
    (crystals)."""
    arena = Arena(options=FOREST)
    draw(arena, rank)
    expected = {("J", True, -1): 0}.get((rank, shot, before), after)
    assert apply_forest_feat_modifiers(arena.st, before, shot) == expected


def test_arcworlde_environment_mildaark_card_queen_angry_edges() -> None:
    """card_queen: a Character that Activates or moves within 6" of an edge takes D6 Hits,
    once per Round."""
    arena = Arena(options=FOREST)
    edge = arena.add("halfling-militia", 0, (3, 18), hp=20)
    middle = arena.add("halfling-militia", 0, (18, 18), hp=20)
    draw(arena, "Q")
    arena.dice(2, 1)  # D6 Hits = 2; the Defence Roll fails
    run = arena.activate(edge, C.EndActivation())
    assert edge.hp == 18 and run.events("gobble_hits")[0]["cause"] == "the angry forest"
    run = arena.activate(middle, C.EndActivation())
    assert middle.hp == 20


def test_arcworlde_environment_mildaark_card_8_fruit_bush() -> None:
    """card_8: each Character that reaches the bush at the centre regains D6 HP, once."""
    arena = Arena(options=FOREST)
    militia = arena.add("halfling-militia", 0, (18, 14), hp=1)
    draw(arena, "8")
    arena.dice(4)
    arena.activate(militia, C.Move(18, 18))
    assert militia.hp == 5


def test_arcworlde_environment_mildaark_card_9_free_cards() -> None:
    """card_9: extra Spell cards cost no AP this Round."""
    arena = Arena(options=FOREST)
    witch = arena.add("halfling-hedge-witch", 0, (10, 10), ap=2)
    grunt = arena.add("ourk-grunt", 1, arena.at_distance(witch, 3, "east", 40))
    draw(arena, "9")
    stack(arena, "2", "3", "2", "2")
    arena.seeded(1)
    run = arena.activate(witch, C.Cast("stinging-nettles", grunt.uid), C.SpellDraw("ap"),
                         C.SpellDraw("ap"))
    assert run.events("spell_cast")
    assert all("forest" in e["paid"] for e in run.events("spell_card"))


def test_arcworlde_environment_mildaark_card_4_portal() -> None:
    """card_4: a Character touching one portal may step to the other; gone at Round end."""
    arena = Arena(options=FOREST)
    draw(arena, "4", 1, 1, 6, 6)
    (x0, y0), (x1, y1) = arena.st.forest["portals"]
    grunt = arena.add("ourk-grunt", 0, (x0 + 0.9, y0))
    run = arena.activate(grunt, C.UsePortal(0))
    assert abs(grunt.x - x1) < 2 and abs(grunt.y - y1) < 2 and run.events("portal")
    assert C.UsePortal(1) not in run.pending.options  # once per Activation
    forest_round_end(arena.st)
    assert arena.st.forest["portals"] == []


def test_arcworlde_environment_mildaark_card_2_cache() -> None:
    """card_2: an Easy Feat opens the cache; the Character equips one armoury item, free."""
    arena = Arena(options=FOREST)
    draw(arena, "2", 3, 3)
    (x, y), = arena.st.forest["cache"]
    militia = arena.add("halfling-militia", 0, (x + 0.8, y))
    arena.dice(5)
    run = arena.activate(militia, C.OpenCache(0, 1), C.ChooseWeapon("heavy-armour"))
    assert militia.armour == 2 and run.events("cache")
    assert arena.st.forest["cache"] == []


def test_arcworlde_environment_mildaark_card_3_trees() -> None:
    """card_3: three trees (impassable, blocking sight) grow in open ground for the game."""
    arena = Arena(options=FOREST)
    before = len(arena.st.table.terrain)
    draw(arena, "3", 1, 1, 3, 3, 6, 6)
    assert len(arena.st.table.terrain) == before + 3
    assert all(t.kind.value == "impassable" and t.blocks_sight
               for t in arena.st.table.terrain[before:])


def test_arcworlde_environment_mildaark_card_ace_fabled_artefact() -> None:
    """card_ace (and arcworlde.equipment.fabled_artefacts): a random house Fabled Artefact is
    placed at random; a Medium Feat in base contact claims it (the bearer carries it);
    unclaimed it is gone at the end of the Round."""
    arena = Arena(options=FOREST)
    draw(arena, "A", 2, 2, 1)  # placement; the pick among the artefacts (a D3 for three)
    x, y, item = arena.st.forest["artefact"]
    assert item.startswith("fabled-")
    militia = arena.add("halfling-militia", 0, (x + 0.8, y))
    arena.dice(6)  # a Crit: Medium passed
    run = arena.activate(militia, C.ClaimArtefact(1))
    assert any(e.id == item for e in militia.equipment) and run.events("cache")
    draw(arena, "A", 4, 4, 2)
    forest_round_end(arena.st)
    assert arena.st.forest["artefact"] is None


def test_arcworlde_environment_mildaark_card_5_beast_joins_the_forest_side() -> None:
    """arcworlde.environment.mildaark.card_5: a Beast from the Bestiary (picked at random
    among the Beasts) appears at a random spot (2D6 on the grid) as a Character of the
    forest's own side, played by the Rogue rules; it stays after the Round."""
    arena = Arena(options=FOREST)
    arena.add("halfling-militia", 0, (5, 5))
    arena.add("ourk-grunt", 1, (30, 30))
    # the pick among the four Beasts (death-kiwi, forest-boar, giant-bat, mildaark-wolf),
    # the die that seeds the forest's Rogue interpreter, then the grid: column 3, row 5
    run = draw(arena, "5", 2, 1, 3, 5)
    beast = arena.st.chars[-1]
    assert beast.profile.id == "forest-boar" and beast.on_table
    assert (beast.x, beast.y) == (15.0, 27.0)
    side = arena.st.forest_side
    assert side == beast.side == 2 and arena.st.side_labels[side] == "forest"
    assert arena.st.players == 2  # the forest is not a player
    assert run.events("forest_creature")[0]["leaves"] is False
    forest_round_end(arena.st)
    assert beast.on_table


def test_arcworlde_environment_mildaark_card_king_monster_on_drawers_edge_then_leaves() -> None:
    """arcworlde.environment.mildaark.card_king: a Monster is placed in Open Terrain on the
    table edge nearest the player who drew the card (that player's own edge: B, the north),
    acts for the forest's side under the Rogue rules, and wanders off at the end of the
    Round (without scoring anyone VP)."""
    arena = Arena(options=FOREST)
    arena.add("halfling-militia", 0, (5, 5))
    arena.add("ourk-grunt", 1, (30, 30))
    arena.st.initiative = [1, 0]  # B won the last initiative: B draws
    # the pick among the Monsters (forest-troll, marsh-gulper, war-boar), the Rogue
    # interpreter's seed, then a D6 for the sixth of the edge (the third: x = 15)
    draw(arena, "K", 1, 1, 3)
    monster = arena.st.chars[-1]
    assert monster.profile.id == "forest-troll" and monster.side == arena.st.forest_side
    assert monster.x == 15.0 and monster.y == pytest.approx(36 - monster.r - 0.05, abs=1e-3)
    forest_round_end(arena.st)
    assert not monster.on_table and not monster.ko
    assert arena.st.log.events[-1].kind == "forest_leaves"
    assert arena.st.vp_knock_outs[:2] == [0, 0]


def test_arcworlde_environment_mildaark_forest_creature_knock_outs_score_for_players() -> None:
    """arcworlde.scenario.victory_points with the forest's Creatures: Knocking one Out scores
    for the player who did it; a Character the Creature Knocks Out scores for the other
    player (two players: as any Knock Out not by an enemy player); the forest never scores
    and is not in the result."""
    from warband.rulesets.arcworlde.rules.combat import knock_out
    from warband.rulesets.arcworlde.rules.scenario import final_outcome

    arena = Arena(options=FOREST)
    a = arena.add("halfling-militia", 0, (5, 5))
    b = arena.add("ourk-grunt", 1, (30, 30))
    b2 = arena.add("ourk-grunt", 1, (25, 30))
    draw(arena, "5", 2, 1, 3, 5)
    beast = arena.st.chars[-1]
    knock_out(arena.st, b2, beast)
    assert arena.st.vp_knock_outs == [1, 0, 0]
    knock_out(arena.st, beast, b)
    assert arena.st.vp_knock_outs == [1, 1, 0]
    outcome = final_outcome(arena.st)
    assert outcome.sides == ["a", "b"] and outcome.vp == [1, 1] and outcome.winner is None
    assert a.on_table


def test_arcworlde_environment_mildaark_card_joker_commanders_change_hands() -> None:
    """card_joker: for the Round, each player takes the decisions of the opposing side's
    Commander; the AIs waste its Activation."""
    import random

    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    arena = Arena(options=FOREST)
    sheriff = arena.add("halfling-sheriff", 0, (10, 10))
    militia = arena.add("halfling-militia", 0, (14, 10))
    arena.add("ourk-grunt", 1, (10, 30))
    draw(arena, "Joker")
    run = arena.activate(sheriff)
    assert run.pending.player == 1  # the Ourk player moves the Sheriff
    assert HeuristicController().decide(arena.view(1), run.pending, random.Random(0)) == \
        C.EndActivation()
    run = arena.activate(militia)
    assert run.pending.player == 0
    forest_round_end(arena.st)
    assert arena.activate(sheriff).pending.player == 0
