"""Warband lists: validation of every list-building rule, all violations reported at once,
each naming file, line and field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from warband.content.errors import ContentError
from warband.core.geometry import base_radius
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde.catalogue import Catalogue, catalogue
from warband.rulesets.arcworlde.lists import load_list, parse_list
from warband.rulesets.arcworlde.models import EquipmentModel, FactionModel

from .arena import Arena, profile


def posse(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "ruleset": "arcworlde", "name": "Posse", "game_value": 400,
        "characters": [{"profile": "halfling-sheriff"},
                       {"profile": "halfling-militia", "count": 3}],
    }
    data.update(changes)
    return data


def problems(data: Any, cat: Catalogue | None = None) -> list[str]:
    with pytest.raises(ContentError) as info:
        parse_list(data, "list.yaml", cat or catalogue())
    return [str(v) for v in info.value.violations]


def test_arcworlde_list_warband_sample_lists_are_valid() -> None:
    """arcworlde.list.warband: both bundled 400GP warbands validate, within budget, each with
    a Commander, Units, an Elite, a ranged attacker and something Heavy."""
    for path in RULESET.sample_lists():
        wb = RULESET.load_list(path)
        assert wb.cost <= wb.game_value == 400
        classes = {c.value for m in wb.members for c in m.profile.classes}
        assert {"commander", "unit", "elite", "heavy"} <= classes
        assert any(a.ranged for m in wb.members for a in m.profile.attacks)
        assert RULESET.list_warnings(wb) == []


def test_arcworlde_list_gold_game_value_includes_equipment() -> None:
    """arcworlde.list.gold_game_value: Characters plus Equipment must not exceed the Game
    Value (80 + 10 + 3 x 25 = 165 against 160)."""
    data = posse(game_value=160)
    data["characters"][0]["equipment"] = ["shield"]
    (msg,) = problems(data)
    assert "total cost 165 GP is over the game value of 160 GP" in msg
    assert "arcworlde.list.gold_game_value" in msg and ": game_value:" in msg
    assert parse_list(posse(game_value=155), "x", catalogue()).cost == 155


def test_arcworlde_list_class_commander_exactly_one() -> None:
    """arcworlde.list.class.commander: a warband needs a Commander, and only one (unless its
    faction allows more)."""
    (none,) = problems(posse(characters=[{"profile": "halfling-militia"}]))
    assert "needs a Commander" in none
    (two,) = problems(posse(characters=[{"profile": "halfling-sheriff", "count": 2}]))
    assert "2 Commanders; this faction allows 1" in two
    cat = catalogue()
    generous = dataclasses.replace(cat, factions={
        **cat.factions, "halflings": FactionModel(id="halflings", name="Halflings", max_commanders=2)})
    wb = parse_list(posse(characters=[{"profile": "halfling-sheriff", "count": 2}]), "x", generous)
    assert sum(m.profile.commander for m in wb.members) == 2


def test_arcworlde_list_class_commander_sets_the_faction() -> None:
    """arcworlde.list.class.commander: the Commander's faction is the warband's."""
    assert parse_list(posse(), "x", catalogue()).faction == "halflings"
    (msg,) = problems(posse(faction="ourks"))
    assert "faction is set by its Commander" in msg


def test_arcworlde_list_unknown_names_suggest_the_closest() -> None:
    """arcworlde.list.warband: unknown profiles and equipment are named, with a suggestion."""
    data = posse()
    data["characters"][0]["profile"] = "halfling-sherif"
    data["characters"][1]["equipment"] = ["light-armor"]
    msgs = problems(data)
    assert any("unknown profile 'halfling-sherif'; did you mean 'halfling-sheriff'?" in m for m in msgs)
    assert any("unknown equipment 'light-armor'; did you mean 'light-armour'?" in m for m in msgs)
    assert any("characters[1].equipment[0]" in m for m in msgs)


def test_arcworlde_list_every_violation_at_once() -> None:
    """arcworlde.list.warband: validation reports all violations together."""
    data = posse(game_value=50)
    data["characters"] = [{"profile": "halfling-militia", "equipment": ["light-armour", "heavy-armour"]},
                          {"profile": "nobody"}]
    msgs = problems(data)
    assert len(msgs) == 4
    assert any("unknown profile 'nobody'" in m for m in msgs)
    assert any("suits of armour" in m for m in msgs)
    assert any("needs a Commander" in m for m in msgs)
    assert any("over the game value" in m for m in msgs)


def test_arcworlde_list_same_equipment_twice_refused() -> None:
    """arcworlde.equipment.purchase: the same piece of Equipment twice is refused."""
    data = posse()
    data["characters"][0]["equipment"] = ["light-armour"]  # already in the Sheriff's profile
    (msg,) = problems(data)
    assert "Light Armour is listed twice" in msg


def test_arcworlde_equipment_creatures_cannot_take_equipment() -> None:
    """arcworlde.equipment.creatures: Creatures cannot use Equipment."""
    cat = catalogue()
    troll = profile("forest-troll", faction="halflings", classes=["monster"], base=50)
    with_troll = dataclasses.replace(cat, profiles={**cat.profiles, troll.id: troll})
    data = posse()
    data["characters"].append({"profile": "forest-troll", "equipment": ["light-armour"]})
    (msg,) = problems(data, with_troll)
    assert "is a Creature and cannot take equipment" in msg
    data["characters"][-1]["equipment"] = []
    assert parse_list(data, "x", with_troll).members[-1].profile.creature


def test_arcworlde_hire_other_factions_flagged_unruly() -> None:
    """arcworlde.hire.other_factions / arcworlde.hire.allied_factions: Characters of another,
    non-allied faction are allowed but unruly (a warning); allies are not."""
    data = posse()
    data["characters"].append({"profile": "ourk-grunt"})
    wb = parse_list(data, "x", catalogue())
    assert [m.unruly for m in wb.members] == [False, False, False, False, True]
    (warning,) = RULESET.list_warnings(wb)
    assert "Ourk Grunt is from another faction: unruly" in warning
    cat = catalogue()
    allied = dataclasses.replace(cat, factions={
        **cat.factions,
        "halflings": FactionModel(id="halflings", name="Halflings", allies=["ourks"])})
    assert not any(m.unruly for m in parse_list(data, "x", allied).members)


def test_arcworlde_list_for_another_ruleset() -> None:
    """A list written for another ruleset is refused with a hint."""
    (msg,) = problems(posse(ruleset="raiders"))
    assert "this list is for ruleset 'raiders', not 'arcworlde' (use --ruleset raiders)" in msg


@pytest.mark.parametrize(
    ("entry", "needle"),
    [({"profile": "halfling-militia", "count": -2}, "characters[1].count: Input should be greater than or equal to 1"),
     ({"profile": "halfling-militia", "count": 0}, "characters[1].count"),
     ({"profile": "halfling-militia", "count": "three"}, "characters[1].count: Input should be a valid integer"),
     ({"profile": "halfling-militia", "count": True}, "characters[1].count: Input should be a valid integer"),
     ({"profile": "halfling-militia", "count": 2.5}, "characters[1].count: Input should be a valid integer"),
     ({"profile": "halfling-militia", "count": 51}, "characters[1].count: Input should be less than or equal to 50"),
     ({"profile": "halfling-militia", "colour": "red"}, "characters[1].colour: unknown field"),
     ({"count": 2}, "characters[1].profile: required field is missing")],
)
def test_arcworlde_list_bad_entries_name_the_field(entry: dict[str, Any], needle: str) -> None:
    """arcworlde.list.warband: wrong types, negative or huge counts, unknown fields."""
    data = posse()
    data["characters"][1] = entry
    assert any(needle in m for m in problems(data)), problems(data)


def test_arcworlde_list_too_many_characters() -> None:
    """arcworlde.list.warband: a list of more than 100 Characters is refused."""
    data = posse(game_value=100_000)
    data["characters"] += [{"profile": "halfling-militia", "count": 50}] * 2
    assert any("104 Characters is more than the limit of 100" in m for m in problems(data))


def test_arcworlde_list_errors_name_file_and_line(
    write_file: Callable[[str, str], Path],
) -> None:
    """Content errors carry file:line:field."""
    path = write_file("posse.yaml", (
        "ruleset: arcworlde\n"
        "name: Posse\n"
        "game_value: 400\n"
        "characters:\n"
        "  - profile: halfling-sheriff\n"
        "  - profile: halfling-militia\n"
        "    count: -1\n"
    ))
    with pytest.raises(ContentError) as info:
        load_list(path, catalogue())
    (v,) = info.value.violations
    assert (v.source, v.line, v.field) == (str(path), 7, "characters[1].count")
    assert str(v).startswith(f"{path}:7: characters[1].count: ")


def test_arcworlde_equipment_types_items_or_gear() -> None:
    """arcworlde.equipment.types: Equipment is an Item or Gear; anything else is refused."""
    kinds = {e.kind for e in catalogue().equipment.values()}
    assert kinds <= {"item", "gear"}
    with pytest.raises(ValueError, match="kind"):
        EquipmentModel.model_validate({"id": "potion", "name": "Potion", "kind": "drink", "cost": 5})


@pytest.mark.parametrize(
    ("profile_id", "mm"),
    [("halfling-sheriff", 30), ("halfling-militia", 30), ("ourk-grunt", 40), ("ourk-warboss", 40),
     ("halfling-warhog-rider", 50), ("ourk-ironback", 50)],
)
def test_arcworlde_core_bases_sizes(profile_id: str, mm: int) -> None:
    """arcworlde.core.bases: Halflings on 30mm, Ourks on 40mm, the largest on 50mm (house
    profiles follow the book's guide); a base's radius in inches follows from its size."""
    assert catalogue().profiles[profile_id].base == mm
    ch = Arena().add(profile_id, 0, (10, 10))
    assert ch.r == pytest.approx(base_radius(mm))


def test_arcworlde_creatures_in_warband_any_faction_no_equipment() -> None:
    """arcworlde.creatures.in_warband / arcworlde.equipment.creatures: a Bestiary Creature
    (the house Forest Boar) joins any warband as if it were its own faction's - not unruly -
    and cannot take equipment."""
    data = posse()
    data["characters"].append({"profile": "forest-boar"})
    wb = parse_list(data, "x", catalogue())
    boar = wb.members[-1]
    assert boar.profile.creature and not boar.unruly and RULESET.list_warnings(wb) == []
    data["characters"][-1]["equipment"] = ["shield"]
    (msg,) = problems(data)
    assert "Forest Boar is a Creature and cannot take equipment" in msg
