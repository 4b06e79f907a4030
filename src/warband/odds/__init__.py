"""Exact odds for every ruleset's dice mechanics (the ``warband odds`` engine).

Usage::

    from warband import odds
    result = odds.run("arcworlde", "attack", power=5, armour=1)
    result.distribution.mean, result.at_least(2), result.to_json()

Each ruleset provides its queries in ``warband.rulesets.<pkg>.odds`` (see
:mod:`warband.odds.query` and ``docs/odds.md``); the results are exact
(:class:`~warband.odds.distribution.Distribution` of fractions).
"""

from warband.odds.distribution import Distribution
from warband.odds.query import (
    OddsError,
    Query,
    QueryParams,
    get_query,
    queries,
    rulesets_with_odds,
    run,
)
from warband.odds.result import Chart, Result, Table, distribution_result, probability_result

__all__ = [
    "Chart",
    "Distribution",
    "OddsError",
    "Query",
    "QueryParams",
    "Result",
    "Table",
    "distribution_result",
    "get_query",
    "probability_result",
    "queries",
    "rulesets_with_odds",
    "run",
]
