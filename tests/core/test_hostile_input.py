"""Hostile input at the edge (issue 9, section 4): endless and huge files, one long flow
sequence, duplicate keys, binary values, loose numbers in Raiders lists, odd rule options and
command lines. Each gets a message naming file, line and field where there is one; never a
traceback, a hang, or a value silently chosen. The fuzzers that found these are at the end."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from warband.cli.main import app
from warband.content import yamlio
from warband.content.errors import ContentError
from warband.rulesets.arcworlde import RULESET as ARCWORLDE
from warband.rulesets.raiders import RULESET as RAIDERS

runner = CliRunner(env={"COLUMNS": "300"})
ARC_LIST, RAIDERS_LIST = ARCWORLDE.sample_lists()[0], RAIDERS.sample_lists()[1]
DEV_ZERO = Path("/dev/zero")


def _cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {result.exception!r}\n{result.output}")
    return result.exit_code, " ".join(result.output.replace("│", " ").split())


@pytest.mark.skipif(not DEV_ZERO.exists(), reason="no /dev/zero here")
@pytest.mark.parametrize("args", [["validate", "/dev/zero"],
                                  ["battle", "--a", "/dev/zero", "--seed", "1"],
                                  ["simulate", "--a", "/dev/zero", "-n", "1", "--workers", "1"],
                                  ["replay", "/dev/zero"]])
def test_an_endless_file_is_refused_without_reading_it_all(args: list[str]) -> None:
    code, out = _cli(*args)
    assert code != 0 and "too large" in out and "MemoryError" not in out


def test_one_long_flow_sequence_is_refused_saying_what_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "long.yaml"
    path.write_text("ruleset: arcworlde\nname: x\ncharacters: [" + "1," * 990_000 + "1]\n",
                    encoding="utf-8")
    with pytest.raises(ContentError) as info:
        ARCWORLDE.load_list(path)
    text = str(info.value)
    assert "holds more than 200,000 values" in text and "alias" not in text
    assert f"{path}:3" in text


@pytest.mark.parametrize(("ruleset", "source", "key", "line"), [
    (ARCWORLDE, ARC_LIST, "game_value", "game_value: 999"),
    (RAIDERS, RAIDERS_LIST, "name", "name: Another"),
])
def test_a_duplicate_top_level_key_is_refused(tmp_path: Path, ruleset: Any, source: Path,
                                              key: str, line: str) -> None:
    text = source.read_text(encoding="utf-8").rstrip("\n") + "\n" + line + "\n"
    path = tmp_path / "dup.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        ruleset.load_list(path)
    last = text.count("\n")
    assert f"{path}:{last}: {key}: duplicate key {key!r} (first given on line" in str(info.value)


def test_a_duplicate_nested_key_is_refused_with_its_field(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text("ruleset: raiders\nname: x\nculture: ashen-clans\nsize: raiding-force\n"
                    "units:\n  - profile: ashen-raiders\n    count: 3\n    count: 1\n",
                    encoding="utf-8")
    with pytest.raises(ContentError) as info:
        RAIDERS.load_list(path)
    assert f"{path}:8: units[0].count: duplicate key 'count' (first given on line 7)" in str(
        info.value)


def test_binary_values_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "bin.yaml"
    text = ARC_LIST.read_text(encoding="utf-8")
    name_line = next(line for line in text.splitlines() if line.startswith("name:"))
    path.write_text(text.replace(name_line, "name: !!binary aGVsbG8="), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        ARCWORLDE.load_list(path)
    assert "name: binary data (!!binary) is not accepted" in str(info.value)


@pytest.mark.parametrize("value", ["true", '"3"', '"+3"', "3.0", "2.5"])
@pytest.mark.parametrize("field", ["count", "figures"])
def test_raiders_numbers_are_whole_numbers_as_written(tmp_path: Path, value: str,
                                                      field: str) -> None:
    """raiders.listbuilding: a unit's count and figures are integers, as in ArcWorlde."""
    path = tmp_path / "loose.yaml"
    path.write_text("ruleset: raiders\nname: x\nculture: ashen-clans\nsize: raiding-force\n"
                    f"units:\n  - profile: ashen-raiders\n    {field}: {value}\n",
                    encoding="utf-8")
    with pytest.raises(ContentError) as info:
        RAIDERS.load_list(path)
    assert f"{path}:7: units[0].{field}: Input should be a valid integer" in str(info.value)


