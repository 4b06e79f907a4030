"""``--out``: one row per game, streamed to CSV or Parquet as games finish (in game order).

Each row carries the game's seed, lists and AIs, so ``warband battle --seed SEED --a LIST_A
--b LIST_B --ai AI_A --ai-b AI_B`` (plus the run's ``--rounds``/``--option``) replays it alone.

While the run lasts the rows go to ``FILE.partial.csv`` (``.partial.parquet``), renamed to
``FILE.csv`` only once every game is in: a run that was stopped (Ctrl-C, SIGTERM) leaves a
readable file whose name says it is incomplete, and a killed one never leaves a half-written
file under the name asked for (a killed Parquet run used to leave an unreadable 4-byte file).

A CSV run also keeps, beside its partial file, ``FILE.partial.csv.json``: which games the file
holds and their tally, updated after each batch of rows is flushed. ``--resume`` reads it back,
keeps the rows it vouches for, plays only the other games and ends with the figures and the
rows an uninterrupted run would give.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from warband.sim.games import Matchup, Task
from warband.sim.stats import GameRow, Tally, tally_from_json, tally_to_json

__all__ = ["OutputError", "Resume", "RowWriter", "columns", "load_resume", "open_writer",
           "partial_path", "row_record", "state_path"]

#: Parquet rows buffered before a row group is written
PARQUET_GROUP = 10_000


class OutputError(ValueError):
    """The output file cannot be written (reported to the user as a message)."""


def columns(sides: Sequence[str]) -> list[str]:
    cols = ["game", "seed", "list_a", "list_b", "ai_a", "ai_b", "winner", "rounds", "first_player"]
    cols += [f"vp_{s}" for s in sides]
    cols += [f"survivors_{s}" for s in sides]
    cols += [f"survivor_names_{s}" for s in sides]
    return cols


def row_record(row: GameRow, matchup: Matchup) -> dict[str, Any]:
    """The flat record of one game (``winner`` is a side label or ``draw``)."""
    record: dict[str, Any] = {
        "game": row.game,
        "seed": row.seed,
        "list_a": matchup.lists[0].path,
        "list_b": matchup.lists[1].path if len(matchup.lists) > 1 else "",
        "ai_a": matchup.ais[0],
        "ai_b": matchup.ais[1] if len(matchup.ais) > 1 else "",
        "winner": row.winner if row.winner is not None else "draw",
        "rounds": row.rounds,
        "first_player": row.first_player or "",
    }
    for side, vp in zip(matchup.sides, row.vp, strict=True):
        record[f"vp_{side}"] = vp
    for side, names in zip(matchup.sides, row.survivors, strict=True):
        record[f"survivors_{side}"] = len(names)
    for side, names in zip(matchup.sides, row.survivors, strict=True):
        record[f"survivor_names_{side}"] = "; ".join(names)
    return record


def partial_path(path: Path) -> Path:
    """Where the rows of a run go until every game is in: ``out.csv`` -> ``out.partial.csv``."""
    return path.with_name(f"{path.stem}.partial{path.suffix}")


def state_path(path: Path) -> Path:
    """The resume state kept beside a CSV run's partial file."""
    partial = partial_path(path)
    return partial.with_name(partial.name + ".json")


def _run_description(matchups: Sequence[Matchup]) -> list[dict[str, Any]]:
    """What makes two runs the same run (their games then have the same seeds)."""
    return [{"ruleset": m.ruleset, "lists": [[s.path, s.text] for s in m.lists],
             "ais": list(m.ais), "seed": m.seed, "games": m.games,
             "options": {str(k): v for k, v in m.options.items()}} for m in matchups]


class Resume:
    """A resumable run's finished games: per matchup, ranges ``(start, stop)`` and tallies."""

    def __init__(self, done: list[list[tuple[int, int]]], tallies: list[Tally],
                 rows: list[dict[str, str]]) -> None:
        self.done = done
        self.tallies = tallies
        self.rows = rows  # the partial file's rows for those games, in game order

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tallies)


