"""The heuristic ArcWorlde AI: plays to win.

It scores the legal options with cheap features built on the exact dice mechanics:

* melee: the Attack and target with the best expected Damage per AP, valuing Knock Outs
  (Commanders most);
* Charges when the Leg It needed is short enough to be worth the trip risk (a Charge refunds
  the Leg It's AP, so it pays when the target is out of free-move reach or the Attack has a
  Charge bonus);
* Shots at the best target, with the number of AP that gives the most hits per AP, preferably
  from a spot in Cover;
* moves scored by where they end: attack chances, Cover, the enemy's melee threat, objectives
  (more so as the game nears its end), and the Commander staying near its warband (Bravery) but
  out of harm's way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

from warband.core.decisions import Decision, Reasoned
from warband.core.geometry import CONTACT, Table
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.arcanite_ai import arcanite_action, ward_decision
from warband.rulesets.arcworlde.ai.confusion import sabotage
from warband.rulesets.arcworlde.ai.creatures_ai import best_gobble, escape_ap
from warband.rulesets.arcworlde.ai.magic_ai import (
    best_cast,
    spell_draw,
    spell_reach,
    summon_spot,
)
from warband.rulesets.arcworlde.ai.narrative_ai import best_narrative
from warband.rulesets.arcworlde.ai.tactics import (
    FIRST_ROLL_WITHIN_SIX,
    attack_figures,
    attack_score,
    best_melee_blows,
    best_shot_ap,
    charge_chance,
    melee_threat,
    melee_value,
    shot_chance,
    shot_value,
)
from warband.rulesets.arcworlde.records import Attack, CharacterClass
from warband.rulesets.arcworlde.rules.bravery import COMMANDER_AURA
from warband.rulesets.arcworlde.rules.combat import COVER_SHARE, stray_victim
from warband.rulesets.arcworlde.rules.magic import CAST_AP
from warband.rulesets.arcworlde.rules.movement import (
    Surroundings,
    move_candidates,
    simulate_move,
    surroundings,
)
from warband.rulesets.arcworlde.state import Character

__all__ = ["FullHeuristicController", "HeuristicController", "S9HeuristicController"]


class _Context:
    """Facts about the table and the Character computed once per decision, not once per
    candidate position."""

    # (the attributes the position score reads, typed: compiled, ``ctx.table.sight`` is a direct
    # call and the Characters' fields are read directly; the view itself is untyped)
    ch: Character
    table: Table
    enemies: list[Character]
    friends: list[Character]
    shooters: list[tuple[Character, float]]
    around: Surroundings

    __slots__ = ("view", "ch", "enemies", "friends", "covered", "shooters",
                 "_strike", "ranged", "fighter", "shot_reach", "melee", "care", "rounds_left",
                 "objectives", "objective_range", "table", "around", "pickups", "cover_test",
                 "rows")

    def __init__(self, view: Any, ch: Character, cover_test: bool,
                 care_weights: tuple[float, float, float]) -> None:
        self.view = view
        self.ch = ch
        #: judge a Charge's blows with the Cover test from where ``ch`` stands now (the full
        #: AI) or without it (the quick one: the Charge ends elsewhere anyway)
        self.cover_test = cover_test
        self.table = view.table
        enemies: list[Character] = view.enemy_list(ch)
        friends: list[Character] = view.friend_list(ch)
        self.enemies = enemies
        self.friends = friends
        # (enemy, how far its Shots reach after a move) of each enemy with a Ranged Attack:
        # one pass over each enemy's Attacks (the longest range and the best blows, as max()
        # over them would give; ranges are above 0, blows at least 0)
        self.shooters = []
        #: per enemy, what the position score reads in its one pass over them: (x, y, radius,
        #: free-move reach, Leg It reach, blows, the enemy); an enemy that cannot fight has a
        #: Leg It reach of -inf (no gap is within it) and no blows
        rows: list[tuple[float, float, float, float, float, float, Character]] = []
        self.rows = rows
        for e in enemies:
            # (its longest Shot range and best melee blows, kept per Attacks tuple and AP:
            # tactics.attack_figures, the same one pass over its Attacks)
            _, _, _, blows, far, shoots = attack_figures(e)
            if shoots:
                self.shooters.append((e, far + e.movement))
            if blows > 0 and not e.broken:
                rows.append((e.x, e.y, e.r, e.movement, e.movement + 3.5, blows, e))
            else:
                rows.append((e.x, e.y, e.r, 0.0, -math.inf, 0.0, e))
        scenario = view.scenario
        reach = self.objective_range = scenario.objective_range
        hypot = math.hypot
        # per objective: does a friend other than ``ch`` stand within reach of it? (any()
        # over the friends, written out)
        covered: list[bool] = []
        for o in scenario.objectives:
            ox, oy = o.x, o.y
            held = False
            for f in friends:
                if hypot(f.x - ox, f.y - oy) - f.r <= reach:
                    held = True
                    break
            covered.append(held)
        self.covered = covered
        # (x, y, VP to gain by standing there): a marker a friend already stands by needs
        # nobody else; one that only this Character holds is worth staying on.
        vp = scenario.vp_per_objective
        self.objectives = [
            (o.x, o.y, 0.5 if held else vp)
            for o, held in zip(scenario.objectives, covered, strict=True)
        ]
        # Things to pick up: Arcanite Tokens (they score in some scenarios and buy an extra die,
        # AP or Spell in any) and Items (a scenario's relic above all). Unlike a marker they
        # are kept once taken, so they are worth fetching from the first Round; nearer friends
        # leave them to the one closest.
        pickups: list[tuple[float, float, float]] = []
        tokens, items = view.tokens, view.items
        if tokens:
            token_gain = 1.0 + 1.5 * float(scenario.vp_per_arcanite)
            pickups = [(x, y, token_gain) for x, y, _ in tokens]
        if items:
            item_gain = 1.5 + 1.5 * float(scenario.vp_per_item)
            pickups += [(x, y, item_gain) for x, y, _ in items]
        if pickups and friends:
            pickups = [
                (x, y, g) for x, y, g in pickups
                if hypot(x - ch.x, y - ch.y) - ch.r
                <= min(hypot(x - f.x, y - f.y) - f.r for f in friends) + 1.0
            ]
        self.pickups = pickups
        self.rounds_left = view.options.rounds - view.round
        # One pass over the usable Attacks: the Ranged ones, and the best Power of each kind
        # (HeuristicController._fighter: max() over each kind with 0 when none, written out;
        # a Power is never below 0)
        ranged: list[Attack] = []
        melee_power = ranged_power = 0
        for a in ch.usable_attacks():
            if a.ranged:
                ranged.append(a)
                if a.power > ranged_power:
                    ranged_power = a.power
            elif a.power > melee_power:
                melee_power = a.power
        self.ranged = ranged
        self.shot_reach = [(a.range or 0, 1.0 + a.power * 0.2) for a in ranged]
        if CharacterClass.MAGE in ch.profile.classes:
            # a Mage keeps enemies within its Spells' range (only a Mage has Spells)
            self.shot_reach += spell_reach(view, ch)
        #: the best melee Power per AP of its Attacks (read only as "has it any worth?"):
        #: max() over them with 0 when none, written out
        melee = 0.0
        for a in ch.attacks:
            if not a.ranged:
                v = a.power / max(1, a.ap or 1)
                if v > melee:
                    melee = v
        self.melee = melee
        self.fighter = melee_power > ranged_power
        # Danger: fighters accept it; the Commander and the wounded less so. (``care``: the
        # weight for a Commander, a fighter and anyone else, HeuristicController.CARE)
        care = (care_weights[0] if ch.commander
                else (care_weights[1] if self.fighter else care_weights[2]))
        if ch.hp <= 3:
            care *= 2
        self.care = care
        self._strike: dict[tuple[int, int], float] = {}
        self.around = surroundings(view, ch)

    def strike(self, e: Character, ap: int) -> float:
        """What ``ch``'s Charge with ``ap`` AP of blows on ``e`` is worth in all."""
        key = (e.uid, ap)
        value = self._strike.get(key)
        if value is None:
            value = self._strike[key] = melee_value(self.view, self.ch, ap, [e], True,
                                                    self.cover_test)
        return value

    def charge_at(self, x: float, y: float, ap: int, attempt: int) -> float:
        """The best Charge from (x, y), by Legging It from roll ``attempt`` (enemies within
        6"): its blows with ``ap`` AP against the trip risk; at least 0, as the AI need not Leg
        It. One pass over the enemies' rows (the straight-line gap to each, base edge to base
        edge, worked out on the way)."""
        best = 0.0
        r = self.ch.r
        hypot = math.hypot
        prone_cost = HeuristicController.PRONE_COST
        for ex, ey, er, _, _, _, e in self.rows:
            gap = hypot(ex - x, ey - y) - er - r
            if gap <= 6.0:
                reach, trip = charge_chance(gap, attempt)
                if not reach:
                    continue  # no chance to arrive: worth at most 0, never more than ``best``
                value = reach * self.strike(e, ap) - trip * prone_cost
                if value > best:
                    best = value
        return best


