"""Violations and the error that carries them, for every kind of user input."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["ContentError", "Violation"]


@dataclass(frozen=True, slots=True)
class Violation:
    """One problem with a file: where (file, line, field) and what is wrong."""

    source: str
    message: str
    field: str = ""
    line: int | None = None

    def __str__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class ContentError(ValueError):
    """A file failed validation; ``violations`` lists every problem found."""

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations = list(violations)
        super().__init__("\n".join(str(v) for v in self.violations))
