"""The AIs when the Mildaark Forest's Joker hands them an enemy Commander for a Round
(arcworlde.environment.mildaark.card_joker): they waste its Activation."""

from __future__ import annotations

from typing import Any

from warband.rulesets.arcworlde import choices as C

__all__ = ["sabotage"]

#: the decisions of a Character's own Activation (the ones the Joker hands over)
ACTIVATION_KINDS = frozenset({
    "action", "choose_weapon", "disengage_move", "agile_reroll", "leg_it_move", "spell_draw",
    "spell_move", "summon_place", "narrative_move", "gobble_escape", "cache_item",
})


def sabotage(view: Any, decision: Any) -> Any | None:
    """The choice for a decision about an enemy Character, or None if the decision is about
    one of ours: end its Activation, let its Spell fail, leave it where it stands."""
    if decision.kind not in ACTIVATION_KINDS:
        return None
    uid = decision.info.get("character") if isinstance(decision.info, dict) else None
    if uid is None or view.chars[uid].side == decision.player:
        return None
    for wasted in (C.EndActivation(), C.SpellDraw("stop"), C.AgileReroll(False)):
        if wasted in decision.options:
            return wasted
    stay = [o for o in decision.options if isinstance(o, C.Move) and o.label == "stay"]
    return stay[0] if stay else decision.options[0]
