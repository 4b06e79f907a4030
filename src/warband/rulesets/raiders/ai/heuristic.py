"""The heuristic Raiders of Arcana AI: plays to win.

It values every legal action in silver with the exact dice mechanics (:mod:`.tactics`) and
spends a token on the best one, or passes when nothing is worth the fatigue:

* charges where the round of combat (the split game's value, assuming the target answers with
  its best reaction) favours it, and above all charges on units that cannot react (broken or
  fatigued: they break and flee);
* shoots the target worth most, makes ready and aims when there is something to shoot;
* casts Magic Missile at enemies, Healing and Energy on friends that need them, Energy (Drain)
  on enemies near their fatigue limit, Combat Prowess before a fight; stores power otherwise;
* rallies broken units, regroups units that must test;
* moves to where its units do most (melee units toward the enemy they beat best, shooters and
  casters to range while out of charge reach), bringing units on from the table edge first;
* manages fatigue: an action that would leave a unit fatigued where an enemy can charge it
  (and so break it) is penalised.

Reactions: it answers charges with the best of counter-charge, defend, shield wall or standing
to shoot (or runs if the fight is hopeless and it can get away), goes to ground or forms a
shield wall under fire (or shoots back when that is worth more), shoots or charges enemies
acting in reach, and counters harmful spells. Combat dice are split by sampling the optimal
mixed strategy of the split game (linear programming).

Two of them are registered: ``heuristic-full`` (:class:`HeuristicController`), the AI above as
it was before issue 16's session 10, and the default ``heuristic``
(:class:`QuickHeuristicController`), the same with re-tuned threat weights (a melee unit no
longer shies from the charges and volleys where it would stand, a shooter or caster a third
as much) and a cheaper move model (docs/rulesets/raiders.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from math import hypot
from typing import Any, Final

from warband.core.decisions import Decision, Reasoned
from warband.core.geometry import CONTACT, Base
from warband.core.values import FieldRecord, rounded
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.ai.tactics import (
    best_shot_reaction,
    break_chance,
    can_charge,
    expected_power,
    fight_sides,
    figure_value,
    missile_value,
    quick_combat_value,
    shot_value,
    split_ceiling,
    split_value,
    wound_value,
)
from warband.rulesets.raiders.mechanics import MoraleTest
from warband.rulesets.raiders.models import SpellEffect
from warband.rulesets.raiders.rules.actions import actions_for, charge_targets
from warband.rulesets.raiders.rules.magic import counter_spellers
from warband.rulesets.raiders.rules.measure import in_cover, line_of_sight, shoot_targets
from warband.rulesets.raiders.rules.morale import morale_value
from warband.rulesets.raiders.rules.movement import (
    entry_candidates,
    entry_start,
    in_reach,
    move_aims,
    move_menu,
    reachable_end,
    real_move,
)
from warband.rulesets.raiders.splits import CombatSide, SideFields, solve
from warband.rulesets.raiders.state import RaidersReader, Unit
from warband.rulesets.raiders.unit import Profile, Spell

# The spell effects the AI tells apart, read once here: each ``SpellEffect.X`` in a function is
# a Python attribute read on the enum class at every call, compiled or not, while a module's
# own Final names compile to plain reads (the same members: ``is`` still compares them).
_HITS: Final = SpellEffect.HITS
_HEAL: Final = SpellEffect.HEAL
_REMOVE_FATIGUE: Final = SpellEffect.REMOVE_FATIGUE
_ADD_FATIGUE: Final = SpellEffect.ADD_FATIGUE
_COMBAT_DICE: Final = SpellEffect.COMBAT_DICE
_MOVEMENT: Final = SpellEffect.MOVEMENT

__all__ = [
    "KEPT",
    "HeuristicController",
    "KeptAcrossGames",
    "Plan",
    "QuickHeuristicController",
]

#: an action must be worth more than this (silver) to spend a token on it
PASS_BELOW = 0.75
POWER_TOKEN = 1.5
#: destinations whose real move (paths, units in the way) is worked out, of the best by a
#: straight-line estimate
SHORTLIST = 3

#: an entry of a threat field but where the enemy stands (:meth:`HeuristicController._field_core`):
#: charge reach, charge loss, shooting reach, shot loss, lure, the two footprints. Fixed-length
#: tuples of floats rather than ``tuple[float, ...]``, so that the compiled build unpacks them
#: into machine floats in the loops of :meth:`~HeuristicController._position` and
#: :meth:`~HeuristicController._move_ceiling`
FieldCore = tuple[float, float, float, float, float, float]
#: an entry of a threat field (:meth:`HeuristicController._field`): where the enemy stands, then
#: its :data:`FieldCore`
FieldEntry = tuple[float, float, float, float, float, float, float, float]


class Plan(FieldRecord):
    """What the heuristic means to do with a unit, and what it thinks that is worth.

    Written out rather than a dataclass (some 1,400 are made a game): the compiled build
    compiles a written ``__init__`` but runs the one ``dataclass`` generates as Python code
    (docs/performance.md, "Compiled build")."""

    __slots__ = ("value", "uid", "action", "target", "point", "spell", "power", "reason")

    def __init__(self, value: float, uid: int, action: str, target: int = -1,
                 point: tuple[float, float] | None = None, spell: str | None = None,
                 power: int = 0, reason: str = "") -> None:
        self.value = value
        self.uid = uid
        self.action = action
        self.target = target
        self.point = point
        self.spell = spell
        self.power = power
        self.reason = reason

    def fields(self) -> tuple[object, ...]:
        # equal field by field, as the dataclass was (the tests compare plans)
        return (self.value, self.uid, self.action, self.target, self.point, self.spell,
                self.power, self.reason)

    def __repr__(self) -> str:
        return (f"Plan(value={self.value!r}, uid={self.uid!r}, action={self.action!r},"
                f" target={self.target!r}, point={self.point!r}, spell={self.spell!r},"
                f" power={self.power!r}, reason={self.reason!r})")


def _fatigue_penalty(view: RaidersReader, u: Unit, extra: int) -> float:
    """What leaving ``u`` with ``extra`` more fatigue risks: at its limit it cannot react, and
    a charge breaks it."""
    after = u.fatigue + extra
    limit = u.profile.fatigue
    if after < limit - 1:
        return 0.0
    danger = any(can_charge(view, e, u.x, u.y, u.radius, 1.5) and not e.broken
                 and e.fatigue < e.profile.fatigue for e in view.enemies_of(u))
    if after >= limit:
        return u.profile.cost * (0.45 if danger else 0.04)
    return 1.0 if danger else 0.2


# The keys below hold the unit's profile by value, not its id: a campaign veteran's profile
# keeps the book profile's id with better numbers (lists.py), so two units sharing an id may
# fight differently. They hold its number (:func:`_profile_number`: equal profiles share one,
# a veteran and a green unit of one profile get two) rather than the Profile itself, so that
# every key is a tuple of plain numbers, strings and flags, which the garbage collector stops
# tracking: the tables they key live for the whole process (:data:`KEPT`), and each tracked key
# cost every full collection a visit.

#: a number for each distinct profile (by value) the heuristic has met in this process
_PROFILE_NUMBERS: dict[Profile, int] = {}
#: the same numbers by the profile object's identity, each with the profile (which keeps it
#: alive, so its id is not reused while the entry lasts): a look-up by an int instead of
#: hashing the profile, a Python call, at every key built
_NUMBERS_BY_ID: dict[int, tuple[Profile, int]] = {}
#: the most profile objects :data:`_NUMBERS_BY_ID` holds before it is emptied (each list
#: loaded makes its own profile objects)
_BY_ID_LIMIT = 4096


def _profile_number(profile: Profile) -> int:
    """The number standing for ``profile`` in the heuristic's keys: the same for equal
    profiles (Profile compares field by field), another for any profile that differs."""
    known = _NUMBERS_BY_ID.get(id(profile))
    if known is not None and known[0] is profile:
        return known[1]
    number = _PROFILE_NUMBERS.get(profile)
    if number is None:
        number = _PROFILE_NUMBERS[profile] = len(_PROFILE_NUMBERS)
    if len(_NUMBERS_BY_ID) >= _BY_ID_LIMIT:
        _NUMBERS_BY_ID.clear()
    _NUMBERS_BY_ID[id(profile)] = (profile, number)
    return number


def _fighting_state(u: Unit) -> tuple[Any, ...]:
    """Everything about a unit that its combat numbers depend on (its starting size too: a
    figure's silver, which weights the casualties, is the cost over the size)."""
    return (_profile_number(u.profile), u.figures, u.wounds, u.prowess, u.behind_palisade,
            u.size)


def _options_read(view: RaidersReader) -> tuple[Any, ...]:
    """The game options a threat field's core reads (:meth:`HeuristicController._field_core`:
    the cover bonus and an aimed ranger's bonus in a volley, Impetus in a fight)."""
    o = view.options
    return (o.cover_bonus, o.rangers_aim, o.impetus_needs_bonus)


class KeptAcrossGames:
    """The heuristic's values that are pure functions of their keys (the units' fighting
    states and kinds, the roles, the cover flag and the game options read, all in the key;
    nothing of the table, the places or the turn), kept for every game a process plays: the
    games of one match-up fight the same fights again (a simulation run plays thousands).

    A controller reads and fills them, so a game plays the same whatever ran before it in
    the process (``tests/rulesets/raiders/test_raiders_speed.py`` checks kept values against
    fresh ones after games with other options). Each table is emptied when a new controller
    finds it over :data:`KEPT_LIMIT` entries (memory stays bounded)."""

    def __init__(self) -> None:
        # quick estimates, fight sides, split-game values and ceilings under _fight_key
        self.quick: dict[tuple[Any, ...], float] = {}
        self.sides: dict[tuple[Any, ...], tuple[SideFields, SideFields]] = {}
        self.values: dict[tuple[Any, ...], float] = {}
        self.ceilings: dict[tuple[Any, ...], float] = {}
        # a charge's lowest ceiling over the target's answers (HeuristicController._charge_top)
        self.tops: dict[tuple[Any, ...], float] = {}
        # threat-field cores under the kinds, the cover flag and _options_read
        self.cores: dict[tuple[Any, ...], FieldCore] = {}

    def tables(self) -> tuple[dict[tuple[Any, ...], Any], ...]:
        return (self.quick, self.sides, self.values, self.ceilings, self.tops, self.cores)

    def bound(self) -> None:
        """Empty any table grown past :data:`KEPT_LIMIT` (its values are worked out again
        as asked: the same numbers)."""
        for table in self.tables():
            if len(table) > KEPT_LIMIT:
                table.clear()

    def forget(self) -> None:
        """Empty every table (tests compare kept values with fresh ones)."""
        for table in self.tables():
            table.clear()


#: the most entries one of :class:`KeptAcrossGames`' tables holds before it is emptied (a
#: Raiders match-up adds about a hundred a game to each after its first few games; an entry
#: with its key is a few hundred bytes, so the tables stay within a few tens of MB)
KEPT_LIMIT = 20_000

#: the values every heuristic controller of this process shares
KEPT = KeptAcrossGames()


def _kind(u: Unit) -> tuple[Any, ...]:
    """What a threat field's entries read of ``u`` (:meth:`HeuristicController._field_entry`)
    apart from where it stands and the cover: its fighting state, its footprint and what it
    is worth (the profile, by its number, stands for its cost, Tg, armour, HP, abilities and
    weapons)."""
    return (_profile_number(u.profile), u.figures, u.wounds, u.prowess, u.behind_palisade, u.r,
            u.size)


def _enemy_kind(e: Unit) -> tuple[Any, ...]:
    """What an entry of a threat field reads of an enemy ``e`` apart from where it stands: as
    :func:`_kind`, and whether it can act (broken, fatigue), its move (Unnatural Speed) and its
    shooting (ready, aimed). Its fatigue counts only as whether it is at its limit (it then
    neither charges nor shoots)."""
    return (_profile_number(e.profile), e.figures, e.wounds, e.prowess, e.behind_palisade, e.r,
            e.size, e.broken, e.fatigued, e.speed, e.ready, e.aimed)


def _move_penalty(u: Unit, action: str) -> float:
    """What a Move or Run costs ``u`` besides its token and fatigue, in silver: a little for
    running, a ready marker lost, palisades left for good."""
    penalty = 0.3 if action == "run" else 0.0
    if u.ready and not u.has("rangers"):
        penalty += 2.0  # it loses its ready marker
    if u.behind_palisade:
        penalty += 4.0  # and its palisades, for good
    return penalty


def _toward(u: Unit, x: float, y: float, allowance: float) -> tuple[float, float]:
    d = hypot(x - u.x, y - u.y)
    if d <= allowance or d == 0:
        return x, y
    t = allowance / d
    return u.x + (x - u.x) * t, u.y + (y - u.y) * t


class HeuristicController:
    """The heuristic as it was before issue 16's session 10, registered as ``heuristic-full``
    (the default ``heuristic`` is :class:`QuickHeuristicController`, below)."""

    name = "heuristic-full"

    def __init__(self, kept: KeptAcrossGames | None = None) -> None:
        """``kept``: the values kept across games (default: the process's :data:`KEPT`; a
        fresh :class:`KeptAcrossGames` gives a controller that has seen no game)."""
        if kept is None:
            kept = KEPT
        self._plan: Plan | None = None
        self._escape: int | None = None
        # how much the threats a unit would stand in (the worst charge and the volleys that
        # reach it) weigh in its position score (:meth:`_positions`), for a unit that fights
        # at range (shooters, casters) and for the others
        self._ranged_threat = 0.9
        self._melee_threat = 0.5
        self._memo: dict[tuple[Any, ...], float] = {}
        # combat values and threat-field cores by everything they depend on, kept across
        # decisions and games (:class:`KeptAcrossGames`)
        kept.bound()
        self._combat = kept.quick
        self._fight_sides = kept.sides
        self._cores = kept.cores
        self._values = kept.values
        self._ceilings = kept.ceilings
        self._tops = kept.tops
        self._fields: dict[int, list[FieldEntry]] = {}
        # Each (unit, enemy) pair's last threat-field entry, kept across decisions, with the
        # numbers of the two states it read (the unit's _kind and the enemy's _enemy_kind,
        # each with where it stands): looked up by the two uids. A unit's state as a mover
        # and as an enemy is compared with the one last seen once per decision
        # (:meth:`_state_number`), and gets a new number whenever it differs, so an entry
        # whose two numbers are the current ones read exactly the states there are now.
        self._entries: dict[int, dict[int, tuple[int, int, FieldEntry]]] = {}
        self._seen_as_unit: dict[int, tuple[tuple[Any, ...], int]] = {}
        self._seen_as_enemy: dict[int, tuple[tuple[Any, ...], int]] = {}
        self._state_numbers = 0
        self._owns: dict[int, tuple[bool, float, int, tuple[float, float] | None]] = {}
        self._reach: dict[tuple[Any, ...], tuple[Base, ...]] = {}
        self._bases: list[tuple[Unit, Base]] | None = None
        self._tires: dict[tuple[int, int], float] = {}
        # each enemy's _enemy_kind and the number of its state (its kind and where it
        # stands), each unit's fighting state (:func:`_fighting_state`), position score where
        # it stands and _reach_terms, once per decision (every unit's threat field reads every
        # enemy's state; a unit's own state is numbered once per decision by _field, itself
        # kept for the decision)
        self._states: dict[int, tuple[tuple[Any, ...], int]] = {}
        self._fighting: dict[int, tuple[Any, ...]] = {}
        self._sight: dict[tuple[int, int], bool] = {}
        self._heres: dict[int, float] = {}
        self._terms: dict[int, tuple[tuple[float, float, float], ...]] = {}
        # whether an enemy could charge each unit where it stands, once per decision
        self._threats: dict[int, bool] = {}

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        self._memo = {}  # evaluations hold for one decision (the state does not change)
        self._fields = {}
        self._owns = {}
        self._reach = {}
        self._bases = None
        self._tires = {}
        self._states = {}
        self._fighting = {}
        self._sight = {}
        self._heres = {}
        self._terms = {}
        self._threats = {}
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return decision.options[0]
        return handler(view, decision, rng)

    # -- set-up ------------------------------------------------------------------------------
    def _deploy(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        by_label = {o.label: o for o in decision.options}
        return by_label.get("centre") or by_label.get("line") or decision.options[0]

    def _deploy_scouts(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        in_area = [o for o in decision.options if o.label == "in the area"]
        return in_area[len(in_area) // 2] if in_area else decision.options[0]

    # -- the turn ----------------------------------------------------------------------------
    def _activate(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        best = self._best_of(view, [view.by_uid(opt.uid) for opt in decision.options
                                    if isinstance(opt, C.Activate)])
        if best is None or best.value < PASS_BELOW:
            self._plan = None
            return Reasoned(C.Pass(), "nothing worth the fatigue")
        self._plan = best
        return Reasoned(C.Activate(best.uid), f"{best.reason} (worth {best.value:.1f})")

    def _best_of(self, view: RaidersReader, units: list[Unit]) -> Plan | None:
        """The most valuable plan of any of ``units`` (the first of the most valuable, in the
        order of the units and of their actions, as :meth:`best_plan` unit by unit), or one
        worth less than :data:`PASS_BELOW` if none is worth more.

        Moves are the costly plans to weigh (a menu of destinations each, real moves for
        the best of them), so they are weighed last, most promising first, and a Move or Run
        that could not be worth as much as the best plan found so far (:meth:`_move_ceiling`)
        is not weighed at all: it could never be chosen, so the choice is the one weighing
        every plan gives."""
        found: list[tuple[tuple[int, int], list[Plan]]] = []
        moves: list[tuple[float, int, int, Unit, str, float]] = []
        charges: list[tuple[int, int, Unit]] = []
        floor = PASS_BELOW
        menus = view.activation_menus
        # (each "floor = the highest of floor and the plans' values" below is a loop of
        # comparisons, as max picks it)
        for i, u in enumerate(units):
            acts: Sequence[str] | None = menus.get(u.uid)
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
            # a charge whose ceiling (:meth:`_charge_plan`) is below the floor is not weighed
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
        for ceiling, i, j, u, action, tire in moves:
            if ceiling < floor:
                break  # nor can any after it
            plans = self._move_plans(view, u, action, tire)
            found.append(((i, j), plans))
            for p in plans:
                if p.value > floor:
                    floor = p.value
        found.sort(key=lambda f: f[0])
        # the first of the most valuable plans, as max picks it
        best: Plan | None = None
        for _, plans in found:
            for p in plans:
                if best is None or p.value > best.value:
                    best = p
        return best

    def _move_ceiling(self, view: RaidersReader, u: Unit, action: str, tire: float) -> float:
        """A value no plan of :meth:`_move_plans` for ``u`` exceeds. A unit on the table ends
        its move within its allowance of where it stands, so each enemy ends up at most that
        much nearer or further than now. So :meth:`_position` there is at most the best lure
        of an enemy at the nearest it could get, less the threat it cannot escape (enemies
        that could charge or shoot it wherever it ends) and the straying from its Lead
        Retinue it cannot avoid; a margin covers rounding. A unit coming onto the table gets
        no further than its allowance less its footprint, and its position counts a
        twentieth."""
        field = self._field(view, u)
        allowance = float(u.move if action == "move" else u.run)
        if not u.deployed:
            best_lure = max((f[6] for f in field), default=0.0)
            return 8.0 + 0.3 * max(0.0, allowance - u.radius) + 0.05 * best_lure - tire + 1e-6
        penalty = _move_penalty(u, action)
        here = self._here(view, u)
        ranged, reach_u, move, lead = self._own(view, u)
        far = allowance + 1e-6  # the furthest the end can be from where it stands
        top, worst, shots = self._reach_terms(u, field, ranged, reach_u, move)[action == "run"]
        if ranged:
            return top - (worst + shots) * self._ranged_threat - here - penalty - tire + 1e-6
        spread = 0.0
        if lead is not None:
            spread = 0.1 * max(0.0, hypot(lead[0] - u.x, lead[1] - u.y) - far - 11)
        return top - (worst + shots) * self._melee_threat - spread - here - penalty - tire + 1e-6

    def _reach_terms(self, u: Unit, field: list[FieldEntry], ranged: bool,
                     reach_u: float, move: int) -> tuple[tuple[float, float, float], ...]:
        """For :meth:`_move_ceiling` of ``u``'s Move and of its Run (in that order): the best
        lure at the nearest each enemy could get, the worst charge and the shots it cannot
        escape. Both in one pass over the threat field, once per decision (each enemy's
        distance is the same for both); each allowance's numbers are worked out as a pass
        of their own would (the same comparisons, the same order of the sums)."""
        terms = self._terms.get(u.uid)
        if terms is not None:
            return terms
        top_m = top_r = 0.0 if not field else -math.inf
        worst_m = shots_m = worst_r = shots_r = 0.0
        far_m = float(u.move) + 1e-6
        far_r = float(u.run) + 1e-6
        ux, uy = u.x, u.y
        hypot = math.hypot
        # Threats weighed at nothing (the default heuristic's melee units): the worst charges
        # and the shots stay 0.0, which :meth:`_move_ceiling` multiplies by 0.0 as it would
        # the real ones (finite, at least 0): the same ceilings without working them out.
        weigh = ranged or self._melee_threat != 0.0
        for ex, ey, reach, charge_loss, shoot_reach, shot_loss, lure, radii in field:
            now = hypot(ex - ux, ey - uy)
            # max(0.0, now - far) and max(top, value), as max picks them
            d_m = now - far_m
            if not d_m > 0.0:
                d_m = 0.0
            d_r = now - far_r
            if not d_r > 0.0:
                d_r = 0.0
            if ranged:
                value_m = lure if d_m <= reach_u else lure - 0.6 * (d_m - reach_u)
                value_r = lure if d_r <= reach_u else lure - 0.6 * (d_r - reach_u)
            else:
                gap_m = d_m - radii - move
                value_m = lure - 0.8 * (gap_m if gap_m > 0.0 else 0.0)
                gap_r = d_r - radii - move
                value_r = lure - 0.8 * (gap_r if gap_r > 0.0 else 0.0)
            if value_m > top_m:
                top_m = value_m
            if value_r > top_r:
                top_r = value_r
            if not weigh:
                continue
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

    def _action(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        uid = decision.info["unit"]
        plan = self._plan
        names = [o.action for o in decision.options]
        if plan is None or plan.uid != uid or plan.action not in names:
            plan = self.best_plan(view, view.by_uid(uid), allowed=names, extra=0)
            self._plan = plan
        if plan is None:
            return decision.options[0]
        return C.ChooseAction(plan.action)

    def _destination(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        u = view.by_uid(decision.info["unit"])
        if decision.info.get("reaction") and self._escape is not None:
            foe = view.by_uid(self._escape)
            return max(decision.options, key=lambda p: hypot(p.x - foe.x, p.y - foe.y))
        plan = self._plan
        if plan is not None and plan.uid == u.uid and plan.point is not None:
            return C.Point(plan.point[0], plan.point[1], "planned")
        allowance = float(decision.info["allowance"])
        return max(decision.options, key=lambda p: self._position(view, u, *_toward(u, p.x, p.y, allowance)))

    def _target(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        plan = self._plan
        if plan is not None and plan.uid == decision.info["unit"] and C.Target(plan.target) in decision.options:
            return C.Target(plan.target)
        return decision.options[0]

    def _spell(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        plan = self._plan
        if plan is not None and plan.spell and C.ChooseSpell(plan.spell) in decision.options:
            return C.ChooseSpell(plan.spell)
        return decision.options[0]

    def _power(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        if decision.info.get("reaction"):
            return decision.options[-1]  # a counter-spell worth casting is worth all we have
        plan = self._plan
        if plan is not None and C.Power(plan.power) in decision.options:
            return C.Power(plan.power)
        return decision.options[0]

    def _standard_bearer(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        return max(decision.options, key=lambda o: (view.by_uid(o.uid).fatigue
                                                    / view.by_uid(o.uid).profile.fatigue))

    def _split_dice(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        me, them = view.by_uid(decision.info["unit"]), view.by_uid(decision.info["enemy"])
        mine = CombatSide(**{**decision.info["me"], "weight": rounded(figure_value(me), 3)})
        theirs = CombatSide(**{**decision.info["them"], "weight": rounded(figure_value(them), 3)})
        sol = solve(mine, theirs, "casualties")
        pick = rng.random()
        acc = 0.0
        choice = sol.a_splits[-1]
        for k, p in zip(sol.a_splits, sol.a_strategy, strict=True):
            acc += p
            if pick < acc:
                choice = k
                break
        mixed = sum(1 for p in sol.a_strategy if p > 1e-6) > 1
        how = "sampled from the optimal mixed split" if mixed else "the optimal split"
        return Reasoned(C.Split(choice), f"{choice} attack dice, {how} (value {sol.value:+.1f})")

    # -- reactions ---------------------------------------------------------------------------
    def _react(self, view: RaidersReader, decision: Decision, rng: random.Random) -> Any:
        self._escape = None
        if len(decision.options) == 1:
            return decision.options[0]
        info = decision.info
        actor = view.by_uid(info["unit"])
        action = info["action"]
        target = view.by_uid(info["target"]) if info["target"] >= 0 else None
        scored = [(self._reaction_value(view, opt, actor, action, target, info), i, opt)
                  for i, opt in enumerate(decision.options)]
        value, _, best = max(scored, key=lambda s: (s[0], -s[1]))
        if isinstance(best, C.React) and best.action in ("move", "run") and action == "charge":
            self._escape = actor.uid
        if isinstance(best, C.NoReaction):
            return best
        return Reasoned(best, f"{C.ACTIONS[best.action].title} (worth {value:.1f})")

    def _reaction_value(self, view: RaidersReader, opt: Any, actor: Unit, action: str,
                        target: Unit | None, info: Mapping[str, Any]) -> float:
        mine = target is not None and target.side != actor.side
        if isinstance(opt, C.NoReaction):
            if action == "charge" and mine and target is not None:
                return -target.profile.cost * 0.5
            if action == "shoot" and mine and target is not None:
                return -shot_value(view, actor, target)
            return 0.0
        v: Unit = view.by_uid(opt.uid)
        cost = self._tire(view, v, 1)
        gap: float = view.gap(actor, v)
        if action == "charge" and target is not None and v.uid == target.uid:
            test = break_chance(view, v)
            fleeing = -v.profile.cost * 0.5
            if opt.action in ("counter_charge", "defend", "shield_wall"):
                bonus = gap > (v.move if opt.action == "counter_charge" else actor.move) / 2
                fight = self._cv(view, v, opt.action, bonus, actor, "charge",
                                     gap > actor.move / 2)
                return test * fleeing + (1 - test) * fight - cost
            if opt.action in ("move", "run"):
                reach = v.move if opt.action == "move" else v.run
                if gap + reach > actor.move + 0.5:
                    return test * fleeing - 2.0 - cost
                return test * fleeing + (1 - test) * self._cv(
                    view, v, "fight", False, actor, "charge", gap > actor.move / 2) - cost
            fight = self._cv(view, v, "fight", False, actor, "charge", gap > actor.move / 2)
            extra = shot_value(view, v, actor) if opt.action == "shoot" else 0.5
            return test * fleeing + (1 - test) * (fight + extra) - cost
        if action == "shoot" and target is not None and v.uid == target.uid:
            base = -shot_value(view, actor, v)
            if opt.action in ("go_to_ground", "shield_wall_shooting"):
                return -shot_value(view, actor, v, opt.action) - cost
            if opt.action == "shoot":
                return base + shot_value(view, v, actor) - cost
            if opt.action == "charge":
                return base + self._cv(view, v, "charge", gap > v.move / 2, actor, "fight",
                                           False) - cost
            return base + self._quiet_value(view, v, opt.action) - cost
        if opt.action == "counter_spell":
            spell = view.spells.get(info["spell"])
            harmful = spell is not None and target is not None and (
                (target.side != actor.side) == (spell.effect in (SpellEffect.HITS, SpellEffect.ADD_FATIGUE)))
            return (4.0 if harmful else 1.0) - cost
        if opt.action == "shoot":
            return shot_value(view, v, actor) - cost
        if opt.action == "charge":
            if actor.broken or actor.fatigued:
                return actor.profile.cost * 0.5 - cost
            fight = self._cv(view, v, "charge", gap > v.move / 2, actor, "fight", False)
            return fight - cost
        return self._quiet_value(view, v, opt.action) - cost - 0.5

    def _quiet_value(self, view: RaidersReader, u: Unit, action: str) -> float:
        """Value of an independent action taken as a reaction (no token, one fatigue)."""
        if action == "make_ready":
            return 0.6 * max((shot_value(view, u, e) for e in view.enemies_of(u)
                              if hypot(e.x - u.x, e.y - u.y) <= (u.profile.ranged_range or 0)),
                             default=0.0)
        if action == "aim":
            return 0.5 * max((shot_value(view, u, e, aimed=True) - shot_value(view, u, e, aimed=False)
                              for e in shoot_targets(view, u)), default=0.0)
        if action == "store_power":
            return POWER_TOKEN * 0.6
        if action == "regroup":
            return 1.5 if u.at_half_strength else 0.2
        return 0.0

    def _fight_key(self, view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit,
                   b_role: str, b_bonus: bool) -> tuple[Any, ...]:
        """Everything a fight between ``a`` and ``b`` in these roles depends on: the key of
        the fight's sides, values, ceilings and quick estimate the heuristic keeps (the one
        game option a fight reads included: they are kept across games, :data:`KEPT`), each
        unit's :func:`_fighting_state` worked out once per decision (:meth:`_fighting_of`)."""
        return (self._fighting_of(a), a_role, a_bonus, self._fighting_of(b), b_role, b_bonus,
                view.options.impetus_needs_bonus)

    def _fighting_of(self, u: Unit) -> tuple[Any, ...]:
        """:func:`_fighting_state` of ``u``, once per decision."""
        state = self._fighting.get(u.uid)
        if state is None:
            state = self._fighting[u.uid] = _fighting_state(u)
        return state

    def _sides(self, view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
               b_bonus: bool, key: tuple[Any, ...] | None = None) -> tuple[CombatSide, CombatSide]:
        """:func:`fight_sides`, remembered under everything the fight depends on
        (:meth:`_fight_key`, or ``key`` where the caller made it already), across decisions
        (the ceiling of a charge and its value read the same sides)."""
        if key is None:
            key = self._fight_key(view, a, a_role, a_bonus, b, b_role, b_bonus)
        kept = self._fight_sides.get(key)
        if kept is not None:
            return CombatSide(*kept[0]), CombatSide(*kept[1])
        sides = fight_sides(view, a, a_role, a_bonus, b, b_role, b_bonus)
        self._fight_sides[key] = (sides[0].fields(), sides[1].fields())
        return sides

    def _cv(self, view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
            b_bonus: bool) -> float:
        """:func:`combat_value` (the split game), remembered under :meth:`_sides`' key."""
        key = self._fight_key(view, a, a_role, a_bonus, b, b_role, b_bonus)
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = split_value(
                *self._sides(view, a, a_role, a_bonus, b, b_role, b_bonus, key))
        return value

    def _ceiling(self, view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
                 b_bonus: bool) -> float:
        """A value :meth:`_cv` of the same fight does not exceed (:func:`split_ceiling`),
        remembered under :meth:`_sides`' key."""
        key = self._fight_key(view, a, a_role, a_bonus, b, b_role, b_bonus)
        value = self._ceilings.get(key)
        if value is None:
            value = self._ceilings[key] = split_ceiling(
                *self._sides(view, a, a_role, a_bonus, b, b_role, b_bonus, key))
        return value

    def _quick(self, view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
               b_bonus: bool) -> float:
        """A cheap stand-in for :meth:`_cv` when scoring positions: both sides attack with
        every die they may (remembered under :meth:`_sides`' key)."""
        key = self._fight_key(view, a, a_role, a_bonus, b, b_role, b_bonus)
        value = self._combat.get(key)
        if value is None:
            value = self._combat[key] = quick_combat_value(view, a, a_role, a_bonus, b, b_role,
                                                           b_bonus)
        return value

    # -- planning ----------------------------------------------------------------------------
    def best_plan(self, view: RaidersReader, u: Unit, allowed: list[str] | None = None,
                  extra: int = 1) -> Plan | None:
        """The most valuable action for ``u`` (``extra``: fatigue the token will add)."""
        names = allowed if allowed is not None else actions_for(view, u)
        plans: list[Plan] = []
        for action in names:
            plans.extend(self._plans_for(view, u, action, extra))
        return max(plans, key=lambda p: p.value, default=None)

    def _plans_for(self, view: RaidersReader, u: Unit, action: str, extra: int) -> list[Plan]:
        tire = self._tire(view, u, extra)
        if action in ("move", "run"):
            return self._move_plans(view, u, action, tire)
        if action == "charge":
            return [p for p in (self._charge_plan(view, u, t, extra) for t in charge_targets(view, u))
                    if p is not None]
        if action == "shoot":
            out = []
            for t in shoot_targets(view, u):
                reaction = best_shot_reaction(t) if not (t.broken or t.fatigued) else None
                v = shot_value(view, u, t, reaction)
                if t.shooter and t.ready and not t.broken and not t.fatigued:
                    v -= 0.5 * shot_value(view, t, u)
                out.append(Plan(v - tire, u.uid, "shoot", t.uid, reason=f"shoot {t.name}"))
            return out
        if action == "cast_spell":
            return self._spell_plans(view, u, tire)
        # (each action below but Aim and the unnamed ones has its own value here: its
        # _quiet_value, the value of the action taken as a reaction, is not worked out only
        # to be replaced)
        if action == "make_ready":
            value = 0.8 * max((shot_value(view, u, e) for e in view.enemies_of(u)
                               if hypot(e.x - u.x, e.y - u.y) <= (u.profile.ranged_range or 0) + 6),
                              default=0.0)
        elif action == "store_power":
            value = POWER_TOKEN if u.power < 3 else 0.3
        elif action == "rally":
            mv, _ = morale_value(view, u)
            value = float(1 - MoraleTest(mv, u.morale_tokens).fail_chance()) * u.profile.cost * 0.5
            return [Plan(value, u.uid, action, reason="rally")]
        elif action == "regroup":
            value = (2.0 + u.morale_tokens) if u.at_half_strength or u.broken else 0.4
        elif action == "deploy_palisades":
            near = any(hypot(e.x - u.x, e.y - u.y) <= 14 for e in view.enemies_of(u))
            value = 6.0 if near else 0.0
        else:
            value = self._quiet_value(view, u, action)
        return [Plan(value - tire, u.uid, action, reason=action.replace("_", " "))]

    def _charge_plan(self, view: RaidersReader, u: Unit, t: Unit, extra: int,
                     floor: float = -math.inf) -> Plan | None:
        """The charge of ``u`` on ``t``; None if it could not be worth ``floor``: its value
        mixes the chance ``t`` breaks with the worst of the fights ``t`` may choose, and each
        fight's split game is worth at most A's best reply to B attacking with every die
        (:func:`split_ceiling`, one column of the payoff matrix, no linear program). The
        ceiling is weighed before the charge move itself (a charge out of reach is worth
        less than any floor)."""
        gap = view.gap(u, t)
        bonus = gap > u.move / 2
        tire = self._tire(view, u, extra + 1)
        plan: Plan | None = None
        if t.broken:
            # It only flees again: worth something if that takes it off the table.
            dx, dy = t.x - u.x, t.y - u.y
            d = hypot(dx, dy) or 1.0
            fx, fy = t.x + dx / d * t.move, t.y + dy / d * t.move
            off = not (0 <= fx <= view.table.width and 0 <= fy <= view.table.height)
            value = t.profile.cost * 0.5 if off else 0.1
            plan = Plan(value - tire, u.uid, "charge", t.uid, reason=f"charge the broken {t.name}")
        elif t.fatigued:
            plan = Plan(t.profile.cost * 0.55 - tire, u.uid, "charge", t.uid,
                        reason=f"charge {t.name}, too tired to answer")
        else:
            roles = [("fight", False), ("counter_charge", gap > t.move / 2), ("defend", bonus)]
            if t.has("shield-wall-combat"):
                roles.append(("shield_wall", False))
            test = break_chance(view, t)
            if floor > -math.inf:
                top = self._charge_top(view, u, t, bonus, roles)
                if test * t.profile.cost * 0.5 + (1 - test) * top - tire < floor:
                    return None
        if plan is not None and plan.value < floor:
            return None
        reach = real_move(view, u, (u.x, u.y), (t.x, t.y), u.move,
                          self._in_reach(view, u, (u.x, u.y), u.move))
        if hypot(t.x - reach.x, t.y - reach.y) - u.radius - t.radius > CONTACT:
            return Plan(-1.0, u.uid, "charge", t.uid, reason=f"charge {t.name} (out of reach)")
        if plan is None:
            fights = [self._cv(view, u, "charge", bonus, t, role, b_bonus)
                      for role, b_bonus in roles]
            value = test * t.profile.cost * 0.5 + (1 - test) * min(fights)
            plan = Plan(value - tire, u.uid, "charge", t.uid, reason=f"charge {t.name}")
        return plan

    def _charge_top(self, view: RaidersReader, u: Unit, t: Unit, bonus: bool,
                    roles: list[tuple[str, bool]]) -> float:
        """The lowest ceiling (:meth:`_ceiling`) of the fights ``t`` may choose when ``u``
        charges it (``roles``: its answers with their bonuses, as :meth:`_charge_plan` lists
        them), kept across decisions and games under the two fighting states, ``u``'s charge
        bonus and ``t``'s counter-charge bonus (which, with ``t``'s profile in its fighting
        state, decide the roles) and the Impetus option: one look-up instead of a fight key
        and a look-up per role."""
        key = (self._fighting_of(u), self._fighting_of(t), bonus, roles[1][1],
               view.options.impetus_needs_bonus)
        top = self._tops.get(key)
        if top is None:
            top = self._tops[key] = min(self._ceiling(view, u, "charge", bonus, t, role, b_bonus)
                                        for role, b_bonus in roles)
        return top

    def _spell_plans(self, view: RaidersReader, u: Unit, tire: float) -> list[Plan]:
        out = []
        # what does not depend on the spell, asked once for all of the caster's spells
        sight: dict[int, bool] = {}
        counter_of: dict[int, Unit | None] = {}
        for sid in u.profile.spells:
            spell: Spell = view.spells[sid]
            for t in self._spell_candidates(view, u, spell, sight):
                if t.uid not in counter_of:
                    counter_of[t.uid] = max(counter_spellers(view, u, t, self._sees(view)),
                                            key=lambda c: c.power, default=None)
                counter = counter_of[t.uid]
                for power in sorted({0, u.power}):
                    level = expected_power(u, power, spell.difficulty + t.profile.mr, counter,
                                           counter.power if counter else 0, spell.max_level)
                    value = self._spell_value(view, u, spell, t, level) - power * POWER_TOKEN
                    if value > 0:
                        out.append(Plan(value - tire, u.uid, "cast_spell", t.uid, spell=sid,
                                        power=power, reason=f"cast {spell.name} on {t.name}"))
        return out

    def _sees(self, view: RaidersReader) -> Callable[[Unit, Unit], bool]:
        """:func:`line_of_sight` in ``view``, each (viewer, unit) pair's answer kept for the
        decision (the state does not change during it: the counter-spellers of every
        target of every caster ask the same pairs again)."""
        seen = self._sight

        def sees(viewer: Unit, unit: Unit) -> bool:
            pair = (viewer.uid, unit.uid)
            answer = seen.get(pair)
            if answer is None:
                answer = seen[pair] = line_of_sight(view, viewer, unit)
            return answer
        return sees

    def _spell_candidates(self, view: RaidersReader, u: Unit, spell: Spell,
                          sight: dict[int, bool]) -> list[Unit]:
        """Units the spell could do some good on, in range and sight (``sight``: the caster's
        line of sight to each unit, filled as it is asked).

        A unit the spell is worth nothing on at any power level (:meth:`_spell_value`:
        Energy (Drain) on a broken enemy, Combat Prowess on a friend no enemy can charge) is
        left out before its sight test, the costly part: it would only give plans worth at
        most nothing, which :meth:`_spell_plans` drops."""
        effect = spell.effect
        hostile = effect is _HITS or effect is _ADD_FATIGUE
        # (the effect's kind looked up once, not per unit)
        heals = effect is _HEAL
        refreshes = effect is _REMOVE_FATIGUE
        moves = effect is _MOVEMENT
        drains = effect is _ADD_FATIGUE
        emboldens = effect is _COMBAT_DICE
        out: list[Unit] = []
        if moves:
            return out
        ux, uy, side, reach = u.x, u.y, u.side, spell.range
        hypot = math.hypot
        for t in view.units:
            # (t.on_table, without the property's call)
            if not t.deployed or t.destroyed or (t.side != side) != hostile:
                continue
            if heals and not (t.wounds or t.lost_this_turn):
                continue
            if refreshes and t.fatigue < t.profile.fatigue - 2:
                continue
            if hypot(t.x - ux, t.y - uy) > reach:  # view.leader_distance(u, t)
                continue
            if drains and t.broken:
                continue
            if emboldens and not self._threatened(view, t):
                continue
            seen = sight.get(t.uid)
            if seen is None:
                seen = sight[t.uid] = line_of_sight(view, u, t)
            if seen:
                out.append(t)
        return out

    def _spell_value(self, view: RaidersReader, u: Unit, spell: Spell, t: Unit, level: float) -> float:
        friend = t.side == u.side
        effect = spell.effect
        if effect is _HITS:
            return 0.0 if friend else missile_value(level, t)
        if effect is _HEAL:
            lost = t.wounds + t.lost_this_turn * t.profile.hp
            return min(3.0 * level, lost) * wound_value(t) if friend else 0.0
        if effect is _REMOVE_FATIGUE:
            if not friend or t.fatigue < t.profile.fatigue - 2:
                return 0.0
            return min(t.fatigue, 2 * level) * 1.5
        if effect is _ADD_FATIGUE:
            if friend or t.broken:
                return 0.0
            room = t.profile.fatigue - t.fatigue
            return t.profile.cost * 0.25 * min(1.0, level * 2 / max(1, room))
        if effect is _COMBAT_DICE:
            if not friend or not self._threatened(view, t):
                return 0.0
            return 2.0 * level
        return 0.0

    def _threatened(self, view: RaidersReader, t: Unit) -> bool:
        """Could any enemy of ``t`` charge it where it stands (what Combat Prowess on ``t``
        is worth anything for), once per decision."""
        known = self._threats.get(t.uid)
        if known is None:
            known = self._threats[t.uid] = any(can_charge(view, e, t.x, t.y, t.radius)
                                               for e in view.enemies_of(t))
        return known

    def _tire(self, view: RaidersReader, u: Unit, extra: int) -> float:
        """:func:`_fatigue_penalty`, once per decision."""
        key = (u.uid, extra)
        tire = self._tires.get(key)
        if tire is None:
            tire = self._tires[key] = _fatigue_penalty(view, u, extra)
        return tire

    def _move_plans(self, view: RaidersReader, u: Unit, action: str, tire: float) -> list[Plan]:
        allowance = float(u.move if action == "move" else u.run)
        if not u.deployed:
            out = []
            for p in entry_candidates(view, u, allowance):
                start = entry_start(view, u, (p.x, p.y))
                if start is None:
                    continue
                # how far it really gets: units already on the edge may be in the way
                end = real_move(view, u, start, (p.x, p.y), allowance - u.radius,
                                self._in_reach(view, u, start, allowance - u.radius))
                score = self._position(view, u, end.x, end.y)
                value = 8.0 + 0.3 * end.travelled + 0.05 * score
                out.append(Plan(value - tire, u.uid, action, point=(p.x, p.y),
                                reason=f"{action} onto the table"))
            return out
        here = self._here(view, u)
        penalty = _move_penalty(u, action)
        # First pass: straight-line ends for every candidate; the real move (paths round
        # terrain, units in the way) only for a shortlist.
        menu = move_menu(view, u, allowance)
        aims = [_toward(u, x, y, allowance) for x, y, _ in menu]
        scores = self._positions(view, u, aims)
        # the menu's indices by rough score, best first (a stable sort: ties in menu order)
        order = sorted(range(len(menu)), key=lambda k: -scores[k])
        out = []
        start = (u.x, u.y)
        near = self._in_reach(view, u, start, allowance)
        for k in order[:SHORTLIST]:
            x, y, label = menu[k]
            end = real_move(view, u, start, (x, y), allowance, near)
            if end.travelled < 0.5:
                continue
            ex, ey = end.x, end.y
            # where nothing was in the way the move ends at its rough point, whose score is
            # at hand (:meth:`_position` there is the same sum over the same field)
            ax, ay = aims[k]
            score = scores[k] if ex == ax and ey == ay else self._position(view, u, ex, ey)
            gain = score - here - penalty
            out.append(Plan(gain - tire, u.uid, action, point=(x, y),
                            reason=f"{action} {label}".strip()))
        return out

    def _in_reach(self, view: RaidersReader, u: Unit, start: tuple[float, float],
                  allowance: float) -> tuple[Base, ...]:
        """:func:`in_reach`, once per decision."""
        key = (u.uid, start, allowance)
        near = self._reach.get(key)
        if near is None:
            if self._bases is None:  # every unit's base, once per decision
                self._bases = [(o, o.base) for o in view.units if o.on_table]
            near = self._reach[key] = in_reach(view, u, start, allowance, self._bases)
        return near

    def _field(self, view: RaidersReader, u: Unit) -> list[FieldEntry]:
        """Per enemy, what a position needs (computed once per decision): position, the
        inches within which it can charge ``u``, what that charge would cost ``u``, its
        shooting range and what its volley would cost, and (melee) the lure of fighting it.

        Each enemy's entry is also kept across decisions (:meth:`_field_entry`) under
        everything it reads: most units stand still between two activations."""
        cached = self._fields.get(u.uid)
        if cached is not None:
            return cached
        kind = _kind(u)
        # the number of u's state (everything about it its entries read), once per decision:
        # this field is kept for the decision
        mine = self._state_number(self._seen_as_unit, u.uid, (*kind, u.x, u.y))
        row = self._entries.get(u.uid)
        if row is None:
            row = self._entries[u.uid] = {}
        states = self._states
        out: list[FieldEntry] = []
        for e in view.enemies_of(u):
            known = states.get(e.uid)
            if known is None:
                enemy_kind = _enemy_kind(e)
                # (the enemy's state: everything about it an entry reads)
                known = states[e.uid] = (enemy_kind, self._state_number(
                    self._seen_as_enemy, e.uid, (*enemy_kind, e.x, e.y)))
            last = row.get(e.uid)
            if last is not None and last[0] == mine and last[1] == known[1]:
                entry = last[2]
            else:
                entry = self._entry_of(view, u, e, kind, known[0])
                row[e.uid] = (mine, known[1], entry)
            out.append(entry)
        self._fields[u.uid] = out
        return out

    def _state_number(self, seen: dict[int, tuple[tuple[Any, ...], int]], uid: int,
                      state: tuple[Any, ...]) -> int:
        """The number of unit ``uid``'s ``state`` in ``seen`` (as a mover or as an enemy):
        the last one's if the state is the one last seen, a new one otherwise."""
        last = seen.get(uid)
        if last is not None and last[0] == state:
            return last[1]
        self._state_numbers += 1
        seen[uid] = (state, self._state_numbers)
        return self._state_numbers

    def _field_entry(self, view: RaidersReader, u: Unit, e: Unit) -> FieldEntry:
        """:meth:`_field`'s entry for enemy ``e`` (reads only :func:`_kind` of ``u``,
        :func:`_enemy_kind` of ``e``, where the two stand, and the table and options, which a
        game does not change): where ``e`` stands, then the rest (:meth:`_field_core`),
        which reads where the two stand only through whether ``e`` would shoot at ``u`` in
        cover, and so is kept under their kinds (:func:`_kind`, :func:`_enemy_kind`) and that
        alone: an entry worked out again because one of them moved is mostly found there."""
        return self._entry_of(view, u, e, _kind(u), _enemy_kind(e))

    def _entry_of(self, view: RaidersReader, u: Unit, e: Unit, kind: tuple[Any, ...],
                  enemy_kind: tuple[Any, ...]) -> FieldEntry:
        """:meth:`_field_entry` with :func:`_kind` of ``u`` and :func:`_enemy_kind` of ``e``
        at hand."""
        shoots = e.profile.ranged_range is not None and not (e.broken or e.fatigued)
        cover: bool | None
        if shoots and self._melee_threat == 0.0 and not (u.shooter or u.profile.magic_user):
            # A melee unit whose threats weigh nothing (the default heuristic): the volley's
            # cost, the one part of the entry the cover changes, is never read
            # (:meth:`_positions` and :meth:`_reach_terms` leave the threats out), so the
            # sight test is not made; kept apart (None) from the entries that made it.
            cover = None
        else:
            cover = shoots and in_cover(view, e, u)
        key = (kind, enemy_kind, cover, _options_read(view))
        core = self._cores.get(key)
        if core is None:
            core = self._cores[key] = self._field_core(view, u, e)
        return (e.x, e.y, *core)

    def _field_core(self, view: RaidersReader, u: Unit, e: Unit) -> FieldCore:
        """:meth:`_field_entry` but where ``e`` stands: the inches within which it can
        charge ``u``, what that charge would cost ``u``, its shooting range and what its
        volley would cost, the lure of fighting it, and the two footprints."""
        active = not (e.broken or e.fatigued)
        reach = e.radius + u.radius + e.move + 0.5 if active else -1.0
        charge_loss = max(0.0, -self._quick(view, u, "fight", False, e, "charge", True)) if active else 0.0
        rng = e.profile.ranged_range
        shoot_reach = (rng + (0.0 if e.ready else -2.0)) if (rng is not None and active) else -1.0
        shot_loss = (shot_value(view, e, u, best_shot_reaction(u)) * (1.0 if e.ready else 0.5)
                     if shoot_reach > 0 else 0.0)
        if u.shooter or u.profile.magic_user:
            lure = 2.0 + wound_value(e)
        else:
            weak = e.profile.cost * 0.4 if (e.broken or e.fatigued) else 0.0
            lure = max(weak, self._quick(view, u, "charge", True, e, "fight", False))
        return (reach, charge_loss, shoot_reach, shot_loss, lure, e.radius + u.radius)

    def _position(self, view: RaidersReader, u: Unit, x: float, y: float) -> float:
        """How good it is for ``u`` to stand at (x, y), in silver."""
        return self._positions(view, u, ((x, y),))[0]

    def _positions(self, view: RaidersReader, u: Unit,
                   points: Sequence[tuple[float, float]]) -> list[float]:
        """:meth:`_position` at each of ``points``, with ``u``'s threat field and its own side
        of the score fetched once for them all (a menu's rough scores)."""
        field = self._field(view, u)
        if not field:
            ey: float = view.edge_y(1 - u.side)
            width: float = view.table.width
            return [-abs(y - ey) * 0.4 - abs(x - width / 2) * 0.05 for x, y in points]
        ranged, reach_u, move, lead = self._own(view, u)
        hypot = math.hypot
        out = []
        # One loop for units that fight at range, one for the others (the test of which is
        # made once, not per enemy and point); each max(0.0, v) and max(best, value) below
        # is a comparison, as max picks it, and lure - 0.8 * 0.0 is lure.
        if ranged:
            ranged_threat = self._ranged_threat
            for x, y in points:
                worst = shots = 0.0
                best = -math.inf
                for ex, ey, reach, charge_loss, shoot_reach, shot_loss, lure, _ in field:
                    d = hypot(ex - x, ey - y)
                    if d <= reach and charge_loss > worst:
                        worst = charge_loss
                    if d <= shoot_reach:
                        shots += shot_loss
                    value = lure if d <= reach_u else lure - 0.6 * (d - reach_u)
                    if value > best:
                        best = value
                out.append(best - (worst + shots) * ranged_threat)
            return out
        melee_threat = self._melee_threat
        # Threats weighed at nothing (the default heuristic's melee units): the worst charge
        # and the shots are finite and at least 0, so (worst + shots) * 0.0 is 0.0 and
        # best - 0.0 is best; the same score without working them out.
        weigh = melee_threat != 0.0
        for x, y in points:
            worst = shots = 0.0
            best = -math.inf
            for ex, ey, reach, charge_loss, shoot_reach, shot_loss, lure, radii in field:
                d = hypot(ex - x, ey - y)
                if weigh:
                    if d <= reach and charge_loss > worst:
                        worst = charge_loss
                    if d <= shoot_reach:
                        shots += shot_loss
                gap = d - radii - move
                value = lure - 0.8 * gap if gap > 0.0 else lure
                if value > best:
                    best = value
            spread = 0.0
            if lead is not None:
                strays = hypot(lead[0] - x, lead[1] - y) - 11
                spread = 0.1 * (strays if strays > 0.0 else 0.0)
            out.append(best - (worst + shots) * melee_threat - spread)
        return out

    def _here(self, view: RaidersReader, u: Unit) -> float:
        """:meth:`_position` where ``u`` stands, once per decision (its Move and its Run
        both start from it)."""
        here = self._heres.get(u.uid)
        if here is None:
            here = self._heres[u.uid] = self._position(view, u, u.x, u.y)
        return here

    def _own(self, view: RaidersReader, u: Unit) -> tuple[bool, float, int, tuple[float, float] | None]:
        """``u``'s side of :meth:`_position`, once per decision: does it fight at range, its
        reach, its move, and where its Lead Retinue stands (None if ``u`` is the Lead
        Retinue or it is gone)."""
        cached = self._owns.get(u.uid)
        if cached is None:
            lead = view.lead_retinue(u.side)
            cached = self._owns[u.uid] = (
                bool(u.shooter or u.profile.magic_user), u.profile.ranged_range or 18.0, u.move,
                (lead.x, lead.y) if lead is not None and lead is not u else None)
        return cached


#: the default heuristic's weight of the threats a melee unit would stand in (``heuristic-full``'s
#: is 0.5). Tuned against ``heuristic-full`` on seeds it is not measured on
#: (docs/performance.md, Raiders, issue 16 session 10): 0.8 lost clearly, 0.3 and 0 won, 0 the
#: most. A melee unit's threats are the enemies that would charge or shoot it, which are the
#: enemies it means to fight: shying from them kept it out of the fights its lure (the best
#: fight within reach) had already weighed; its charges, reactions and the fatigue penalty
#: still weigh the danger where it acts.
QUICK_MELEE_THREAT = 0.0
#: the default heuristic's weight of the threats a unit that fights at range (shooters, casters)
#: would stand in (``heuristic-full``'s is 0.9). Tuned with :data:`QUICK_MELEE_THREAT`: 0.6
#: won 59% of 400 games, 0.3 70% and 0 68% of 200 (seeds >= 10000); such a unit still keeps
#: its range (its lure pulls it to where it shoots) and some caution
QUICK_RANGED_THREAT = 0.3
#: the default heuristic: the aims of a Move or Run (:func:`move_aims`, best by straight line)
#: whose real end the terrain decides (:func:`reachable_end`); the best of those is the one
#: whose real move (units in the way) is worked out
QUICK_AIMS = 3


class QuickHeuristicController(HeuristicController):
    """The heuristic with re-tuned threat weights and a cheaper move model (issue 16,
    session 10), the default ``heuristic``: stronger than ``heuristic-full`` (62% of 400
    held-out games) and a little faster.

    Every Move and Run is still weighed as ``heuristic-full`` weighs them (by their
    ceilings, while above the best plan found; capping them lost more games than it saved
    time, docs/performance.md), but a plan no longer needs the rules' whole menu of reachable
    ends (the terrain's reach toward every aim): the aims are scored by a
    straight line, the terrain's reach is asked only for the best :data:`QUICK_AIMS` of them
    (scored where they really end, so an aim behind impassable or difficult ground loses its
    place), and the real move only for the best of those (``heuristic-full`` works out three).
    Units weigh the threats where they would stand by :data:`QUICK_MELEE_THREAT` and
    :data:`QUICK_RANGED_THREAT`, far less than ``heuristic-full``. A subclass in this module (the
    compiled build refuses a Python subclass of a compiled class from another module)."""

    name = "heuristic"

    def __init__(self, kept: KeptAcrossGames | None = None) -> None:
        super().__init__(kept)
        self._melee_threat = QUICK_MELEE_THREAT
        self._ranged_threat = QUICK_RANGED_THREAT

    def _move_plans(self, view: RaidersReader, u: Unit, action: str, tire: float) -> list[Plan]:
        """One plan for a Move or Run of ``u`` on the table (raiders.action.move,
        raiders.action.run), or none if it would hardly move: of the :data:`QUICK_AIMS` aims
        with the best straight-line scores, the one that scores best where the terrain lets it
        end (:func:`reachable_end`); its value is the score where the real move ends (units in
        the way), and the plan heads for that reachable end. Entering the table is planned as
        ``heuristic-full`` plans it."""
        if not u.deployed:
            return HeuristicController._move_plans(self, view, u, action, tire)
        allowance = float(u.move if action == "move" else u.run)
        aims = move_aims(view, u, allowance)
        straight = self._positions(view, u, [_toward(u, x, y, allowance) for x, y, _ in aims])
        # the aims by straight-line score, best first (a stable sort: ties in menu order)
        order = sorted(range(len(aims)), key=lambda k: -straight[k])
        ends: list[tuple[float, float]] = []
        labels: list[str] = []
        for k in order[:QUICK_AIMS]:
            x, y, label = aims[k]
            end = reachable_end(view, u, (x, y), allowance)
            if end is None:
                continue  # the terrain lets it hardly move that way
            ends.append(end)
            labels.append(label)
        if not ends:
            return []
        # scored together (each point's score is worked out on its own), the first best kept
        best_score = -math.inf
        best: tuple[float, float, str] | None = None
        for end, label, score in zip(ends, labels, self._positions(view, u, ends), strict=True):
            if score > best_score:
                best_score, best = score, (end[0], end[1], label)
        if best is None:
            return []
        bx, by, label = best
        start = (u.x, u.y)
        moved = real_move(view, u, start, (bx, by), allowance,
                          self._in_reach(view, u, start, allowance))
        if moved.travelled < 0.5:
            return []
        if moved.x != bx or moved.y != by:  # a unit in the way stops or diverts it
            best_score = self._position(view, u, moved.x, moved.y)
        gain = best_score - self._here(view, u) - _move_penalty(u, action)
        return [Plan(gain - tire, u.uid, action, point=(bx, by),
                     reason=f"{action} {label}".strip())]

