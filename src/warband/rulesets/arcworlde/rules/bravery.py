"""Bravery: tests, Broken Characters, Rallying, and the Commander's aura.

Rule ids: ``arcworlde.morale.bravery_triggers``, ``arcworlde.morale.bravery_test``,
``arcworlde.morale.commander_aura``, ``arcworlde.morale.rally``,
``arcworlde.hire.other_factions``.
"""

from __future__ import annotations

from warband.rulesets.arcworlde.mechanics import BraveryTest
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = [
    "COMMANDER_AURA",
    "KNOCK_OUT_RADIUS",
    "WITHIN",
    "bravery_test",
    "break_character",
    "commander_in_range",
    "effective_bravery",
    "test_or_break",
]

#: friends within this many inches of a Knocked Out Character take a Bravery Test
KNOCK_OUT_RADIUS = 3.0
#: Characters this close to their own Commander roll Bravery Tests at Advantage
COMMANDER_AURA = 8.0
#: "within" includes the distance itself; this absorbs float rounding at the boundary
WITHIN = 1e-9


def effective_bravery(st: ArcState, ch: Character) -> int:
    """A Character with Take Orders uses the Bravery of a friend with Make Orders when higher
    (the Halfling Sheriff's profile; our reading: while that friend is on the table)."""
    if "take-orders" not in ch.traits:
        return ch.bravery
    best = ch.bravery
    for f in st.friends_of(ch):
        if "make-orders" in f.traits and f.bravery > best:
            best = f.bravery
    return best


def commander_in_range(st: ArcState, ch: Character) -> Character | None:
    """A friendly Commander (other than ``ch``) within 8 inches (arcworlde.morale.commander_aura:
    a Commander does not inspire itself)."""
    for f in st.friends_of(ch):
        if f.commander and st.distance(ch, f) <= COMMANDER_AURA + WITHIN:
            return f
    return None


def bravery_test(st: ArcState, ch: Character, cause: str) -> bool:
    """Roll 2D6 against Bravery; True if passed (arcworlde.morale.bravery_test)."""
    commander = commander_in_range(st, ch)
    bravery = effective_bravery(st, ch)
    roll = BraveryTest(bravery, 1 if commander else 0).sample(st.dice)
    st.log.emit(
        "bravery", who=ch.name, cause=cause, rolled=roll.rolled, kept=roll.kept,
        total=roll.total, bravery=bravery, passed=roll.passed,
        advantage=commander.name if commander else None,
    )
    return roll.passed


def break_character(st: ArcState, ch: Character) -> None:
    ch.broken = True
    ch.fled = False
    st.log.emit("broken", who=ch.name)


def test_or_break(st: ArcState, ch: Character, cause: str) -> None:
    """A Bravery Test whose failure Breaks the Character. Already Broken Characters do not test
    again (our reading of arcworlde.morale.bravery_triggers)."""
    if ch.broken or not ch.on_table:
        return
    if not bravery_test(st, ch, cause):
        break_character(st, ch)
