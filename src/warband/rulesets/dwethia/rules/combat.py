"""Shooting, close combat, wounds, saves, Opportunity Attacks, retreats and Affinity powers.

Every roll goes through :mod:`warband.rulesets.dwethia.mechanics` (the module the odds engine
answers from), so play and ``warband odds dwethia`` share one definition of each mechanic.

Destiny re-rolls (dwethia.destiny.rerolls, dwethia.dice.rerolls, dwethia.destiny.conflict): after
each roll the owner of the dice sees them and decides how many failed dice to re-roll, all
declared together, each die at most once (the attacker on attack and wound dice, the defender on
saves); the mechanic's stages (``steps``) ask, so the rules of the roll are written once. Destiny
never touches priority or resistance rolls (dwethia.destiny.limits).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

from warband.core.decisions import Decision
from warband.rulesets.dwethia import mechanics as m
from warband.rulesets.dwethia.choices import NOBODY, GroupRetreat, Pick, Place, Retreat
from warband.rulesets.dwethia.models import Power, Weapon
from warband.rulesets.dwethia.rules import objectives as obj
from warband.rulesets.dwethia.rules.measure import (
    LONG_DISTANCE,
    Sight,
    adjacent,
    can_see,
    coherent,
    engaged_with,
    reachable,
    sight,
    spaces,
)
from warband.rulesets.dwethia.state import DwethiaState, Hero

__all__ = ["arv", "cast", "fight", "melee_mechanic", "opportunity_attacks", "retreat_move",
           "save_of", "shoot", "shot_defense", "shot_mechanic", "targets_for"]

Steps = Generator[Any, Any, None]
RETREAT_SPACES = 3
FAITH_RANGE = 10
MELEE_FIRE_PENALTY = 3


def save_of(h: Hero) -> int | None:
    """The model's save, improved by 1 after a Defensive Move (dwethia.move.defensive)."""
    s = h.profile.save
    if s is None:
        return None
    return max(2, s - 1) if h.defensive else s


def shot_defense(st: DwethiaState, target: Hero) -> int:
    """Defense against a shot: plus the target's (positive) Integrity if it, or an ally in
    coherency within range 2, carries a shield (dwethia.shoot.shield_integrity)."""
    d = target.defense
    shielded = target.profile.shield or (bool(coherent(st, target)) and any(
        f.profile.shield for f in st.heroes
        if f is not target and f.on_table and f.side == target.side and spaces(st, target, f) <= 2))
    return d + max(0, target.stat("integrity")) if shielded else d


R = TypeVar("R")


def rerolls(st: DwethiaState, steps: Generator[m.RerollAsk, int, R], attacker: Hero,
            defender: Hero) -> Generator[Any, Any, R]:
    """Drive a mechanic's stages, asking the owner of the dice after each roll how many failed
    dice to re-roll with Destiny (dwethia.destiny.rerolls): the attacker for attack and wound
    dice, the defender for saves. Each roll's dice belong to one side, so the priority order of
    dwethia.destiny.conflict never has to break a tie. The Destiny is paid here."""
    try:
        ask = next(steps)
        while True:
            who = defender if ask.stage == "save" else attacker
            n = yield Decision(
                "reroll_" + ask.stage, who.side, list(range(ask.most + 1)),
                f"{who.name}: {ask.stage} dice {list(ask.dice)} needing {ask.needed}+;"
                " spend Destiny to re-roll failed dice?",
                info={"hero": who.uid, "policy": ask.policy, "stage": ask.stage})
            who.destiny -= int(n)
            ask = steps.send(int(n))
    except StopIteration as stop:
        result: R = stop.value
        return result


