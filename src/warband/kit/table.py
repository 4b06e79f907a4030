"""Table helpers for building menus of places (deployment spots, move destinations).

A menu of candidate points should not offer two spots a finger's width apart: they are the
same choice to a player and only slow the AIs down. :func:`spread_out` keeps the first of any
points closer than ``tol`` inches on both axes.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

__all__ = ["Located", "spread_out"]


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
    for p in points:
        x, y = p.x, p.y
        for ox, oy in kept:
            if abs(x - ox) <= tol and abs(y - oy) <= tol:
                break
        else:
            out.append(p)
            kept.append((x, y))
    return out
