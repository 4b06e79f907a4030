"""Combat: Target Priority, Ranged and Close combat Attacks, Damage and Injury, Panic from
Losses. Every Check is rolled by :mod:`..mechanics` (the same objects the odds engine and the
AI compute exactly).

Rule ids: sm.combat.*, sm.ranged.*, sm.cc.*, sm.rating.modifiers, sm.condition.shocked,
sm.condition.shocked_escalation, sm.condition.wounded, sm.panic.losses, and the Traits and Gear
Traits named at each use.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from warband.core.decisions import Decision
from warband.rulesets.sword_marches import mechanics as mech
from warband.rulesets.sword_marches.models import UNARMED, ModelType, Origin, Weapon
from warband.rulesets.sword_marches.rules.terrain import (
    BODY_PROPER,
    concealed,
    durable_within,
    edge_drop,
    elevation,
    has_cover,
    in_area,
    line_of_sight,
    move_model,
    pieces,
    settle,
)
from warband.rulesets.sword_marches.state import Model, SMState

__all__ = [
    "apply_injury",
    "elevated_over",
    "fall",
    "build_close_attack",
    "build_ranged_attack",
    "charge_targets",
    "close_attack",
    "close_weapon",
    "halve",
    "panic_check",
    "ranged_attack",
    "ranged_targets",
    "ranged_weapon",
    "weapon_range",
]

Steps = Generator[Any, Any, None]
TYPE_RANK = {ModelType.WARRIOR: 0, ModelType.CHAMPION: 1, ModelType.WARLORD: 2}
LONG_RANGE_CAP = 20.0  # sm.ranged.range_categories


def halve(m: Model, value: int, rating: str = "cbt") -> int:
    """A Ratings-half penalty (sm.rating.modifiers): bonuses first, then /2 rounding down;
    Graceful rounds CBT/2 up, Soldier rounds CON/2 up (sm.origin.bloodline_graceful,
    sm.origin.caste_soldier)."""
    if (rating == "cbt" and m.f.subtype == "graceful") or (
            rating == "con" and m.f.subtype == "soldier"):
        return (value + 1) // 2
    return value // 2


def close_weapon(m: Model) -> Weapon:
    """The Weapon a model fights with: the first close combat Weapon of its Muster entry
    (house: the Muster lists the main Weapon first), else Unarmed (sm.geartrait.unarmed)."""
    return m.f.close_weapons[0]


def ranged_weapon(m: Model) -> Weapon | None:
    """The model's shooting Weapon: a true Ranged Weapon first, else a Thrown one."""
    ranged = m.f.ranged_weapons
    for w in ranged:
        if w.range is not None:
            return w
    return ranged[0] if ranged else None


def weapon_range(m: Model, w: Weapon) -> tuple[float, float, int]:
    """(Effective Range, maximum range, Rate of Fire) (sm.ranged.range_categories,
    sm.geartrait.thrown: CON, CON x 2 (Javelin x 3), RoF 1, a Knife 2)."""
    if w.range is not None:
        return float(w.range), 2.0 * w.range, w.rof or 1
    eff = float(m.f.con)
    return eff, eff * (3 if w.id == "javelin" else 2), 2 if w.id == "knife" else 1


# ------------------------------------------------------------------------------ target priority
def visible_enemies(st: SMState, m: Model) -> list[tuple[float, Model]]:
    """Enemies ``m`` can see (not in Ambush), with their gaps, nearest first."""
    out = []
    seen = pieces(st).sight  # line_of_sight's cache, read here first: asked very often
    mx, my, mr, mz = m.x, m.y, m.r, m.z
    for e in st.enemies_of(m):
        if e.ambush:
            continue  # cannot be seen or targeted while in Ambush (sm.action.ambush)
        hit = seen.get((mx, my, mr, mz, e.x, e.y, e.r, e.z))
        if hit if hit is not None else line_of_sight(st, m, e):
            out.append((st.gap(m, e), e))
    out.sort(key=lambda t: (t[0], t[1].uid))
    return out


def ranged_targets(st: SMState, m: Model,
                   visible: list[tuple[float, Model]] | None = None) -> list[Model]:
    """Legal targets of a Ranged Attack (sm.combat.target_priority, sm.ranged.into_close_combat):
    the closest visible enemy, or a farther one when every closer one may be ignored - Shocked
    or Broken, or Concealed when the farther one is not. Engaged enemies are never targets."""
    if visible is None:
        visible = visible_enemies(st, m)
    seen = [(d, e) for d, e in visible if not st.engaged(e)]
    if m.z > 0.0:  # Elevated Position: any enemy it can see (sm.combat.elevated_position)
        high = [e for _, e in seen if elevated_over(m, e)]
        if high:
            return [e for _, e in seen if elevated_over(m, e)
                    ] + [e for e in _by_priority(st, m, seen) if not elevated_over(m, e)]
    return _by_priority(st, m, seen)


