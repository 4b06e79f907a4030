"""The heuristic's estimates written out in one pass give what their plain computations give
(issue 16, session 6): the position score, the urgency scan, a Leg It dash's Charge estimate,
the Shot choice and the damage figures were rewritten to make fewer passes and calls, not to
change a number. Each test scatters the Characters of a played game over many positions and
compares the fast code with the plain one (kept here as the code was at d84e964), float for
float; the seeded games themselves are pinned in tests/kit/test_pinned_games.py.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from warband.core import registry
from warband.core.controller import play
from warband.core.geometry import CONTACT
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai import tactics
from warband.rulesets.arcworlde.ai.heuristic import (
    FullHeuristicController,
    HeuristicController,
    S9HeuristicController,
    _Context,
    _Enemies,
)
from warband.rulesets.arcworlde.ai.tactics import (
    best_melee_blows,
    best_shot_ap,
    charge_chance,
    damage_stats,
    melee_threat,
    melee_value,
    shot_chance,
    shot_value,
)
from warband.rulesets.arcworlde.rules.bravery import COMMANDER_AURA
from warband.rulesets.arcworlde.rules.combat import attack_mechanic, shot_targets, stray_victim
from warband.rulesets.arcworlde.state import ArcView, Character


def _state(seed: int) -> Any:
    rs = registry.get("arcworlde")
    paths = list(rs.sample_lists())
    game = rs.new_game([rs.load_list(paths[0]), rs.load_list(paths[1])], seed,
                       log_events=False)
    factory = rs.controllers()["heuristic"]
    play(game, {0: factory(), 1: factory()}, seed)
    return game.state


def _scatter(st: Any, rng: random.Random, size: float = 16.0) -> None:
    """Every Character back on the table somewhere in a ``size`` square near the middle,
    some wounded, Broken or Prone: crowded enough for contact, Charges and Shots."""
    ox, oy = st.table.width / 2 - size / 2, st.table.height / 2 - size / 2
    for c in st.chars:
        c.ko = False
        c.deployed = True
        c.x, c.y = ox + rng.uniform(0, size), oy + rng.uniform(0, size)
        c.hp = rng.randint(1, c.max_hp)
        c.broken = rng.random() < 0.15
        c.prone = rng.random() < 0.15


def _gaps(ctx: _Context, x: float, y: float) -> list[float]:
    """The gap (base edge to base edge) between the context's Character standing at (x, y)
    and each enemy, in the order of ``ctx.enemies`` (d84e964's ``_Context.gaps``)."""
    r = ctx.ch.r
    return [math.hypot(e.x - x, e.y - y) - e.r - r for e in ctx.enemies]


def _threat(ctx: _Context, gaps: list[float]) -> float:
    """d84e964's ``_Context.threat``: the enemies' blows within their reach of these gaps (as
    tactics.melee_threat), the enemies that can still fight, in table order."""
    total = 0.0
    for e, d in zip(ctx.enemies, gaps, strict=True):
        if e.broken:
            continue
        blows = max([a.power * 0.45 / a.ap * e.ap for a in e.attacks
                     if a.range is None and a.ap], default=0.0)
        if blows > 0 and d <= e.movement + 3.5:
            total += blows if d <= e.movement else blows * 0.5
    return total


def _charge_value(ctx: _Context, gaps: list[float], ap: int, attempt: int = 1) -> float:
    """d84e964's ``_Context.charge_value``: the best Charge by Legging It from roll
    ``attempt`` on an enemy within 6" of these gaps, at least 0."""
    best = 0.0
    for e, gap in zip(ctx.enemies, gaps, strict=True):
        if gap <= 6.0:
            reach, trip = charge_chance(gap, attempt)
            if not reach:
                continue
            value = reach * ctx.strike(e, ap) - trip * HeuristicController.PRONE_COST
            if value > best:
                best = value
    return best


def _plain_position_score(ai: HeuristicController, view: Any, ch: Character, x: float,
                          y: float, ap: int, contact: list[Character], ctx: _Context,
                          rough: bool) -> float:
    """The position score as d84e964 wrote it (the gaps, Charge and threat by the context's
    plain methods; no floor)."""
    score = 0.0
    hypot = math.hypot
    r = ch.r
    gaps = _gaps(ctx, x, y)
    if contact:
        score += melee_value(view, ch, ap, contact, False)
    else:
        best_shot = 0.0
        if ctx.shot_reach:
            for d in gaps:
                for reach, value in ctx.shot_reach:
                    if d <= reach and value > best_shot:
                        best_shot = value
        score += best_shot * ap * 0.8
        if ctx.melee and not ctx.shot_reach:
            nearest = min([30.0, *gaps])
            charge = _charge_value(ctx, gaps, ap) if ap >= 2 else 0.0
            score += charge * 0.8
            score -= nearest * 0.2 * (1.0 if not ch.commander else 0.4)
    threat = _threat(ctx, gaps)
    score -= threat * ctx.care * (0.5 if contact else 1.0)
    pick = 0.0
    if ctx.pickups and not ch.broken:
        best_pick = 0.0
        for px, py, gain in ctx.pickups:
            d = hypot(px - x, py - y) - r
            value = gain / (1.0 + (d if d > 0.0 else 0.0) * 0.35)
            if value > best_pick:
                best_pick = value
        pick = best_pick * 1.5
    held = 0.0
    if ctx.objectives and not ch.broken:
        rounds_left = ctx.rounds_left
        weight = 1.5 if rounds_left <= 1 else (0.8 if rounds_left <= 2 else 0.25)
        best_obj = 0.0
        for ox, oy, gain in ctx.objectives:
            d = hypot(ox - x, oy - y) - r - ctx.objective_range
            value = gain / (1.0 + (d if d > 0.0 else 0.0) * 0.5)
            if value > best_obj:
                best_obj = value
        held = best_obj * weight * 3
    aura = 0.0
    if ch.commander and ctx.friends:
        inside = sum(1 for f in ctx.friends if hypot(f.x - x, f.y - y) - f.r - r <= COMMANDER_AURA)
        aura = inside * 0.15
    shooters = ctx.shooters
    if shooters and not rough and ai.COVER_IN_SCORE:  # (the session-10 AI scores no Cover)
        near, reach = shooters[0]
        nearest = hypot(near.x - x, near.y - y)
        for e, e_reach in shooters:
            d = hypot(e.x - x, e.y - y)
            if d < nearest:
                near, reach, nearest = e, e_reach, d
        if nearest - near.r - r <= reach:
            covered = score + ai.COVER_BONUS + pick + held + aura
            if ctx.table.sight(near.x, near.y, near.r, x, y, r).hidden >= 0.5:
                return covered
    return score + pick + held + aura


def _plain_urgency(ai: HeuristicController, view: Any, ch: Character) -> float:
    """The urgency scan as it was before its one-pass rewrites: the state's engagement,
    shot_targets and shot_value, tactics.melee_threat."""
    if ch.broken:
        return -5.0
    engaged = view.engaged_with(ch)
    if engaged:
        return 10.0 + melee_value(view, ch, ch.ap, engaged, False)
    score = 0.0
    reach = ch.movement + 3.0
    for e in view.enemies_of(ch):
        d = view.distance(ch, e)
        if d <= reach:
            s = melee_value(view, ch, ch.ap, [e], d > ch.movement, ai.CHARGE_COVER_TEST)
            score = max(score, 6.0 + s - d * 0.3)
    for a in ch.usable_attacks():
        if a.ranged:
            targets = shot_targets(view, ch, a)
            if targets:
                score = max(score, 5.0 + max(shot_value(view, ch, a, t, 1) for t in targets))
    threat = melee_threat(view, ch.x, ch.y, ch.r, ch.side)
    return score + threat * 0.3 + (0.5 if ch.prone else 0.0)


def _plain_quick_urgency(view: Any, ch: Character) -> float:
    """The session-10 AI's quick urgency written plainly: the state's engagement, distances
    and tactics.melee_threat; a Charge worth the Character's best blows (best_melee_blows)
    less the nearest gap within its reach, a Shot its 1AP hit chance times its Power when the
    nearest enemy is within range."""
    if ch.broken:
        return -5.0
    engaged = view.engaged_with(ch)
    if engaged:
        return 10.0 + melee_value(view, ch, ch.ap, engaged, False)
    gaps = [view.distance(ch, e) for e in view.enemies_of(ch)]
    score = 0.0
    near = [d for d in gaps if d <= ch.movement + 3.0]
    if near:
        score = 6.0 + best_melee_blows(ch) * 0.5 - min(near) * 0.3
    for a in ch.usable_attacks():
        if a.ranged and gaps and min(gaps) <= a.range + 1e-9:
            score = max(score, 5.0 + shot_chance(1, a) * a.power * 0.5)
    threat = melee_threat(view, ch.x, ch.y, ch.r, ch.side)
    return score + threat * 0.3 + (0.5 if ch.prone else 0.0)


def test_quick_urgency_is_its_plain_form() -> None:
    """arcworlde.activation.order (issue 16, session 10): the default heuristic chooses who
    Activates on the quick urgency (best blows and the nearest gap, 1AP Shot odds, no sight
    line), the plain computation's value for every Character in crowded scatters, Engaged,
    in Charge reach and in Shot range alike; ``heuristic-s9`` keeps the full scan, and the
    two differ somewhere (the switch is real)."""
    st = _state(9)
    rng = random.Random(5)
    quick, full = HeuristicController(), S9HeuristicController()
    engaged = near = shots = differ = 0
    for _ in range(40):
        _scatter(st, rng)
        for ch in st.chars:
            view: Any = ArcView(st, ch.side)
            value = quick._urgency(view, ch, _Enemies(view, ch))
            assert value == _plain_quick_urgency(view, ch)
            differ += value != full._urgency(view, ch, _Enemies(view, ch))
            engaged += bool(view.engaged_with(ch))
            gaps = [view.distance(ch, e) for e in view.enemies_of(ch)]
            near += any(d <= ch.movement + 3.0 for d in gaps)
            shots += any(a.ranged and gaps and min(gaps) <= a.range for a in ch.usable_attacks())
    assert engaged > 50 and near > 50 and shots > 50 and differ > 50


def _plain_best_shot(view: Any, ch: Character, ap: int, shots: list[Any]) -> Any:
    """The Shot choice as d84e964 made it: shot_value for every Shot it weighs."""
    best, best_v = None, 0.0
    for o in shots:
        attack = next(a for a in ch.usable_attacks() if a.name == o.attack and a.ranged)
        target = view.chars[o.target]
        risky = stray_victim(view, ch, target) is not None
        if o.ap != best_shot_ap(attack, ap) and not risky:
            continue
        v = shot_value(view, ch, attack, target, o.ap) / o.ap
        if v > best_v:
            best, best_v = o, v
    return best


AIS = [HeuristicController, S9HeuristicController, FullHeuristicController]


@pytest.mark.parametrize("ai_class", AIS)
def test_one_pass_position_score_is_the_plain_score(ai_class: type[HeuristicController]
                                                     ) -> None:
    """arcworlde.combat.cover, arcworlde.action.leg_it: the position score's one pass over
    the enemies (gap, Shot reach, Charge, threat) gives the plain computation's float, with
    and without contact, the Cover test and every AP, for every Character in crowded
    scatters."""
    st = _state(6)
    rng = random.Random(11)
    ai = ai_class()
    checked = 0
    for _ in range(25):
        _scatter(st, rng)
        for ch in st.chars:
            view: Any = ArcView(st, ch.side)
            ctx = ai._context(view, ch)
            for _ in range(4):
                x, y = ch.x + rng.uniform(-6, 6), ch.y + rng.uniform(-6, 6)
                touching = [e for e, d in zip(ctx.enemies, _gaps(ctx, x, y), strict=True)
                            if d <= CONTACT]
                for ap in (1, 2, 3):
                    for rough in (False, True):
                        for contact in ([], touching):
                            fast = ai._position_score(view, ch, x, y, ap, contact, ctx, rough)
                            plain = _plain_position_score(ai, view, ch, x, y, ap, contact,
                                                          ctx, rough)
                            assert fast == plain
                            checked += 1
    assert checked > 10_000


def test_one_pass_urgency_is_the_plain_scan() -> None:
    """arcworlde.feat.take_shot, arcworlde.combat.engagement: the urgency scan's one pass
    (engagement from its gaps, Shot targets and their Cover from one sight line, the threat)
    gives the plain scan's value for every Character in crowded scatters; the one-pass
    threat and Leg It Charge estimates are their plain computations too."""
    st = _state(9)
    rng = random.Random(5)
    engaged = shots = 0
    for ai in (S9HeuristicController(), FullHeuristicController()):
        for _ in range(40):
            _scatter(st, rng)
            for ch in st.chars:
                view: Any = ArcView(st, ch.side)
                assert ai._urgency(view, ch, _Enemies(view, ch)) == _plain_urgency(ai, view, ch)
                engaged += bool(view.engaged_with(ch))
                shots += any(a.ranged and shot_targets(view, ch, a) for a in ch.usable_attacks())
                ctx = ai._context(view, ch)
                for attempt in (1, 2, 3):
                    x, y = ch.x + rng.uniform(-4, 4), ch.y + rng.uniform(-4, 4)
                    assert ctx.charge_at(x, y, 3, attempt) == _charge_value(ctx, _gaps(ctx, x, y),
                                                                           3, attempt)
    assert engaged > 50 and shots > 50  # (both branches were really compared)


def test_shot_choice_scores_each_target_once_and_picks_as_before() -> None:
    """arcworlde.feat.shot_friendly_fire: the Shot choice works out each Attack's worth on a
    target (and on the friend a miss would hit) once, and picks the Shot the plain
    shot_value comparison picks, at every AP, in crowded scatters (friends touching targets
    included)."""
    st = _state(4)
    rng = random.Random(8)
    ai = HeuristicController()
    risky = weighed = 0
    for _ in range(60):
        _scatter(st, rng, size=10.0)
        for ch in st.chars:
            view: Any = ArcView(st, ch.side)
            for ap in (1, 2, 3):
                shots = [C.Shoot(a.name, t.uid, k) for a in ch.usable_attacks() if a.ranged
                         for t in shot_targets(view, ch, a) for k in range(1, ap + 1)]
                if not shots:
                    continue
                weighed += 1
                risky += any(stray_victim(view, ch, view.chars[o.target]) for o in shots)
                assert ai._best_shot(view, ch, ap, shots) == _plain_best_shot(view, ch, ap, shots)
    assert weighed > 100 and risky > 10


def test_damage_figures_by_identity_are_the_exact_figures() -> None:
    """arcworlde.combat.attack_resolution: damage_stats found by the mechanic's identity
    gives the figures of an equal mechanic made afresh, for every Attack against every
    target, in and out of Cover, Charging or not."""
    st = _state(1)
    for attacker in st.chars:
        for attack in attacker.attacks:
            if attack.ap is None and attack.range is None:
                continue
            for target in st.chars:
                for cover in (False, True):
                    for charged in (False, True):
                        mech = attack_mechanic(attack, target, cover, charged)
                        for hp in (1, 3, target.max_hp):
                            first = damage_stats(mech, hp)
                            fresh = tactics._stats.__wrapped__(type(mech)(**{
                                f: getattr(mech, f) for f in mech.__dataclass_fields__}))
                            kill = fresh[1][hp] if hp < len(fresh[1]) else 0.0
                            assert first == (fresh[0], kill) == damage_stats(mech, hp)
