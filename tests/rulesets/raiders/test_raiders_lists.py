"""Warband lists and content: the book's profile, house data, and every violation listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from warband.content.errors import ContentError
from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders.catalogue import Catalogue, catalogue


def _write(tmp_path: Path, text: str, name: str = "list.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _violations(path: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        RULESET.load_list(path)
    return [str(v) for v in info.value.violations]


def test_raiders_profile_overview_book_human_warriors_exact() -> None:
    """raiders.profile.overview: the book's Human Warriors with Hand Weapon & Shield, exactly:
    HP 2, Mv 6/9, CD 2, AS 5, DB 2, Str 0, Tg 6, Arm 5, MR 0, F 5, Morale 10, 6 figures."""
    p = catalogue().profiles["human-warriors"]
    assert p.name == "Human Warriors with Hand Weapon & Shield"
    assert (p.hp, p.move, p.run, p.cd, p.attack_skill, p.defence_bonus, p.strength, p.target,
            p.armour, p.mr, p.fatigue, p.morale, p.figures) == (2, 6, 9, 2, 5, 2, 0, 6, 5, 0, 5, 10, 6)
    assert p.source == "book" and p.cost_source == "house"


def test_raiders_profiles_house_data_is_labelled_and_covers_every_type() -> None:
    rows = RULESET.profiles()
    house = [r for r in rows if r["source"] == "house"]
    assert {r["type"] for r in house} >= {"Lead Retinue", "Warriors", "Mystic Unit",
                                          "Scouts/Rangers", "Beast Unit"}
    book = next(r for r in rows if r["id"] == "human-warriors")
    assert book["cost"] == "60 (house)" and book["Mv"] == "6/9"
    for key in ("HP", "Mv", "CD", "AS", "DB", "Str", "Tg", "Arm", "MR", "F", "Morale", "size",
                "cost", "abilities"):
        assert key in book
    text = (Path(catalogue().directory) / "profiles-house.yaml").read_text()
    assert text.startswith("# HOUSE PROFILES")


def test_raiders_spell_energy_is_two_spells() -> None:
    """raiders.spell.energy_restore / energy_drain: the book's two "Energy" spells are two
    spells here, one removing fatigue and one adding it."""
    spells = catalogue().spells
    assert spells["energy-restore"].difficulty == spells["energy-drain"].difficulty == 5
    assert spells["energy-restore"].levels == (2, 4, 8) == spells["energy-drain"].levels
    assert spells["energy-restore"].effect != spells["energy-drain"].effect


def test_raiders_listbuilding_sample_lists_are_two_distinct_raiding_forces() -> None:
    """raiders.listbuilding.restrictions: both sample lists are legal 500-silver Raiding forces."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    assert [w.game_value for w in lists] == [500, 500]
    assert all(w.cost <= 500 and 6 <= len(w.members) <= 10 for w in lists)
    assert lists[0].culture != lists[1].culture
    assert {m.profile.id for m in lists[0].members}.isdisjoint(
        {m.profile.id for m in lists[1].members})


BAD = """\
ruleset: raiders
name: Everything Wrong
culture: northmarch
size: raiding-force
units:
  - profile: thanes-retinue
  - profile: thanes-retinue
  - profile: hedge-wizard
    count: 3
  - profile: war-hounds
    count: 3
  - profile: northmarch-rangers
    count: 2
  - profile: human-warriors
    figures: 7
  - profile: ashen-raiders
  - profile: goblin-rabble
"""


def test_raiders_listbuilding_restrictions_every_violation_listed(tmp_path: Path) -> None:
    """raiders.listbuilding.*: one bad list reports every problem, each with file, line and
    field."""
    problems = _violations(_write(tmp_path, BAD))
    text = "\n".join(problems)
    assert "goblin-rabble" in text and "did you mean" not in text.split("goblin")[0][-5:]
    assert "not a unit of the northmarch culture" in text
    assert "a Warriors unit is a hero with five warriors: 6 figures, not 7" in text
    assert "units; a Raiding force has 6-10" in text
    assert "2 Lead Retinues; a warband has exactly one" in text
    assert "3 mystic units and beastmasters; at most two" in text
    assert "3 beast units; at most two per mystic unit" not in text  # 3 <= 2 x 3
    assert "2 scoutmaster units; at most one" in text
    assert "over the Raiding force limit of 500" in text
    assert all(p.startswith(f"{tmp_path / 'list.yaml'}:") for p in problems)
    assert any(":15: units[5].figures:" in p for p in problems)


def test_raiders_listbuilding_beast_unit_needs_a_mystic(tmp_path: Path) -> None:
    """raiders.listbuilding.beast_unit: beasts only with a mystic or beastmaster."""
    path = _write(tmp_path, """\
ruleset: raiders
name: Hounds Only
culture: northmarch
size: scouting-force
units:
  - profile: thanes-retinue
  - profile: war-hounds
  - profile: human-warriors
""")
    assert any("no mystic unit or beastmaster" in p for p in _violations(path))


def test_raiders_listbuilding_size_and_schema_errors_named(tmp_path: Path) -> None:
    """Unknown sizes and malformed fields are reported by name, never as a traceback."""
    path = _write(tmp_path, """\
ruleset: raiders
name: Odd
culture: northmarch
size: warband-of-doom
units:
  - profile: thanes-retinue
    count: 0
    colour: red
""")
    problems = _violations(path)
    assert any("units[0].count" in p for p in problems)
    assert any("units[0].colour: unknown field" in p for p in problems)
    path = _write(tmp_path, """\
ruleset: raiders
name: Odd
culture: northmarch
size: warband-of-doom
units:
  - profile: thanes-retinue
""", "odd.yaml")
    problems = _violations(path)
    assert any("unknown game size 'warband-of-doom'" in p for p in problems)


def test_raiders_listbuilding_other_ruleset_list_refused() -> None:
    from warband.core import registry

    arc = registry.get("arcworlde").sample_lists()[0]
    problems = _violations(arc)
    assert "this list is for ruleset 'arcworlde'" in problems[0]


def test_raiders_content_errors_name_file_line_and_field(tmp_path: Path) -> None:
    """Broken content files are reported with every problem, file, line and field."""
    import shutil

    folder = tmp_path / "content"
    shutil.copytree(catalogue().directory, folder)
    house = folder / "profiles-house.yaml"
    house.write_text(house.read_text().replace("abilities: [impetus]\n", "abilities: [impetus, flying]\n", 1))
    book = folder / "profiles-book.yaml"
    book.write_text(book.read_text().replace("Mv: 6/9", "Mv: 6/4"))
    (folder / "costs.yaml").write_text("source: house\ncosts:\n  human-warriors: 60\n  nobody: 5\n")
    with pytest.raises(ContentError) as info:
        Catalogue.load(folder)
    text = "\n".join(str(v) for v in info.value.violations)
    assert "unknown ability 'flying'" in text
    assert "run value must not be below the standard move" in text
    assert "cost for unknown profile 'nobody'" in text
    assert f"{house}:" in text and f"{book}:" in text
