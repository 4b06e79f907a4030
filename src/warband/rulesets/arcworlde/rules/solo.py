"""Solo play rules that change the game, not just the Rogue's choices.

Rule ids: ``arcworlde.solo.delayed_arrival``, ``arcworlde.solo.deployment``,
``arcworlde.solo.overview`` (a side the Rogue rules play, with no player behind it).

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
from typing import Any

from warband.core.decisions import Decision, Reasoned
from warband.core.game import Steps
from warband.rulesets.arcworlde.rules.setup import _placement_ok, carry_rider, deployment_places
from warband.rulesets.arcworlde.state import ArcState, ArcView

__all__ = ["ARRIVAL_ON", "arrival_roll", "rogue_rules_answer"]

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
        options = [place for c in waiting for place in deployment_places(st, c)]
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


def rogue_rules_answer(st: ArcState, decision: Decision) -> tuple[bool, Any]:
    """Answer a decision of the forest's side (Mildaark cards 5 and K), which the Rogue
    Warband rules play (arcworlde.solo.overview): the Rogue interpreter decides from that
    side's view, its random choices drawn from the game's dice (so the game replays from its
    seed). ``(False, None)`` for any other side's decision: a player answers it."""
    side = st.forest_side
    if side is None or decision.player != side:
        return False, None
    if len(decision.options) == 1:
        return True, decision.options[0]
    rogue, rng = st.forest_ai
    choice = rogue.decide(ArcView(st, side), decision, rng)
    if isinstance(choice, Reasoned):
        if choice.reason:
            st.log.emit("reason", player=side, text=choice.reason)
        choice = choice.choice
    return True, choice
