"""Sword Marches dice mechanics, each defined once with two interpreters.

``sample(dice)`` rolls the mechanic with the game's :class:`~warband.core.dice.Dice` (the game
engine will roll with it) and returns every die; ``distribution()`` / ``probability()`` give the
exact answer as fractions (the odds engine and AIs use it). Tests check that they agree.

Only ten-sided dice are used. Every Check is opposed: each side rolls its dice, keeps the single
highest and adds its Rating; the Primary side passes on a total equal to or above the Secondary
side's (sm.check.general, sm.check.rerolls_and_multiple_dice).

Rule ids: ``sm.check.general``, ``sm.check.rerolls_and_multiple_dice``, ``sm.check.difficulty``,
``sm.check.random``, ``sm.combat.attack_defense_checks``, ``sm.combat.compare``,
``sm.combat.damage_check``, ``sm.combat.injury``, ``sm.core.wound_threshold``,
``sm.geartrait.helmet``, ``sm.geartrait.shield``, ``sm.geartrait.vicious``,
``sm.muster.armor_rating``, ``sm.cc.at_risk``, ``sm.cc.counter_attack``,
``sm.geartrait.riposte``, ``sm.orders.tactical_dice``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from warband.core.dice import Dice

__all__ = [
    "ARM_CAP",
    "INJURIES",
    "CombatAttack",
    "CombatRoll",
    "DamageCheck",
    "DamageRoll",
    "DicePool",
    "DifficultyCheck",
    "OpposedCheck",
    "OpposedRoll",
    "PoolRoll",
    "RandomCheck",
    "falling_check",
    "injury",
    "pool_max_distribution",
]

SIDES = 10
#: the most ARM a model can have; any excess is lost (sm.muster.armor_rating)
ARM_CAP = 10
#: the results of a Damage Check, mildest first (sm.combat.injury)
INJURIES = ("no_effect", "shocked", "wounded")
Injury = Literal["no_effect", "shocked", "wounded"]
ArmourMode = Literal["full", "half", "none"]


# --------------------------------------------------------------------------------- dice pools
@lru_cache(maxsize=256)
def pool_max_distribution(n: int) -> dict[int, Fraction]:
    """Exact distribution of the highest of ``n`` d10: P(max <= k) = (k/10)^n."""
    if n < 1:
        raise ValueError("a pool has at least one die")
    total = SIDES**n
    return {k: Fraction(k**n - (k - 1) ** n, total) for k in range(1, SIDES + 1)}


@dataclass(frozen=True, slots=True)
class PoolRoll:
    rolled: list[int]  # every die, in the order rolled (Tactical Die last)
    rerolled: tuple[int, int] | None  # (old, new) of the re-rolled lowest die
    kept: int  # the single highest die after any re-roll


@dataclass(frozen=True, slots=True)
class DicePool:
    """One side's dice for a Check: ``dice`` d10 plus an optional Tactical Die, all rolled
    together, highest counts (sm.check.rerolls_and_multiple_dice, sm.orders.tactical_dice).

    ``reroll_lowest``: the side may re-roll its lowest die once (Shield, Two Weapon Fighting);
    the re-roll is final and then the best of it and the other dice counts."""

    dice: int = 1
    tactical: bool = False
    reroll_lowest: bool = False

    @property
    def size(self) -> int:
        return self.dice + int(self.tactical)

    @property
    def free_reroll(self) -> bool:
        """With two or more dice, re-rolling the lowest can never lower the best die, so it is
        always taken; it then counts exactly like one more die (max of n + 1 d10)."""
        return self.reroll_lowest and self.size >= 2

    def roll(self, dice: Dice) -> list[int]:
        return dice.roll(self.size, SIDES)

    def kept_distribution(self) -> dict[int, Fraction]:
        """The highest die, counting a free re-roll (not a single die's re-roll, which depends
        on the opposing total: see :class:`OpposedCheck`)."""
        return pool_max_distribution(self.size + int(self.free_reroll))


def _reroll_lowest(dice: Dice, rolled: list[int]) -> tuple[list[int], tuple[int, int]]:
    i = rolled.index(min(rolled))
    new = dice.die(SIDES)
    final = list(rolled)
    final[i] = new
    return final, (rolled[i], new)


# --------------------------------------------------------------------------------- opposed checks
@dataclass(frozen=True, slots=True)
class OpposedRoll:
    primary: PoolRoll
    secondary: PoolRoll
    primary_total: int
    secondary_total: int

    @property
    def margin(self) -> int:
        """Primary total minus Secondary total (>= 0: the Check passes)."""
        return self.primary_total - self.secondary_total

    @property
    def passed(self) -> bool:
        return self.margin >= 0


@dataclass(frozen=True, slots=True)
class OpposedCheck:
    """An opposed Check: each side keeps its highest die and adds its Rating; the Primary passes
    on a total equal to or above the Secondary's (sm.check.general, sm.combat.compare).

    Re-rolls (sm.check.rerolls_and_multiple_dice): both pools are rolled; a pool of two or more
    dice always re-rolls its lowest die (it cannot hurt). A single die is re-rolled only when
    its side is losing (our reading: the players see both totals; a re-roll is final and may be
    worse). The Primary decides first, then the Secondary."""

    primary: DicePool
    primary_rating: int
    secondary: DicePool
    secondary_rating: int

    def sample(self, dice: Dice) -> OpposedRoll:
        p_rolled = self.primary.roll(dice)
        s_rolled = self.secondary.roll(dice)
        p_final, s_final = p_rolled, s_rolled
        p_rr: tuple[int, int] | None = None
        s_rr: tuple[int, int] | None = None
        if self.primary.free_reroll:
            p_final, p_rr = _reroll_lowest(dice, p_rolled)
        if self.secondary.free_reroll:
            s_final, s_rr = _reroll_lowest(dice, s_rolled)
        if self.primary.reroll_lowest and not self.primary.free_reroll and \
                max(p_final) + self.primary_rating < max(s_final) + self.secondary_rating:
            p_final, p_rr = _reroll_lowest(dice, p_final)
        if self.secondary.reroll_lowest and not self.secondary.free_reroll and \
                max(s_final) + self.secondary_rating <= max(p_final) + self.primary_rating:
            s_final, s_rr = _reroll_lowest(dice, s_final)
        p_total = max(p_final) + self.primary_rating
        s_total = max(s_final) + self.secondary_rating
        return OpposedRoll(PoolRoll(p_rolled, p_rr, max(p_final)),
                           PoolRoll(s_rolled, s_rr, max(s_final)), p_total, s_total)

    def margin_distribution(self) -> dict[int, Fraction]:
        """Exact distribution of (Primary total - Secondary total)."""
        return dict(_margin_distribution(self))

    def probability(self) -> Fraction:
        """Chance that the Primary side passes."""
        return sum((p for m, p in _margin_distribution(self) if m >= 0), Fraction(0))


@lru_cache(maxsize=256)
def _pool_max_ways(n: int) -> tuple[int, ...]:
    """Ways (out of 10 ** n) for the highest of ``n`` d10 to be 1, 2, ..., 10."""
    return tuple(k**n - (k - 1) ** n for k in range(1, SIDES + 1))


@lru_cache(maxsize=4096)
def _margin_distribution(check: OpposedCheck) -> tuple[tuple[int, Fraction], ...]:
    """The margin's exact distribution (from :func:`_margin_ways`)."""
    ways, total = _margin_ways(check)
    return tuple((m, Fraction(w, total)) for m, w in ways)