def wound(st: DwethiaState, attacker: Hero, victim: Hero, unsaved: int, how: str,
          risky: tuple[int, int] | None = None) -> Steps:
    """Apply unsaved wounds (dwethia.combat.casualties), after any Ignore Wounds roll
    (dwethia.combat.ignore_wounds); a slain model with a [Quick Shot] weapon fires first
    (dwethia.weapon.quick_shot)."""
    if unsaved <= 0 or victim.slain:
        return
    if victim.profile.ignore_wounds:
        rolled, unsaved = m.IgnoreWounds(unsaved).sample(st.dice)
        st.log.emit("ignore_wounds", hero=victim.name, dice=rolled, stand=unsaved)
        if unsaved <= 0:
            return
    taken = min(unsaved, victim.wounds)
    victim.wounds -= taken
    attacker.damage_dealt += taken
    obj.on_wound(st, attacker, victim)
    st.log.emit("wounded", hero=victim.name, by=attacker.name, wounds=taken, left=victim.wounds)
    if victim.wounds > 0:
        return
    victim.slain = True
    st.log.emit("slain", hero=victim.name, by=attacker.name, how=how,
                side=st.side_labels[victim.side])
    if st.casualties is not None and how in RANGED_KILLS:
        # removed with the phase's other ranged casualties when the phase ends
        victim.fallen = True
        st.casualties.append(victim)
    obj.on_kill(st, attacker, victim, how, risky)
    quick = [w for w in victim.profile.ranged if "quick_shot" in w.keywords]
    if quick and not attacker.slain:
        w = quick[0]
        victim.slain = False  # fires before it is removed
        if _can_target(st, victim, w, attacker, engaged_ok=True):
            st.log.emit("quick_shot", hero=victim.name, target=attacker.name)
            yield from shoot(st, victim, w, attacker, melee=False, redirect=False)
        victim.slain = True


#: how a ranged attack kills (``wound``'s ``how``): these casualties wait for the phase's end
RANGED_KILLS = frozenset({"shot", "grenade", "black_sun", "spell"})


def collect_casualties(st: DwethiaState) -> None:
    """Open a phase whose ranged casualties are removed together at its end
    (dwethia.combat.casualties)."""
    st.casualties = []


def remove_casualties(st: DwethiaState) -> None:
    """The phase ends: every model its ranged attacks slew leaves the table together
    (dwethia.combat.casualties). Until now each stood where it fell - In the Way of later
    shots, but slain: no target, no wound, no action."""
    fallen, st.casualties = st.casualties or [], None
    if not fallen:
        return
    for h in fallen:
        h.fallen = False
    st.log.emit("casualties_removed", heroes=[h.name for h in fallen])


def _can_target(st: DwethiaState, h: Hero, w: Weapon, t: Hero, engaged_ok: bool = False) -> bool:
    if not t.on_table or t.side == h.side:
        return False
    d = spaces(st, h, t)
    arc = "arc" in w.keywords
    if d > (3 * w.range if arc else w.range):
        return False
    return arc or can_see(st, h, t)


def targets_for(st: DwethiaState, h: Hero, w: Weapon) -> list[Hero]:
    """Enemies ``h`` may shoot with ``w``: in range (three times for [Arc]) and seen (not
    needed for [Arc]); a faction without permission may not shoot at enemies engaged with its
    own models (dwethia.shoot.targets_in_combat)."""
    from warband.rulesets.dwethia.catalogue import catalogue

    out = []
    fac: Any = None
    looked_up = False  # the faction read only when a target is in combat with a friend
    for t in st.heroes:
        if not _can_target(st, h, w, t):
            continue
        if st.factions and any(f.side == h.side for f in engaged_with(st, t)):
            if not looked_up:
                fac, looked_up = catalogue().factions.get(st.factions[h.side]), True
            if fac is not None and not fac.shoot_into_combat:
                continue
        out.append(t)
    return out


def _redirect(st: DwethiaState, shooter: Hero, w: Weapon | None, target: Hero,
              reach: int) -> Generator[Any, Any, Hero]:
    """The defender picks which model of a coherent group takes the shot
    (dwethia.shoot.target_selection_coherency)."""
    group = [target] + [f for f in coherent(st, target)
                        if spaces(st, shooter, f) <= reach and can_see(st, shooter, f)]
    if len(group) == 1:
        return target
    pick = yield Decision("redirect", target.side, [Pick(g.uid) for g in group],
                         f"{shooter.name} shoots at {target.name}: which model takes the shot?",
                         info={"shooter": shooter.uid})
    chosen: Hero = st.heroes[pick.uid]
    return chosen


