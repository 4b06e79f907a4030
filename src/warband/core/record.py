"""Game records: a header, one line per decision, and a digest of the event stream.

A record is JSON Lines::

    {"format": "warband-record", "version": 1, "ruleset": ..., "seed": ..., "lists": ..., ...}
    {"n": 1, "player": 0, "kind": "activate", "choice": {...}, "events": 12, "digest": "..."}
    ...
    {"end": true, "decisions": N, "events": M, "digest": "...", "outcome": {...}}

Replaying means building the starting game from the header, applying the decisions in order and
checking after each one that the digest is exactly what was recorded. The digest chain starts
from a hash of the canonical header and folds in every event and every decision (its exact
choice), so a record verifies only if it is exactly the game that was played: an edited header
field the events never show (a list's game value, an option never exercised), a seed written
another way or a choice point nudged by a hundredth of an inch all fail. A record that was
edited, truncated or made with different content is reported with the line where it diverges.

Version 2 (this one) added the header and the decisions to the digest; version 1 records are
refused with a message saying so.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warband.core.decisions import IllegalChoice
from warband.core.events import canonical_json
from warband.core.game import DecisionRecord, Game

__all__ = ["FORMAT", "Record", "RecordError", "read_record", "replay", "write_record"]

FORMAT = "warband-record"
VERSION = 2
#: record files larger than this are refused before reading on (a 200-decision game is ~60 KB)
MAX_RECORD_BYTES = 20_000_000
#: the largest seed a record may hold (seeds are unsigned 64-bit)
MAX_SEED = 2**64 - 1


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


def _read_text(path: Path) -> str:
    """The file's text, read up to the size limit (``/dev/zero`` is refused, not read whole)."""
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a directory, not a game record") from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot read record ({exc.strerror or exc})") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: file is too large for a game record"
                          f" (more than {MAX_RECORD_BYTES:,} bytes)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a UTF-8 text file, not a game record") from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number a record holds")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a reader would keep one of two equal keys
    and ignore the other, so an edited line could say two things and still verify)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {key[:40]!r}")
            seen.add(key)
    return obj


def _parse_line(line: str) -> Any:
    """One JSON line, refusing what no record holds: non-finite numbers (``1e400``, ``NaN``),
    integers too long to read (Python refuses more than a few thousand digits) and a key given
    twice in one object."""
    return json.loads(line, parse_float=_finite, parse_constant=_no_constant,
                      object_pairs_hook=_unique_keys)


