"""Game records: a header, one line per decision, and a digest of the event stream.

A record is JSON Lines::

    {"format": "warband-record", "version": 1, "ruleset": ..., "seed": ..., "lists": ..., ...}
    {"n": 1, "player": 0, "kind": "activate", "choice": {...}, "events": 12, "digest": "..."}
    ...
    {"end": true, "decisions": N, "events": M, "digest": "...", "outcome": {...}}

Replaying means building the starting game from the header, applying the decisions in order and
checking after each one that the event stream is exactly what was recorded. A record that was
edited, truncated or made with different content is reported with the line where it diverges.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warband.core.decisions import IllegalChoice
from warband.core.game import DecisionRecord, Game

__all__ = ["FORMAT", "Record", "RecordError", "read_record", "replay", "write_record"]

FORMAT = "warband-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message names the line."""


@dataclass(slots=True)
class Record:
    header: dict[str, Any]
    decisions: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None


def record_lines(game: Game) -> Iterator[str]:
    yield json.dumps({"format": FORMAT, "version": VERSION, **game.header}, sort_keys=True)
    for n, rec in enumerate(game.history, start=1):
        yield json.dumps(_decision_line(game, n, rec), sort_keys=True)
    outcome = game.outcome()
    yield json.dumps(
        {
            "end": True,
            "decisions": len(game.history),
            "events": len(game.events),
            "digest": game.digest,
            "outcome": outcome.to_json() if outcome else None,
        },
        sort_keys=True,
    )


def _decision_line(game: Game, n: int, rec: DecisionRecord) -> dict[str, Any]:
    line: dict[str, Any] = {
        "n": n,
        "player": rec.player,
        "kind": rec.kind,
        "choice": game.codec.encode(rec.choice),
        "events": rec.events,
        "digest": rec.digest,
    }
    if rec.reason:
        line["reason"] = rec.reason
    return line


def write_record(game: Game, path: Path) -> None:
    """Write ``game`` (finished or not) as a record file."""
    if not game.header:
        raise ValueError("this game has no record header")
    path.write_text("\n".join(record_lines(game)) + "\n", encoding="utf-8")


def read_record(path: Path) -> Record:
    """Parse a record file, checking its structure (not yet its replay)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read record ({exc})") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RecordError(f"{path}: empty file, not a game record")
    parsed: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
        except RecursionError:
            raise RecordError(f"{path}:{number}: not a record line (nested too deeply)") from None
        if not isinstance(obj, dict):
            raise RecordError(f"{path}:{number}: expected a JSON object")
        parsed.append(obj)
    header = parsed[0]
    if header.get("format") != FORMAT:
        raise RecordError(f"{path}:1: not a warband game record (no format {FORMAT!r})")
    if header.get("version") != VERSION:
        raise RecordError(f"{path}:1: record version {header.get('version')!r} is not supported")
    for key in ("ruleset", "seed"):
        if key not in header:
            raise RecordError(f"{path}:1: header lacks {key!r}")
    record = Record(header=header)
    for number, obj in enumerate(parsed[1:], start=2):
        if obj.get("end"):
            if number != len(parsed):
                raise RecordError(f"{path}:{number}: end line is not the last line")
            record.end = obj
            break
        for key in ("n", "player", "kind", "choice", "digest"):
            if key not in obj:
                raise RecordError(f"{path}:{number}: decision line lacks {key!r}")
        for key, kind in (("n", int), ("player", int), ("kind", str), ("digest", str)):
            if not isinstance(obj[key], kind) or isinstance(obj[key], bool):
                raise RecordError(f"{path}:{number}: {key!r} should be {kind.__name__},"
                                  f" not {obj[key]!r}")
        if obj["n"] != len(record.decisions) + 1:
            raise RecordError(
                f"{path}:{number}: decision number {obj['n']} out of sequence"
                f" (expected {len(record.decisions) + 1})"
            )
        record.decisions.append(obj)
    if record.end is None:
        raise RecordError(f"{path}: record is truncated (no end line after line {len(parsed)})")
    if record.end.get("decisions") != len(record.decisions):
        raise RecordError(
            f"{path}:{len(parsed)}: end line counts {record.end.get('decisions')} decisions,"
            f" file has {len(record.decisions)}"
        )
    return record


def replay(record: Record, path: Path | str = "<record>") -> Game:
    """Re-play a record from its seed and decisions, verifying every event.

    Returns the replayed game. Raises :class:`RecordError` naming the first line whose events
    do not match.
    """
    from warband.core import registry

    try:
        ruleset = registry.get(str(record.header["ruleset"]))
    except LookupError as exc:
        raise RecordError(f"{path}:1: {exc}") from None
    try:
        game = ruleset.game_from_header(record.header, track_digest=True)
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordError(f"{path}:1: cannot rebuild the game from the header ({exc})") from None
    verified = 0
    for index, line in enumerate(record.decisions):
        number = index + 2
        if game.over:
            raise RecordError(f"{path}:{number}: decision after the game had ended")
        try:
            choice = game.codec.decode(line["choice"])
        except ValueError as exc:
            raise RecordError(f"{path}:{number}: {exc}") from None
        try:
            game.apply(int(line["player"]), choice, line.get("reason"))
        except IllegalChoice as exc:
            raise RecordError(f"{path}:{number}: illegal decision on replay ({exc})") from None
        # Secret simultaneous answers enter the history together, once all are in.
        while verified < len(game.history):
            rec, expected = game.history[verified], record.decisions[verified]
            if rec.digest != expected["digest"] or rec.kind != expected["kind"]:
                raise RecordError(
                    f"{path}:{verified + 2}: events diverge from the record after decision"
                    f" {expected['n']} (digest {rec.digest} != recorded {expected['digest']})"
                )
            verified += 1
    end = record.end or {}
    if not game.over:
        raise RecordError(f"{path}: the recorded decisions stop before the game ends")
    if end.get("digest") != game.digest or end.get("events") != len(game.events):
        raise RecordError(
            f"{path}:{len(record.decisions) + 2}: final event stream differs from the record"
        )
    outcome = game.outcome()
    if outcome is not None and end.get("outcome") != json.loads(json.dumps(outcome.to_json())):
        raise RecordError(f"{path}:{len(record.decisions) + 2}: outcome differs from the record")
    return game