@lru_cache(maxsize=4096)
def _margin_ways(check: OpposedCheck) -> tuple[tuple[tuple[int, int], ...], int]:
    """Counted in integer ways: each pool's highest die out of 10 ** dice, and each single-die
    re-roll out of 10 (a side that does not re-roll is padded by 10); (margin, ways) sorted by
    margin, and the total the ways are out of."""
    pr, sr = check.primary_rating, check.secondary_rating
    p_single = check.primary.reroll_lowest and not check.primary.free_reroll
    s_single = check.secondary.reroll_lowest and not check.secondary.free_reroll
    p_dice = check.primary.size + int(check.primary.free_reroll)
    s_dice = check.secondary.size + int(check.secondary.free_reroll)
    faces = range(1, SIDES + 1)
    ways: dict[int, int] = {}
    for p, wp in zip(faces, _pool_max_ways(p_dice), strict=True):
        for s, ws in zip(faces, _pool_max_ways(s_dice), strict=True):
            w = wp * ws
            # the Primary's single die: re-rolled when losing (each new face 1 way in 10)
            losing = p_single and p + pr < s + sr
            p_outcomes = [(k, 1) for k in faces] if losing else [(p, SIDES)]
            for p2, q in p_outcomes:
                if s_single and s + sr <= p2 + pr:
                    for s2 in faces:
                        m = (p2 + pr) - (s2 + sr)
                        ways[m] = ways.get(m, 0) + w * q
                else:
                    m = (p2 + pr) - (s + sr)
                    ways[m] = ways.get(m, 0) + w * q * SIDES
    total = SIDES ** (p_dice + s_dice + 2)
    return tuple(sorted(ways.items())), total


