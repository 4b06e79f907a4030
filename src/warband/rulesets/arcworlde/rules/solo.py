"""Solo play rules that change the game, not just the Rogue's choices.

Rule ids: ``arcworlde.solo.delayed_arrival``, ``arcworlde.solo.deployment``.

With the option ``delayed_arrival`` set to a side (``a`` or ``b``: the Rogue Warband), that
side does not deploy at the start. At the start of each Round (after the forest's card,
before initiative) a D6 is rolled; on a 4+ the Rogue Warband arrives: its Characters are
placed one by one at its own table edge (its deployment zone, our reading of "a table edge or
Terrain feature as desired"). Until it arrives the game does not end for want of its
Characters. (Deploying within 6" of the edge opposite the players, arcworlde.solo.deployment,
is the ordinary deployment zone here.)
"""

from __future__ import annotations

import functools

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.setup import _placement_ok, carry_rider, deployment_points
from warband.rulesets.arcworlde.state import ArcState

__all__ = ["ARRIVAL_ON", "arrival_roll"]

#: the D6 result (or more) on which the delayed Rogue Warband arrives
ARRIVAL_ON = 4


def arrival_roll(st: ArcState) -> Steps:
    """Roll for the delayed Rogue Warband; on a 4+ place it at its table edge."""
    side = st.arriving
    if side is None:
        return
    roll = st.dice.d6()
    arrives = roll >= ARRIVAL_ON
    st.log.emit("arrival_roll", side=st.side_labels[side], roll=roll, arrives=arrives)
    if not arrives:
        return
    st.arriving = None
    while True:
        waiting = [c for c in st.chars if c.side == side and not c.deployed and not c.ko
                   and not c.held and not c.aboard]
        if not waiting:
            return
        options = [C.Place(c.uid, x, y) for c in waiting for x, y in deployment_points(st, c)]
        if not options:
            st.log.emit("no_room", side=st.side_labels[side])
            for c in waiting:
                c.ko = True
            return
        choice = yield Decision(
            "deploy", side, options, prompt="The Rogue Warband arrives: place a Character",
            accepts=functools.partial(_placement_ok, st, side),
        )
        ch = st.chars[choice.uid]
        ch.x, ch.y, ch.deployed = float(choice.x), float(choice.y), True
        st.log.emit("deploy", who=ch.name, at=[round(ch.x, 2), round(ch.y, 2)])
        carry_rider(st, ch)
