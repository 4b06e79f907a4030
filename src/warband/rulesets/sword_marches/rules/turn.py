"""The Turn: Mettle, Orders and Action Phases (sm.turn.overview).

* Mettle (sm.mettle.overview): Rout Checks, Panic from Outnumbered, Random Movement of Broken
  models, Recover Shocked models.
* Orders (sm.orders.overview): Strategy Check for the Edge and the Break (none in Turn 1 or on
  an Edge Turnover), Tactical Pools, Ordering Action Tokens alternately, Tactical Dice.
* Action (sm.actionphase.*): alternating Actions, the Edge's Unbreakable first Action, Breaks
  and Breaks on Breaks, Forfeits; every Action of sm.action.*.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from typing import Any

from warband.core.decisions import Decision
from warband.rulesets.sword_marches import mechanics as mech
from warband.rulesets.sword_marches.choices import MOVES, Act
from warband.rulesets.sword_marches.models import ModelType
from warband.rulesets.sword_marches.rules.combat import (
    apply_injury,
    charge_candidates,
    charge_start,
    close_attack,
    close_cbt,
    close_weapon,
    elevated_over,
    fall,
    panic_check,
    ranged_attack,
    ranged_targets,
    ranged_weapon,
    resisted,
    visible_enemies,
    wound,
)
from warband.rulesets.sword_marches.rules.terrain import (
    FREE_DROP,
    JUMP_MAX,
    climb_over,
    concealed,
    edge_goal,
    elevation,
    foot_of_drop,
    in_area,
    jump_spots,
    line_of_sight,
    move_model,
    near_cover,
    pieces,
    platform_foot,
    settle,
)
from warband.rulesets.sword_marches.state import Model, SMState

__all__ = ["action_options", "decided", "options_for", "play_turn", "rout_threshold"]

Steps = Generator[Any, Any, None]


# ============================================================================== the whole Turn
def play_turn(st: SMState) -> Steps:
    st.turn += 1
    for m in st.models:
        m.shocks_this_turn = 0
        m.broke_this_turn = m.tactical_used = m.fighting_man_used = False
        m.token_from_effect = False
    st.acted, st.forfeited = [0, 0], [0, 0]
    st.belay_used = [False, False]
    st.log.emit("turn", turn=st.turn)
    yield from mettle(st)
    if st.over:
        return
    yield from orders(st)
    yield from action_phase(st)
    if not st.over:
        end_of_turn(st)


def _at(m: Model) -> list[float]:
    """Where a model stands, for an event (the board view draws moves from it)."""
    return [round(m.x, 2), round(m.y, 2)]


def decided(st: SMState) -> bool:
    return st.over or not any(st.living(0)) or not any(st.living(1))


def end_of_turn(st: SMState) -> None:
    """Unused Tokens and Tactical Dice are lost (sm.orders.tactical_dice); Soldiers Recover
    at the end of the Turn they were Shocked in (sm.origin.caste_soldier); Entangle ends."""
    st.tactical_dice = [0, 0]
    st.pool = [0, 0]
    for m in st.living():
        m.active = False
        m.entangled = False
        if m.shocked and m.f.subtype == "soldier":
            m.shocked = False
            st.log.emit("recover", uid=m.uid, name=m.name, why="Soldier")
    # A side forfeiting every Action it had this Turn loses the game (sm.actionphase.forfeit).
    losers = [p for p in (0, 1) if st.forfeited[p] > 0 and st.acted[p] == 0]
    if losers:
        st.over = True
        st.extra["end"] = ("forfeit", None if len(losers) == 2 else 1 - losers[0])
        st.log.emit("forfeit_game", players=losers)


# ============================================================================== Mettle Phase
def rout_threshold(st: SMState, side: int) -> float:
    """25% of the starting models, 50% against a Rival; a Relentless Crusader not Wounded
    50% / 75% (sm.mettle.rout_check, sm.archetype.relentless_crusader)."""
    crusader = (st.musters[side].archetype == "relentless_crusader"
                and not st.warlord(side).wounded)
    if crusader:
        return 0.75 if st.rivals else 0.5
    return 0.5 if st.rivals else 0.25


def _commander(st: SMState, side: int, allow_shocked: bool) -> Model | None:
    """The Warlord able to make a Rout or Strategy Check, else (Military) a Ready Champion
    (sm.mettle.rout_warlord_condition, sm.orders.strategy_check, sm.stronghold.military)."""
    wl = st.warlord(side)
    if wl.on_table and not wl.broken and (wl.ready or (allow_shocked and wl.shocked)):
        return wl
    if st.musters[side].stronghold == "military":
        champs = [m for m in st.living(side) if m.f.type is ModelType.CHAMPION and m.ready]
        if champs:
            return max(champs, key=lambda m: (m.f.cmd, -m.uid))
    return None


def mettle(st: SMState) -> Steps:
    order = _edge_order(st)
    # 1. Rout Checks (sm.mettle.rout_check, sm.mettle.multiple_rout)
    failed: list[int] = []
    for side in order:
        lost = st.lost(side)
        if lost == 0 or lost < rout_threshold(st, side) * st.starting[side] - 1e-9:
            continue
        enemy = 1 - side
        fearsome = (st.musters[enemy].archetype == "fearsome_adversary"
                    and not st.warlord(enemy).wounded)
        cmdr = _commander(st, side, allow_shocked=True)
        rating = cmdr.f.cmd if cmdr is not None else 0
        against = lost + (1 if fearsome else 0)
        roll = mech.DifficultyCheck(rating, against).sample(st.dice)
        st.log.emit("rout_check", player=side, rating=rating, against=against,
                    commander=None if cmdr is None else cmdr.name,
                    roll=roll.primary.rolled, opposed=roll.secondary.rolled, passed=roll.passed)
        if not roll.passed:
            failed.append(side)
    if failed:
        st.over = True
        st.extra["end"] = ("rout", None if len(failed) == 2 else 1 - failed[0])
        return
    # 2. Panic from Outnumbered (sm.panic.outnumbered, sm.panic.outnumbered_failure)
    for side in order:
        for m in list(st.living(side)):
            if not m.ready:
                continue
            foes = st.engaged_with(m, counting_all=False)
            if len(foes) < 2 or any(o.ready and st.gap(m, o) <= 3.0 for o in st.friends_of(m)):
                continue
            if panic_check(st, m, 5 + len(foes) - 1, "outnumbered"):
                continue
            m.broken, m.active = True, False
            yield from _forced_disengage(st, m, foes)
    # 3. Random Movement of Broken models, alternately (sm.mettle.random_movement)
    queues = [[m for m in st.living(side) if m.broken] for side in order]
    while any(queues):
        for q in queues:
            if q:
                _flee(st, q.pop(0))
    # 4. Recover Shocked models (sm.mettle.recover_shocked)
    for m in st.living():
        if m.shocked:
            m.shocked = False
            st.log.emit("recover", uid=m.uid, name=m.name, why="Mettle")
    if decided(st):
        st.over = True


def _edge_order(st: SMState) -> list[int]:
    first = st.last_edge if st.last_edge is not None else st.intruder
    return [first, 1 - first]


def _forced_disengage(st: SMState, m: Model, foes: list[Model]) -> Steps:
    """A model Broken by Outnumbering must Disengage: passing, it runs its Move away; failing,
    it is cut down (sm.panic.outnumbered_failure) and, in a campaign, credited for EXP."""
    roll = _disengage_roll(st, m, foes)
    if roll.passed:
        _move_away(st, m, foes, m.f.move)
        st.log.emit("disengage", uid=m.uid, name=m.name, passed=True, forced=True)
    else:
        st.log.emit("disengage", uid=m.uid, name=m.name, passed=False, forced=True)
        wound(st, m)
        yield from _credit_cut_down(st, m, foes)


def _credit_cut_down(st: SMState, m: Model, foes: list[Model]) -> Steps:
    """In a campaign game the Secondary player - the one whose models outnumbered it - chooses
    which of his models is credited with a model cut down while fleeing, for its EXP
    (sm.panic.outnumbered_failure, sm.campaign.experience). Only a campaign warband earns EXP,
    so the question is asked only of one; any model of his warband may be named (the text says
    "which of his models"), those that outnumbered it listed first."""
    side = 1 - m.side
    if not st.musters[side].campaign:
        return
    others = [o for o in st.side_models(side) if o not in foes]
    options = tuple(o.uid for o in [*foes, *others])
    uid = yield Decision("credit", side, options,
                         prompt=f"Which of your models is credited with {m.name}, cut down"
                                " while fleeing, for Experience?",
                         info={"uid": m.uid, "foes": tuple(o.uid for o in foes)})
    by = st.by_uid(uid)
    by.wounds_dealt += 1
    st.log.emit("credit", uid=by.uid, name=by.name, cut_down=m.uid, cut_down_name=m.name,
                side=side)


def _flee(st: SMState, m: Model) -> None:
    """A Broken model runs a Random Check in inches toward the nearest table edge; crossing
    it, it leaves play and counts as Wounded (sm.condition.broken_flight). A Broken model that
    is also Shocked is Wounded (sm.condition.shocked_escalation)."""
    if not m.on_table:
        return
    if m.shocked:
        st.log.emit("escalate", uid=m.uid, name=m.name, why="shocked and broken")
        wound(st, m)
        return
    a, b, dist = mech.RandomCheck().sample(st.dice)
    if dist == 0:
        st.log.emit("flee", uid=m.uid, name=m.name, random=[a, b], moved=0.0, frozen=True)
        return
    goal, to_edge = edge_goal(st, m)
    frm = _at(m)
    x, y, moved = move_model(st, m, goal, float(dist), "flee", st.engaged_with(m))
    m.x, m.y = x, y
    settle(st, m)
    st.log.emit("flee", uid=m.uid, name=m.name, random=[a, b], moved=round(moved, 2), frm=frm,
                x=round(x, 2), y=round(y, 2))
    if dist > to_edge and moved >= to_edge - 1e-3:
        wound(st, m, fled=True)


# ============================================================================== Orders Phase
def orders(st: SMState) -> Steps:
    bonus = 0
    turnover = st.edge_streak >= 2
    if st.turn == 1:
        edge = st.intruder  # the Intruder has the Edge (rules yaml default, sm.orders.first_turn)
        st.log.emit("edge", player=edge, why="intruder")
    elif turnover:
        edge = 1 - st.edge  # sm.orders.edge_turnover
        st.log.emit("edge", player=edge, why="turnover")
    else:
        c = [_commander(st, s, allow_shocked=False) for s in (0, 1)]
        ratings = [0 if x is None else x.f.cmd for x in c]
        roll = mech.OpposedCheck(mech.DicePool(1), ratings[0], mech.DicePool(1),
                                 ratings[1]).sample(st.dice)
        st.log.emit("strategy_check", ratings=ratings, rolls=[roll.primary.rolled,
                                                               roll.secondary.rolled],
                    totals=[roll.primary_total, roll.secondary_total])
        if roll.margin == 0:
            edge = 1 - st.edge  # a tie: the Break holder takes the Edge as a Turnover
            st.log.emit("edge", player=edge, why="tie")
        else:
            edge = 0 if roll.margin > 0 else 1
            bonus = abs(roll.margin) if st.options.edge_bonus == "difference" else 3
            st.log.emit("edge", player=edge, why="strategy", bonus=bonus)
    st.edge_streak = st.edge_streak + 1 if edge == st.edge and st.turn > 1 else 1
    st.last_edge = st.edge if st.turn > 1 else None
    st.edge = edge
    # Tactical Pools (sm.orders.tactical_pool, sm.archetype.cunning_barbarian)
    for side in (0, 1):
        wl = st.warlord(side)
        alive = sum(1 for _ in st.living(side))
        if wl.wounded or not wl.on_table:
            pool = st.cat.wounded_warlord_pool(alive)
        else:
            pool = st.cat.tactical_pool(st.starting[side], wl.f.cmd)
            if st.musters[side].archetype == "cunning_barbarian":
                pool += wl.f.con // 2
        st.pool[side] = pool + (bonus if side == edge else 0)
    st.break_tokens = [0, 0]
    st.break_tokens[1 - edge] = 1  # sm.actionphase.break: the Break holder's one Token
    st.log.emit("pools", pools=list(st.pool), edge=edge)
    # Order Actions alternately, the Edge choosing who starts (sm.orders.order_actions)
    first = yield Decision("order_first", edge, (edge, 1 - edge),
                           prompt="Who places the first Action Token?")
    p = first
    while True:
        elig = [[m for m in st.living(s) if not m.shocked and not m.active] for s in (0, 1)]
        can = [st.pool[s] > 0 and bool(elig[s]) for s in (0, 1)]
        if not any(can):
            break
        if not can[p]:
            p = 1 - p
        if st.pool[p] >= len(elig[p]):
            for m in elig[p]:  # enough Tokens for every model: no choice to make
                _order(st, m)
        else:
            uid = yield Decision("order", p, tuple(m.uid for m in elig[p]),
                                 prompt=f"Order an Action Token ({st.pool[p]} left)")
            _order(st, st.by_uid(uid))
        p = 1 - p
    # Convert Tactical Dice, 3 Tokens each, at most 3 (sm.orders.tactical_dice,
    # sm.orders.first_turn: the Intruder's extra die in Turn 1)
    for side in (0, 1):
        dice = st.pool[side] // 3 + (1 if st.turn == 1 and side == st.intruder else 0)
        st.tactical_dice[side] = min(3, dice)
        st.pool[side] = 0
    st.log.emit("tactical_dice", dice=list(st.tactical_dice))


def _order(st: SMState, m: Model) -> None:
    m.active = True
    st.pool[m.side] -= 1
    st.log.emit("ordered", uid=m.uid, name=m.name, player=m.side)


# ============================================================================== Action Phase
def action_phase(st: SMState) -> Steps:
    first = yield Decision("act_first", st.edge, (st.edge, 1 - st.edge),
                           prompt="Who executes the first Action?")
    if st.first_player is None:
        st.first_player = first
    unbreakable = True  # the Edge's first Action (sm.actionphase.edge)
    p = first
    while not decided(st):
        if not any(m.active for m in st.living(p)):
            if any(m.active for m in st.living(1 - p)):
                p = 1 - p
                continue
            break
        free = unbreakable and p == st.edge
        if free:
            unbreakable = False
        active = tuple(m.uid for m in st.living(p) if m.active)
        asking = Decision("activate", p, active, prompt="Which Active model acts?")
        _SHARED.clear()
        _SHARED.append(_Shared(asking))
        uid = yield asking
        slot = _SHARED[0] if _SHARED and _SHARED[0].decision is asking else None
        _SHARED.clear()
        options = slot.legal_options(st, st.by_uid(uid)) if slot is not None else None
        if options is None:
            options = options_for(st, st.by_uid(uid))
        act = yield _action_decision(st, p, options, f"Declare {st.by_uid(uid).name}'s Action")
        yield from declared(st, p, act, free, None, False)
        p = 1 - p
    if decided(st):
        st.over = True


def _action_decision(st: SMState, p: int, options: list[Act], prompt: str) -> Decision:
    uids = {o.uid for o in options}
    legal_moves = {(o.uid, o.action) for o in options if o.action in MOVES}

    def why_not(c: Any) -> str | None:
        """Why a typed point is refused, for a human player (None: it is fine)."""
        if not isinstance(c, Act) or c.uid not in uids:
            return "not one of your Active models"
        if (c.uid, c.action) not in legal_moves or c.target != -1:
            return "that model cannot make that Move now"
        if not (0 <= c.x <= st.table.width and 0 <= c.y <= st.table.height):
            return f"off the {st.table.width:g}\" x {st.table.height:g}\" table"
        return None

    def accepts(c: Any) -> bool:
        return why_not(c) is None

    return Decision("action", p, tuple(options), prompt=prompt, accepts=accepts,
                    info={"turn": st.turn}, why_not=why_not)


def declared(st: SMState, p: int, act: Act, unbreakable: bool, interrupting: Model | None,
             is_break: bool) -> Steps:
    """A declared Action: Forfeit, or the Break check, then the Action
    (sm.actionphase.declaring, sm.actionphase.break_resolution)."""
    m = st.by_uid(act.uid)
    if act.action == "forfeit":
        kept = yield from _forfeit_or_act(st, p, m)
        if kept is None:
            return
        act = kept
    if not unbreakable and st.mystical[p] and _breakers(st, 1 - p, interrupting):
        use = yield Decision("unbreakable", p, (False, True),
                             prompt="Declare this Action Unbreakable (Signs & Portents)?")
        if use:
            st.mystical[p] = False
            unbreakable = True
            st.log.emit("unbreakable", player=p, uid=m.uid, name=m.name)
    st.log.emit("declare", player=p, uid=m.uid, name=m.name, action=act.action,
                target=act.target, unbreakable=unbreakable, is_break=is_break,
                target_name=st.by_uid(act.target).name if act.target >= 0 else None)
    if not unbreakable:
        broke = yield from break_check(st, 1 - p, m, act, interrupting)
        if broke:
            if not (m.active and m.on_table):
                return  # the Break cost it its Action
            act = yield _action_decision(st, p, options_for(st, m, allow_forfeit=True),
                                         f"After the Break, declare {m.name}'s Action")
            if act.action == "forfeit":
                kept = yield from _forfeit_or_act(st, p, m)
                if kept is None:
                    return
                act = kept
            st.log.emit("declare", player=p, uid=m.uid, name=m.name, action=act.action,
                        target=act.target, unbreakable=True, is_break=is_break,
                        target_name=st.by_uid(act.target).name if act.target >= 0 else None)
    yield from execute(st, p, act, is_break)


def _forfeit_or_act(st: SMState, p: int, m: Model) -> Generator[Any, Any, Act | None]:
    """A declared Forfeit: None once the model has forfeited, else (an Engaged model that
    failed its check) the Action it must declare instead (sm.actionphase.forfeit)."""
    forfeited = yield from _forfeit(st, p, m)
    if forfeited:
        return None
    act: Act = yield _action_decision(st, p, options_for(st, m, allow_forfeit=False),
                                      f"{m.name} must act")
    return act


def _forfeit(st: SMState, p: int, m: Model) -> Generator[Any, Any, bool]:
    """Forfeit (sm.actionphase.forfeit): an Engaged model must pass CMD against Difficulty (5)."""
    if st.engaged(m):
        roll = mech.DifficultyCheck(m.f.cmd, 5).sample(st.dice)
        st.log.emit("forfeit_check", uid=m.uid, name=m.name, roll=roll.primary.rolled,
                    against=roll.secondary.rolled, passed=roll.passed)
        if not roll.passed:
            return False
    m.active = False
    st.forfeited[p] += 1
    st.log.emit("forfeit", player=p, uid=m.uid, name=m.name)
    return True
    yield  # pragma: no cover


def _breakers(st: SMState, side: int, exclude: Model | None) -> list[Model]:
    if st.break_tokens[side] + st.spare_breaks[side] <= 0:
        return []
    return [o for o in st.living(side) if o.active and not o.broke_this_turn and o is not exclude]


def break_check(st: SMState, side: int, declaring: Model, act: Act, exclude: Model | None
                ) -> Generator[Any, Any, bool]:
    """The Secondary player may Break with an Active model that has not Broken this Turn,
    spending a Break Token (sm.actionphase.break); the model whose Action this Break answers
    may not Break back (sm.actionphase.break_resolution)."""
    cands = _breakers(st, side, exclude)
    if not cands:
        return False
    uid = yield Decision("break", side, (-1, *(o.uid for o in cands)),
                         prompt=f"Break {declaring.name}'s Action?",
                         info={"declaring": declaring.uid, "action": act.action,
                               "target": act.target})
    if uid == -1:
        return False
    if st.break_tokens[side] > 0:
        st.break_tokens[side] -= 1
    else:
        st.spare_breaks[side] -= 1
    b = st.by_uid(uid)
    b.broke_this_turn = True
    st.log.emit("break", player=side, uid=b.uid, name=b.name, interrupts=declaring.name)
    act = yield _action_decision(st, side, options_for(st, b, allow_forfeit=False),
                                 f"Break Action for {b.name}")
    yield from declared(st, side, act, False, declaring, True)
    return True


# ============================================================================== Action options
def action_options(st: SMState, p: int) -> list[Act]:
    out: list[Act] = []
    for m in st.living(p):
        if m.active:
            out.extend(options_for(st, m))
    return out


def _pt(x: float, y: float) -> tuple[float, float]:
    return round(x, 2), round(y, 2)


def destinations(st: SMState, m: Model) -> list[tuple[float, float]]:
    """Candidate points to move toward (a human may type any point): the nearest enemy, the
    Adventure's objectives, the nearest cover, the Warlord, and straight back."""
    pts: list[tuple[float, float]] = []
    foes = st.enemies_of(m)
    if foes:
        gap = st.gap
        e = min(foes, key=lambda e: gap(m, e))  # the first of the nearest, as a stable sort
        pts.append(_pt(e.x, e.y))
        d = math.hypot(m.x - e.x, m.y - e.y) or 1.0
        bx, by = st.table.clamp(m.x + (m.x - e.x) / d * 6, m.y + (m.y - e.y) / d * 6, m.r)
        pts.append(_pt(bx, by))
    for ox, oy in st.adventure.objectives:
        if math.hypot(ox - m.x, oy - m.y) > m.r + 0.5:
            pts.append(_pt(ox, oy))
    spot = cover_spot(st, m)
    if spot is not None:
        pts.append(spot)
    if pieces(st).platforms and ranged_weapon(m) is not None:
        foot = platform_foot(st, m)  # a height to shoot from (sm.combat.elevated_position)
        if foot is not None:
            pts.append(foot)
    wl = st.warlord(m.side)
    if wl is not m and wl.on_table and st.gap(m, wl) > wl.f.cmd:
        pts.append(_pt(wl.x, wl.y))
    seen: list[tuple[float, float]] = []
    for q in pts:
        if q not in seen:
            seen.append(q)
    return seen