def shoot(st: DwethiaState, h: Hero, w: Weapon, target: Hero, melee: bool,
          redirect: bool = True) -> Steps:
    """One shot (dwethia.shoot.attack_roll): Perception + Strength against Defense on the
    chart, less In the Way, Cover, Long Distance, -3 when firing in combat; [Arc] lobbed shots
    need a 6; [Blast N] rolls against every model within N rings; friendly fire when the target
    is engaged with the shooter's friends (dwethia.shoot.targets_in_combat)."""
    if redirect:
        reach = 3 * w.range if "arc" in w.keywords else w.range
        target = yield from _redirect(st, h, w, target, reach)
    yield from _ranged(st, h, target, w.strength, w, melee,
                       "grenade" if "grenade" in w.keywords else
                       "black_sun" if "black_sun" in w.keywords else "shot")


def shot_mechanic(st: DwethiaState, h: Hero, target: Hero, strength: int, w: Weapon | None,
                  melee: bool) -> tuple[m.RangedAttack, Sight, list[Hero]]:
    """The shot as the shared mechanic rolls it (dwethia.shoot.attack_roll): Perception less
    In the Way, Cover and Long Distance (or a lobbed [Arc] shot needing a 6), -3 when firing in
    combat, against Defense with the shield rule; the save (none yet when the target is
    engaged with the shooter's friends: friendly fire is rolled first). Also the sight and
    those friends. The game and the web board's odds both call it."""
    view = sight(st, h, target)
    lobbed = w is not None and "arc" in w.keywords and (
        not view.visible or view.distance > w.range)
    penalty = (0 if lobbed else view.penalty) + (MELEE_FIRE_PENALTY if melee else 0)
    friends_in_fight = [f for f in engaged_with(st, target) if f.side == h.side and f is not h]
    own_side = target.side == h.side
    mech = m.RangedAttack(1, h.stat("perception"), strength, shot_defense(st, target), penalty,
                          None if friends_in_fight else save_of(target), h.destiny,
                          0 if friends_in_fight or own_side else target.destiny,
                          st.options.chart, lobbed)
    return mech, view, friends_in_fight


def melee_mechanic(st: DwethiaState, h: Hero, target: Hero) -> m.MeleeAttack:
    """The fight as the shared mechanic rolls it (dwethia.melee.attack_dice, arv, wound_roll,
    dwethia.combat.saves): the game and the web board's odds both call it."""
    return m.MeleeAttack(h.stat("aggression"), arv(st, h, target), arv(st, target, h),
                         h.stat("strength") + h.profile.melee.strength, target.defense,
                         save_of(target), h.destiny, "mean", 1, target.destiny,
                         st.options.chart)


