"""Feats: one D6 per AP committed, Successes against a difficulty.

Rule ids: ``arcworlde.feat.attempt``, ``arcworlde.feat.difficulty``,
``arcworlde.action.stand_up``.
"""

from __future__ import annotations

from warband.rulesets.arcworlde.mechanics import FeatCheck, difficulty_name
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = ["attempt_feat", "help_up_difficulty"]


def attempt_feat(
    st: ArcState, ch: Character, ap: int, needed: int, purpose: str, advantage: int = 0,
    shot: bool = False,
) -> bool:
    """Roll a Feat for ``ch`` with ``ap`` dice; the AP is spent whatever the result
    (arcworlde.feat.attempt). Returns whether it succeeded."""
    if st.forest is not None:  # the Mildaark Forest's mist (10) and crystals (J)
        from warband.rulesets.arcworlde.rules.forest import apply_forest_feat_modifiers

        advantage = apply_forest_feat_modifiers(st, advantage, shot)
    extra = 0
    if ch.primed == "extra_die":  # an Arcanite Token spent on this roll (rules/arcanite.py)
        extra, ch.primed = 1, None
    roll = FeatCheck(ap + extra, needed, advantage).sample(st.dice)
    if st.log.enabled:  # (the simulator plays with the log off: no event to build)
        st.log.emit(
            "feat", who=ch.name, purpose=purpose, ap=ap + extra,
            difficulty=difficulty_name(needed), needed=needed, rolled=roll.rolled,
            kept=roll.kept, successes=roll.successes, success=roll.success,
            advantage=advantage,
        )
    return roll.success


def help_up_difficulty(helper: Character, prone: Character) -> int:
    """Helping a friend up is Easy if its base is no larger than the helper's, else Medium
    (arcworlde.action.stand_up)."""
    return 1 if prone.profile.base <= helper.profile.base else 2
