"""Armies of Arcana dice mechanics, each defined once with two interpreters.

``sample(dice)`` rolls the mechanic with the game's :class:`~warband.core.dice.Dice`;
``distribution()`` / ``probability()`` give the exact answer as fractions. Tests check that they
agree.

Every test is roll-under on a D6: a roll equal to or less than the (modified) target succeeds,
so a target of 0 or less never succeeds and 6 or more always does (the rules yaml's default
reading; the sheet gives no natural-roll rules).

Rule ids: ``armies.melee.to_hit``, ``armies.melee.mod_*``, ``armies.missile.to_hit``,
``armies.missile.mod_*``, ``armies.combat.armour_save``, ``armies.combat.fixed_armour``,
``armies.missile.artillery_vs_fixed_armour``, ``armies.missile.scatter_partial``,
``armies.missile.scatter_vs_skirmish``, ``armies.morale.test_roll``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Literal

from warband.core.dice import Dice

__all__ = [
    "ArmourSave",
    "Attacks",
    "AttacksRoll",
    "BreakTest",
    "ScatterAttack",
    "ScatterRoll",
    "melee_modifier",
    "missile_modifier",
    "roll_under",
]

CoverLevel = Literal["none", "cover", "heavy"]
RangeBand = Literal["normal", "short", "long"]


def roll_under(target: int) -> Fraction:
    """P(D6 <= target)."""
    return Fraction(min(max(target, 0), 6), 6)


def melee_modifier(*, slow: bool = False, uphill: bool = False, obstruction: bool = False,
                   evasion: int = 0) -> int:
    """Melee skill modifiers (armies.melee.mod_slow_immobile, armies.melee.mod_slope,
    armies.melee.mod_obstruction, armies.melee.mod_evasion): +1 against an immobilised or Slow
    enemy, -1 attacking up a steep slope or stairs, -1 through an obstruction, -1 per level of
    the target's evasion (the sheet lost the minus signs; the rules yaml restores them)."""
    return int(slow) - int(uphill) - int(obstruction) - evasion


def missile_modifier(*, range_band: RangeBand = "normal", cover: CoverLevel = "none",
                     flying: bool = False, slow: bool = False, evasion: int = 0,
                     massed: bool = False) -> int:
    """Missile skill modifiers (armies.missile.mod_*): long range -1, short range +1, cover -1
    or heavy cover -2 (not both), flying target -1, Slow or Immobile target +1, -1 per point of
    evasion, +1 against 30 or more bases in rank and file."""
    band = {"normal": 0, "short": 1, "long": -1}[range_band]
    shelter = {"none": 0, "cover": -1, "heavy": -2}[cover]
    return band + shelter - int(flying) + int(slow) - evasion + int(massed)


@dataclass(frozen=True, slots=True)
class ArmourSave:
    """An armour save (armies.combat.armour_save): roll a D6, saved on a roll equal to or under
    the armour value less the attack's strength (the yaml's reading of a roll the sheet does
    not describe). Fixed armour ignores strength unless the attack is magical
    (armies.combat.fixed_armour); artillery against fixed armour applies half its strength,
    rounded up (armies.missile.artillery_vs_fixed_armour)."""

    armour: int
    strength: int = 0
    fixed: bool = False
    magical: bool = False
    artillery: bool = False

    @property
    def target(self) -> int:
        if not self.fixed or self.magical:
            return self.armour - self.strength
        if self.artillery:
            return self.armour - (self.strength + 1) // 2
        return self.armour

    def probability(self) -> Fraction:
        return roll_under(self.target)

    def sample(self, dice: Dice) -> tuple[int, bool]:
        face = dice.d6()
        return face, face <= self.target


@dataclass(frozen=True, slots=True)
class AttacksRoll:
    to_hit: list[int]
    hits: int
    saves: list[int]
    wounds: int


@dataclass(frozen=True, slots=True)
class Attacks:
    """``attacks`` to-hit rolls at modified ``skill`` (armies.melee.to_hit,
    armies.missile.to_hit), then an armour save per hit if ``save`` is given; each unsaved hit
    is a wound."""

    skill: int
    attacks: int = 1
    save: ArmourSave | None = None

    @property
    def p_wound(self) -> Fraction:
        p = roll_under(self.skill)
        return p if self.save is None else p * (1 - self.save.probability())

    def sample(self, dice: Dice) -> AttacksRoll:
        to_hit = dice.roll(self.attacks)
        hits = sum(1 for f in to_hit if f <= self.skill)
        saves: list[int] = []
        wounds = hits
        if self.save is not None:
            saves = dice.roll(hits)
            wounds = sum(1 for f in saves if f > self.save.target)
        return AttacksRoll(to_hit, hits, saves, wounds)

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of wounds (hits when there is no save)."""
        p = self.p_wound
        return {k: comb(self.attacks, k) * p**k * (1 - p) ** (self.attacks - k)
                for k in range(self.attacks + 1)}

    def hits_distribution(self) -> dict[int, Fraction]:
        return Attacks(self.skill, self.attacks).distribution()


def _d3(face: int) -> int:
    return (face + 1) // 2


@dataclass(frozen=True, slots=True)
class ScatterRoll:
    to_hit: int
    d3s: list[int]
    hits: int


@dataclass(frozen=True, slots=True)
class ScatterAttack:
    """A scatter attack causing ``d3s``D3 hits (armies.missile.scatter_partial,
    armies.missile.scatter_vs_skirmish): roll to hit at modified ``skill``; a hit causes the
    full D3 total; a miss by exactly 1 half of it; against skirmishers or a single model half
    as many (stacking with a partial hit); halves round up, once, at the end (the yaml's
    default)."""

    skill: int
    d3s: int
    vs_skirmish: bool = False

    def _hits(self, to_hit: int, total: int) -> int:
        if to_hit <= self.skill:
            divisor = 1
        elif to_hit == self.skill + 1:
            divisor = 2
        else:
            return 0
        divisor *= 2 if self.vs_skirmish else 1
        return -(-total // divisor)

    def sample(self, dice: Dice) -> ScatterRoll:
        to_hit = dice.d6()
        d3s = [dice.d3() for _ in range(self.d3s)] if to_hit <= self.skill + 1 else []
        return ScatterRoll(to_hit, d3s, self._hits(to_hit, sum(d3s)))

    def distribution(self) -> dict[int, Fraction]:
        totals: dict[int, Fraction] = {0: Fraction(1)}
        for _ in range(self.d3s):
            nxt: dict[int, Fraction] = {}
            for t, p in totals.items():
                for v in (1, 2, 3):
                    nxt[t + v] = nxt.get(t + v, Fraction(0)) + p / 3
            totals = nxt
        out: dict[int, Fraction] = {}
        for face in range(1, 7):
            if face > self.skill + 1:
                out[0] = out.get(0, Fraction(0)) + Fraction(1, 6)
                continue
            for t, p in totals.items():
                h = self._hits(face, t)
                out[h] = out.get(h, Fraction(0)) + p / 6
        return dict(sorted(out.items()))


@dataclass(frozen=True, slots=True)
class BreakTest:
    """A break test (armies.morale.test_roll): a D6 equal to or under the modified morale passes
    (the yaml's reading; the sheet does not describe the roll)."""

    morale: int

    def sample(self, dice: Dice) -> tuple[int, bool]:
        face = dice.d6()
        return face, face <= self.morale

    def probability(self) -> Fraction:
        return roll_under(self.morale)
