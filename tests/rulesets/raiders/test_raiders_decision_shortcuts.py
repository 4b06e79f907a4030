"""The Raiders heuristic's per-decision shortcuts (issue 16, session 9) against the plain code
they stand for, at every activation of seeded games: each fails if its shortcut is broken
(docs/performance.md, Raiders, "Issue 16, session 9")."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs
from raiders_helpers import combat_sides, play_checking

from warband.rulesets.raiders.ai import heuristic as H
from warband.rulesets.raiders.ai.heuristic import (
    PASS_BELOW,
    SHORTLIST,
    HeuristicController,
    KeptAcrossGames,
    Plan,
    QuickHeuristicController,
    in_reach,
)
from warband.rulesets.raiders.ai.tactics import (
    CEILING_SLACK,
    can_charge,
    combat_ceiling,
    expected_power,
    shot_value,
    split_ceiling,
)
from warband.rulesets.raiders.catalogue import catalogue
from warband.rulesets.raiders.choices import Activate
from warband.rulesets.raiders.mechanics import MoraleTest
from warband.rulesets.raiders.models import SpellEffect
from warband.rulesets.raiders.rules import movement
from warband.rulesets.raiders.rules.actions import actions_for
from warband.rulesets.raiders.rules.magic import counter_spellers, spell_targets
from warband.rulesets.raiders.rules.morale import morale_value
from warband.rulesets.raiders.rules.movement import move_candidates, move_menu
from warband.rulesets.raiders.splits import (
    CombatSide,
    expected_payoff,
    payoff_column,
    payoff_matrix,
    split_range,
)
from warband.rulesets.raiders.state import RaidersReader, Unit

#: the two scenarios, each with a seed that plays Moves, Runs, charges and spells
GAMES = ((4, {"scenario": "meeting-engagement"}), (6, {"scenario": "battle-lines"}))


def _offered(view: RaidersReader, decision: Any) -> list[Unit]:
    return [view.by_uid(o.uid) for o in decision.options if isinstance(o, Activate)]


Check = Callable[[RaidersReader, int, Any, Any], None]


def _in_both_scenarios(check: Check, switched: dict[str, object] | None = None,
                       controller: Callable[[], HeuristicController] = HeuristicController,
                       ) -> None:
    """Play a seeded heuristic game in each scenario (with the options ``switched``), calling
    ``check(view, player, decision, controller)`` at each activation once the controller has
    answered it (its per-decision tables filled as the game uses them). ``controller``: makes
    each side's heuristic."""

    def at_activation(game: Any, player: int, decision: Any, ctl: Any) -> bool:
        if decision.kind != "activate":
            return False
        view: RaidersReader = game.view(player)
        ctl.decide(view, decision, None)
        check(view, player, decision, ctl)
        return True

    for seed, options in GAMES:
        assert play_checking(seed, at_activation, {**options, **(switched or {})},
                             controller) > 20


def plain_position(fresh: HeuristicController, view: RaidersReader, u: Unit, x: float,
                   y: float) -> float:
    """How good it is for ``u`` to stand at (x, y) (the heuristic's position score), written
    as before the shortcuts: one loop whether ``u`` fights at range or not, ``max`` for each
    best, worst and floor at 0, over the threat field of ``fresh`` (a controller that has
    seen nothing)."""
    field = fresh._field(view, u)
    if not field:
        return -abs(y - view.edge_y(1 - u.side)) * 0.4 - abs(x - view.table.width / 2) * 0.05
    ranged, reach_u, move, lead = fresh._own(view, u)
    worst = shots = 0.0
    best = -math.inf
    for ex, ey, reach, charge_loss, shoot_reach, shot_loss, lure, radii in field:
        d = math.hypot(ex - x, ey - y)
        if d <= reach:
            worst = max(worst, charge_loss)
        if d <= shoot_reach:
            shots += shot_loss
        if ranged:
            value = lure if d <= reach_u else lure - 0.6 * (d - reach_u)
        else:
            value = lure - 0.8 * max(0.0, d - radii - move)
        best = max(best, value)
    if ranged:
        return best - (worst + shots) * 0.9
    spread = 0.0
    if lead is not None:
        spread = 0.1 * max(0.0, math.hypot(lead[0] - x, lead[1] - y) - 11)
    return best - (worst + shots) * 0.5 - spread


