"""What an odds query returns: a JSON payload plus tables and charts for people.

The payload is the machine answer (``--json`` prints it); tables and charts are how the CLI
and ``--plot`` show it. Numbers stay exact (``Fraction``) inside a result and become floats
only when written out (or ``"n/d"`` strings with ``exact=True``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from warband.odds.distribution import Distribution

__all__ = ["Chart", "Result", "Table", "distribution_result", "jsonable", "probability_result"]


@dataclass(frozen=True, slots=True)
class Table:
    """A table for people: a title, column headings and rows of cells (numbers or text)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True, slots=True)
class Chart:
    """A bar chart: one bar per label, heights are probabilities (0..1) unless ``percent`` is
    False, in which case they are plain numbers."""

    title: str
    labels: tuple[str, ...]
    values: tuple[Fraction | float, ...]
    percent: bool = True
    xlabel: str = ""


@dataclass(frozen=True, slots=True)
class Result:
    """The answer to one odds query."""

    title: str
    payload: Mapping[str, Any]
    tables: tuple[Table, ...] = ()
    charts: tuple[Chart, ...] = ()
    notes: tuple[str, ...] = ()
    rule_ids: tuple[str, ...] = ()
    #: the main distribution, if the query has one (for the API: ``result.distribution.mean``)
    distribution: Distribution[Any] | None = field(default=None, compare=False)

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        """The payload as JSON-ready data (floats, or exact ``"n/d"`` strings)."""
        out = jsonable(self.payload, exact)
        assert isinstance(out, dict)
        return out

    @property
    def probability(self) -> Fraction:
        """The payload's ``probability`` (for yes/no queries)."""
        value = self.payload["probability"]
        assert isinstance(value, Fraction)
        return value

    @property
    def mean(self) -> Fraction:
        if self.distribution is None:
            raise AttributeError("this result has no numeric distribution")
        return self.distribution.mean

    def at_least(self, k: Any) -> Fraction:
        if self.distribution is None:
            raise AttributeError("this result has no numeric distribution")
        return self.distribution.at_least(k)

    @property
    def probabilities(self) -> dict[Any, Fraction]:
        if self.distribution is None:
            raise AttributeError("this result has no distribution")
        return self.distribution.probabilities


def jsonable(value: Any, exact: bool = False) -> Any:
    """Fractions -> float (or ``"n/d"``), distributions -> dicts, tuples -> lists, keys -> str."""
    if isinstance(value, bool) or value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, Fraction):
        return str(value) if exact else float(value)
    if isinstance(value, Distribution):
        return value.to_json(exact)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v, exact) for k, v in value.items()}
    if isinstance(value, Sequence):
        return [jsonable(v, exact) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def distribution_result(
    title: str,
    dist: Distribution[Any],
    *,
    outcome: str = "outcome",
    extra: Mapping[str, Any] | None = None,
    extra_rows: Sequence[tuple[str, Any]] = (),
    notes: Sequence[str] = (),
    rule_ids: Sequence[str] = (),
    tables: Sequence[Table] = (),
) -> Result:
    """A standard result for one distribution.

    Payload: ``{"distribution": {...}, "mean": m, "at_least": {...}, **extra}`` for numeric
    outcomes, ``{"distribution": {...}, **extra}`` otherwise. The table lists each outcome with
    P(exactly) and, for numbers, P(at least); ``extra_rows`` are added to a summary table.
    """
    numeric = _all_numeric(dist)
    payload: dict[str, Any] = {"distribution": dist}
    if numeric:
        payload["mean"] = dist.mean
        payload["at_least"] = dist.at_least_table()
    payload.update(extra or {})
    rows: tuple[tuple[str, ...], ...]
    if numeric:
        tail = dist.at_least_table()
        rows = tuple((str(k), _pct(p), _pct(tail[k])) for k, p in dist.items())
        main = Table(title, (outcome, "exactly", "at least"), rows)
    else:
        rows = tuple((str(k), _pct(p)) for k, p in dist.items())
        main = Table(title, (outcome, "probability"), rows)
    summary_rows: list[tuple[str, str]] = []
    if numeric:
        summary_rows.append(("mean", f"{float(dist.mean):.3f}"))
        summary_rows.append(("standard deviation", f"{dist.sd:.3f}"))
    summary_rows += [(name, _format(value)) for name, value in extra_rows]
    all_tables = [main]
    if summary_rows:
        all_tables.append(Table("summary", ("", "value"), tuple(summary_rows)))
    all_tables += list(tables)
    chart = Chart(title, tuple(str(k) for k in dist), tuple(p for _, p in dist.items()),
                  xlabel=outcome)
    return Result(title, payload, tuple(all_tables), (chart,), tuple(notes), tuple(rule_ids),
                  distribution=dist)


def probability_result(
    title: str,
    probability: Fraction,
    *,
    label: str = "success",
    other_label: str | None = None,
    extra: Mapping[str, Any] | None = None,
    extra_rows: Sequence[tuple[str, Any]] = (),
    notes: Sequence[str] = (),
    rule_ids: Sequence[str] = (),
    tables: Sequence[Table] = (),
    charts: Sequence[Chart] = (),
) -> Result:
    """A standard result for a yes/no question: payload ``{"probability": p, **extra}``."""
    payload: dict[str, Any] = {"probability": probability}
    payload.update(extra or {})
    rows = ((label, _pct(probability)), *((n, _format(v)) for n, v in extra_rows))
    main = Table(title, ("", "value"), tuple(rows))
    chart = Chart(title, (label, other_label or f"not {label}"), (probability, 1 - probability))
    dist = Distribution({True: probability, False: 1 - probability})
    return Result(title, payload, (main, *tables), (chart, *charts), tuple(notes),
                  tuple(rule_ids), distribution=dist)


def _format(value: Any) -> str:
    """A summary cell: a Fraction is a probability (shown as a percentage), a float a plain
    number, anything else its text."""
    if isinstance(value, Fraction):
        return _pct(value)
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _all_numeric(dist: Distribution[Any]) -> bool:
    return all(isinstance(k, int | Fraction) and not isinstance(k, bool) for k in dist)
