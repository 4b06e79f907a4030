"""Odds queries and how rulesets provide them.

A ruleset package ``warband.rulesets.<pkg>`` provides its queries in a module
``warband.rulesets.<pkg>.odds`` defining ``QUERIES``: a sequence of :class:`Query`. They are
discovered by name (the package name with ``_`` read as ``-``), so adding a game's odds touches
no core or odds-framework file. Third-party packages can add a ruleset's queries through the
``warband.odds`` entry-point group (``name = "package.module"``, a module with ``QUERIES``).

A query is a pydantic model of its parameters (:class:`QueryParams`, validated at the edge with
a clear message for every bad value) and a pure function from those parameters to an exact
:class:`~warband.odds.result.Result`, built on the ruleset's ``mechanics.py``.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from warband.odds.result import Result

__all__ = [
    "OddsError",
    "Query",
    "QueryParams",
    "get_query",
    "option_name",
    "queries",
    "rulesets_with_odds",
    "run",
]


class QueryParams(BaseModel):
    """Base of every query's parameter model: unknown fields are refused, values are frozen.

    Every integer field must have an upper bound (``Field(le=...)``) so that absurd sizes are
    refused with a message instead of hanging; a test checks this for every discovered query.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


P = TypeVar("P", bound=QueryParams)


@dataclass(frozen=True)
class Query(Generic[P]):
    """One odds query of a ruleset.

    ``name``: the CLI name (``warband odds <ruleset> <name>``); ``summary``: one line of help;
    ``params``: the parameter model; ``compute``: the exact computation; ``rule_ids``: the
    rules it follows; ``examples``: typical parameter sets (the first is used by the generic
    tests and the benchmark, so make it a realistic, fast case).
    """

    name: str
    summary: str
    params: type[P]
    compute: Callable[[P], Result]
    rule_ids: tuple[str, ...] = ()
    examples: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

    def validate(self, values: Mapping[str, Any]) -> P:
        """Parameters from raw values (strings from the command line are fine).

        Raises :class:`OddsError` listing every bad value, named as its command-line option.
        """
        try:
            return self.params.model_validate(dict(values))
        except ValidationError as exc:
            raise OddsError(_messages(exc)) from None

    def __call__(self, params: P | Mapping[str, Any] | None = None, /, **values: Any) -> Result:
        """Run the query: ``query(power=5, armour=1)`` or ``query(ParamsModel(...))``."""
        if isinstance(params, QueryParams):
            if values:
                raise TypeError("give a parameter model or keyword values, not both")
            model = params
        else:
            model = self.validate({**(params or {}), **values})
        return self.compute(model)  # type: ignore[arg-type]


class OddsError(ValueError):
    """Bad input to an odds query; ``problems`` lists every one, in words for a user."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


def option_name(field_name: str) -> str:
    """The command-line option for a parameter field: ``crit_ignores_armour`` ->
    ``--crit-ignores-armour``."""
    return "--" + field_name.replace("_", "-")


def _messages(exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(x) for x in err["loc"])
        where = option_name(str(err["loc"][0])) + loc[len(str(err["loc"][0])):] if loc else "input"
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        msg = msg.replace("Input should be ", "must be ")
        if err["type"] == "extra_forbidden":
            out.append(f"{where}: unknown option")
            continue
        if err["type"] == "missing":
            out.append(f"{where}: required")
            continue
        if not loc:  # a check across several options: the message says it all
            out.append(msg)
            continue
        got = err.get("input")
        shown = f" (got {got})" if got is not None and not isinstance(got, dict) else ""
        out.append(f"{where}: {msg}{shown}")
    return out


# --------------------------------------------------------------------------------- discovery
def _package_names() -> list[str]:
    """Built-in ruleset packages that have an ``odds`` module (found without importing them)."""
    import warband.rulesets as pkg

    names = []
    for info in pkgutil.iter_modules(pkg.__path__):
        if not info.ispkg:
            continue
        path = [f"{p}/{info.name}" for p in pkg.__path__]
        if any(m.name == "odds" for m in pkgutil.iter_modules(path)):
            names.append(info.name)
    return names


def _entry_points() -> dict[str, str]:
    from importlib.metadata import entry_points  # only when needed: it is slow to import

    return {ep.name: ep.value for ep in entry_points(group="warband.odds")}


def rulesets_with_odds() -> list[str]:
    """Names of every ruleset that provides odds queries (``sword-marches``, ...)."""
    names = {n.replace("_", "-") for n in _package_names()} | set(_entry_points())
    return sorted(names)


_modules: dict[str, ModuleType] = {}


def _module(ruleset: str) -> ModuleType:
    if ruleset in _modules:
        return _modules[ruleset]
    package = ruleset.replace("-", "_")
    if package in _package_names():
        module = importlib.import_module(f"warband.rulesets.{package}.odds")
    else:
        eps = _entry_points()
        if ruleset not in eps:
            known = rulesets_with_odds()
            hint = difflib.get_close_matches(ruleset, known, n=1)
            more = f"; did you mean {hint[0]!r}?" if hint else ""
            raise OddsError([f"no odds for ruleset {ruleset!r} (known: {', '.join(known)}){more}"])
        module = importlib.import_module(eps[ruleset].partition(":")[0])
    _modules[ruleset] = module
    return module


def queries(ruleset: str) -> dict[str, Query[Any]]:
    """The queries of one ruleset, by name, in the order the ruleset lists them."""
    found: Sequence[Query[Any]] = _module(ruleset).QUERIES
    return {q.name: q for q in found}


def get_query(ruleset: str, name: str) -> Query[Any]:
    table = queries(ruleset)
    if name not in table:
        known = list(table)
        hint = difflib.get_close_matches(name, known, n=1)
        more = f"; did you mean {hint[0]!r}?" if hint else ""
        raise OddsError([f"no query {name!r} for {ruleset} (known: {', '.join(known)}){more}"])
    return table[name]


def run(ruleset: str, name: str, values: Mapping[str, Any] | None = None, **more: Any) -> Result:
    """Validate the parameters and run one query: ``run("arcworlde", "attack", power=5)``."""
    return get_query(ruleset, name)({**(values or {}), **more})
