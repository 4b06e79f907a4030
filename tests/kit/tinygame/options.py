"""Tiny Duel options (tiny.end.target, tiny.end.turns)."""

from __future__ import annotations

from dataclasses import dataclass

from warband.kit.options import Option

__all__ = ["OPTIONS", "Options"]


@dataclass(slots=True)
class Options:
    target: int = 20
    turns: int = 15


OPTIONS = (
    Option.whole("target", 5, 100, "points to win (tiny.end.target)"),
    Option.whole("turns", 1, 50, "turns per side before the higher score wins (tiny.end.turns)"),
)