def cover_spot(st: SMState, m: Model) -> tuple[float, float] | None:
    """The nearest point of terrain that gives Concealment or Cover (house: to move to).
    Kept per spot and base radius with the table's pieces (a pure function of them)."""
    if near_cover(st, m.x, m.y, m.r):
        return None
    spots = pieces(st).spots
    key = (m.x, m.y, m.r)
    if key not in spots:
        if len(spots) > 50_000:
            spots.clear()
        spots[key] = _cover_spot(st, m)
    return spots[key]


def _cover_spot(st: SMState, m: Model) -> tuple[float, float] | None:
    from shapely import Point
    from shapely.ops import nearest_points

    pt = Point(m.x, m.y)
    best = None
    for poly in [*pieces(st).durable, *pieces(st).area]:
        d = poly.distance(pt)
        if best is None or d < best[0]:
            best = (d, poly)
    if best is None:
        return None
    q = nearest_points(best[1], pt)[0]
    return _pt(q.x, q.y)


class _Shared:
    """What an AI worked out while answering one "activate" decision, kept for the flow: each
    model's options with its Charges not yet checked for a straight line, and the Charges
    checked so far. Nothing changes the state between the question and its answer, so the flow
    reads them instead of building the chosen model's options a second time."""

    __slots__ = ("decision", "options", "charges")

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.options: dict[int, list[Act]] = {}
        self.charges: dict[tuple[int, int], bool] = {}

    def charge_ok(self, st: SMState, m: Model, target: int) -> bool:
        ok = self.charges.get((m.uid, target))
        if ok is None:
            ok = self.charges[(m.uid, target)] = charge_start(st, m, st.by_uid(target)) is not None
        return ok

    def legal_options(self, st: SMState, m: Model) -> list[Act] | None:
        """``options_for(st, m)`` from what was kept (None if the AI did not list them)."""
        known = self.options.get(m.uid)
        if known is None:
            return None
        return [a for a in known if a.action != "charge" or self.charge_ok(st, m, a.target)]


