"""Game options: switchable readings of ambiguous rules and house settings, parsed and checked
once at the edge (``--option name=value``, a record header, the simulator).

A ruleset keeps its options in a small slotted dataclass its rules read in play (cheap
attribute access on the hot path) and describes each one with an :class:`Option` spec: name,
type, range or allowed values, and a line of help. :func:`parse_options` turns a mapping of raw
values into that dataclass, refusing unknown names and bad values with a message naming the
option, what it must be and the value given::

    OPTIONS = (
        Option.whole("rounds", 1, 50, "Rounds to play (scenario default)"),
        Option.flag("disengage_extra_move", "a Disengage earns a full move"),
        Option.number("deployment_depth", 1, 24, "deployment zone depth", unit="inches"),
        Option.one_of("morale_trigger", ("targeted", "reaction"), "when a Morale test is due"),
    )
    options, scenario = parse_options(raw, OPTIONS, Options, default_scenario="glade")

``scenario`` is always accepted (the scenario id; the ruleset looks it up in its catalogue). A
value of None leaves the dataclass default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

__all__ = ["SCENARIO", "Option", "option_names", "parse_options"]

T = TypeVar("T")
#: the option every ruleset with scenarios accepts
SCENARIO = "scenario"

Kind = Literal["whole", "number", "flag", "one_of"]


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: its name, kind, bounds or allowed values, and help text."""

    name: str
    kind: Kind
    help: str = ""
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    unit: str = ""

    @staticmethod
    def whole(name: str, low: int, high: int, help: str = "") -> Option:
        """A whole number from ``low`` to ``high`` (booleans are refused)."""
        return Option(name, "whole", help, low, high)

    @staticmethod
    def number(name: str, low: float, high: float, help: str = "", unit: str = "") -> Option:
        """A number (int or float, stored as float) from ``low`` to ``high``."""
        return Option(name, "number", help, low, high, unit=unit)

    @staticmethod
    def flag(name: str, help: str = "") -> Option:
        """true or false."""
        return Option(name, "flag", help)

    @staticmethod
    def one_of(name: str, choices: Sequence[str], help: str = "") -> Option:
        """One of a few words."""
        return Option(name, "one_of", help, choices=tuple(choices))

    def check(self, value: Any) -> Any:
        """The value to store, or ValueError saying what this option must be."""
        if self.kind == "flag":
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} must be true or false, not {value!r}")
            return value
        if self.kind == "one_of":
            if value not in self.choices:
                allowed = " or ".join(repr(c) for c in self.choices)
                raise ValueError(f"{self.name} must be {allowed}, not {value!r}")
            return str(value)
        whole = self.kind == "whole"
        kinds = (int,) if whole else (int, float)
        lo, hi = self.low, self.high
        if (isinstance(value, bool) or not isinstance(value, kinds)
                or (lo is not None and value < lo) or (hi is not None and value > hi)):
            what = "a whole number between" if whole else "between"
            unit = f" {self.unit}" if self.unit else ""
            raise ValueError(f"{self.name} must be {what} {lo:g} and {hi:g}{unit},"
                             f" not {value!r}")
        return value if whole else float(value)


def option_names(specs: Sequence[Option], scenario: bool = True) -> list[str]:
    """The names ``--option`` accepts (``scenario`` included when the ruleset has scenarios)."""
    return [o.name for o in specs] + ([SCENARIO] if scenario else [])


def parse_options(
    options: Mapping[str, Any] | None, specs: Sequence[Option], target: type[T],
    default_scenario: str | None = None,
) -> tuple[T, str | None]:
    """A fresh ``target()`` with the given options checked and set, and the scenario id
    (None for a ruleset without scenarios, whose ``default_scenario`` is None).

    Unknown names are refused listing the known ones; each value is checked by its spec.
    """
    raw = dict(options or {})
    scenario = None
    if default_scenario is not None:
        scenario = str(raw.pop(SCENARIO, default_scenario))
    by_name = {o.name: o for o in specs}
    unknown = sorted(set(raw) - set(by_name))
    if unknown:
        known = sorted(option_names(specs, default_scenario is not None))
        raise ValueError(f"unknown game option(s) {', '.join(unknown)}"
                         f" (known: {', '.join(known)})")
    result = target()
    for name, value in raw.items():
        if value is not None:
            setattr(result, name, by_name[name].check(value))
    return result, scenario
