"""ArcWorlde dice mechanics, each defined once with two interpreters.

``sample(dice)`` rolls the mechanic with the game's dice and returns every die rolled (the game
uses it, and the log shows it); ``distribution()`` / ``probability()`` give the exact result as
fractions (the odds engine and the AIs use it). A test checks that the two agree.

Rule ids: ``arcworlde.dice.success``, ``arcworlde.dice.advantage_disadvantage``,
``arcworlde.dice.rerolls``, ``arcworlde.feat.attempt``, ``arcworlde.combat.attack_resolution``,
``arcworlde.combat.armour_value``, ``arcworlde.morale.bravery_test``, ``arcworlde.action.leg_it``,
``arcworlde.trait.agile``, ``arcworlde.magic.casting``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import factorial

from warband.core.deck import Card, Deck, standard_54
from warband.core.dice import Dice

__all__ = [
    "DIFFICULTY",
    "AttackMechanic",
    "AttackRoll",
    "BraveryRoll",
    "BraveryTest",
    "D6Hits",
    "DefenceDie",
    "FeatCheck",
    "FeatRoll",
    "FixedHits",
    "LegItRoll",
    "LegItRun",
    "SpellCast",
    "SpellCasting",
    "leg_it_trips_on",
    "next_card_odds",
    "spell_best_total",
    "spell_verdict",
    "successes",
]

#: Successes needed by each Feat difficulty (arcworlde.feat.difficulty). Steps beyond
#: Legendary need one more Success each (our reading for 5+ enemies when Disengaging).
DIFFICULTY: dict[str, int] = {"easy": 1, "medium": 2, "hard": 3, "legendary": 4}
DIFFICULTY_NAMES = ("easy", "medium", "hard", "legendary")

# Successes of each face: 1-3 fail, 4-5 one Success, 6 a Critical worth two.
_SUCCESS = (0, 0, 0, 0, 1, 1, 2)
#: probability of 0, 1 and 2 Successes on one die
_ONE_DIE = (Fraction(1, 2), Fraction(1, 3), Fraction(1, 6))


def successes(faces: Sequence[int]) -> int:
    """Successes on a set of D6 faces (arcworlde.dice.success)."""
    return sum(_SUCCESS[f] for f in faces)


def difficulty_name(needed: int) -> str:
    if 1 <= needed <= 4:
        return DIFFICULTY_NAMES[needed - 1]
    return f"legendary+{needed - 4}"


def _pool_with_advantage(dice: Dice, n: int, advantage: int) -> tuple[list[int], list[int]]:
    """Roll ``n`` dice, plus one when at Advantage or Disadvantage, and drop the worst or best
    die (arcworlde.dice.advantage_disadvantage). Returns (rolled, kept)."""
    if advantage == 0 or n == 0:
        rolled = dice.roll(n)
        return rolled, rolled
    rolled = dice.roll(n + 1)
    drop = rolled.index(min(rolled) if advantage > 0 else max(rolled))
    return rolled, rolled[:drop] + rolled[drop + 1 :]


@lru_cache(maxsize=4096)
def _success_pool_distribution(n: int, advantage: int) -> dict[int, Fraction]:
    """Exact distribution of total Successes on ``n`` dice with Advantage (+1),
    Disadvantage (-1) or neither (0)."""
    if n <= 0:
        return {0: Fraction(1)}
    import icepool  # imported when first needed: it is slow to import (CLI start-up)

    success_die = icepool.d6.map(lambda f: _SUCCESS[f])
    if advantage == 0:
        total = n @ success_die
    else:
        pool = icepool.Pool([success_die] * (n + 1))
        total = (pool.highest(n) if advantage > 0 else pool.lowest(n)).sum()
    return {int(o): Fraction(p) for o, p in zip(total.outcomes(), total.probabilities(), strict=True)}


# --------------------------------------------------------------------------------- Feats
@dataclass(frozen=True, slots=True)
class FeatRoll:
    rolled: list[int]
    kept: list[int]
    successes: int
    needed: int

    @property
    def success(self) -> bool:
        return self.successes >= self.needed


@dataclass(frozen=True, slots=True)
class FeatCheck:
    """A Feat: one D6 per AP committed, succeeding on ``needed`` Successes
    (arcworlde.feat.attempt, arcworlde.feat.difficulty)."""

    dice: int
    needed: int
    advantage: int = 0

    def sample(self, dice: Dice) -> FeatRoll:
        rolled, kept = _pool_with_advantage(dice, self.dice, self.advantage)
        return FeatRoll(rolled, kept, successes(kept), self.needed)

    def probability(self) -> Fraction:
        dist = _success_pool_distribution(self.dice, self.advantage)
        return sum((p for s, p in dist.items() if s >= self.needed), Fraction(0))


# --------------------------------------------------------------------------------- Attacks
@dataclass(frozen=True, slots=True)
class DefenceDie:
    """One Defence Roll: a die (two at Advantage/Disadvantage, keeping one), and the extra die
    an Arcanite Token adds to it (arcworlde.arcanite.using), rolled the same way."""

    rolled: tuple[int, ...]  # two dice at Advantage/Disadvantage, else one
    kept: int
    extra_rolled: tuple[int, ...] = ()  # the Arcanite extra die (two at Adv./Disadv.), if any
    extra_kept: int = 0  # its kept face (0: no extra die)

    @property
    def saves(self) -> int:
        """Hits this roll cancels: the Successes of its die plus those of an extra die."""
        return _SUCCESS[self.kept] + _SUCCESS[self.extra_kept]


@dataclass(frozen=True, slots=True)
class AttackRoll:
    power_dice: list[int]  # after any re-rolls
    rerolled: list[tuple[int, int]]  # (old face, new face) for each re-rolled Power die
    hits: int  # Successes on the Power dice (a Crit is two)
    crits: int  # number of 6s
    armour_blocked: int
    defence: list[DefenceDie]
    damage: int

    @property
    def hits_after_armour(self) -> int:
        return self.hits - self.armour_blocked

    @property
    def defended(self) -> int:
        return self.hits_after_armour - self.damage


@lru_cache(maxsize=64)
def _defence_die(advantage: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(0, 1, 2 Hits defended) by one Defence Roll (arcworlde.combat.attack_resolution:
    at Advantage or Disadvantage each Defence die is two dice keeping the best or worst)."""
    if advantage == 0:
        return _ONE_DIE
    counts = [0, 0, 0]
    for a, b in product(range(1, 7), repeat=2):
        kept = max(a, b) if advantage > 0 else min(a, b)
        counts[_SUCCESS[kept]] += 1
    return (Fraction(counts[0], 36), Fraction(counts[1], 36), Fraction(counts[2], 36))


