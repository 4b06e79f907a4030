"""Game records: round trip, and clear errors naming the line for tampered, truncated or
malformed files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import play
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.game import Game
from warband.core.record import RecordError, read_record, replay, write_record
from warband.rulesets.arcworlde import RULESET

from .toy import CODEC, ToyRuleset, ToyState, toy_flow, toy_view


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ToyRuleset:
    """The toy ruleset, registered for this test only."""
    ruleset = ToyRuleset()
    monkeypatch.setitem(registry._extra, ruleset.name, ruleset)
    return ruleset


@pytest.fixture(scope="module")
def arc_record(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The lines of a recorded one-Round ArcWorlde game (random AIs, seed 3)."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, 3, {"rounds": 1}, track_digest=True)
    play(game, {0: RandomController(), 1: RandomController()}, 3)
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    write_record(game, path)
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def fails(path: Path, message: str) -> str:
    with pytest.raises(RecordError) as info:
        replay(read_record(path), path)
    text = str(info.value)
    assert message in text, text
    return text


# ------------------------------------------------------------------------- round trip
def test_record_round_trip_with_secret_answers(toy: ToyRuleset, tmp_path: Path) -> None:
    game = toy.new_game([], 4, track_digest=True)
    play(game, {0: RandomController(), 1: RandomController()}, 4)
    path = tmp_path / "toy.jsonl"
    write_record(game, path)
    record = read_record(path)
    assert record.header["ruleset"] == "toy" and record.header["format"] == "warband-record"
    assert [d["kind"] for d in record.decisions] == ["pick", "bid", "bid"]
    again = replay(record, path)
    assert again.digest == game.digest
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.outcome() == game.outcome()


def test_record_round_trip_arcworlde(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    path = write_lines(tmp_path / "game.jsonl", arc_record)
    game = replay(read_record(path), path)
    assert isinstance(game, Game) and game.over
    assert game.digest == arc_record[-1]["digest"]
    assert len(game.history) == len(arc_record) - 2


def test_write_record_needs_a_header(tmp_path: Path) -> None:
    st = ToyState(Dice(1), EventLog())
    bare = Game("toy", st, toy_flow(st), CODEC, toy_view, {})
    with pytest.raises(ValueError, match="no record header"):
        write_record(bare, tmp_path / "x.jsonl")


# ---------------------------------------------------------------------- tampering
def test_tampered_choice_is_caught_at_its_line(
    arc_record: list[dict[str, Any]], tmp_path: Path
) -> None:
    """Change the deployment spot of the first Place decision: the events then differ."""
    lines = [dict(x) for x in arc_record]
    n = next(i for i, x in enumerate(lines) if x.get("kind") == "deploy")
    choice = dict(lines[n]["choice"])
    choice["x"] = round(choice["x"] + 1.0, 3)
    lines[n] = {**lines[n], "choice": choice}
    text = fails(write_lines(tmp_path / "t.jsonl", lines), "events diverge from the record")
    assert f":{n + 1}:" in text


def test_tampered_illegal_choice(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = [dict(x) for x in arc_record]
    n = next(i for i, x in enumerate(lines) if x.get("kind") == "deploy")
    lines[n] = {**lines[n], "choice": {**lines[n]["choice"], "y": 20.0}}  # outside the zone
    fails(write_lines(tmp_path / "t.jsonl", lines), f"t.jsonl:{n + 1}: illegal decision on replay")


def test_tampered_digest(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = [dict(x) for x in arc_record]
    lines[3] = {**lines[3], "digest": "0" * 16}
    fails(write_lines(tmp_path / "t.jsonl", lines), "t.jsonl:4: events diverge")


def test_tampered_seed(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = [dict(x) for x in arc_record]
    lines[0] = {**lines[0], "seed": lines[0]["seed"] + 1}
    fails(write_lines(tmp_path / "t.jsonl", lines), "t.jsonl:")


def test_tampered_outcome(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = [dict(x) for x in arc_record]
    end = dict(lines[-1])
    end["outcome"] = {**end["outcome"], "winner": "z"}
    lines[-1] = end
    fails(write_lines(tmp_path / "t.jsonl", lines), f"t.jsonl:{len(lines)}: outcome differs")


def test_tampered_content_hash(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = [dict(x) for x in arc_record]
    lines[0] = {**lines[0], "content_hash": "feedfacefeedface"}
    fails(write_lines(tmp_path / "t.jsonl", lines), "t.jsonl:1: cannot rebuild the game")


def test_unknown_ruleset_in_header(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = [dict(x) for x in arc_record]
    lines[0] = {**lines[0], "ruleset": "arcworld"}
    fails(write_lines(tmp_path / "t.jsonl", lines), "did you mean 'arcworlde'?")


def test_decision_removed(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = arc_record[:5] + arc_record[6:]
    fails(write_lines(tmp_path / "t.jsonl", lines), "t.jsonl:6: decision number 6 out of sequence (expected 5)")


def test_decisions_stop_before_the_end(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = arc_record[:-2] + [{**arc_record[-1], "decisions": len(arc_record) - 3}]
    fails(write_lines(tmp_path / "t.jsonl", lines), "stop before the game ends")


def test_end_count_mismatch(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = arc_record[:-1] + [{**arc_record[-1], "decisions": 3}]
    fails(write_lines(tmp_path / "t.jsonl", lines), f"t.jsonl:{len(lines)}: end line counts 3 decisions")


def test_line_after_the_end(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = [*arc_record[:-1], arc_record[-1], arc_record[-1]]
    fails(write_lines(tmp_path / "t.jsonl", lines), f"t.jsonl:{len(lines) - 1}: end line is not the last line")


# ------------------------------------------------------------------------ truncation
def test_truncated_without_end_line(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    lines = arc_record[:10]
    fails(write_lines(tmp_path / "t.jsonl", lines), "record is truncated (no end line after line 10)")


def test_truncated_mid_line(arc_record: list[dict[str, Any]], tmp_path: Path) -> None:
    path = write_lines(tmp_path / "t.jsonl", arc_record)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    n = text[: len(text) // 2].count("\n") + 1
    fails(path, f"t.jsonl:{n}: not valid JSON")


# ----------------------------------------------------------------------- not a record
@pytest.mark.parametrize(
    ("content", "message"),
    [("", "empty file, not a game record"),
     ("[1, 2]\n", "t.jsonl:1: expected a JSON object"),
     ('{"format": "other"}\n', "t.jsonl:1: not a warband game record"),
     ('{"format": "warband-record", "version": 99}\n', "t.jsonl:1: record version 99 is not supported"),
     ('{"format": "warband-record", "version": 2, "ruleset": "arcworlde"}\n', "t.jsonl:1: header lacks 'seed'"),
     ('{"format": "warband-record", "version": 2, "ruleset": "arcworlde", "seed": 1}\n{"n": 1}\n',
      "t.jsonl:2: decision line lacks 'player'"),
     ("ruleset: arcworlde\nname: x\n", "t.jsonl:1: not valid JSON"),
     ("[" * 100_000 + "]" * 100_000 + "\n", "t.jsonl:1: not a record line (nested too deeply)"),
     ('{"format": "warband-record", "version": 2, "ruleset": "arcworlde", "seed": 1}\n'
      '{"n": 1, "player": "x", "kind": "k", "choice": 1, "digest": ""}\n',
      "t.jsonl:2: 'player' should be int, not 'x'"),
     ('{"format": "warband-record", "version": 2, "ruleset": "arcworlde", "seed": 1}\n'
      '{"n": true, "player": 0, "kind": "k", "choice": 1, "digest": ""}\n',
      "t.jsonl:2: 'n' should be int, not True")],
)
def test_not_a_record(
    write_file: Callable[[str, str | bytes], Path], content: str, message: str
) -> None:
    path = write_file("t.jsonl", content)
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert message in str(info.value)


def test_missing_and_unreadable_files(
    write_file: Callable[[str, str | bytes], Path], tmp_path: Path
) -> None:
    with pytest.raises(RecordError, match="no such file"):
        read_record(tmp_path / "nope.jsonl")
    with pytest.raises(RecordError, match="not a UTF-8 text file"):
        read_record(write_file("bin.jsonl", b"\xff\xfe\x00"))
    with pytest.raises(RecordError, match="is a directory"):
        read_record(tmp_path)