def _ranged(st: DwethiaState, h: Hero, target: Hero, strength: int, w: Weapon | None,
            melee: bool, how: str) -> Steps:
    mech, view, friends_in_fight = shot_mechanic(st, h, target, strength, w, melee)
    penalty, lobbed, save = mech.cover, mech.lobbed, save_of(target)
    if view.cover + (view.distance > LONG_DISTANCE) >= 5:  # dwethia.objective.ghost
        obj.achieve(st, target.side, "ghost", target)
    roll = yield from rerolls(st, mech.steps(st.dice), h, target)
    st.log.emit("shot", hero=h.name, target=target.name, uid=h.uid, target_uid=target.uid,
                weapon=w.name if w else "spell",
                needed=mech.wound_needed, penalty=penalty, lobbed=lobbed,
                dice=roll.wound_dice, rerolls=roll.wound_rerolls, wounds=roll.wounds,
                saves=roll.save_dice, save_rerolls=roll.save_rerolls, unsaved=roll.unsaved)
    if friends_in_fight and roll.wounds:
        side_die = st.dice.d6()
        if side_die <= 3:
            victim = friends_in_fight[0]
            if len(friends_in_fight) > 1:
                pick = yield Decision("friendly_fire", h.side,
                                      [Pick(f.uid) for f in friends_in_fight],
                                     "The shot strikes your own model: which one?")
                victim = st.heroes[pick.uid]
            st.log.emit("friendly_fire", hero=h.name, die=side_die, victim=victim.name)
            again = m.RangedAttack(1, h.stat("perception"), strength, shot_defense(st, victim),
                                   penalty, save_of(victim), 0, 0, st.options.chart, lobbed)
            hit = yield from rerolls(st, again.steps(st.dice), h, victim)
            st.log.emit("shot", hero=h.name, target=victim.name, uid=h.uid,
                        target_uid=victim.uid, weapon="friendly fire",
                        needed=again.wound_needed, penalty=penalty, lobbed=lobbed,
                        dice=hit.wound_dice, rerolls=[], wounds=hit.wounds, saves=hit.save_dice,
                        save_rerolls=[], unsaved=hit.unsaved)
            yield from wound(st, h, victim, hit.unsaved, how)
            return
        st.log.emit("friendly_fire", hero=h.name, die=side_die, victim=None)
        saved = yield from rerolls(st, m.SaveRoll(roll.wounds, save, target.destiny).steps(
            st.dice), h, target)
        st.log.emit("saves", hero=target.name, dice=saved[0], rerolls=saved[1],
                    unsaved=saved[2])
        obj.on_save(st, target, roll.wounds - saved[2])
        yield from wound(st, h, target, saved[2], how)
    else:
        obj.on_save(st, target, roll.saved)
        yield from wound(st, h, target, roll.unsaved, how)
    if w is not None and w.blast and roll.wounds:
        yield from _blast(st, h, w, target, strength, penalty, lobbed, how)


def _blast(st: DwethiaState, h: Hero, w: Weapon, centre: Hero, strength: int, penalty: int,
           lobbed: bool, how: str) -> Steps:
    """[Blast N] (dwethia.weapon.blast): a wound roll against every other model within N rings
    of the target, friends included; with a shield among them every affected model may save,
    at the best shield's save if it has none of its own."""
    hit = [o for o in st.heroes if o.on_table and o is not centre
           and spaces(st, centre, o) <= w.blast]
    shield = min((save_of(o) or 6 for o in hit + [centre] if o.profile.shield), default=None)
    for o in hit:
        own = save_of(o)
        save = own if shield is None else min(own or 7, shield)
        mech = m.RangedAttack(1, h.stat("perception"), strength, o.defense, penalty, save, 0,
                              o.destiny if o.side != h.side else 0, st.options.chart, lobbed)
        roll = yield from rerolls(st, mech.steps(st.dice), h, o)
        st.log.emit("blast", hero=h.name, target=o.name, uid=h.uid, target_uid=o.uid,
                    needed=mech.wound_needed,
                    dice=roll.wound_dice, saves=roll.save_dice, unsaved=roll.unsaved)
        obj.on_save(st, o, roll.saved)
        yield from wound(st, h, o, roll.unsaved, how)


# ----------------------------------------------------------------------------- melee
def _fight_side(st: DwethiaState, fighter: Hero, foe: Hero) -> list[Hero]:
    """Models of ``fighter``'s side in the fight: itself and friends next to ``foe``."""
    return [fighter] + [f for f in st.heroes if f is not fighter and f.on_table
                        and f.side == fighter.side and adjacent(st, f, foe)]


def arv(st: DwethiaState, fighter: Hero, foe: Hero) -> int:
    """Attack Roll Value (dwethia.melee.arv, dwethia.melee.coherency_support,
    dwethia.core.negative_integrity): the highest Martial of the side's models in the fight;
    when they are in coherency with friends within range 2, plus the highest Integrity among
    that group and minus its most negative Integrity."""
    side = _fight_side(st, fighter, foe)
    group = list(side)
    for f in st.heroes:
        if f.on_table and f.side == fighter.side and f not in group and any(
                spaces(st, f, g) <= 2 for g in side) and any(adjacent(st, f, g) for g in
                                                             group + coherent(st, f)):
            group.append(f)
    value = max(h.stat("martial") for h in side)
    if len(group) >= 2 and any(coherent(st, g) for g in group):
        integrities = [g.stat("integrity") for g in group]
        value += max(0, max(integrities)) + min(0, min(integrities))
    return value


