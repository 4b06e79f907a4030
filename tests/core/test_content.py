"""Content loading: YAML with line numbers, pydantic errors as violations naming
file:line:field, every violation at once, and the ArcWorlde content catalogue."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field

from warband.content import yamlio
from warband.content.errors import ContentError, Violation
from warband.content.yamlio import line_for, load_yaml, parse_model, validate_model
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde.catalogue import DEFAULT_CONTENT, Catalogue

Write = Callable[[str, str | bytes], Path]


class Unit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    count: int = Field(ge=1)


class Band(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    units: list[Unit]


def errors(exc: pytest.ExceptionInfo[ContentError]) -> list[str]:
    return [str(v) for v in exc.value.violations]


def test_violation_text() -> None:
    assert str(Violation("a.yaml", "bad", "units[0].count", 7)) == "a.yaml:7: units[0].count: bad"
    assert str(Violation("a.yaml", "bad")) == "a.yaml: bad"
    err = ContentError([Violation("a", "one"), Violation("b", "two", line=2)])
    assert str(err) == "a: one\nb:2: two" and len(err.violations) == 2


def test_pydantic_errors_name_file_line_and_field(write_file: Write) -> None:
    path = write_file("band.yaml", (
        "title: Lads\n"
        "units:\n"
        "  - name: Archers\n"
        "    count: -3\n"
        "  - name: Pikes\n"
        "    count: lots\n"
        "    colour: red\n"
        "  - count: 2\n"
    ))
    with pytest.raises(ContentError) as info:
        parse_model(Band, path)
    assert errors(info) == [
        f"{path}:4: units[0].count: Input should be greater than or equal to 1",
        f"{path}:6: units[1].count: Input should be a valid integer, unable to parse string as an integer",
        f"{path}:7: units[1].colour: unknown field",
        f"{path}:8: units[2].name: required field is missing",
    ]


def test_malformed_yaml_names_the_line(write_file: Write) -> None:
    path = write_file("bad.yaml", "title: Lads\nunits:\n  - name: [unclosed\n    count: 2\n")
    with pytest.raises(ContentError) as info:
        load_yaml(path)
    (v,) = info.value.violations
    assert v.line == 4 and v.message.startswith("malformed YAML")


def test_tab_indented_yaml(write_file: Write) -> None:
    path = write_file("tabs.yaml", "title: Lads\nunits:\n\t- name: x\n")
    with pytest.raises(ContentError) as info:
        load_yaml(path)
    assert info.value.violations[0].line == 3


@pytest.mark.parametrize(
    ("content", "message"),
    [("", "expected a mapping of fields, found empty"),
     ("- 1\n- 2\n", "expected a mapping of fields, found list"),
     ("just words\n", "expected a mapping of fields, found str")],
)
def test_not_a_mapping(write_file: Write, content: str, message: str) -> None:
    with pytest.raises(ContentError) as info:
        parse_model(Band, write_file("x.yaml", content))
    assert message in errors(info)[0]


def test_unreadable_files(write_file: Write, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ContentError, match="no such file"):
        load_yaml(tmp_path / "missing.yaml")
    with pytest.raises(ContentError, match="is a directory"):
        load_yaml(tmp_path)
    with pytest.raises(ContentError, match="not a UTF-8 text file"):
        load_yaml(write_file("bin.yaml", b"title: \xff\xfe\n"))
    monkeypatch.setattr(yamlio, "MAX_BYTES", 10)
    with pytest.raises(ContentError, match="file is too large"):
        load_yaml(write_file("big.yaml", "title: a long title\n"))


@pytest.mark.parametrize(
    ("content", "message"),
    [("a: &a [*a]\n", "a YAML alias refers to the value that contains it"),
     ("[" * 3000 + "]" * 3000 + "\n", "nested too deeply"),
     ("a: " + "[" * 80 + "]" * 80 + "\n", "values nested more than 64 levels deep"),
     ("\n".join(["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
                + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)])
      + "\n", "the YAML aliases expand to more than")],
    ids=["alias-to-itself", "deep-brackets", "deep-values", "alias-bomb"],
)
def test_hostile_yaml_is_refused_quickly(write_file: Write, content: str, message: str) -> None:
    """A few hundred bytes of aliases can stand for a billion values, and nesting can exhaust
    the parser's recursion: each is a clear error, not a hang or a traceback."""
    with pytest.raises(ContentError) as info:
        load_yaml(write_file("evil.yaml", content))
    assert message in errors(info)[0]


