"""Raiders of Arcana dice mechanics, each defined once with two interpreters.

``sample(dice)`` rolls the mechanic with the game's dice and returns every die rolled (the game
uses it and the log shows it); ``distribution()`` gives the exact result as fractions (the odds
engine and the AIs use it). A test checks that the two agree.

Every roll is a d10 and every test is roll-high (a die succeeds when it is at least its target
number); there is no automatic success or failure, so a target of 1 or less always succeeds and
one of 11 or more never does. The D5 is a d10 halved, rounding up (the rules yaml's default).

Rule ids: ``raiders.shooting.hit_roll``, ``raiders.shooting.damage_roll``,
``raiders.core.casualty_removal``, ``raiders.combat.dice_pool``,
``raiders.combat.defence_roll``, ``raiders.combat.attack_roll``, ``raiders.combat.modify``,
``raiders.ability.shield_wall_combat``, ``raiders.morale.test_procedure``,
``raiders.magic.casting_dice``, ``raiders.magic.counter_dice``,
``raiders.magic.roll_and_cancel``, ``raiders.magic.effectiveness``, ``raiders.ability.acolyte``,
``raiders.spell.magic_missile``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Final

from warband.core.dice import Dice
from warband.core.values import ValueRecord

__all__ = [
    "Casting",
    "CastingRoll",
    "CombatDirection",
    "CombatExchangeRoll",
    "DiceSum",
    "MagicMissile",
    "MagicMissileRoll",
    "MoraleRoll",
    "MoraleTest",
    "Volley",
    "VolleyRoll",
    "binomial",
    "cancel_casting_dice",
    "casualties",
    "d5",
    "mean",
    "success_chance",
]

SIDES = 10


def d5(dice: Dice) -> int:
    """A D5: a d10 halved, rounding up (1-2 -> 1 ... 9-10 -> 5)."""
    return (dice.die(SIDES) + 1) // 2


def success_chance(target: int) -> Fraction:
    """P(d10 >= target), with no automatic results."""
    return Fraction(min(SIDES, max(0, SIDES + 1 - target)), SIDES)


@lru_cache(maxsize=8192)
def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(k successes) for k = 0..n, each of ``n`` independent trials succeeding with ``p``."""
    q = 1 - p
    return tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


