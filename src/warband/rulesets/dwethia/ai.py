"""The heuristic Dwethia Heroes controller: it reads only its own player's view.

* Objectives: the five it can best achieve with its force (a caster makes the spell objectives
  likely, a grenade Explosives, shields Bulwark; kills near markers and the centre suit any
  force), and it moves towards the markers and the centre those objectives need.
* Moves: scores every reachable space - closing with enemies it beats in melee, shooting
  positions with sight, cover and height, coherency with friends, the objectives' places.
* Attacks and powers: the option with the best exact expectation from the shared mechanics.
* Bids: Faith, Affinity and Destiny by the exact chance the power resolves - the odds engine's
  resist query (:class:`~warband.rulesets.dwethia.mechanics.ResistanceRoll`).
"""

from __future__ import annotations

import heapq
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from warband.core.decisions import Decision
from warband.rulesets.dwethia import mechanics as m
from warband.rulesets.dwethia.choices import (
    NOBODY,
    Cast,
    Fight,
    Fire,
    Hold,
    Move,
    Pick,
    Retreat,
    Shoot,
)
from warband.rulesets.dwethia.rules.measure import (
    _gap,
    shooting_allowance,
    sight,
    spaces,
    standing_models,
)

__all__ = ["HeuristicController"]

#: how much each objective suits any force (0-1), before force-specific bonuses
_BASE = {"hunter": 0.8, "hands_off": 0.85, "king_of_the_hill": 0.7, "death_and_glory": 0.75,
         "reaper": 0.5, "hold_the_line": 0.45, "let_them_come": 0.45, "crows_nest": 0.35,
         "revenge": 0.5, "risky_maneuvers": 0.3, "victory_or_death": 0.3, "no_escape": 0.3,
         "ghost": 0.2, "in_the_trenches": 0.2, "covert_operations": 0.1, "espionage": 0.1,
         "east_to_west": 0.15, "leap_of_faith": 0.1, "lambs_to_the_slaughter": 0.0,
         "summoners_war": 0.0, "grilled_or_extra_crispy": 0.1, "explosives": 0.0,
         "corruption": 0.0, "bulwark": 0.1, "master_of_affinity": 0.0}


def _expected(dist: dict[int, Fraction]) -> float:
    return float(sum(k * p for k, p in dist.items()))


@lru_cache(maxsize=256)
def _distance_map(points: tuple[tuple[int, int], ...], n: int) -> tuple[int, ...]:
    """Per space (y * n + x), the distance in spaces to the nearest of ``points``."""
    return tuple(min((max(abs(x - px), abs(y - py)) for px, py in points), default=0)
                 for y in range(n) for x in range(n))


@lru_cache(maxsize=65536)
def _mean(mech: m.MeleeAttack | m.RangedAttack) -> float:
    """Expected unsaved wounds, exact (cached: the mechanics are frozen values)."""
    return _expected(mech.distribution())


def _terrain_terms(b: Any, size: int, shooter: bool) -> list[float]:
    """Per space, the part of a base of ``size``'s value there that only the board decides:
    its cover, and for a shooter its height (the same sum :meth:`HeuristicController._move`
    adds per space; kept on the board)."""
    key = ("ai_terrain", size, shooter)
    found: list[float] | None = b.derived.get(key)
    if found is None:
        elevs, covers = b.anchors(size)[2], b.covers
        found = b.derived[key] = [0.3 * covers[i] + (0.15 * elevs[i] if shooter else 0.0)
                                  for i in range(b.size * b.size)]
    return found