def fight(st: DwethiaState, h: Hero, target: Hero) -> Steps:
    """Fight (dwethia.melee.attack_dice, arv, wound_roll, dwethia.combat.saves): Aggression
    dice on the ARV chart, wounds on Strength (model + weapon) against Defense, saves per
    wound; then the retreats after combat, attacker first (dwethia.melee.post_combat_retreat)."""
    mech = melee_mechanic(st, h, target)
    a_arv, d_arv, save = mech.attacker_arv, mech.defender_arv, mech.save
    risky = (len(_fight_side(st, h, target)), len(_fight_side(st, target, h)))
    roll = yield from rerolls(st, mech.steps(st.dice), h, target)
    st.log.emit("melee", hero=h.name, target=target.name, uid=h.uid, target_uid=target.uid,
                arv=a_arv, target_arv=d_arv,
                hit_on=mech.hit_needed, wound_on=mech.wound_needed, save_on=save,
                hit_dice=roll.hit_dice, hit_rerolls=roll.hit_rerolls, hits=roll.hits,
                wound_dice=roll.wound_dice, wound_rerolls=roll.wound_rerolls, wounds=roll.wounds,
                saves=roll.save_dice, save_rerolls=roll.save_rerolls, unsaved=roll.unsaved)
    obj.on_save(st, target, roll.saved)
    yield from wound(st, h, target, roll.unsaved, "melee", risky)
    # retreats after combat (dwethia.melee.post_combat_retreat): the attacking side first, then
    # the defending side; each may move its whole coherent group as one block, or else retreat
    # chosen models one by one
    for side_of in (h, target):
        movers = [mv for mv in _fight_side(st, side_of, target if side_of is h else h)
                  if mv.on_table and engaged_with(st, mv)]
        if not movers:
            continue
        group = coherent_group(st, movers)
        if len(group) >= 2 and (yield from group_retreat(st, group)):
            continue
        for mover in movers:
            if mover.on_table and engaged_with(st, mover):
                yield from retreat_move(st, mover, optional=True)


def coherent_group(st: DwethiaState, models: list[Hero]) -> list[Hero]:
    """``models`` and every friend linked to them through coherency (next to one of them, or
    next to a friend that is): the group that may retreat together."""
    group = list(models)
    i = 0
    while i < len(group):
        for f in coherent(st, group[i]):
            if f not in group:
                group.append(f)
        i += 1
    return sorted(group, key=lambda g: g.uid)


def group_moves(st: DwethiaState, group: list[Hero]) -> list[GroupRetreat]:
    """The block moves open to a coherent group (dwethia.melee.post_combat_retreat): one
    offset for all, at most 3 spaces, each model's new place a retreat it could make alone
    with the others lifted (up to 3 spaces of movement, ending not next to an enemy)."""
    lifted = frozenset(g.uid for g in group)
    ends = [reachable(st, g, RETREAT_SPACES, retreat=True, lifted=lifted) for g in group]
    first, rest = group[0], list(zip(group[1:], ends[1:], strict=True))
    out = []
    for (x, y) in sorted(ends[0]):
        dx, dy = x - first.x, y - first.y
        if all((g.x + dx, g.y + dy) in reach for g, reach in rest):
            out.append(GroupRetreat(dx, dy))
    return out


def group_retreat(st: DwethiaState, group: list[Hero]) -> Generator[Any, Any, bool]:
    """Offer the group's player to retreat the whole coherent group as one block; True if it
    did. Every enemy that had one of them in reach and stays makes its Opportunity Attacks on
    that model after the move (dwethia.melee.opportunity_attack)."""
    options = group_moves(st, group)
    if not options:
        return False
    side = group[0].side
    choice = yield Decision("group_retreat", side, [False, *options],
                            "Retreat the whole coherent group together?",
                            info={"heroes": [g.uid for g in group]})
    if not isinstance(choice, GroupRetreat):
        return False
    threats = {g.uid: [e for e in st.heroes if e.on_table and e.side != side
                       and spaces(st, e, g) <= e.profile.melee.reach] for g in group}
    st.log.emit("group_retreat", heroes=[g.name for g in group], dx=choice.dx, dy=choice.dy)
    for g in group:
        frm = [g.x, g.y]
        g.x, g.y = g.x + choice.dx, g.y + choice.dy
        st.log.emit("retreat", hero=g.name, uid=g.uid, frm=frm, x=g.x, y=g.y)
        obj.after_move(st, g)
    for g in group:
        yield from opportunity_attacks(st, g, threats[g.uid])
    return True


