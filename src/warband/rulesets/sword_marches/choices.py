"""The choices a Sword Marches player makes, as small frozen dataclasses recorded in game
records. Plain values are used where they suffice: a model's uid (order an Action Token, pick
a Break model, -1 for none), a player index (who starts), a string (where a Tactical Die goes).
"""

from __future__ import annotations

from warband.kit.choices import ChoiceSet, choice

__all__ = ["ACTIONS", "CODEC", "Act"]

#: the Actions a model may declare (sm.action.*, sm.trait.kingmaker, sm.trait.belay_order)
ACTIONS = ("move", "hustle", "ambush", "steady", "mobile_fire", "standing_fire", "take_aim",
           "charge", "stand_and_fight", "disengage", "kingmaker", "belay_order", "climb",
           "forfeit")
#: Actions with a Move component toward a point
MOVES = frozenset({"move", "hustle", "ambush", "mobile_fire"})

CODEC = ChoiceSet()


@choice(CODEC)
class Act:
    """Declare an Action (sm.actionphase.declaring): the acting model, the Action, its target
    model (-1: none) and, for Actions with a Move, the point it moves toward."""

    uid: int
    action: str
    target: int = -1
    x: float = 0.0
    y: float = 0.0
