"""Resolving an action and its reaction together.

Rule ids: ``raiders.action.simultaneous_resolution``, ``raiders.action.procedure``,
``raiders.action.charge``, ``raiders.action.counter_charge``, ``raiders.action.defend``,
``raiders.action.shield_wall``, ``raiders.action.make_ready``, ``raiders.action.aim``,
``raiders.action.store_power``, ``raiders.action.regroup``, ``raiders.action.rally``,
``raiders.action.deploy_palisades``, ``raiders.fatigue.limit``, ``raiders.fatigue.sources``,
``raiders.combat.fatigue``, ``raiders.morale.test_trigger``, ``raiders.morale.failure``,
``raiders.morale.broken_state``, ``raiders.ability.rangers``, ``raiders.ability.palisades``.

The order (the rules yaml's default for pairs the book leaves unordered):

1. The reacting unit takes its fatigue counter (the actor took its token when activated).
2. A charged unit that cannot or does not react - broken, fatigued (forced to act at its
   limit, it breaks: raiders.fatigue.limit) or simply not answering - is broken and flees;
   the charger follows it up to its move and no combat is fought.
3. Morale tests, all at once (raiders.morale.test_trigger): a unit at or below half strength
   tests when it is the target of an enemy action (the ``targeted`` reading) or reaction. A
   failure breaks it at once and its action or reaction fails; a unit that failed while
   charged, or while charging and counter-charged, flees (raiders.morale.failure).
4. Movement: the reaction's Move or Run, then the action's, then charge moves to where the
   units now stand. A charger and a counter-charger meet part-way: the charger covers its
   share of the gap (in proportion to the two moves), the counter-charger comes on up to its
   move, and the charger finishes its move if they have not met.
5. Shots, spells and combat, every unit at its strength when the action was declared.
6. All casualties at once; then the spells' other effects.
7. Markers: a unit that moved loses its ready and aim markers (Rangers keep the ready marker
   on a Move or Run); a unit shot at, charged or fighting loses them too - after the action,
   so a ready unit can still shoot back. Moving off deployed palisades loses them for good.
8. Each unit that fought a round of combat takes one more fatigue counter.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from warband.core.game import Pending, Steps
from warband.rulesets.raiders.rules.actions import Declared
from warband.rulesets.raiders.rules.combat import Fighter, combat_round
from warband.rulesets.raiders.rules.magic import cast_spell
from warband.rulesets.raiders.rules.measure import line_of_sight
from warband.rulesets.raiders.rules.morale import apply_wounds, morale_test
from warband.rulesets.raiders.rules.movement import charge_move, enter_table, flee, move_unit
from warband.rulesets.raiders.rules.shooting import shoot
from warband.rulesets.raiders.state import RaidersState, Unit

__all__ = ["resolve"]

CHARGES = ("charge", "counter_charge")


def _mark(st: RaidersState, u: Unit, what: str, **data: Any) -> None:
    st.log.emit("action_effect", who=u.name, effect=what, **data)


def _simple(st: RaidersState, d: Declared) -> None:
    """The actions that only change the unit itself."""
    u = d.unit
    if d.action == "make_ready":
        u.ready = True
        _mark(st, u, "ready")
    elif d.action == "aim":
        u.aimed = True
        _mark(st, u, "aimed")
    elif d.action == "store_power":
        u.power += 1
        _mark(st, u, "power", power=u.power)
    elif d.action == "regroup":
        u.morale_tokens = max(0, u.morale_tokens - 1)
        _mark(st, u, "regroup", tokens=u.morale_tokens)
    elif d.action == "deploy_palisades":
        u.palisade = (u.x, u.y)
        _mark(st, u, "palisades")
    elif d.action == "rally" and morale_test(st, u, "rally"):
        u.broken = False
        st.log.emit("rallied", who=u.name)


def _break(st: RaidersState, u: Unit, cause: str) -> None:
    if not u.broken:
        u.broken = True
        u.ready = u.aimed = False
        st.log.emit("broken", who=u.name, cause=cause)


def _moved(st: RaidersState, u: Unit, action: str) -> None:
    """Markers lost by moving (raiders.action.make_ready, raiders.ability.rangers) and
    palisades left behind (raiders.ability.palisades)."""
    keeps_ready = u.has("rangers") and action in ("move", "run")
    if not keeps_ready:
        u.ready = False
    u.aimed = False
    if u.palisade is not None and not u.palisade_lost and u.palisade != (u.x, u.y):
        u.palisade_lost = True
        st.log.emit("palisades_lost", who=u.name)


def _bonus(gap: float, move: int) -> bool:
    """The charge / defend bonus: more than half a standard move away at declaration."""
    return gap > move / 2


def resolve(st: RaidersState, act: Declared, react: Declared | None) -> Steps:
    """Resolve ``act`` and ``react`` simultaneously (see the module docstring)."""
    u = act.unit
    if react is not None:
        react.unit.fatigue += 1
    target = act.target
    declared_gap = st.gap(u, target) if target is not None and target.on_table else 0.0

    # 2. A charge on a unit that does not answer it.
    if act.action == "charge" and target is not None and (react is None or react.unit is not target):
        if target.fatigued and not target.broken:
            _break(st, target, "charged at its fatigue limit")
        else:
            _break(st, target, "charged and did not react" if not target.broken else "charged")
        flee(st, target, u)
        if target.on_table:
            charge_move(st, u, target, u.move, "charge")
        else:
            st.log.emit("charge_empty", who=u.name)
        _moved(st, u, "charge")
        if react is not None:  # an independent answer by another unit (not possible here)
            _simple(st, react)
        return

    # 3. Morale tests, all at once.
    testers: list[tuple[Declared | None, Unit, str]] = []
    if (st.options.morale_trigger == "targeted" and target is not None
            and target.side != u.side and target.at_half_strength):
        testers.append((react if react is not None and react.unit is target else None, target,
                        f"targeted by {u.name}"))
    if react is not None and react.target is u and u.at_half_strength:
        testers.append((act, u, f"targeted by {react.unit.name}'s reaction"))
    fleeing: list[tuple[Unit, Unit]] = []
    for part, unit, cause in testers:
        if not morale_test(st, unit, cause):
            _break(st, unit, "failed a morale test")
            if part is not None:
                part.failed = True
            charged = act.action == "charge" and unit is target
            counter_charged = react is not None and react.action == "counter_charge" and unit is u
            if charged or counter_charged:
                fleeing.append((unit, react.unit if unit is u and react is not None else u))
    for unit, cause_unit in fleeing:
        flee(st, unit, cause_unit)

    strength = {x.uid: x.figures for x in st.units}
    live_act = not act.failed and (u.on_table or act.entering)
    live_react = react is not None and not react.failed and react.unit.on_table

    # 4. Movement: the reaction's, then the action's, then charges.
    moved: list[tuple[Unit, str]] = []
    if live_react and react is not None and react.action in ("move", "run") and react.point:
        v = react.unit
        move_unit(st, v, react.point, v.move if react.action == "move" else v.run, react.action)
        moved.append((v, react.action))
    if live_act and act.action in ("move", "run") and act.point is not None:
        allowance = u.move if act.action == "move" else u.run
        if act.entering:
            enter_table(st, u, act.point, allowance, act.action)
        else:
            move_unit(st, u, act.point, allowance, act.action)
        if u.on_table:  # an entering unit finds no room when an enemy has just moved there
            moved.append((u, act.action))

    fight: tuple[Fighter, Fighter] | None = None
    if act.action == "charge" and target is not None and react is not None:
        r_role = react.action if react.action in ("counter_charge", "defend", "shield_wall") else "fight"
        contact = False
        meeting = live_react and react.action == "counter_charge"
        if live_act and target.on_table and meeting:
            # They meet part-way: each covers its share of the gap, up to its own move.
            share = max(0.0, declared_gap) * u.move / max(1, u.move + target.move)
            contact = charge_move(st, u, target, min(u.move, share), "charge")
            if not contact:
                contact = charge_move(st, target, u, target.move, "counter_charge")
                moved.append((target, "counter_charge"))
            if not contact and u.move > share:
                contact = charge_move(st, u, target, u.move - share, "charge")
            moved.append((u, "charge"))
        elif live_act and target.on_table:
            contact = charge_move(st, u, target, u.move, "charge")
            moved.append((u, "charge"))
        elif meeting and target.on_table and u.on_table:
            charge_move(st, target, u, target.move, "counter_charge")
            moved.append((target, "counter_charge"))
        if contact and live_act and not u.broken and not target.broken:
            fight = (
                Fighter(u, strength[u.uid], "charge", _bonus(declared_gap, u.move)),
                Fighter(target, strength[target.uid], r_role if live_react else "fight",
                        _bonus(declared_gap, target.move if r_role == "counter_charge" else u.move)),
            )
    elif live_react and react is not None and react.action == "charge" and u.on_table:
        v = react.unit
        gap = st.gap(v, u)
        if charge_move(st, v, u, v.move, "charge") and not u.broken:
            fight = (Fighter(v, strength[v.uid], "charge", _bonus(gap, v.move)),
                     Fighter(u, strength[u.uid], "fight", False))
        moved.append((v, "charge"))

    # 5. Shots, spells and combat.
    wounds: dict[int, int] = {}
    sources: dict[int, tuple[str, Unit]] = {}
    attacked: set[int] = set()
    effect: Callable[[], None] | None = None

    def wound(victim: Unit, n: int, cause: str, by: Unit) -> None:
        wounds[victim.uid] = wounds.get(victim.uid, 0) + n
        sources.setdefault(victim.uid, (cause, by))
        attacked.add(victim.uid)

    for part, live in ((act, live_act), (react, live_react)):
        if part is None or not live or part.action != "shoot" or part.target is None:
            continue
        shooter, victim = part.unit, part.target
        if not (victim.on_table and shooter.on_table):
            continue
        if (st.leader_distance(shooter, victim) > (shooter.profile.ranged_range or 0)
                or not line_of_sight(st, shooter, victim)):
            st.log.emit("no_shot", who=shooter.name, target=victim.name)
            continue
        other = react if part is act else act
        answer = other.action if other is not None and other.unit is victim and not other.failed else None
        running = answer == "run" or (other is not None and other.unit is victim and other.action == "run")
        n = shoot(st, shooter, strength[shooter.uid], victim, answer, running)
        wound(victim, n, f"shot by {shooter.name}", shooter)

    if live_act and act.action == "cast_spell" and act.spell is not None and target is not None:
        countered = react if live_react and react is not None and react.action == "counter_spell" else None
        n, effect = cast_spell(st, u, act.spell, target, act.power,
                               countered.unit if countered else None,
                               countered.power if countered else 0)
        if n:
            wound(target, n, f"{act.spell.name} from {u.name}", u)
        elif act.spell.effect == "hits":
            attacked.add(target.uid)

    fought: list[Unit] = []
    if fight is not None:
        a, b = fight
        on_a, on_b = yield from _fight(st, a, b)
        wound(a.unit, on_a, f"combat with {b.unit.name}", b.unit)
        wound(b.unit, on_b, f"combat with {a.unit.name}", a.unit)
        fought = [a.unit, b.unit]

    # 6. Casualties together, then the other effects.
    for uid, n in wounds.items():
        cause, by = sources[uid]
        apply_wounds(st, st.by_uid(uid), n, cause, by)
    if effect is not None:
        effect()

    # Independent actions that change only the unit itself.
    for part, live in ((act, live_act), (react, live_react)):
        if part is not None and live:
            _simple(st, part)

    # 7. Markers.
    for unit, how in moved:
        _moved(st, unit, how)
    for uid in attacked:
        victim = st.by_uid(uid)
        victim.ready = victim.aimed = False

    # 8. Combat fatigue.
    for unit in fought:
        if unit.on_table:
            unit.fatigue += 1


def _fight(st: RaidersState, a: Fighter, b: Fighter) -> Generator[Pending, Any, tuple[int, int]]:
    result: tuple[int, int] = yield from combat_round(st, a, b)
    return result
