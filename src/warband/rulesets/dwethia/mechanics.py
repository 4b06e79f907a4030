"""Dwethia Heroes dice mechanics, each defined once with two interpreters.

``sample(dice)`` rolls the mechanic with the game's :class:`~warband.core.dice.Dice` (the game
engine will roll with it); ``distribution()`` / ``probability()`` give the exact answer as
fractions (the odds engine and AIs use it). Tests check that they agree.

Rule ids: ``dwethia.combat.comparison_chart``, ``dwethia.melee.attack_dice``,
``dwethia.melee.arv``, ``dwethia.melee.wound_roll``, ``dwethia.combat.saves``,
``dwethia.shoot.attack_roll``, ``dwethia.melee.opportunity_attack``, ``dwethia.destiny.rerolls``,
``dwethia.dice.rerolls``, ``dwethia.dice.d6_d3_modifiers``, ``dwethia.magic.faith_resistance``,
``dwethia.magic.destiny_bidding``.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Literal

from warband.core.dice import Dice

__all__ = [
    "CHARTS",
    "Chart",
    "AttackRoll",
    "RerollAsk",
    "answer_with_policy",
    "MeleeAttack",
    "OpportunityAttack",
    "RangedAttack",
    "IgnoreWounds",
    "ResistanceRoll",
    "ResistanceResult",
    "SaveRoll",
    "target_number",
]

Goal = Literal["mean", "at_least"]
#: readings of the comparison chart (dwethia.combat.comparison_chart): ``example`` follows the
#: book's worked ARV example (the default); ``book_text`` applies the chart's printed lines
Chart = Literal["example", "book_text"]
CHARTS: tuple[Chart, ...] = ("example", "book_text")


def target_number(acting: int, opposing: int, chart: Chart = "example") -> int:
    """The D6 score needed when ``acting`` is compared with ``opposing`` on the comparison
    chart (dwethia.combat.comparison_chart): at least double - 2+; higher - 3+; equal - 4+;
    lower but more than half - 5+; half or lower - 6+.

    The book's lines read "less than ... 3+" and "less than half ... 5+", which contradict its
    own worked example (ARV 5 against 4 needs 3+, 4 against 5 needs 5+); we follow the example,
    which makes the chart monotonic. An acting value of 0 or less always needs 6+; an opposing
    value of 0 or less counts as 1 (the rules yaml's default readings).

    ``chart="book_text"`` is the switchable other reading: see :func:`target_number_book_text`."""
    if chart == "book_text":
        return target_number_book_text(acting, opposing)
    if acting <= 0:
        return 6
    opposing = max(opposing, 1)
    if acting >= 2 * opposing:
        return 2
    if acting > opposing:
        return 3
    if acting == opposing:
        return 4
    if 2 * acting > opposing:
        return 5
    return 6


def target_number_book_text(acting: int, opposing: int) -> int:
    """The comparison chart as its lines are printed (dwethia.combat.comparison_chart, the
    reading a player may prefer to the worked example): at least double - 2+; equal - 4+;
    half or lower - 6+ (this line also covers "less than half", which the print gives 5+, since
    the two overlap and the stricter one is the later, inclusive line); less than (but more than
    half) - 3+ as printed; higher but under double is not printed, so it keeps the example's 3+.
    Zero and negative values are read as in :func:`target_number`."""
    if acting <= 0:
        return 6
    opposing = max(opposing, 1)
    if acting >= 2 * opposing:
        return 2
    if acting == opposing:
        return 4
    if 2 * acting <= opposing:
        return 6
    return 3


def success_chance(needed: int) -> Fraction:
    """P(D6 >= needed); a natural 1 always fails (dwethia.dice.d6_d3_modifiers, our reading)."""
    needed = max(needed, 2)
    return Fraction(max(0, 7 - needed), 6) if needed <= 6 else Fraction(0)


def _add(into: dict[int, Fraction], key: int, p: Fraction) -> None:
    into[key] = into.get(key, Fraction(0)) + p


# --------------------------------------------------------------------------------- attacks
@dataclass(frozen=True, slots=True)
class RerollAsk:
    """A stage of an attack asking how many failed dice to re-roll with Destiny: ``stage``
    (``hit``, ``wound`` - the attacker's - or ``save`` - the defender's), the dice rolled, the
    score needed, the most that may be re-rolled, and the re-rolls the exact policy makes."""

    stage: str
    dice: tuple[int, ...]
    needed: int
    most: int
    policy: int


def answer_with_policy(steps: Generator[RerollAsk, int, AttackRoll]) -> AttackRoll:
    """Run an attack's stages, answering every re-roll ask with the exact policy."""
    try:
        ask = next(steps)
        while True:
            ask = steps.send(ask.policy)
    except StopIteration as stop:
        result: AttackRoll = stop.value
        return result


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """Every die of one attack: each stage's first roll and its Destiny re-rolls."""

    hit_dice: list[int]
    hit_rerolls: list[int]
    hits: int
    wound_dice: list[int]
    wound_rerolls: list[int]
    wounds: int
    save_dice: list[int]
    unsaved: int
    save_rerolls: list[int] = field(default_factory=list)

    @property
    def saved(self) -> int:
        """Wounds the defender's saves stopped (dwethia.objective.bulwark counts them)."""
        return self.wounds - self.unsaved


@dataclass(frozen=True)
class _Stages:
    """An attack as stages: ``hit_needed`` (None: every die goes straight to wounding),
    ``wound_needed``, ``save`` (None: no save), the Destiny the attacker may spend on
    re-rolls, and what the Destiny is spent to achieve."""

    dice: int
    hit_needed: int | None
    wound_needed: int
    save: int | None
    destiny: int
    goal: Goal = "mean"
    goal_wounds: int = 1
    save_destiny: int = 0
    _cache: dict[tuple[int, int], int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def p_hit(self) -> Fraction:
        return Fraction(1) if self.hit_needed is None else success_chance(self.hit_needed)

    @property
    def p_wound(self) -> Fraction:
        return success_chance(self.wound_needed)

    @property
    def p_save(self) -> Fraction:
        return Fraction(0) if self.save is None else success_chance(self.save)

    # ----- exact
    # Exact arithmetic on integers: every path of the attack is padded to the same number of
    # dice, so each probability is an integer weight over one power of 6 (far faster than
    # adding Fractions). ``_faces(p)`` is the number of faces (out of 6) that succeed.
    def _worth(self, hits: int, destiny: int) -> int:
        """The goal's value of reaching the wound roll with ``hits`` and ``destiny`` left, as
        a weight over 6 ** (2 * hits + destiny)."""
        return _goal_weight(hits, destiny, _faces(self.p_wound), _faces(self.p_save),
                            self.goal, self.goal_wounds, self.save_destiny)

    def hit_rerolls(self, hits: int, misses: int) -> int:
        """How many failed attack dice to re-roll with Destiny (declared together,
        dwethia.destiny.rerolls): the number that best serves the goal, keeping the rest of
        the Destiny for the wound roll; the fewest when several are equally good. Both goals
        are linear in the distribution, so each choice is valued exactly by mixing the values
        of the wound roll."""
        key = (hits, misses)
        found = self._cache.get(key)
        if found is not None:
            return found
        sh = _faces(self.p_hit)
        top = 2 * (hits + misses) + self.destiny  # common exponent of the wound-roll values
        best, best_value = 0, -1
        for r in range(min(misses, self.destiny) + 1):
            value = 0
            for extra, w in enumerate(_binomial_weights(r, sh)):
                e = 2 * (hits + extra) + self.destiny - r
                value += w * 6 ** (self.destiny - r) * self._worth(hits + extra,
                                                                   self.destiny - r) * 6 ** (top - e)
            if value > best_value:
                best, best_value = r, value
        self._cache[key] = best
        return best

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of unsaved wounds."""
        sw, ss = _faces(self.p_wound), _faces(self.p_save)
        k = self.destiny
        k2 = self.save_destiny
        if self.hit_needed is None:
            final = _final_weights(self.dice, k, sw, ss, k2)
            total = 6 ** (2 * self.dice + k + k2)
            return {u: Fraction(w, total) for u, w in enumerate(final) if w}
        n, sh = self.dice, _faces(self.p_hit)
        top = 2 * n + k  # largest exponent of a wound roll
        out = [0] * (n + 1)
        for hits, wh in enumerate(_binomial_weights(n, sh)):
            if not wh:
                continue
            r = self.hit_rerolls(hits, n - hits)
            for extra, we in enumerate(_binomial_weights(r, sh)):
                if not we:
                    continue
                left = k - r
                e = 2 * (hits + extra) + left
                scale = wh * we * 6 ** (k - r) * 6 ** (top - e)
                for u, wf in enumerate(_final_weights(hits + extra, left, sw, ss, k2)):
                    if wf:
                        out[u] += scale * wf
        total = 6 ** (n + k + top + k2)
        return {u: Fraction(w, total) for u, w in enumerate(out) if w}

    # ----- sampling
    def steps(self, dice: Dice) -> Generator[RerollAsk, int, AttackRoll]:
        """The attack one stage at a time: after each roll with failed dice and Destiny to
        spend it yields a :class:`RerollAsk` and receives how many failed dice to re-roll
        (declared together, dwethia.destiny.rerolls; each die at most once,
        dwethia.dice.rerolls); returns every die. The game answers each ask with a player's
        decision; :meth:`sample` answers with the policy :meth:`distribution` assumes."""
        destiny = self.destiny
        hit_dice: list[int] = []
        hit_rerolls: list[int] = []
        if self.hit_needed is None:
            hits = self.dice
        else:
            hit_dice = dice.roll(self.dice)
            hits = sum(1 for f in hit_dice if _succeeds(f, self.hit_needed))
            r = 0
            if destiny and hits < self.dice:
                r = yield RerollAsk("hit", tuple(hit_dice), self.hit_needed,
                                    min(self.dice - hits, destiny),
                                    self.hit_rerolls(hits, self.dice - hits))
            hit_rerolls = dice.roll(r)
            destiny -= r
            hits += sum(1 for f in hit_rerolls if _succeeds(f, self.hit_needed))
        wound_dice = dice.roll(hits)
        wounds = sum(1 for f in wound_dice if _succeeds(f, self.wound_needed))
        r = 0
        if destiny and wounds < hits:
            most = min(hits - wounds, destiny)
            r = yield RerollAsk("wound", tuple(wound_dice), self.wound_needed, most, most)
        wound_rerolls = dice.roll(r)
        wounds += sum(1 for f in wound_rerolls if _succeeds(f, self.wound_needed))
        save_dice: list[int] = []
        save_rerolls: list[int] = []
        unsaved = wounds
        if self.save is not None:
            save_dice = dice.roll(wounds)
            unsaved = sum(1 for f in save_dice if not _succeeds(f, self.save))
            # the defender's Destiny re-rolls failed saves, one point per die
            r = 0
            if self.save_destiny and unsaved:
                most = min(unsaved, self.save_destiny)
                r = yield RerollAsk("save", tuple(save_dice), self.save, most, most)
            save_rerolls = dice.roll(r)
            unsaved -= sum(1 for f in save_rerolls if _succeeds(f, self.save))
        return AttackRoll(hit_dice, hit_rerolls, hits, wound_dice, wound_rerolls, wounds,
                          save_dice, unsaved, save_rerolls)

    def sample(self, dice: Dice) -> AttackRoll:
        return answer_with_policy(self.steps(dice))


def _succeeds(face: int, needed: int) -> bool:
    return face != 1 and face >= needed


def _faces(p: Fraction) -> int:
    """Faces of a D6 (out of 6) with chance ``p``."""
    faces = p * 6
    assert faces.denominator == 1
    return int(faces)


@lru_cache(maxsize=65536)
def _binomial_weights(n: int, faces: int) -> tuple[int, ...]:
    """Ways (out of 6 ** n) for k of n dice to succeed, each on ``faces`` faces of 6."""
    return tuple(comb(n, k) * faces**k * (6 - faces) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=65536)
def _save_weights(wounds: int, save_faces: int, save_destiny: int) -> tuple[int, ...]:
    """Unsaved wounds from ``wounds`` save dice, failed saves re-rolled with up to
    ``save_destiny`` Destiny: weights over 6 ** (wounds + save_destiny) (unused dice padded)."""
    out = [0] * (wounds + 1)
    for first, w1 in enumerate(_binomial_weights(wounds, save_faces)):
        failed = wounds - first
        rerolls = min(failed, save_destiny)
        pad = 6 ** (save_destiny - rerolls)
        for second, w2 in enumerate(_binomial_weights(rerolls, save_faces)):
            out[failed - second] += w1 * w2 * pad
    return tuple(out)


@lru_cache(maxsize=65536)
def _final_weights(hits: int, destiny: int, wound_faces: int, save_faces: int,
                   save_destiny: int = 0) -> tuple[int, ...]:
    """Unsaved wounds from ``hits`` wound dice with ``destiny`` re-rolls for failures, then a
    save per wound (failed saves re-rolled with up to ``save_destiny``): weights over
    6 ** (2 * hits + destiny + save_destiny) (unused dice padded)."""
    wounds = [0] * (hits + 1)
    for first, w1 in enumerate(_binomial_weights(hits, wound_faces)):
        rerolls = min(hits - first, destiny)
        pad = 6 ** (destiny - rerolls)
        for second, w2 in enumerate(_binomial_weights(rerolls, wound_faces)):
            wounds[first + second] += w1 * w2 * pad
    out = [0] * (hits + 1)
    for w, weight in enumerate(wounds):
        if not weight:
            continue
        pad = 6 ** (hits - w)
        for unsaved, ws in enumerate(_save_weights(w, save_faces, save_destiny)):
            out[unsaved] += weight * ws * pad
    return tuple(out)


@lru_cache(maxsize=65536)
def _goal_weight(hits: int, destiny: int, wound_faces: int, save_faces: int, goal: Goal,
                 goal_wounds: int, save_destiny: int = 0) -> int:
    final = _final_weights(hits, destiny, wound_faces, save_faces, save_destiny)
    if goal == "mean":
        return sum(k * w for k, w in enumerate(final))
    return sum(w for k, w in enumerate(final) if k >= goal_wounds)


@dataclass(frozen=True, slots=True)
class MeleeAttack:
    """One melee attack (dwethia.melee.attack_dice, dwethia.melee.arv, dwethia.melee.wound_roll,
    dwethia.combat.saves): roll ``dice`` (Aggression) D6 needing the chart's score for
    attacker ARV against defender ARV; each hit rolls to wound on the chart's score for
    Strength (model + weapon) against Defense; each wound may be saved on ``save``+ (the
    defender re-rolls one of the attacker's wound dice as the save, which is one fresh D6).

    ``destiny``: Destiny points the attacker spends on re-rolls, one per die, each die at most
    once (dwethia.destiny.rerolls, dwethia.dice.rerolls). Our policy: after the attack roll,
    re-roll the number of failed attack dice that best serves ``goal`` (highest mean unsaved
    wounds, or the best chance of at least ``goal_wounds``), then re-roll failed wound dice
    with what is left."""

    dice: int
    attacker_arv: int
    defender_arv: int
    strength: int
    defence: int
    save: int | None = None
    destiny: int = 0
    goal: Goal = "mean"
    goal_wounds: int = 1
    save_destiny: int = 0
    chart: Chart = "example"

    @property
    def hit_needed(self) -> int:
        return target_number(self.attacker_arv, self.defender_arv, self.chart)

    @property
    def wound_needed(self) -> int:
        return target_number(self.strength, self.defence, self.chart)

    def _stages(self) -> _Stages:
        return _melee_stages(self)

    def steps(self, dice: Dice) -> Generator[RerollAsk, int, AttackRoll]:
        return self._stages().steps(dice)

    def sample(self, dice: Dice) -> AttackRoll:
        return self._stages().sample(dice)

    def distribution(self) -> dict[int, Fraction]:
        return self._stages().distribution()


@lru_cache(maxsize=1024)
def _melee_stages(a: MeleeAttack) -> _Stages:
    return _Stages(a.dice, a.hit_needed, a.wound_needed, a.save, a.destiny, a.goal,
                   a.goal_wounds, a.save_destiny)


@dataclass(frozen=True, slots=True)
class RangedAttack:
    """Shots (dwethia.shoot.attack_roll): one D6 per shot on the chart's score for effective
    Perception + weapon Strength against Defense (the single-roll reading of the rules yaml);
    each success is a wound, then saves. ``cover`` lowers the shooter's Perception
    (dwethia.shoot.hit_modifiers). ``destiny`` re-rolls failed shots."""

    shots: int
    perception: int
    strength: int
    defence: int
    cover: int = 0
    save: int | None = None
    destiny: int = 0
    save_destiny: int = 0
    chart: Chart = "example"
    #: an [Arc] shot lobbed beyond normal range or without sight needs a 6 (dwethia.weapon.arc)
    lobbed: bool = False

    @property
    def wound_needed(self) -> int:
        if self.lobbed:
            return 6
        return target_number(self.perception - self.cover + self.strength, self.defence,
                             self.chart)

    def _stages(self) -> _Stages:
        return _ranged_stages(self)

    def steps(self, dice: Dice) -> Generator[RerollAsk, int, AttackRoll]:
        return self._stages().steps(dice)

    def sample(self, dice: Dice) -> AttackRoll:
        return self._stages().sample(dice)

    def distribution(self) -> dict[int, Fraction]:
        return self._stages().distribution()


@lru_cache(maxsize=1024)
def _ranged_stages(a: RangedAttack) -> _Stages:
    return _Stages(a.shots, None, a.wound_needed, a.save, a.destiny,
                   save_destiny=a.save_destiny)


@dataclass(frozen=True, slots=True)
class OpportunityAttack:
    """Opportunity Attacks (dwethia.melee.opportunity_attack): one D6 per point of Aggression
    of each stationary enemy; every 6 wounds; saves apply (the rules yaml's default)."""

    dice: int
    save: int | None = None
    save_destiny: int = 0

    def _stages(self) -> _Stages:
        return _Stages(self.dice, None, 6, self.save, 0, save_destiny=self.save_destiny)

    def steps(self, dice: Dice) -> Generator[RerollAsk, int, AttackRoll]:
        return self._stages().steps(dice)

    def sample(self, dice: Dice) -> AttackRoll:
        return self._stages().sample(dice)

    def distribution(self) -> dict[int, Fraction]:
        return self._stages().distribution()


@dataclass(frozen=True, slots=True)
class SaveRoll:
    """Saves alone (dwethia.combat.saves): one D6 per wound on ``save``+, failed saves
    re-rolled with up to ``save_destiny`` Destiny; used where a wound is decided before the save
    (a shot into combat whose side is rolled for, a Blast's huddle behind a shield)."""

    wounds: int
    save: int | None
    save_destiny: int = 0

    def steps(self, dice: Dice) -> Generator[RerollAsk, int, tuple[list[int], list[int], int]]:
        """As :meth:`_Stages.steps`: asks how many failed saves to re-roll."""
        if self.save is None:
            return [], [], self.wounds
        first = dice.roll(self.wounds)
        unsaved = sum(1 for f in first if not _succeeds(f, self.save))
        r = 0
        if self.save_destiny and unsaved:
            most = min(unsaved, self.save_destiny)
            r = yield RerollAsk("save", tuple(first), self.save, most, most)
        again = dice.roll(r)
        unsaved -= sum(1 for f in again if _succeeds(f, self.save))
        return first, again, unsaved

    def sample(self, dice: Dice) -> tuple[list[int], list[int], int]:
        """(save dice, re-rolled dice, unsaved wounds)."""
        steps = self.steps(dice)
        try:
            ask = next(steps)
            while True:
                ask = steps.send(ask.policy)
        except StopIteration as stop:
            result: tuple[list[int], list[int], int] = stop.value
            return result

    def distribution(self) -> dict[int, Fraction]:
        if self.save is None:
            return {self.wounds: Fraction(1)}
        weights = _save_weights(self.wounds, _faces(success_chance(self.save)), self.save_destiny)
        total = 6 ** (self.wounds + self.save_destiny)
        return {u: Fraction(w, total) for u, w in enumerate(weights) if w}


@dataclass(frozen=True, slots=True)
class IgnoreWounds:
    """A roll to ignore each unsaved wound (dwethia.combat.ignore_wounds; the house trait of the
    Champions of the Void ignores a wound on a ``needed``+, 6 by default)."""

    wounds: int
    needed: int = 6

    def sample(self, dice: Dice) -> tuple[list[int], int]:
        """(dice, wounds that still stand)."""
        rolled = dice.roll(self.wounds)
        return rolled, sum(1 for f in rolled if f < self.needed)

    def distribution(self) -> dict[int, Fraction]:
        p = Fraction(min(6, max(0, 7 - self.needed)), 6)
        return {k: comb(self.wounds, k) * (1 - p) ** k * p ** (self.wounds - k)
                for k in range(self.wounds + 1)}


# --------------------------------------------------------------------------------- resistance
@dataclass(frozen=True, slots=True)
class ResistanceResult:
    caster_roll: int
    defender_roll: int
    caster_total: int  # D6 + Affinity bonus, before Destiny
    defender_total: int  # D6 + Faith bonus, before Destiny

    affinity_destiny: int
    faith_destiny: int

    @property
    def resolves(self) -> bool:
        """The power resolves unless the defender, spending up to all its Destiny, ends strictly
        higher than the caster spending up to all of its own (the caster wins ties)."""
        return self.defender_total + self.faith_destiny <= self.caster_total + self.affinity_destiny


@dataclass(frozen=True, slots=True)
class ResistanceRoll:
    """Resisting an Affinity power with Faith (dwethia.magic.faith_resistance) and the Destiny
    bidding after the roll (dwethia.magic.destiny_bidding).

    ``affinity``: the caster's bonus - the Affinity spent on the power plus further Affinity bid
    (the book's example counts the casting cost towards the bonus). ``faith``: the defender's
    bonus - the Faith bid after the one point it pays to resist, which adds nothing (again as in
    the example). Both roll a D6 and add their bonus; then each side adds Destiny, one point at
    a time, until both pass. With each side willing to spend up to ``affinity_destiny`` /
    ``faith_destiny`` the bidding ends with the defender ahead exactly when its total plus all
    its Destiny is higher than the caster's total plus all of its own; the caster wins ties."""

    affinity: int
    faith: int
    affinity_destiny: int = 0
    faith_destiny: int = 0

    def sample(self, dice: Dice) -> ResistanceResult:
        caster, defender = dice.d6(), dice.d6()
        return ResistanceResult(caster, defender, caster + self.affinity,
                                defender + self.faith, self.affinity_destiny, self.faith_destiny)

    def margin_distribution(self) -> dict[int, Fraction]:
        """Caster total minus defender total, Destiny included (>= 0: the power resolves)."""
        offset = self.affinity + self.affinity_destiny - self.faith - self.faith_destiny
        out: dict[int, Fraction] = {}
        for a in range(1, 7):
            for d in range(1, 7):
                _add(out, a - d + offset, Fraction(1, 36))
        return dict(sorted(out.items()))

    def probability(self) -> Fraction:
        """Chance that the power resolves."""
        return sum((p for m, p in self.margin_distribution().items() if m >= 0), Fraction(0))

    def distribution(self) -> dict[str, Fraction]:
        p = self.probability()
        return {"resolves": p, "negated": 1 - p}