# ----------------------------------------------------------------------------- fuzzers
YAML_BITS = st.sampled_from(["", " ", "\n", ":", "-", "[", "]", "{", "}", "&a", "*a", "!!binary",
                             "!!str", "'", '"', "#", "count: 3", "count: true", "1e400",
                             "999999999999999999999", "~", "<<: *a", "\t", "\x00", "é"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=st.sampled_from([ARC_LIST, RAIDERS_LIST]), data=st.data())
def test_fuzz_edited_lists_load_or_give_violations(tmp_path_factory: pytest.TempPathFactory,
                                                   source: Path, data: st.DataObject) -> None:
    """Random edits of a sample list (a piece of YAML syntax or text spliced in, a span cut
    out) either load or raise ContentError with at least one violation: nothing else."""
    text = source.read_text(encoding="utf-8")
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        at = data.draw(st.integers(0, len(text)), label="at")
        if data.draw(st.booleans(), label="cut"):
            text = text[:at] + text[at + data.draw(st.integers(1, 20), label="n"):]
        else:
            piece = data.draw(YAML_BITS | st.text(string.printable, max_size=8), label="piece")
            text = text[:at] + piece + text[at:]
    path = tmp_path_factory.mktemp("fuzz") / "list.yaml"
    path.write_text(text, encoding="utf-8")
    ruleset = ARCWORLDE if source == ARC_LIST else RAIDERS
    try:
        ruleset.load_list(path)
    except ContentError as exc:
        assert exc.violations and all(str(v) for v in exc.violations)


OPTION_VALUES = st.one_of(st.booleans(), st.integers(-10**6, 10**6),
                          st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
                          st.none())


@settings(max_examples=120, deadline=None)
@given(ruleset=st.sampled_from([ARCWORLDE, RAIDERS]), data=st.data())
def test_fuzz_rule_options_make_a_game_or_a_value_error(ruleset: Any, data: st.DataObject) -> None:
    """Any combination of rule options (known names with any value, unknown names) either
    starts a game or is refused with a ValueError message (what the CLI shows)."""
    names = [*ruleset.option_names(), "nonsense", ""]
    options = data.draw(st.dictionaries(st.sampled_from(names), OPTION_VALUES, max_size=4),
                        label="options")
    lists = [ruleset.load_list(p) for p in ruleset.sample_lists()]
    try:
        ruleset.new_game(lists, 1, options)
    except ValueError as exc:
        assert str(exc)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(
    ["arcworlde", "raiders", "attack", "cast", "combat", "feat", "--power", "--json", "--exact",
     "--plot", "x.png", "x.txt", "--help", "-h", "--", "-", "3", "-1", "1e400", "nan", "true",
     "--armour", "--difficulty", "--counter", "--no-counter", "--counter-power", "[/]",
     "--power=", "--=3", "99999999999999999999"]), max_size=8))
def test_fuzz_odds_command_lines_answer_or_refuse(words: list[str], tmp_path_factory: Any,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Any ``warband odds`` command line returns an exit status; none raises."""
    from warband.cli.odds import main

    monkeypatch.chdir(tmp_path_factory.mktemp("odds"))
    code = main(words)
    capsys.readouterr()
    assert code in (0, 2)


def test_huge_lists_and_records_share_the_size_check(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlio, "MAX_BYTES", 50)
    path = tmp_path / "big.yaml"
    path.write_text("name: " + "x" * 100 + "\n", encoding="utf-8")
    with pytest.raises(ContentError, match="file is too large"):
        yamlio.load_yaml(path)


NAMES = st.text(alphabet=st.sampled_from(list("[]/\\:=bold red link x-_ .'\"\n{}*&!")),
                min_size=1, max_size=12)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=NAMES, ruleset=NAMES | st.sampled_from(["arcworlde", "raiders"]),
       command=st.sampled_from(["validate", "battle"]))
def test_fuzz_user_text_on_the_command_line_never_crashes(
        tmp_path_factory: pytest.TempPathFactory, name: str, ruleset: str, command: str) -> None:
    """A list named with any text (markup, quotes, YAML syntax) and any ``--ruleset`` give a
    result or a message: exit status 0, 1 or 2, never an exception."""
    import yaml

    lines = ARC_LIST.read_text(encoding="utf-8").splitlines()
    body = [f"name: {yaml.safe_dump(name, default_style=None).strip()}"
            if line.startswith("name:") else line for line in lines]
    body = [line for line in body if line != "..."]
    path = tmp_path_factory.mktemp("cli") / f"{'x' if '/' in name else name.strip() or 'x'}.yaml"
    path.write_text("\n".join(body) + "\n", encoding="utf-8")
    args = [command, str(path), "--ruleset", ruleset] if command == "validate" else [
        command, "--a", str(path), "--ruleset", ruleset, "--seed", "1", "--rounds", "1",
        "--ai", "random", "--json"]
    code, _ = _cli(*args)
    assert code in (0, 1, 2)