class _Enemies:
    """One side's enemies on the table and what each could deal in melee next: the facts the
    urgency scan reads for every Character of the side, worked out once per decision."""

    __slots__ = ("side", "chars", "rows")

    def __init__(self, view: Any, ch: Character) -> None:
        self.side = ch.side
        self.chars: list[Character] = view.enemy_list(ch)
        #: per enemy, in table order, as tactics.melee_threat weighs them: (x, y, radius, the
        #: enemy, free-move reach, Leg It reach, best blows); one that is Broken has a Leg It
        #: reach of -inf (no gap is within that reach: it threatens nothing)
        self.rows: list[tuple[float, float, float, Character, float, float, float]] = []
        for e in self.chars:
            if e.broken:
                self.rows.append((e.x, e.y, e.r, e, 0.0, -math.inf, 0.0))
                continue
            blows = best_melee_blows(e)
            self.rows.append((e.x, e.y, e.r, e, e.movement, e.movement + 3.5, blows))


def _straight_move(ch: Character, m: Any, allowance: float, around: Surroundings
                   ) -> tuple[float, float, list[Character]]:
    """Where a move would end if nothing but the goal's own base were in the way
    (``around``: the surroundings of ``ch``, whose bases are the other Characters' places)."""
    cx, cy, mx, my, hypot = ch.x, ch.y, m.x, m.y, math.hypot
    dx, dy = mx - cx, my - cy
    d = hypot(dx, dy)
    if d < 1e-9:
        return cx, cy, []
    target = None  # the first base the goal point lies in
    # (each other Character's base read as the tuple it is: the same x, y and r as the
    # Character's own, unpacked at once instead of three attribute reads)
    for o, (ox, oy, o_r) in zip(around[0], around[1], strict=True):
        # (a base farther than its radius along either axis cannot hold the goal: the hypot
        # is never below either leg, so the test is left out for it)
        gx = ox - mx
        if gx > o_r or gx < -o_r:
            continue
        gy = oy - my
        if gy > o_r or gy < -o_r:
            continue
        if hypot(gx, gy) <= o_r:
            target = o
            break
    # (max(0.0, min(allowance, ...)) written out: min keeps the allowance unless the other is
    # less, max keeps 0.0 unless the other is more; the same value and type)
    if target is None:
        go = d if d < allowance else allowance
        if not go > 0.0:
            go = 0.0
        return cx + dx / d * go, cy + dy / d * go, []
    stop = d - ch.r - target.r
    go = stop if stop < allowance else allowance
    if not go > 0.0:
        go = 0.0
    touched = [target] if go >= stop - 1e-9 and target.side != ch.side else []
    return cx + dx / d * go, cy + dy / d * go, touched


def _distinct_headings(ch: Character, moves: list[Any], allowance: float) -> list[Any]:
    """Drop goals beyond reach that lie in nearly the same direction as an earlier one: the
    first inches of both moves are the same, so they end in the same place."""
    kept: list[Any] = []
    headings: list[tuple[float, float]] = []
    cx, cy, far, hypot = ch.x, ch.y, allowance + 2.0, math.hypot
    for m in moves:
        dx, dy = m.x - cx, m.y - cy
        d = hypot(dx, dy)
        if d > far:
            ux, uy = dx / d, dy / d
            same = False  # (any() over the headings kept, written out)
            for hx, hy in headings:
                if ux * hx + uy * hy > 0.995:
                    same = True
                    break
            if same:
                continue
            headings.append((ux, uy))
        kept.append(m)
    return kept


K = TypeVar("K")


def _grouped(options: Sequence[Any], key: Callable[[Any], K]) -> dict[K, list[Any]]:
    """The options under each ``key`` (their type, the Character they place...), in the menu's
    order, the keys in the order of their first option: what ``setdefault(key(option),
    []).append(option)`` over the menu gives. (A menu lists each type, and a deployment menu
    each Character's places, in a run: the list is looked up once per run, not once per
    option.)"""
    groups: dict[K, list[Any]] = {}
    run: list[Any] = []
    last: Any = _NO_KEY
    for opt in options:
        k = key(opt)
        if k is not last and k != last:
            last = k
            found = groups.get(k)
            if found is None:
                found = groups[k] = []
            run = found
        run.append(opt)
    return groups


_NO_KEY = object()  # (no option's key: the first option always starts a run)


def _options_by_uid(options: Sequence[Any]) -> dict[int, list[Any]]:
    """:func:`_grouped` by the Character placed (``uid``)."""
    return _grouped(options, attrgetter("uid"))


def _listed(answer: Reasoned, by_type: dict[type, list[Any]]) -> Reasoned:
    """``answer`` with the option the menu lists equal to its choice, where it lists one: the
    same choice by value (the same game), found by the flow's legality test by identity."""
    for option in by_type.get(type(answer.choice), ()):
        if option == answer.choice:
            return Reasoned(option, answer.reason)
    return answer


