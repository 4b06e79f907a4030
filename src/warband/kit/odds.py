"""What every ruleset's odds module (``warband.rulesets.<pkg>.odds``) imports, in one place.

An odds module defines its queries (a :class:`~warband.odds.query.QueryParams` model and a
pure function per query, wrapped in a :class:`~warband.odds.query.Query`) and lists them in
``QUERIES``; the odds engine discovers it by package name (see :mod:`warband.odds.query`).
Write::

    from warband.kit.odds import Distribution, Query, QueryParams, Result, Table, pct

and build every result with ``distribution_result``/``probability_result`` or a
:class:`~warband.odds.result.Result`, formatting chances with :func:`pct`.
"""

from __future__ import annotations

from fractions import Fraction

from warband.odds.distribution import Distribution
from warband.odds.query import Query, QueryParams
from warband.odds.result import Chart, Result, Table, distribution_result, probability_result

__all__ = [
    "Chart",
    "Distribution",
    "Query",
    "QueryParams",
    "Result",
    "Table",
    "distribution_result",
    "pct",
    "probability_result",
]


def pct(p: float | Fraction) -> str:
    """A chance as a percentage with two decimals: ``Fraction(1, 3)`` -> ``"33.33%"``."""
    return f"{float(p) * 100:.2f}%"