def _check_header(path: Path | str, header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise RecordError(f"{path}:1: not a warband game record (no format {FORMAT!r})")
    version = header.get("version")
    if version == 1:
        raise RecordError(
            f"{path}:1: record version 1 was written by an older warband whose digest did not"
            " cover the header and the decisions; it cannot be verified: record the game again")
    if version != VERSION:
        raise RecordError(f"{path}:1: record version {version!r} is not supported"
                          f" (this warband reads version {VERSION})")
    for key in ("ruleset", "seed"):
        if key not in header:
            raise RecordError(f"{path}:1: header lacks {key!r}")
    # (a content_hash the ruleset writes but the record lacks fails the header comparison)
    for key in ("ruleset", "content_hash"):
        if key in header and not isinstance(header[key], str):
            raise RecordError(f"{path}:1: {key!r} should be a string, not {header[key]!r}")
    seed = header["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise RecordError(f"{path}:1: 'seed' should be a whole number from 0 to 2**64-1,"
                          f" not {_short(seed)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: the fields of a decision line and of the end line, with their JSON types (the choice and
#: the outcome are checked on replay)
DECISION_FIELDS: dict[str, type | None] = {
    "n": int, "player": int, "kind": str, "choice": None, "events": int, "digest": str,
    "reason": str}
END_FIELDS: dict[str, type | None] = {
    "end": bool, "decisions": int, "events": int, "digest": str, "outcome": None}


def _check_fields(path: Path, number: int, obj: dict[str, Any], fields: dict[str, type | None],
                  what: str) -> None:
    for key, value in obj.items():
        if key not in fields:
            raise RecordError(f"{path}:{number}: unknown field {_short(key)} on a {what} line")
        kind = fields[key]
        if kind is None:
            continue
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RecordError(f"{path}:{number}: {key!r} should be {kind.__name__},"
                              f" not {_short(value)}")


def read_record(path: Path) -> Record:
    """Parse a record file, checking its structure (not yet its replay)."""
    text = _read_text(path)
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RecordError(f"{path}: empty file, not a game record")
    parsed: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        try:
            obj = _parse_line(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path}:{number}: not valid JSON ({exc.msg})") from None
        except ValueError as exc:  # a huge integer, 1e400, NaN, a duplicate key
            raise RecordError(f"{path}:{number}: not a record line ({exc})") from None
        except RecursionError:
            raise RecordError(f"{path}:{number}: not a record line (nested too deeply)") from None
        if not isinstance(obj, dict):
            raise RecordError(f"{path}:{number}: expected a JSON object")
        parsed.append(obj)
    header = parsed[0]
    _check_header(path, header)
    record = Record(header=header)
    for number, obj in enumerate(parsed[1:], start=2):
        if "end" in obj:
            if obj["end"] is not True:
                raise RecordError(f"{path}:{number}: 'end' should be true, not {_short(obj['end'])}")
            if number != len(parsed):
                raise RecordError(f"{path}:{number}: end line is not the last line")
            _check_fields(path, number, obj, END_FIELDS, "end")
            record.end = obj
            break
        _check_fields(path, number, obj, DECISION_FIELDS, "decision")
        for key in ("n", "player", "kind", "choice", "events", "digest"):
            if key not in obj:
                raise RecordError(f"{path}:{number}: decision line lacks {key!r}")
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


def _check_plain_choice(game: Game, player: int, choice: Any, where: str) -> None:
    """A plain choice (a number, a name) must be one of the options exactly: ``4.0`` equals the
    option ``4`` in Python but is not what the game recorded."""
    if isinstance(choice, dict) or dataclasses.is_dataclass(choice):
        return
    decision = game.decision_for(player)
    if decision is None:
        return
    same = [o for o in decision.options if o == choice]
    if same and all(type(o) is not type(choice) for o in same):
        raise RecordError(f"{where}: choice {_short(choice)} is not written as the game"
                          f" writes its options ({_short(same[0])})")


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
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"{path}:1: cannot rebuild the game from the header ({exc})") from None
    recorded = {k: v for k, v in record.header.items() if k not in ("format", "version")}
    if canonical_json(recorded) != canonical_json(game.header):
        fields = sorted(k for k in {*recorded, *game.header}
                        if canonical_json(recorded.get(k)) != canonical_json(game.header.get(k)))
        raise RecordError(f"{path}:1: the header is not the one this game writes"
                          f" (field(s) {', '.join(map(repr, fields))} differ)")
    verified = 0
    for index, line in enumerate(record.decisions):
        number = index + 2
        if game.over:
            raise RecordError(f"{path}:{number}: decision after the game had ended")
        try:
            choice = game.codec.decode(line["choice"])
        except ValueError as exc:
            raise RecordError(f"{path}:{number}: {exc}") from None
        reason = line.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise RecordError(f"{path}:{number}: 'reason' should be a string")
        _check_plain_choice(game, line["player"], choice, f"{path}:{number}")
        try:
            game.apply(line["player"], choice, reason)
        except IllegalChoice as exc:
            raise RecordError(f"{path}:{number}: illegal decision on replay ({exc})") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            # a safety net: a value of a kind the rules never see in play
            raise RecordError(f"{path}:{number}: the rules cannot apply this decision"
                              f" ({type(exc).__name__}: {exc})") from None
        # Secret simultaneous answers enter the history together, once all are in.
        while verified < len(game.history):
            rec, expected = game.history[verified], record.decisions[verified]
            if (rec.digest != expected["digest"] or rec.kind != expected["kind"]
                    or rec.events != expected["events"] or rec.player != expected["player"]
                    or (rec.reason or None) != expected.get("reason")):
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
