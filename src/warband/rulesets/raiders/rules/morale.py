"""Morale: tokens, tests, broken units, the Leader, Rally and Regroup; wounds and casualties.

Rule ids: ``raiders.morale.tokens``, ``raiders.morale.test_trigger``,
``raiders.morale.test_procedure``, ``raiders.morale.failure``, ``raiders.morale.broken_state``,
``raiders.ability.leader``, ``raiders.action.rally``, ``raiders.action.regroup``,
``raiders.core.casualty_removal``.

Readings:

* The Leader (raiders.ability.leader): a unit whose leader stands within 12" of the Lead
  Retinue's leader tests on the better of its own Morale and the Lead Retinue's, unless the
  Lead Retinue is broken. Higher Morale is better (a test fails on d10 + tokens >= Morale).
* A broken unit may Rally (a morale test; passing ends the broken state) and, by default, also
  Regroup (``Options.broken_may_regroup``); it cannot react (raiders.morale.broken_state).
"""

from __future__ import annotations

from warband.rulesets.raiders.mechanics import MoraleTest, casualties
from warband.rulesets.raiders.state import RaidersReader, RaidersState, Unit

__all__ = ["LEADER_RANGE", "apply_wounds", "morale_test", "morale_value"]

#: inches from the Lead Retinue's leader within which its Morale may be used
LEADER_RANGE = 12.0


def morale_value(st: RaidersReader, u: Unit) -> tuple[int, str | None]:
    """The Morale value ``u`` tests on, and the leader lending it (if any)."""
    own = u.profile.morale
    lead = st.lead_retinue(u.side)
    if (lead is not None and lead is not u and not lead.broken
            and lead.profile.morale > own and st.leader_distance(u, lead) <= LEADER_RANGE):
        return lead.profile.morale, lead.name
    return own, None


def morale_test(st: RaidersState, u: Unit, cause: str) -> bool:
    """Take a morale test (raiders.morale.test_procedure). Returns True if it is passed."""
    value, leader = morale_value(st, u)
    roll = MoraleTest(value, u.morale_tokens).sample(st.dice)
    st.log.emit("morale_test", who=u.name, cause=cause, face=roll.face, tokens=u.morale_tokens,
                total=roll.total, morale=value, leader=leader, passed=not roll.failed)
    return not roll.failed


def apply_wounds(st: RaidersState, u: Unit, wounds: int, cause: str,
                 by: Unit | None = None) -> int:
    """Wound ``u`` (raiders.core.casualty_removal): whole figures come off as the wounds reach
    their HP, the rest carry over; each figure removed gives a morale token
    (raiders.morale.tokens). Returns the figures removed."""
    if wounds <= 0 or not u.on_table:
        return 0
    before = (u.figures, u.wounds)
    removed, carried = casualties(wounds, u.wounds, u.profile.hp, u.figures)
    u.figures -= removed
    u.wounds = carried
    u.lost_this_turn += removed
    u.morale_tokens += removed
    if by is not None:
        by.wounds_dealt += wounds
        by.figures_killed += removed
    st.log.emit("wounds", who=u.name, wounds=wounds, cause=cause, removed=removed,
                figures=[before[0], u.figures], carried=[before[1], carried],
                tokens=u.morale_tokens)
    if u.figures <= 0:
        u.destroyed = True
        st.log.emit("destroyed", who=u.name)
    return removed