@dataclass(frozen=True, slots=True)
class DifficultyCheck:
    """A Check against Difficulty (X): d10 + Rating against d10 + X (sm.check.difficulty);
    ``dice`` and ``tactical`` add dice to the Rating's side, highest counts."""

    rating: int
    difficulty: int
    dice: int = 1
    tactical: bool = False
    reroll_lowest: bool = False

    def check(self) -> OpposedCheck:
        return OpposedCheck(DicePool(self.dice, self.tactical, self.reroll_lowest), self.rating,
                            DicePool(1), self.difficulty)

    def sample(self, dice: Dice) -> OpposedRoll:
        return self.check().sample(dice)

    def probability(self) -> Fraction:
        return self.check().probability()


@dataclass(frozen=True, slots=True)
class RandomCheck:
    """A Random Check: two unmodified d10, the higher minus the lower, 0-9 (sm.check.random)."""

    def sample(self, dice: Dice) -> tuple[int, int, int]:
        a, b = dice.die(SIDES), dice.die(SIDES)
        return a, b, abs(a - b)

    def distribution(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for a in range(1, SIDES + 1):
            for b in range(1, SIDES + 1):
                out[abs(a - b)] = out.get(abs(a - b), Fraction(0)) + Fraction(1, SIDES**2)
        return out


# --------------------------------------------------------------------------------- damage
def injury(damage_total: int, resistance_total: int, threshold: int, helmet: bool) -> Injury:
    """The result of a Damage Check against a Resistance Check (sm.combat.injury,
    sm.core.wound_threshold, sm.geartrait.helmet): below - no effect; equal or above - Shocked
    (a Helmet turns a tie into no effect); above by the Wound Threshold or more - Wounded."""
    margin = damage_total - resistance_total
    if margin < 0 or (margin == 0 and helmet):
        return "no_effect"
    return "wounded" if margin >= threshold else "shocked"


def effective_arm(arm: int, mode: ArmourMode = "full") -> int:
    """ARM used in a Resistance Check: capped at 10 before any halving (sm.muster.armor_rating);
    ``half`` for Impact/Piercing (ARM/2, rounded down), ``none`` for Penetrating
    (sm.combat.damage_check)."""
    capped = min(max(arm, 0), ARM_CAP)
    return {"full": capped, "half": capped // 2, "none": 0}[mode]


@dataclass(frozen=True, slots=True)
class DamageRoll:
    damage_dice: list[int]
    resistance_dice: list[int]
    damage_total: int
    resistance_total: int
    result: Injury


@dataclass(frozen=True, slots=True)
class DamageCheck:
    """A Damage Check (d10 + weapon DMG + Damage Bonus) against a Resistance Check
    (d10 + CON + ARM) (sm.check.damage, sm.combat.damage_check, sm.combat.injury).

    ``damage_tactical`` / ``resistance_tactical``: a Tactical Die added to either Check."""

    damage: int
    bonus: int
    con: int
    arm: int
    threshold: int
    helmet: bool = False
    armour: ArmourMode = "full"
    damage_tactical: bool = False
    resistance_tactical: bool = False
    #: the target is Immune to a Source the Attack bears: no damage whatever the dice
    #: (sm.trait.immune, the rules yaml's reading)
    immune: bool = False

    @property
    def resistance_rating(self) -> int:
        return self.con + effective_arm(self.arm, self.armour)

    def sample(self, dice: Dice) -> DamageRoll:
        d = dice.roll(1 + int(self.damage_tactical), SIDES)
        r = dice.roll(1 + int(self.resistance_tactical), SIDES)
        dt = max(d) + self.damage + self.bonus
        rt = max(r) + self.resistance_rating
        result: Injury = "no_effect" if self.immune else injury(dt, rt, self.threshold,
                                                               self.helmet)
        return DamageRoll(d, r, dt, rt, result)

    def distribution(self) -> dict[str, Fraction]:
        return dict(_damage_distribution(self))


@lru_cache(maxsize=8192)
def falling_check(drop: float, con: int, threshold: int) -> DamageCheck:
    """A Falling Check (sm.terrain.falling_check): d10 + the fall rounded up to whole inches
    against d10 + CON, no ARM; the result is read as any Damage Check's."""
    return DamageCheck(math.ceil(drop - 1e-9), 0, con, 0, threshold)


def _damage_distribution(check: DamageCheck) -> tuple[tuple[str, Fraction], ...]:
    ways, total = _damage_ways(check)
    return tuple((name, Fraction(w, total)) for name, w in zip(INJURIES, ways, strict=True))


@lru_cache(maxsize=8192)
def _damage_ways(check: DamageCheck) -> tuple[tuple[int, ...], int]:
    """Integer ways of each injury (in INJURIES order) out of 10 ** (dice on both sides)."""
    nd, nr = 1 + int(check.damage_tactical), 1 + int(check.resistance_tactical)
    total = SIDES ** (nd + nr)
    if check.immune:
        return (total, 0, 0), total
    out = dict.fromkeys(INJURIES, 0)
    rr = check.resistance_rating
    faces = range(1, SIDES + 1)
    for d, wd in zip(faces, _pool_max_ways(nd), strict=True):
        for r, wr in zip(faces, _pool_max_ways(nr), strict=True):
            out[injury(d + check.damage + check.bonus, r + rr, check.threshold,
                       check.helmet)] += wd * wr
    return tuple(out[name] for name in INJURIES), total


# --------------------------------------------------------------------------------- one attack
@dataclass(frozen=True, slots=True)
class CombatRoll:
    check: OpposedRoll
    damage: DamageRoll | None  # the Damage Check against the Defender, after a hit
    counter_attack: bool
    counter: DamageRoll | None  # the Counter-Attack's Damage Check against the Attacker

    @property
    def result(self) -> str:
        """``miss`` or the Defender's injury."""
        return self.damage.result if self.damage is not None else "miss"

    @property
    def counter_result(self) -> str:
        """``none`` (no Counter-Attack), ``counter`` (one, not rolled) or the Attacker's injury."""
        if not self.counter_attack:
            return "none"
        return self.counter.result if self.counter is not None else "counter"


@dataclass(frozen=True, slots=True)
class CombatAttack:
    """One Attack from Attack and Defense Checks to injury (sm.combat.attack_defense_checks,
    sm.combat.compare, sm.combat.damage_check, sm.combat.injury), with the Counter-Attack of a
    Defender against an At Risk Attacker that misses badly (sm.cc.at_risk, sm.cc.counter_attack).

    ``attacker_cbt`` / ``defender_cbt`` are the modified CBT used in the Checks;
    ``attacker_base_cbt`` the Attacker's unmodified CBT (the Counter-Attack threshold; with
    ``riposte`` the threshold is the Attacker's modified CBT/2 instead, sm.geartrait.riposte).
    A hit's Damage Bonus is the margin (+2 with ``vicious`` when positive). A miss by more than
    the threshold gives the Defender a Counter-Attack whose Damage Bonus is half the margin,
    rounded down; when ``counter_damage`` is None only its chance is computed.
    """

    attacker: DicePool
    attacker_cbt: int
    defender: DicePool
    defender_cbt: int
    hit: DamageCheck  # its ``bonus`` is ignored: the margin of the Checks sets it
    vicious: bool = False
    at_risk: bool = True
    attacker_base_cbt: int | None = None
    riposte: bool = False
    counter_damage: DamageCheck | None = None  # its ``bonus`` is ignored likewise

    @property
    def opposed(self) -> OpposedCheck:
        return OpposedCheck(self.attacker, self.attacker_cbt, self.defender, self.defender_cbt)

    @property
    def counter_threshold(self) -> int:
        if self.riposte:
            return self.attacker_cbt // 2
        return self.attacker_cbt if self.attacker_base_cbt is None else self.attacker_base_cbt

    def damage_bonus(self, margin: int) -> int:
        return margin + (2 if self.vicious and margin > 0 else 0)

    def counters(self, margin: int) -> bool:
        return self.at_risk and margin < 0 and -margin > self.counter_threshold

    def _with_bonus(self, check: DamageCheck, bonus: int) -> DamageCheck:
        return DamageCheck(check.damage, bonus, check.con, check.arm, check.threshold,
                           check.helmet, check.armour, check.damage_tactical,
                           check.resistance_tactical, check.immune)

    def sample(self, dice: Dice) -> CombatRoll:
        roll = self.opposed.sample(dice)
        margin = roll.margin
        if margin >= 0:
            dmg = self._with_bonus(self.hit, self.damage_bonus(margin)).sample(dice)
            return CombatRoll(roll, dmg, False, None)
        if not self.counters(margin):
            return CombatRoll(roll, None, False, None)
        counter = None
        if self.counter_damage is not None:
            counter = self._with_bonus(self.counter_damage, (-margin) // 2).sample(dice)
        return CombatRoll(roll, None, True, counter)

    def distribution(self) -> dict[tuple[str, str], Fraction]:
        """Exact distribution of (the Defender's result, the Counter-Attack's result): results
        ``miss``/``no_effect``/``shocked``/``wounded`` and ``none``/``counter`` or an injury.
        Counted in integer ways over one common total and divided once at the end."""
        return dict(_attack_distribution(self))


@lru_cache(maxsize=8192)
def _attack_distribution(attack: CombatAttack) -> tuple[tuple[tuple[str, str], Fraction], ...]:
    margins, m_total = _margin_ways(attack.opposed)
    # every Damage Check here rolls 2-4 dice: count all of them out of 10 ** 4
    d_total = SIDES ** 4
    ways: dict[tuple[str, str], int] = {}
    for margin, w in margins:
        if margin >= 0:
            dw, dt = _damage_ways(attack._with_bonus(attack.hit, attack.damage_bonus(margin)))
            scale = d_total // dt
            parts = [((r, "none"), q * scale) for r, q in zip(INJURIES, dw, strict=True)]
        elif not attack.counters(margin):
            parts = [(("miss", "none"), d_total)]
        elif attack.counter_damage is None:
            parts = [(("miss", "counter"), d_total)]
        else:
            check = attack._with_bonus(attack.counter_damage, (-margin) // 2)
            dw, dt = _damage_ways(check)
            scale = d_total // dt
            parts = [(("miss", r), q * scale) for r, q in zip(INJURIES, dw, strict=True)]
        for key, q in parts:
            ways[key] = ways.get(key, 0) + w * q
    total = m_total * d_total
    return tuple((k, Fraction(v, total)) for k, v in ways.items() if v)