#: the slot of the pending "activate" decision (:class:`_Shared`). One slot; a decision that is
#: not the slot's own (another game's) neither reads nor writes it, so only the time changes.
_SHARED: list[_Shared] = []


def _slot(decision: Decision) -> _Shared:
    if _SHARED and _SHARED[0].decision is decision:
        return _SHARED[0]
    return _Shared(decision)  # not the pending one: answered, but nothing kept


def activate_options(st: SMState, decision: Decision, m: Model) -> list[Act]:
    """``options_for(st, m)`` while answering the "activate" ``decision``, except that its
    Charges are the Target Priority candidates, not yet checked for a straight line (the
    costly test): an AI checks with :func:`activate_charge_ok` only the Charges that could be
    its choice. The flow checks the rest of the chosen model's Charges, so its options are
    exactly ``options_for``'s."""
    slot = _slot(decision)
    options = slot.options.get(m.uid)
    if options is None:
        options = slot.options[m.uid] = _options(st, m, True, checked=False)
    return list(options)


def activate_charge_ok(st: SMState, decision: Decision, m: Model, act: Act) -> bool:
    """Is the Charge ``act`` listed by :func:`activate_options` legal (sm.action.charge)?"""
    return _slot(decision).charge_ok(st, m, act.target)


def options_for(st: SMState, m: Model, allow_forfeit: bool = True) -> list[Act]:
    """Every Action ``m`` may declare now, in a fixed order (sm.action.*)."""
    return _options(st, m, allow_forfeit, checked=True)


