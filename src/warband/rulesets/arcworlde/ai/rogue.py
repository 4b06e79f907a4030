"""The book's Rogue Warband behaviour (solo play), as a controller.

Rule ids: ``arcworlde.solo.activation_order``, ``arcworlde.solo.behaviour_roll`` and
``arcworlde.solo.behaviour.*``, ``arcworlde.solo.shooting``, ``arcworlde.solo.melee``,
``arcworlde.solo.feats``, ``arcworlde.solo.traits``, ``arcworlde.solo.deployment``,
``arcworlde.solo.magic``.

The Rogue's own dice (behaviour roll, which Attack, whether to use a Trait) are the
controller's: they decide *what the Rogue chooses*, which the game record stores, so replays do
not need them. The game's dice still decide every outcome. Readings (from the rules yaml):

* Activation order: the un-Activated Rogue Character nearest to any enemy (method b).
* Timid moves straight away from the nearest enemy (the rules have no facing).
* Greedy heads for the nearest Arcanite Token or objective marker; with none it
  behaves as Rampage.
* "Up to two Leg It rolls" stops early once in base contact; Rampage keeps rolling until it
  Charges or trips.
* Shots commit 1AP per difficulty level (Easy 1AP); leftover AP too small for a Shot is unused.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from warband.core.decisions import Decision, Reasoned
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.confusion import sabotage
from warband.rulesets.arcworlde.ai.creatures_ai import escape_ap
from warband.rulesets.arcworlde.ai.magic_ai import summon_spot
from warband.rulesets.arcworlde.mechanics import DIFFICULTY
from warband.rulesets.arcworlde.rules.combat import shot_targets
from warband.rulesets.arcworlde.rules.magic import spells_of
from warband.rulesets.arcworlde.state import Character

__all__ = ["BEHAVIOURS", "RogueController"]

BEHAVIOURS = {1: "Timid", 2: "Territorial", 3: "Greedy", 4: "Rampage", 5: "Bully", 6: "Glory Hunter"}


@dataclass
class _Plan:
    roll: int
    target: int | None = None  # uid the behaviour moves toward
    leg_its: int = 0  # Leg It rolls allowed (99 = as many as possible)
    announced: bool = False
    shot_taken: bool = False
    stopped: bool = False  # Bully / Glory Hunter came within range: no more movement
    cheer_checked: bool = False


class RogueController:
    name = "rogue"

    def __init__(self) -> None:
        self._plans: dict[tuple[int, int], _Plan] = {}
        self._split: dict[tuple[int, int], tuple[int, int]] = {}
        self._rng = random.Random(0)

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        self._rng = rng
        wasted = sabotage(view, decision)  # an enemy Commander handed over by the forest
        if wasted is not None:
            return wasted
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return decision.options[int(rng.random() * len(decision.options))]
        return handler(view, decision, rng)

    # -- setup and order -------------------------------------------------------------------
    def _deploy_order(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return decision.options[int(rng.random() * 2)]

    def _deploy(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        """Spread evenly across the zone, the Commander in the middle
        (arcworlde.solo.deployment)."""
        me = decision.player
        mine = [c for c in view.chars if c.side == me]
        pending = sorted({o.uid for o in decision.options},
                         key=lambda u: (0 if view.chars[u].commander else 1, u))
        uid = pending[0]
        ch = view.chars[uid]
        others = [c for c in mine if not c.commander]
        index = 0 if ch.commander else others.index(ch) + 1
        slots = len(mine)
        width, height = view.table.width, view.table.height
        # Commander at the centre, the rest alternating outward, along its own table edge
        # (south for A, north for B, west for C, east for D).
        offset = ((index + 1) // 2) * (1 if index % 2 else -1)
        if me >= 2:
            want_y = height / 2 + offset * height / (slots + 1)
            edge_x = 0 if me == 2 else width
            return min((o for o in decision.options if o.uid == uid),
                       key=lambda o: (abs(o.y - want_y), abs(o.x - edge_x)))
        want_x = width / 2 + offset * width / (slots + 1)
        return min((o for o in decision.options if o.uid == uid),
                   key=lambda o: (abs(o.x - want_x), abs(o.y - (0 if me == 0 else height))))

    def _activate(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        me = decision.player
        enemies = [c for c in view.chars if c.on_table and c.side != me]

        def nearest(opt: Any) -> float:
            ch = view.chars[opt.uid]
            return min((view.distance(ch, e) for e in enemies), default=0.0)

        singles = [o for o in decision.options if isinstance(o, C.Activate)]
        best = min(nearest(o) for o in singles)
        tied = [o for o in singles if nearest(o) - best < 1e-9]
        return tied[int(rng.random() * len(tied))]

    def _choose_weapon(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return decision.options[int(rng.random() * len(decision.options))]

    def _agile_reroll(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return C.AgileReroll(True)

    # -- behaviour -------------------------------------------------------------------------
    def _plan(self, view: Any, ch: Character, rng: random.Random) -> _Plan:
        key = (view.round, ch.uid)
        plan = self._plans.get(key)
        if plan is None:
            roll = 1 + int(rng.random() * 6)
            plan = _Plan(roll)
            enemies = list(view.enemies_of(ch))
            if roll == 3 and not view.scenario.objectives and not view.tokens:
                plan.roll = 4  # Greedy with nothing to grab: Rampage
            if enemies:
                if plan.roll in (2, 4):
                    plan.target = min(enemies, key=lambda e: view.distance(ch, e)).uid
                elif plan.roll == 5:
                    plan.target = min(enemies, key=lambda e: (e.hp, view.distance(ch, e))).uid
                elif plan.roll == 6:
                    plan.target = min(enemies, key=lambda e: (-e.hp, view.distance(ch, e))).uid
            plan.leg_its = {3: 2, 4: 99, 5: 2, 6: 2}.get(plan.roll, 0)
            self._plans = {k: v for k, v in self._plans.items() if k[0] == view.round}
            self._plans[key] = plan
        return plan

    def _goal(self, view: Any, ch: Character, plan: _Plan) -> tuple[float, float] | None:
        if plan.roll == 3:
            # Greedy: the nearest Arcanite Token or objective marker (arcworlde.solo.arcanite)
            spots = [(o.x, o.y) for o in view.scenario.objectives]
            spots += [(x, y) for x, y, _ in view.tokens]
            if not spots:
                return None
            return min(spots, key=lambda p: math.hypot(p[0] - ch.x, p[1] - ch.y))
        if plan.target is not None and view.chars[plan.target].on_table:
            t = view.chars[plan.target]
            # rounded as the move candidates are: a record stores goals to 6 decimals, and a
            # goal that did not survive the round trip would replay a different path
            return (round(t.x, 3), round(t.y, 3))
        return None

    def _action(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        ch: Character = view.chars[decision.info["character"]]
        ap: int = decision.info["ap"]
        by_type: dict[type, list[Any]] = {}
        for o in decision.options:
            by_type.setdefault(type(o), []).append(o)
        end = C.EndActivation()
        if ch.prone:
            stands = by_type.get(C.StandUp, [])
            return min(stands, key=lambda o: o.ap) if stands else end  # 1AP per level: Easy = 1
        pause = self._split_cap(view, ch, ap, by_type)
        if pause is not None:
            return pause
        pick = by_type.get(C.PickUpArcanite)
        if pick:
            # Rogues pick up Arcanite before any other Action, and never spend it
            # (arcworlde.solo.arcanite): the Easy Feat with 1AP per difficulty level.
            return Reasoned(min(pick, key=lambda o: (o.ap, o.token)), "Rogues hoard Arcanite")
        engaged = view.engaged_with(ch)
        if engaged:
            return self._melee(view, ch, ap, engaged, by_type, rng)
        plan = self._plan(view, ch, rng)
        reason = None
        if not plan.announced:
            plan.announced = True
            reason = f"behaviour roll {plan.roll}: {BEHAVIOURS[plan.roll]}"
        choice = self._behave(view, ch, ap, plan, by_type, decision)
        if reason and isinstance(choice, Reasoned):
            return Reasoned(choice.choice, f"{reason}; {choice.reason}")
        return Reasoned(choice, reason) if reason else choice

    def _behave(self, view: Any, ch: Character, ap: int, plan: _Plan,
                by_type: dict[type, list[Any]], decision: Decision) -> Any:
        free_move = decision.info["free_move"]
        legging = decision.info["legging"]
        goal = self._goal(view, ch, plan)
        if plan.roll in (5, 6) and not plan.shot_taken and self._can_shoot_target(view, ch, plan):
            # "They stop their movement and take a single Shot."
            plan.shot_taken = True
            plan.stopped = True
            plan.leg_its = 0
            shot = self._shot_at(view, ch, ap, by_type, plan.target)
            if shot is not None:
                return shot
        if plan.stopped:
            return self._after_behaviour(view, ch, ap, plan, by_type)
        if free_move:
            if plan.roll == 1:
                away = [m for m in by_type.get(C.Move, []) if m.label.startswith("away")]
                if away:
                    return away[0]
            elif plan.roll == 2:
                if plan.target is not None and view.distance(ch, view.chars[plan.target]) <= 3.0:
                    t = view.chars[plan.target]
                    return C.Move(round(t.x, 3), round(t.y, 3), f"toward {t.name}")
            elif goal is not None:
                return C.Move(goal[0], goal[1], "toward the goal")
            return self._after_behaviour(view, ch, ap, plan, by_type)
        if C.LegIt in by_type and goal is not None and plan.leg_its > 0:
            target_reached = plan.roll != 3 and any(True for _ in view.engaged_with(ch))
            near_goal = plan.roll == 3 and math.hypot(goal[0] - ch.x, goal[1] - ch.y) <= ch.r + 0.5
            if not target_reached and not near_goal and (legging or ap >= 1):
                plan.leg_its -= 1
                return C.LegIt()
        return self._after_behaviour(view, ch, ap, plan, by_type)

    def _after_behaviour(self, view: Any, ch: Character, ap: int, plan: _Plan,
                         by_type: dict[type, list[Any]]) -> Any:
        plan.leg_its = 0
        cast = self._rogue_cast(view, ch, by_type)
        if cast is not None:
            return cast
        shots = by_type.get(C.Shoot, [])
        if shots:
            enemies = list(view.enemies_of(ch))
            if enemies:
                nearest = min(enemies, key=lambda e: view.distance(ch, e))
                shot = self._shot_at(view, ch, ap, by_type, nearest.uid)
                if shot is not None:
                    return shot
        cheer = by_type.get(C.RousingCheer)
        if cheer and not plan.cheer_checked:
            plan.cheer_checked = True
            # Traits that cost AP are used on a Success (arcworlde.solo.traits).
            if 1 + int(self._rng.random() * 6) >= 4:
                return cheer[0]
        return C.EndActivation()

    def _split_cap(self, view: Any, ch: Character, ap: int, by_type: dict[type, list[Any]]) -> Any:
        """Rogue Split Activation (arcworlde.solo.split_activation): a D6 before each
        Activation caps the AP it spends; once spent, it pauses and play passes on."""
        if "split-activation" not in ch.traits:
            return None
        key = (view.activation_count, ch.uid)
        if key not in self._split:
            self._split = {key: (ap, 1 + int(self._rng.random() * 6))}
        start, cap = self._split[key]
        if start - ap >= cap and C.PauseActivation in by_type:
            return Reasoned(C.PauseActivation(), f"Split Activation: {cap}AP this time")
        return None

    def _rogue_cast(self, view: Any, ch: Character, by_type: dict[type, list[Any]]) -> Any:
        """Rogue magic (arcworlde.solo.magic): a Spell that puts held-back Characters on the
        table is always chosen while there are any; otherwise the Spells are numbered and a
        die picks one (unused numbers re-rolled: a uniform pick). Cast after the behaviour's
        movement; the target is the nearest enemy (damage), the most wounded friend (heal) or
        the caster itself (move). A Spell with no legal target is picked again (our reading).
        """
        casts = [o for o in by_type.get(C.Cast, []) if o.pay == "ap"]  # Rogues hoard Arcanite
        if not casts:
            return None
        known = spells_of(view, ch)
        castable = [s for s in known if any(o.spell == s.id for o in casts)]
        summons = [s for s in castable if s.effect == "summon"]
        spell = summons[0] if summons else castable[int(self._rng.random() * len(castable))]
        options = [o for o in casts if o.spell == spell.id]

        def rank(o: Any) -> float:
            if o.target is None:
                return 0.0
            t = view.chars[o.target]
            if spell.effect == "damage":
                return float(view.distance(ch, t))
            if spell.effect == "heal":
                return float(t.hp - t.max_hp)
            return 0.0 if t is ch else 1.0

        return Reasoned(min(options, key=rank), f"Rogue magic: {spell.name}")

    def _gobble_escape(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return C.Escape(escape_ap(decision.info["ap"], decision.info["needed"]))

    def _arcanite_defence(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return C.UseArcanite("decline")  # Rogues never spend Arcanite (arcworlde.solo.arcanite)

    def _narrative_agree(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return C.AgreeFeat(True)  # the Rogue has no player to argue for it

    def _spell_draw(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        """A Rogue Mage always pays AP for more cards, even into an Overpowered Spell
        (arcworlde.solo.magic)."""
        for pay in ("ap", "overpower"):
            if C.SpellDraw(pay) in decision.options:
                return C.SpellDraw(pay)
        return C.SpellDraw("stop")

    def _summon_place(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        return summon_spot(view, decision)

    def _spell_move(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        # a movement Spell takes the Character toward its goal, as a Leg It dash does
        return self._leg_it_move(view, decision, rng)

    def _can_shoot_target(self, view: Any, ch: Character, plan: _Plan) -> bool:
        if plan.target is None or not view.chars[plan.target].on_table:
            return False
        target = view.chars[plan.target]
        return any(a.ranged and target in shot_targets(view, ch, a) for a in ch.usable_attacks())

    def _shot_at(self, view: Any, ch: Character, ap: int, by_type: dict[type, list[Any]],
                 uid: int | None) -> Any:
        for o in by_type.get(C.Shoot, []):
            if o.target != uid:
                continue
            attack = next(a for a in ch.usable_attacks() if a.name == o.attack and a.ranged)
            if o.ap == DIFFICULTY[attack.shot]:
                return o
        return None

    def _melee(self, view: Any, ch: Character, ap: int, engaged: list[Character],
               by_type: dict[type, list[Any]], rng: random.Random) -> Any:
        """Attack the engaged enemy with the lowest HP with an Attack picked by D3 (three
        options) or D6 (two options); if it cannot be paid for, the cheapest one
        (arcworlde.solo.melee)."""
        gobbles = by_type.get(C.Gobble, [])
        if gobbles and 1 + int(rng.random() * 6) >= 4:
            # an AP-costing Trait, used on a Success (arcworlde.solo.traits): Gobble the
            # weakest victim it can, 1AP per difficulty level (Medium: 2AP) when it has them
            want = min(2, ap)
            victim = min((view.chars[o.target] for o in gobbles), key=lambda e: (e.hp, e.uid))
            return C.Gobble(victim.uid, want)
        attacks = by_type.get(C.Attack, [])
        if not attacks:
            return C.EndActivation()
        low = min(e.hp for e in engaged)
        tied = [e for e in engaged if e.hp == low]
        target = tied[int(rng.random() * len(tied))]
        melee = [a for a in ch.usable_attacks() if not a.ranged and a.ap is not None]
        if len(melee) == 3:
            pick = melee[int(rng.random() * 3)]
        elif len(melee) == 2:
            pick = melee[0] if rng.random() < 0.5 else melee[1]
        elif len(melee) > 3:
            pick = melee[int(rng.random() * len(melee))]
        else:
            pick = melee[0]
        legal = {(o.attack, o.target) for o in attacks}
        if (pick.name, target.uid) not in legal:
            cheapest = min(melee, key=lambda a: a.ap or 0)
            pick = cheapest
            if (pick.name, target.uid) not in legal:
                return C.EndActivation()
        return C.Attack(pick.name, target.uid)

    def _leg_it_move(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        ch = view.chars[decision.info["character"]]
        plan = self._plans.get((view.round, ch.uid))
        goal = self._goal(view, ch, plan) if plan else None
        if goal is None:
            return decision.options[-1]
        return C.Move(goal[0], goal[1], "toward the goal")

    def _disengage_move(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        away = [m for m in decision.options if m.label.startswith("away")]
        return away[0] if away else decision.options[0]