def opportunity_attacks(st: DwethiaState, mover: Hero, enemies: list[Hero]) -> Steps:
    """Opportunity Attacks (dwethia.melee.opportunity_attack): every stationary enemy that had
    the retreating model in reach rolls its Aggression in dice; each 6 wounds; saves apply."""
    enemies = [e for e in enemies if e.on_table]
    if not enemies or not mover.on_table:
        return
    dice = sum(e.stat("aggression") for e in enemies)
    attacker = max(enemies, key=lambda e: e.stat("aggression"))
    mech = m.OpportunityAttack(dice, save_of(mover), mover.destiny)
    roll = yield from rerolls(st, mech.steps(st.dice), attacker, mover)
    st.log.emit("opportunity", hero=mover.name, by=[e.name for e in enemies], dice=roll.wound_dice,
                wounds=roll.wounds, saves=roll.save_dice, unsaved=roll.unsaved)
    obj.on_save(st, mover, roll.saved)
    yield from wound(st, attacker, mover, roll.unsaved, "opportunity")


def retreat_move(st: DwethiaState, h: Hero, optional: bool,
                 opportunity_first: bool = False) -> Steps:
    """Retreat up to 3 spaces, ending at least one space from every enemy (not next to one);
    if no such space exists the model stays locked in combat. Enemies that had it in reach
    make Opportunity Attacks (before the move for the Retreat option, after it for the retreat
    after combat)."""
    threats = [e for e in st.heroes if e.on_table and e.side != h.side
               and spaces(st, e, h) <= e.profile.melee.reach]
    spots = reachable(st, h, RETREAT_SPACES, retreat=True)
    options: list[Any] = [Retreat(x, y) for (x, y) in sorted(spots)]
    if optional:
        options.insert(0, False)
    if opportunity_first:
        yield from opportunity_attacks(st, h, threats)
        if not h.on_table:
            return
    if not options:
        st.log.emit("retreat_blocked", hero=h.name)
        return
    choice = yield Decision("retreat", h.side, options, f"{h.name}: retreat where?",
                            info={"hero": h.uid})
    if choice is False:
        return
    frm = [h.x, h.y]
    h.x, h.y = choice.x, choice.y
    st.log.emit("retreat", hero=h.name, uid=h.uid, frm=frm, x=h.x, y=h.y)
    obj.after_move(st, h)
    if not opportunity_first:
        yield from opportunity_attacks(st, h, threats)


# ----------------------------------------------------------------------------- magic
def power_targets(st: DwethiaState, h: Hero, p: Power) -> list[Hero]:
    """Targets in the power's range (dwethia.magic.affinity_powers): a caster next to enemies
    may only target those enemies."""
    engaged = engaged_with(st, h)
    if engaged:
        return engaged if p.target == "enemy" else []
    if p.target == "self":  # a summoning needs a free space next to the caster
        return [h] if p.summons is None or summon_spaces(st, h) else []
    if p.target == "enemy":
        return [t for t in st.heroes if t.on_table and t.side != h.side
                and spaces(st, h, t) <= p.range and can_see(st, h, t)]
    return [t for t in st.heroes if t.on_table and t.side == h.side
            and spaces(st, h, t) <= p.range and t.wounds < t.stat("wounds")]


def cast(st: DwethiaState, h: Hero, p: Power, target: Hero) -> Steps:
    """Activate a power (dwethia.magic.affinity_powers): pay its Affinity, then resolve it."""
    pay_for_power(st, h, p, target)
    yield from resolve_power(st, h, p, target)