def test_ordinary_aliases_still_work(write_file: Write) -> None:
    data, lines = load_yaml(write_file("ok.yaml", (
        "base: &base {name: Pikes, count: 2}\n"
        "title: Lads\n"
        "units: [*base, {<<: *base, count: 3}]\n"
    )))
    assert data["units"] == [{"name": "Pikes", "count": 2}, {"name": "Pikes", "count": 3}]
    assert lines[("units",)] == 3


def test_line_for_falls_back_to_the_nearest_known_parent(write_file: Write) -> None:
    _, lines = load_yaml(write_file("x.yaml", "title: a\nunits:\n  - name: b\n    count: 1\n"))
    assert line_for(lines, ("units", 0, "count")) == 4
    assert line_for(lines, ("units", 0, "nope")) == 3
    assert line_for(lines, ("nothing",)) == 1


def test_validate_model_without_lines() -> None:
    with pytest.raises(ContentError) as info:
        validate_model(Band, {"title": "x"}, "inline")
    assert errors(info) == ["inline: units: required field is missing"]


# ----------------------------------------------------------------- content catalogue
@pytest.fixture
def content(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    return folder


def test_catalogue_loads_the_packaged_content() -> None:
    cat = Catalogue.load(DEFAULT_CONTENT)
    assert "halfling-sheriff" in cat.profiles and "glade-skirmish" in cat.scenarios
    assert len(cat.digest) == 16


def test_catalogue_reports_every_problem_with_its_file(content: Path) -> None:
    house = content / "profiles-house.yaml"
    text = house.read_text()
    text = text.replace("traits: [take-orders]", "traits: [take-orderz]", 1)
    text = text.replace("id: ourk-grunt", "id: halfling-militia", 1)
    house.write_text(text)
    (content / "equipment.yaml").write_text(
        (content / "equipment.yaml").read_text().replace("armour: 1", "armour: lots", 1))
    with pytest.raises(ContentError) as info:
        Catalogue.load(content)
    found = errors(info)
    assert any(f"{house}" in m and "unknown trait 'take-orderz'" in m for m in found)
    assert any("duplicate profile id 'halfling-militia'" in m for m in found)
    assert any("equipment.yaml:" in m and "equipment[0].armour" in m for m in found)


def test_catalogue_one_broken_file_reported_once(content: Path) -> None:
    """A broken equipment.yaml is one problem, not one more per profile that uses it."""
    equipment = content / "equipment.yaml"
    equipment.write_text(equipment.read_text().replace("armour: 1", "armour: lots", 1))
    with pytest.raises(ContentError) as info:
        Catalogue.load(content)
    (only,) = errors(info)
    assert "equipment.yaml:" in only and "equipment[0].armour" in only


def test_catalogue_unknown_references(content: Path) -> None:
    book = content / "profiles-book.yaml"
    book.write_text(book.read_text().replace("equipment: [light-armour]", "equipment: [plate]")
                    .replace("faction: halflings", "faction: elves"))
    with pytest.raises(ContentError) as info:
        Catalogue.load(content)
    found = errors(info)
    assert any("unknown equipment 'plate'" in m and "profiles[0].equipment" in m for m in found)
    assert any("unknown faction 'elves'" in m for m in found)


def test_catalogue_without_scenarios(content: Path) -> None:
    shutil.rmtree(content / "scenarios")
    (content / "scenarios").mkdir()
    with pytest.raises(ContentError, match="no scenario files found"):
        Catalogue.load(content)


def test_json_schemas_export() -> None:
    schemas = RULESET.schemas()
    assert "arcworlde-list.schema.json" in schemas
    for body in schemas.values():
        json.dumps(body)
        assert body["type"] == "object" and "properties" in body
    assert {"ruleset", "name", "game_value", "characters"} <= set(
        schemas["arcworlde-list.schema.json"]["properties"])
