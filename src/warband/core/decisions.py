"""Decisions: every choice a player makes is a typed request with its legal options.

A ruleset's flow yields a :class:`Decision` (one player chooses) or a :class:`Simultaneous`
(several players choose at once, in secret). Humans and AIs answer the same requests. A choice
is legal if it is one of the listed options or, for continuous parameters such as a point on the
table, if the decision's ``accepts`` validator allows it (the options are then suggested
candidates).

Choices are small frozen dataclasses registered with a :class:`ChoiceCodec`, so a game record
can store them as JSON and decode them again on replay.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from warband._compiled import mypyc_attr
from warband.core.lazy_options import LazyOptions
from warband.core.values import FieldRecord

__all__ = [
    "ChoiceCodec",
    "Decision",
    "IllegalChoice",
    "LazyOptions",
    "Reasoned",
    "Simultaneous",
]

C = TypeVar("C")


@mypyc_attr(native_class=False)
class IllegalChoice(ValueError):
    """A choice that the pending decision does not allow. The game state is left unchanged."""


class Decision(FieldRecord):
    """One player must choose one of ``options`` (or a choice ``accepts`` allows).

    ``kind`` names the decision (``activate``, ``action``, ``feat_ap``, ``split_dice``...),
    ``prompt`` is a human-readable question and ``info`` carries context such as the acting
    character. A decision with a single option and no free-form alternative is answered by the
    engine itself (``auto``), since there is nothing to choose.

    Written out rather than a dataclass (hundreds are made a game): the compiled build
    compiles a written ``__init__`` but runs the one ``dataclass`` generates as Python code
    (docs/performance.md, "Compiled build"). It compares and prints field by field, as the
    dataclass did.
    """

    __slots__ = ("kind", "player", "options", "prompt", "accepts", "info", "auto", "why_not")

    def __init__(self, kind: str, player: int, options: Sequence[Any], prompt: str = "",
                 accepts: Callable[[Any], bool] | None = None,
                 info: Mapping[str, Any] | None = None, auto: bool = True,
                 why_not: Callable[[Any], str | None] | None = None) -> None:
        self.kind = kind
        self.player = player
        self.options = options
        self.prompt = prompt
        self.accepts = accepts
        self.info: Mapping[str, Any] = {} if info is None else info
        self.auto = auto
        #: why a free-form choice ``accepts`` refuses is refused, in words for a human
        #: (outside the deployment zone, overlapping a base...), or None where the rules
        #: cannot say more
        self.why_not = why_not

    def fields(self) -> tuple[object, ...]:
        return (self.kind, self.player, self.options, self.prompt, self.accepts, self.info,
                self.auto, self.why_not)

    def __repr__(self) -> str:
        return (f"Decision(kind={self.kind!r}, player={self.player!r},"
                f" options={self.options!r}, prompt={self.prompt!r},"
                f" accepts={self.accepts!r}, info={self.info!r}, auto={self.auto!r},"
                f" why_not={self.why_not!r})")

    def is_legal(self, choice: Any) -> bool:
        options = self.options
        accepts = self.accepts
        if accepts is not None and isinstance(options, LazyOptions) and not options.built:
            # Options not worked out yet: ``accepts`` first, so that an answer it allows does
            # not work them out (listed or accepted, the same answer in either order).
            return bool(accepts(choice)) or choice in options
        # Controllers mostly answer with one of the listed options itself: an identity scan
        # finds it without calling the choices' ``__eq__`` on the options before it (``in``
        # compares identity first too, but calls ``__eq__`` on every option that is not it).
        for option in self.options:
            if option is choice:
                return True
        if choice in self.options:
            return True
        return self.accepts is not None and bool(self.accepts(choice))

    @property
    def trivial(self) -> bool:
        return self.auto and self.accepts is None and len(self.options) == 1


@mypyc_attr(native_class=False)
@dataclass(slots=True)
class Simultaneous:
    """Several players decide at once, each without seeing the others' answers.

    The engine keeps each answer out of the game state (and so out of every view) until all
    parts are answered; the flow then receives a ``{player: choice}`` mapping.
    """

    kind: str
    parts: tuple[Decision, ...]
    prompt: str = ""

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(part.player for part in self.parts)

    def part_for(self, player: int) -> Decision | None:
        for part in self.parts:
            if part.player == player:
                return part
        return None


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Reasoned:
    """A controller's answer with a one-line reason the narrated log can show."""

    choice: Any
    reason: str


