"""Rulesets by name.

Built-in rulesets are the sub-packages of :mod:`warband.rulesets`; each exposes a ``RULESET``
object. Third-party rulesets register through the ``warband.rulesets`` entry-point group.
Adding a ruleset therefore touches no file of the core.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from importlib.metadata import entry_points

from warband.core.ruleset import Ruleset

__all__ = ["UnknownRuleset", "available", "get", "register"]

_loaded: dict[str, Ruleset] = {}
_extra: dict[str, Ruleset] = {}


class UnknownRuleset(LookupError):
    def __init__(self, name: str, known: list[str]) -> None:
        hint = difflib.get_close_matches(name, known, n=1)
        more = f"; did you mean {hint[0]!r}?" if hint else ""
        super().__init__(f"unknown ruleset {name!r} (known: {', '.join(known)}){more}")
        self.name = name


def _builtin_names() -> list[str]:
    """Built-in packages that define a playable ruleset (a ``RULESET`` object).

    A package may exist before its game is playable (its dice mechanics serving the odds
    engine); it joins the registry once it defines ``RULESET``. Ruleset packages keep their
    ``__init__`` light, so importing them here is cheap.
    """
    import warband.rulesets as pkg

    names = []
    for m in pkgutil.iter_modules(pkg.__path__):
        if m.ispkg:
            module = importlib.import_module(f"warband.rulesets.{m.name}")
            if hasattr(module, "RULESET"):
                names.append(m.name.replace("_", "-"))
    return sorted(names)


def _entry_point_names() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group="warband.rulesets")}


def available() -> list[str]:
    """Names of every ruleset that can be loaded (without importing them)."""
    return sorted({*_builtin_names(), *_entry_point_names(), *_extra})


def register(ruleset: Ruleset) -> None:
    """Register a ruleset object at run time (tests, notebooks)."""
    _extra[ruleset.name] = ruleset


def get(name: str) -> Ruleset:
    if name in _extra:
        return _extra[name]
    if name in _loaded:
        return _loaded[name]
    if name in _builtin_names():
        module = importlib.import_module(f"warband.rulesets.{name.replace('-', '_')}")
        ruleset: Ruleset = module.RULESET
    else:
        eps = _entry_point_names()
        if name not in eps:
            raise UnknownRuleset(name, available())
        module_name, _, attr = eps[name].partition(":")
        module = importlib.import_module(module_name)
        ruleset = getattr(module, attr or "RULESET")
    _loaded[name] = ruleset
    return ruleset