def elevated_over(m: Model, e: Model) -> bool:
    """``m``'s base is at least 2" above the top of ``e``'s Body Proper (HOUSE: 1" above its
    base) (sm.combat.elevated_position, sm.cc.diving_charge)."""
    return m.z >= e.z + BODY_PROPER + 2.0 - 1e-9


def _by_priority(st: SMState, m: Model, seen: list[tuple[float, Model]]) -> list[Model]:
    legal = []
    for i, (d, e) in enumerate(seen):
        e_conc = concealed(st, m, e)
        if all(c.shocked or c.broken or dc >= d - 1e-6 or (concealed(st, m, c) and not e_conc)
               for dc, c in seen[:i]):
            legal.append(e)
    return legal


def charge_targets(st: SMState, m: Model,
                   visible: list[tuple[float, Model]] | None = None) -> list[Model]:
    """Legal Charge targets (sm.combat.target_priority, sm.action.charge): by Target Priority
    (Shocked, Broken and Engaged enemies may be ignored) and with a clear straight line.
    ``visible``: ``visible_enemies(st, m)`` when the caller has it already."""
    return [e for e in charge_candidates(st, m, visible) if charge_start(st, m, e) is not None]


def charge_candidates(st: SMState, m: Model,
                      visible: list[tuple[float, Model]] | None = None) -> list[Model]:
    """The enemies Target Priority lets ``m`` Charge (sm.combat.target_priority), before the
    straight-line test of :func:`charge_start` (the costly part, which an AI may leave for the
    Charges it would choose)."""
    seen = visible_enemies(st, m) if visible is None else visible
    return [e for i, (d, e) in enumerate(seen)
            if all(c.shocked or c.broken or st.engaged(c) or dc >= d - 1e-6
                   for dc, c in seen[:i])]


def _straight_line(st: SMState, m: Model, x: float, y: float, e: Model) -> bool:
    """Nothing impassable and no other model on the straight line from (x, y) to the target."""
    return _clear_of_models(st, m, x, y, e) and _clear_of_terrain(st, m, x, y, e)


def _clear_of_models(st: SMState, m: Model, x: float, y: float, e: Model) -> bool:
    return _clear_of(_in_the_way(st, m, e), x, y, e.x, e.y)


def _in_the_way(st: SMState, m: Model, e: Model) -> list[tuple[float, float, float]]:
    """The other models on the table that could stand on ``m``'s line to ``e``: their centres
    and the radius (theirs plus ``m``'s, less 0.05") a line closer to the centre touches."""
    mr = m.r
    return [(o.x, o.y, o.r + mr - 0.05) for o in st.models
            if o.on_table and o is not m and o is not e]


