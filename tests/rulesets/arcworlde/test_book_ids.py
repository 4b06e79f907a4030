"""Rules of the book with little or no mechanic of their own, each checked where the engine
gives it a meaning: the Classes without special rules, the three terrain types, what a game
needs, miniatures and their equipment, and the Rogue Warband playing by the normal rules."""

from __future__ import annotations

from collections import Counter

import pytest

from warband.content.errors import ContentError
from warband.core.controller import play
from warband.core.deck import standard_54
from warband.core.geometry import TerrainKind
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.catalogue import DEFAULT_CONTENT, catalogue
from warband.rulesets.arcworlde.lists import parse_list
from warband.rulesets.arcworlde.models import CharacterClass, ScenarioModel
from warband.rulesets.arcworlde.rogue_list import rogue_list
from warband.rulesets.arcworlde.rules.combat import shot_targets

from .arena import Arena, box, terrain

RANK_AND_FILE = [CharacterClass.UNIT, CharacterClass.ELITE, CharacterClass.IRREGULAR,
                 CharacterClass.HEAVY]


@pytest.mark.parametrize("cls", RANK_AND_FILE, ids=str)
def test_arcworlde_list_class_unit_elite_irregular_heavy(cls: CharacterClass) -> None:
    """arcworlde.list.class.unit, arcworlde.list.class.elite, arcworlde.list.class.irregular,
    arcworlde.list.class.heavy: selectable Classes with no special rules of their own. The
    house content has Characters of each; a list may take them (a Commander and one of the
    Class); and each is a Rogue Warband composition result that adds a Character of exactly
    that Class (arcworlde.solo.composition.*)."""
    cat = catalogue()
    members = [p for p in cat.profiles.values() if cls in p.classes and not p.commander]
    assert members, f"no house profile of class {cls}"
    one = members[0]
    boss = next(p for p in cat.profiles.values() if p.commander and p.faction == one.faction)
    data = {"ruleset": "arcworlde", "name": "Test", "faction": one.faction, "game_value": 10**4,
            "characters": [{"profile": boss.id}, {"profile": one.id}]}
    warband = parse_list(data, "test", cat)
    assert [m.profile.id for m in warband.members] == [boss.id, one.id]
    added = Counter[str]()
    for seed in range(40):
        _, rolls = rogue_list(cat, 600, seed)
        for roll in rolls:
            if roll["class"] == cls.value and roll["result"] in cat.profiles:
                assert cls in cat.profiles[roll["result"]].classes
                added[roll["result"]] += 1
    assert added, f"no Rogue composition roll ever added a {cls}"


def test_arcworlde_list_class_unknown_is_refused_naming_the_field(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """arcworlde.list.class.*: a profile's Class outside the book's list is refused at load,
    naming the file and the field."""
    import shutil

    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    path = folder / "profiles-house.yaml"
    path.write_text(path.read_text().replace("classes: [heavy]", "classes: [champion]", 1))
    with pytest.raises(ContentError) as err:
        catalogue(folder)
    assert "profiles-house.yaml" in str(err.value) and ".classes" in str(err.value)


def test_arcworlde_terrain_types_three_kinds_sight_tagged_apart() -> None:
    """arcworlde.terrain.types: every piece is Open, Difficult or Impassable (anything else is
    refused); whether it blocks sight or gives Cover is tagged apart from its type (the yaml's
    reading): a low Impassable wall stops a Character but not its Shot, a Difficult thicket
    that blocks sight hides a target but only slows a walker."""
    assert {k.value for k in TerrainKind} == {"open", "difficult", "impassable"}
    with pytest.raises(ValueError, match="kind"):
        ScenarioModel(id="x", name="X", source="house", width=36, height=36,
                      terrain=[{"name": "Lava", "kind": "lava", "points": box(1, 1, 2, 2)}])
    wall = terrain("Low Wall", "impassable", box(0, 12, 36, 12.5))
    arena = Arena([wall])
    archer = arena.add("halfling-archer", 0, (18, 8))
    target = arena.add("ourk-grunt", 1, (18, 17))
    bow = next(a for a in archer.usable_attacks() if a.ranged)
    assert shot_targets(arena.st, archer, bow) == [target]  # seen over the wall
    run = arena.activate(archer, C.Move(18, 20))
    assert archer.y + archer.r <= 12 + 1e-6  # but not crossed
    assert run.events("move")
    thicket = terrain("Thicket", "difficult", box(0, 10, 36, 16), blocks_sight=True)
    arena = Arena([thicket])
    archer = arena.add("halfling-archer", 0, (18, 8))
    arena.add("ourk-grunt", 1, (18, 20))
    assert shot_targets(arena.st, archer, bow) == []  # hidden behind it
    arena.activate(archer, C.Move(18, 30))
    assert archer.y == pytest.approx(8 + 2 + 1)  # 2 open inches, then 2 buy 1 in the thicket


def test_arcworlde_core_requirements_dice_deck_and_table() -> None:
    """arcworlde.core.requirements: six-sided dice, a deck of 54 playing cards (two Jokers) as
    the ArcDeck, a table of at least the recommended 3 by 3 feet in every shipped scenario."""
    deck = standard_54()
    assert len(deck) == 54 and sum(c.rank == "Joker" for c in deck) == 2
    assert len({(c.rank, c.suit) for c in deck if c.rank != "Joker"}) == 52
    arena = Arena()
    arena.seeded(3)
    faces = {arena.st.dice.d6() for _ in range(600)}
    assert faces == set(range(1, 7))
    for scenario in catalogue().scenarios.values():
        assert scenario.width >= 36 and scenario.height >= 36, scenario.id


def test_arcworlde_core_miniatures_representation_equipment_need_not_match() -> None:
    """arcworlde.core.miniatures_representation: equipment need not match the sculpt: a list
    may give a spear-armed Militia a bow instead (any armoury equipment, no sculpt check)."""
    cat = catalogue()
    bow = next(e for e in cat.equipment.values() if any(a.ranged for a in e.attacks))
    data = {"ruleset": "arcworlde", "name": "Odd Kit", "faction": "halflings", "game_value": 10**4,
            "characters": [{"profile": "halfling-sheriff"},
                           {"profile": "halfling-militia", "equipment": [bow.id]}]}
    warband = parse_list(data, "test", cat)
    assert bow in warband.members[1].equipment


def test_arcworlde_solo_overview_rogue_plays_by_the_normal_rules() -> None:
    """arcworlde.solo.overview: a Rogue Warband follows the normal rules except where the
    Rogue rules make its choices: the rogue AI answers the same decisions as any player (an
    illegal answer would be refused by the game), the game ends, and it replays exactly."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    factories = RULESET.controllers()
    for seed in (3, 4):
        game = RULESET.new_game(lists, seed, {})
        outcome = play(game, {0: factories["heuristic"](), 1: factories["rogue"]()}, seed)
        assert game.over and outcome is not None
        again = RULESET.new_game(lists, seed, {})
        play(again, {0: factories["heuristic"](), 1: factories["rogue"]()}, seed)
        assert again.digest == game.digest