def _options(st: SMState, m: Model, allow_forfeit: bool, checked: bool) -> list[Act]:
    out: list[Act] = []
    uid = m.uid
    if m.broken:
        out.append(Act(uid, "steady"))
    elif st.engaged(m):
        foes = st.engaged_with(m)
        ready = [e for e in foes if e.ready]  # Ready foes before Shocked or Broken ones
        out.extend(Act(uid, "stand_and_fight", e.uid) for e in (ready or foes))
        out.append(Act(uid, "disengage"))
    else:
        dests = destinations(st, m)
        out.extend(Act(uid, "move", -1, x, y) for x, y in dests)
        if not m.f.heavy:
            out.extend(Act(uid, "hustle", -1, x, y) for x, y in dests[:2])
        if m.z > 0.0:
            out.extend(Act(uid, "jump", -1, x, y) for x, y, _, _ in jump_spots(st, m))
        spot = cover_spot(st, m)
        if spot is not None or near_cover(st, m.x, m.y, m.r):
            x, y = spot if spot is not None else (m.x, m.y)
            out.append(Act(uid, "ambush", -1, x, y))
        visible = visible_enemies(st, m)  # read by both lists of targets
        charges = charge_candidates(st, m, visible)
        out.extend(Act(uid, "charge", e.uid) for e in charges
                   if not checked or charge_start(st, m, e) is not None)
        w = ranged_weapon(m)
        if w is not None:
            targets = ranged_targets(st, m, visible)
            for e in targets:
                out.append(Act(uid, "standing_fire", e.uid))
                if not w.has("slow"):
                    out.append(Act(uid, "take_aim", e.uid))
            if not w.has("slow"):
                out.extend(Act(uid, "mobile_fire", -1, x, y) for x, y in dests[:3])
        over = climb_over(st, m) if not m.f.heavy else None
        if over is not None:
            out.append(Act(uid, "climb", -1, over[0], over[1]))
        out.extend(_token_passing(st, m))
    if allow_forfeit:
        out.append(Act(uid, "forfeit"))
    return out