@lru_cache(maxsize=64)
def _defence_step(advantage: int, extra: bool) -> tuple[Fraction, ...]:
    """P(k Hits cancelled) by one Defence Roll, k = 0..4: one die, or with an Arcanite extra
    die two dice whose Successes add up (the rules yaml's reading of "an extra D6 on any roll"
    for a Defence Roll)."""
    one = _defence_die(advantage)
    if not extra:
        return (*one, Fraction(0), Fraction(0))
    out = [Fraction(0)] * 5
    for a, pa in enumerate(one):
        for b, pb in enumerate(one):
            out[a + b] += pa * pb
    return tuple(out)


@lru_cache(maxsize=4096)
def _defence_chain(hits: int, advantage: int, rerolls: int = 0, extra: int = 0
                   ) -> dict[int, Fraction]:
    """Damage distribution when ``hits`` Hits face the Defence Roll chain: roll one die at a
    time, cancel 1 (Success) or 2 (Crit) Hits, stop at the first Failure; the Hits still
    standing then become Damage. ``rerolls`` failed Defence Rolls are rolled again first;
    the first ``extra`` Defence Rolls made (re-rolls included) each have an Arcanite extra
    die."""
    if hits <= 0:
        return {0: Fraction(1)}
    step = _defence_step(advantage, extra > 0)
    later = max(0, extra - 1)
    out: dict[int, Fraction] = {}
    if rerolls > 0:
        for dmg, q in _defence_chain(hits, advantage, rerolls - 1, later).items():
            out[dmg] = step[0] * q
    else:
        out[hits] = step[0]
    for saved in range(1, 5):
        p = step[saved]
        if not p:
            continue
        for dmg, q in _defence_chain(max(0, hits - saved), advantage, rerolls, later).items():
            out[dmg] = out.get(dmg, Fraction(0)) + p * q
    return out