def pay_for_power(st: DwethiaState, h: Hero, p: Power, target: Hero) -> None:
    """Declare a power on its target and spend its Affinity: spent whatever then happens
    (dwethia.magic.multi_cast)."""
    h.affinity -= p.cost
    st.log.emit("cast", hero=h.name, power=p.name, target=target.name, uid=h.uid,
                target_uid=target.uid, cost=p.cost)


def resolve_power(st: DwethiaState, h: Hero, p: Power, target: Hero) -> Steps:
    """Resolve a power already paid for: the other side may resist with the Faith of the
    target or of a model within 10 spaces of the caster (dwethia.magic.faith_resistance),
    then both bid in turn until one passes, roll, and bid Destiny in turn, the side behind
    first, until both pass (dwethia.magic.destiny_bidding). A target removed before its power
    resolves takes nothing, and the Affinity stays spent (dwethia.magic.multi_cast)."""
    if not target.on_table:
        st.log.emit("power_lost", hero=h.name, power=p.name, target=target.name)
        return
    defender = 1 - h.side
    candidates = [o for o in st.heroes if o.on_table and o.side == defender and o.faith >= 1
                  and (o is target or spaces(st, o, h) <= FAITH_RANGE)]
    resolves = True
    if candidates:
        pick = yield Decision("resist", defender, [NOBODY] + [Pick(c.uid) for c in candidates],
                             f"{h.name} casts {p.name} on {target.name}: resist with Faith?",
                             info={"caster": h.uid, "power": p.id, "target": target.uid})
        if pick != NOBODY:
            resolves = yield from resistance(st, h, st.heroes[pick.uid], p.cost)
    if not resolves:
        st.log.emit("power_negated", hero=h.name, power=p.name)
        return
    st.spells_cast[h.side] += 1
    st.log.emit("power_resolves", hero=h.name, power=p.name, target=target.name)
    if p.effect == "bolt":
        yield from _ranged(st, h, target, p.strength, None, False, "spell")
    elif p.effect == "corrupt":
        target.defense_lost += 1
        st.log.emit("corrupted", hero=target.name, defense=target.defense)
        if target.side != h.side:
            obj.achieve(st, h.side, "corruption", h)
    elif p.effect == "mend":
        target.wounds = min(target.stat("wounds"), target.wounds + 1)
        st.log.emit("mended", hero=target.name, wounds=target.wounds)
    elif p.effect == "summon" and p.summons is not None:
        yield from summon(st, h, p)


SUMMONS_FOR_THE_OBJECTIVE = 3


def summon_spaces(st: DwethiaState, h: Hero) -> list[tuple[int, int]]:
    """Free spaces a summoned (32mm, one-space) model may be placed in: next to the caster
    (within one level of it), passable, on no other model's base."""
    b = st.board
    taken = {c for o in st.heroes if o.on_table or o.fallen for c in o.cells()}
    level = st.elevation(h)
    out = []
    for y in range(h.y - 1, h.y + h.size + 1):
        for x in range(h.x - 1, h.x + h.size + 1):
            if not b.inside(x, y) or (x, y) in taken:
                continue
            i = b.idx(x, y)
            if b.terrain(i).impassable or abs(b.elevation[i] - level) > 1:
                continue
            out.append((x, y))
    return out


