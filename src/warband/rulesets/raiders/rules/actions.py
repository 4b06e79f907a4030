"""Which actions and reactions a unit may take, and declaring them.

Rule ids: ``raiders.action.procedure``, ``raiders.action.categories``,
``raiders.action.reaction_rules``, ``raiders.fatigue.limit``, ``raiders.morale.broken_state``,
and each action's own rule (``raiders.action.*``, listed in :data:`~.choices.ACTIONS`).

Who may act: a unit that is not fatigued; a broken unit only Rallies (or Regroups, see
``Options.broken_may_regroup``). A unit off the table in a Meeting Engagement can only Move or
Run on. Shooting needs a ranged weapon and a ready marker (Make Ready first); Aim needs the
ready marker; Store Power and Cast Spell need a magic user; Regroup needs a morale token to
remove; Deploy Palisades needs palisades not yet deployed or lost. Flee is never chosen: it is
forced (a charge on a broken or fatigued unit, a failed test when reacting to a charge).

Who may react (raiders.action.reaction_rules, with the rules yaml's default readings):

* At most one reaction, by one enemy unit that is neither broken nor fatigued.
* To an independent action: any such unit with a targeted action against the acting unit
  (Shoot, Charge), or a unit whose run distance reaches where the acting unit started with an
  independent action (Move, Run, Make Ready, Aim, Store Power, Regroup, Deploy Palisades).
* To a targeted action: the target unit, with an independent action or a targeted action
  against the acting unit. Only a shot unit may Go to Ground or form a shield wall against
  shooting; only a charged unit may Counter-charge, Defend or form a Shield Wall, and it answers
  a charge with these rather than with a charge of its own.
* To a spell: an enemy magic user may Counter Spell (the one reaction that need not come from
  the target), or the target reacts as to any targeted action. Spells are never reactions.
* No reactions to reactions.
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from warband.core.decisions import Decision, LazyOptions
from warband.core.game import Pending
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.rules import offered
from warband.rulesets.raiders.rules.magic import counter_spellers
from warband.rulesets.raiders.rules.measure import line_of_sight, shoot_targets
from warband.rulesets.raiders.rules.movement import (
    can_enter,
    entry_candidates,
    entry_ok,
    entry_problem,
    entry_start,
    is_point,
    move_candidates,
)
from warband.rulesets.raiders.state import RaidersReader, RaidersState, Unit
from warband.rulesets.raiders.unit import Spell

__all__ = [
    "Declared",
    "actions_for",
    "can_react",
    "charge_targets",
    "declare",
    "declare_reaction",
    "reaction_options",
]

INDEPENDENT_REACTIONS = ("move", "run", "make_ready", "aim", "store_power", "regroup",
                         "deploy_palisades")


@dataclass(slots=True)
class Declared:
    """An action or reaction as declared (raiders.action.procedure steps 1-4)."""

    unit: Unit
    action: str
    target: Unit | None = None
    point: tuple[float, float] | None = None
    spell: Spell | None = None
    power: int = 0
    start: tuple[float, float] = (0.0, 0.0)
    entering: bool = False
    reaction: bool = False
    failed: bool = False  # broke on a morale test: the action or reaction fails

    @property
    def targeted(self) -> bool:
        return C.ACTIONS[self.action].targeted


def can_react(u: Unit) -> bool:
    """Neither broken nor fatigued, and on the table."""
    return u.on_table and not u.broken and not u.fatigued


def charge_targets(st: RaidersReader, u: Unit, start: tuple[float, float] | None = None) -> list[Unit]:
    """Enemy units whose formation is within the unit's standard move of its own (what a
    charge can reach, terrain permitting)."""
    x, y = start if start is not None else (u.x, u.y)
    own, move = u.radius, u.move  # read once: asked for every unit at every activation
    out = []
    for e in st.enemies_of(u):
        gap = ((e.x - x) ** 2 + (e.y - y) ** 2) ** 0.5 - own - e.radius
        if gap <= move:
            out.append(e)
    return out


def _in_charge_reach(u: Unit, e: Unit) -> bool:
    """Is ``e``'s formation within ``u``'s standard move of ``u``'s formation? The test of
    :func:`charge_targets` for one unit, the same expression."""
    gap: float = ((e.x - u.x) ** 2 + (e.y - u.y) ** 2) ** 0.5 - u.radius - e.radius
    return gap <= u.move


def _can_charge(st: RaidersReader, u: Unit) -> bool:
    """Whether :func:`charge_targets` names anyone: the same test, stopping at the first
    enemy in reach (asked for every unit that may act, at every activation)."""
    x, y, side = u.x, u.y, u.side
    own, move = u.radius, u.move
    for e in st.units:  # st.enemies_of(u), in its order, without building the tuple
        # (e.on_table read inline: a property's call per unit, at every activation)
        if (e.side != side and e.deployed and not e.destroyed
                and ((e.x - x) ** 2 + (e.y - y) ** 2) ** 0.5 - own - e.radius <= move):
            return True
    return False


def _can_shoot(st: RaidersReader, u: Unit) -> bool:
    """Whether :func:`shoot_targets` names anyone: the same tests, stopping at the first
    enemy in range and in sight (each sight test costs rays and a walk over the units)."""
    rng = u.profile.ranged_range
    if rng is None or not u.on_table:
        return False
    return any(st.leader_distance(u, e) <= rng and line_of_sight(st, u, e)
               for e in st.enemies_of(u))


def _may_shoot_at(st: RaidersReader, shooter: Unit, target: Unit) -> bool:
    """Whether ``target`` is one of :func:`shoot_targets` of ``shooter`` (an enemy on the
    table, in range and in sight), tested for that one unit only."""
    rng = shooter.profile.ranged_range
    return (rng is not None and shooter.on_table and target.on_table
            and target.side != shooter.side and st.leader_distance(shooter, target) <= rng
            and line_of_sight(st, shooter, target))


def _castable(st: RaidersReader, u: Unit) -> list[tuple[Spell, list[Unit]]]:
    """Each of the caster's spells that has a target, with its targets
    (:func:`~.magic.spell_targets`). The units in sight within the longest range are found
    once and each spell keeps those within its own range, in the table's order: the same
    lists, one sight test per unit instead of one per unit and spell."""
    spells = [st.spells[sid] for sid in u.profile.spells]
    if not spells:
        return []
    reach = max(spell.range for spell in spells)
    in_sight = [(t, d) for t in st.units
                if t.on_table and (d := st.leader_distance(u, t)) <= reach
                and line_of_sight(st, u, t)]
    out = []
    for spell in spells:
        targets = [t for t, d in in_sight if d <= spell.range]
        if targets:
            out.append((spell, targets))
    return out


def _independent(st: RaidersReader, u: Unit) -> list[str]:
    acts = ["move", "run"]
    if u.shooter:
        if not u.ready:
            acts.append("make_ready")
        elif not u.aimed:
            acts.append("aim")
    if u.profile.magic_user:
        acts.append("store_power")
    if u.morale_tokens > 0:
        acts.append("regroup")
    if u.has("palisades") and u.palisade is None and not u.palisade_lost:
        acts.append("deploy_palisades")
    return acts


def actions_for(st: RaidersReader, u: Unit) -> list[str]:
    """The actions unit ``u`` may take now (empty if it cannot act)."""
    if u.destroyed or u.fatigued:
        return []
    if not u.deployed:
        if st.scenario.setup != "meeting-engagement":
            return []
        return ["move", "run"] if can_enter(st, u, u.run) else []
    if u.broken:
        acts = ["rally"]
        if st.options.broken_may_regroup and u.morale_tokens > 0:
            acts.append("regroup")
        return acts
    acts = _independent(st, u)
    if u.shooter and u.ready and _can_shoot(st, u):
        acts.append("shoot")
    if _can_charge(st, u):
        acts.append("charge")
    if u.profile.magic_user:
        acts.append("cast_spell")  # a spell can always target the caster's own unit
    return acts


def _menu(st: RaidersReader, u: Unit, allowance: float) -> LazyOptions:
    """The suggested destinations of ``u``'s Move or Run (:func:`move_candidates`), worked out
    only if something reads them (raiders.action.move, raiders.action.run): any point is a
    legal destination (``is_point``), so an AI that answers with a point of its own (the
    heuristics' planned point) never needs the menu, which costs a reach through the terrain
    per aim. Closed by the flow once answered (the menu is of the table as it stood)."""
    return LazyOptions(functools.partial(move_candidates, st, u, allowance))


def declare(st: RaidersState, u: Unit, action: str) -> Generator[Pending, Any, Declared]:
    """Steps 2-3 of an action: its details (destination, target, spell, power)."""
    d = Declared(u, action, start=(u.x, u.y))
    info = {"unit": u.uid, "action": action}
    if action in ("move", "run"):
        allowance = float(u.move if action == "move" else u.run)
        if not u.deployed:
            pick = yield Decision(
                "destination", u.side, entry_candidates(st, u, allowance),
                prompt=f"{u.name}: where to {action} onto the table",
                accepts=functools.partial(entry_ok, st, u, allowance),
                why_not=functools.partial(entry_problem, st, u, allowance),
                info={**info, "entering": True, "allowance": allowance},
            )
            d.entering = True
            start = entry_start(st, u, (pick.x, pick.y))
            assert start is not None
            d.start = start
        else:
            menu = _menu(st, u, allowance)
            pick = yield Decision(
                "destination", u.side, menu,
                prompt=f"{u.name}: {action} where (up to {allowance:g}\")", accepts=is_point,
                info={**info, "entering": False, "allowance": allowance},
            )
            menu.close()
        d.point = (float(pick.x), float(pick.y))
    elif action == "shoot":
        pick = yield Decision("target", u.side, [offered.target(e.uid) for e in shoot_targets(st, u)],
                              prompt=f"{u.name}: shoot at", info=info)
        d.target = st.by_uid(pick.uid)
    elif action == "charge":
        pick = yield Decision("target", u.side, [offered.target(e.uid) for e in charge_targets(st, u)],
                              prompt=f"{u.name}: charge", info=info)
        d.target = st.by_uid(pick.uid)
    elif action == "cast_spell":
        castable = _castable(st, u)
        pick = yield Decision("spell", u.side, [C.ChooseSpell(s.id) for s, _ in castable],
                              prompt=f"{u.name}: cast which spell", info=info)
        spell, targets = next((s, t) for s, t in castable if s.id == pick.spell)
        d.spell = spell
        target = yield Decision("target", u.side, [offered.target(t.uid) for t in targets],
                                prompt=f"{u.name}: cast {spell.name} on",
                                info={**info, "spell": spell.id})
        d.target = st.by_uid(target.uid)
        power = yield Decision("power", u.side, [C.Power(k) for k in range(u.power + 1)],
                               prompt=f"{u.name}: stored power to spend ({u.power} held)",
                               info={**info, "spell": spell.id, "target": d.target.uid})
        d.power = int(power.tokens)
    return d


def _target_reactions(st: RaidersReader, d: Declared, t: Unit) -> list[C.React]:
    """What the target of a targeted action may answer with."""
    act = d.unit
    out = [offered.react(t.uid, a) for a in _independent(st, t) if a in INDEPENDENT_REACTIONS]
    if d.action == "shoot":
        out.append(offered.react(t.uid, "go_to_ground"))
        if t.has("shield-wall-shooting"):
            out.append(offered.react(t.uid, "shield_wall_shooting"))
    if d.action == "charge":
        out.append(offered.react(t.uid, "counter_charge", act.uid))
        out.append(offered.react(t.uid, "defend", act.uid))
        if t.has("shield-wall-combat"):
            out.append(offered.react(t.uid, "shield_wall", act.uid))
    if t.shooter and t.ready and _may_shoot_at(st, t, act):
        out.append(offered.react(t.uid, "shoot", act.uid))
    if (d.action != "charge" and act.on_table and act.side != t.side
            and _in_charge_reach(t, act)):  # act in charge_targets(st, t)
        out.append(offered.react(t.uid, "charge", act.uid))
    return out


def _in_range_of(shooter: Unit, x: float, y: float) -> bool:
    """Is (x, y) within the shooter's weapon range of its leader?"""
    rng = shooter.profile.ranged_range
    return rng is not None and ((x - shooter.x) ** 2 + (y - shooter.y) ** 2) ** 0.5 <= rng


def reaction_options(st: RaidersReader, d: Declared) -> list[Any]:
    """Every legal answer to the declared action ``d`` (the first is :class:`NoReaction`)."""
    act = d.unit
    opp = 1 - act.side
    out: list[Any] = [offered.NO_REACTION]
    if d.action == "cast_spell":
        assert d.target is not None
        out.extend(offered.react(m.uid, "counter_spell", act.uid)
                   for m in counter_spellers(st, act, d.target))
        if d.target.side == opp and can_react(d.target):
            out.extend(_target_reactions(st, d, d.target))
        return out
    if d.targeted:
        t = d.target
        if t is not None and t.side == opp and can_react(t):
            out.extend(_target_reactions(st, d, t))
        return out
    sx, sy = d.start
    for v in st.living(opp):
        if not can_react(v):
            continue
        if v.shooter and v.ready:
            seen = line_of_sight(st, v, act) if act.on_table else True
            if seen and _in_range_of(v, sx, sy):
                out.append(offered.react(v.uid, "shoot", act.uid))
        gap = ((v.x - sx) ** 2 + (v.y - sy) ** 2) ** 0.5 - v.radius - act.radius
        if gap <= v.move:
            out.append(offered.react(v.uid, "charge", act.uid))
        if ((v.x - sx) ** 2 + (v.y - sy) ** 2) ** 0.5 <= v.run:
            out.extend(offered.react(v.uid, a) for a in _independent(st, v) if a in INDEPENDENT_REACTIONS)
    return out


def declare_reaction(st: RaidersState, d: Declared,
                     pick: C.React) -> Generator[Pending, Any, Declared]:
    """The details of a chosen reaction (a destination, or power for a counter-spell)."""
    v = st.by_uid(pick.uid)
    r = Declared(v, pick.action, target=st.by_uid(pick.target) if pick.target >= 0 else None,
                 start=(v.x, v.y), reaction=True)
    info = {"unit": v.uid, "action": pick.action, "reaction": True}
    if pick.action in ("move", "run"):
        allowance = float(v.move if pick.action == "move" else v.run)
        menu = _menu(st, v, allowance)
        goal = yield Decision(
            "destination", v.side, menu,
            prompt=f"{v.name}: {pick.action} where (up to {allowance:g}\")", accepts=is_point,
            info={**info, "entering": False, "allowance": allowance},
        )
        menu.close()
        r.point = (float(goal.x), float(goal.y))
    elif pick.action == "counter_spell":
        power = yield Decision("power", v.side, [C.Power(k) for k in range(v.power + 1)],
                               prompt=f"{v.name}: stored power to spend on the counter-spell",
                               info={**info, "casting_dice": 1 + d.power})
        r.power = int(power.tokens)
    return r
