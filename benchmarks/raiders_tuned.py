"""The heuristic with its weights as knobs (benchmarks/raiders_tune.py's experiments; pure
Python only). Every knob's default is ``heuristic-full``'s value, so ``Tuned()`` plays
exactly its games (and ``Tuned(**raiders_tune.VARIANTS["T"])`` the default ``heuristic``'s)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from math import hypot
from typing import Any

from warband.core.decisions import Decision, Reasoned
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.ai import heuristic as H
from warband.rulesets.raiders.ai.heuristic import (
    FieldEntry,
    HeuristicController,
    Plan,
    _toward,
    real_move,
)
from warband.rulesets.raiders.ai.tactics import can_charge
from warband.rulesets.raiders.rules.actions import actions_for, charge_targets
from warband.rulesets.raiders.rules.movement import _reachable_end, move_aims, move_menu  # noqa: PLC2701
from warband.rulesets.raiders.state import RaidersReader, Unit

DEFAULTS: dict[str, Any] = {
    "pass_below": 0.75,
    # position: melee approach slope, melee threat weight, ranged approach slope, ranged
    # threat weight, spread weight and radius
    "ma": 0.8, "mt": 0.5, "ra": 0.6, "rt": 0.9, "sp": 0.1, "sr": 11.0,
    # move penalties
    "run": 0.3, "ready": 2.0, "palisade": 4.0,
    "shortlist": 3,
    # Move/Run plans weighed per activation (None: all above the floor); a margin a move's
    # ceiling must beat the floor by
    "max_moves": None, "margin": 0.0,
    # fatigue penalty: at the limit with danger / without (share of cost), one short of it
    "tire_d": 0.45, "tire_n": 0.04, "tire1_d": 1.0, "tire1_n": 0.2,
    # cheap move model: straight-line aims, real moves only for the best `quick` aims
    "quick": 0,
    # Moves and Runs above the floor by their ceilings ranked by a straight-line estimate
    # (the best aim's score), the best `est` of them weighed exactly (0: by ceilings, all)
    "est": 0,
}


class Tuned(HeuristicController):
    name = "heuristic-tuned"

    def __init__(self, **knobs: Any) -> None:
        super().__init__()
        unknown = set(knobs) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown knobs {unknown}")
        self.k = {**DEFAULTS, **knobs}
        for key, value in self.k.items():
            setattr(self, f"k_{key}", value)

    # -- pass --------------------------------------------------------------------------------
    def _activate(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        best = self._best_of(view, [view.by_uid(opt.uid) for opt in decision.options
                                    if isinstance(opt, C.Activate)])
        if best is None or best.value < self.k_pass_below:
            self._plan = None
            return Reasoned(C.Pass(), "nothing worth the fatigue")
        self._plan = best
        return Reasoned(C.Activate(best.uid), f"{best.reason} (worth {best.value:.1f})")

    def _best_of(self, view: RaidersReader, units: list[Unit]) -> Plan | None:
        found: list[tuple[tuple[int, int], list[Plan]]] = []
        moves: list[tuple[float, int, int, Unit, str, float]] = []
        charges: list[tuple[int, int, Unit]] = []
        floor = self.k_pass_below
        menus = view.activation_menus
        for i, u in enumerate(units):
            acts = menus.get(u.uid)
            if acts is None:
                acts = actions_for(view, u)
            for j, action in enumerate(acts):
                if action == "move" or action == "run":
                    tire = self._tire(view, u, 1)
                    moves.append((self._move_ceiling(view, u, action, tire), i, j, u, action, tire))
                    continue
                if action == "charge":
                    charges.append((i, j, u))
                    continue
                plans = self._plans_for(view, u, action, 1)
                found.append(((i, j), plans))
                for p in plans:
                    if p.value > floor:
                        floor = p.value
        for i, j, u in charges:
            plans = []
            for t in charge_targets(view, u):
                plan = self._charge_plan(view, u, t, 1, floor)
                if plan is not None:
                    plans.append(plan)
            found.append(((i, j), plans))
            for p in plans:
                if p.value > floor:
                    floor = p.value
        moves.sort(key=lambda m: -m[0])
        if self.k_est:
            moves = self._ranked(view, moves, floor)
        weighed = 0
        for ceiling, i, j, u, action, tire in moves:
            if ceiling < floor + self.k_margin:
                if self.k_est:
                    continue  # (ranked by estimate, not by ceiling)
                break
            if self.k_max_moves is not None and weighed >= self.k_max_moves:
                break
            weighed += 1
            plans = self._move_plans(view, u, action, tire)
            found.append(((i, j), plans))
            for p in plans:
                if p.value > floor:
                    floor = p.value
        found.sort(key=lambda f: f[0])
        best: Plan | None = None
        for _, plans in found:
            for p in plans:
                if best is None or p.value > best.value:
                    best = p
        return best

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        self._aims: dict[tuple[int, str], tuple[list[tuple[float, float, str]], list[float]]] = {}
        return super().decide(view, decision, rng)

    def _straight(self, view: RaidersReader, u: Unit, action: str,
                  allowance: float) -> tuple[list[tuple[float, float, str]], list[float]]:
        """The raw aims of ``u``'s Move or Run and their straight-line scores, once per
        decision."""
        key = (u.uid, action)
        got = self._aims.get(key)
        if got is None:
            aims = _raw_aims(view, u, allowance)
            got = self._aims[key] = (aims, self._positions(
                view, u, [_toward(u, a[0], a[1], allowance) for a in aims]))
        return got

    def _ranked(self, view: RaidersReader, moves: list[Any], floor: float) -> list[Any]:
        """The Moves and Runs whose ceiling reaches ``floor``, by the straight-line estimate
        of their best aim, the best first, at most ``est`` of them."""
        scored = []
        for m in moves:
            ceiling, i, j, u, action, tire = m
            if ceiling < floor:
                break
            if not u.deployed:
                estimate = ceiling
            else:
                allowance = float(u.move if action == "move" else u.run)
                _, straight = self._straight(view, u, action, allowance)
                estimate = (max(straight, default=-math.inf) - self._here(view, u)
                            - self._penalty(u, action) - tire)
            scored.append((estimate, m))
        scored.sort(key=lambda t: -t[0])
        return [m for _, m in scored[:self.k_est]]

    def _tire(self, view: RaidersReader, u: Unit, extra: int) -> float:
        key = (u.uid, extra)
        tire = self._tires.get(key)
        if tire is None:
            after = u.fatigue + extra
            limit = u.profile.fatigue
            if after < limit - 1:
                tire = 0.0
            else:
                danger = any(can_charge(view, e, u.x, u.y, u.radius, 1.5) and not e.broken
                             and e.fatigue < e.profile.fatigue for e in view.enemies_of(u))
                if after >= limit:
                    tire = u.profile.cost * (self.k_tire_d if danger else self.k_tire_n)
                else:
                    tire = self.k_tire1_d if danger else self.k_tire1_n
            self._tires[key] = tire
        return tire

    def _penalty(self, u: Unit, action: str) -> float:
        penalty = self.k_run if action == "run" else 0.0
        if u.ready and not u.has("rangers"):
            penalty += self.k_ready
        if u.behind_palisade:
            penalty += self.k_palisade
        return penalty

    def _move_ceiling(self, view: RaidersReader, u: Unit, action: str, tire: float) -> float:
        field = self._field(view, u)
        allowance = float(u.move if action == "move" else u.run)
        if not u.deployed:
            best_lure = max((f[6] for f in field), default=0.0)
            return 8.0 + 0.3 * max(0.0, allowance - u.radius) + 0.05 * best_lure - tire + 1e-6
        penalty = self._penalty(u, action)
        here = self._here(view, u)
        ranged, reach_u, move, lead = self._own(view, u)
        far = allowance + 1e-6
        top, worst, shots = self._reach_terms(u, field, ranged, reach_u, move)[action == "run"]
        if ranged:
            return top - (worst + shots) * self.k_rt - here - penalty - tire + 1e-6
        spread = 0.0
        if lead is not None:
            spread = self.k_sp * max(0.0, hypot(lead[0] - u.x, lead[1] - u.y) - far - self.k_sr)
        return top - (worst + shots) * self.k_mt - spread - here - penalty - tire + 1e-6

    def _reach_terms(self, u: Unit, field: list[FieldEntry], ranged: bool,
                     reach_u: float, move: int) -> tuple[tuple[float, float, float], ...]:
        terms = self._terms.get(u.uid)
        if terms is not None:
            return terms
        top_m = top_r = 0.0 if not field else -math.inf
        worst_m = shots_m = worst_r = shots_r = 0.0
        far_m = float(u.move) + 1e-6
        far_r = float(u.run) + 1e-6
        ux, uy = u.x, u.y
        ra, ma = self.k_ra, self.k_ma
        for ex, ey, reach, charge_loss, shoot_reach, shot_loss, lure, radii in field:
            now = hypot(ex - ux, ey - uy)
            d_m = now - far_m
            if not d_m > 0.0:
                d_m = 0.0
            d_r = now - far_r
            if not d_r > 0.0:
                d_r = 0.0
            if ranged:
                value_m = lure if d_m <= reach_u else lure - ra * (d_m - reach_u)
                value_r = lure if d_r <= reach_u else lure - ra * (d_r - reach_u)
            else:
                gap_m = d_m - radii - move
                value_m = lure - ma * (gap_m if gap_m > 0.0 else 0.0)
                gap_r = d_r - radii - move
                value_r = lure - ma * (gap_r if gap_r > 0.0 else 0.0)
            if value_m > top_m:
                top_m = value_m
            if value_r > top_r:
                top_r = value_r
            if now + far_m <= reach and charge_loss > worst_m:
                worst_m = charge_loss
            if now + far_m <= shoot_reach:
                shots_m += shot_loss
            if now + far_r <= reach and charge_loss > worst_r:
                worst_r = charge_loss
            if now + far_r <= shoot_reach:
                shots_r += shot_loss
        terms = self._terms[u.uid] = ((top_m, worst_m, shots_m), (top_r, worst_r, shots_r))
        return terms

    def _positions(self, view: RaidersReader, u: Unit,
                   points: Sequence[tuple[float, float]]) -> list[float]:
        field = self._field(view, u)
        if not field:
            ey: float = view.edge_y(1 - u.side)
            width: float = view.table.width
            return [-abs(y - ey) * 0.4 - abs(x - width / 2) * 0.05 for x, y in points]
        ranged, reach_u, move, lead = self._own(view, u)
        out = []
        if ranged:
            ra, rt = self.k_ra, self.k_rt
            for x, y in points:
                worst = shots = 0.0
                best = -math.inf
                for ex, ey, reach, charge_loss, shoot_reach, shot_loss, lure, _ in field:
                    d = hypot(ex - x, ey - y)
                    if d <= reach and charge_loss > worst:
                        worst = charge_loss
                    if d <= shoot_reach:
                        shots += shot_loss
                    value = lure if d <= reach_u else lure - ra * (d - reach_u)
                    if value > best:
                        best = value
                out.append(best - (worst + shots) * rt)
            return out
        ma, mt, sp, sr = self.k_ma, self.k_mt, self.k_sp, self.k_sr
        for x, y in points:
            worst = shots = 0.0
            best = -math.inf
            for ex, ey, reach, charge_loss, shoot_reach, shot_loss, lure, radii in field:
                d = hypot(ex - x, ey - y)
                if d <= reach and charge_loss > worst:
                    worst = charge_loss
                if d <= shoot_reach:
                    shots += shot_loss
                gap = d - radii - move
                value = lure - ma * gap if gap > 0.0 else lure
                if value > best:
                    best = value
            spread = 0.0
            if lead is not None:
                strays = hypot(lead[0] - x, lead[1] - y) - sr
                spread = sp * (strays if strays > 0.0 else 0.0)
            out.append(best - (worst + shots) * mt - spread)
        return out

    def _move_plans(self, view: RaidersReader, u: Unit, action: str, tire: float) -> list[Plan]:
        if not u.deployed:
            return super()._move_plans(view, u, action, tire)
        allowance = float(u.move if action == "move" else u.run)
        here = self._here(view, u)
        penalty = self._penalty(u, action)
        if self.k_quick:
            return self._quick_plans(view, u, action, tire, allowance, here, penalty)
        menu = move_menu(view, u, allowance)
        aims = [_toward(u, x, y, allowance) for x, y, _ in menu]
        scores = self._positions(view, u, aims)
        order = sorted(range(len(menu)), key=lambda k: -scores[k])
        out = []
        start = (u.x, u.y)
        near = self._in_reach(view, u, start, allowance)
        for k in order[:self.k_shortlist]:
            x, y, label = menu[k]
            end = real_move(view, u, start, (x, y), allowance, near)
            if end.travelled < 0.5:
                continue
            ex, ey = end.x, end.y
            ax, ay = aims[k]
            score = scores[k] if ex == ax and ey == ay else self._position(view, u, ex, ey)
            gain = score - here - penalty
            out.append(Plan(gain - tire, u.uid, action, point=(x, y),
                            reason=f"{action} {label}".strip()))
        return out


    def _quick_plans(self, view: RaidersReader, u: Unit, action: str, tire: float,
                     allowance: float, here: float, penalty: float) -> list[Plan]:
        """The menu's aims scored by straight line; the terrain's reach (the rules' own,
        kept on the table) only for the best ``quick`` of them, scored where they end; the
        real move (units in the way) for the best ``shortlist`` of those."""
        aims, straight = self._straight(view, u, action, allowance)
        order = sorted(range(len(aims)), key=lambda k: -straight[k])
        ends = view.table.memo("raiders.reachable")
        ux, uy, r = u.x, u.y, u.radius
        reached: list[tuple[float, float, float, str]] = []
        for k in order[:self.k_quick]:
            ax, ay, label = aims[k]
            key = (ux, uy, r, ax, ay, allowance)
            end = ends.get(key, False)
            if end is False:
                end = ends[key] = _reachable_end(view, u, (ax, ay), allowance)
            if end is None:
                continue
            reached.append((self._position(view, u, end[0], end[1]), end[0], end[1], label))
        reached.sort(key=lambda t: -t[0])
        out = []
        start = (ux, uy)
        near = self._in_reach(view, u, start, allowance)
        for score, x, y, label in reached[:self.k_shortlist]:
            end_ = real_move(view, u, start, (x, y), allowance, near)
            if end_.travelled < 0.5:
                continue
            if end_.x != x or end_.y != y:
                score = self._position(view, u, end_.x, end_.y)
            out.append(Plan(score - here - penalty - tire, u.uid, action, point=(x, y),
                            reason=f"{action} {label}".strip()))
        return out


def _raw_aims(st: RaidersReader, u: Unit, allowance: float) -> list[tuple[float, float, str]]:
    """The rules' menu's aims before the terrain's reach."""
    return list(move_aims(st, u, allowance))


_ = H
