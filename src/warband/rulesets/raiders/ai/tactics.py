"""Cheap evaluations the Raiders AI builds on, all in silver (the units' cost): what a shot, a
round of combat, a spell or a position is worth, from the exact dice mechanics.

* A wound is worth the unit's silver divided by its total HP; a figure its silver divided by
  its strength; breaking a unit half its silver, destroying it all of it (the house points).
* Combat: the value of the secret split game (:mod:`~warband.rulesets.raiders.splits`,
  casualties weighted by silver per figure) for the roles the units would fight in.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from math import hypot

from warband.core.values import rounded
from warband.rulesets.raiders.mechanics import Casting, MagicMissile, MoraleTest, Volley
from warband.rulesets.raiders.rules.combat import Fighter, combat_side
from warband.rulesets.raiders.rules.magic import acolytes
from warband.rulesets.raiders.rules.measure import in_cover, line_of_sight
from warband.rulesets.raiders.rules.morale import morale_value
from warband.rulesets.raiders.rules.shooting import aim_bonus
from warband.rulesets.raiders.splits import (
    CombatSide,
    expected_payoff,
    payoff_column,
    solve_value,
    split_range,
)
from warband.rulesets.raiders.state import RaidersReader, Unit

__all__ = [
    "break_chance",
    "can_charge",
    "combat_ceiling",
    "combat_value",
    "expected_power",
    "fight_sides",
    "figure_value",
    "missile_value",
    "quick_combat_value",
    "shot_value",
    "split_ceiling",
    "split_value",
    "threat_to",
    "wound_value",
]


def wound_value(u: Unit) -> float:
    return u.profile.cost / (u.size * u.profile.hp)


def figure_value(u: Unit) -> float:
    return u.profile.cost / u.size


def break_chance(view: RaidersReader, u: Unit) -> float:
    """Chance that ``u`` fails a morale test now (0 if it would not have to test)."""
    if not u.at_half_strength:
        return 0.0
    value, _ = morale_value(view, u)
    return float(MoraleTest(value, u.morale_tokens).fail_chance())


def _weighted(side: CombatSide, u: Unit) -> CombatSide:
    return CombatSide(side.pool, side.attack_skill, side.defence_bonus, side.strength,
                      side.armour, side.min_defence, side.shield_wall, side.figures, side.hp,
                      side.carried, rounded(figure_value(u), 3))


def fight_sides(view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
                b_bonus: bool) -> tuple[CombatSide, CombatSide]:
    """Both sides of a round of A against B in these roles, casualties weighted by silver per
    figure."""
    sa, _ = combat_side(view, Fighter(a, a.figures, a_role, a_bonus))
    sb, _ = combat_side(view, Fighter(b, b.figures, b_role, b_bonus))
    return _weighted(sa, a), _weighted(sb, b)


def split_value(a: CombatSide, b: CombatSide) -> float:
    """A's expected gain in silver from one round against B (the split game's value:
    :func:`~warband.rulesets.raiders.splits.solve_value`, the value without the strategies,
    which only the split itself samples)."""
    if a.pool == 0 and b.pool == 0:
        return 0.0
    return solve_value(a, b, "casualties")


def combat_value(view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
                 b_bonus: bool) -> float:
    """A's expected gain in silver from one round against B (the split game's value)."""
    return split_value(*fight_sides(view, a, a_role, a_bonus, b, b_role, b_bonus))


#: slack over a column's best entry for the linear program's rounding
CEILING_SLACK = 1e-6


@lru_cache(maxsize=4096)
def split_ceiling(a: CombatSide, b: CombatSide) -> float:
    """A value :func:`split_value` never exceeds, without the linear program: whatever mixed
    split A plays, B may attack with every die it can, and A's payoff against that one split is
    at most A's best reply to it (one column of the payoff matrix), plus a little slack."""
    if a.pool == 0 and b.pool == 0:
        return 0.0
    # (each entry is expected_payoff(a, i, b, j, "casualties") for A's splits i, in order)
    column = max(payoff_column(a, b, max(split_range(b)), "casualties"))
    return column + CEILING_SLACK * (1.0 + abs(column))


def combat_ceiling(view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
                   b_bonus: bool) -> float:
    """A value :func:`combat_value` of the same round never exceeds (:func:`split_ceiling`)."""
    return split_ceiling(*fight_sides(view, a, a_role, a_bonus, b, b_role, b_bonus))


def quick_combat_value(view: RaidersReader, a: Unit, a_role: str, a_bonus: bool, b: Unit, b_role: str,
                       b_bonus: bool) -> float:
    """A cheap estimate of :func:`combat_value` for scoring positions: the payoff when both
    sides attack with every die they may (no linear program)."""
    wa, wb = fight_sides(view, a, a_role, a_bonus, b, b_role, b_bonus)
    return expected_payoff(wa, max(split_range(wa)), wb, max(split_range(wb)), "casualties")