def _add(out: dict[int, Fraction], key: int, p: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + p


# --------------------------------------------------------------------------------- casualties
def casualties(wounds: int, carried: int, hp: int, figures: int) -> tuple[int, int]:
    """Wounds on a unit: (figures removed, wounds carried over afterwards).

    Every wound takes one HP; each time the wounds on the current figure reach its HP it is
    removed and the rest carry over (raiders.core.casualty_removal). A destroyed unit carries
    nothing.
    """
    total = carried + wounds
    removed = min(figures, total // hp)
    left = 0 if removed >= figures else total - removed * hp
    return removed, left


# --------------------------------------------------------------------------------- shooting
@dataclass(frozen=True, slots=True)
class VolleyRoll:
    hit_dice: list[int]
    hits: int
    damage_dice: list[int]
    wounds: int


@dataclass(frozen=True, slots=True)
class Volley:
    """One round of shooting (raiders.shooting.hit_roll, raiders.shooting.damage_roll).

    ``models`` d10 are rolled to hit: each die plus ``bonus`` (Aim) that reaches ``target`` (the
    target's Tg after modifiers) is a hit; each hit rolls a damage d10 and wounds on ``armour``
    or more.
    """

    models: int
    target: int
    armour: int
    bonus: int = 0

    @property
    def hit_chance(self) -> Fraction:
        return success_chance(self.target - self.bonus)

    @property
    def wound_chance(self) -> Fraction:
        return success_chance(self.armour)

    def sample(self, dice: Dice) -> VolleyRoll:
        need = self.target - self.bonus
        hit_dice = dice.roll(self.models, SIDES)
        hits = sum(1 for d in hit_dice if d >= need)
        damage = dice.roll(hits, SIDES)
        wounds = sum(1 for d in damage if d >= self.armour)
        return VolleyRoll(hit_dice, hits, damage, wounds)

    def hits_distribution(self) -> dict[int, Fraction]:
        return {k: p for k, p in enumerate(binomial(self.models, self.hit_chance)) if p}

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of wounds: each die hits and then wounds independently."""
        p = self.hit_chance * self.wound_chance
        return {k: q for k, q in enumerate(binomial(self.models, p)) if q}


# --------------------------------------------------------------------------------- combat
@dataclass(frozen=True, slots=True)
class CombatExchangeRoll:
    """One side's attack dice against the other side's defence dice in a round of combat."""

    defence_dice: list[int]
    rerolled: list[tuple[int, int]]  # (old, new) for each failed defence die re-rolled
    saves: int
    attack_dice: list[int]  # the attack dice left after cancelling, as rolled
    cancelled: int
    wounds: int


class CombatDirection(ValueRecord):
    """The attack of one unit against another in a round of combat.

    ``attack``: the attacker's attack dice after modifiers (raiders.combat.modify: a shield
    wall halves them). ``defence``: the defender's defence dice; each that reaches
    ``block_on`` (the attacker's AS minus the defender's DB) cancels one attack die
    (raiders.combat.defence_roll); a defender in a shield wall re-rolls each failed defence die
    once (raiders.ability.shield_wall_combat). Each attack die left wounds on ``wound_on`` (the
    defender's Arm minus the attacker's Str) or more (raiders.combat.attack_roll).

    A value like a frozen dataclass (compared and hashed by its fields, read-only), written
    out rather than made by ``dataclass`` because the split game builds one per payoff entry:
    the compiled build compiles a written ``__init__`` but runs the one ``dataclass`` generates
    as Python code (docs/performance.md, "Compiled build"; ``core.geometry.MoveResult`` is
    written the same way).
    """

    __slots__ = ("attack", "defence", "block_on", "wound_on", "reroll_defence")

    def __init__(self, attack: int, defence: int, block_on: int, wound_on: int,
                 reroll_defence: bool = False) -> None:
        self.attack: Final = attack
        self.defence: Final = defence
        self.block_on: Final = block_on
        self.wound_on: Final = wound_on
        self.reroll_defence: Final = reroll_defence

    def fields(self) -> tuple[int, int, int, int, bool]:
        return (self.attack, self.defence, self.block_on, self.wound_on, self.reroll_defence)

    def __repr__(self) -> str:
        return ("CombatDirection(attack={!r}, defence={!r}, block_on={!r}, wound_on={!r}, "
                "reroll_defence={!r})").format(*self.fields())

    @property
    def save_chance(self) -> Fraction:
        p = success_chance(self.block_on)
        return 1 - (1 - p) ** 2 if self.reroll_defence else p

    @property
    def wound_chance(self) -> Fraction:
        return success_chance(self.wound_on)

    def roll_defence(self, dice: Dice) -> tuple[list[int], list[tuple[int, int]], int]:
        """Step 3: the defender's dice (and re-rolls). Returns (faces, re-rolls, saves)."""
        faces = dice.roll(self.defence, SIDES)
        rerolled: list[tuple[int, int]] = []
        if self.reroll_defence:
            for i, f in enumerate(faces):
                if f < self.block_on:
                    new = dice.die(SIDES)
                    rerolled.append((f, new))
                    faces[i] = new
        return faces, rerolled, sum(1 for f in faces if f >= self.block_on)

    def roll_attack(self, dice: Dice, saves: int) -> tuple[list[int], int, int]:
        """Step 4: the attack dice left after ``saves`` are cancelled.
        Returns (faces, cancelled, wounds)."""
        cancelled = min(self.attack, saves)
        faces = dice.roll(self.attack - cancelled, SIDES)
        return faces, cancelled, sum(1 for f in faces if f >= self.wound_on)

    def sample(self, dice: Dice) -> CombatExchangeRoll:
        defence, rerolled, saves = self.roll_defence(dice)
        attack, cancelled, wounds = self.roll_attack(dice, saves)
        return CombatExchangeRoll(defence, rerolled, saves, attack, cancelled, wounds)

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of the wounds inflicted."""
        return dict(_combat_wounds(self.attack, self.defence, self.save_chance, self.wound_chance))

    def mean(self) -> Fraction:
        return _combat_mean(self.attack, self.defence, self.save_chance, self.wound_chance)


@lru_cache(maxsize=65536)
def _combat_wounds(attack: int, defence: int, save: Fraction,
                   wound: Fraction) -> tuple[tuple[int, Fraction], ...]:
    out: dict[int, Fraction] = {}
    for saves, p in enumerate(binomial(defence, save)):
        if not p:
            continue
        left = max(0, attack - saves)
        for w, q in enumerate(binomial(left, wound)):
            if q:
                _add(out, w, p * q)
    return tuple(sorted(out.items()))


@lru_cache(maxsize=65536)
def _combat_mean(attack: int, defence: int, save: Fraction, wound: Fraction) -> Fraction:
    left = sum((max(0, attack - s) * p for s, p in enumerate(binomial(defence, save))), Fraction(0))
    return left * wound


# --------------------------------------------------------------------------------- morale
@dataclass(frozen=True, slots=True)
class MoraleRoll:
    face: int
    total: int
    morale: int

    @property
    def failed(self) -> bool:
        return self.total >= self.morale


@dataclass(frozen=True, slots=True)
class MoraleTest:
    """A morale test (raiders.morale.test_procedure): d10 plus the unit's morale tokens; a total
    at or above the Morale value fails."""

    morale: int
    tokens: int = 0

    def sample(self, dice: Dice) -> MoraleRoll:
        face = dice.die(SIDES)
        return MoraleRoll(face, face + self.tokens, self.morale)

    def distribution(self) -> dict[bool, Fraction]:
        """{True: P(fail), False: P(pass)}."""
        fail = success_chance(self.morale - self.tokens)
        return {True: fail, False: 1 - fail}

    def fail_chance(self) -> Fraction:
        return success_chance(self.morale - self.tokens)


# --------------------------------------------------------------------------------- magic
def cancel_casting_dice(casting: Sequence[int], counter: Sequence[int],
                        needed: int) -> tuple[list[int], list[int]]:
    """Counter dice cancel casting dice (raiders.magic.roll_and_cancel).

    Our reading (the rules yaml's default): each counter die cancels at most one casting die,
    and the cancellations remove as many successful casting dice (those at or above ``needed``)
    as possible: counter dice from high to low, each cancelling the highest remaining successful
    casting die it equals or beats. Returns (casting dice left, casting dice cancelled).
    """
    left = sorted(casting, reverse=True)
    cancelled: list[int] = []
    for c in sorted(counter, reverse=True):
        for i, x in enumerate(left):
            if needed <= x <= c:
                cancelled.append(left.pop(i))
                break
    return left, cancelled


def _keep_highest(rolled: list[int], keep: int) -> list[int]:
    return sorted(rolled, reverse=True)[:keep]


@dataclass(frozen=True, slots=True)
class CastingRoll:
    casting_rolled: list[int]
    casting: list[int]  # kept after acolytes' dice are dropped
    counter_rolled: list[int]
    counter: list[int]
    cancelled: list[int]
    left: list[int]
    needed: int
    power: int


@dataclass(frozen=True, slots=True)
class Casting:
    """Casting a spell against a counter-spell.

    The caster rolls ``casting`` dice (1 + stored power spent, raiders.magic.casting_dice) plus
    one per acolyte, dropping as many of the lowest (raiders.ability.acolyte); the counter-spell
    likewise rolls ``counter`` dice (0: no counter-spell) plus its acolytes' dice. Counter dice
    cancel casting dice they equal or beat (:func:`cancel_casting_dice`); every casting die left
    at or above ``needed`` (the spell's difficulty plus the target's MR) is one power level
    (raiders.magic.effectiveness).
    """

    casting: int
    needed: int
    counter: int = 0
    casting_acolytes: int = 0
    counter_acolytes: int = 0

    def sample(self, dice: Dice) -> CastingRoll:
        c_rolled = dice.roll(self.casting + self.casting_acolytes, SIDES)
        c_kept = _keep_highest(c_rolled, self.casting)
        k_rolled = dice.roll(self.counter + self.counter_acolytes, SIDES) if self.counter else []
        k_kept = _keep_highest(k_rolled, self.counter)
        left, cancelled = cancel_casting_dice(c_kept, k_kept, self.needed)
        power = sum(1 for x in left if x >= self.needed)
        return CastingRoll(c_rolled, c_kept, k_rolled, k_kept, cancelled, left, self.needed, power)

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of the power level (not capped by any spell)."""
        return dict(_power_distribution(self.casting, self.casting_acolytes, self.counter,
                                        self.counter_acolytes, self.needed))


@lru_cache(maxsize=4096)
def _kept_at_face(dice: int, extra: int, face: int) -> tuple[tuple[int, int, int], ...]:
    """One step of a roll scanned from the highest face down: ``dice`` dice are still unseen
    (each showing 1..``face``) and the lowest ``extra`` of the whole roll are dropped. Returns
    (dice kept showing ``face``, dice still unseen, number of ways): the ways count the faces
    of the dice that step leaves behind as well, once every kept die has been seen (the rest
    no longer matter and are not followed further)."""
    if dice <= 0:
        return ((0, 0, 1),)
    keep_left = dice - extra
    out = []
    for k in range(dice + 1):
        kept = min(k, keep_left)
        if kept == keep_left:  # the roll is settled: the other dice may show anything lower
            out.append((kept, 0, comb(dice, k) * (face - 1) ** (dice - k)))
        else:
            out.append((kept, dice - k, comb(dice, k)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _power_distribution(casting: int, c_extra: int, counter: int, k_extra: int,
                        needed: int) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of the power level, by one scan of the faces from 10 down to
    ``needed``, counting the ways in whole numbers (time polynomial in the number of dice; the
    earlier enumeration of every roll took seconds for 11 counter dice).

    At each face, the counter dice showing it join a pool of counter dice not yet used, then
    the casting dice showing it are cancelled one each while that pool lasts. A counter die can
    cancel any casting success at or below its face, so this scan cancels as many successes as
    :func:`cancel_casting_dice` does (tested against it roll by roll).
    State: (casting dice unseen, counter dice unseen, unused counter dice, power so far).
    """
    if needed > SIDES:
        return ((0, Fraction(1)),)
    if not counter:
        k_extra = 0
    total_dice = casting + c_extra + counter + k_extra
    # The power so far never steers the scan, only accumulates: each state holds the ways for
    # every power at once, packed into one integer (slot p of _SLOT bits counts the ways to
    # power p), so adding power is a shift and the work grows with the dice, not the power.
    states: dict[tuple[int, int, int], int] = {(casting + c_extra, counter + k_extra, 0): 1}
    for face in range(SIDES, max(1, needed) - 1, -1):
        # (the steps of this face by number of unseen dice, and the powers of the faces
        # below it, looked up once per face rather than once per state: whole numbers, so
        # the order of the sums does not matter)
        counter_steps = {k: _kept_at_face(k, k_extra, face) for k in range(counter + k_extra + 1)}
        casting_steps = {c: _kept_at_face(c, c_extra, face) for c in range(casting + c_extra + 1)}
        lower = [(face - 1) ** k for k in range(counter + k_extra + 1)]
        after_counter: defaultdict[tuple[int, int, int], int] = defaultdict(int)
        for (c_dice, k_dice, pool), ways in states.items():
            cap = max(0, c_dice - c_extra)  # casting dice still to be kept
            for kk, k_rest, kw in counter_steps[k_dice]:
                after_counter[c_dice, k_rest, min(pool + kk, cap)] += ways * kw
        after_casting: defaultdict[tuple[int, int, int], int] = defaultdict(int)
        for (c_dice, k_dice, pool), ways in after_counter.items():
            for kc, c_rest, cw in casting_steps[c_dice]:
                cancelled = min(pool, kc)
                if c_rest:
                    key = (c_rest, k_dice, min(pool - cancelled, max(0, c_rest - c_extra)))
                    after_casting[key] += (ways * cw) << (_SLOT * (kc - cancelled))
                else:
                    after_casting[0, 0, 0] += (ways * cw * lower[k_dice]) << (_SLOT * (kc - cancelled))
        states = after_casting
    low = max(1, needed) - 1  # every die still unseen shows a face below ``needed``
    counts: dict[int, int] = {}
    mask = (1 << _SLOT) - 1
    for (c_dice, k_dice, _), packed in states.items():
        factor = low ** (c_dice + k_dice)
        power = 0
        while packed:
            ways = (packed & mask) * factor
            if ways:
                counts[power] = counts.get(power, 0) + ways
            packed >>= _SLOT
            power += 1
    return tuple((p, Fraction(w, SIDES**total_dice)) for p, w in sorted(counts.items()))


#: bits per power level in the packed counts: more than the ways of the largest roll accepted
#: (10 ** 30 < 2 ** 100 for 30 dice)
_SLOT = 160


@dataclass(frozen=True, slots=True)
class DiceSum:
    """The sum of ``count`` D5 or d10 (Healing, Combat Prowess, Magic Missile hits)."""

    count: int
    sides: int  # 5 (a halved d10) or 10

    def sample(self, dice: Dice) -> list[int]:
        if self.sides == 5:
            return [d5(dice) for _ in range(self.count)]
        return dice.roll(self.count, SIDES)

    def distribution(self) -> dict[int, Fraction]:
        return dict(_sum_distribution(self.count, self.sides))


@lru_cache(maxsize=256)
def _sum_distribution(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    dist = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for f in range(1, sides + 1):
                _add(nxt, total + f, p / sides)
        dist = nxt
    return tuple(sorted(dist.items()))


@dataclass(frozen=True, slots=True)
class MagicMissileRoll:
    hit_dice: list[int]
    hits: int
    wound_dice: list[int]
    wounds: int


@dataclass(frozen=True, slots=True)
class MagicMissile:
    """Magic Missile at power ``level``: ``level`` D5 hits, each wounding on a d10 at or above
    the target's Armour (raiders.spell.magic_missile)."""

    level: int
    armour: int

    def sample(self, dice: Dice) -> MagicMissileRoll:
        hit_dice = DiceSum(self.level, 5).sample(dice)
        hits = sum(hit_dice)
        wound_dice = dice.roll(hits, SIDES)
        return MagicMissileRoll(hit_dice, hits, wound_dice,
                                sum(1 for d in wound_dice if d >= self.armour))

    def distribution(self) -> dict[int, Fraction]:
        p = success_chance(self.armour)
        out: dict[int, Fraction] = {}
        for hits, q in DiceSum(self.level, 5).distribution().items():
            for w, r in enumerate(binomial(hits, p)):
                if r:
                    _add(out, w, q * r)
        return dict(sorted(out.items()))
