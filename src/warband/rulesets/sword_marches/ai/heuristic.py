"""The Sword Marches heuristic AI: scores every legal option with cheap features built on the
exact mechanics (the same :mod:`..mechanics` objects the game rolls).

* Orders: its best models first (Warlord, Champions, then models with a target).
* Actions: Attacks by expected Injury value (Target Priority is already in the options),
  Charges only within reach and when the odds favour it (Reach and Counter-Attacks are in the
  exact distribution), shooters keep to Cover and range, everyone else closes in while staying
  in its Warlord's Command Radius; objectives pull harder in the last Turns.
* Breaks: against a Charge or a Take Aim, or any Attack on its Warlord or a Champion, with the
  model whose own Attack scores best.
* Tactical Dice: on its own Attacks, and on Resistance when a valuable model is attacked.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from warband.core.decisions import Decision, Reasoned
from warband.rulesets.sword_marches.choices import Act
from warband.rulesets.sword_marches.mechanics import CombatAttack
from warband.rulesets.sword_marches.models import ModelType
from warband.rulesets.sword_marches.rules.combat import (
    build_close_attack,
    build_ranged_attack,
    close_weapon,
    ranged_targets,
    ranged_weapon,
    weapon_range,
)
from warband.rulesets.sword_marches.rules.terrain import (
    BODY_PROPER,
    climbable,
    elevation,
    in_difficult,
    limit_platforms,
    near_cover,
    pieces,
)
from warband.rulesets.sword_marches.rules.turn import activate_charge_ok, activate_options
from warband.rulesets.sword_marches.state import Model

__all__ = ["FullHeuristicController", "HeuristicController"]

VALUE = {ModelType.WARRIOR: 1.0, ModelType.CHAMPION: 2.0, ModelType.WARLORD: 3.0}


def _value(m: Model) -> float:
    return VALUE[m.f.type] + 0.1 * m.f.cost / 10


@lru_cache(maxsize=20_000)
def _outcomes(attack: CombatAttack) -> tuple[tuple[str, str, float], ...]:
    """The exact distribution of an Attack, as floats (cached: the same Attacks recur)."""
    return tuple((res, counter, float(p)) for (res, counter), p in attack.distribution().items())


def _injury_value(attack: CombatAttack, target: Model, attacker: Model) -> float:
    """Expected value of an Attack's outcome: Wounds count the target's worth, Shocks a third
    (a Shock on a Shocked or Broken model Wounds); a Counter-Attack costs the attacker."""
    ev = 0.0
    for res, counter, pf in _outcomes(attack):
        if res == "wounded" or (res == "shocked" and (target.shocked or target.broken)):
            ev += pf * _value(target)
        elif res == "shocked":
            ev += pf * _value(target) * 0.35
        if counter == "wounded":
            ev -= pf * _value(attacker)
        elif counter == "shocked":
            ev -= pf * _value(attacker) * 0.35
        elif counter == "counter":
            ev -= pf * _value(attacker) * 0.3
    return ev


def _reach_point(view: Any, m: Model, gx: float, gy: float, allowance: float,
                 foes: list[tuple[float, float, float]], slowed: bool, raised: bool
                 ) -> tuple[float, float]:
    """Roughly where a Move toward (gx, gy) ends: straight, 3" out of Difficult Ground
    (``slowed``: it starts in it and is no Ranger), 1" short of an enemy (the AI's cheap
    estimate; the game moves by the rules); ``raised``: the table has raised ground."""
    if slowed:
        allowance = min(allowance, 3.0)
    d = math.hypot(gx - m.x, gy - m.y)
    if d < 1e-9:
        return m.x, m.y
    for ex, ey, er in foes:
        if math.hypot(ex - gx, ey - gy) < er + 0.01:
            d = max(0.0, d - er - m.r - 1.0)
            break
    step = min(allowance, d) / math.hypot(gx - m.x, gy - m.y)
    x, y = m.x + (gx - m.x) * step, m.y + (gy - m.y) * step
    if raised:  # raised ground stops it at the foot or the edge
        x, y = limit_platforms(view, m, (x, y), "move")
    return x, y


def _fighting(view: Any, m: Model) -> tuple[Any, ...]:
    """What a close combat Attack reads about ``m`` that can change in a game: its condition,
    Diving Charge, Entanglement, whether its Unwieldy Weapon is past its first Turn of this
    Engagement, and the enemies Engaged with it with whether each is Ready
    (sm.cc.multiple_opponents, sm.trait.horrible_stench, sm.geartrait.unwieldy)."""
    return (m.on_table, m.shocked, m.broken, m.entangled, m.dived_on,
            close_weapon(m).has("unwieldy") and view.turn > m.engaged_turn,
            tuple([(o.uid, o.ready) for o in view.engaged_with(m)]))


class HeuristicController:
    """The heuristic AI. At an "activate" decision it weighs exactly (builds and scores every
    option of) the Active models that are Engaged or Broken, those it has not weighed yet this
    Turn, and the ``weighed`` others whose best score was highest when it last weighed them;
    the rest keep their place in the queue until one of them rises to the top (issue 16: most
    models' prospects change little between two of their side's Actions, and weighing every
    Active model at every Action was most of a game's time). ``weighed = None`` weighs every
    Active model every time (:class:`FullHeuristicController`, the AI before issue 16)."""

    name = "heuristic"
    #: how many of the remembered Active models (not Engaged, not Broken) are weighed exactly
    #: at an "activate" decision; None: all of them
    weighed: int | None = 2

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        kind = decision.kind
        opts = decision.options
        if kind in ("order_first", "act_first"):
            return decision.player
        if kind == "order":
            return max(opts, key=lambda uid: self._order_score(view, view.by_uid(uid)))
        if kind == "tactical":
            return self._tactical(view, decision)
        if kind == "unbreakable":
            return True
        if kind == "fire_at":
            shooter = view.by_uid(decision.info["uid"])
            return max(opts, key=lambda uid: self._shot_value(view, shooter, view.by_uid(uid),
                                                              "mobile_fire"))
        if kind == "break":
            return self._break(view, decision)
        if kind == "activate":
            return self._activate(view, decision)
        if kind == "action":
            return self._action(view, decision)
        if kind == "credit":
            return self._credit(view, decision)
        return opts[0]

    # -- campaign ------------------------------------------------------------------------------
    @staticmethod
    def _credit(view: Any, decision: Decision) -> int:
        """Who is credited for a model cut down while fleeing (sm.campaign.experience): one of
        the models that outnumbered it, the one with fewest Wounds dealt this game, so the
        Experience is spread over the warband."""
        foes = list(decision.info.get("foes", ())) or list(decision.options)
        uid: int = min(foes, key=lambda u: (view.by_uid(u).wounds_dealt, foes.index(u)))
        return uid

    # -- orders ----------------------------------------------------------------------------
    def _order_score(self, view: Any, m: Model) -> float:
        score = _value(m)
        if m.broken:
            score -= 1.5
        if view.engaged(m):
            score += 1.0
        foes = [view.gap(m, e) for e in view.enemies_of(m)]
        if foes and min(foes) <= m.f.move + 1:
            score += 0.8
        return score - m.uid * 1e-3

    # -- dice --------------------------------------------------------------------------------
    def _tactical(self, view: Any, decision: Decision) -> str:
        opts = decision.options
        m = view.by_uid(decision.info["uid"])
        if "attack" in opts:
            return "attack"
        if "resistance" in opts and m.f.type is not ModelType.WARRIOR:
            return "resistance"
        return "defense" if "defense" in opts else "none"

    # -- attacks -----------------------------------------------------------------------------
    def _game(self, view: Any) -> dict[Any, Any]:
        """What this AI keeps for the rest of one game (a new game starts afresh): the game's
        own list of models tells the games apart."""
        if getattr(self, "_game_models", None) is not view.models:
            self._game_models: Any = view.models
            self._game_store: dict[Any, Any] = {}
            self.__dict__.pop("_memory", None)
        return self._game_store

    def _melee_value(self, view: Any, m: Model, e: Model, charge: bool) -> float:
        """The value of ``m``'s close combat Attack on ``e``, kept for the game under a key of
        everything :func:`build_close_attack` (no Break, no Tactical Die, no boost) and
        :func:`_injury_value` read that can change in a game: the two models' conditions,
        their Engagement (which enemies, Ready or not: Multiple Opponents, Horrible Stench;
        Unwieldy after its first Turn) and the defender's Action Token (Shield); the rest is
        the models' profiles (the uids) and the game's options."""
        store = self._game(view)
        key = ("melee", m.uid, e.uid, charge, e.active, _fighting(view, m), _fighting(view, e))
        value: float | None = store.get(key)
        if value is None:
            attack, _ = build_close_attack(view, m, e, charge)
            value = _injury_value(attack, e, m)
            if len(store) > 50_000:
                store.clear()
            store[key] = value
        return value

    def _shot_value(self, view: Any, m: Model, e: Model, mode: str) -> float:
        """The value of ``m``'s Ranged Attack on ``e``, kept for the game under a key of
        everything :func:`build_ranged_attack` (no Tactical Die, no boost) and
        :func:`_injury_value` read that can change in a game: both bases and heights (range,
        sight, Area Terrain, Cover), their conditions and whether ``e`` is Engaged (no Cover);
        the rest is the models' profiles (the uids), the terrain and the game's options."""
        w = ranged_weapon(m)
        if w is None:
            return -1.0
        store = self._game(view)
        key = ("shot", m.uid, m.x, m.y, m.z, m.r, m.shocked, m.broken, m.entangled, e.uid, e.x,
               e.y, e.z, e.r, e.shocked, e.broken, e.entangled, view.engaged(e), mode)
        value: float | None = store.get(key)
        if value is None:
            attack, _ = build_ranged_attack(view, m, e, w, mode)
            value = -0.5 if attack is None else _injury_value(attack, e, m)
            if len(store) > 50_000:
                store.clear()
            store[key] = value
        return value

    # -- breaks -------------------------------------------------------------------------------
    def _break(self, view: Any, decision: Decision) -> Any:
        info = decision.info
        action, target = info.get("action"), info.get("target", -1)
        threatened = target >= 0 and view.by_uid(target).side == decision.player
        key = threatened and view.by_uid(target).f.type is not ModelType.WARRIOR
        if not (action in ("charge", "take_aim") and threatened or key):
            return -1
        declaring = view.by_uid(info["declaring"])
        best, best_score = -1, 0.15
        for uid in decision.options:
            if uid == -1:
                continue
            b = view.by_uid(uid)
            score = self._best_attack_on(view, b, declaring)
            if score > best_score:
                best, best_score = uid, score
        return Reasoned(best, "a Break against the threat") if best != -1 else -1

    def _best_attack_on(self, view: Any, b: Model, e: Model) -> float:
        if view.engaged(b):
            return self._melee_value(view, b, e, False) if e in view.engaged_with(b) else 0.0
        best = 0.0
        if ranged_weapon(b) is not None and e in ranged_targets(view, b):
            best = self._shot_value(view, b, e, "standing_fire")
        if view.gap(b, e) <= b.f.move + 0.9:
            best = max(best, self._melee_value(view, b, e, True))
        return best

    # -- actions --------------------------------------------------------------------------------
    def _activate(self, view: Any, decision: Decision) -> Any:
        """The Active model whose best Action scores highest acts first (of those weighed:
        :meth:`_to_weigh`)."""
        cache = self._cache(view)
        weigh = self._to_weigh(view, decision)
        remembered = self._remembered(view)
        best, best_score = decision.options[0], -math.inf
        for uid in decision.options:
            if weigh is not None and uid not in weigh:
                continue
            m = view.by_uid(uid)
            acts = cache[("acts", uid)] = activate_options(view, decision, m)
            score = -math.inf
            for act in acts:  # the best non-Charge option (``_cached_score`` written out)
                if act.action != "charge":
                    value: float | None = cache.get(("act", act))
                    if value is None:
                        value = cache[("act", act)] = self._score(view, act, cache)
                    if value > score:
                        score = value
            # A Charge counts only if it is legal (a clear straight line), the costly test:
            # asked only of a Charge that would raise this model's score above both its other
            # options and the best model so far (any other cannot change the answer).
            for act in acts:
                if act.action == "charge":
                    value = self._cached_score(view, act, cache)
                    if value > score and value > best_score and \
                            activate_charge_ok(view, decision, m, act):
                        score = value
            remembered[uid] = score
            if score > best_score:
                best, best_score = uid, score
        return best

    def _remembered(self, view: Any) -> dict[int, float]:
        """Each model's best score when this AI last weighed it, this Turn of this game (a
        new game or a new Turn starts afresh)."""
        self._game(view)  # a new game forgets
        if getattr(self, "_memory_turn", None) != view.turn or "_memory" not in self.__dict__:
            self._memory_turn: int = view.turn
            self._memory: dict[int, float] = {}
        return self._memory

    def _to_weigh(self, view: Any, decision: Decision) -> set[int] | None:
        """The Active models to weigh exactly at this "activate" decision (None: every one):
        the Engaged and the Broken (whose options are few and whose fights cannot wait), those
        not weighed yet this Turn, and the ``weighed`` best of the rest by their remembered
        score (ties: in the decision's order)."""
        if self.weighed is None:
            return None
        remembered = self._remembered(view)
        weigh: set[int] = set()
        queue: list[int] = []
        for uid in decision.options:
            m = view.by_uid(uid)
            if uid not in remembered or m.broken or view.engaged(m):
                weigh.add(uid)
            else:
                queue.append(uid)
        queue.sort(key=lambda u: -remembered[u])
        weigh.update(queue[:self.weighed])
        return weigh

    def _cache(self, view: Any) -> dict[Any, Any]:
        """Scores of this position (kept from the "activate" decision to the "action" one:
        nothing changes in between)."""
        key = (view.turn, tuple((m.x, m.y, m.on_table, m.active, m.shocked, m.broken, m.ambush,
                                 m.entangled) for m in view.models))
        if getattr(self, "_key", None) != key:
            self._key: tuple[Any, ...] = key
            self._memo: dict[Any, Any] = {}
        return self._memo

    def _foes(self, view: Any, side: int, cache: dict[Any, Any]
              ) -> list[tuple[float, float, float]]:
        found: list[tuple[float, float, float]] | None = cache.get(("foes", side))
        if found is None:
            found = cache[("foes", side)] = [(e.x, e.y, e.r) for e in view.models
                                              if e.on_table and e.side != side]
        return found

    def _action(self, view: Any, decision: Decision) -> Any:
        cache = self._cache(view)
        best, best_score = decision.options[0], -math.inf
        for act in decision.options:
            score = self._cached_score(view, act, cache)
            if score > best_score:
                best, best_score = act, score
        return best

    def _cached_score(self, view: Any, act: Act, cache: dict[Any, Any]) -> float:
        """An option's score, computed once per position (the "activate" decision scores
        every option; the "action" decision that follows reuses them)."""
        key = ("act", act)
        score: float | None = cache.get(key)
        if score is None:
            score = cache[key] = self._score(view, act, cache)
        return score

    def _score(self, view: Any, act: Act, cache: dict[Any, Any]) -> float:
        m = view.by_uid(act.uid)
        a = act.action
        # the Moves first: most options are Moves (the branches exclude each other)
        if a in ("move", "hustle", "ambush", "mobile_fire"):
            # what every Move of this model shares: its context, the foes, its spot's score,
            # half its priority, its Move and whether it is Stout
            mine = cache.get(("mine", m.uid))
            if mine is None:
                mine = cache[("mine", m.uid)] = (
                    self._foes(view, m.side, cache), self._context(view, m, cache),
                    self._position(view, m, m.x, m.y, cache), _value(m) * 0.05 * 0.5,
                    m.f.move, m.f.subtype == "stout")
            foes, ctx, here, half_priority, move, stout = mine
            extra = 4.0 if a == "hustle" else 0.0
            allowance = move + (2.0 if extra and stout else extra)
            x, y = _reach_point(view, m, act.x, act.y, allowance, foes, ctx[6], ctx[5])
            spots = self._spots(view, m, cache)
            key = (m.uid, ctx[0], m.r, x, y)
            there: float | None = spots.get(key)
            if there is None:
                there = spots[key] = self._spot(view, m, x, y, foes, ctx)
            score = there - here
            if a == "ambush":
                score += 0.15 if ranged_weapon(m) is not None else -0.1
            if a == "mobile_fire":
                # estimated from where it stands now (the targets after the Move are chosen
                # when it gets there)
                shots = cache.get(("mobile", m.uid))
                if shots is None:
                    # its Ranged targets: those of its Standing Fire options, when the option
                    # list is at hand (the same list, in the same order: rules.turn._options
                    # lists one Standing Fire per ``ranged_targets``)
                    acts: list[Act] | None = cache.get(("acts", m.uid))
                    targets = ranged_targets(view, m) if acts is None else [
                        view.by_uid(o.target) for o in acts if o.action == "standing_fire"]
                    shots = cache[("mobile", m.uid)] = max(
                        (self._shot_value(view, m, e, "mobile_fire") for e in targets),
                        default=-0.2)
                score += shots
            return half_priority + score
        target = view.by_uid(act.target) if act.target >= 0 else None
        priority = _value(m) * 0.05
        if a == "forfeit":
            return -5.0
        if a == "steady":
            return 2.0
        if a in ("standing_fire", "take_aim") and target is not None:
            return priority + self._shot_value(view, m, target, a)
        if a == "charge" and target is not None:
            reach = m.f.move + (4.0 if m.has("hack_and_slash") and not m.f.heavy else 0.0)
            if view.gap(m, target) > reach + 1.0:
                return -1.0
            return priority + self._melee_value(view, m, target, True) + 0.1
        if a == "stand_and_fight" and target is not None:
            return priority + self._melee_value(view, m, target, False) + 0.05
        if a == "disengage":
            foes = view.engaged_with(m)
            worst = max(self._melee_value(view, e, m, False) for e in foes) if foes else 0.0
            shooter = ranged_weapon(m) is not None
            return (0.2 if shooter else -0.2) + worst * 0.3
        if a == "climb":
            from warband.rulesets.sword_marches.mechanics import DifficultyCheck

            rating = m.f.cbt + (3 if m.has("insectoid") else 0)
            here = self._position(view, m, m.x, m.y, cache)
            gain = self._position(view, m, act.x, act.y, cache) - here
            p = float(DifficultyCheck(rating, 3).probability())
            if ranged_weapon(m) is not None:
                # up to a height to shoot from: the foot's pull back plus the better shots to
                # come (sm.combat.elevated_position)
                gain += 0.45 + 0.8
            return priority * 0.5 + p * gain - 0.05
        if a == "jump":
            from warband.rulesets.sword_marches.mechanics import DifficultyCheck

            here = self._position(view, m, m.x, m.y, cache)
            gain = self._position(view, m, act.x, act.y, cache) - here
            p = float(DifficultyCheck(m.f.cbt, 4).probability())
            return priority * 0.5 + p * gain - (1.0 - p) * 0.5 - 0.1
        if a in ("kingmaker", "belay_order") and target is not None:
            return 0.1 + _value(target) * 0.05
        return -1.0

    def _position(self, view: Any, m: Model, x: float, y: float, cache: dict[Any, Any]
                  ) -> float:
        """How good a spot is for ``m``: melee models want to be a Charge away from the
        nearest enemy, shooters inside their Effective Range near Cover; everybody stays in
        the Warlord's Command Radius; objectives pull in the last two Turns."""
        ctx = self._context(view, m, cache)
        spots = self._spots(view, m, cache)
        key = (m.uid, ctx[0], m.r, x, y)
        found: float | None = spots.get(key)
        if found is None:
            found = spots[key] = self._spot(view, m, x, y, self._foes(view, m.side, cache), ctx)
        return found

    def _spots(self, view: Any, m: Model, cache: dict[Any, Any]) -> dict[Any, float]:
        """The spot scores (:meth:`_spot`) of ``m``'s side, kept across decisions for as long
        as everything they read stands still: the enemy bases, the side's Warlord, the Turn,
        the Adventure's objectives and the terrain. A model's own entries are keyed by its
        uid, weapon range and base radius (the rest of what ``_spot`` reads about it never
        changes). While one side's models move, the other side's scores stay valid."""
        found: dict[Any, float] | None = cache.get(("spots", m.side))
        if found is None:
            wl = view.warlord(m.side)
            adv = view.adventure
            key = (m.side, view.turn, view.turns, tuple(self._foes(view, m.side, cache)),
                   wl.uid, wl.x, wl.y, wl.r, wl.on_table, wl.f.cmd, id(pieces(view)),
                   tuple(tuple(o) for o in adv.objectives), adv.objective_vp)
            store: dict[Any, dict[Any, float]] = self.__dict__.setdefault("_spot_store", {})
            found = store.get(key)
            if found is None:
                if len(store) > 2_000:
                    store.clear()
                found = store[key] = {}
            cache[("spots", m.side)] = found
        return found

    def _context(self, view: Any, m: Model, cache: dict[Any, Any]) -> tuple[Any, ...]:
        """:meth:`_spot_context`, once per model and position."""
        ctx: tuple[Any, ...] | None = cache.get(("ctx", m.uid))
        if ctx is None:
            ctx = cache[("ctx", m.uid)] = self._spot_context(view, m)
        return ctx

    @staticmethod
    def _spot_context(view: Any, m: Model) -> tuple[Any, ...]:
        """What :meth:`_spot` and :func:`_reach_point` need about ``m`` and the game, the same
        for every spot."""
        w = ranged_weapon(m)
        eff = weapon_range(m, w)[0] if w is not None and w.range is not None else None
        wl = view.warlord(m.side)
        command = (wl.x, wl.y, wl.r, wl.f.cmd) if wl is not m and wl.on_table else None
        late = view.turn >= view.turns - 1
        adv = view.adventure
        pull = (0.15 if late else 0.03)
        slowed = in_difficult(view, m.x, m.y, m.r) and not m.has("ranger")
        return (eff, command, pull, adv.objectives, adv.objective_vp / 2,
                bool(pieces(view).platforms), slowed)

    def _spot(self, view: Any, m: Model, x: float, y: float,
              foes: list[tuple[float, float, float]], ctx: tuple[Any, ...]) -> float:
        if not foes:
            return 0.0
        eff, command, pull, objectives, vp, raised, _ = ctx
        r = m.r
        d = min(math.hypot(ex - x, ey - y) - er - r for ex, ey, er in foes)
        score: float = 0.0
        if eff is not None:
            score -= 0.05 * abs(d - eff * 0.75)
            if near_cover(view, x, y, r):
                score += 0.3
            if raised:
                z = elevation(view, x, y)
                if z > BODY_PROPER + 2.0:
                    score += 0.6  # a height to shoot from (sm.combat.elevated_position)
                elif not m.f.heavy and climbable(view, x, y, r, z):
                    score += 0.45  # at the foot of one, to Climb next
            if d < 3:
                score -= 0.4
        else:
            score -= 0.08 * max(0.0, d - 1.0)
            if near_cover(view, x, y, r) and d > m.f.move + 1:
                score += 0.15
        if command is not None:
            wx, wy, wr, cmd = command
            if math.hypot(wx - x, wy - y) - wr - r <= cmd:
                score += 0.1
        for ox, oy in objectives:
            dist = math.hypot(ox - x, oy - y) - r
            score -= pull * max(0.0, dist - 1.0) * vp
        return score


class FullHeuristicController(HeuristicController):
    """The heuristic as it was before issue 16: every Active model weighed exactly at every
    "activate" decision (slower; kept for designers and to measure the default against)."""

    name = "heuristic-full"
    weighed = None
