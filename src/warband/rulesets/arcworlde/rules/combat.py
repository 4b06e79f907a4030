"""Combat: Melee and Ranged Attacks, Cover, Armour, Damage, Knock Outs, Disengaging.

Rule ids: ``arcworlde.combat.attack_resolution``, ``arcworlde.combat.armour_value``,
``arcworlde.combat.cover``, ``arcworlde.combat.line_of_sight``,
``arcworlde.combat.melee_attack``, ``arcworlde.feat.take_shot``,
``arcworlde.feat.shot_friendly_fire``, ``arcworlde.combat.disengage``,
``arcworlde.combat.health_knock_out``, ``arcworlde.morale.bravery_triggers``.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from warband.core.dice import net_advantage
from warband.core.geometry import CONTACT, Table
from warband.rulesets.arcworlde.mechanics import DIFFICULTY, AttackMechanic, DefenceDie
from warband.rulesets.arcworlde.models import Attack, CharacterClass
from warband.rulesets.arcworlde.rules.bravery import KNOCK_OUT_RADIUS, WITHIN, test_or_break
from warband.rulesets.arcworlde.rules.creatures import (
    death_throes,
    dwindle,
    on_knock_out,
    pack_reroll,
)
from warband.rulesets.arcworlde.rules.feats import attempt_feat
from warband.rulesets.arcworlde.state import ArcState, ArcView, Character

__all__ = [
    "COVER_SHARE",
    "attack_mechanic",
    "defence_mode",
    "knock_out_scorer",
    "disengage",
    "disengage_difficulty",
    "in_cover",
    "knock_out",
    "lose_hp",
    "resolve_attack",
    "shoot",
    "shot_targets",
]

#: share of a model that terrain must hide for it to be in Cover (arcworlde.combat.cover)
COVER_SHARE = 0.5


def in_cover(st: ArcState | ArcView, attacker: Character, target: Character) -> bool:
    """Cover: at least half of the target is obscured by terrain as seen from the attacker; a
    rider on its Monstrous Mount is always in Cover (arcworlde.trait.monstrous_mount). ``st``:
    the state, or a player's view (the AIs ask)."""
    if target.aboard:
        return True
    table: Table = st.table  # (typed: compiled, ``table.sight`` is a direct call)
    sight = table.sight(attacker.x, attacker.y, attacker.r, target.x, target.y, target.r)
    return sight.hidden >= COVER_SHARE


def defence_mode(cover: bool, target: Character) -> int:
    """Defence Rolls are at Advantage in Cover and at Disadvantage when Prone
    (arcworlde.core.prone) or Broken (arcworlde.morale.broken_in_melee); both cancel."""
    return net_advantage(cover, target.prone or target.broken)


def attack_mechanic(
    attack: Attack, target: Character, cover: bool, charged: bool
) -> AttackMechanic:
    """The dice mechanic of ``attack`` against ``target`` in the current situation.
    Mechanics are frozen, so one is shared by every Attack with the same numbers (the AIs
    ask for thousands a game, and making one costs more than finding it)."""
    # (defence_mode(cover, target), that is net_advantage's -1, 0 or +1, written out: the
    # AIs ask for some 600 mechanics a game)
    key = (attack.power + (attack.charge_power if charged else 0), target.armour,
           (1 if cover else 0) - (1 if target.prone or target.broken else 0),
           attack.crit_ignores_armour, attack.ignores_armour,
           1 if "shield" in target.traits else 0)
    mech = _MECHANICS.get(key)
    if mech is None:
        power, armour, defence, crit_ignores_armour, ignores_armour, defence_rerolls = key
        if len(_MECHANICS) > 4096:
            _MECHANICS.clear()
        mech = _MECHANICS[key] = AttackMechanic(
            power=power, armour=armour, defence=defence, crit_ignores_armour=crit_ignores_armour,
            ignores_armour=ignores_armour, defence_rerolls=defence_rerolls,
        )
    return mech


_MECHANICS: dict[tuple[int, int, int, bool, bool, int], AttackMechanic] = {}


def ward(mech: AttackMechanic, use: str) -> AttackMechanic:
    """``mech`` with an Arcanite Token spent on the Defence (arcworlde.arcanite.using):
    ``"defence_die"`` adds a die to the first Defence Roll, ``"ward"`` re-rolls the first failed
    one. One function for play and for the AI's estimate of what a Token is worth."""
    if use == "defence_die":
        return dataclasses.replace(mech, defence_extra=mech.defence_extra + 1)
    return dataclasses.replace(mech, defence_rerolls=mech.defence_rerolls + 1)


def extra_defence_dice(defence: list[DefenceDie]) -> dict[str, Any]:
    """The Arcanite extra dice of a Defence Roll chain, for the log (left out when none, so
    the events of games without them are unchanged)."""
    if not any(d.extra_rolled for d in defence):
        return {}
    return {"defence_extra": [list(d.extra_rolled) for d in defence]}