def resume_seed(path: Path) -> int | None:
    """The master seed of the run kept at ``path``'s resume state (None if there is none)."""
    try:
        data = json.loads(state_path(path).read_text(encoding="utf-8"))
        seed = data["run"][0]["seed"]
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def load_resume(path: Path, matchups: Sequence[Matchup]) -> Resume | None:
    """The finished part of an earlier run of the same games writing ``path`` (None if there is
    none to resume). Raises :class:`OutputError` if the state belongs to another run or the
    partial file lacks rows the state vouches for."""
    state, partial = state_path(path), partial_path(path)
    if path.suffix.lower() != ".csv":
        raise OutputError("--resume needs --out FILE.csv (a Parquet file cannot be appended to)")
    if not state.exists():
        return None
    try:
        data = json.loads(state.read_text(encoding="utf-8"))
        same = data["run"] == json.loads(json.dumps(_run_description(matchups)))
        done = [[(int(a), int(b)) for a, b in ranges] for ranges in data["done"]]
        tallies = [tally_from_json(t) for t in data["tallies"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise OutputError(f"cannot resume: {state} is not a resume state ({exc})") from None
    if not same:
        raise OutputError(f"cannot resume: {partial} is from another run (other lists, AIs,"
                          " seed, number of games or options); run without --resume to start"
                          " again")
    wanted = [{g for a, b in ranges for g in range(a, b)} for ranges in done]
    if len(wanted) != len(matchups) or len(tallies) != len(matchups) or any(
            t.games != len(w) for t, w in zip(tallies, wanted, strict=True)):
        raise OutputError(f"cannot resume: {state} does not match its own tallies")
    kept: dict[tuple[int, int], dict[str, str]] = {}
    try:
        with partial.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                try:
                    key = (_matchup_of(row, matchups), int(row["game"]))
                except (KeyError, TypeError, ValueError):
                    continue  # a line cut short when the run was killed
                if key[0] >= 0 and key[1] in wanted[key[0]]:
                    kept[key] = row
    except OSError as exc:
        raise OutputError(f"cannot resume: cannot read {partial} ({exc.strerror})") from None
    missing = sum(len(w) for w in wanted) - len(kept)
    if missing:
        raise OutputError(f"cannot resume: {partial} lacks {missing} row(s) of the games it"
                          " should hold; run without --resume to start again")
    return Resume(done, tallies, [kept[k] for k in sorted(kept)])


def _matchup_of(row: dict[str, str], matchups: Sequence[Matchup]) -> int:
    if len(matchups) == 1:
        return 0
    for i, m in enumerate(matchups):
        if row.get("list_a") == m.lists[0].path and row.get("list_b") == m.lists[-1].path:
            return i
    return -1


class RowWriter:
    """Writes rows as they come to the partial file; ``close`` finishes it and, for a complete
    run, renames it to the file asked for."""

    def __init__(self, path: Path, matchups: Sequence[Matchup],
                 resume: Resume | None = None) -> None:
        self.target = path
        self.path = partial_path(path)
        path = self.path
        self._state: dict[str, Any] | None = None
        self._written: list[Tally] = []
        self._resumed = resume is not None and bool(resume.rows)
        self.matchups = matchups
        self.rows = 0
        self._cols = columns(matchups[0].sides)
        self._fh: IO[str] | None = None
        self._csv: Any = None
        self._parquet: Any = None
        self._pa: Any = None
        self._buffer: list[dict[str, Any]] = []
        suffix = path.suffix.lower()
        if suffix == ".csv":
            try:
                self._fh = path.open("w", newline="", encoding="utf-8")
            except OSError as exc:
                raise OutputError(f"cannot write {path}: {exc.strerror}") from None
            self._csv = csv.DictWriter(self._fh, fieldnames=self._cols)
            self._csv.writeheader()
            if resume is not None:  # the rows the state vouches for, then the new ones
                self._csv.writerows(resume.rows)
                self.rows = len(resume.rows)
            self._state = {
                "run": _run_description(matchups),
                "done": resume.done if resume is not None else [[] for _ in matchups],
            }
            self._written = (resume.tallies if resume is not None
                             else [Tally(m.sides) for m in matchups])
            self._save_state()
        elif suffix == ".parquet":
            try:
                import pyarrow as pa
                import pyarrow.parquet as pq
            except ImportError:
                raise OutputError(
                    'writing Parquet needs pyarrow: pip install "warband[parquet]" (or use .csv)'
                ) from None
            self._pa = pa
            fields = []
            for col in self._cols:
                if col in ("game", "rounds") or col.startswith(("vp_", "survivors_")):
                    fields.append(pa.field(col, pa.int64()))
                elif col == "seed":
                    fields.append(pa.field(col, pa.uint64()))
                else:
                    fields.append(pa.field(col, pa.string()))
            self._schema = pa.schema(fields)
            try:
                self._parquet = pq.ParquetWriter(str(path), self._schema)
            except OSError as exc:
                raise OutputError(f"cannot write {path}: {exc}") from None
        else:
            raise OutputError(f"--out must name a .csv or .parquet file, not {path.name!r}")

    def write(self, rows: list[GameRow]) -> None:
        records = [row_record(r, self.matchups[r.matchup]) for r in rows]
        self.rows += len(records)
        if self._csv is not None:
            self._csv.writerows(records)
            return
        self._buffer.extend(records)
        if len(self._buffer) >= PARQUET_GROUP:
            self._flush()

    def task_written(self, task: Task, tally: Tally) -> None:
        """The rows of ``task`` were just written: flush them, then record the task in the
        resume state (written to a temporary file and renamed, so it is never half-written)."""
        if self._state is None or self._fh is None:
            return
        self._fh.flush()
        self._state["done"][task.matchup].append((task.start, task.stop))
        self._written[task.matchup].merge(tally)
        self._save_state()

    def _save_state(self) -> None:
        if self._state is None:
            return
        state = state_path(self.target)
        temporary = state.with_name(state.name + ".tmp")
        body = {**self._state, "tallies": [tally_to_json(t) for t in self._written]}
        temporary.write_text(json.dumps(body), encoding="utf-8")
        os.replace(temporary, state)

    def _flush(self) -> None:
        if self._buffer:
            table = self._pa.Table.from_pylist(self._buffer, schema=self._schema)
            self._parquet.write_table(table)
            self._buffer = []

    def close(self, complete: bool = True) -> Path:
        """Finish the file; returns where the rows are (the file asked for if ``complete``,
        else the partial file)."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        if self._parquet is not None:
            self._flush()
            self._parquet.close()
            self._parquet = None
        if complete and self.path != self.target:
            if self._resumed:
                _sort_rows(self.path)  # a resumed run appended its games after the others
            os.replace(self.path, self.target)
            self.path = self.target
            if self._state is not None:
                state_path(self.target).unlink(missing_ok=True)
        return self.path


def _sort_rows(path: Path) -> None:
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        fields = list(reader.fieldnames or [])
        rows = list(reader)
    # rows are sorted by matchup (first appearance of its lists) and game number
    first_seen: dict[tuple[str, str], int] = {}
    for row in rows:
        first_seen.setdefault((row["list_a"], row["list_b"]), len(first_seen))
    order = sorted(range(len(rows)), key=lambda i: (
        first_seen[(rows[i]["list_a"], rows[i]["list_b"])], int(rows[i]["game"])))
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows[i] for i in order)


def open_writer(path: Path, matchups: Sequence[Matchup],
                resume: Resume | None = None) -> RowWriter:
    if path.exists() and path.is_dir():
        raise OutputError(f"--out {path} is a directory")
    if not path.parent.exists():
        raise OutputError(f"--out: folder {path.parent} does not exist")
    return RowWriter(path, matchups, resume)