def _token_passing(st: SMState, m: Model) -> list[Act]:
    """Kingmaker (the Warlord hands its own Token on) and Belay Order (the Warlord moves an
    Active friend's Token to a Ready one), within the Command Radius, none Engaged
    (sm.trait.kingmaker, sm.trait.belay_order)."""
    wl = st.warlord(m.side)
    if not wl.ready or st.engaged(wl):
        return []
    radius = wl.f.cmd

    def takers() -> list[Model]:
        return [o for o in st.living(m.side) if o.ready and not o.active and o is not m
                and not o.token_from_effect and not st.engaged(o)
                and (o is wl or st.gap(o, wl) <= radius)]

    out: list[Act] = []
    if m is wl and wl.has("kingmaker"):
        out.extend(Act(m.uid, "kingmaker", o.uid) for o in takers())
    if wl.has("belay_order") and not st.belay_used[m.side] and (
            m is wl or st.gap(m, wl) <= radius):
        out.extend(Act(m.uid, "belay_order", o.uid) for o in takers())
    return out


# ============================================================================== executing Actions
def _allowance(m: Model, extra: float) -> float:
    """Move plus a bonus; Stout models get +2 from any +4 (sm.origin.bloodline_stout)."""
    if extra == 4.0 and m.f.subtype == "stout":
        extra = 2.0
    return m.f.move + extra