def resolve_attack(
    st: ArcState, attacker: Character, attack: Attack, target: Character, charged: bool,
    stray: bool = False, cover: bool | None = None,
) -> int:
    """Resolve one Attack: Power dice, Armour, Defence Rolls, Damage, Crit effects.
    Returns the Damage dealt. ``cover`` overrides the line-of-sight Cover test (a magical
    blast ignores line of sight: no Cover)."""
    if cover is None:
        cover = in_cover(st, attacker, target)
    mech = attack_mechanic(attack, target, cover, charged)
    if attacker.primed is not None:  # an Arcanite Token spent on this roll (rules/arcanite.py)
        mech = dataclasses.replace(
            mech, power=mech.power + (attacker.primed == "extra_die"),
            rerolls=mech.rerolls + (attacker.primed == "reroll"))
        attacker.primed = None
    if target.warded is not None:  # a Token spent against this Attack (rules/arcanite.py)
        mech = ward(mech, target.warded)
        target.warded = None
    if pack_reroll(st, attacker, attack.name, target):  # arcworlde.trait.pack_hunter
        mech = dataclasses.replace(mech, rerolls=mech.rerolls + 1)
    if death_throes(st, attacker):  # re-roll a failed Power die (arcworlde.trait.death_throes)
        mech = dataclasses.replace(mech, rerolls=mech.rerolls + 1)
    if death_throes(st, target):  # ... or a failed Defence Roll
        mech = dataclasses.replace(mech, defence_rerolls=mech.defence_rerolls + 1)
    roll = mech.sample(st.dice)
    hp_before = target.hp
    target.hp = max(0, target.hp - roll.damage)
    attacker.damage_dealt += roll.damage
    if st.log.enabled:  # (the simulator plays with the log off: no event to build)
        st.log.emit(
            "attack", who=attacker.name, target=target.name, attack=attack.name,
            power=mech.power, ranged=attack.ranged, stray=stray,
            charged=charged and attack.charge_power > 0, dice=roll.power_dice, hits=roll.hits,
            crits=roll.crits, armour=target.armour, blocked=roll.armour_blocked, cover=cover,
            defence_mode=mech.defence, defence=[list(d.rolled) for d in roll.defence],
            defended=roll.defended, damage=roll.damage, hp=[hp_before, target.hp],
            **extra_defence_dice(roll.defence),
        )
    if target.hp <= 0:
        knock_out(st, target, attacker)
        return roll.damage
    if roll.damage:
        dwindle(st, target)
    if roll.crits:
        if attack.crit_reduce_ap:
            # "This does not stack": a second Crit does not take more AP.
            target.ap_penalty = max(target.ap_penalty, attack.crit_reduce_ap)
            st.log.emit("ap_reduced", who=target.name, by=attack.crit_reduce_ap)
        if attack.crit_breaks_armour and target.armour > 0:
            target.armour -= 1
            st.log.emit("armour_broken", who=target.name, armour=target.armour)
        if attack.crit_knocks_prone and not target.prone:
            target.prone = True
            target.prone_round = st.round
            st.log.emit("prone", who=target.name, cause=attack.name)
    return roll.damage


def knock_out_scorer(st: ArcState, victim: Character, by: Character | None) -> int | None:
    """The player's side that scores the Victory Points for Knocking Out ``victim``
    (arcworlde.scenario.victory_points): the side of the enemy who did it; with two players,
    a Knock Out by anything else (a fall, the forest, a friend, the forest's Creatures) scores
    for the other player, as it always did; with three or more, nobody scores it (our reading:
    no one player earned it). The forest's Creatures never score: they are not a player."""
    if by is not None and by.side != victim.side and by.side in st.player_sides():
        return by.side
    if st.players == 2 and victim.side in st.player_sides():
        return 1 - victim.side
    return None


def knock_out(st: ArcState, victim: Character, by: Character | None) -> None:
    """Knock Out ``victim``: remove it, award Victory Points, and have friends within 3 inches
    (measured before removal) take a Bravery Test."""
    if victim.gobbled_by is not None:  # inside its Gobbler: that is where it falls
        inside = st.by_uid(victim.gobbled_by)
        victim.x, victim.y = inside.x, inside.y
    testers = [f for f in st.friends_of(victim)
               if st.distance(victim, f) <= KNOCK_OUT_RADIUS + WITHIN
               and f.uid != victim.mount_uid]  # its mount tests by the Monstrous Mount rule
    if victim.arcanite or victim.arcanite_bought:
        from warband.rulesets.arcworlde.rules.arcanite import drop_tokens

        drop_tokens(st, victim)
    if any(e.kind == "item" for e in victim.equipment):
        from warband.rulesets.arcworlde.rules.items import drop_on_knock_out

        drop_on_knock_out(st, victim)
    victim.hp = 0
    victim.ko = True
    scen = st.scenario
    if scen.knock_out_vp == "cost":
        vp = victim.cost
    else:
        vp = scen.vp_per_knock_out + (scen.vp_commander_bonus if victim.commander else 0)
    scorer = knock_out_scorer(st, victim, by)
    if scorer is not None:
        st.vp_knock_outs[scorer] += vp
    if by is not None and by.side != victim.side:
        by.knock_outs += 1
        if (CharacterClass.SWORD_FOR_HIRE in victim.profile.classes
                and by.profile.id == victim.profile.id):
            # Imposter! There can be only one: +1AP for the rest of the game
            # (arcworlde.hire.imposter; it stacks with three or more players).
            by.ap += 1
            st.log.emit("imposter", who=by.name, victim=victim.name, ap=by.ap)
    st.log.emit("knock_out", who=victim.name, by=by.name if by else None, vp=vp,
                side=None if scorer is None else st.side_labels[scorer])
    on_knock_out(st, victim)  # Gobble, Monstrous Mount (rules/creatures.py)
    for friend in testers:
        test_or_break(st, friend, f"{victim.name} was Knocked Out nearby")


