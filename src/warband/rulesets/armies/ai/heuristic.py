"""The ``heuristic`` Armies of Arcana controller: a battle line, charges that pay, focused
fire, a guarded wizard and general, counterspells against what hurts.

Every estimate uses the exact mechanics (:mod:`..mechanics`): the chance one attack wounds a
given target is ``Attacks(skill, 1, save).p_wound``, so the AI weighs exactly the odds the game
rolls. It reads only its player's view.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from warband.core.decisions import Decision, Reasoned
from warband.core.formations import Formation
from warband.rulesets.armies import choices as C
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.rules.measure import cover_of
from warband.rulesets.armies.rules.melee import melee_skill
from warband.rulesets.armies.rules.missile import range_to, to_hit_skill
from warband.rulesets.armies.rules.movement import charge_plan
from warband.rulesets.armies.rules.setup import line_positions
from warband.rulesets.armies.state import Unit

__all__ = ["HeuristicController"]

#: a unit stays within this of its battle line unless it charges (inches)
LINE_SLACK = 3.0


def _f(u: Unit) -> Formation:
    assert u.formation is not None
    return u.formation


def _save(view: Any, target: Unit, strength: int, magical: bool = False,
          artillery: bool = False) -> m.ArmourSave:
    p = target.profile if target.models else target.alive_characters[0].profile
    return m.ArmourSave(p.armour + view.armour_bonus(target), strength, p.fixed_armour,
                        magical, artillery)


def _p_wound(view: Any, attacker: Unit, target: Unit) -> float:
    p = attacker.profile if attacker.models else attacker.alive_characters[0].profile
    skill = melee_skill(view, attacker, p, target, None)
    return float(m.Attacks(skill, 1, _save(view, target, p.strength,
                                           Trait.MAGICAL_ATTACKS in p.traits)).p_wound)


def _front_fighters(u: Unit, frontage: float) -> int:
    if u.models == 0:
        return 0
    if u.skirmish:
        return u.models
    if u.single:
        return 1
    files = min(u.current_files, max(1, math.floor(frontage / u.base_w + 0.05)))
    return min(u.models, files * (2 if u.has(Trait.LONG_WEAPON) else 1))


def melee_exchange(view: Any, a: Unit, b: Unit, frontage: float, charging: bool) -> float:
    """Expected wounds ``a`` deals ``b`` minus those it takes, one round, as points (the
    wounds weighted by each side's points per wound)."""
    fa, fb = _front_fighters(a, frontage), _front_fighters(b, frontage)
    dealt = fa * a.profile.attacks * _p_wound(view, a, b) if a.models else 0.0
    if charging and a.profile.ramming:
        dealt += fa * a.profile.ramming * _p_wound(view, a, b)
    dealt += sum(c.profile.attacks for c in a.alive_characters) * 0.4
    taken = fb * b.profile.attacks * _p_wound(view, b, a) if b.models else 0.0
    taken += sum(c.profile.attacks for c in b.alive_characters) * 0.4
    return dealt * _value_per_wound(b) - taken * _value_per_wound(a)


def _value_per_wound(u: Unit) -> float:
    return u.cost / max(1, u.start_wounds)


def _wizard(u: Unit) -> bool:
    """Holds a wizard (kept behind the line, out of harm's way)."""
    return any(c.caster for c in u.alive_characters)


def _general(u: Unit) -> bool:
    return any(c.general for c in u.alive_characters)


class HeuristicController:
    name = "heuristic"

    def __init__(self) -> None:
        self._fired_at: dict[int, float] = {}
        self._turn = -1

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        if view.turn != self._turn:
            self._turn, self._fired_at = view.turn, {}
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return decision.options[0]
        return handler(view, decision)

    # -- yes/no ---------------------------------------------------------------------------
    def _move_first(self, view: Any, d: Decision) -> Any:
        me = d.player
        can_charge = any(charge_plan(view, u, e) is not None
                         for u in view.on_table(me) for e in view.on_table(1 - me))
        return Reasoned(C.YesNo(can_charge), "move first to charge" if can_charge
                        else "move second to see the enemy come")

    def _stand_and_shoot(self, view: Any, d: Decision) -> Any:
        return C.YesNo(True)

    def _cast_first(self, view: Any, d: Decision) -> Any:
        return C.YesNo(True)

    def _flee_move(self, view: Any, d: Decision) -> Any:
        """Run the normal move too only when even a 6 on top cannot carry the unit off the
        table: a broken unit still on it may rally."""
        u: Unit = view.unit(d.info["uid"])
        w, h = view.scenario.table
        margin = min(min(x, y, w - x, h - y) for x, y in _f(u).corners())
        room = margin - 6 - u.profile.move - max(_f(u).width, _f(u).depth)
        if room > 0:
            return C.YesNo(True)
        return Reasoned(C.YesNo(False), "flee only the D6: the table edge is near")

    def _pursue(self, view: Any, d: Decision) -> Any:
        return C.YesNo(True)

    # -- movement ---------------------------------------------------------------------------
    def _infiltrate(self, view: Any, d: Decision) -> Any:
        places = [o for o in d.options if o.when == "now"]
        if not places:
            return next(o for o in d.options if o.when == "wait")
        me = d.player
        prey = [e for e in view.on_table(1 - me) if e.profile.missile is not None] or \
            view.on_table(1 - me)
        if not prey:
            return places[0]

        def closeness(o: C.Place) -> float:
            return min(math.dist((o.x, o.y), _f(e).centre) for e in prey)
        return Reasoned(min(places, key=closeness), "infiltrate next to the enemy shooters")

    def _infiltrate_late(self, view: Any, d: Decision) -> Any:
        """As :meth:`_infiltrate` (a method, not a class-level alias: the compiled build
        cannot hold those)."""
        return self._infiltrate(view, d)

    def _deploy(self, view: Any, d: Decision) -> Any:
        """The battle line: each unit as near its place in the house line as it can, the
        wizard's unit in the second line behind it."""
        u: Unit = view.unit(d.info["uid"])
        x = line_positions(view, d.player)[u.uid]
        home = 0.0 if d.player == 0 else view.scenario.table[1]
        rows = sorted({o.y for o in d.options}, key=lambda y: -abs(y - home))  # front first
        row = rows[-1] if _wizard(u) else rows[0]
        pool = [o for o in d.options if o.y == row]

        def miss(o: C.Place) -> float:
            return abs(o.x - x)
        return min(pool, key=miss)

    def _line_front(self, view: Any, side: int) -> float:
        """How far forward the battle line stands (distance of the fronts from the home
        edge, averaged over the rank-and-file units)."""
        h = view.scenario.table[1]
        fronts = [_f(u).y if side == 0 else h - _f(u).y
                  for u in view.on_table(side) if u.raf and not u.engaged
                  and u.profile.missile is None and not _wizard(u)]
        return sum(fronts) / len(fronts) if fronts else math.inf

    def _order(self, view: Any, d: Decision) -> Any:
        u: Unit = view.unit(d.info["uid"])
        me = d.player
        charges = [o for o in d.options if o.kind == "charge"]
        best, best_score = None, 0.0
        for o in charges:
            target = view.unit(o.target)
            plan = charge_plan(view, u, target)
            if plan is None:
                continue
            face = _f(target).face_towards(*_f(u).centre)
            frontage = min(plan.width, _f(target).width if face in ("front", "rear")
                           else _f(target).depth)
            score = melee_exchange(view, u, target, frontage, True)
            # the charger chooses the fight and is not charged in turn: worth something, more
            # so for a big unit whose ranks win the break tests that follow
            score += u.cost / 10 + 2 * (u.model_count - target.model_count)
            if face != "front":
                score += 0.5 * target.cost / 4  # a flank or rear charge may make it test
            if target.broken:
                score += target.cost / 4
            objective = view.scenario.objective
            if objective is not None and target.models and _f(target).distance_to_point(
                    *objective) <= view.scenario.objective_radius:
                score += view.scenario.objective_vp / 4  # clear the objective
            if u.profile.missile is not None and not u.profile.missile.natural:
                score -= u.cost / 3  # shooters would rather shoot
            if _wizard(u):
                score -= u.cost / 4  # the wizard's guard fights only a fight it wins big
            if _general(u) and melee_exchange(view, u, target, frontage, True) < -u.cost / 10:
                score = 0.0  # nor does the general's unit gamble on a bad fight
            if score > best_score:
                best, best_score = o, score
        if best is not None:
            return Reasoned(best, f"charge: expected exchange {best_score:+.0f} points")
        enemies = view.on_table(1 - me)
        hold = C.Order(u.uid, "hold")
        if not enemies:
            return hold
        nearest = min(enemies, key=lambda e: _f(u).distance(_f(e)))
        gap = _f(u).distance(_f(nearest))
        if u.profile.missile is not None and not u.profile.missile.natural:
            if any(m.range_band(range_to(u, e), u.profile.missile.range) for e in enemies):
                return Reasoned(hold, "shooters hold and shoot")
            return C.Order(u.uid, "advance", nearest.uid)
        if _wizard(u):
            threat = min((_f(e).distance(_f(u)) - e.profile.move
                          for e in enemies if e.active), default=99.0)
            if threat < 3:
                return Reasoned(C.Order(u.uid, "fall_back"), "keep the wizard out of reach")
            if gap < 14:
                return Reasoned(hold, "the wizard stays behind the line")
        objective = view.scenario.objective
        if objective is not None and u.models and (view.turn >= view.turns - 4 or _general(u)
                                                    or u.profile.kind.value == "cavalry"):
            if _f(u).distance_to_point(*objective) > view.scenario.objective_radius - 1:
                return Reasoned(C.Order(u.uid, "objective"), "take the objective")
            return Reasoned(hold, "hold the objective")
        # pick the enemy this unit fights best
        def appeal(e: Unit) -> float:
            exchange = melee_exchange(view, u, e, _f(u).width, False)
            return exchange / max(1.0, u.cost / 10) - _f(u).distance(_f(e)) / 3
        target = max(enemies, key=appeal)
        h = view.scenario.table[1]
        mine = _f(u).y if me == 0 else h - _f(u).y
        if mine > self._line_front(view, me) + LINE_SLACK:
            return Reasoned(hold, "keep the battle line")
        if u.raf and not u.has(Trait.FEARLESS):
            # do not walk into a charge we would lose
            danger = [e for e in enemies if e.active and _f(e).distance(_f(u))
                      - u.profile.move < e.profile.move
                      and melee_exchange(view, e, u, _f(u).width, True) > 0]
            if danger and melee_exchange(view, u, target, _f(u).width, False) < 0:
                return Reasoned(hold, f"stay out of {danger[0].name}'s charge")
        return C.Order(u.uid, "advance", target.uid)

    # -- magic ------------------------------------------------------------------------------
    def _spell_value(self, view: Any, me: int, o: C.Cast) -> float:
        spell = view.spells[o.spell]
        target: Unit = view.unit(o.target)
        if spell.effect in ("damage", "plague"):
            p_wound = 1 - float(_save(view, target, spell.strength, True).probability())
            turns = max(1, view.turns - view.turn) if spell.persistent else 1
            if spell.persistent and any(s.target == target.uid and s.spell.id == spell.id
                                        for s in view.in_play):
                return 0.0
            return float(spell.amount * p_wound * _value_per_wound(target) * min(turns, 3))
        if spell.effect == "armour":
            if any(s.target == target.uid and s.spell.id == spell.id for s in view.in_play):
                return 0.0
            return target.cost / 6 * (2 if target.engaged else 1)
        if spell.effect == "skill":
            return target.cost / 5 if target.engaged else 0.0
        if spell.effect == "morale":
            return target.cost / 6 if target.engaged or target.wounded_turn else 0.0
        return 0.0

    def _cast(self, view: Any, d: Decision) -> Any:
        me = d.player
        best, best_score = C.Pass(), 0.0
        for o in d.options:
            if isinstance(o, C.Cast):
                spell = view.spells[o.spell]
                _, caster = view.host_of(o.cid)
                p_cast = float(m.PowerRoll(o.power, spell.difficulty, True).probability())
                # keep a point for counterspells unless spending it all buys a lot
                reserve = 0.15 if o.power == caster.power and caster.power > 1 else 0.0
                score = self._spell_value(view, me, o) * p_cast * (1 - reserve)
            elif isinstance(o, C.Dispel):
                s = view.in_play[o.index]
                target = view.unit(s.target)
                p = float(m.PowerRoll(o.power, s.total, True).probability())
                score = p * (target.cost / 4 if s.spell.effect == "plague" else target.cost / 8)
            else:
                continue
            if score > best_score:
                best, best_score = o, score
        return best

    def _counterspell(self, view: Any, d: Decision) -> Any:
        me = d.player
        spell = view.spells[d.info["spell"]]
        target = view.unit(d.info["target"])
        harmful = (spell.effect in ("damage", "plague") and target.side == me) or (
            spell.effect in ("armour", "skill", "morale") and target.engaged)
        if not harmful:
            return C.Counter(-1)
        best = max((o for o in d.options if o.cid >= 0), key=lambda o: o.power)
        p = m.PowerRoll(best.power, d.info["total"], ties_win=False).probability()
        if p < Fraction(1, 6):
            return Reasoned(C.Counter(-1), "no hope of countering it")
        return Reasoned(best, f"counter {spell.name}: {float(p):.0%} to succeed")

    # -- shooting and melee -----------------------------------------------------------------
    def _shoot(self, view: Any, d: Decision) -> Any:
        u: Unit = view.unit(d.info["uid"])
        best, best_score = C.Shoot(u.uid, -1), 0.0
        missile = u.profile.missile
        assert missile is not None
        for o in d.options:
            if o.target < 0:
                continue
            t: Unit = view.unit(o.target)
            if any(view.unit(x).side == u.side for x in t.engaged):
                continue  # misses would fall on our own men
            skill = to_hit_skill(view, u, t, range_to(u, t))
            save = _save(view, t, missile.strength, missile.magical, missile.artillery)
            p = float(m.Attacks(skill, 1, save).p_wound)
            shots = (missile.scatter_d3s * 2 if missile.scatter_d3s else
                     max(1, u.models if not u.raf else u.current_files * missile.ranks))
            score = p * shots * _value_per_wound(t)
            score *= 1.0 + self._fired_at.get(t.uid, 0.0)  # focus fire
            if cover_of(view, t) != "none":
                score *= 0.9
            if t.start_wounds and t.wounds_left * 2 < t.start_wounds:
                score *= 1.3  # finish what is half dead
            if t.profile.missile is not None and not t.profile.missile.natural:
                score *= 1.5  # silence their shooters
            reach = t.profile.move + (3 if t.skirmish else 0) + 1
            if any(o.active and _f(t).within(_f(o), reach) for o in view.on_table(u.side)):
                score *= 2.0  # it can charge one of ours next turn: shoot it first
            if score > best_score:
                best, best_score = o, score
        if best.target >= 0:
            self._fired_at[best.target] = self._fired_at.get(best.target, 0.0) + 0.5
        return best

    def _monster_target(self, view: Any, d: Decision) -> Any:
        chars = [o for o in d.options if o.cid >= 0]
        for o in chars:
            _, c = view.host_of(o.cid)
            if c.wounds <= 3 and (c.general or c.caster):
                return Reasoned(o, f"go for {c.name}")
        return next(o for o in d.options if o.cid < 0)
