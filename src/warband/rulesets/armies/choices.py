"""The choices an Armies of Arcana player makes, as small frozen dataclasses (stored in game
records by :data:`CODEC`)."""

from __future__ import annotations

from warband.kit.choices import ChoiceSet, choice

__all__ = ["CODEC", "Cast", "Counter", "Dispel", "Order", "Pass", "Place", "Shoot", "Strike",
           "YesNo"]

CODEC = ChoiceSet()

#: orders a unit can take in the Movement phase
ORDER_KINDS = ("hold", "advance", "charge", "fall_back", "objective")


@choice(CODEC)
class YesNo:
    """A yes/no answer: move first, cast first, add the normal move to a flight, pursue,
    stand and shoot."""

    yes: bool


@choice(CODEC)
class Order:
    """A unit's move: ``hold``, ``advance`` towards unit ``target``, ``charge`` unit
    ``target``, ``fall_back`` (half a move straight back, keeping its facing), or march
    towards the scenario's ``objective``."""

    uid: int
    kind: str
    target: int = -1


@choice(CODEC)
class Place:
    """Place infiltrator ``uid`` at (x, y) facing the enemy now (``when="now"``), at the end
    of the Movement phase (``"late"``, chosen then), or not this turn (``"wait"``); or, at
    deployment (``when="deploy"``), a unit's front centre at (x, y)."""

    uid: int
    when: str
    x: float = 0.0
    y: float = 0.0


@choice(CODEC)
class Pass:
    """Cast no more spells this turn (armies.magic.pass)."""


@choice(CODEC)
class Cast:
    """Caster ``cid`` casts ``spell`` at unit ``target``, committing ``power``."""

    cid: int
    spell: str
    target: int
    power: int


@choice(CODEC)
class Dispel:
    """Caster ``cid`` spends its spell of the turn to dispel the spell in play at ``index``,
    committing ``power``."""

    cid: int
    index: int
    power: int


@choice(CODEC)
class Counter:
    """Caster ``cid`` counterspells, committing ``power`` (``cid=-1``: no counterspell)."""

    cid: int
    power: int = 0


@choice(CODEC)
class Shoot:
    """Unit ``uid`` shoots at unit ``target`` (``-1``: holds its fire)."""

    uid: int
    target: int


@choice(CODEC)
class Strike:
    """A monster's choice of victim (armies.melee.monster_targeting): a character ``cid`` or,
    with ``cid=-1``, the troops of unit ``uid``."""

    uid: int
    cid: int = -1
