"""Generic checks run against every discovered odds query of every ruleset."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from pydantic import BaseModel

from warband import odds
from warband.odds import Distribution, OddsError, QueryParams

ALL = [(rs, name) for rs in odds.rulesets_with_odds() for name in odds.queries(rs)]


def _int_fields(model: type[BaseModel]) -> list[tuple[str, Any]]:
    out = []
    for name, info in model.model_fields.items():
        kind = info.annotation
        if kind is int or (hasattr(kind, "__args__") and int in kind.__args__):
            out.append((name, info))
    return out


def test_builtin_rulesets_with_odds_are_discovered() -> None:
    assert {"arcworlde", "sword-marches", "dwethia", "armies"} <= set(odds.rulesets_with_odds())


@pytest.mark.parametrize(("ruleset", "name"), ALL)
def test_query_is_well_formed(ruleset: str, name: str) -> None:
    query = odds.get_query(ruleset, name)
    assert query.name == name
    assert issubclass(query.params, QueryParams)
    assert query.examples, "the first example feeds the generic tests and the benchmark"
    assert query.summary


@pytest.mark.parametrize(("ruleset", "name"), ALL)
def test_every_integer_parameter_is_bounded(ruleset: str, name: str) -> None:
    """Absurd sizes (Power 10000) must be refused at the edge, never computed."""
    query = odds.get_query(ruleset, name)
    for field, info in _int_fields(query.params):
        highs = [getattr(m, "le", None) or getattr(m, "lt", None) for m in info.metadata]
        assert any(h is not None for h in highs), f"{name}.{field} has no upper bound"
        with pytest.raises(OddsError) as caught:
            query.validate({**query.examples[0], field: 10_000})
        assert any(f"--{field.replace('_', '-')}" in p for p in caught.value.problems)


@pytest.mark.parametrize(("ruleset", "name"), ALL)
def test_example_runs_and_writes_one_json_object(ruleset: str, name: str) -> None:
    query = odds.get_query(ruleset, name)
    for example in query.examples:
        result = query(example)
        data = result.to_json()
        assert isinstance(data, dict) and data
        json.dumps(data)
        exact = result.to_json(exact=True)
        json.dumps(exact)
        if result.distribution is not None:
            total = sum(result.distribution.probabilities.values(), Fraction(0))
            assert total == 1
        if "distribution" in data:
            assert abs(sum(data["distribution"].values()) - 1) < 1e-9
        if "probability" in data:
            assert 0 <= data["probability"] <= 1


@pytest.mark.parametrize(("ruleset", "name"), ALL)
def test_unknown_option_is_refused(ruleset: str, name: str) -> None:
    query = odds.get_query(ruleset, name)
    with pytest.raises(OddsError, match="--no-such-option: unknown option"):
        query.validate({**query.examples[0], "no_such_option": 1})


def test_unknown_ruleset_and_query_suggest_a_name() -> None:
    with pytest.raises(OddsError, match="did you mean 'arcworlde'"):
        odds.run("arcworld", "attack", power=1)
    with pytest.raises(OddsError, match="did you mean 'attack'"):
        odds.run("arcworlde", "atack", power=1)


def test_every_violation_is_listed() -> None:
    with pytest.raises(OddsError) as caught:
        odds.run("arcworlde", "attack", power=-1, armour=10_000, defence="sideways")
    problems = caught.value.problems
    assert len(problems) == 3
    assert any(p.startswith("--power:") and "greater than or equal to 0" in p for p in problems)
    assert any(p.startswith("--armour:") for p in problems)
    assert any(p.startswith("--defence:") for p in problems)


# ----------------------------------------------------------------------- Distribution
def test_distribution_statistics_are_exact() -> None:
    d = Distribution({0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)})
    assert d.mean == Fraction(2, 3)
    assert d.at_least(1) == Fraction(1, 2)
    assert d.at_most(1) == Fraction(5, 6)
    assert d.variance == Fraction(1, 2) * Fraction(4, 9) + Fraction(1, 3) * Fraction(1, 9) \
        + Fraction(1, 6) * Fraction(16, 9)
    assert d.at_least_table() == {0: 1, 1: Fraction(1, 2), 2: Fraction(1, 6)}
    assert d.map(lambda k: k > 0) == Distribution({False: Fraction(1, 2), True: Fraction(1, 2)})


def test_distribution_refuses_bad_probabilities() -> None:
    with pytest.raises(ValueError, match="sum to"):
        Distribution({0: Fraction(1, 2)})
    with pytest.raises(ValueError, match="negative"):
        Distribution({0: Fraction(3, 2), 1: Fraction(-1, 2)})
    with pytest.raises(TypeError, match="exact"):
        Distribution({0: 0.5, 1: 0.5})
    with pytest.raises(TypeError, match="not numbers"):
        _ = Distribution({"miss": Fraction(1)}).mean


def test_distribution_from_icepool_and_counts_agree() -> None:
    import icepool

    two = Distribution.from_icepool(2 @ icepool.d6)
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            counts[a + b] = counts.get(a + b, 0) + 1
    assert two == Distribution.from_counts(counts)
    assert two.mean == 7
