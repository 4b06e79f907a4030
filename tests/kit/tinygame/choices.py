"""Tiny Duel choices, declared with the kit's :func:`~warband.kit.choices.choice`."""

from __future__ import annotations

from warband.kit.choices import ChoiceSet, choice

__all__ = ["CODEC", "Hold", "Reroll", "Roll", "SendForward"]

CODEC = ChoiceSet()


@choice(CODEC)
class SendForward:
    """This champion takes the turn (tiny.turn.champion)."""

    uid: int


@choice(CODEC)
class Roll:
    """Roll the die again (tiny.turn.roll)."""


@choice(CODEC)
class Hold:
    """Bank the turn's total (tiny.turn.hold)."""


@choice(CODEC)
class Reroll:
    """Spend a point of Luck to roll a 1 again (tiny.luck.reroll), or not."""

    use: bool
