"""How the heuristic AI handles Arcanite Tokens (arcworlde.arcanite.*) and the forest's finds
(a cache, a Fabled Artefact: it claims them when it touches them).

* It picks up Tokens it touches and steals them from Prone enemies (an Easy Feat with 2 dice:
  75%), and walks to Tokens as to objective markers (``heuristic._Context``).
* It spends a Token where it swings a roll: an extra Power die when it raises the chance to
  Knock the target Out by enough (exact Attack distributions), +1AP when that pays for the
  best Attack in reach; when attacked, an extra Defence die or a Defence re-roll, whichever
  lowers its chance to be Knocked Out more; the Spell uses are judged in ``magic_ai``.
* Its Commander's Tokens serve the whole warband, but a Character spends its own first and
  dips into the Commander's stash only for a bigger swing, so the stash lasts for the rolls
  that matter most.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.tactics import attack_score, damage_stats
from warband.rulesets.arcworlde.rules.arcanite import carried
from warband.rulesets.arcworlde.rules.combat import attack_mechanic, in_cover, ward
from warband.rulesets.arcworlde.state import Character

__all__ = ["arcanite_action", "extra_die_swing", "ward_decision"]

#: the rise in Knock Out chance an extra die must bring: own Token / the Commander's
SWING_OWN = 0.12
SWING_STASH = 0.2
#: ... and when the only Tokens at hand are found ones that score for the scenario
SWING_SCORING = 0.45


def _bought_at_hand(view: Any, ch: Character) -> bool:
    if ch.arcanite_bought:
        return True
    return any(c.arcanite_bought for c in view.chars
               if c.side == ch.side and c.commander and c.on_table)


def extra_die_swing(view: Any, ch: Character, attack: Any, target: Character) -> float:
    """How much one more Power die raises the chance to Knock ``target`` Out, plus a share of
    the extra expected Damage."""
    cover = in_cover(view, ch, target)
    mech = attack_mechanic(attack, target, cover, False)
    mean, kill = damage_stats(mech, target.hp)
    more = dataclasses.replace(mech, power=mech.power + 1)
    mean2, kill2 = damage_stats(more, target.hp)
    return (kill2 - kill) + (mean2 - mean) * 0.05


#: the kinds of choice :func:`arcanite_action` answers: a menu without any of them has no
#: Arcanite choice to weigh (most menus: the AI asks at every action decision)
_ARCANITE_KINDS = frozenset({C.ClaimArtefact, C.OpenCache, C.PickUpArcanite, C.StealArcanite,
                             C.PickUpItem, C.StealItem, C.UseArcanite})


def arcanite_action(view: Any, ch: Character, ap: int, by_type: dict[type, list[Any]]) -> Any:
    """An Arcanite choice worth making now, or None."""
    for kind in by_type:  # (any() over the menu's kinds, written out)
        if kind in _ARCANITE_KINDS:
            break
    else:
        return None  # (every look-up below would find nothing: the same None)
    for kind, dice in ((C.ClaimArtefact, 3), (C.OpenCache, 2), (C.PickUpArcanite, 2),
                       (C.StealArcanite, 2), (C.PickUpItem, 2), (C.StealItem, 2)):
        opts = by_type.get(kind)
        if opts:  # the forest's finds and Arcanite: worth an Easy (or Medium) Feat
            want = min(dice, ap)
            best = [o for o in opts if o.ap == want] or opts
            return best[0]
    uses = {o.use for o in by_type.get(C.UseArcanite, [])}
    if not uses:
        return None
    # a found Token that scores is spent only on a big swing; the Commander keeps its stash
    # for the warband (see _threshold)
    threshold = _threshold(view, ch)
    attacks = by_type.get(C.Attack, [])
    if attacks and "extra_die" in uses:
        best_swing = 0.0
        for o in attacks:
            attack = next(a for a in ch.usable_attacks() if a.name == o.attack and not a.ranged)
            if attack.ap is not None and attack.ap <= ap:
                best_swing = max(best_swing, extra_die_swing(view, ch, attack, view.chars[o.target]))
        if best_swing >= threshold:
            return C.UseArcanite("extra_die")
    if "ap" in uses and view.engaged_with(ch):
        # one AP short of a good Attack: buy it
        for attack in ch.usable_attacks():
            if attack.ranged or attack.ap is None or attack.ap != ap + 1:
                continue
            for e in view.engaged_with(ch):
                if attack_score(view, ch, attack, e, False) >= 3.0 + threshold * 10:
                    return C.UseArcanite("ap")
    return None


def ward_decision(view: Any, decision: Any) -> Any:
    """Spend a Token on the Defence (an extra die on the first Defence Roll, or a re-roll of
    the first failed one, whichever lowers the chance of being Knocked Out by this Attack
    more, by the exact Attack distributions) when it lowers that chance enough, by the same
    thresholds as for attacking; a Commander's own stash is kept for bigger swings when it has
    a warband to serve."""
    from warband.rulesets.arcworlde.rules.magic import book

    target: Character = view.chars[decision.info["character"]]
    attacker: Character = view.chars[decision.info["attacker"]]
    name = decision.info["attack"]
    attack = next((a for a in attacker.usable_attacks() if a.name == name), None)
    if attack is None:
        spell = next((s for s in book(view).spells.values() if s.name == name), None)
        if spell is None or not spell.power:
            return C.UseArcanite("decline")
        attack = spell.attack("flammable" in target.traits)
    cover = in_cover(view, attacker, target) if attack.ranged else False
    mech = attack_mechanic(attack, target, cover, False)
    _, kill = damage_stats(mech, target.hp)
    offered = [o.use for o in decision.options if o.use != "decline"]
    if not offered:
        return C.UseArcanite("decline")
    def after(use: str) -> tuple[float, float]:
        """(Knock Out chance, expected Damage) with the Token spent on ``use``."""
        mean, p_kill = damage_stats(ward(mech, use), target.hp)
        return p_kill, mean

    use = min(offered, key=after)  # the lowest Knock Out chance, then the least Damage
    kept_kill = after(use)[0]
    threshold = _threshold(view, target)
    worth = 1.0 + (1.0 if target.commander else 0.0)
    return C.UseArcanite(use if (kill - kept_kill) * worth >= threshold else "decline")


def _threshold(view: Any, ch: Character) -> float:
    threshold = SWING_OWN if carried(ch) > 0 else SWING_STASH
    if ch.commander and any(True for _ in view.friends_of(ch)):
        threshold = SWING_STASH  # the Commander's stash serves the warband
    if view.scenario.vp_per_arcanite and not _bought_at_hand(view, ch):
        threshold = SWING_SCORING
    return threshold
