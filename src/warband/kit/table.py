"""Table helpers for building menus of places (deployment spots, move destinations).

A menu of candidate points should not offer two spots a finger's width apart: they are the
same choice to a player and only slow the AIs down. :func:`spread_out` keeps the first of any
points closer than ``tol`` inches on both axes.

A menu that is a pure function of the table and of a few facts of the position (where the
mover and the others stand...) is worth keeping: pieces stand still most of the time and
the games of one match-up open alike. :func:`kept_menu` keeps it on the shared table under a
key that holds every one of those facts exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Protocol, TypeVar

__all__ = ["Located", "kept_menu", "spread_out"]

T = TypeVar("T")


class Memos(Protocol):
    """A table that keeps named caches (:meth:`warband.core.geometry.Table.memo`)."""

    def memo(self, name: str) -> dict[Any, Any]: ...


def kept_menu(table: Memos, name: str, key: Hashable, build: Callable[[], list[T]]) -> list[T]:
    """The menu ``build()`` makes, kept on ``table`` in its memo ``name`` under ``key``; a
    fresh list each call (a caller may extend it), holding the same (immutable) options.
    ``key`` must hold every input of ``build`` exactly (plain floats, no rounding), so that a
    kept menu is the one ``build`` would make now."""
    menus = table.memo(name)
    menu: list[T] | None = menus.get(key)
    if menu is None:
        menu = menus[key] = build()
    return list(menu)


class Located(Protocol):
    """Anything with a table position in inches (a choice such as ``Move(x, y)``)."""

    @property
    def x(self) -> float: ...

    @property
    def y(self) -> float: ...


L = TypeVar("L", bound=Located)


def spread_out(points: list[L], tol: float = 0.75) -> list[L]:
    """``points`` in order, leaving out any within ``tol`` inches (on both axes) of one kept."""
    out: list[L] = []
    kept: list[tuple[float, float]] = []
    low = -tol
    for p in points:
        x, y = p.x, p.y
        for ox, oy in kept:
            # (``abs(d) <= tol`` as a chained comparison: the same test, negation being
            # exact, without a call per axis; menus are built thousands of times a game)
            if low <= x - ox <= tol and low <= y - oy <= tol:
                break
        else:
            out.append(p)
            kept.append((x, y))
    return out