def plain_move_plans(view: RaidersReader, u: Unit, action: str, tire: float) -> list[Plan]:
    """The heuristic's Move/Run plans of a unit on the table written plainly, as before the
    shortcuts: the rules' menu as choices, every score by :func:`plain_position` over the
    field of a controller that has seen nothing, the real moves by :meth:`Table.move` with
    the units in reach."""
    fresh = HeuristicController(KeptAcrossGames())
    allowance = float(u.move if action == "move" else u.run)
    here = plain_position(fresh, view, u, u.x, u.y)
    penalty = 0.3 if action == "run" else 0.0
    if u.ready and not u.has("rangers"):
        penalty += 2.0
    if u.behind_palisade:
        penalty += 4.0
    menu = move_candidates(view, u, allowance)
    scores = [plain_position(fresh, view, u, *H._toward(u, p.x, p.y, allowance)) for p in menu]
    rough = sorted(zip(scores, menu, strict=True), key=lambda item: -item[0])
    near = in_reach(view, u, (u.x, u.y), allowance)
    out = []
    for _, p in rough[:SHORTLIST]:
        end = view.table.move((u.x, u.y), (p.x, p.y), u.radius, allowance, near)
        if end.travelled < 0.5:
            continue
        gain = plain_position(fresh, view, u, end.x, end.y) - here - penalty
        out.append(Plan(gain - tire, u.uid, action, point=(p.x, p.y),
                        reason=f"{action} {p.label}".strip()))
    return out


def unkept_move_menu(view: RaidersReader, u: Unit, allowance: float) -> tuple[Any, ...]:
    """:func:`move_menu` worked out with none of the table's memos (the menus and the
    reachable ends kept across activations and games), from the nearest four enemies by
    :meth:`leader_distance` and the Lead Retinue if more than 10" away: the reference for the
    kept one."""
    enemies = sorted(view.enemies_of(u), key=lambda e: view.leader_distance(u, e))[:4]
    lead = view.lead_retinue(u.side)
    if lead is None or lead is u or view.leader_distance(u, lead) <= 10:
        lead = None
    table = view.table
    kept = table._memos
    table._memos = {}
    try:
        return tuple([(end.x, end.y, end.label)
                      for end in movement._move_menu(view, u, allowance, enemies, lead)])
    finally:
        table._memos = kept