def summon(st: DwethiaState, caster: Hero, p: Power) -> Steps:
    """A summoning resolves (house power, dwethia.objective.summoners_war): its player places
    the new model in a free space next to the caster; the model joins the caster's side, built
    from race, class and the caster's faction, and activates from the next round. A side that
    has summoned three models completes Summoner's War."""
    from warband.rulesets.dwethia.catalogue import catalogue
    from warband.rulesets.dwethia.lists import summoned_profile

    spots = summon_spaces(st, caster)
    if not spots or p.summons is None:
        st.log.emit("power_lost", hero=caster.name, power=p.name, target=caster.name)
        return
    where = yield Decision("summon_place", caster.side, [Place(x, y) for x, y in spots],
                           f"{caster.name}: place the summoned {p.summons.name} where?",
                           info={"hero": caster.uid})
    st.summoned[caster.side] += 1
    profile = summoned_profile(catalogue(), st.factions[caster.side], p.summons,
                               st.summoned[caster.side])
    new = Hero(len(st.heroes), caster.side, profile, x=where.x, y=where.y, entered=True,
               wounds=profile.stats["wounds"], destiny=profile.stats["destiny"],
               faith=profile.stats["faith"], affinity=profile.stats["affinity"],
               activated=True)
    st.heroes.append(new)
    st.log.emit("summoned", hero=caster.name, model=new.name, uid=new.uid,
                side=st.side_labels[caster.side], x=new.x, y=new.y,
                elevation=st.elevation(new), count=st.summoned[caster.side])
    obj.after_move(st, new)
    if st.summoned[caster.side] >= SUMMONS_FOR_THE_OBJECTIVE:
        obj.achieve(st, caster.side, "summoners_war", caster)


def resistance(st: DwethiaState, caster: Hero, resister: Hero,
               cost: int) -> Generator[Any, Any, bool]:
    """The Faith against Affinity contest; True if the power resolves (the caster wins ties).
    The casting cost counts toward the caster's bonus and the defender's first Faith point
    does not (as in the book's Necromancer and Commissar example). A resisting model may bid
    its Affinity as if it were Faith, once its Faith is spent (dwethia.profile.affinity, the
    rules yaml's default)."""
    resister.faith -= 1
    affinity, faith = cost, 0
    st.log.emit("resist", hero=resister.name, caster=caster.name)
    turn = resister
    while True:
        pool = turn.faith + turn.affinity if turn is resister else turn.affinity
        mine = faith if turn is resister else affinity
        theirs = affinity if turn is resister else faith
        bid = 0
        if pool > 0:
            bid = yield Decision(
                "bid_faith" if turn is resister else "bid_affinity", turn.side,
                list(range(pool + 1)),
                f"{turn.name}: bid more {'Faith' if turn is resister else 'Affinity'}"
                f" (+{mine} against +{theirs}; 0 passes)",
                info={"caster": caster.uid, "resister": resister.uid, "affinity": affinity,
                      "faith": faith})
            bid = int(bid)
        st.log.emit("bid", hero=turn.name, points=bid,
                    pool="faith" if turn is resister else "affinity")
        if bid == 0:
            break
        if turn is resister:
            from_faith = min(bid, resister.faith)
            resister.faith -= from_faith
            resister.affinity -= bid - from_faith
            faith += bid
        else:
            caster.affinity -= bid
            affinity += bid
        turn = caster if turn is resister else resister
    result = m.ResistanceRoll(affinity, faith).sample(st.dice)
    totals = {caster.uid: result.caster_total, resister.uid: result.defender_total}
    st.log.emit("resistance_roll", caster=caster.name, caster_die=result.caster_roll,
                caster_total=result.caster_total, resister=resister.name,
                resister_die=result.defender_roll, resister_total=result.defender_total)

    def caster_ahead() -> bool:
        return totals[caster.uid] >= totals[resister.uid]

    turn = resister if caster_ahead() else caster
    passes = 0
    while passes < 2:
        bid = 0
        if turn.destiny > 0:
            bid = int((yield Decision(
                "bid_destiny", turn.side, list(range(turn.destiny + 1)),
                f"{turn.name}: add Destiny ({totals[turn.uid]} against"
                f" {totals[(resister if turn is caster else caster).uid]}; 0 passes)",
                info={"caster": caster.uid, "resister": resister.uid,
                      "caster_total": totals[caster.uid],
                      "resister_total": totals[resister.uid]})))
        if bid:
            turn.destiny -= bid
            totals[turn.uid] += bid
            passes = 0
        else:
            passes += 1
        st.log.emit("destiny_bid", hero=turn.name, points=bid, total=totals[turn.uid])
        turn = caster if turn is resister else resister
    resolves = caster_ahead()
    st.log.emit("resistance_result", caster_total=totals[caster.uid],
                resister_total=totals[resister.uid], resolves=resolves)
    return resolves