def _multinomial(n: int, ks: Sequence[int]) -> int:
    out = factorial(n)
    for k in ks:
        out //= factorial(k)
    return out


@lru_cache(maxsize=4096)
def _power_outcomes(power: int, rerolls: int) -> dict[tuple[int, int], Fraction]:
    """Distribution of (non-Crit Hits, Crits) from ``power`` dice when up to ``rerolls`` failed
    dice may be re-rolled once each (arcworlde.dice.rerolls: the new result stands).

    Counted in integers (faces: 3 fail, 2 one Success, 1 Crit, out of 6; unused re-rolls padded
    to a common 6 ** (power + most re-rolls)) and divided once at the end: exact and far faster
    than adding Fractions."""
    most = min(power, rerolls)
    ways: dict[tuple[int, int], int] = {}
    for fails in range(power + 1):
        for crits in range(power - fails + 1):
            ones = power - fails - crits
            w = _multinomial(power, (fails, ones, crits)) * 3**fails * 2**ones
            k = min(fails, rerolls)
            pad = 6 ** (most - k)
            # k re-rolled dice, each again 0 / 1 / 2 Successes.
            for a in range(k + 1):
                for c in range(k - a + 1):
                    b = k - a - c
                    q = _multinomial(k, (a, b, c)) * 3**a * 2**b
                    key = (ones + b, crits + c)
                    ways[key] = ways.get(key, 0) + w * q * pad
    total = 6 ** (power + most)
    return {key: Fraction(w, total) for key, w in ways.items()}


