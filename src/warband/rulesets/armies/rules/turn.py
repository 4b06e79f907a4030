"""One turn (armies.turn.sequence): Fleeing, Movement, Magic, Missile Fire, Melee, Morale."""

from __future__ import annotations

from warband.core.game import Steps
from warband.rulesets.armies.rules.fleeing import fleeing_phase
from warband.rulesets.armies.rules.magic import magic_phase
from warband.rulesets.armies.rules.melee import melee_phase
from warband.rulesets.armies.rules.missile import missile_phase
from warband.rulesets.armies.rules.morale import morale_phase
from warband.rulesets.armies.rules.movement import movement_phase
from warband.rulesets.armies.state import ArmiesState

__all__ = ["play_turn"]


def play_turn(st: ArmiesState) -> Steps:
    st.turn += 1
    st.log.emit("turn", turn=st.turn)
    for u in st.units:
        u.new_turn()
        for c in u.characters:
            c.cast_this_turn = False
    yield from fleeing_phase(st)
    yield from movement_phase(st)
    yield from magic_phase(st)
    yield from missile_phase(st)
    yield from melee_phase(st)
    yield from morale_phase(st)