def _centre_terms(b: Any) -> list[float]:
    """Per space, King of the Hill's pull toward the centre: 0.05 per space away from it
    (kept on the board)."""
    found: list[float] | None = b.derived.get("ai_centre")
    if found is None:
        n = b.size
        centre = (n - 1) / 2
        found = b.derived["ai_centre"] = [0.05 * max(abs(i % n - centre), abs(i // n - centre))
                                          for i in range(n * n)]
    return found


@lru_cache(maxsize=4096)
def _resolves(affinity: int, faith: int, affinity_destiny: int, faith_destiny: int) -> Fraction:
    """The exact chance a power resolves against Faith (the odds engine's resist query,
    cached: the bids ask it once per option)."""
    return m.ResistanceRoll(affinity, faith, affinity_destiny, faith_destiny).probability()


def _ghost(h: Any, x: int, y: int) -> Any:
    """A copy of hero ``h`` standing at (x, y) (what a shooting position would see); the
    dataclass copied field for field, without running its ``__init__``."""
    ghost = object.__new__(type(h))
    ghost.__dict__.update(h.__dict__)
    ghost.x, ghost.y, ghost.entered = x, y, True
    return ghost


class HeuristicController:
    name = "heuristic"

    def __init__(self) -> None:
        #: :meth:`_shot_bound` per shooter and target values
        self._bounds: dict[tuple[Any, ...], float] = {}
        #: :meth:`_melee_mean` per attacker and defender values
        self._melees: dict[tuple[Any, ...], float] = {}
        #: one shot's expected unsaved wounds (:meth:`_shot_value`) per shooter, weapon,
        #: target and line values
        self._shots: dict[tuple[Any, ...], float] = {}

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        handler = getattr(self, "_" + decision.kind, None)
        if handler is None:
            return decision.options[0]
        return handler(view, decision)

    # -- set-up --------------------------------------------------------------------------
    def _objective(self, view: Any, d: Decision) -> Any:
        mine = [h for h in view.heroes if h.side == d.player]
        score = dict(_BASE)
        powers = {p.id for h in mine for p in h.profile.powers}
        keywords = {k for h in mine for w in h.profile.ranged for k in w.keywords}
        if "lightning" in powers:
            score["grilled_or_extra_crispy"] = 0.6
            score["master_of_affinity"] = 0.55
        if "corrupt" in powers:
            score["corruption"] = 0.8
        if any(p.effect == "summon" for h in mine for p in h.profile.powers):
            score["summoners_war"] = 0.6
        if "black_sun" in keywords:
            score["grilled_or_extra_crispy"] = max(score["grilled_or_extra_crispy"], 0.6)
        if "grenade" in keywords:
            score["explosives"] = 0.5
        if sum(1 for h in mine if h.profile.save and h.profile.save <= 5) >= 2:
            score["bulwark"] = 0.55
        if any(h.profile.ranged and h.profile.melee.strength < 2 for h in mine):
            # a shooter climbs for height anyway: from the top it can leap down
            score["leap_of_faith"] = 0.56
        return max(d.options, key=lambda o: (score.get(o, 0.0), o))

    def _place_marker(self, view: Any, d: Decision) -> Any:
        c = (view.board.size - 1) / 2
        return max(d.options, key=lambda p: (abs(p.x - c) + abs(p.y - c), p.x, p.y))

    def _terrain_piece(self, view: Any, d: Decision) -> Any:
        """The biggest piece left first (dwethia.setup.terrain): the tall ones shape the
        table most, and small ones fit in the gaps later."""
        from warband.rulesets.dwethia.catalogue import catalogue

        box = catalogue().terrain_box.pieces
        return max(d.options, key=lambda pid: (box[pid].width * box[pid].depth, pid))

    def _terrain_place(self, view: Any, d: Decision) -> Any:
        """Spread the pieces over the table, nearer the middle where the fighting is: the
        place farthest (up to 8 spaces) from the pieces already down, less a quarter of its
        distance from the centre."""
        n, w, h = d.info["size"], d.info["width"], d.info["depth"]
        c = (n - 1) / 2
        placed = d.info["placed"]

        def value(p: Any) -> tuple[float, int, int]:
            gap = min((max(px - (p.x + w), p.x - (px + pw), py - (p.y + h), p.y - (py + ph))
                       for px, py, pw, ph in placed), default=8)
            centre = max(abs(p.x + w / 2 - c), abs(p.y + h / 2 - c))
            return (min(gap, 8) - 0.25 * centre, -p.x, -p.y)
        return max(d.options, key=value)

    def _go_first(self, view: Any, d: Decision) -> Any:
        return True

    def _table_edge(self, view: Any, d: Decision) -> Any:
        """The edge whose own half holds more high ground (height helps shooting and Crows
        Nest)."""
        b = view.board
        found: str | None = b.derived.get("ai_edge")  # the board decides it: kept on it
        if found is None:
            n = b.size
            south = sum(max(0, e) for i, e in enumerate(b.elevation) if i // n < n // 2)
            north = sum(max(0, e) for i, e in enumerate(b.elevation) if i // n >= n // 2)
            found = b.derived["ai_edge"] = "south" if south >= north else "north"
        return found

    def _claim(self, view: Any, d: Decision) -> Any:
        mine = view.objectives(d.player) or ()
        return bool(mine) and all(o in view.achieved[d.player] for o in mine)

    # -- activations ---------------------------------------------------------------------
    def _activate(self, view: Any, d: Decision) -> Any:
        enemies: dict[int, list[Any]] = {}  # per side (asked once, not per option)

        def value(uid: int) -> float:
            h = view.heroes[uid]
            if not h.entered:
                return float(1.0 + h.profile.cost / 100)
            foes = enemies.get(h.side)
            if foes is None:
                foes = enemies[h.side] = self._foes(view, h)
            near = min((spaces(view, h, e) for e in foes), default=99)
            return float(3.0 - near / 10 + h.profile.cost / 100)
        return max(d.options, key=lambda p: (value(p.uid), -p.uid))

    def _foes(self, view: Any, h: Any) -> list[Any]:
        # (Hero.on_table written out: asked for every model at most decisions)
        side = h.side
        return [e for e in view.heroes if e.side != side and e.entered and not e.slain]

    def _melee_mean(self, view: Any, a: Any, d: Any) -> float:
        """Expected unsaved wounds of one melee attack by ``a`` on ``d`` (cached by the values
        the attack reads: asked for every enemy at every move decision, and building the
        mechanic to look it up was a few per cent of a game)."""
        mine, theirs = a.profile.stats, d.profile.stats  # (Hero.stat, written out)
        key = (mine["aggression"], mine["martial"], theirs["martial"],
               mine["strength"] + a.profile.melee.strength, d.defense, d.profile.save,
               view.options.chart)
        found = self._melees.get(key)
        if found is None:
            found = self._melees[key] = _mean(m.MeleeAttack(
                key[0], key[1], key[2], key[3], key[4], key[5], 0, "mean", 1, 0, key[6]))
        return found

    def _melee_value(self, view: Any, h: Any, e: Any) -> float:
        exp = self._melee_mean(view, h, e)
        return float(exp / max(1, e.wounds) * (1 + e.profile.cost / 60))

    def _threat(self, view: Any, e: Any, h: Any) -> float:
        return float(self._melee_mean(view, e, h) / max(1, h.wounds))

    def _shot_value(self, view: Any, h: Any, w: Any, e: Any, melee: bool = False,
                    quick: bool = False, occupied: dict[int, Any] | None = None) -> float:
        s = sight(view, h, e, quick, occupied)
        lobbed = "arc" in w.keywords and (not s.visible or s.distance > w.range)
        if not s.visible and not lobbed:
            return 0.0
        key = (h.stat("perception"), w.strength, e.defense,
               (0 if lobbed else s.penalty) + (3 if melee else 0), e.profile.save,
               view.options.chart, lobbed)
        mean = self._shots.get(key)
        if mean is None:  # (cached by the values the attack reads, as for melee)
            mean = self._shots[key] = _mean(m.RangedAttack(
                1, key[0], key[1], key[2], key[3], key[4], 0, 0, key[5], key[6]))
        return float(mean / max(1, e.wounds) * (1 + e.profile.cost / 60))

    def _shot_bound(self, view: Any, h: Any, w: Any, e: Any) -> float:
        """At least :meth:`_shot_value` of weapon ``w`` at ``e`` from anywhere: the best over
        every penalty from none to the whole of Perception and Strength (beyond that the shot
        needs a 6, as at the whole), lobbed or not; not assuming the chart is monotonic."""
        key = (h.stat("perception"), w.strength, "arc" in w.keywords, e.defense,
               e.profile.save, e.wounds, e.profile.cost, view.options.chart)
        found = self._bounds.get(key)
        if found is None:
            perception, strength, arc, defense, save, wounds, cost, chart = key
            means = [_mean(m.RangedAttack(1, perception, strength, defense, penalty, save, 0, 0,
                                          chart, False))
                     for penalty in range(max(0, perception + strength) + 1)]
            if arc:  # needs a 6 today, as the widest penalty: kept should [Arc] change
                means.append(_mean(m.RangedAttack(1, perception, strength, defense, 0, save, 0,
                                                  0, chart, True)))
            found = self._bounds[key] = max(
                float(mean / max(1, wounds) * (1 + cost / 60)) for mean in means)
        return found

    def _move(self, view: Any, d: Decision) -> Any:
        h = view.heroes[d.info["hero"]]
        foes = self._foes(view, h)
        friends = [f for f in view.heroes
                   if f.side == h.side and f.entered and not f.slain and f is not h]
        mine = view.objectives(d.player) or ()
        # each option's space's cost and difficulty (measure.Reach), keyed by (x, y)
        reach = d.info.get("reach", {})
        shooter = bool(h.profile.ranged) and h.profile.melee.strength < 2
        b = view.board
        enemy_edge = b.size - 1 if view.edge[h.side] == 0 else 0

        # per-decision facts about each enemy and friend (not per candidate space)
        # (each enemy's base as its first and last columns and rows)
        foe_facts = [(e.x, e.y, e.x + e.size - 1, e.y + e.size - 1, view.elevation(e),
                      self._melee_value(view, h, e), self._threat(view, e, h)) for e in foes]
        friend_boxes = [(f.x, f.y, f.size, view.elevation(f)) for f in friends]
        size = h.size
        markers = list(view.markers)
        todo_markers = [m for i, m in enumerate(markers) if i not in h.markers_visited]
        elevs = b.anchors(size)[2]  # a move's (x, y) is always an anchor the base fits on
        n = b.size
        # objectives it plays toward (its own sealed five: only it can read them)
        pull_centre = "king_of_the_hill" in mine
        pull_markers = "hands_off" in mine or "death_and_glory" in mine
        pull_covert = "covert_operations" in mine and bool(todo_markers)
        pull_edges = "east_to_west" in mine
        to_marker = _distance_map(tuple(markers), n)
        to_todo = _distance_map(tuple(todo_markers), n)
        pull_high = "crows_nest" in mine
        # Leap of Faith: a shooter climbs to the highest point, then drops to the lowest
        leap = "leap_of_faith" in mine and shooter and "leap_of_faith" not in view.achieved[
            d.player]
        on_top = h.entered and view.elevation(h) == b.highest
        lowest = b.lowest

        allowance = (shooting_allowance(h.stat("movement"), h.profile.ranged[0].penalty, False),
                     shooting_allowance(h.stat("movement"), h.profile.ranged[0].penalty, True)
                     ) if h.profile.ranged else (99, 99)
        # per space, the terms that depend on nothing but the board (the same sums, done once
        # per board)
        terrain = _terrain_terms(b, size, shooter)
        from_centre = _centre_terms(b)

        # Each option's value without the shot: the value of standing on its space, whatever
        # the kind of move (worked out once per space, written out in the loop: a function
        # call per space was a tenth of the time), then its mode's. The options' (x, y, mode)
        # are unique, so the keys never tie and the order is total; the option rides last in
        # its key and is never compared (a Move's hash is a tuple's).
        # the anchors where the base stands next to a friend (a gap of at most one space, at
        # most one level apart: measure._gap, as the space loop below reads it), found around
        # each friend rather than asked of each space
        befriended: set[int] = set()
        for fx, fy, fs, fz in friend_boxes:
            for y in range(max(0, fy - size), min(n - 1, fy + fs) + 1):
                for x in range(max(0, fx - size), min(n - 1, fx + fs) + 1):
                    if -1 <= elevs[y * n + x] - fz <= 1:
                        befriended.add(y * n + x)
        keyed: list[tuple[float, int, int, str, Move]] = []
        # per space: its value, and whether a shooter moved too far there to shoot after
        values: dict[int, tuple[float, bool]] = {}
        for mv in d.options:
            x, y, mode = mv.x, mv.y, mv.mode
            i = y * n + x
            known = values.get(i)
            if known is None:
                score = 0.0
                elev = elevs[i]
                x1, y1 = x + size - 1, y + size - 1
                if foe_facts:
                    near = 99.0
                    best_hit = 0.0
                    threat = 0.0
                    adj = 0
                    for ex, ey, ex1, ey1, ez, value, danger in foe_facts:
                        # the base-to-base gap, inlined (measure._gap): the AI's hot spot
                        gx = ex - x1 if ex > x1 else x - ex1 if x > ex1 else 0
                        gy = ey - y1 if ey > y1 else y - ey1 if y > ey1 else 0
                        g = gx if gx > gy else gy
                        dz = elev - ez if elev > ez else ez - elev
                        # closing in: horizontal distance counts fully, height half
                        dist = g + 0.5 * dz
                        if dist < near:
                            near = dist
                        if g <= 1 and dz <= 1:
                            adj += 1
                            if value > best_hit:
                                best_hit = value
                            threat += danger
                    if shooter:
                        score -= abs(near - 8) * 0.15 + 2.0 * adj
                    else:
                        score -= near * 0.3
                        if adj:
                            score += best_hit * 3 - threat * 1.5
                else:
                    score -= abs(y - enemy_edge) * 0.2
                if i in befriended:
                    score += 0.5  # coherency (dwethia.core.coherency)
                score += terrain[i]
                if pull_centre:
                    score -= from_centre[i]
                if pull_markers and markers:
                    score -= 0.03 * to_marker[i]
                if pull_covert:
                    score -= 0.08 * to_todo[i]
                if pull_edges:
                    score -= 0.04 * min(x, n - size - x)
                if pull_high:
                    score += 0.1 * elev
                if leap:
                    score += (6.0 if on_top and elev == lowest else 0.0 if on_top
                              else 0.25 * elev)
                # moved too far to shoot after (a space's cost is the same in every mode)
                far = False
                if shooter:
                    r = reach.get((x, y))
                    far = r is not None and r.cost > allowance[1 if r.difficult else 0]
                known = values[i] = score, far
            score, far = known
            if mode != "normal":
                score += 0.4
            if far:  # the penalty added after the mode's bonus: the sum's rounding is part
                score -= 1.0  # of the choice
            keyed.append((-score, x, y, mode, mv))
        if not shooter or not foes:
            return min(keyed)[4]
        # the twelve best without the shot, best first, each with its value without the shot
        ranked = [(-key[0], key[4]) for key in heapq.nsmallest(12, keyed)]
        best, best_score = ranked[0][1], -1e9
        w = h.profile.ranged[0]
        # the best a shot at each enemy could be worth (:meth:`_shot_bound`), best first: lines
        # of sight are traced only while a shot could still change the chosen move
        bounds = sorted(((self._shot_bound(view, h, w, e), e) for e in foes),
                        key=lambda pair: -pair[0])
        most = 3 * bounds[0][0]
        shots: dict[tuple[int, int], float] = {}  # the modes of one space shoot alike
        # the models on the table, read once for every line this decision draws (the ghost
        # is not among them: the hero's own space still counts, as a line through it would)
        occupied = standing_models(view)
        for base, mv in ranked:
            if base + most <= best_score:
                # ranked by value without the shot, best first: none of the rest can win
                break
            shot = shots.get((mv.x, mv.y))
            if shot is None:
                ghost = _ghost(h, mv.x, mv.y)
                shot = 0.0
                complete = True
                for bound, e in bounds:
                    if bound <= shot:
                        break  # the rest cannot raise the best shot
                    if base + 3 * bound <= best_score:
                        complete = False  # this space cannot win, whatever the rest are worth
                        break
                    if spaces(view, ghost, e) <= w.range:
                        value = self._shot_value(view, ghost, w, e, quick=True,
                                                 occupied=occupied)
                        if value > shot:
                            shot = value
                if complete:
                    shots[(mv.x, mv.y)] = shot  # the other modes of the space may reuse it
            total = base + 3 * shot
            if total > best_score:
                best, best_score = mv, total
        return best

    def _shoot(self, view: Any, d: Decision) -> Any:
        h = view.heroes[d.info["hero"]]
        mine = view.objectives(d.player) or ()
        best: Any = Hold()
        best_v = 0.05
        for o in d.options:
            v = 0.0
            if isinstance(o, Shoot):
                w = next(w for w in h.profile.ranged if w.id == o.weapon)
                v = self._shot_value(view, h, w, view.heroes[o.target])
            elif isinstance(o, Cast):
                p = next(p for p in h.profile.powers if p.id == o.power)
                t = view.heroes[o.target]
                if p.effect == "bolt":
                    mech = m.RangedAttack(1, h.stat("perception"), p.strength, t.defense,
                                          sight(view, h, t).penalty, t.profile.save)
                    v = _mean(mech) / max(1, t.wounds) * 1.2
                elif p.effect == "corrupt":
                    v = 0.9 if "corruption" in mine else 0.25
                elif p.effect == "mend":
                    v = 0.3
                elif p.effect == "summon":  # a body on the table, and the objective
                    v = 0.85 if "summoners_war" in mine else 0.4
                if "master_of_affinity" in mine:
                    v += 0.2
            if v > best_v:
                best, best_v = o, v
        return best

    # several powers in one phase (dwethia.magic.multi_cast): each further one valued alike
    _declare_cast = _shoot

    def _summon_place(self, view: Any, d: Decision) -> Any:
        """The summoned model goes where it is nearest the enemy (it fights from next
        round)."""
        foes = [e for e in view.heroes if e.on_table and e.side != d.player]
        return min(d.options, key=lambda p: (min((_gap(p.x, p.y, 1, e.x, e.y, e.size)
                                                  for e in foes), default=0), p.x, p.y))

    def _affinity_action(self, view: Any, d: Decision) -> Any:
        """Surge (dwethia.magic.affinity_actions) when its Affinity buys no power anyway."""
        h = view.heroes[d.info["hero"]]
        keep = min((p.cost for p in h.profile.powers), default=99)
        return h.affinity - 2 < keep or not h.profile.powers

    def _next_shot(self, view: Any, d: Decision) -> Any:
        h = view.heroes[d.info["hero"]]
        return max(d.options, key=lambda o: (self._shot_value(
            view, h, next(w for w in h.profile.ranged if w.id == o.weapon),
            view.heroes[o.target]), -o.target))

    def _close_combat(self, view: Any, d: Decision) -> Any:
        h = view.heroes[d.info["hero"]]
        best: Any = None
        best_v = -1.0
        for o in d.options:
            v = -0.5
            if isinstance(o, Fight):
                v = self._melee_value(view, h, view.heroes[o.target])
            elif isinstance(o, Fire):
                w = next(w for w in h.profile.ranged if w.id == o.weapon)
                v = self._shot_value(view, h, w, view.heroes[o.target], melee=True)
            elif o == "retreat":
                threat = sum(self._threat(view, e, h) for e in self._foes(view, h)
                             if spaces(view, e, h) <= 1)
                v = 0.2 if threat > 1.0 and h.wounds <= 1 else -1.0
            if v > best_v:
                best, best_v = o, v
        return best if best is not None else d.options[0]

    def _retreat(self, view: Any, d: Decision) -> Any:
        h = view.heroes[d.info["hero"]]
        if False in d.options and h.wounds > 1:
            return False
        foes = self._foes(view, h)
        spots = [o for o in d.options if isinstance(o, Retreat)]
        if not spots:
            return d.options[0]
        return max(spots, key=lambda r: (min((_gap(r.x, r.y, h.size, e.x, e.y, e.size)
                                              for e in foes), default=0), -r.x, -r.y))

    def _group_retreat(self, view: Any, d: Decision) -> Any:
        """Retreat the coherent group as one block (dwethia.melee.post_combat_retreat) when a
        model of it next to an enemy is down to its last wound and the enemies next to the
        group hurt it more than it hurts them; to the offset farthest from the enemy."""
        group = [view.heroes[u] for u in d.info["heroes"]]
        foes = self._foes(view, group[0])
        near = [(g, e) for g in group for e in foes if spaces(view, g, e) <= 1]
        if not near or min(g.wounds for g, _ in near) > 1:
            return False
        threat = sum(self._threat(view, e, g) for g, e in near)
        value = max(self._melee_value(view, g, e) for g, e in near)
        if value >= threat:
            return False
        moves = [o for o in d.options if o is not False]
        return max(moves, key=lambda o: (min(
            (_gap(g.x + o.dx, g.y + o.dy, g.size, e.x, e.y, e.size) for g in group
             for e in foes), default=0), -abs(o.dx) - abs(o.dy), o.dx, o.dy))

    def _reroll(self, view: Any, d: Decision) -> Any:
        """The exact policy of the shared mechanics (the re-rolls its distribution assumes)."""
        return d.info["policy"]

    _reroll_hit = _reroll_wound = _reroll_save = _reroll

    def _destiny_action(self, view: Any, d: Decision) -> Any:
        """Spend Destiny to reposition a friend only when the friend, a fighter, can then
        stand next to an enemy it hurts more than it is hurt (the move itself is chosen by
        ``_reposition``)."""
        best, best_v = NOBODY, 0.5
        for pick in d.options:
            if pick == NOBODY:
                continue
            f = view.heroes[pick.uid]
            if f.profile.ranged and f.profile.melee.strength < 2:
                continue
            for e in self._foes(view, f):
                if spaces(view, f, e) <= 4:
                    v = self._melee_value(view, f, e) - self._threat(view, e, f)
                    if v > best_v:
                        best, best_v = pick, v
        return best

    def _reposition(self, view: Any, d: Decision) -> Any:
        f = view.heroes[d.info["hero"]]
        foes = self._foes(view, f)

        def value(mv: Move) -> tuple[float, int, int]:
            elev = view.board.elev_at(mv.x, mv.y, f.size)
            adj = [e for e in foes if max(_gap(mv.x, mv.y, f.size, e.x, e.y, e.size),
                                          abs(elev - view.elevation(e))) <= 1]
            v = max((self._melee_value(view, f, e) for e in adj), default=0.0)
            return (v - sum(self._threat(view, e, f) for e in adj), -mv.x, -mv.y)
        return max(d.options, key=value)

    def _redirect(self, view: Any, d: Decision) -> Any:
        def tough(pick: Pick) -> tuple[int, int, int]:
            h = view.heroes[pick.uid]
            return (h.wounds, -(h.profile.save or 7), h.defense)
        return max(d.options, key=tough)

    # -- Faith against Affinity ----------------------------------------------------------
    def _resist(self, view: Any, d: Decision) -> Any:
        caster = view.heroes[d.info["caster"]]
        candidates = [view.heroes[p.uid] for p in d.options if p != NOBODY]
        if not candidates:
            return NOBODY
        r = max(candidates, key=lambda c: (c.faith + c.destiny, -c.uid))
        cost = next(p.cost for p in caster.profile.powers if p.id == d.info["power"])
        chance = _resolves(cost, min(r.faith - 1, caster.affinity + 1), caster.destiny,
                           r.destiny)
        return Pick(r.uid) if chance < Fraction(9, 10) else NOBODY

    def _bid(self, view: Any, d: Decision, defending: bool) -> Any:
        caster = view.heroes[d.info["caster"]]
        resister = view.heroes[d.info["resister"]]
        aff, faith = d.info["affinity"], d.info["faith"]

        def p_resolve(a: int, f: int) -> float:
            return float(_resolves(a, f, caster.destiny, resister.destiny))

        best, best_v = 0, -1e9
        for b in d.options:
            if defending:
                v = (1 - p_resolve(aff, faith + b)) - 0.06 * b
            else:
                v = p_resolve(aff + b, faith) - 0.06 * b
            if v > best_v + 1e-9:
                best, best_v = b, v
        return best

    def _bid_faith(self, view: Any, d: Decision) -> Any:
        return self._bid(view, d, True)

    def _bid_affinity(self, view: Any, d: Decision) -> Any:
        return self._bid(view, d, False)

    def _bid_destiny(self, view: Any, d: Decision) -> Any:
        """After the roll the contest is certain: both pools are public. Bid the least that
        takes the lead, and only when the other side cannot outbid it with all its Destiny
        (then it would only waste ours); the caster wins ties."""
        caster = view.heroes[d.info["caster"]]
        resister = view.heroes[d.info["resister"]]
        me_caster = caster.side == d.player
        mine = d.info["caster_total"] if me_caster else d.info["resister_total"]
        theirs = d.info["resister_total"] if me_caster else d.info["caster_total"]
        their_pool = resister.destiny if me_caster else caster.destiny
        need = theirs - mine if me_caster else theirs - mine + 1
        if need <= 0 or need > max(d.options):
            return 0
        # with everything spent on both sides, do we still come out ahead?
        final_mine, final_theirs = mine + max(d.options), theirs + their_pool
        wins = final_mine >= final_theirs if me_caster else final_mine > final_theirs
        return need if wins else 0
