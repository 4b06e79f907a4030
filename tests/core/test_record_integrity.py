"""Record integrity (issue 9, section 4): a record verifies only if it is exactly the game that
was played, header and decisions included; hostile record files get a message, never a
traceback. The last test is the fuzzer that found these: random edits of a real record."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warband.ai.random_ai import RandomController
from warband.core import record as record_module
from warband.core.controller import play
from warband.core.events import canonical_json
from warband.core.record import RecordError, read_record, replay, write_record
from warband.rulesets.arcworlde import RULESET as ARCWORLDE
from warband.rulesets.raiders import RULESET as RAIDERS

Lines = list[dict[str, Any]]


def _recorded(ruleset: Any, seed: int, options: dict[str, Any], path: Path) -> Lines:
    lists = [ruleset.load_list(p) for p in ruleset.sample_lists()]
    game = ruleset.new_game(lists, seed, options, track_digest=True)
    play(game, {0: RandomController(), 1: RandomController()}, seed)
    write_record(game, path)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def arc(tmp_path_factory: pytest.TempPathFactory) -> Lines:
    return _recorded(ARCWORLDE, 3, {"rounds": 1}, tmp_path_factory.mktemp("r") / "a.jsonl")


@pytest.fixture(scope="module")
def raiders(tmp_path_factory: pytest.TempPathFactory) -> Lines:
    return _recorded(RAIDERS, 5, {"rounds": 1}, tmp_path_factory.mktemp("r") / "r.jsonl")


def _write(path: Path, lines: Lines) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def _refused(path: Path, *needles: str) -> str:
    with pytest.raises(RecordError) as info:
        replay(read_record(path), path)
    text = str(info.value)
    for needle in needles:
        assert needle in text, text
    return text


def test_an_untouched_record_verifies(arc: Lines, raiders: Lines, tmp_path: Path) -> None:
    for lines in (arc, raiders):
        path = _write(tmp_path / "ok.jsonl", lines)
        game = replay(read_record(path), path)
        assert game.digest == lines[-1]["digest"]


@pytest.mark.parametrize("seed", ["3", 3.0, 3.7, True, -3, 2**64, None])
def test_a_seed_written_another_way_is_refused(arc: Lines, tmp_path: Path, seed: Any) -> None:
    lines = copy.deepcopy(arc)
    lines[0]["seed"] = seed
    _refused(_write(tmp_path / "t.jsonl", lines), "t.jsonl:1: 'seed' should be a whole number")


@pytest.mark.parametrize(("text", "says"), [
    ("1e400", "out of range"), ("NaN", "not a number a record holds"),
    ("9" * 5000, "not a record line"), ("-Infinity", "not a number a record holds")])
def test_numbers_no_record_holds_are_refused(arc: Lines, tmp_path: Path, text: str,
                                            says: str) -> None:
    path = tmp_path / "t.jsonl"
    head = json.dumps(arc[0]).replace(f'"seed": {arc[0]["seed"]}', f'"seed": {text}')
    assert head != json.dumps(arc[0])
    path.write_text(head + "\n" + "".join(json.dumps(x) + "\n" for x in arc[1:]), encoding="utf-8")
    _refused(path, "t.jsonl:1:", says)


@pytest.mark.parametrize("line", [0, 5])
def test_a_duplicate_key_is_refused(arc: Lines, tmp_path: Path, line: int) -> None:
    """A JSON reader keeps the last of two equal keys (others keep the first), so a header
    ``{"seed": 99, ..., "seed": 3}`` or a choice given twice would still verify while the
    file says two things: the record is refused, naming the line and the key."""
    path = tmp_path / "t.jsonl"
    texts = [json.dumps(x) for x in arc]
    key = "seed" if line == 0 else "n"
    texts[line] = f'{{"{key}": 99, ' + texts[line][1:]
    path.write_text("".join(t + "\n" for t in texts), encoding="utf-8")
    _refused(path, f"t.jsonl:{line + 1}:", f"duplicate key '{key}'")


def test_a_deleted_content_hash_is_refused(arc: Lines, tmp_path: Path) -> None:
    lines = copy.deepcopy(arc)
    del lines[0]["content_hash"]
    _refused(_write(tmp_path / "t.jsonl", lines), "'content_hash'")


def test_header_fields_the_events_never_show_are_covered(arc: Lines, raiders: Lines,
                                                         tmp_path: Path) -> None:
    """The game value of a list and a rule option that never comes up change no event."""
    lines = copy.deepcopy(arc)
    lines[0]["lists"][0]["game_value"] += 50
    _refused(_write(tmp_path / "t.jsonl", lines), "t.jsonl:")
    lines = copy.deepcopy(arc)
    lines[0]["options"]["disengage_extra_move"] = True
    _refused(_write(tmp_path / "t.jsonl", lines), "t.jsonl:")
    lines = copy.deepcopy(raiders)
    lines[0]["lists"][1]["name"] += " (edited)"
    _refused(_write(tmp_path / "t.jsonl", lines), "t.jsonl:")
    lines = copy.deepcopy(arc)
    lines[0]["note"] = "added by hand"
    _refused(_write(tmp_path / "t.jsonl", lines), "header is not the one this game writes", "'note'")


@pytest.mark.parametrize("nudge", [0.004, -0.009, 0.000001])
def test_a_choice_point_nudged_a_little_is_refused(arc: Lines, tmp_path: Path,
                                                   nudge: float) -> None:
    lines = copy.deepcopy(arc)
    line = next(x for x in lines[1:] if isinstance(x.get("choice"), dict)
                and x["choice"].get("type") == "Place")
    line["choice"]["x"] = round(line["choice"]["x"] + nudge, 6)
    _refused(_write(tmp_path / "t.jsonl", lines), f"t.jsonl:{line['n'] + 1}:")


def test_a_float_where_an_index_belongs_is_refused(arc: Lines, tmp_path: Path) -> None:
    lines = copy.deepcopy(arc)
    line = next(x for x in lines[1:] if isinstance(x.get("choice"), dict) and "uid" in x["choice"])
    line["choice"]["uid"] = float(line["choice"]["uid"])
    _refused(_write(tmp_path / "t.jsonl", lines), f"t.jsonl:{line['n'] + 1}:",
             "field 'uid' should be int")


def test_an_old_record_is_refused_with_the_reason(arc: Lines, tmp_path: Path) -> None:
    lines = copy.deepcopy(arc)
    lines[0]["version"] = 1
    _refused(_write(tmp_path / "t.jsonl", lines), "record version 1", "record the game again")


def test_an_endless_or_huge_record_file_is_refused_before_reading_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if Path("/dev/zero").exists():
        _refused(Path("/dev/zero"), "too large")
    monkeypatch.setattr(record_module, "MAX_RECORD_BYTES", 100)
    path = tmp_path / "big.jsonl"
    path.write_text("{}\n" * 100, encoding="utf-8")
    _refused(path, "too large")


def test_unknown_fields_and_a_non_true_end_are_refused(arc: Lines, tmp_path: Path) -> None:
    lines = copy.deepcopy(arc)
    lines[3]["extra"] = 1
    _refused(_write(tmp_path / "t.jsonl", lines), "t.jsonl:4: unknown field 'extra'")
    lines = copy.deepcopy(arc)
    lines[-1]["end"] = 1
    _refused(_write(tmp_path / "t.jsonl", lines), "'end' should be true")
    lines = copy.deepcopy(arc)
    lines[5]["events"] += 1
    _refused(_write(tmp_path / "t.jsonl", lines), "t.jsonl:6:")


# --------------------------------------------------------------------------- the fuzzer
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**65) | st.floats(allow_nan=False,
                                                                  allow_infinity=False)
    | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=5)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed line where a value sits."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*prefix, i))
    return out


def _set(root: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        root = root[key]
    root[path[-1]] = value


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_every_edit_of_a_record_is_refused(arc: Lines, tmp_path: Path,
                                                data: st.DataObject) -> None:
    """An edit anywhere (a value replaced, a field deleted or added) either leaves the
    parsed record identical, or the record is refused with a RecordError: never verified,
    never a traceback."""
    lines = copy.deepcopy(arc)
    number = data.draw(st.integers(0, len(lines) - 1), label="line")
    places = _paths(lines[number])
    action = data.draw(st.sampled_from(["replace", "delete", "add"]), label="action")
    if action == "add" or not places:
        key = data.draw(st.text(min_size=1, max_size=6), label="key")
        lines[number][key] = data.draw(JSON_VALUES, label="value")
    else:
        where = data.draw(st.sampled_from(places), label="where")
        if action == "delete":
            parent = lines[number]
            for key in where[:-1]:
                parent = parent[key]
            del parent[where[-1]]
        else:
            _set(lines[number], where, data.draw(JSON_VALUES, label="value"))
    path = _write(tmp_path / "fuzz.jsonl", lines)
    if canonical_json(lines) == canonical_json(arc):
        return
    with pytest.raises(RecordError):
        replay(read_record(path), path)
