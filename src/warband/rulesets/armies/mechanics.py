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
``armies.missile.scatter_vs_skirmish``, ``armies.morale.test_roll``; and, for the game (the
sheet names the rolls but not their dice; the house readings are in docs/rulesets/armies.md):
``armies.magic.*`` (:class:`PowerRoll`), ``armies.flee.*`` (:class:`FleeMove`,
:func:`catch_probability`), ``armies.morale.regenerate`` (:class:`Regeneration`),
``armies.move.initiative`` (:class:`Initiative`), ``armies.missile.range_bands``
(:func:`range_band`) and the morale table (:func:`models_per_point`, :func:`morale_modifier`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Literal

from warband.core.dice import Dice

__all__ = [
    "ArmourSave",
    "FleeMove",
    "Initiative",
    "PowerRoll",
    "Regeneration",
    "catch_probability",
    "models_per_point",
    "morale_modifier",
    "range_band",
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


# -- movement, magic and morale rolls used by the game ----------------------------------------


def range_band(distance: float, normal: float) -> RangeBand | None:
    """armies.missile.range_bands: short within a third of the normal range, long out to a
    third further than it, None beyond."""
    if distance <= normal / 3:
        return "short"
    if distance <= normal:
        return "normal"
    if distance <= normal * 4 / 3:
        return "long"
    return None


@dataclass(frozen=True, slots=True)
class PowerRoll:
    """A D6 plus the power committed against a ``target`` total (house reading of the casting,
    counterspell and dispel rolls, armies.magic.*). ``ties_win``: a total equal to the target
    succeeds. Casting: total >= difficulty (``ties_win``). Counterspell: the counter succeeds
    only when strictly above the casting total (ties go to the caster,
    armies.magic.counterspell). Dispel: equal or above the spell's casting total (ties go to the
    dispeller, armies.magic.dispel)."""

    power: int
    target: int
    ties_win: bool

    def succeeds(self, face: int) -> bool:
        total = face + self.power
        return total > self.target or (self.ties_win and total == self.target)

    def sample(self, dice: Dice) -> tuple[int, int, bool]:
        face = dice.d6()
        return face, face + self.power, self.succeeds(face)

    def probability(self) -> Fraction:
        return Fraction(sum(1 for f in range(1, 7) if self.succeeds(f)), 6)


@dataclass(frozen=True, slots=True)
class FleeMove:
    """A flight or pursuit move (armies.flee.*): D6 inches plus ``move`` (the normal move, when
    it is added)."""

    move: float

    def sample(self, dice: Dice) -> tuple[int, float]:
        face = dice.d6()
        return face, face + self.move

    def distribution(self) -> dict[float, Fraction]:
        return {f + self.move: Fraction(1, 6) for f in range(1, 7)}


def catch_probability(pursuer_move: float, fleer_move: float) -> Fraction:
    """armies.flee.pursuit: the pursuer's D6 + move reaches at least the fleer's D6 + move
    (the yaml's default reading of "catch")."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7)
                        if a + pursuer_move >= b + fleer_move), 36)


@dataclass(frozen=True, slots=True)
class Regeneration:
    """armies.morale.regenerate (house roll): each wound on a regenerating model heals on a D6
    equal or under its regenerate value."""

    value: int
    wounds: int

    def sample(self, dice: Dice) -> tuple[list[int], int]:
        faces = dice.roll(self.wounds)
        return faces, sum(1 for f in faces if f <= self.value)

    def distribution(self) -> dict[int, Fraction]:
        return Attacks(self.value, self.wounds).distribution()


@dataclass(frozen=True, slots=True)
class Initiative:
    """armies.move.initiative: each side rolls a D6, ties rolled again; the high roller wins."""

    def sample(self, dice: Dice) -> tuple[list[tuple[int, int]], int]:
        rolls: list[tuple[int, int]] = []
        while True:
            a, b = dice.d6(), dice.d6()
            rolls.append((a, b))
            if a != b:
                return rolls, 0 if a > b else 1

    def probability(self) -> Fraction:
        return Fraction(1, 2)


#: The sheet's base-size table (armies.morale.mod_engaged_enemies, armies.morale.mod_own_models):
#: models per point of morale, skirmished and rank and file, by base size.
MODELS_PER_POINT: dict[str, tuple[int, int]] = {
    "1/2": (20, 10), "1": (12, 6), "2": (8, 4), "4": (4, 2), "9": (2, 1)}


def models_per_point(base: str, raf: bool) -> int:
    skirmished, ranked = MODELS_PER_POINT[base]
    return ranked if raf else skirmished


def morale_modifier(*, own_models: int, own_base: str, own_raf: bool,
                    enemies: Sequence[tuple[int, str, bool]], wounds_removed_turn: int,
                    wounds_on_survivors: int) -> int:
    """The sheet's morale modifiers: -1 per 2 wounds of models lost this turn or -1 per wound
    on surviving models, whichever is more (armies.morale.mod_losses); -1 per X enemy models
    engaged, X by their base size and formation, per enemy unit
    (armies.morale.mod_engaged_enemies); +1 per X of the unit's own models
    (armies.morale.mod_own_models). ``enemies``: (models, base, rank and file) per enemy unit
    engaged."""
    losses = max(wounds_removed_turn // 2, wounds_on_survivors)
    engaged = sum(n // models_per_point(base, raf) for n, base, raf in enemies)
    own = own_models // models_per_point(own_base, own_raf)
    return own - engaged - losses