def lose_hp(st: ArcState, ch: Character, amount: int, cause: str, by: Character | None) -> None:
    """Direct HP loss (no Armour, no Defence Roll)."""
    before = ch.hp
    ch.hp = max(0, ch.hp - amount)
    st.log.emit("hp_loss", who=ch.name, amount=amount, cause=cause, hp=[before, ch.hp])
    if ch.hp <= 0:
        knock_out(st, ch, by)
    else:
        dwindle(st, ch)


def shot_targets(st: ArcState | ArcView, shooter: Character, attack: Attack) -> list[Character]:
    """Enemies within range (base edge to base edge) and at least partly visible
    (arcworlde.feat.take_shot, arcworlde.combat.line_of_sight). ``st``: the state, or a
    player's view (the AIs ask)."""
    assert attack.range is not None
    out = []
    x, y, r, hypot = shooter.x, shooter.y, shooter.r, math.hypot
    far = attack.range + 1e-9
    table: Table = st.table  # (typed: compiled, ``table.sight`` is a direct call)
    for enemy in st.enemies_of(shooter):
        # (st.distance(shooter, enemy) written out: the same float expression)
        if hypot(enemy.x - x, enemy.y - y) - r - enemy.r > far:
            continue
        if table.sight(x, y, r, enemy.x, enemy.y, enemy.r).visible:
            out.append(enemy)
    return out


def stray_victim(st: Any, shooter: Character, target: Character) -> Character | None:
    """The friend a failed Shot at ``target`` hits instead: of the shooter's friends in base
    contact with the target, the nearest to the shooter (of two as near, the first placed);
    None when no friend touches it (arcworlde.feat.shot_friendly_fire)."""
    # friends_of(shooter) and in_contact(f, target), written out (the AIs ask it for every
    # Shot they weigh): the same Characters in the same order, the same float expression
    side, tx, ty, tr, hypot = shooter.side, target.x, target.y, target.r, math.hypot
    chars: list[Character] = st.chars  # (typed: compiled, the fields are read directly)
    friends: list[Character] = [
        f for f in chars if f.side == side and f is not shooter and f.on_table
        and hypot(tx - f.x, ty - f.y) - f.r - tr <= CONTACT]
    if not friends:
        return None
    return min(friends, key=lambda f: (st.distance(shooter, f), f.uid))


def shoot(st: ArcState, shooter: Character, attack: Attack, target: Character, ap: int) -> None:
    """Take a Shot: a Feat (Easy unless the Attack says otherwise); on a success resolve the
    Attack. A failed Shot at a target in base contact with the shooter's friends hits the one
    of them nearest the shooter instead (arcworlde.feat.shot_friendly_fire)."""
    if attempt_feat(st, shooter, ap, DIFFICULTY[attack.shot], f"shoot {attack.name} at {target.name}",
                    shot=True):
        resolve_attack(st, shooter, attack, target, charged=False)
        return
    victim = stray_victim(st, shooter, target)
    if victim is not None:
        st.log.emit("stray_shot", who=shooter.name, target=target.name, hit=victim.name)
        resolve_attack(st, shooter, attack, victim, charged=False, stray=True)
    else:
        st.log.emit("miss", who=shooter.name, target=target.name)


def disengage_difficulty(enemies: int) -> int:
    """Easy against one enemy, one step harder for each extra enemy in base contact
    (arcworlde.combat.disengage); beyond Legendary each enemy adds a Success (our reading)."""
    return max(1, enemies)


def disengage(st: ArcState, ch: Character, ap: int) -> bool:
    """Attempt to Disengage. On a failure the Character loses 1HP per enemy in contact."""
    enemies = st.engaged_with(ch)
    needed = disengage_difficulty(len(enemies))
    if attempt_feat(st, ch, ap, needed, "disengage"):
        st.log.emit("disengaged", who=ch.name)
        return True
    lose_hp(st, ch, len(enemies), "failed to Disengage", enemies[0] if enemies else None)
    return False