def _to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        raise TypeError("nested choice dataclasses are not supported")
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    # Floats are kept exactly (JSON writes the shortest repr that reads back the same
    # float): a record must hold the very choice that was played, or a free-form point
    # rounded on the way to the file can replay differently (a model 1e-7" nearer).
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _hint_name(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def _fits(value: Any, hint: Any) -> bool:
    """Whether a decoded JSON value has exactly the declared type of a choice field: an index
    is an int (not ``4.0`` nor ``true``), a coordinate a finite number, a name a string."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, a) for a in args)
    if hint is type(None) or hint is None:
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return (isinstance(value, int | float) and not isinstance(value, bool)
                and math.isfinite(value))
    if hint is str:
        return isinstance(value, str)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args, strict=True))
    return True  # a type this check does not know: left to the rules


# (a native class the kit's Python ``ChoiceSet`` may subclass)
@mypyc_attr(allow_interpreted_subclasses=True)
class ChoiceCodec:
    """Encodes registered choice dataclasses to JSON objects and back.

    ``{"type": "Move", "x": 10.5, "y": 3.0}`` <-> ``Move(x=10.5, y=3.0)``. Plain ints, strings,
    booleans and None encode as themselves; tuples as lists.
    """

    def __init__(self) -> None:
        self._types: dict[str, type[Any]] = {}

    def register(self, cls: type[C]) -> type[C]:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} must be a dataclass to be a choice")
        if cls.__name__ in self._types:
            raise ValueError(f"choice type {cls.__name__} is registered twice")
        self._types[cls.__name__] = cls
        return cls

    def encode(self, choice: Any) -> Any:
        if dataclasses.is_dataclass(choice) and not isinstance(choice, type):
            name = type(choice).__name__
            if name not in self._types:
                raise TypeError(f"choice type {name} is not registered with this codec")
            out: dict[str, Any] = {"type": name}
            for f in dataclasses.fields(choice):
                out[f.name] = _to_json(getattr(choice, f.name))
            return out
        if isinstance(choice, Mapping):
            return {"type": "@map", "items": [[k, self.encode(v)] for k, v in choice.items()]}
        return _to_json(choice)

    def decode(self, data: Any) -> Any:
        if isinstance(data, dict):
            name = data.get("type")
            if name == "@map":
                items = data.get("items")
                if not isinstance(items, list) or not all(
                    isinstance(i, list) and len(i) == 2 and isinstance(i[0], int | str) for i in items
                ):
                    raise ValueError("bad @map choice (expected items: [[player, choice], ...])")
                return {k: self.decode(v) for k, v in items}
            cls = self._types.get(str(name))
            if cls is None:
                raise ValueError(f"unknown choice type {name!r}")
            kwargs = {k: _from_json(v) for k, v in data.items() if k != "type"}
            hints = _hints(cls)
            for key, value in kwargs.items():
                if key in hints and not _fits(value, hints[key]):
                    raise ValueError(f"choice {name}: field {key!r} should be"
                                     f" {_hint_name(hints[key])}, not {value!r}")
            try:
                return cls(**kwargs)
            except TypeError as exc:
                raise ValueError(f"bad fields for choice {name}: {exc}") from None
        return _from_json(data)

    @property
    def types(self) -> Mapping[str, type[Any]]:
        return self._types
