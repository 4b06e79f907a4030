"""Rules errors found in review (issue 9, section 2), one test per finding, each named by the
rule id it checks."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from warband.ai.random_ai import RandomController
from warband.content.errors import ContentError
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.rogue import RogueController
from warband.rulesets.arcworlde.catalogue import DEFAULT_CONTENT, Catalogue, catalogue
from warband.rulesets.arcworlde.lists import parse_list
from warband.rulesets.arcworlde.models import CharacterClass

from .arena import Arena, Picks, attack, box, profile, terrain


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


# --------------------------------------------------------------------- list building
def _creatures() -> dict[str, Any]:
    return {"ruleset": "arcworlde", "name": "Hunting Pack", "game_value": 400,
            "characters": [{"profile": "forest-boar", "count": 3}]}


def test_arcworlde_creatures_creature_warband_needs_no_commander() -> None:
    """arcworlde.creatures.creature_warband: a Warband made only of Creatures is legal without a
    Commander, and it plays a whole game."""
    wb = parse_list(_creatures(), "pack.yaml", catalogue())
    assert [m.profile.id for m in wb.members] == ["forest-boar"] * 3
    assert wb.faction == "bestiary" and not any(m.unruly for m in wb.members)
    other = RULESET.load_list(RULESET.sample_lists()[0])
    game = RULESET.new_game([wb, other], 7)
    while (pending := game.pending()) is not None:
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        assert decision is not None and pending is not None
        game.apply(player, RandomController().decide(game.view(player), decision, random.Random(1)))
    assert game.outcome() is not None


def test_arcworlde_creatures_creature_warband_with_others_still_needs_a_commander() -> None:
    """arcworlde.list.class.commander: once a Warband holds a non-Creature it needs a
    Commander again (only a Creature-only Warband is exempt)."""
    data = _creatures()
    data["characters"].append({"profile": "halfling-militia"})
    with pytest.raises(ContentError, match="needs a Commander"):
        parse_list(data, "pack.yaml", catalogue())


def test_arcworlde_hire_swords_for_hire_are_not_unruly() -> None:
    """arcworlde.hire.swords_for_hire: a Sword for Hire fights for any Faction; it is no unruly
    hire from another Faction (arcworlde.hire.other_factions), so no warning and no Bravery Test
    on Activation."""
    data = {"ruleset": "arcworlde", "name": "Posse", "game_value": 400,
            "characters": [{"profile": "halfling-sheriff"},
                           {"profile": "wandering-sellsword"}]}
    wb = parse_list(data, "posse.yaml", catalogue())
    sellsword = wb.members[1]
    assert CharacterClass.SWORD_FOR_HIRE in sellsword.profile.classes
    assert not sellsword.unruly and wb.warnings() == []


def test_arcworlde_hire_swords_for_hire_activate_without_a_bravery_test(arena: Arena) -> None:
    """arcworlde.hire.swords_for_hire: in play a hired Sword for Hire (built by the game from a
    Halfling list) takes no unruly Bravery Test and keeps all its AP."""
    data = {"ruleset": "arcworlde", "name": "Posse", "game_value": 400,
            "characters": [{"profile": "halfling-sheriff"},
                           {"profile": "wandering-sellsword"}]}
    wb = parse_list(data, "posse.yaml", catalogue())
    sellsword = arena.add(wb.members[1].profile, 0, (10, 10), unruly=wb.members[1].unruly)
    arena.add("ourk-grunt", 1, (30, 30))
    arena.dice()
    run = arena.activate(sellsword, C.EndActivation())
    assert run.events("bravery") == [] and run.events("unruly") == []
    assert run.events("activate")[0]["ap"] == 3


# --------------------------------------------------------------------- traits
def test_arcworlde_trait_fly_is_in_the_trait_catalogue() -> None:
    """arcworlde.trait.fly: Fly is a Trait profiles can be given (the catalogue refused it as
    an unknown trait); the house Giant Bat has it."""
    cat = catalogue()
    assert cat.traits["fly"].rule == "arcworlde.trait.fly"
    assert "fly" in cat.profiles["giant-bat"].traits


def test_arcworlde_trait_fly_profile_from_a_user_content_folder(tmp_path: Path) -> None:
    """arcworlde.trait.fly: a user's own profile file may give Fly to a profile."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    (folder / "profiles-mine.yaml").write_text(
        "source: house\nprofiles:\n"
        "  - {id: harpy, name: Harpy, faction: bestiary, cost: 40, classes: [monster], ap: 3,\n"
        "     movement: 6, bravery: 6, hp: 6, traits: [fly],\n"
        "     attacks: [{name: Talons, ap: 1, power: 3}]}\n"
    )
    cat = Catalogue.load(folder)
    assert cat.profiles["harpy"].traits == frozenset({"fly"})