def execute(st: SMState, p: int, act: Act, is_break: bool) -> Steps:
    m = st.by_uid(act.uid)
    if not (m.on_table and m.active):
        return
    m.active = False
    st.acted[p] += 1
    a = act.action
    target = st.by_uid(act.target) if act.target >= 0 else None
    if a not in ("standing_fire", "take_aim"):
        m.ambush = False  # any Action but a Forfeit or a shot ends an Ambush
    handler = _HANDLERS[a]
    yield from handler(st, m, act, target, is_break)
    update_ambushes(st)
    if decided(st):
        st.over = True


def _do_move(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Move, Hustle (+4", not Heavy, not into Difficult Ground) and Ambush (a Move ending
    within 1" of terrain that Conceals it from every enemy) (sm.action.move, sm.action.hustle,
    sm.action.ambush)."""
    extra = 4.0 if act.action == "hustle" else 0.0
    mode = "hustle" if act.action == "hustle" else "move"
    frm = _at(m)
    x, y, moved = move_model(st, m, (act.x, act.y), _allowance(m, extra), mode)
    m.x, m.y = x, y
    settle(st, m)
    st.log.emit("move", uid=m.uid, name=m.name, action=act.action, x=round(x, 2), y=round(y, 2),
                moved=round(moved, 2), frm=frm)
    if act.action == "ambush":
        hidden = near_cover(st, m.x, m.y, m.r) and all(  # Concealment first, as below
            concealed(st, e, m) or not line_of_sight(st, e, m) for e in st.enemies_of(m))
        m.ambush = hidden and not _detected(st, m)
        st.log.emit("ambush", uid=m.uid, name=m.name, hidden=m.ambush)
    return
    yield  # pragma: no cover


def _do_steady(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Steady: no longer Broken; may move up to 3" toward the nearest Concealment or Cover
    (sm.action.steady)."""
    m.broken = False
    spot = cover_spot(st, m)
    frm = _at(m)
    if spot is not None:
        m.x, m.y, _ = move_model(st, m, spot, 3.0, "move")
    st.log.emit("steady", uid=m.uid, name=m.name, x=round(m.x, 2), y=round(m.y, 2), frm=frm)
    return
    yield  # pragma: no cover


def _do_shoot(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Standing Fire and Take Aim (sm.action.standing_fire, sm.action.take_aim)."""
    if target is None or target not in ranged_targets(st, m):
        st.log.emit("no_target", uid=m.uid, name=m.name)
        return
    yield from ranged_attack(st, m, target, act.action)


def _do_mobile_fire(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool
                    ) -> Steps:
    """Mobile Fire: move then shoot at RoF/2, the target chosen after the Move
    (sm.action.mobile_fire, sm.ranged.movement_penalty)."""
    frm = _at(m)
    x, y, moved = move_model(st, m, (act.x, act.y), _allowance(m, 0.0), "move")
    m.x, m.y = x, y
    settle(st, m)
    st.log.emit("move", uid=m.uid, name=m.name, action="mobile_fire", x=round(x, 2),
                y=round(y, 2), moved=round(moved, 2), frm=frm)
    update_ambushes(st)
    targets = ranged_targets(st, m)
    if not targets:
        st.log.emit("no_target", uid=m.uid, name=m.name)
        return
    uid = yield Decision("fire_at", m.side, tuple(t.uid for t in targets),
                         prompt=f"{m.name} fires at", info={"uid": m.uid})
    yield from ranged_attack(st, m, st.by_uid(uid), "mobile_fire")


def _do_charge(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Charge: straight at the target up to its Move (Hack & Slash +4", not Heavy, not into
    Difficult Ground); within 1" it is Engaged and makes its Base Attacks at +1 CBT
    (sm.action.charge, sm.cc.engaged, sm.trait.hack_and_slash, sm.terrain.difficult_ground)."""
    if target is None or not target.on_table:
        return
    extra = 4.0 if m.has("hack_and_slash") and not m.f.heavy else 0.0
    allowance = _allowance(m, extra)
    start = charge_start(st, m, target)
    if start is None:
        return
    if start != (m.x, m.y):  # Cover Adjustment, Type 2: 1" of the Charge Move
        frm = _at(m)
        m.x, m.y = start
        settle(st, m)
        allowance -= 1.0
        st.log.emit("cover_adjustment", uid=m.uid, name=m.name, x=start[0], y=start[1],
                    frm=frm)
    frm = _at(m)
    diving = elevated_over(m, target)
    top = m.z
    x, y, moved = move_model(st, m, (target.x, target.y), allowance,
                             "charge_drop" if diving else "charge")
    drop = top - elevation(st, x, y)
    if diving and drop > FREE_DROP:
        # Diving Charge (sm.cc.diving_charge): a drop over 2" needs a Terrain Check (over 4"
        # fails outright, sm.terrain.jump_down); failing, the model falls and stops below
        passed = drop <= JUMP_MAX and mech.DifficultyCheck(
            m.f.cbt, math.ceil(drop - 1e-9)).sample(st.dice).passed
        st.log.emit("diving_charge", uid=m.uid, name=m.name, drop=round(drop, 2), passed=passed)
        if not passed:
            fx, fy = foot_of_drop(st, m, (target.x, target.y))
            fall(st, m, fx, fy, m.z - elevation(st, fx, fy))
            return
    m.x, m.y = x, y
    settle(st, m)
    engaged = st.gap(m, target) <= 1.0 + 0.02
    st.log.emit("charge", uid=m.uid, name=m.name, target=target.uid, target_name=target.name,
                moved=round(moved, 2), engaged=engaged, x=round(x, 2), y=round(y, 2), frm=frm)
    if not engaged:
        return
    for mm in (m, target):
        if len(st.engaged_with(mm)) <= 1:
            mm.engaged_turn = st.turn
    dived = diving and top - m.z > 0.0
    if dived:  # every Defender it Engages is at CBT/2 for this Action (sm.cc.diving_charge)
        for e in st.engaged_with(m):
            e.dived_on = True
    try:
        yield from close_attack(st, m, target, True, is_break)
    finally:
        if dived:
            for e in st.models:
                e.dived_on = False


def _do_fight(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Stand & Fight: Base Attacks against one Engaged enemy (sm.action.stand_and_fight)."""
    if target is None or not target.on_table or target not in st.engaged_with(m):
        return
    yield from close_attack(st, m, target, False, is_break)


def _disengage_roll(st: SMState, m: Model, foes: list[Model]) -> mech.OpposedRoll:
    """Disengage Check: d10 + modified CBT against d10 + the best Engaged enemy's modified CBT
    + 1 per other Engaged enemy (sm.action.disengage)."""
    mine = close_cbt(st, m, foes[0], close_weapon(m), 0, False)
    best = max(close_cbt(st, e, m, close_weapon(e), 0, False) for e in foes)
    return mech.OpposedCheck(mech.DicePool(1), mine, mech.DicePool(1),
                             best + len(foes) - 1).sample(st.dice)


def _move_away(st: SMState, m: Model, foes: list[Model], allowance: float) -> None:
    cx = sum(e.x for e in foes) / len(foes)
    cy = sum(e.y for e in foes) / len(foes)
    d = math.hypot(m.x - cx, m.y - cy) or 1.0
    goal = (m.x + (m.x - cx) / d * allowance, m.y + (m.y - cy) / d * allowance)
    m.x, m.y, _ = move_model(st, m, goal, allowance, "move", foes)


def _do_disengage(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool
                  ) -> Steps:
    foes = st.engaged_with(m)
    if not foes:
        return
    roll = _disengage_roll(st, m, foes)
    st.log.emit("disengage", uid=m.uid, name=m.name, passed=roll.passed, forced=False,
                totals=[roll.primary_total, roll.secondary_total])
    if roll.passed:
        frm = _at(m)
        _move_away(st, m, foes, m.f.move)
        st.log.emit("move", uid=m.uid, name=m.name, action="disengage", x=round(m.x, 2),
                    y=round(m.y, 2), moved=round(math.dist(frm, (m.x, m.y)), 2), frm=frm)
        return
    if -roll.margin > m.f.cbt:
        # Failing by more than its unmodified CBT: a Counter-Attack from the best enemy.
        best = max(foes, key=lambda e: (close_cbt(st, e, m, close_weapon(e), 0, False), -e.uid))
        w = close_weapon(best)
        con, immune, _ = resisted(st, best, w, m, True, m.f.con)
        check = mech.DamageCheck(best.f.close_damage(w), (-roll.margin) // 2, con, m.f.arm,
                                 m.f.wound_threshold, m.f.helmet,
                                 "half" if w.has("impact") or best.has("mighty_thews") else "full",
                                 immune=immune)
        dmg = check.sample(st.dice)
        st.log.emit("counter_attack", attacker=best.uid, defender=m.uid, a_name=best.name,
                    d_name=m.name)
        st.log.emit("damage", uid=m.uid, name=m.name, damage_dice=dmg.damage_dice,
                    resistance_dice=dmg.resistance_dice, damage_total=dmg.damage_total,
                    resistance_total=dmg.resistance_total, result=dmg.result)
        apply_injury(st, m, dmg.result, best)
    return
    yield  # pragma: no cover


def _do_token(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Kingmaker and Belay Order hand an Action Token to a Ready friend (sm.trait.kingmaker,
    sm.trait.belay_order)."""
    if target is None or not target.ready or target.active:
        return
    if act.action == "belay_order":
        st.belay_used[m.side] = True
    target.active = True
    target.token_from_effect = True
    st.log.emit("token_passed", uid=m.uid, name=m.name, to=target.uid, to_name=target.name,
                how=act.action)
    return
    yield  # pragma: no cover


def _do_climb(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Climb an Obstacle over 2" (sm.action.climb, sm.terrain.climb): a Terrain Check, CBT
    (+3 Insectoid) against d10 + the height rounded up (sm.terrain.terrain_check,
    sm.check.terrain); passing, the model is placed on the far side; failing, it stays (a
    failed Climb up has no fall)."""
    over = climb_over(st, m)
    if over is None:
        return
    x, y, height = over
    rating = m.f.cbt + (3 if m.has("insectoid") else 0)
    roll = mech.DifficultyCheck(rating, math.ceil(height)).sample(st.dice)
    st.log.emit("climb", uid=m.uid, name=m.name, height=height, roll=roll.primary.rolled,
                against=roll.secondary.rolled, passed=roll.passed, frm=_at(m), x=x, y=y)
    if roll.passed:
        m.x, m.y = x, y
        settle(st, m)
    return
    yield  # pragma: no cover


def _do_jump(st: SMState, m: Model, act: Act, target: Model | None, is_break: bool) -> Steps:
    """Jump (sm.action.jump): a Terrain Check, CBT against d10 + the drop or the gap rounded
    up (sm.terrain.terrain_check). Down a drop over 2" (sm.terrain.jump_down): passing, the
    model lands below; a drop over 4" fails outright; failing, it lands below all the same
    and takes a Falling Check. Across a gap (sm.terrain.jump_gap): passing, it lands on the
    far side; failing, it falls into the gap, halfway across at the lowest level, and takes a
    Falling Check (sm.terrain.falling_check)."""
    spot = next(((x, y, kind, size) for x, y, kind, size in jump_spots(st, m)
                 if (x, y) == (act.x, act.y)), None)
    if spot is None:
        return
    x, y, kind, size = spot
    frm = _at(m)
    if size > JUMP_MAX:
        passed, rolled, against = False, [], []
    else:
        roll = mech.DifficultyCheck(m.f.cbt, math.ceil(size - 1e-9)).sample(st.dice)
        passed, rolled, against = roll.passed, roll.primary.rolled, roll.secondary.rolled
    st.log.emit("jump", uid=m.uid, name=m.name, kind=kind, size=size, roll=rolled,
                against=against, passed=passed, frm=frm, x=x, y=y)
    if passed:
        m.x, m.y = x, y
        settle(st, m)
        return
    if kind == "gap":
        x, y = (m.x + x) / 2, (m.y + y) / 2
    fall(st, m, x, y, m.z - elevation(st, x, y))
    return
    yield  # pragma: no cover


_HANDLERS: dict[str, Callable[..., Steps]] = {
    "climb": _do_climb, "jump": _do_jump,
    "move": _do_move, "hustle": _do_move, "ambush": _do_move, "steady": _do_steady,
    "standing_fire": _do_shoot, "take_aim": _do_shoot, "mobile_fire": _do_mobile_fire,
    "charge": _do_charge, "stand_and_fight": _do_fight, "disengage": _do_disengage,
    "kingmaker": _do_token, "belay_order": _do_token,
}


# ============================================================================== Ambush
def _detected(st: SMState, m: Model) -> bool:
    """An enemy within the ambusher's base CBT in inches detects it (sm.action.ambush)."""
    return any(st.gap(m, e) <= m.f.cbt for e in st.enemies_of(m))


def update_ambushes(st: SMState) -> None:
    """Models in Ambush stay hidden while Concealed from every enemy that could see them and
    no enemy comes within their CBT in inches (sm.action.ambush)."""
    for m in st.living():
        if m.ambush and (_detected(st, m) or _seen_unconcealed(st, m)):
            m.ambush = False
            st.log.emit("detected", uid=m.uid, name=m.name)


def _seen_unconcealed(st: SMState, m: Model) -> bool:
    """An enemy sees ``m`` and ``m`` is not Concealed from it (sm.action.ambush)."""
    if not m.shocked and in_area(st, m):
        return False  # wholly within Area Terrain: Concealed from every enemy (``concealed``)
    # Concealment first: the core's sight it reads is kept, and where it holds the costlier
    # sight test is not needed (both pure, so the order changes only the time)
    return any(not concealed(st, e, m) and line_of_sight(st, e, m) for e in st.enemies_of(m))