def shot_value(view: RaidersReader, shooter: Unit, target: Unit, reaction: str | None = None,
               aimed: bool | None = None) -> float:
    """Expected silver of wounds from one volley of ``shooter`` at ``target``."""
    tg = target.profile.target
    if in_cover(view, shooter, target):
        tg += view.options.cover_bonus
    if reaction == "go_to_ground":
        tg += 2
    elif reaction == "shield_wall_shooting":
        tg += 3
    if target.behind_palisade:
        tg += 2
    bonus = aim_bonus(view, shooter) if aimed is None else (
        (3 if shooter.has("rangers") else 2) if aimed else 0)
    wounds = _wound_chance(tg, target.profile.armour, bonus) * shooter.figures
    return wounds * wound_value(target)


# The small pure tables below keep their answers in plain dicts, not behind ``lru_cache``
# (compiled code calls an ``lru_cache`` wrapper as a generic Python object; see
# ``splits._MEMO_LIMIT``); each is emptied when full, which never changes an answer.
_WOUND_CHANCES: dict[tuple[int, int, int], float] = {}
_EXPECTED_LEVELS: dict[tuple[int, int, int, int, int, int], float] = {}
_MISSILE_WOUNDS: dict[tuple[int, int], float] = {}
#: the most answers each of these dicts keeps
_TABLE_LIMIT = 4096


def _wound_chance(target: int, armour: int, bonus: int) -> float:
    """The chance that one die of a volley wounds (exact, then as a float): a handful of
    values the AI asks for thousands of times."""
    key = (target, armour, bonus)
    chance = _WOUND_CHANCES.get(key)
    if chance is None:
        if len(_WOUND_CHANCES) >= _TABLE_LIMIT:
            _WOUND_CHANCES.clear()
        volley = Volley(1, target, armour, bonus)
        chance = _WOUND_CHANCES[key] = float(volley.hit_chance * volley.wound_chance)
    return chance


def best_shot_reaction(target: Unit) -> str:
    return "shield_wall_shooting" if target.has("shield-wall-shooting") else "go_to_ground"


def expected_power(caster: Unit, power: int, needed: int, counter: Unit | None,
                   counter_power: int, max_level: int) -> float:
    return _expected_level(1 + power, needed, (1 + counter_power) if counter is not None else 0,
                           acolytes(caster), acolytes(counter) if counter is not None else 0,
                           max_level)


def _expected_level(dice: int, needed: int, counter_dice: int, caster_acolytes: int,
                    counter_acolytes: int, max_level: int) -> float:
    """The expected power level of a casting, capped at the spell's highest level (exact,
    then as a float)."""
    key = (dice, needed, counter_dice, caster_acolytes, counter_acolytes, max_level)
    level = _EXPECTED_LEVELS.get(key)
    if level is None:
        if len(_EXPECTED_LEVELS) >= _TABLE_LIMIT:
            _EXPECTED_LEVELS.clear()
        mech = Casting(dice, needed, counter_dice, caster_acolytes, counter_acolytes)
        level = _EXPECTED_LEVELS[key] = float(
            sum(min(k, max_level) * p for k, p in mech.distribution().items()))
    return level


def missile_value(level: float, target: Unit) -> float:
    if level <= 0:
        return 0.0
    lo = max(1, math.floor(level))
    w = _missile_wounds(lo, target.profile.armour)
    return w * (level / lo) * wound_value(target)


def _missile_wounds(level: int, armour: int) -> float:
    """Expected wounds of a Magic Missile of power ``level`` on ``armour`` (exact, as a float)."""
    key = (level, armour)
    wounds = _MISSILE_WOUNDS.get(key)
    if wounds is None:
        if len(_MISSILE_WOUNDS) >= _TABLE_LIMIT:
            _MISSILE_WOUNDS.clear()
        wounds = _MISSILE_WOUNDS[key] = float(
            sum(k * p for k, p in MagicMissile(level, armour).distribution().items()))
    return wounds


def can_charge(view: RaidersReader, e: Unit, x: float, y: float, radius: float, slack: float = 0.5) -> bool:
    """Could enemy ``e`` reach a unit of footprint ``radius`` standing at (x, y)?"""
    gap = hypot(e.x - x, e.y - y) - e.radius - radius
    return gap <= e.move + slack


def threat_to(view: RaidersReader, u: Unit, x: float, y: float,
              fight: Callable[[Unit, Unit], float] | None = None) -> float:
    """Silver ``u`` could lose to enemy charges and shots if it stood at (x, y).
    ``fight(u, e)``: u's value when charged by e (default: :func:`combat_value`)."""
    worst = 0.0
    shots = 0.0
    for e in view.enemies_of(u):
        if e.broken or e.fatigued:
            continue
        if can_charge(view, e, x, y, u.radius):
            value = (fight(u, e) if fight is not None
                     else combat_value(view, u, "fight", False, e, "charge", True))
            worst = max(worst, -value)
        rng = e.profile.ranged_range
        if rng is not None and hypot(e.x - x, e.y - y) <= rng + (0 if e.ready else -2):
            shots += shot_value(view, e, u, best_shot_reaction(u)) * (1.0 if e.ready else 0.5)
    return max(0.0, worst) + shots


def sees(view: RaidersReader, a: Unit, b: Unit) -> bool:
    return bool(line_of_sight(view, a, b))