def test_arcworlde_trait_fly_moves_over_impassable_and_difficult_terrain() -> None:
    """arcworlde.trait.fly: a flier crosses a wall in a straight line and pays nothing extra
    for a bog; a walker with the same Movement goes round the wall."""
    wall = terrain("Wall", "impassable", box(12, 4, 13, 30))
    bog = terrain("Bog", "difficult", box(14, 4, 17, 30))
    for traits, expect_x in ((["fly"], 18.0), ([], None)):
        arena = Arena([wall, bog])
        ch = arena.add(profile("mover", movement=8, traits=traits), 0, (10, 10))
        arena.add("ourk-grunt", 1, (30, 34))
        arena.dice()
        arena.activate(ch, C.Move(18, 10, "east"), C.EndActivation())
        if expect_x is not None:
            assert (ch.x, ch.y) == pytest.approx((expect_x, 10))
        else:
            assert ch.x < 13  # round the 26"-long wall: it gets nowhere near


# --------------------------------------------------------------------- cover
def test_arcworlde_combat_cover_target_deep_in_the_shooters_wood() -> None:
    """arcworlde.combat.cover: a target deep inside a wood keeps its Cover when the shooter
    stands in the same wood (only the trees round the shooter do not hide what it sees)."""
    arena = Arena([terrain("Wood", "difficult", box(4, 4, 30, 30), cover=True)])
    archer = arena.add("halfling-archer", 0, (6, 6))
    target = arena.add("ourk-grunt", 1, (16, 16))
    arena.dice(4, 4, 1, 1, 1, 5)  # Feat, Power 3 (1 Hit), Defence 1/5 keeps 5
    run = arena.activate(archer, C.Shoot("Shortbow", target.uid, 1))
    hit = run.events("attack")[0]
    assert hit["cover"] is True and hit["defence"] == [[1, 5]]


def test_arcworlde_trait_fly_does_not_land_on_impassable_terrain() -> None:
    """arcworlde.trait.fly (our reading of its ambiguity): a flier told to stop on a wall
    comes down just short of it, where its base fits."""
    arena = Arena([terrain("Wall", "impassable", box(12, 4, 13, 30))])
    bat = arena.add("giant-bat", 0, (8, 10))
    arena.add("ourk-grunt", 1, (30, 34))
    arena.dice()
    arena.activate(bat, C.Move(12.5, 10, "onto the wall"), C.EndActivation())
    assert not arena.st.table.in_impassable(bat.x, bat.y, bat.r)
    assert bat.x == pytest.approx(12 - bat.r, abs=0.06) and bat.y == pytest.approx(10)


# --------------------------------------------------------------------- deployment
def _horde(militia: int, extra: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"ruleset": "arcworlde", "name": "Horde", "game_value": 10_000,
            "characters": [{"profile": "halfling-sheriff"},
                           {"profile": "halfling-militia", "count": militia}, *(extra or [])]}


def _play_setup(game: Any) -> None:
    """Answer deployment decisions at random until the first Activation."""
    rng = random.Random(3)
    ai = RandomController()
    while (decision := game.decision_for(game.waiting_for()[0])) is not None:
        if decision.kind not in ("deploy", "deploy_order"):
            return
        game.apply(decision.player, ai.decide(game.view(decision.player), decision, rng))


def test_arcworlde_setup_sequence_a_large_list_that_fits_deploys_whole() -> None:
    """arcworlde.setup.sequence: every Character of a list that fits its deployment zone is
    placed (81 Characters on 30mm bases fit a 36" x 6" zone; only 24 were placed, the
    Commander never entered)."""
    archers = [{"profile": "halfling-archer", "count": 30}]
    wb = parse_list(_horde(50, archers), "horde.yaml", catalogue())
    assert len(wb.members) == 81
    other = RULESET.load_list(RULESET.sample_lists()[1])
    game = RULESET.new_game([wb, other], 11)
    _play_setup(game)
    horde = [c for c in game.state.chars if c.side == 0]
    assert all(c.deployed and not c.ko for c in horde), [c.name for c in horde if not c.deployed]
    assert [e for e in game.state.log.events if e.kind == "no_room"] == []


def test_arcworlde_setup_sequence_a_list_that_cannot_deploy_is_refused() -> None:
    """arcworlde.setup.sequence: a list whose Characters cannot all stand in the scenario's
    deployment zone is refused at set-up, with the reason, instead of leaving some (perhaps
    the Commander) off the table."""
    riders = [{"profile": "halfling-warhog-rider", "count": 50},
              {"profile": "halfling-warhog-rider", "count": 49}]
    wb = parse_list({**_horde(0), "characters": [{"profile": "halfling-sheriff"}, *riders]},
                    "horde.yaml", catalogue())
    other = RULESET.load_list(RULESET.sample_lists()[1])
    with pytest.raises(ValueError, match=r"A \('Horde'\) cannot all be deployed: 100 Characters.*room for only 53"):
        RULESET.new_game([wb, other], 11)
    with pytest.raises(ValueError, match="deployment zone"):
        RULESET.new_game([other, wb], 11)
