"""Items in play: given, dropped, stolen from a Prone enemy, picked up, left by a Knock Out."""

from __future__ import annotations

from warband.rulesets.arcworlde import choices as C

from .arena import Arena


def _has(ch, item: str) -> bool:  # type: ignore[no-untyped-def]
    return any(e.id == item for e in ch.equipment)


def test_arcworlde_equipment_types_items_move_gear_does_not() -> None:
    """arcworlde.equipment.types, arcworlde.feat.interact_equipment: an Item can be given to
    a friend in base contact or dropped, with an Easy Feat; Gear never leaves its bearer."""
    arena = Arena()
    knight = arena.add("halfling-militia", 0, (10, 10), equipment=["fabled-wardstone-amulet",
                                                                     "light-armour"])
    friend = arena.add("halfling-militia", 0, arena.touching(knight, "east"))
    assert knight.armour == 2
    run = arena.activate(knight)
    offered = {(type(o).__name__, getattr(o, "item", None)) for o in run.pending.options
               if isinstance(o, C.GiveItem | C.DropItem)}
    assert offered == {("GiveItem", "fabled-wardstone-amulet"), ("DropItem", "fabled-wardstone-amulet")}
    arena.dice(4)
    run.answer(C.GiveItem(friend.uid, "fabled-wardstone-amulet", 1))
    assert _has(friend, "fabled-wardstone-amulet") and friend.armour == 2
    assert not _has(knight, "fabled-wardstone-amulet") and knight.armour == 1  # Light Armour
    arena.dice(5)
    run = arena.activate(friend, C.DropItem("fabled-wardstone-amulet", 1))
    assert friend.armour == 0 and arena.st.items == [
        (round(friend.x, 3), round(friend.y, 3), "fabled-wardstone-amulet")]
    arena.dice(6)
    run = arena.activate(friend, C.PickUpItem(0, 1))
    assert _has(friend, "fabled-wardstone-amulet") and not arena.st.items


def test_arcworlde_equipment_stealing_from_a_prone_enemy() -> None:
    """arcworlde.equipment.stealing: an Easy Feat steals one Item (the thief's pick) from a
    Prone enemy in base contact; not from a standing one."""
    arena = Arena()
    thief = arena.add("halfling-bounder", 0, (10, 10))
    ourk = arena.add("ourk-grunt", 1, arena.touching(thief, "east", 40),
                     equipment=["fabled-boots-of-the-hare"])
    assert ourk.movement == 7 and "agile" in ourk.traits
    run = arena.activate(thief)
    assert not any(isinstance(o, C.StealItem) for o in run.pending.options)
    ourk.prone, ourk.prone_round = True, 1
    arena.dice(4)
    run = arena.activate(thief, C.StealItem(ourk.uid, "fabled-boots-of-the-hare", 1))
    assert _has(thief, "fabled-boots-of-the-hare") and ourk.movement == 5
    assert "agile" not in ourk.traits


def test_arcworlde_equipment_knocked_out_fabled_artefacts_drop() -> None:
    """arcworlde.equipment.knocked_out, arcworlde.equipment.fabled_artefacts: a Knocked Out
    Character's Fabled Artefact stays where it fell; its other equipment leaves the game."""
    arena = Arena()
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    victim = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=1,
                       equipment=["fabled-oakheart-blade", "shield"])
    arena.dice(6, 1, 1, 1, 1)  # Chop: two Hits; the Defence Roll fails (then re-rolled: 1)
    arena.activate(grunt, C.Attack("Chop", victim.uid))
    assert victim.ko
    assert [i for *_, i in arena.st.items] == ["fabled-oakheart-blade"]


def test_arcworlde_scenario_victory_points_relic_run_items_and_arcanite() -> None:
    """arcworlde.scenario.victory_points (house scenario The Relic Run): the scenario puts its
    relic and Arcanite on the table; the relic carried at the end scores, as do found Tokens."""
    from warband.rulesets.arcworlde import RULESET
    from warband.rulesets.arcworlde.rules.scenario import final_outcome

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, 3, {"scenario": "relic-run"})
    st = game.state
    assert [i for *_, i in st.items] == ["fabled-oakheart-blade"] and len(st.tokens) == 2
    from warband.rulesets.arcworlde.catalogue import catalogue
    from warband.rulesets.arcworlde.rules.forest import equip

    carrier = st.chars[0]
    carrier.deployed, carrier.x, carrier.y = True, 5.0, 3.0
    equip(carrier, catalogue().equipment["fabled-oakheart-blade"])
    carrier.arcanite = 1
    outcome = final_outcome(st)
    assert outcome.vp[0] == 4 + 2


def test_scenario_items_must_be_armoury_items(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A scenario that places something that is not an Item of the armoury is refused, with
    the file and field named."""
    import shutil

    import pytest

    from warband.content.errors import ContentError
    from warband.rulesets.arcworlde.catalogue import DEFAULT_CONTENT, Catalogue

    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    relic = folder / "scenarios" / "relic-run.yaml"
    relic.write_text(relic.read_text().replace("item: fabled-oakheart-blade", "item: shield"))
    with pytest.raises(ContentError, match=r"relic-run.yaml.*items\[0\]\.item"):
        Catalogue.load(folder)


def test_board_view_shows_tokens_items_and_held_back_characters() -> None:
    """The board view marks Arcanite Tokens and Items on the table and says why a Character
    is off it (held back for a summons)."""
    from pathlib import Path

    from warband.rulesets.arcworlde import RULESET
    from warband.rulesets.arcworlde.board import board_view

    folder = Path(RULESET.sample_lists()[0]).parent
    lists = [RULESET.load_list(folder / "hedge-coven.yaml"),
             RULESET.load_list(folder / "shaman-mob.yaml")]
    game = RULESET.new_game(lists, 3, {"scenario": "relic-run"})
    view = board_view(game, 0)
    labels = sorted(m.label for m in view.markers if m.kind == "token")
    assert labels == ["Arcanite Token", "Arcanite Token", "Oakheart Blade"]
    assert sum(o.status == "held back for a summons" for o in view.off_table) == 4