def _clear_of(circles: list[tuple[float, float, float]], ax: float, ay: float, bx: float,
              by: float) -> bool:
    """No circle is crossed by the segment a-b: the core's ``segment_crosses_circle`` written
    out (the same arithmetic in the same order, so the same answers), after a box test that
    only skips circles wholly clear of the segment's box (the closest point of the segment
    then lies more than the radius from the centre along x or y)."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    lo_x, hi_x = (ax, bx) if ax <= bx else (bx, ax)
    lo_y, hi_y = (ay, by) if ay <= by else (by, ay)
    for cx, cy, r in circles:
        reach = r + _BOX_MARGIN
        if cx + reach < lo_x or cx - reach > hi_x or cy + reach < lo_y or cy - reach > hi_y:
            continue
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / ll))
        px, py = ax + t * dx - cx, ay + t * dy - cy
        if px * px + py * py < r * r - _SEGMENT_EPS:
            return False
    return True


_SEGMENT_EPS = 1e-9  # the core's tolerance in segment_crosses_circle (geometry._EPS)
_BOX_MARGIN = 1e-6  # inches: far above the rounding of a point on the segment


def _clear_of_terrain(st: SMState, m: Model, x: float, y: float, e: Model) -> bool:
    return len(st.table.path((x, y), (e.x, e.y), m.r)) <= 2


COVER_ADJUSTMENT = 1.0  # inches (sm.combat.cover_adjustment_ranged, _charge)
#: the 16 directions a Cover Adjustment tries, in order (cosine and sine of 2 pi k / 16)
_SIXTEEN_WAYS = tuple((math.cos(2 * math.pi * k / 16), math.sin(2 * math.pi * k / 16))
                      for k in range(16))


def charge_start(st: SMState, m: Model, e: Model) -> tuple[float, float] | None:
    """Where the straight-line Charge at ``e`` starts: where ``m`` stands, or - when the
    terrain that gives it Cover blocks the line - a spot up to 1" away that clears it (Cover
    Adjustment, Type 2, paid from the Charge Move: sm.combat.cover_adjustment_charge); None if
    no straight Charge is possible (sm.action.charge)."""
    if _straight_line(st, m, m.x, m.y, e):
        return m.x, m.y
    if not durable_within(st, m.x, m.y, m.r + COVER_ADJUSTMENT):
        return None
    bases = [o.base for o in st.blockers(m)]
    foes = list(st.enemies_of(m))
    circles = _in_the_way(st, m, e)  # the same for every spot: nothing moves meanwhile
    ex, ey = e.x, e.y
    for cos_a, sin_a in _SIXTEEN_WAYS:
        x, y = m.x + COVER_ADJUSTMENT * cos_a, m.y + COVER_ADJUSTMENT * sin_a
        # cheapest and most selective tests first (all pure, so the order changes nothing
        # but the time): most spots fail for a model in the way
        if all(math.hypot(o.x - x, o.y - y) - o.r - m.r > 1.0 for o in foes) and \
                elevation(st, x, y) == m.z and _clear_of(circles, x, y, ex, ey) and \
                _clear_of_terrain(st, m, x, y, e) and st.table.fits(x, y, m.r, bases):
            return round(x, 3), round(y, 3)
    return None


# ------------------------------------------------------------------------------ tactical dice
def _tactical(st: SMState, m: Model, where: tuple[str, ...]) -> Generator[Any, Any, str]:
    """Offer a Tactical Die to ``m``'s player for one of ``where`` (sm.orders.tactical_dice:
    one per model per Turn)."""
    if st.tactical_dice[m.side] <= 0 or m.tactical_used:
        return "none"
    choice = yield Decision("tactical", m.side, ("none", *where),
                            prompt=f"Add a Tactical Die for {m.name}?", info={"uid": m.uid})
    if choice != "none":
        st.tactical_dice[m.side] -= 1
        m.tactical_used = True
        st.log.emit("tactical_die", player=m.side, uid=m.uid, name=m.name, check=choice)
    return str(choice)


# ------------------------------------------------------------------------------ Sources
#: the Source Traits (sm.trait.source_traits) and Poison (a keyword, sm.geartrait.poison)
SOURCES = frozenset({"abomination", "ascendant", "cold", "diabolic", "fire", "mystical",
                     "primeval", "undead", "poison", "gas"})


def attack_sources(m: Model, w: Weapon, close: bool) -> frozenset[str]:
    """The Sources and keywords an Attack bears: its Weapon's, and in close combat the
    Insectoid's, Reptilian's and Ghoul's Poison and the Wight's Diabolic and Poison
    (sm.trait.insectoid, sm.trait.reptilian, sm.trait.ghoul, sm.trait.wight)."""
    found = set(w.traits & SOURCES)
    if close:
        if m.has("insectoid") or m.has("reptilian") or m.has("ghoul"):
            found.add("poison")
        if m.has("wight"):
            found.update(("diabolic", "poison"))
    return frozenset(found)


def immunities(m: Model) -> frozenset[str]:
    """Immune (X) (sm.trait.immune): No Mortal Coil (Fatigue, Gas, Poison), Stout (Fatigue,
    Heavy, Poison), Ghoul and Wight (Vicious), Horrible Stench (Gas), Fighting Man, Mighty
    Thews and Insectoid (Fatigue, Heavy) (sm.origin.no_mortal_coil, sm.origin.bloodline_stout,
    sm.trait.ghoul, sm.trait.wight, sm.trait.horrible_stench, sm.trait.fighting_man,
    sm.trait.mighty_thews, sm.trait.insectoid)."""
    out: set[str] = set()
    if m.f.origin is Origin.SUPERNATURAL:
        out.update(("fatigue", "gas", "poison"))
    if m.f.subtype == "stout":
        out.update(("fatigue", "heavy", "poison"))
    if m.has("ghoul") or m.has("wight"):
        out.add("vicious")
    if m.has("horrible_stench"):
        out.add("gas")
    if m.has("fighting_man") or m.has("mighty_thews") or m.has("insectoid"):
        out.update(("fatigue", "heavy"))
    return frozenset(out)


def vulnerabilities(m: Model) -> frozenset[str]:
    """Vulnerable (X) (sm.trait.vulnerable): Insectoid and Reptilian (Cold), Ghoul and Wight
    (Ascendant)."""
    out: set[str] = set()
    if m.has("insectoid") or m.has("reptilian"):
        out.add("cold")
    if m.has("ghoul") or m.has("wight"):
        out.add("ascendant")
    return frozenset(out)


def resisted(st: SMState, att: Model, w: Weapon, dfn: Model, close: bool, con: int
              ) -> tuple[int, bool, bool]:
    """The Defender's CON for its Resistance Check (CON/2 when Vulnerable to a Source the
    Attack bears, sm.trait.vulnerable), whether it is Immune to one (no damage, the rules
    yaml's reading of sm.trait.immune, switchable) and whether Vicious applies to it."""
    sources = attack_sources(att, w, close)
    immune = immunities(dfn)
    if sources & vulnerabilities(dfn):
        con = halve(dfn, con, "con")
    no_damage = bool(sources & immune) and st.options.source_immunity == "no_damage"
    return con, no_damage, "vicious" not in immune


# ------------------------------------------------------------------------------ More Than Human
#: bonuses to (the Attacker's CBT, the Defender's CBT, the Defender's CON) for one Attack
Boost = tuple[int, int, int]
NO_BOOST: Boost = (0, 0, 0)
MORE_THAN_HUMAN = 3  # sm.trait.more_than_human


def _more_than_human(st: SMState, att: Model, dfn: Model) -> Boost:
    """More Than Human, once per game, +3 to a Check with the Bloodline Rating (house: used at
    the first chance): a Graceful model on its first Attack or Defense Check (CBT), a Feral
    one on its first Resistance Check (CON); a Stout one on its first Panic Check (CMD, in
    :func:`panic_check`) (sm.trait.more_than_human)."""
    a = d = c = 0
    if _spend_more_than_human(st, att, "graceful"):
        a = MORE_THAN_HUMAN
    if _spend_more_than_human(st, dfn, "graceful"):
        d = MORE_THAN_HUMAN
    elif _spend_more_than_human(st, dfn, "feral"):
        c = MORE_THAN_HUMAN
    return a, d, c


def _spend_more_than_human(st: SMState, m: Model, bloodline: str) -> bool:
    if m.f.subtype != bloodline or not m.has("more_than_human") or m.more_than_human_used:
        return False
    m.more_than_human_used = True
    st.log.emit("more_than_human", uid=m.uid, name=m.name, bloodline=bloodline)
    return True


# ------------------------------------------------------------------------------ ranged combat
def build_ranged_attack(st: SMState, att: Model, dfn: Model, w: Weapon, mode: str,
                        att_tactical: str = "none", dfn_tactical: str = "none",
                        boost: Boost = NO_BOOST
                        ) -> tuple[mech.CombatAttack | None, dict[str, Any]]:
    """The Ranged Attack as a mechanics object (None: beyond maximum range, an automatic
    miss) and the facts narrated with it.

    sm.ranged.range_categories, sm.ranged.long_range_penalty (CBT/2), sm.ranged.rate_of_fire,
    sm.ranged.movement_penalty (RoF/2, Hunter ignores), sm.action.take_aim (RoF 1, +3 CBT),
    sm.ranged.defense (Open: CBT/2, one die), sm.ranged.concealment, sm.ranged.cover (+1 die;
    Penetrating negates), sm.ranged.point_blank (negates Concealment), sm.trait.sharpshooter,
    sm.trait.reptilian and sm.trait.mystic_shroud (distance added for Long Range),
    sm.trait.ranger (CBT/2 against a Ranger in Area Terrain), sm.origin.caste_mystic
    (CMD/2 Defense dice), sm.trait.marksman, sm.geartrait.piercing, sm.geartrait.penetrating,
    sm.geartrait.impact.
    """
    eff, longest, rof = weapon_range(att, w)
    d = st.gap(att, dfn)
    d_long = d + (4.0 if dfn.has("reptilian") else 0.0) + (
        dfn.f.cmd if dfn.has("mystic_shroud") else 0.0)
    long_range = d_long > eff or d_long > LONG_RANGE_CAP
    facts: dict[str, Any] = {"range": round(d, 1), "long": long_range}
    if d > longest + 1e-6:
        facts["beyond"] = True
        return None, facts
    cbt = att.f.cbt + att.f.level("marksman") + (3 if mode == "take_aim" else 0) + boost[0]
    penalty = long_range or (dfn.has("ranger") and in_area(st, dfn)) or att.shocked \
        or att.broken or att.entangled
    a_cbt = halve(att, cbt) if penalty else cbt
    if mode == "take_aim":
        dice = 1
    elif mode == "mobile_fire" and not att.has("hunter"):
        dice = max(1, rof // 2)
    else:
        dice = rof
    point_blank = d <= a_cbt + 1e-6
    conc = concealed(st, att, dfn) and not point_blank and not (
        mode == "take_aim" and att.has("sharpshooter"))
    cover = has_cover(st, att, dfn) and not w.has("penetrating")
    d_cbt = dfn.f.cbt + boost[1]
    d_pen = (not conc) or dfn.shocked or dfn.broken or dfn.entangled
    d_val = halve(dfn, d_cbt) if d_pen else d_cbt
    d_dice = max(1, dfn.f.cmd // 2) if dfn.f.subtype == "mystic" else 1
    d_dice += 1 if cover else 0
    facts.update(point_blank=point_blank, concealed=conc, cover=cover, rof=dice,
                 attack_cbt=a_cbt, defense_cbt=d_val, defense_pool=d_dice)
    armour: mech.ArmourMode = "full"
    if w.has("penetrating"):
        armour = "none"
    elif w.has("impact") or (w.has("piercing") and d <= eff / 2):
        armour = "half"
    con, immune, vicious_ok = resisted(st, att, w, dfn, False, dfn.f.con + boost[2])
    hit = mech.DamageCheck(att.f.ranged_damage(w), 0, con, dfn.f.arm,
                           dfn.f.wound_threshold,
                           dfn.f.helmet, armour, damage_tactical=att_tactical == "damage",
                           resistance_tactical=dfn_tactical == "resistance", immune=immune)
    facts["immune"] = immune
    attack = mech.CombatAttack(
        attacker=mech.DicePool(dice, att_tactical == "attack"), attacker_cbt=a_cbt,
        defender=mech.DicePool(d_dice, dfn_tactical == "defense"), defender_cbt=d_val,
        hit=hit, vicious=w.has("vicious") and vicious_ok, at_risk=False)
    return attack, facts


def ranged_attack(st: SMState, att: Model, dfn: Model, mode: str) -> Steps:
    """A Ranged combat Attack from Standing Fire, Mobile Fire or Take Aim (sm.combat.sequence)."""
    w = ranged_weapon(att)
    assert w is not None
    _cover_adjustment(st, att, dfn)
    t_att = yield from _tactical(st, att, ("attack", "damage"))
    t_dfn = yield from _tactical(st, dfn, ("defense", "resistance"))
    boost = _more_than_human(st, att, dfn)
    attack, facts = build_ranged_attack(st, att, dfn, w, mode, t_att, t_dfn, boost)
    base = {"attacker": att.uid, "defender": dfn.uid, "a_name": att.name, "d_name": dfn.name,
            "weapon": w.name, "mode": mode, **facts}
    if attack is None:
        st.log.emit("shot", **base, result="miss")
        att.ambush = att.ambush and w.has("silent")
        return
    roll = attack.sample(st.dice)
    st.log.emit("shot", **base, attack_dice=roll.check.primary.rolled,
                defense_dice=roll.check.secondary.rolled, attack_total=roll.check.primary_total,
                defense_total=roll.check.secondary_total, result=roll.result)
    if roll.damage is not None:
        _log_damage(st, roll.damage, dfn)
        result = _adjust_wound(st, dfn, roll.damage, dfn.f.wound_threshold)
        att.ambush = False
        apply_injury(st, dfn, result, att)
    elif not w.has("silent"):
        att.ambush = False  # a Silent Weapon that misses keeps its user hidden (sm.geartrait.silent)


def _cover_adjustment(st: SMState, att: Model, dfn: Model) -> None:
    """Cover Adjustment, Type 1 (sm.combat.cover_adjustment_ranged): a target within 1" of
    durable terrain, without Cover, moves up to 1" to touch it if that gives Cover and keeps
    the shooter's LoS (house: always taken, the defender never loses by it)."""
    from warband.rulesets.sword_marches.rules.terrain import pieces

    if st.engaged(dfn) or has_cover(st, att, dfn):
        return
    from shapely import Point
    from shapely.ops import nearest_points

    pt = Point(dfn.x, dfn.y)
    for poly in pieces(st).durable:
        gap = poly.distance(pt) - dfn.r
        if not 0 < gap <= 1.0:
            continue
        near = nearest_points(poly, pt)[0]
        dx, dy = near.x - dfn.x, near.y - dfn.y
        length = (dx * dx + dy * dy) ** 0.5
        if length <= 0:
            continue
        step = min(1.0, gap)
        nx, ny = dfn.x + dx / length * step, dfn.y + dy / length * step
        old = (dfn.x, dfn.y)
        bases = [o.base for o in st.blockers(dfn)]
        if not st.table.fits(nx, ny, dfn.r, bases) or elevation(st, nx, ny) != dfn.z:
            continue
        dfn.x, dfn.y = nx, ny
        settle(st, dfn)
        if has_cover(st, att, dfn) and line_of_sight(st, att, dfn) and not any(
                st.gap(dfn, e) < 1.0 for e in st.enemies_of(dfn)):
            st.log.emit("cover_adjustment", uid=dfn.uid, name=dfn.name, x=round(nx, 2),
                        y=round(ny, 2), frm=[round(old[0], 2), round(old[1], 2)])
            return
        dfn.x, dfn.y = old
        settle(st, dfn)


# ------------------------------------------------------------------------------ close combat
def _reach(m: Model, w: Weapon, charging: bool) -> int:
    """Weapon Reach with its bonuses (sm.cc.weapon_reach): Feral, Quick, To Victory! on a
    Charge; Wight; Versatile in two hands."""
    r = w.reach + (1 if m.has("wight") else 0) + (1 if m.f.two_handed and w.has("versatile") else 0)
    if charging:
        r += (1 if m.f.subtype == "feral" else 0) + (1 if w.has("quick") else 0) + (
            3 if m.has("to_victory") else 0)
    return r


def close_cbt(st: SMState, m: Model, foe: Model, w: Weapon, bonus: int, extra_penalty: bool
               ) -> int:
    """A model's modified CBT for a close combat Attack or Defense Check: Man-at-Arms with a
    close combat Weapon, Highborn against a lower type, then one /2 if any penalty applies:
    Shocked, Broken, Unarmed, Multiple Opponents, Horrible Stench, Entangled, Unwieldy after
    the first Turn, Engaged by a Diving Charge (sm.cc.diving_charge, sm.trait.man_at_arms, sm.trait.highborn, sm.cc.multiple_opponents,
    sm.trait.horrible_stench, sm.geartrait.entangle, sm.geartrait.unwieldy,
    sm.geartrait.unarmed, sm.condition.shocked, sm.condition.broken)."""
    cbt = m.f.cbt + bonus
    if w is not UNARMED:
        cbt += m.f.level("man_at_arms")
    if m.has("highborn") and TYPE_RANK[m.f.type] > TYPE_RANK[foe.f.type]:
        cbt += 1
    engaged = st.engaged_with(m, counting_all=False)
    stench = m.f.origin is not Origin.SUPERNATURAL and not m.has("horrible_stench") and any(
        e.has("horrible_stench") for e in st.engaged_with(m))
    penalty = (extra_penalty or m.dived_on or m.shocked or m.broken or w is UNARMED or len(engaged) >= 2
               or stench or m.entangled or (w.has("unwieldy") and st.turn > m.engaged_turn))
    return halve(m, cbt) if penalty else cbt


def build_close_attack(st: SMState, att: Model, dfn: Model, charge: bool, is_break: bool = False,
                       att_tactical: str = "none", dfn_tactical: str = "none",
                       boost: Boost = NO_BOOST
                       ) -> tuple[mech.CombatAttack, dict[str, Any]]:
    """A close combat Attack as a mechanics object (sm.action.charge: +1 CBT;
    sm.action.stand_and_fight; sm.cc.weapon_reach: compared on a Charge; sm.cc.at_risk;
    sm.cc.counter_attack; sm.geartrait.riposte; sm.geartrait.fatigue (no Counter-Attack);
    sm.geartrait.shield (an Active Defender re-rolls its lowest die; Flail negates it);
    sm.trait.two_weapon_fighting (re-roll); sm.trait.fighting_man (+3 on a Break, once a
    Turn); sm.trait.mighty_thews (Impact); sm.trait.ghoul (Vicious); sm.trait.mystic_shroud
    (wins Reach); sm.combat.attack_defense_checks (Defense dice: the Defender's Base Attacks,
    the rules yaml's default; Mystic CMD/2 if higher)."""
    aw, dw = close_weapon(att), close_weapon(dfn)
    facts: dict[str, Any] = {"weapon": aw.name, "defender_weapon": dw.name, "charge": charge}
    at_risk = dfn.ready  # Shocked or Broken Defenders put nobody At Risk
    reach_penalty = False
    if charge:
        ra, rd = _reach(att, aw, True), _reach(dfn, dw, False)
        if att.has("mystic_shroud") and (not dfn.has("mystic_shroud") or att.f.cmd > dfn.f.cmd):
            ra = max(ra, rd + 1)
        elif dfn.has("mystic_shroud") and (not att.has("mystic_shroud") or dfn.f.cmd > att.f.cmd):
            rd = max(rd, ra + 1)
        facts.update(reach=ra, defender_reach=rd)
        if ra > rd:
            at_risk = False
        elif rd > ra:
            reach_penalty = True
    bonus = 1 if charge else 0
    if is_break and att.has("fighting_man") and not att.fighting_man_used:
        bonus += 3
        facts["fighting_man"] = True
    a_cbt = close_cbt(st, att, dfn, aw, bonus + boost[0], reach_penalty)
    d_cbt = close_cbt(st, dfn, att, dw, boost[1], False)
    d_dice = dfn.f.base_attacks if st.options.defense_dice == "base_attacks" else 1
    if dfn.f.subtype == "mystic":
        d_dice = max(d_dice, dfn.f.cmd // 2)
    shield = (dfn.f.shield is not None and dfn.active and not dw.has("two_hands")
              and not aw.has("flail"))
    impact = aw.has("impact") or att.has("mighty_thews")
    con, immune, vicious_ok = resisted(st, att, aw, dfn, True, dfn.f.con + boost[2])
    hit = mech.DamageCheck(att.f.close_damage(aw), 0, con, dfn.f.arm,
                           dfn.f.wound_threshold, dfn.f.helmet, "half" if impact else "full",
                           damage_tactical=att_tactical == "damage",
                           resistance_tactical=dfn_tactical == "resistance", immune=immune)
    counter = None
    # Fatigue: no Counter-Attack, unless Immune (Fatigue) (sm.geartrait.fatigue)
    can_counter = at_risk and not (dw.has("fatigue") and "fatigue" not in immunities(dfn))
    if can_counter:
        c_impact = dw.has("impact") or dfn.has("mighty_thews")
        c_con, c_immune, _ = resisted(st, dfn, dw, att, True, att.f.con)
        counter = mech.DamageCheck(dfn.f.close_damage(dw), 0, c_con, att.f.arm,
                                   att.f.wound_threshold, att.f.helmet,
                                   "half" if c_impact else "full", immune=c_immune)
    attack = mech.CombatAttack(
        attacker=mech.DicePool(att.f.base_attacks, att_tactical == "attack",
                               att.has("two_weapon_fighting")),
        attacker_cbt=a_cbt,
        defender=mech.DicePool(d_dice, dfn_tactical == "defense", shield),
        defender_cbt=d_cbt, hit=hit,
        vicious=(aw.has("vicious") or att.has("ghoul")) and vicious_ok,
        at_risk=can_counter, attacker_base_cbt=att.f.cbt, riposte=dw.has("riposte"),
        counter_damage=counter)
    facts.update(attack_cbt=a_cbt, defense_cbt=d_cbt, at_risk=at_risk, shield=shield,
                 immune=immune)
    return attack, facts


def close_attack(st: SMState, att: Model, dfn: Model, charge: bool, is_break: bool) -> Steps:
    """Resolve one close combat Attack and any Counter-Attack (sm.combat.sequence)."""
    t_att = yield from _tactical(st, att, ("attack", "damage"))
    t_dfn = yield from _tactical(st, dfn, ("defense", "resistance"))
    boost = _more_than_human(st, att, dfn)
    attack, facts = build_close_attack(st, att, dfn, charge, is_break, t_att, t_dfn, boost)
    if facts.get("fighting_man"):
        att.fighting_man_used = True
    roll = attack.sample(st.dice)
    st.log.emit("melee", attacker=att.uid, defender=dfn.uid, a_name=att.name, d_name=dfn.name,
                **facts, attack_dice=roll.check.primary.rolled,
                defense_dice=roll.check.secondary.rolled,
                attack_total=roll.check.primary_total, defense_total=roll.check.secondary_total,
                result=roll.result, counter=roll.counter_result)
    if roll.damage is not None:
        _log_damage(st, roll.damage, dfn)
        result = _adjust_wound(st, dfn, roll.damage, dfn.f.wound_threshold)
        if close_weapon(att).has("entangle") and dfn.on_table:
            dfn.entangled = True
        apply_injury(st, dfn, result, att)
    elif roll.counter is not None:
        st.log.emit("counter_attack", attacker=dfn.uid, defender=att.uid, a_name=dfn.name,
                    d_name=att.name)
        _log_damage(st, roll.counter, att)
        result = _adjust_wound(st, att, roll.counter, att.f.wound_threshold)
        if close_weapon(dfn).has("entangle") and att.on_table:
            att.entangled = True
        apply_injury(st, att, result, dfn)


def _log_damage(st: SMState, roll: mech.DamageRoll, victim: Model) -> None:
    st.log.emit("damage", uid=victim.uid, name=victim.name, damage_dice=roll.damage_dice,
                resistance_dice=roll.resistance_dice, damage_total=roll.damage_total,
                resistance_total=roll.resistance_total, result=roll.result)


def _adjust_wound(st: SMState, victim: Model, roll: mech.DamageRoll, threshold: int) -> str:
    """Outland Marauder (a Wound by exactly the Threshold Shocks instead, the rules yaml's
    reading: sm.archetype.outland_marauder) and By the Ancestors (once per game, Threshold
    + CON/2 or CBT/2: sm.trait.by_the_ancestors), used only when it saves the model."""
    result = roll.result
    if result != "wounded":
        return result
    margin = roll.damage_total - roll.resistance_total
    muster = st.musters[victim.side]
    if victim.is_warlord and muster.archetype == "outland_marauder" and margin == threshold:
        st.log.emit("saved", uid=victim.uid, name=victim.name, by="Outland Marauder")
        return "shocked"
    if victim.has("by_the_ancestors") and not victim.ancestors_used:
        rating = victim.f.cbt if victim.f.subtype == "graceful" else victim.f.con
        if margin < threshold + rating // 2:
            victim.ancestors_used = True
            st.log.emit("saved", uid=victim.uid, name=victim.name, by="By the Ancestors")
            return "shocked"
    return result


# ------------------------------------------------------------------------------ injuries
def apply_injury(st: SMState, m: Model, result: str, by: Model | None) -> None:
    """Shocked or Wounded (sm.combat.injury, sm.condition.shocked): a Shocked model loses its
    Action Token and any Ambush; a second Shock in a Turn (third with Just Won't Die!) or a
    Shock on a Broken model Wounds (sm.condition.shocked_escalation, sm.trait.just_wont_die)."""
    if result == "no_effect" or not m.on_table:
        return
    if result == "shocked":
        m.shocks_this_turn += 1
        limit = 3 if m.has("just_wont_die") else 2
        if m.broken or m.shocks_this_turn >= limit:
            st.log.emit("escalate", uid=m.uid, name=m.name,
                        why="broken" if m.broken else "shocked again")
            result = "wounded"
        else:
            m.shocked, m.active, m.ambush = True, False, False
            if by is not None:
                by.shocks_dealt += 1
            st.log.emit("shocked", uid=m.uid, name=m.name, side=m.side)
            shocked_near_edge(st, m)
            return
    if by is not None:
        by.wounds_dealt += 1
    wound(st, m)


def shocked_near_edge(st: SMState, m: Model) -> None:
    """A model Shocked within 1" of the edge of a surface more than 2" up makes a Terrain
    Check, its CBT (halved for being Shocked, the rules yaml's default) against Difficulty
    (5); failing, it falls over the edge and takes a Falling Check (sm.terrain.shocked_falling,
    sm.terrain.falling_check)."""
    if m.z <= 2.0:
        return
    over = edge_drop(st, m)
    if over is None:
        return
    roll = mech.DifficultyCheck(halve(m, m.f.cbt), 5).sample(st.dice)
    st.log.emit("edge_check", uid=m.uid, name=m.name, roll=roll.primary.rolled,
                against=roll.secondary.rolled, passed=roll.passed)
    if not roll.passed:
        x, y, drop = over
        fall(st, m, x, y, drop)


def fall(st: SMState, m: Model, x: float, y: float, drop: float) -> None:
    """The model lands at (x, y), ``drop`` inches below where it stood, and takes a Falling
    Check: d10 + the drop rounded up against d10 + CON, no ARM; Shocked or Wounded as usual
    (sm.terrain.falling_check)."""
    frm = [round(m.x, 2), round(m.y, 2)]
    m.x, m.y = x, y
    settle(st, m)
    roll = mech.falling_check(drop, m.f.con, m.f.wound_threshold).sample(st.dice)
    st.log.emit("fall", uid=m.uid, name=m.name, drop=round(drop, 2), frm=frm, x=x, y=y,
                damage_dice=roll.damage_dice, resistance_dice=roll.resistance_dice,
                damage_total=roll.damage_total, resistance_total=roll.resistance_total,
                result=roll.result)
    apply_injury(st, m, roll.result, None)


def wound(st: SMState, m: Model, fled: bool = False) -> None:
    """Remove a model from play (sm.condition.wounded); friends within 3" test for Panic from
    Losses first (sm.panic.losses)."""
    witnesses = [] if fled else [o for o in st.friends_of(m) if o.ready
                                 and st.gap(m, o) <= 3.0 + 1e-6]
    m.on_table, m.active, m.ambush = False, False, False
    if fled:
        m.fled = True
        st.log.emit("fled", uid=m.uid, name=m.name, side=m.side)
    else:
        m.wounded = True
        st.log.emit("wounded", uid=m.uid, name=m.name, side=m.side)
    for o in witnesses:
        if not o.on_table or not o.ready:
            continue
        if st.engaged(o):
            st.log.emit("panic", uid=o.uid, name=o.name, cause="losses", passed=True,
                        auto="engaged")
            continue
        if o.has("highborn") and TYPE_RANK[o.f.type] > TYPE_RANK[m.f.type]:
            continue  # Highborn ignores the loss of lesser friends
        passed = panic_check(st, o, 5, "losses")
        if not passed and o.has("reptilian"):
            passed = panic_check(st, o, 5, "losses (re-roll)")
        if not passed:
            o.broken, o.active, o.ambush = True, False, False
            flee_from(st, o, (m.x, m.y))


def panic_immune(m: Model, outnumbered: bool) -> bool:
    """Immune (Panic): Avatar, Fanatic, Wight; Feral is Immune (Panic from Outnumbered)
    (sm.origin.caste_avatar, sm.trait.fanatic, sm.trait.wight, sm.origin.bloodline_feral)."""
    return (m.f.subtype == "avatar" or m.has("fanatic") or m.has("wight")
            or (outnumbered and m.f.subtype == "feral"))


def panic_check(st: SMState, m: Model, difficulty: int, cause: str) -> bool:
    """A Panic Check: CMD (+ Valor) against Difficulty (5), or the Warlord's CMD inside its
    Command Radius when higher (sm.panic.general, sm.modeltype.warlord, sm.trait.valor)."""
    if panic_immune(m, cause == "outnumbered"):
        st.log.emit("panic", uid=m.uid, name=m.name, cause=cause, passed=True, auto="immune")
        return True
    own = m.f.cmd + m.f.level("valor") + (
        MORE_THAN_HUMAN if _spend_more_than_human(st, m, "stout") else 0)
    rating = own
    wl = st.warlord(m.side)
    if wl is not m and wl.ready and wl.f.cmd > m.f.cmd and st.gap(m, wl) <= wl.f.cmd:
        rating = max(own, wl.f.cmd)
    roll = mech.DifficultyCheck(rating, difficulty).sample(st.dice)
    st.log.emit("panic", uid=m.uid, name=m.name, cause=cause, rating=rating,
                difficulty=difficulty, roll=roll.primary.rolled, against=roll.secondary.rolled,
                passed=roll.passed)
    return roll.passed


def flee_from(st: SMState, m: Model, source: tuple[float, float]) -> None:
    """A model failing Panic from Losses runs a Random Check in inches straight away from the
    Wounded friend, avoiding enemies and Difficult Ground (sm.panic.losses)."""
    a, b, dist = mech.RandomCheck().sample(st.dice)
    dx, dy = m.x - source[0], m.y - source[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    goal = (m.x + dx / length * dist, m.y + dy / length * dist)
    frm = [round(m.x, 2), round(m.y, 2)]
    x, y, moved = move_model(st, m, goal, float(dist), "hustle")
    m.x, m.y = x, y
    settle(st, m)
    st.log.emit("broken", uid=m.uid, name=m.name, side=m.side, random=[a, b],
                moved=round(moved, 1), frm=frm, x=round(x, 2), y=round(y, 2))