def _move_plans_are_plain(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    for u in _offered(view, decision):
        if not u.deployed:
            continue
        for action in ("move", "run"):
            if action in actions_for(view, u):
                tire = ctl._tire(view, u, 1)
                allowance = float(u.move if action == "move" else u.run)
                menu = move_menu(view, u, allowance)
                assert menu == unkept_move_menu(view, u, allowance)
                assert [(p.x, p.y, p.label) for p in move_candidates(view, u, allowance)] == list(menu)
                assert ctl._move_plans(view, u, action, tire) == plain_move_plans(
                    view, u, action, tire)


def test_raiders_action_move_plans_are_the_plain_ones() -> None:
    """raiders.action.move / raiders.action.run: the Move/Run menu kept on the table is the one
    worked out afresh, and the rules' choices are its ends; the heuristic's Move and Run plans
    (the menu read as plain tuples, a shortlisted end that is its rough point scored once, the position
    score in one loop for units that fight at range and one for the others) are those of the
    plain code, for every unit offered at every activation of a game in each scenario (fails
    if a rough score is reused for an end elsewhere, or either loop of the score differs from
    the plain one, or the kept menu's key leaves out an input)."""
    _in_both_scenarios(_move_plans_are_plain)


def _fields_and_keys_are_fresh(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    fresh = HeuristicController(KeptAcrossGames())
    units = [u for u in view.units if not u.destroyed]
    for u in units:
        if u.side == player:
            assert ctl._field(view, u) == fresh._field(view, u)
        for e in units:
            for roles in (("charge", True, "fight", False), ("defend", False, "charge", True)):
                a_role, a_bonus, b_role, b_bonus = roles
                plain_key = (H._fighting_state(u), a_role, a_bonus, H._fighting_state(e), b_role,
                             b_bonus, view.options.impetus_needs_bonus)
                assert ctl._fight_key(view, u, a_role, a_bonus, e, b_role, b_bonus) == plain_key


def test_raiders_combat_threat_fields_and_fight_keys_are_a_fresh_controllers() -> None:
    """raiders.action.charge / raiders.action.shoot / raiders.combat.allocate: the threat
    field a controller builds from entries kept across decisions (checked by the numbers of
    the states they read) is the one a controller that has seen nothing builds, and a fight's
    key from the fighting states kept for the decision is the plain key, at every activation
    of a game in each scenario (fails if a state read is left out of its number, or a kept
    fighting state outlives its decision)."""
    _in_both_scenarios(_fields_and_keys_are_fresh)


def _best_is_every_plans(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    units = _offered(view, decision)
    best = ctl._best_of(view, units)
    fresh = type(ctl)(KeptAcrossGames())  # (the full heuristic's or the quick one's plans)
    every: list[Plan] = []
    for u in units:
        for action in actions_for(view, u):
            every.extend(fresh._plans_for(view, u, action, 1))
    top = max(every, key=lambda p: p.value, default=None)
    if top is None or top.value < PASS_BELOW:
        assert best is None or best.value < PASS_BELOW
    else:
        assert best == top


def test_raiders_turn_activation_choice_is_the_best_of_every_plan() -> None:
    """raiders.turn.activation: the unit and plan the heuristic picks (charges and moves
    weighed under their ceilings, floors and the pick as loops of comparisons) is the first
    of the most valuable of every plan of every unit offered, weighed plainly, or a pass
    when none is worth :data:`PASS_BELOW`, at every activation of a game in each scenario
    (fails if the pick takes a later plan of equal
    value, or a floor rises past a plan that was not weighed)."""
    _in_both_scenarios(_best_is_every_plans)


def _charge_tops_are_fresh(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    on = [u for u in view.units if u.on_table]
    for u in on:
        for t in on:
            if u.side != player or t.side == player:
                continue
            gap = view.gap(u, t)
            bonus = gap > u.move / 2
            roles = [("fight", False), ("counter_charge", gap > t.move / 2), ("defend", bonus)]
            if t.has("shield-wall-combat"):
                roles.append(("shield_wall", False))
            assert ctl._charge_top(view, u, t, bonus, roles) == min(
                combat_ceiling(view, u, "charge", bonus, t, role, b_bonus)
                for role, b_bonus in roles)


def test_raiders_action_charge_kept_ceilings_are_the_fresh_ones() -> None:
    """raiders.action.charge / raiders.combat.allocate: a charge's lowest ceiling over the
    target's answers, kept across decisions and games under the fighting states, both charge
    bonuses and the Impetus option, is the lowest :func:`combat_ceiling` of the units as they
    stand, at every activation of a game in each scenario, and again in games with Impetus
    switched after the default games filled the kept values (fails if a bonus or the option
    is left out of the key)."""
    _in_both_scenarios(_charge_tops_are_fresh)
    _in_both_scenarios(_charge_tops_are_fresh, {"impetus_needs_bonus": False})


def plain_spell_candidates(view: RaidersReader, caster: Unit, spell: Any) -> list[Unit]:
    """The units a spell of ``caster`` could do some good on, written plainly from the rules'
    targets (:func:`spell_targets`: on the table, in range by :meth:`leader_distance`, in
    sight): enemies for a spell that hits or tires, friends otherwise; a heal only for a unit
    with wounds or losses this turn, a refresh only near the fatigue limit; none for a
    Movement spell."""
    effect = spell.effect
    if effect is SpellEffect.MOVEMENT:
        return []
    hostile = effect in (SpellEffect.HITS, SpellEffect.ADD_FATIGUE)
    return [t for t in spell_targets(view, caster, spell)
            if (t.side != caster.side) == hostile
            and not (effect is SpellEffect.HEAL and not (t.wounds or t.lost_this_turn))
            and not (effect is SpellEffect.REMOVE_FATIGUE and t.fatigue < t.profile.fatigue - 2)]


def worth_something(view: RaidersReader, caster: Unit, spell: Any, t: Unit) -> bool:
    """Could ``spell`` be worth anything on ``t`` at some power level (the heuristic's spell
    value, written plainly): not Energy (Drain) on a broken unit, not Combat Prowess on a unit
    no enemy could charge where it stands."""
    if spell.effect is SpellEffect.ADD_FATIGUE and t.broken:
        return False
    if spell.effect is SpellEffect.COMBAT_DICE:
        return any(can_charge(view, e, t.x, t.y, t.radius) for e in view.enemies_of(t))
    return True


def plain_spell_plans(view: RaidersReader, caster: Unit, tire: float) -> list[Plan]:
    """The heuristic's Cast Spell plans written plainly: every spell of ``caster`` on every
    unit of :func:`plain_spell_candidates` (no unit left out for being worth nothing), the
    counter-speller with the most power among the rules' :func:`counter_spellers`, both power
    levels, Combat Prowess worth its level only on a friend an enemy could charge, the other
    values the heuristic's (of a controller that has seen nothing); plans worth nothing
    dropped."""
    fresh = HeuristicController(KeptAcrossGames())
    out = []
    for sid in caster.profile.spells:
        spell = view.spells[sid]
        for t in plain_spell_candidates(view, caster, spell):
            counter = max(counter_spellers(view, caster, t), key=lambda c: c.power, default=None)
            for power in sorted({0, caster.power}):
                level = expected_power(caster, power, spell.difficulty + t.profile.mr, counter,
                                       counter.power if counter else 0, spell.max_level)
                if spell.effect is SpellEffect.COMBAT_DICE:
                    threatened = any(can_charge(view, e, t.x, t.y, t.radius)
                                     for e in view.enemies_of(t))
                    worth = 2.0 * level if t.side == caster.side and threatened else 0.0
                else:
                    worth = fresh._spell_value(view, caster, spell, t, level)
                value = worth - power * H.POWER_TOKEN
                if value > 0:
                    out.append(Plan(value - tire, caster.uid, "cast_spell", t.uid, spell=sid,
                                    power=power, reason=f"cast {spell.name} on {t.name}"))
    return out


def _spell_plans_are_plain(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    for caster in view.units:
        if caster.on_table and caster.profile.magic_user:
            assert ctl._spell_plans(view, caster, 0.25) == plain_spell_plans(view, caster, 0.25)


def test_raiders_action_cast_spell_units_worth_nothing_skipped_before_sight() -> None:
    """raiders.action.cast_spell / raiders.spell.energy_drain / raiders.spell.combat_prowess:
    the heuristic's spell plans, which leave out before their sight test the units a spell
    is worth nothing on (Energy (Drain) on a broken enemy, Combat Prowess on a friend no
    enemy can charge), are the plans of every spell on every unit in range and sight, for
    every caster on the table at every activation of a game in each scenario, for both
    heuristics (fails if a unit worth something is left out: Energy (Drain) on an unbroken
    enemy, or a threatened friend for Combat Prowess)."""
    _in_both_scenarios(_spell_plans_are_plain)
    _in_both_scenarios(_spell_plans_are_plain, controller=QuickHeuristicController)


def plain_quiet_plans(view: RaidersReader, u: Unit, action: str, tire: float) -> list[Plan]:
    """The heuristic's plan for an action that is neither a move, a charge, a volley nor a
    spell, written as before the shortcut: the action's value as a reaction
    (:meth:`~HeuristicController._quiet_value`), replaced by its own value for Make Ready,
    Store Power, Rally, Regroup and Deploy Palisades."""
    fresh = HeuristicController(KeptAcrossGames())
    value = fresh._quiet_value(view, u, action)
    if action == "make_ready":
        value = 0.8 * max((shot_value(view, u, e) for e in view.enemies_of(u)
                           if math.hypot(e.x - u.x, e.y - u.y)
                           <= (u.profile.ranged_range or 0) + 6), default=0.0)
    elif action == "store_power":
        value = H.POWER_TOKEN if u.power < 3 else 0.3
    elif action == "rally":
        mv, _ = morale_value(view, u)
        value = float(1 - MoraleTest(mv, u.morale_tokens).fail_chance()) * u.profile.cost * 0.5
        return [Plan(value, u.uid, action, reason="rally")]
    elif action == "regroup":
        value = (2.0 + u.morale_tokens) if u.at_half_strength or u.broken else 0.4
    elif action == "deploy_palisades":
        near = any(math.hypot(e.x - u.x, e.y - u.y) <= 14 for e in view.enemies_of(u))
        value = 6.0 if near else 0.0
    return [Plan(value - tire, u.uid, action, reason=action.replace("_", " "))]


def _quiet_plans_are_plain(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    for u in _offered(view, decision):
        for action in actions_for(view, u):
            if action not in ("move", "run", "charge", "shoot", "cast_spell"):
                tire = ctl._tire(view, u, 1)
                assert ctl._plans_for(view, u, action, 1) == plain_quiet_plans(view, u, action,
                                                                               tire)


def test_raiders_action_quiet_plans_value_each_action_once() -> None:
    """raiders.action.make_ready / raiders.action.aim / raiders.action.store_power /
    raiders.action.rally / raiders.action.regroup: the heuristic's plan for each action that
    is neither a move, a charge, a volley nor a spell, now valued once (its value as a
    reaction no longer worked out to be replaced), is the plain plan, for every unit offered
    at every activation of a game in each scenario, for both heuristics (fails if Aim's
    value as a reaction is dropped, or another action's own value replaced by it)."""
    _in_both_scenarios(_quiet_plans_are_plain)
    _in_both_scenarios(_quiet_plans_are_plain, controller=QuickHeuristicController)


def _counters_are_plain(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    sees = ctl._sees(view)
    on = [u for u in view.units if u.on_table]
    for caster in on:
        if caster.profile.magic_user:
            for t in on:
                assert counter_spellers(view, caster, t, sees) == counter_spellers(view, caster, t)
            for sid in caster.profile.spells:
                spell = view.spells[sid]
                assert (ctl._spell_candidates(view, caster, spell, {})
                        == [t for t in plain_spell_candidates(view, caster, spell)
                            if worth_something(view, caster, spell, t)])


def test_raiders_action_counter_spell_with_sight_kept_for_the_decision() -> None:
    """raiders.action.counter_spell / raiders.magic.choose_spell_and_target: the
    counter-spellers the heuristic finds with each (viewer, unit) sight kept for the decision
    are those the rules find, for every caster and unit on the table at every activation
    (fails if the kept sight is keyed on one unit of the pair only, or kept across
    decisions), and the units each spell of each caster is weighed on are the rules' targets
    it could do some good on (fails if the inline range or on-the-table test differs, or the
    test of what a spell is worth on a unit)."""
    _in_both_scenarios(_counters_are_plain)


@settings(max_examples=200, deadline=None)
@given(a=combat_sides, b=combat_sides, metric=hs.sampled_from(["wounds", "casualties"]))
def test_raiders_combat_allocate_payoff_column_and_ceiling(a: CombatSide, b: CombatSide,
                                                           metric: Any) -> None:
    """raiders.combat.allocate: a payoff column is that column of the payoff matrix, entry
    for entry :func:`expected_payoff`, and the split game's ceiling is A's best reply to B
    attacking with every die plus the slack, as before (fails if the column is another
    column, or its entries another row's)."""
    matrix = payoff_matrix(a, b, metric)
    for k, j in enumerate(split_range(b)):
        column = payoff_column(a, b, j, metric)
        assert column == [row[k] for row in matrix]
        assert column == [expected_payoff(a, i, b, j, metric) for i in split_range(a)]
    split_ceiling.cache_clear()
    if a.pool == 0 and b.pool == 0:
        assert split_ceiling(a, b) == 0.0
        return
    best = max(expected_payoff(a, i, b, max(split_range(b)), "casualties") for i in split_range(a))
    assert split_ceiling(a, b) == best + CEILING_SLACK * (1.0 + abs(best))


def test_raiders_combat_allocate_profile_numbers_by_identity_are_by_value() -> None:
    """raiders.combat.allocate (the heuristic's kept values key a profile by its number): the
    number found by the profile object's identity is the one its value gives: an equal
    profile made afresh shares it, a veteran's (the same id, better numbers) does not, and
    emptying the identity table changes none of them. An equal profile numbered by identity
    and then dropped does not lend its number to a different profile made where it lay (the
    identity table keeps each profile it numbers, so its id is not reused while its entry
    lasts: fails if it keeps the number alone)."""
    profile = next(iter(catalogue().profiles.values()))
    twin = dataclasses.replace(profile)
    veteran = dataclasses.replace(profile, cd=profile.cd + 1)
    assert twin is not profile and twin == profile and veteran != profile
    numbers = [H._profile_number(p) for p in (profile, twin, veteran)]
    assert numbers[0] == numbers[1] != numbers[2]
    H._NUMBERS_BY_ID.clear()
    assert [H._profile_number(p) for p in (veteran, twin, profile)] == numbers[::-1]
    for k in range(50):
        dropped = dataclasses.replace(profile)
        assert H._profile_number(dropped) == numbers[0]
        del dropped
        other = dataclasses.replace(profile, cd=profile.cd + 2 + k)
        assert H._profile_number(other) != numbers[0]
