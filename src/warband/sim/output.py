"""``--out``: one row per game, streamed to CSV or Parquet as games finish (in game order).

Each row carries the game's seed, lists and AIs, so ``warband battle --seed SEED --a LIST_A
--b LIST_B --ai AI_A --ai-b AI_B`` (plus the run's ``--rounds``/``--option``) replays it alone.

While the run lasts the rows go to ``FILE.partial.csv`` (``.partial.parquet``), renamed to
``FILE.csv`` only once every game is in: a run that was stopped (Ctrl-C, SIGTERM) leaves a
readable file whose name says it is incomplete, and a killed one never leaves a half-written
file under the name asked for (a killed Parquet run used to leave an unreadable 4-byte file).
"""

from __future__ import annotations

import csv
import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from warband.sim.games import Matchup
from warband.sim.stats import GameRow

__all__ = ["OutputError", "RowWriter", "columns", "open_writer", "partial_path", "row_record"]

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


class RowWriter:
    """Writes rows as they come to the partial file; ``close`` finishes it and, for a complete
    run, renames it to the file asked for."""

    def __init__(self, path: Path, matchups: Sequence[Matchup]) -> None:
        self.target = path
        self.path = partial_path(path)
        path = self.path
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
            os.replace(self.path, self.target)
            self.path = self.target
        return self.path


def open_writer(path: Path, matchups: Sequence[Matchup]) -> RowWriter:
    if path.exists() and path.is_dir():
        raise OutputError(f"--out {path} is a directory")
    if not path.parent.exists():
        raise OutputError(f"--out: folder {path.parent} does not exist")
    return RowWriter(path, matchups)