def _engaged(view: Any, ch: Character, decision: Decision) -> list[Character]:
    """The enemies ``ch`` is Engaged with (``view.engaged_with(ch)``: the same Characters in
    the same order), read from the action decision's ``engaged`` uids where the flow put
    them (it asked the state the same question for the same position to build the menu),
    else asked of the view."""
    uids = decision.info.get("engaged")
    if uids is None:
        return view.engaged_with(ch)  # type: ignore[no-any-return]
    if not uids:
        return []
    chars: list[Character] = view.chars
    return [chars[uid] for uid in uids]


class HeuristicController:
    """The heuristic AI with the quick move model for its estimates (issue 16): every goal is
    weighed on a straight-line estimate and only the best ones are walked with the real
    movement rules, Leg It dashes too; a Charge's blows are judged without a Cover test from
    where the Character stands (it will strike from somewhere else). The previous, slower
    model is :class:`FullHeuristicController` (``heuristic-full``). Since session 10 it
    weighs the enemy's threat far less (``CARE``) and chooses who Activates on a quick
    urgency; session 9's weights and scans are :class:`S9HeuristicController`
    (``heuristic-s9``; docs/rulesets/arcworlde.md)."""

    name = "heuristic"

    #: free moves simulated in full after the straight-line first pass
    SHORTLIST: ClassVar[int] = 2
    #: Leg It dashes simulated in full after a straight-line first pass (None: every one)
    LEG_IT_SHORTLIST: ClassVar[int | None] = 1
    #: judge a Charge's blows with the Cover test from the Character's current spot
    CHARGE_COVER_TEST: ClassVar[bool] = False
    #: walk a shortlisted move only while its straight-line estimate, with the Cover bonus
    #: it might still earn, could beat the best move walked so far: the first one usually
    #: holds up, and the next is walked when the real path spoiled it (terrain, friends)
    ROUGH_BOUND: ClassVar[bool] = True
    #: walk to the enemies a Leg It could Charge only while they could still be the best
    #: (:meth:`_best_charge`; the same answer, fewer paths)
    BOUNDED_CHARGES: ClassVar[bool] = True
    #: what standing in Cover from the nearest enemy shooter adds to a position's score
    COVER_BONUS: ClassVar[float] = 0.8

    #: how much the enemy's melee threat where a Character would stand counts against the
    #: spot, for (a Commander, a fighter, anyone else); doubled at 3 HP or less. Session 10
    #: (issue 16) found the AI far too careful: a sixth to a quarter of session 9's weights
    #: (``heuristic-s9``: 0.6, 0.12, 0.3) beat them clearly (docs/performance.md)
    CARE: ClassVar[tuple[float, float, float]] = (0.15, 0.03, 0.05)
    #: test the sight line from the nearest enemy shooter when scoring a walked move (the
    #: Cover bonus); without it a spot is judged on its other terms alone, as the first pass
    #: judges every goal
    COVER_IN_SCORE: ClassVar[bool] = False
    #: choose who Activates on a quick urgency (:meth:`_quick_urgency`: a Character's best
    #: blows and Shot odds against the nearest enemy, no sight line and no exact melee odds
    #: unless it is Engaged) instead of weighing every Attack on every enemy in reach
    QUICK_URGENCY: ClassVar[bool] = True
    #: weigh every ``DEPLOY_STRIDE``-th place of a deployment menu (sorted along the
    #: player's own left-to-right): neighbouring places of the grid score almost alike
    DEPLOY_STRIDE: ClassVar[int] = 2

    def _context(self, view: Any, ch: Character) -> _Context:
        return _Context(view, ch, self.CHARGE_COVER_TEST, self.CARE)

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        wasted = sabotage(view, decision)  # an enemy Commander handed over by the forest
        if wasted is not None:
            return wasted
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return decision.options[0]
        return handler(view, decision, rng)

    # -- setup -----------------------------------------------------------------------------
    def _deploy_order(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return C.DeployOrder(False)  # deploying second lets us answer the enemy's placement

    def _deploy(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        me = decision.player
        by_uid = _options_by_uid(decision.options)
        # Fighters first, the Commander last (it goes where the warband is).
        def order(uid: int) -> tuple[int, int]:
            ch = view.chars[uid]
            return (1 if ch.commander else 0, -ch.profile.cost)
        uid = min(by_uid, key=order)
        chars: list[Character] = view.chars  # (typed: compiled, the fields are read directly)
        ch = chars[uid]
        placed = [c for c in chars if c.deployed and c.side == me]
        enemies = [c for c in chars if c.deployed and c.side != me]
        # Lanes are counted from the player's own left, so that both sides deploy alike on a
        # table that is symmetric under a half turn (side B looks at it from the far edge).
        # A third or fourth side deploys along the west or east edge: its lanes run along y.
        width, height = view.table.width, view.table.height
        along_y = me >= 2

        def own(x: float, y: float) -> float:
            if along_y:
                return height - y if me == 2 else y
            return x if me == 0 else width - x

        objectives = ([(o.x, o.y) for o in view.scenario.objectives]
                      or [(width / 2, height / 2)])
        lanes = sorted(own(x, y) for x, y in objectives)
        lane = lanes[len(placed) % len(lanes)]
        ranged = any(a.ranged for a in ch.usable_attacks())

        commander = ch.commander
        hypot = math.hypot
        nearest_cover = view.table.nearest_cover_point

        def score(opt: Any) -> float:
            x, y = opt.x, opt.y
            s: float = -abs(own(x, y) - lane) * (0.3 if ranged else 1.0)
            # (a term that is 0.0 is left out: taking 0.0 away changes nothing)
            for f in placed:
                d = hypot(f.x - x, f.y - y)
                if d < 2.5:
                    s -= 3.0
                if commander and d - 6.0 > 0.0:
                    s -= (d - 6.0) * 0.5
            if ranged:
                cover = nearest_cover(x, y)
                if cover is not None:
                    s -= cover[0] * 0.2
            else:
                for e in enemies:
                    if abs((e.y - y) if along_y else (e.x - x)) < 4:
                        s += 0.5
            return s

        return max(sorted(by_uid[uid], key=lambda o: own(o.x, o.y))[::self.DEPLOY_STRIDE],
                   key=score)

    # -- choosing who acts -------------------------------------------------------------------
    def _activate(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        best, best_score = decision.options[0], -math.inf
        urgency: dict[int, float] = {}
        enemies: _Enemies | None = None  # (one side's Characters all face the same enemies)
        for opt in decision.options:
            if isinstance(opt, C.Activate):
                ch = view.chars[opt.uid]
                if enemies is None or enemies.side != ch.side:
                    enemies = _Enemies(view, ch)
                urgency[opt.uid] = s = self._urgency(view, ch, enemies)
                if s > best_score:
                    best, best_score = opt, s
        for opt in decision.options:
            if isinstance(opt, C.ActivatePack):
                # a pack that is all close to the enemy goes together (one turn, re-rolls)
                scores = [urgency.get(u, 0.0) for u in opt.uids]
                if min(scores) >= 6.0 and sum(scores) > best_score:
                    best, best_score = opt, sum(scores)
        return best

    def _urgency(self, view: Any, ch: Character, enemies: _Enemies | None = None) -> float:
        """How much ``ch`` gains by acting now: Attacks it could make, Shots it could take,
        the enemy's threat where it stands. ``enemies``: its enemies' facts, where known."""
        if ch.broken:
            return -5.0  # nothing to gain by hurrying a Broken Character
        if enemies is None:
            enemies = _Enemies(view, ch)
        x, y, r, hypot = ch.x, ch.y, ch.r, math.hypot
        # One pass over the enemies: view.distance(ch, e) of each, written out (within
        # CONTACT: Engaged, as the state's engaged_with: the same Characters in the same
        # order), and the threat where ``ch`` stands (tactics.melee_threat: its gap measured
        # with the radii taken away in its order, the same terms added in the same order)
        gaps: list[float] = []
        engaged: list[Character] = []
        # (the enemies within a Charge's reach, with their gaps, in table order: picked out on
        # the way rather than by a second pass over every enemy)
        reach = ch.movement + 3.0
        near: list[tuple[Character, float]] = []
        threat = 0.0
        for ex, ey, er, e, move, leg_it, blows in enemies.rows:
            h = hypot(ex - x, ey - y)
            d = h - r - er
            gaps.append(d)
            if d <= CONTACT:
                engaged.append(e)
            if d <= reach:
                near.append((e, d))
            t = h - er - r
            if t <= leg_it:
                threat += blows * (1.0 if t <= move else 0.5)
        if engaged:
            return 10.0 + melee_value(view, ch, ch.ap, engaged, False)
        if self.QUICK_URGENCY:
            return self._quick_urgency(ch, near, gaps, threat)
        score = 0.0
        ap, movement, cover_test = ch.ap, ch.movement, self.CHARGE_COVER_TEST
        for e, d in near:
            s = 6.0 + melee_value(view, ch, ap, [e], d > movement, cover_test) - d * 0.3
            if s > score:  # (keeps what max(score, s) keeps)
                score = s
        table: Table = view.table  # (typed: compiled, ``table.sight`` is a direct call)
        for a in ch.usable_attacks():
            if a.ranged:
                # shot_targets (enemies within range, in table order, at least partly
                # visible) with its distance and sight line written out; the sight line
                # also says whether each target is in Cover (in_cover: the same line)
                assert a.range is not None
                far = a.range + 1e-9
                best: float | None = None
                for e, d in zip(enemies.chars, gaps, strict=True):
                    if d > far:
                        continue
                    line = table.sight(x, y, r, e.x, e.y, e.r)
                    if not line.visible:
                        continue
                    cover = True if e.aboard else line.hidden >= COVER_SHARE
                    v = shot_value(view, ch, a, e, 1, cover)
                    if best is None or v > best:  # (max() over the targets)
                        best = v
                if best is not None and 5.0 + best > score:
                    score = 5.0 + best
        return score + threat * 0.3 + (0.5 if ch.prone else 0.0)

    def _quick_urgency(self, ch: Character, near: list[tuple[Character, float]],
                       gaps: list[float], threat: float) -> float:
        """:meth:`_urgency` of a Character that is not Engaged, the quick way (``QUICK_URGENCY``):
        a Charge is worth its best blows (tactics.attack_figures) less the gap to the nearest
        enemy within reach, a Shot its chance to hit with 1AP times its Power when the nearest
        enemy is within range (no sight line); ``near``: the enemies within a Charge's reach
        with their gaps, ``gaps``: the gap to every enemy, ``threat``: the enemy's melee
        threat where ``ch`` stands, as :meth:`_urgency` worked them out."""
        score = 0.0
        if near:
            nearest = near[0][1]
            for _, d in near:
                if d < nearest:
                    nearest = d
            score = 6.0 + attack_figures(ch)[3] * 0.5 - nearest * 0.3
        if gaps:
            nearest = gaps[0]
            for d in gaps:
                if d < nearest:
                    nearest = d
            for a in ch.usable_attacks():
                if a.ranged and a.range is not None and nearest <= a.range + 1e-9:
                    v = 5.0 + shot_chance(1, a) * a.power * 0.5
                    if v > score:
                        score = v
        return score + threat * 0.3 + (0.5 if ch.prone else 0.0)

    # -- the Activation --------------------------------------------------------------------
    def _choose_weapon(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        ch = view.chars[decision.info["character"]]
        engaged = bool(view.engaged_with(ch))

        def value(opt: Any) -> float:
            w = next(w for w in ch.weapons if w.id == opt.weapon)
            return float(sum(a.power * (0.5 if a.ranged != engaged else 1.0) for a in w.attacks))

        return max(decision.options, key=value)

    def _agile_reroll(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return C.AgileReroll(True)

    def _action(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        ch: Character = view.chars[decision.info["character"]]
        ap: int = decision.info["ap"]
        opts = decision.options
        by_type: dict[type, list[Any]] = _grouped(opts, type)
        # (the menu's own EndActivation and LegIt, equal to fresh ones: the flow's legality
        # test finds the very option at once instead of comparing it with every option)
        ends = by_type.get(C.EndActivation)
        end = ends[0] if ends else C.EndActivation()

        if ch.prone:
            stands = by_type.get(C.StandUp, [])
            if stands:
                return Reasoned(min(stands, key=lambda o: abs(o.ap - min(2, ap))), "get back up")
            return end

        helps = by_type.get(C.HelpUp)
        token = arcanite_action(view, ch, ap, by_type)
        if token is not None:
            return Reasoned(token, "Arcanite: " + type(token).__name__)
        engaged = _engaged(view, ch, decision)
        if engaged:
            return self._melee_action(view, ch, ap, engaged, by_type, decision)

        legging = decision.info.get("legging", False)
        shots = by_type.get(C.Shoot, [])
        moves = by_type.get(C.Move, [])
        cast = self._cast(view, ch, ap, by_type, shots)
        if cast is not None:
            return cast
        feat = self._narrative(view, ch, ap, by_type, shots)
        if feat is not None:
            return feat
        if legging and C.LegIt in by_type:
            attempt = decision.info.get("leg_it_rolls", 1) + 1
            choice = self._continue_leg_it(view, ch, ap, attempt)
            if choice is not None:
                return _listed(choice, by_type)
        # (worked out once: nothing the AI weighs changes the position, so a second look
        # gives the same Shot, and the move's surroundings serve the Leg It plan)
        shot = self._best_shot(view, ch, ap, shots) if shots else None
        # Shoot first when standing in Cover or when no move improves the position; but a
        # Shot that spends the last AP ends the Activation (arcworlde.activation
        # .ap_and_actions), so move first if a move improves the position.
        if shot is not None and (not moves or self._in_cover_from_shooters(view, ch)):
            spends_all = getattr(shot, "choice", shot).ap >= ap
            if not (spends_all and moves):
                return shot
            move = self._best_move(view, ch, ap, moves)
            return move if move is not None else shot
        ctx: _Context | None = None
        if moves:
            ctx = self._context(view, ch)
            move = self._best_move(view, ch, ap, moves, ctx)
            if move is not None:
                return move
        if shot is not None:
            return shot
        if C.LegIt in by_type and not legging:
            plan = self._leg_it_plan(view, ch, ap, ctx)
            if plan is not None:
                return _listed(plan, by_type)
        if helps and ap >= 1:
            return min(helps, key=lambda o: o.ap)
        cheer = by_type.get(C.RousingCheer)
        if cheer:
            return cheer[0]
        return end

    def _melee_action(self, view: Any, ch: Character, ap: int, engaged: list[Character],
                      by_type: dict[type, list[Any]], decision: Decision) -> Any:
        attacks = by_type.get(C.Attack, [])
        charged = False  # the view does not say; the bonus only adds to the score
        cast = self._cast(view, ch, ap, by_type, attacks)
        if cast is not None:
            return cast
        feat = self._narrative(view, ch, ap, by_type, attacks)
        if feat is not None:
            return feat
        gobbles = by_type.get(C.Gobble)
        if gobbles:
            gulp = best_gobble(view, ch, ap, gobbles, attacks)
            if gulp is not None:
                return Reasoned(gulp, "Gobble!")
        if attacks:
            best, best_v = None, 0.0
            for o in attacks:
                attack = next(a for a in ch.usable_attacks() if a.name == o.attack and not a.ranged)
                target = view.chars[o.target]
                v = attack_score(view, ch, attack, target, charged) / max(1, attack.ap or 1)
                if v > best_v:
                    best, best_v = o, v
            if best is not None:
                return best
        disengages = by_type.get(C.Disengage, [])
        if disengages and ch.hp <= 2 * len(engaged):
            return max(disengages, key=lambda o: o.ap)
        ends = by_type.get(C.EndActivation)
        return ends[0] if ends else C.EndActivation()

    def _cast(self, view: Any, ch: Character, ap: int, by_type: dict[type, list[Any]],
              rivals: list[Any]) -> Any:
        """A Spell when its expected value (exact casting odds with the AP at hand, times the
        effect, less the Overpowered risk) is worth its AP at least as well as the best
        Attack or Shot on offer (arcworlde.magic.casting)."""
        casts = by_type.get(C.Cast)
        if not casts:
            return None
        walks = C.Move in by_type  # its free movement is still to come

        def move_value(spell: Any, target: Character) -> float:
            return self._move_spell_value(view, ch, ap, spell, target, walks)

        choice, value, cost = best_cast(view, ch, ap, casts, move_value)
        if choice is None or value < 0.8:
            return None
        if value / cost < self._rival_per_ap(view, ch, ap, rivals):
            return None
        return Reasoned(choice, f"cast {choice.spell}: worth {value:.1f} for about {cost:.1f}AP")

    def _rival_per_ap(self, view: Any, ch: Character, ap: int, rivals: list[Any]) -> float:
        """The best value per AP among the Attacks and Shots on offer."""
        rival = 0.0
        for o in rivals:
            if isinstance(o, C.Attack):
                attack = next(a for a in ch.usable_attacks() if a.name == o.attack and not a.ranged)
                v = attack_score(view, ch, attack, view.chars[o.target], False)
                rival = max(rival, v / max(1, attack.ap or 1))
            elif isinstance(o, C.Shoot):
                attack = next(a for a in ch.usable_attacks() if a.name == o.attack and a.ranged)
                if o.ap == best_shot_ap(attack, ap):
                    rival = max(rival, shot_value(view, ch, attack, view.chars[o.target], o.ap) / o.ap)
        return rival

    def _narrative(self, view: Any, ch: Character, ap: int, by_type: dict[type, list[Any]],
                   rivals: list[Any]) -> Any:
        """A Narrative Feat from the menu when its exact odds times its effect beat the best
        Attack or Shot per AP (ai/narrative_ai.py; arcworlde.feat.narrative)."""
        proposals = by_type.get(C.Narrative)
        if not proposals:
            return None
        choice, value = best_narrative(view, ch, proposals, 0.0)
        if choice is None:
            return None
        # (the rivals only when some Feat is worth proposing at all: they cost more to judge)
        if self._rival_per_ap(view, ch, ap, rivals) >= value / choice.ap:
            return None
        if C.LegIt in by_type and ap >= 2:  # a Charge it could still make instead
            ctx = self._context(view, ch)
            charge = ctx.charge_at(ch.x, ch.y, ap, 1) / ap
            if charge >= value / choice.ap:
                return None
        return Reasoned(choice, f"Narrative Feat {choice.feat} ({choice.difficulty},"
                                f" {choice.ap} dice): worth {value:.1f}")

    #: how much of a movement Spell's gain counts when the Character moved could walk there
    #: itself this Activation (its free movement is still to come)
    WALKS_ANYWAY = 0.35

    @staticmethod
    def _spell_move_ap(mage: Character, ap: int, target: Character) -> int:
        """AP the Character a movement Spell moves will have to act with from there."""
        if target is mage:
            return max(0, ap - CAST_AP)
        return 0 if target.activated else target.ap

    def _move_spell_value(self, view: Any, mage: Character, ap: int, spell: Any,
                          target: Character, walks: bool) -> float:
        """What moving ``target`` up to the Spell's distance is worth: the best position it
        could reach (objectives, a Charge or an Attack from there, out of the enemy's reach:
        the move scoring's terms), less where it stands (arcworlde.magic.casting). A friend
        yet to Activate, or the Mage before its free movement, could walk part of the way
        itself: that part of the gain is not the Spell's."""
        if target.aboard:
            return 0.0  # a rider goes where its mount goes
        left = self._spell_move_ap(mage, ap, target)
        gain = self._best_spot(view, target, left, spell.amount,
                               move_candidates(view, target, spell.amount))[1]
        walking = (target is mage and walks) or (target is not mage and not target.activated)
        return gain * (self.WALKS_ANYWAY if walking else 1.0)

    def _best_spot(self, view: Any, ch: Character, ap: int, inches: float, moves: list[Any]
                   ) -> tuple[Any, float]:
        """The move among ``moves`` (up to ``inches``) ending where ``ch`` stands best with
        ``ap`` AP, and how much better that is than where it stands (at least 0)."""
        ctx = self._context(view, ch)
        here = self._position_score(view, ch, ch.x, ch.y, ap, [], ctx)
        best, best_v = None, here
        candidates = _distinct_headings(ch, moves, inches)
        if len(candidates) > self.SPELL_SHORTLIST:
            # straight-line estimates first; only the most promising are simulated in full
            guesses = []
            for m in candidates:
                x, y, touched = _straight_move(ch, m, inches, ctx.around)
                guesses.append((self._position_score(view, ch, x, y, ap, touched, ctx, rough=True), m))
            guesses.sort(key=lambda g: -g[0])
            candidates = [m for _, m in guesses[: self.SPELL_SHORTLIST]]
        for m in candidates:
            res, others = simulate_move(view, ch, (m.x, m.y), inches, ctx.around)
            touched = [others[i] for i in res.contact if others[i].side != ch.side]
            v = self._position_score(view, ch, res.x, res.y, ap, touched, ctx)
            if v > best_v:
                best, best_v = m, v
        return best, best_v - here

    #: a movement Spell's destinations simulated in full after the straight-line first pass
    SPELL_SHORTLIST = 2

    def _spell_move(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        """Where a movement Spell takes its target: the spot it stands best (the Mage's
        side chooses; arcworlde.magic.casting)."""
        target = view.chars[decision.info["character"]]
        ap_left = 0 if target.activated else target.ap  # (the Mage's own AP are not told)
        moves = [o for o in decision.options if o.label != "stay"]
        best, _ = self._best_spot(view, target, ap_left, decision.info["inches"], moves)
        return best if best is not None else decision.options[-1]

    def _gobble_escape(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return C.Escape(escape_ap(decision.info["ap"], decision.info["needed"]))

    def _arcanite_defence(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return ward_decision(view, decision)

    def _cache_item(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        """From the forest's cache: armour if it has none, else the best weapon."""
        from warband.rulesets.arcworlde.catalogue import catalogue

        ch = view.chars[decision.info["character"]]
        items = catalogue().equipment

        def value(o: Any) -> float:
            e = items[o.weapon]
            return float(3.0 * max(0, e.armour - ch.armour)
                         + sum(a.power for a in e.attacks) * 0.3 + e.movement * 0.5)

        return max(decision.options, key=value)

    def _narrative_agree(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        """Agree to a Narrative Feat proposed at its usual difficulty; disagree (the book's
        compromise: a more dangerous failure for the proposer) when it was made easier."""
        return C.AgreeFeat(decision.info["difficulty"] == decision.info["usual"])

    def _spell_draw(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return spell_draw(view, decision)

    def _summon_place(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return summon_spot(view, decision)

    def _best_shot(self, view: Any, ch: Character, ap: int, shots: list[Any]) -> Any:
        """The Shot with the best value per AP, at the AP that hits most often per AP; into a
        melee where a friend would take a failed Shot, at any AP (more dice, fewer misses on
        the friend), and only when the Shot is worth more than the harm it risks."""
        best, best_v = None, 0.0
        # the friend a failed Shot at each target would hit (None: no friend touches it)
        victims: dict[int, Character | None] = {}
        # (the Attack of each name and the AP it best takes, found once per name)
        ranged: dict[str, tuple[Any, int]] = {}
        # the worth of each Attack on each target and on the friend a miss would hit: the
        # two attack_score terms of tactics.shot_value, which do not depend on the AP
        worth: dict[tuple[str, int], tuple[float, float | None]] = {}
        for o in shots:
            known = ranged.get(o.attack)
            if known is None:
                found = next(a for a in ch.usable_attacks() if a.name == o.attack and a.ranged)
                known = ranged[o.attack] = (found, best_shot_ap(found, ap))
            attack, best_ap = known
            if o.target not in victims:
                victims[o.target] = stray_victim(view, ch, view.chars[o.target])
            victim = victims[o.target]
            if o.ap != best_ap and victim is None:
                continue
            terms = worth.get((o.attack, o.target))
            if terms is None:
                target = view.chars[o.target]
                terms = worth[(o.attack, o.target)] = (
                    attack_score(view, ch, attack, target, False),
                    None if victim is None else attack_score(view, ch, attack, victim, False))
            # tactics.shot_value, term by term
            p_hit = shot_chance(o.ap, attack)
            value = p_hit * terms[0]
            if terms[1] is not None:
                value -= (1.0 - p_hit) * terms[1]
            v = value / o.ap
            if v > best_v:
                best, best_v = o, v
        return best

    def _in_cover_from_shooters(self, view: Any, ch: Character) -> bool:
        """In Cover from the nearest enemy with a Ranged Attack (the first of equals), or no
        enemy can shoot. (min() over the shooters by ``view.distance``, written out: the same
        float expression, the same first of equals.)"""
        x, y, r, side, hypot = ch.x, ch.y, ch.r, ch.side, math.hypot
        near: Character | None = None
        nearest = 0.0
        for e in view.chars:
            if e.side == side or not e.on_table:
                continue
            for a in e.attacks:
                if a.ranged:
                    d = hypot(e.x - x, e.y - y) - r - e.r
                    if near is None or d < nearest:
                        near, nearest = e, d
                    break
        if near is None:
            return True
        return bool(view.table.sight(near.x, near.y, near.r, x, y, r).hidden >= 0.5)

    # -- moving ----------------------------------------------------------------------------
    def _best_move(self, view: Any, ch: Character, ap: int, moves: list[Any],
                   ctx: _Context | None = None) -> Any:
        """The free move among ``moves`` that leaves ``ch`` best placed, or None when staying
        put is as good. ``ctx``: the decision's context of ``ch``, where already built."""
        if ctx is None:
            ctx = self._context(view, ch)
        here = self._position_score(view, ch, ch.x, ch.y, ap, [], ctx)
        best, best_v = None, here + 0.05
        candidates = _distinct_headings(ch, moves, ch.movement)
        shortlist: list[tuple[float, Any]] = [(math.inf, m) for m in candidates]
        if len(candidates) > self.SHORTLIST:
            # A first pass on straight-line estimates; only the most promising moves are
            # simulated with the full movement rules.
            guesses = []
            for m in candidates:
                x, y, touched = _straight_move(ch, m, ch.movement, ctx.around)
                guesses.append((self._position_score(view, ch, x, y, ap, touched, ctx, rough=True), m))
            guesses.sort(key=lambda g: -g[0])
            shortlist = guesses[: self.SHORTLIST]
        for guess, m in shortlist:
            if self.ROUGH_BOUND and guess + self.COVER_BONUS <= best_v:
                break  # not even its estimate in Cover beats the best walked (nor, sorted, the rest)
            res, others = simulate_move(view, ch, (m.x, m.y), ch.movement, ctx.around)
            touched = [others[i] for i in res.contact if others[i].side != ch.side]
            v = self._position_score(view, ch, res.x, res.y, ap, touched, ctx, floor=best_v)
            if v > best_v:
                best, best_v = m, v
        if best is None:
            return None
        return Reasoned(best, best.label) if best.label else best

    def _position_score(self, view: Any, ch: Character, x: float, y: float, ap: int,
                        contact: list[Character], ctx: _Context, rough: bool = False,
                        floor: float | None = None, bonus: float = 0.0) -> float:
        """How good it is for ``ch`` to stand at (x, y) with ``ap`` AP left to spend.
        ``rough`` skips the line-of-sight test (for the first pass over estimates).
        ``floor``: the caller only asks whether the score plus ``bonus`` beats it; when even
        the Cover bonus could not lift it above, the line-of-sight test is skipped and a score
        that does not beat it comes back (the terms are added in the same order either way,
        and float addition never decreases, so the answer to "does it beat ``floor``?" is
        exact).
        Hot: called for every candidate position, so per-Character facts live in ``ctx``."""
        score = 0.0
        hypot = math.hypot
        r = ch.r
        # One pass over the enemies (``ctx.rows``, in the order of ``ctx.enemies``): the gap
        # to each, base edge to base edge, and from it the Attack chances and the threat, each
        # term worked out as before and added in the same order (the Charge as
        # ``ctx.charge_at``, the threat as tactics.melee_threat weighs it; max and min pick
        # the same values in one pass as in their own; tests/rulesets/arcworlde/
        # test_ai_one_pass.py keeps the plain computations and compares).
        threat = 0.0
        if contact:
            # Attack chances from here.
            score += melee_value(view, ch, ap, contact, False)
            for ex, ey, er, move, reach, blows, _ in ctx.rows:
                d = hypot(ex - x, ey - y) - er - r
                if d <= reach:
                    threat += blows if d <= move else blows * 0.5
        elif ctx.shot_reach:
            best_shot = 0.0
            shot_reach = ctx.shot_reach
            for ex, ey, er, move, reach, blows, _ in ctx.rows:
                d = hypot(ex - x, ey - y) - er - r
                for far, value in shot_reach:
                    if d <= far and value > best_shot:
                        best_shot = value
                if d <= reach:
                    threat += blows if d <= move else blows * 0.5
            score += best_shot * ap * 0.8
        else:
            # (no Shot from here: the Shot term is 0.0, and 0.0 + 0.0 is 0.0)
            if ctx.melee:
                # Melee fighters want to close in: a Charge from here this Activation (Leg It
                # with the AP left), or next time.
                nearest = 30.0
                charge = 0.0
                charging = ap >= 2
                strikes = ctx._strike
                prone_cost = HeuristicController.PRONE_COST
                first_roll, ceil = FIRST_ROLL_WITHIN_SIX, math.ceil
                for ex, ey, er, move, reach, blows, e in ctx.rows:
                    d = hypot(ex - x, ey - y) - er - r
                    if d < nearest:
                        nearest = d
                    if charging and d <= 6.0:
                        # charge_chance(d, 1), looked up: the gap in tenths rounded up as it
                        # rounds it (at most 60 within 6"), none below 0
                        tenths = ceil(d * 10 - 1e-6)
                        arrive, trip = first_roll[tenths if tenths > 0 else 0]
                        if arrive:  # (no chance to arrive: worth at most 0, never more)
                            strike = strikes.get((e.uid, ap))
                            if strike is None:
                                strike = ctx.strike(e, ap)
                            value = arrive * strike - trip * prone_cost
                            if value > charge:
                                charge = value
                    if d <= reach:
                        threat += blows if d <= move else blows * 0.5
                score += charge * 0.8
                score -= nearest * 0.2 * (1.0 if not ch.commander else 0.4)
            else:
                for ex, ey, er, move, reach, blows, _ in ctx.rows:
                    d = hypot(ex - x, ey - y) - er - r
                    if d <= reach:
                        threat += blows if d <= move else blows * 0.5
        # Danger: enemies that can reach us next.
        score -= threat * ctx.care * (0.5 if contact else 1.0)
        # The terms after Cover (each 0.0 when it does not apply: adding 0.0 changes nothing).
        # Tokens and Items to pick up: as soon as possible.
        pick = 0.0
        if ctx.pickups and not ch.broken:
            best_pick = 0.0
            for px, py, gain in ctx.pickups:
                d = hypot(px - x, py - y) - r
                value = gain / (1.0 + (d if d > 0.0 else 0.0) * 0.35)
                if value > best_pick:
                    best_pick = value
            pick = best_pick * 1.5
        # Objectives matter more as the end approaches.
        held = 0.0
        if ctx.objectives and not ch.broken:
            rounds_left = ctx.rounds_left
            weight = 1.5 if rounds_left <= 1 else (0.8 if rounds_left <= 2 else 0.25)
            best_obj = 0.0
            objective_range = ctx.objective_range
            for ox, oy, gain in ctx.objectives:
                d = hypot(ox - x, oy - y) - r - objective_range
                value = gain / (1.0 + (d if d > 0.0 else 0.0) * 0.5)
                if value > best_obj:
                    best_obj = value
            held = best_obj * weight * 3
        # The Commander keeps its warband within its 8" aura.
        aura = 0.0
        if ch.commander:
            friends = ctx.friends
            if friends:
                inside = 0  # (the sum over the friends, written out)
                for f in friends:
                    if hypot(f.x - x, f.y - y) - f.r - r <= COMMANDER_AURA:
                        inside += 1
                aura = inside * 0.15
        # Cover from the nearest enemy shooter.
        shooters = ctx.shooters
        if shooters and not rough and self.COVER_IN_SCORE:
            near, reach = shooters[0]  # the nearest (the first of equals, as min() picks)
            nearest = hypot(near.x - x, near.y - y)
            for e, e_reach in shooters:
                d = hypot(e.x - x, e.y - y)
                if d < nearest:
                    near, reach, nearest = e, e_reach, d
            exposed = nearest - near.r - r <= reach
            if exposed:
                covered = score + self.COVER_BONUS + pick + held + aura
                if floor is not None and covered + bonus <= floor:
                    return covered  # cannot beat ``floor`` even in Cover
                if ctx.table.sight(near.x, near.y, near.r, x, y, r).hidden >= 0.5:
                    return covered
        return score + pick + held + aura

    #: rough cost of ending up Prone: the rest of the Activation lost, Defence at Disadvantage
    PRONE_COST: ClassVar[float] = 2.5

    def _charge_targets(self, view: Any, ch: Character, ap: int, attempt: int,
                        ctx: _Context | None = None,
                        ) -> list[tuple[float, Character, float]]:
        """Enemies a Leg It from roll ``attempt`` could reach: (value, enemy, gap), best first.
        The gap is measured along the real path (terrain, other bases). ``ctx``: this
        decision's context of ``ch``, where built (its surroundings and Charge blows)."""
        around = surroundings(view, ch) if ctx is None else ctx.around
        blockers = around[0]
        out = []
        for i, e in enumerate(blockers):
            if e.side == ch.side or view.distance(ch, e) > 6.5:
                continue
            res, _ = simulate_move(view, ch, (e.x, e.y), 12.0, around)
            if i not in res.contact:
                continue  # something else is in the way
            reach, trip = charge_chance(res.cost, attempt)
            blows = (melee_value(view, ch, ap, [e], True, self.CHARGE_COVER_TEST)
                     if ctx is None else ctx.strike(e, ap))
            value = reach * blows - trip * self.PRONE_COST
            out.append((value, e, res.cost))
        out.sort(key=lambda t: -t[0])
        return out

    def _best_charge(self, view: Any, ch: Character, ap: int, attempt: int, worth: float,
                     ctx: _Context | None = None,
                     ) -> tuple[float, Character, float] | None:
        """The best of :meth:`_charge_targets` if it is worth more than ``worth``, else None.
        With ``BOUNDED_CHARGES`` only the enemies that could still win are walked to: a
        Charge's value over the straight-line gap bounds its value over the real path (which
        is never shorter than it, less the contact tolerance, and a longer dash never has a
        better chance to arrive nor a smaller one to trip), so they are walked best bound first until the next bound cannot beat
        ``worth`` or the best found; the answer is the one the full list gives. ``ctx``: this
        decision's context of ``ch``, where already built: its surroundings, and the blows of
        a Charge on each enemy (``ctx.strike``: the same melee_value, often worked out already
        by the position scores)."""
        if not self.BOUNDED_CHARGES:
            targets = self._charge_targets(view, ch, ap, attempt, ctx)
            return targets[0] if targets and targets[0][0] > worth else None
        if ctx is None:
            # No enemy within 6.5" (the test below, over every enemy on the table, riders
            # aboard too): nothing to Charge, and the bases round ``ch`` are not needed
            x, y, r, side, hypot = ch.x, ch.y, ch.r, ch.side, math.hypot
            for c in view.chars:
                if c.side != side and c.on_table and hypot(c.x - x, c.y - y) - r - c.r <= 6.5:
                    break
            else:
                return None
        around = surroundings(view, ch) if ctx is None else ctx.around
        bounds = []
        for i, e in enumerate(around[0]):
            if e.side == ch.side:
                continue
            gap = view.distance(ch, e)
            if gap > 6.5:
                continue
            blows = (melee_value(view, ch, ap, [e], True, self.CHARGE_COVER_TEST)
                     if ctx is None else ctx.strike(e, ap))
            # (a move ends on touching, within CONTACT of the other base: it is never
            # shorter than the gap less that)
            reach, trip = charge_chance(gap - CONTACT - 1e-6, attempt)
            bounds.append((reach * blows - trip * self.PRONE_COST, i, e, blows))
        bounds.sort(key=lambda b: -b[0])
        best: tuple[float, Character, float] | None = None
        best_i = -1
        for bound, i, e, blows in bounds:
            if bound <= worth or (best is not None and bound < best[0]):
                break
            res, _ = simulate_move(view, ch, (e.x, e.y), 12.0, around)
            if i not in res.contact:
                continue  # something else is in the way
            reach, trip = charge_chance(res.cost, attempt)
            value = reach * blows - trip * self.PRONE_COST
            # (of equal values the first in table order, as the sorted full list gives)
            if value > worth and (best is None or value > best[0]
                                  or (value == best[0] and i < best_i)):
                best, best_i = (value, e, res.cost), i
        return best

    @staticmethod
    def _fighter(ch: Character) -> bool:
        """Melee is its trade: no Ranged Attack, or melee hits harder than its shots."""
        melee = max((a.power for a in ch.usable_attacks() if not a.ranged), default=0)
        ranged = max((a.power for a in ch.usable_attacks() if a.ranged), default=0)
        return melee > ranged

    def _leg_it_plan(self, view: Any, ch: Character, ap: int,
                     ctx: _Context | None = None) -> Any:
        """Start Legging It (1AP) to Charge when the expected blows outweigh the trip risk.
        ``ctx``: this decision's context of ``ch``, where already built."""
        if ap < 2:
            return None
        # After paying 1AP the Charge refunds it, so the blows are struck with ``ap`` AP.
        # The Commander only dashes in when the odds are good (its loss costs Bravery too).
        target = self._best_charge(view, ch, ap, 1, 2.0 if ch.commander else 0.5, ctx)
        if target is not None:
            value, e, gap = target
            return Reasoned(C.LegIt(), f"Leg It to Charge {e.name} ({gap:.1f}\" away)")
        return None

    def _continue_leg_it(self, view: Any, ch: Character, ap: int, attempt: int) -> Any:
        """After a safe roll: roll again while a Charge is worth the growing trip risk."""
        target = self._best_charge(view, ch, max(ap, 1), attempt, 0.3)
        if target is not None:
            return Reasoned(C.LegIt(), f"another dash at {target[1].name}")
        return None

    def _leg_it_move(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        ch = view.chars[decision.info["character"]]
        inches = decision.info["inches"]
        ap = max(1, decision.info["ap"])
        next_roll = decision.info["leg_it_rolls"] + 1
        best, best_v = decision.options[-1], -math.inf
        ctx = self._context(view, ch)
        candidates = list(decision.options)
        shortlist: list[tuple[float, Any]] = [(math.inf, m) for m in candidates]
        keep = self.LEG_IT_SHORTLIST
        if keep is not None and len(candidates) > keep:
            # A first pass on straight-line estimates (as for free moves); only the best
            # dashes are walked with the real movement rules.
            guesses = []
            for m in candidates:
                x, y, touched = _straight_move(ch, m, inches, ctx.around)
                bonus = 3.0 if touched else (
                    0.8 * ctx.charge_at(x, y, ap, next_roll) if next_roll <= 3 else 0.0)
                guesses.append((self._position_score(view, ch, x, y, 3, touched, ctx, rough=True)
                                + bonus, m))
            guesses.sort(key=lambda g: -g[0])
            shortlist = guesses[:keep]
        for guess, m in shortlist:
            if self.ROUGH_BOUND and guess + self.COVER_BONUS <= best_v:
                break  # (as for free moves)
            res, others = simulate_move(view, ch, (m.x, m.y), inches, ctx.around)
            touched = [others[i] for i in res.contact if others[i].side != ch.side]
            bonus = 0.0  # (adding 0.0 changes nothing)
            if touched:
                bonus = 3.0  # a Charge: +1AP
            elif next_roll <= 3:
                # Short of contact: a dash that ends closer keeps the Charge alive for the
                # next roll (the 1AP of the Leg It is already spent).
                bonus = 0.8 * ctx.charge_at(res.x, res.y, ap, next_roll)
            v = self._position_score(view, ch, res.x, res.y, 3, touched, ctx, floor=best_v,
                                     bonus=bonus) + bonus
            if v > best_v:
                best, best_v = m, v
        return best

    def _disengage_move(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        ch = view.chars[decision.info["character"]]

        def value(m: Any) -> float:
            res, _ = simulate_move(view, ch, (m.x, m.y), ch.movement)
            return -melee_threat(view, res.x, res.y, ch.r, ch.side) - (5.0 if res.contact else 0.0)

        return max(decision.options, key=value)


class S9HeuristicController(HeuristicController):
    """The heuristic AI as it was at the end of issue 16's session 9 (``heuristic-s9``): two
    free moves and two Leg It dashes walked, the Cover test in a walked move's score, the
    full urgency scan, every deployment place weighed, and the enemy's threat weighed four
    to six times as heavily. Its games are the default heuristic's games of that time;
    kept to measure the present AI against, and for designers who want it."""

    name = "heuristic-s9"
    SHORTLIST = 2
    LEG_IT_SHORTLIST: ClassVar[int | None] = 2
    CARE = (0.6, 0.12, 0.3)
    COVER_IN_SCORE = True
    QUICK_URGENCY = False
    DEPLOY_STRIDE = 1


class FullHeuristicController(S9HeuristicController):
    """The heuristic AI as it was before issue 16's quick move model: four free moves and
    every Leg It dash walked with the real movement rules, a Charge's blows judged with the
    Cover test from where the Character stands. Slower, and kept for designers who want it
    (and to measure the quick one against)."""

    name = "heuristic-full"
    SHORTLIST = 4
    LEG_IT_SHORTLIST = None
    CHARGE_COVER_TEST = True
    ROUGH_BOUND = False
    BOUNDED_CHARGES = False