@dataclass(frozen=True, slots=True)
class AttackMechanic:
    """One Attack (arcworlde.combat.attack_resolution, arcworlde.combat.armour_value).

    Roll ``power`` D6: each Success is a Hit, each Crit two. Subtract ``armour`` (from the Hits
    of non-Crit dice only when Crits ignore Armour; not at all when the Attack ignores Armour),
    then the target rolls Defence dice one at a time until one fails or no Hits are left;
    the Hits left when a Defence Roll fails are the Damage. ``defence`` is +1 at Advantage
    (Cover), -1 at Disadvantage (Prone, Broken), 0 otherwise. ``rerolls`` failed Power dice may
    be re-rolled once each; ``defence_rerolls`` failed Defence Rolls are rolled again (both
    dice of the roll at Advantage or Disadvantage). ``defence_extra``: the first that many
    Defence Rolls each roll one extra die (an Arcanite Token, arcworlde.arcanite.using), whose
    Successes add to the roll's.
    """

    power: int
    armour: int = 0
    defence: int = 0
    crit_ignores_armour: bool = False
    ignores_armour: bool = False
    rerolls: int = 0
    defence_rerolls: int = 0
    defence_extra: int = 0

    def _blocked(self, plain_hits: int, crit_hits: int) -> int:
        if self.ignores_armour or self.armour <= 0:
            return 0
        if self.crit_ignores_armour:
            return min(self.armour, plain_hits)
        return min(self.armour, plain_hits + crit_hits)

    def sample(self, dice: Dice) -> AttackRoll:
        faces = dice.roll(self.power)
        rerolled: list[tuple[int, int]] = []
        budget = self.rerolls
        for i, f in enumerate(faces):
            if budget <= 0:
                break
            if _SUCCESS[f] == 0:
                new = dice.d6()
                rerolled.append((f, new))
                faces[i] = new
                budget -= 1
        crits = sum(1 for f in faces if f == 6)
        plain = sum(1 for f in faces if f in (4, 5))
        hits = plain + 2 * crits
        blocked = self._blocked(plain, 2 * crits)
        defence, left = self.defend(dice, hits - blocked)
        return AttackRoll(faces, rerolled, hits, crits, blocked, defence, left)

    def defend(self, dice: Dice, left: int) -> tuple[list[DefenceDie], int]:
        """The Defence Roll chain against ``left`` Hits: (the rolls, the Damage)."""
        defence: list[DefenceDie] = []
        second_chances = self.defence_rerolls
        extra = self.defence_extra
        while left > 0:
            die = self._defence_roll(dice, extra > 0)
            extra -= 1
            defence.append(die)
            if die.saves == 0:
                if second_chances <= 0:
                    break
                second_chances -= 1
                continue
            left = max(0, left - die.saves)
        return defence, left

    def _defence_die(self, dice: Dice) -> tuple[tuple[int, ...], int]:
        if self.defence == 0:
            face = dice.d6()
            return (face,), face
        rolled = (dice.d6(), dice.d6())
        return rolled, max(rolled) if self.defence > 0 else min(rolled)

    def _defence_roll(self, dice: Dice, extra: bool = False) -> DefenceDie:
        rolled, kept = self._defence_die(dice)
        if not extra:
            return DefenceDie(rolled, kept)
        extra_rolled, extra_kept = self._defence_die(dice)
        return DefenceDie(rolled, kept, extra_rolled, extra_kept)

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of Damage dealt by this Attack."""
        standing: dict[int, Fraction] = {}  # Hits left after Armour
        for (plain, crits), p in _power_outcomes(self.power, self.rerolls).items():
            hits = plain + 2 * crits
            left = hits - self._blocked(plain, 2 * crits)
            standing[left] = standing.get(left, Fraction(0)) + p
        out: dict[int, Fraction] = {}
        for left, p in standing.items():
            chain = _defence_chain(left, self.defence, self.defence_rerolls, self.defence_extra)
            for dmg, q in chain.items():
                out[dmg] = out.get(dmg, Fraction(0)) + p * q
        return dict(sorted(out.items()))

    def crit_chance(self) -> Fraction:
        """Probability that at least one Power die is a Crit (before re-rolls)."""
        return 1 - Fraction(5, 6) ** self.power

    def mean(self) -> Fraction:
        return sum((d * p for d, p in self.distribution().items()), Fraction(0))


@dataclass(frozen=True, slots=True)
class D6Hits:
    """D6 Hits (not Power dice) that go through Armour and the Defence Roll chain, as the
    Gobble Trait deals them (arcworlde.trait.gobble, arcworlde.trait.gobble_escape; the rules
    yaml's default: they are Hits like any other)."""

    armour: int = 0
    defence: int = 0
    defence_rerolls: int = 0

    def sample(self, dice: Dice) -> tuple[int, int, list[DefenceDie], int]:
        """(Hits rolled, blocked by Armour, Defence Rolls, Damage)."""
        hits = dice.d6()
        blocked = min(max(0, self.armour), hits)
        chain = AttackMechanic(0, defence=self.defence, defence_rerolls=self.defence_rerolls)
        defence, damage = chain.defend(dice, hits - blocked)
        return hits, blocked, defence, damage

    def distribution(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for hits in range(1, 7):
            left = hits - min(max(0, self.armour), hits)
            for dmg, q in _defence_chain(left, self.defence, self.defence_rerolls).items():
                out[dmg] = out.get(dmg, Fraction(0)) + q / 6
        return dict(sorted(out.items()))


@dataclass(frozen=True, slots=True)
class FixedHits:
    """A set number of Hits against Armour and the Defence Roll chain: a Narrative Feat's
    damage, 3 Hits per Success its difficulty needs, shared among its targets
    (arcworlde.feat.narrative_damage; the yaml default: they are Hits like any others)."""

    hits: int
    armour: int = 0
    defence: int = 0
    defence_rerolls: int = 0

    def sample(self, dice: Dice) -> tuple[int, list[DefenceDie], int]:
        """(blocked by Armour, Defence Rolls, Damage)."""
        blocked = min(max(0, self.armour), self.hits)
        chain = AttackMechanic(0, defence=self.defence, defence_rerolls=self.defence_rerolls)
        defence, damage = chain.defend(dice, self.hits - blocked)
        return blocked, defence, damage

    def distribution(self) -> dict[int, Fraction]:
        left = self.hits - min(max(0, self.armour), self.hits)
        return dict(sorted(_defence_chain(left, self.defence, self.defence_rerolls).items()))


@lru_cache(maxsize=8192)
def expected_damage(mechanic: AttackMechanic) -> float:
    """Mean Damage of an Attack, cached for the AIs' inner loops."""
    return float(mechanic.mean())


# --------------------------------------------------------------------------------- Bravery
@dataclass(frozen=True, slots=True)
class BraveryRoll:
    rolled: list[int]
    kept: list[int]
    total: int
    bravery: int

    @property
    def passed(self) -> bool:
        return self.total <= self.bravery


@dataclass(frozen=True, slots=True)
class BraveryTest:
    """Roll 2D6 and pass on a total equal to or under Bravery (arcworlde.morale.bravery_test).

    Low is good here, so at Advantage three dice are rolled and the highest dropped; at
    Disadvantage the lowest (our reading of arcworlde.dice.advantage_disadvantage, as the
    rules yaml suggests)."""

    bravery: int
    advantage: int = 0

    def sample(self, dice: Dice) -> BraveryRoll:
        if self.advantage == 0:
            rolled = dice.roll(2)
            kept = rolled
        else:
            rolled = dice.roll(3)
            drop = rolled.index(max(rolled) if self.advantage > 0 else min(rolled))
            kept = rolled[:drop] + rolled[drop + 1 :]
        return BraveryRoll(rolled, kept, sum(kept), self.bravery)

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of the kept total."""
        import icepool  # imported when first needed: it is slow to import (CLI start-up)

        if self.advantage == 0:
            die = 2 @ icepool.d6
        else:
            pool = icepool.Pool([icepool.d6] * 3)
            die = (pool.lowest(2) if self.advantage > 0 else pool.highest(2)).sum()
        return {int(o): Fraction(p) for o, p in zip(die.outcomes(), die.probabilities(), strict=True)}

    def probability(self) -> Fraction:
        return sum((p for t, p in self.distribution().items() if t <= self.bravery), Fraction(0))


# --------------------------------------------------------------------------------- Leg It
def leg_it_trips_on(attempt: int) -> int:
    """The lowest face that trips on the ``attempt``-th Leg It roll of an Activation:
    6 on the first, 5 on the second, ... and every face from the sixth on
    (arcworlde.action.leg_it)."""
    return max(1, 7 - attempt)


@dataclass(frozen=True, slots=True)
class LegItRoll:
    """One Leg It roll: the inches gained, or a trip (Prone, no distance)."""

    attempt: int
    face: int

    @property
    def trips(self) -> bool:
        return self.face >= leg_it_trips_on(self.attempt)

    @property
    def inches(self) -> int:
        return 0 if self.trips else self.face

    @staticmethod
    def sample(dice: Dice, attempt: int) -> LegItRoll:
        return LegItRoll(attempt, dice.d6())

    @staticmethod
    def sequence_distribution(attempts: int) -> dict[tuple[int, bool], Fraction]:
        """Exact distribution of (total inches, fell Prone) when a Character commits to up to
        ``attempts`` Leg It rolls, stopping at the first trip."""
        states: dict[tuple[int, bool], Fraction] = {(0, False): Fraction(1)}
        for attempt in range(1, attempts + 1):
            trip_on = leg_it_trips_on(attempt)
            nxt: dict[tuple[int, bool], Fraction] = {}
            for (dist, fell), p in states.items():
                if fell:
                    nxt[(dist, True)] = nxt.get((dist, True), Fraction(0)) + p
                    continue
                for face in range(1, 7):
                    key = (dist, True) if face >= trip_on else (dist + face, False)
                    nxt[key] = nxt.get(key, Fraction(0)) + p / 6
            states = nxt
        return dict(sorted(states.items()))


# --------------------------------------------------------------------------------- Spells
#: ArcDeck card classes for Spells (arcworlde.magic.card_values): Aces ("A", 1 or 11), the
#: number cards 2-9, the ten-valued cards (10, J, Q, K: sixteen of them) and the two Jokers
#: (any value 1-11). Suits never matter (arcworlde.arcdeck.deck).
SPELL_CARD_CLASSES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Joker")
#: how many cards of each class a fresh 54-card ArcDeck holds
ARCDECK_COUNTS: tuple[int, ...] = (4, 4, 4, 4, 4, 4, 4, 4, 4, 16, 2)
_CLASS_INDEX = {name: i for i, name in enumerate(SPELL_CARD_CLASSES)}


def spell_card_class(rank: str) -> str:
    """The Spell card class of a card rank: court cards count as 10."""
    return "10" if rank in ("J", "Q", "K") else rank


def spell_totals(fixed: int, aces: int, jokers: int) -> tuple[int, int, bool]:
    """The lowest and highest totals a caster can make, and whether every total between them
    can be made (arcworlde.magic.card_values: each Ace 1 or 11, each Joker 1-11).

    With at least one Joker every total in between can be made; with Aces only, the totals step
    by 10."""
    low = fixed + aces + jokers
    return low, low + 10 * (aces + jokers), jokers > 0 or aces == 0


def _spell_verdict(level: int, fixed: int, aces: int, jokers: int, avoid_overpower: bool) -> str:
    """What the caster does with the cards showing: ``"cast"`` (a total from the level to 21),
    ``"overpowered"`` (the Spell is cast with a total over 21) or ``"below"`` (no total the
    caster is willing to choose reaches the level).

    Our reading of arcworlde.magic.casting / card_values / overpowered (the rules yaml default):
    the caster re-chooses Ace and Joker values whenever the total is counted and takes a total
    from the level to 21 when there is one. Only when even the lowest total is over 21 is the
    Spell forced to be Overpowered. When the totals skip over that window (Aces only: a total
    under the level, the next one over 21), a caster who ``avoid_overpower`` keeps the low total
    (and may draw again); otherwise (the Rogue Warband reading, arcworlde.solo.magic) the Spell
    is cast Overpowered at once.
    """
    low, high, contiguous = spell_totals(fixed, aces, jokers)
    # the lowest total the caster can make that reaches the level
    if level <= low:
        first = low
    elif contiguous:
        first = level
    else:  # Aces only: totals low, low + 10, ..., high
        first = low + 10 * -(-(level - low) // 10)
    if first <= min(high, 21):
        return "cast"
    if low > 21:
        return "overpowered"
    if high >= level:  # every total reaching the level is over 21, a lower one is not
        return "below" if avoid_overpower else "overpowered"
    return "below"


def _hand(cards: Sequence[Card]) -> tuple[int, int, int]:
    """(fixed value total, Aces, Jokers) of the cards showing."""
    fixed = aces = jokers = 0
    for card in cards:
        cls = spell_card_class(card.rank)
        if cls == "A":
            aces += 1
        elif cls == "Joker":
            jokers += 1
        else:
            fixed += int(cls)
    return fixed, aces, jokers


def spell_verdict(level: int, cards: Sequence[Card], avoid_overpower: bool = True) -> str:
    """The verdict on the cards showing for a Spell of ``level``: ``"cast"``,
    ``"overpowered"`` or ``"below"`` (arcworlde.magic.casting, arcworlde.magic.card_values,
    arcworlde.magic.overpowered). Aces and Jokers take the values best for the caster at the
    moment the total is counted. The game (``rules/magic.py``) and the odds engine both judge
    a hand with this one function."""
    return _spell_verdict(level, *_hand(cards), avoid_overpower)


def spell_best_total(level: int, cards: Sequence[Card]) -> int:
    """The total the caster declares for the cards showing: the lowest total that reaches the
    level without going over 21 if there is one, else the lowest total that reaches it, else
    the highest total (still below the level)."""
    fixed, aces, jokers = _hand(cards)
    low, high, contiguous = spell_totals(fixed, aces, jokers)
    totals = range(low, high + 1) if contiguous else range(low, high + 1, 10)
    reaching = [t for t in totals if t >= level]
    fitting = [t for t in reaching if t <= 21]
    if fitting:
        return fitting[0]
    return reaching[0] if reaching else high


def next_card_odds(level: int, cards: Sequence[Card]) -> tuple[Fraction, Fraction]:
    """Chances that one more card cleanly casts (a total from the level to 21) or
    Overpowers a Spell of ``level``, given the cards showing, the card drawn from a fresh
    54-card ArcDeck less the cards showing (the caster does not count the discards). The AIs
    use it to decide whether paying for a card is worth it."""
    counts = list(ARCDECK_COUNTS)
    for card in cards:
        counts[_CLASS_INDEX[spell_card_class(card.rank)]] -= 1
    left = sum(counts)
    fixed, aces, jokers = _hand(cards)
    values = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0)
    ace, joker = _CLASS_INDEX["A"], _CLASS_INDEX["Joker"]
    cast = over = 0
    for i, count in enumerate(counts):
        if count <= 0:
            continue
        verdict = _spell_verdict(level, fixed + values[i], aces + (i == ace),
                                 jokers + (i == joker), True)
        if verdict == "cast":
            cast += count
        elif verdict == "overpowered":
            over += count
    return Fraction(cast, left), Fraction(over, left)


@dataclass(frozen=True, slots=True)
class SpellCast:
    """One attempt to cast a Spell: the cards drawn and what came of it."""

    cards: list[Card]
    verdict: str  # "cast", "overpowered" or "failed"
    extra_cards: int  # cards paid for (1AP or an Arcanite Token each) after the first two
    hp_lost: int  # D6 HP lost when Overpowered, else 0

    @property
    def cast(self) -> bool:
        return self.verdict != "failed"


@dataclass(frozen=True, slots=True)
class SpellCasting:
    """Casting a Spell of ``level`` with the ArcDeck (arcworlde.magic.casting,
    arcworlde.magic.card_values, arcworlde.magic.overpowered).

    Draw two cards; while no acceptable total reaches the level, pay for another card, up to
    ``max_extra_cards`` of them; then the Spell is cast, cast Overpowered (a total over 21: the
    Mage loses D6 HP) or has failed. The caster pays for every card it may while below the
    level. The exact distribution assumes the cards come from a freshly shuffled 54-card
    ArcDeck (drawn without replacement), as does ``sample`` when no deck is given.
    """

    level: int
    max_extra_cards: int
    avoid_overpower: bool = True

    def sample(self, dice: Dice, deck: Deck | None = None) -> SpellCast:
        if deck is None:
            deck = Deck(standard_54(), dice)
        cards = [deck.draw(), deck.draw()]
        while True:
            verdict = self._verdict(cards)
            if verdict == "below" and len(cards) - 2 < self.max_extra_cards:
                cards.append(deck.draw())
                continue
            break
        final = "failed" if verdict == "below" else verdict
        hp = dice.d6() if final == "overpowered" else 0
        return SpellCast(cards, final, len(cards) - 2, hp)

    def _verdict(self, cards: Sequence[Card]) -> str:
        return spell_verdict(self.level, cards, self.avoid_overpower)

    def distribution(self) -> dict[tuple[str, int], Fraction]:
        """Exact distribution of (verdict, extra cards paid for)."""
        return dict(_spell_distribution(self.level, self.max_extra_cards, self.avoid_overpower))


@lru_cache(maxsize=1024)
def _spell_distribution(
    level: int, max_extra: int, avoid_overpower: bool
) -> tuple[tuple[tuple[str, int], Fraction], ...]:
    """Exact (verdict, extra cards) distribution, card by card.

    What happens next depends only on which cards are showing (not their order), so each layer
    (cards drawn) holds the distinct hands still drawing, with the number of ordered ways to
    reach them (integers: a hand of ``n`` cards has probability ``ways / (54 * 53 * ...)``);
    division happens once at the end."""
    total_cards = sum(ARCDECK_COUNTS)
    values = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0)
    ace, joker = _CLASS_INDEX["A"], _CLASS_INDEX["Joker"]
    verdicts: dict[tuple[int, int, int], str] = {}
    ways: dict[tuple[str, int], int] = {}
    # a hand: (counts drawn of each card class, fixed value total)
    layer: dict[tuple[tuple[int, ...], int], int] = {((0,) * len(ARCDECK_COUNTS), 0): 1}
    n = 0
    while layer:
        nxt: dict[tuple[tuple[int, ...], int], int] = {}
        for (drawn, fixed), w in layer.items():
            aces, jokers = drawn[ace], drawn[joker]
            for i, count in enumerate(ARCDECK_COUNTS):
                remaining = count - drawn[i]
                if not remaining:
                    continue
                total = fixed + values[i]
                weight = w * remaining
                if n >= 1:  # two or more cards showing: judge them
                    key = (total, aces + (i == ace), jokers + (i == joker))
                    verdict = verdicts.get(key)
                    if verdict is None:
                        verdict = _spell_verdict(level, *key, avoid_overpower)
                        verdicts[key] = verdict
                    if verdict != "below" or n - 1 >= max_extra or n + 1 >= total_cards:
                        # cast, Overpowered, or failed: no more cards to pay for (or draw)
                        end = ("failed" if verdict == "below" else verdict, n - 1)
                        ways[end] = ways.get(end, 0) + weight
                        continue
                hand = (drawn[:i] + (drawn[i] + 1,) + drawn[i + 1 :], total)
                nxt[hand] = nxt.get(hand, 0) + weight
        layer = nxt
        n += 1
    out: dict[tuple[str, int], Fraction] = {}
    for (verdict, extra), w in ways.items():
        ordered = 1
        for k in range(extra + 2):
            ordered *= total_cards - k
        out[(verdict, extra)] = Fraction(w, ordered)
    return tuple(sorted(out.items()))


# --------------------------------------------------------------------------------- Leg It runs
@dataclass(frozen=True, slots=True)
class LegItRun:
    """A Character commits to up to ``attempts`` Leg It rolls in one Activation, stopping at
    the first trip (arcworlde.action.leg_it). With ``agile`` it re-rolls the first tripping
    roll once, against the same threshold (arcworlde.trait.agile: once per Round), as the game
    offers it in ``rules/activation.py``."""

    attempts: int
    agile: bool = False

    def sample(self, dice: Dice) -> tuple[int, bool, list[LegItRoll]]:
        """(inches gained, fell Prone, every roll)."""
        inches, rolls, reroll = 0, [], self.agile
        for attempt in range(1, self.attempts + 1):
            roll = LegItRoll.sample(dice, attempt)
            rolls.append(roll)
            if roll.trips and reroll:
                reroll = False
                roll = LegItRoll.sample(dice, attempt)
                rolls.append(roll)
            if roll.trips:
                return inches, True, rolls
            inches += roll.inches
        return inches, False, rolls

    def distribution(self) -> dict[tuple[int, bool], Fraction]:
        """Exact distribution of (inches gained, fell Prone).

        Counted in integer ways out of 36 per roll (a plain face is 6 of 36, a face after an
        Agile re-roll 1 of 36), divided once at the end."""
        # states: (inches, fell, Agile re-roll still available) -> ways out of 36 ** rolls
        states: dict[tuple[int, bool, bool], int] = {(0, False, self.agile): 1}
        for attempt in range(1, self.attempts + 1):
            trip_on = leg_it_trips_on(attempt)
            nxt: dict[tuple[int, bool, bool], int] = {}
            for (dist, fell, agile), w in states.items():
                if fell:
                    key = (dist, True, agile)
                    nxt[key] = nxt.get(key, 0) + 36 * w
                    continue
                for face in range(1, 7):
                    if face < trip_on:
                        key = (dist + face, False, agile)
                        nxt[key] = nxt.get(key, 0) + 6 * w
                    elif agile:
                        for again in range(1, 7):
                            key = (dist, True, False) if again >= trip_on else (
                                dist + again, False, False)
                            nxt[key] = nxt.get(key, 0) + w
                    else:
                        key = (dist, True, False)
                        nxt[key] = nxt.get(key, 0) + 6 * w
            states = nxt
        total = 36**self.attempts
        out: dict[tuple[int, bool], Fraction] = {}
        ways: dict[tuple[int, bool], int] = {}
        for (dist, fell, _), w in states.items():
            ways[(dist, fell)] = ways.get((dist, fell), 0) + w
        for end, w in sorted(ways.items()):
            out[end] = Fraction(w, total)
        return out
