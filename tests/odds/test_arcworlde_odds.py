"""ArcWorlde odds: exact results against brute-force enumeration of the game's own roll code
(the mechanics' ``sample()``, which the game calls) and against seeded Monte Carlo runs of it.

Rule ids refer to shared/rules/arcworlde.yaml.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from odds_helpers import assert_fits, enumerate_sample, monte_carlo

from warband import odds
from warband.core.deck import Card, Deck, standard_54
from warband.core.dice import Dice, ScriptedDice
from warband.odds import OddsError
from warband.rulesets.arcworlde import mechanics as m

ATTACKS = [
    m.AttackMechanic(power=1),
    m.AttackMechanic(power=3, armour=1),
    m.AttackMechanic(power=3, armour=2, crit_ignores_armour=True),
    m.AttackMechanic(power=1, defence=1),
    m.AttackMechanic(power=2, armour=1, defence=-1),
    m.AttackMechanic(power=2, rerolls=1),
    m.AttackMechanic(power=2, ignores_armour=True, armour=3, defence_rerolls=1),
]


@pytest.mark.parametrize("mech", ATTACKS, ids=repr)
def test_attack_resolution_matches_enumeration_of_the_game_roll(mech: m.AttackMechanic) -> None:
    """arcworlde.combat.attack_resolution, arcworlde.combat.armour_value,
    arcworlde.dice.rerolls, arcworlde.dice.advantage_disadvantage: the exact damage
    distribution equals a brute-force enumeration of every die AttackMechanic.sample rolls."""
    assert enumerate_sample(lambda d: mech.sample(d).damage) == mech.distribution()


@pytest.mark.parametrize("mech", [m.AttackMechanic(power=8, armour=2, defence=1, rerolls=2),
                                  m.AttackMechanic(power=4, defence=-1, defence_rerolls=1),
                                  m.AttackMechanic(power=12, armour=1, crit_ignores_armour=True)],
                         ids=repr)
def test_attack_resolution_matches_monte_carlo_of_the_game_roll(mech: m.AttackMechanic) -> None:
    """arcworlde.combat.attack_resolution: seeded Monte Carlo of the game's roll for sizes too
    big to enumerate."""
    assert_fits(mech.distribution(), monte_carlo(lambda d: mech.sample(d).damage, 40_000, 11))


def test_attack_worked_example_of_the_book() -> None:
    """arcworlde.combat.attack_resolution example: Stab (Power 3) rolls 6, 5, 2 for 3 Hits; no
    Armour; Defence Rolls 6 (cancels 2) then 1 (fails): 1 Damage."""
    roll = m.AttackMechanic(power=3).sample(ScriptedDice([6, 5, 2, 6, 1]))
    assert (roll.hits, roll.damage) == (3, 1)


def test_attack_query_matches_the_mechanic_and_issue_shape() -> None:
    """arcworlde.combat.attack_resolution through the query API and its JSON shape."""
    result = odds.run("arcworlde", "attack", power=4, armour=1, defence="advantage",
                      crit_ignores_armour=True, rerolls=1)
    mech = m.AttackMechanic(power=4, armour=1, defence=1, crit_ignores_armour=True, rerolls=1)
    assert result.distribution is not None
    assert result.distribution.probabilities == mech.distribution()
    data = result.to_json()
    assert set(data["distribution"]) == {str(k) for k in mech.distribution()}
    assert data["mean"] == pytest.approx(float(mech.mean()))
    assert result.at_least(1) == 1 - mech.distribution()[0]


def test_power_one_damage_by_hand() -> None:
    """arcworlde.dice.success: one die - 1/2 nothing; 4-5 one Hit then a Defence Roll (1/2 it
    stands); 6 two Hits: both stand on a failed first Defence Roll (1/2), one stands after a
    Success then a failure (1/3 * 1/2), none otherwise."""
    d = m.AttackMechanic(power=1).distribution()
    two = Fraction(1, 6) * Fraction(1, 2)
    one = Fraction(1, 3) * Fraction(1, 2) + Fraction(1, 6) * Fraction(1, 3) * Fraction(1, 2)
    assert d == {0: 1 - one - two, 1: one, 2: two}


@pytest.mark.parametrize(("ap", "needed", "advantage"),
                         [(1, 1, 0), (2, 2, 0), (3, 3, 1), (3, 4, -1), (0, 1, 0), (4, 2, 1)])
def test_feat_matches_enumeration(ap: int, needed: int, advantage: int) -> None:
    """arcworlde.feat.attempt, arcworlde.feat.difficulty, arcworlde.dice.advantage_disadvantage."""
    check = m.FeatCheck(ap, needed, advantage)
    dist = enumerate_sample(lambda d: check.sample(d).success)
    assert dist.get(True, Fraction(0)) == check.probability()
    q = odds.run("arcworlde", "feat", ap=ap, successes=needed, advantage=advantage > 0,
                 disadvantage=advantage < 0)
    assert q.probability == check.probability()


def test_feat_difficulty_names_and_cancelling() -> None:
    """arcworlde.feat.difficulty: easy 1 ... legendary 4; Advantage and Disadvantage cancel."""
    for name, needed in m.DIFFICULTY.items():
        by_name = odds.run("arcworlde", "feat", ap=3, difficulty=name).probability
        assert by_name == m.FeatCheck(3, needed).probability()
    both = odds.run("arcworlde", "feat", ap=3, difficulty="hard", advantage=True,
                    disadvantage=True)
    assert both.probability == odds.run("arcworlde", "feat", ap=3, difficulty="hard").probability
    # a medium Feat on 2 dice: P(>= 2 Successes) = 1 - P(0) - P(1) = 1 - 1/4 - 1/3
    assert odds.run("arcworlde", "feat", ap=2, difficulty="medium").probability == Fraction(5, 12)


def test_feat_rejects_bad_input() -> None:
    with pytest.raises(OddsError, match="--difficulty: must be 'easy', 'medium', 'hard'"):
        odds.run("arcworlde", "feat", ap=2, difficulty="impossible")
    with pytest.raises(OddsError, match="give --difficulty or --successes"):
        odds.run("arcworlde", "feat", ap=2)
    with pytest.raises(OddsError, match="--ap: must be greater than or equal to 0"):
        odds.run("arcworlde", "feat", ap=-1, difficulty="easy")


@pytest.mark.parametrize("advantage", [0, 1, -1])
def test_bravery_matches_enumeration(advantage: int) -> None:
    """arcworlde.morale.bravery_test: 2D6 equal to or under Bravery; Advantage rolls 3D6 and
    drops the highest, Disadvantage drops the lowest."""
    for bravery in (2, 6, 7, 9, 12):
        test = m.BraveryTest(bravery, advantage)
        dist = enumerate_sample(lambda d, t=test: t.sample(d).passed)
        assert dist.get(True, Fraction(0)) == test.probability()
    assert odds.run("arcworlde", "bravery", bravery=7).probability == Fraction(21, 36)


def test_bravery_advantage_by_hand() -> None:
    """arcworlde.morale.bravery_test: at Advantage, Bravery 2 passes only on at least two 1s of
    three dice: 3 * 5/216 + 1/216 = 16/216."""
    q = odds.run("arcworlde", "bravery", bravery=2, advantage=True)
    assert q.probability == Fraction(16, 216)


@pytest.mark.parametrize(("attempts", "agile"), [(1, False), (2, False), (3, True), (6, False)])
def test_leg_it_matches_enumeration_of_the_game_roll(attempts: int, agile: bool) -> None:
    """arcworlde.action.leg_it, arcworlde.trait.agile: every roll is LegItRoll.sample, the roll
    the game makes; the n-th roll trips on (7 - n)+."""
    run = m.LegItRun(attempts, agile)
    dist = enumerate_sample(lambda d: run.sample(d)[:2])
    assert dist == run.distribution()
    result = odds.run("arcworlde", "legit", attempts=attempts, agile=agile)
    prone = sum((p for (_, fell), p in dist.items() if fell), Fraction(0))
    assert result.payload["prone"] == prone


def test_leg_it_by_hand() -> None:
    """arcworlde.action.leg_it: one roll trips on a 6 (1/6) and otherwise moves 1-5 inches."""
    r = odds.run("arcworlde", "legit", attempts=1)
    assert r.payload["prone"] == Fraction(1, 6)
    assert r.mean == Fraction(15, 6)
    assert odds.run("arcworlde", "legit", attempts=6).payload["prone"] == 1


# ----------------------------------------------------------------------------------- spells
class _UniformDeck(Deck):
    """Draws a uniformly random remaining card with one die per draw: the same distribution as
    a shuffled deck, with few enough dice to enumerate."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self.draw_pile = standard_54()
        self.discards: list[Card] = []

    def draw(self) -> Card:
        return self.draw_pile.pop(self._dice.die(len(self.draw_pile)) - 1)


def _totals(cards: list[str]) -> set[int]:
    """Every total the cards can make (Aces 1 or 11, Jokers 1-11) - by brute force."""
    options = []
    for c in cards:
        if c == "A":
            options.append((1, 11))
        elif c == "Joker":
            options.append(tuple(range(1, 12)))
        else:
            options.append((10 if c in ("J", "Q", "K") else int(c),))
    return {sum(v) for v in product(*options)}


@pytest.mark.parametrize("cards", [["A", "A"], ["A", "9"], ["K", "Joker"], ["3", "A", "8"],
                                   ["10", "5", "9"], ["Joker", "Joker", "A"], ["2", "2"]])
@pytest.mark.parametrize("level", [5, 12, 15, 20, 21])
@pytest.mark.parametrize("avoid", [True, False])
def test_spell_verdict_agrees_with_every_choice_of_values(cards: list[str], level: int,
                                                          avoid: bool) -> None:
    """arcworlde.magic.card_values, arcworlde.magic.overpowered: the verdict agrees with a
    brute-force look at every total the Aces and Jokers allow."""
    totals = _totals(cards)
    verdict = m.SpellCasting(level, 0, avoid)._verdict([Card(c, "") for c in cards])
    clean = any(level <= t <= 21 for t in totals)
    if clean:
        assert verdict == "cast"
    elif min(totals) > 21:
        assert verdict == "overpowered"
    elif max(totals) >= level:
        assert verdict == ("below" if avoid else "overpowered")
    else:
        assert verdict == "below"


@pytest.mark.parametrize(("level", "avoid"), [(7, True), (14, True), (21, True), (19, False)])
def test_spell_matches_enumeration_of_every_draw(level: int, avoid: bool) -> None:
    """arcworlde.magic.casting, arcworlde.arcdeck.deck: exhaustive enumeration of the ordered
    two-card draws (without replacement) through SpellCasting.sample."""
    mech = m.SpellCasting(level, 0, avoid)
    dist = enumerate_sample(lambda d: _spell_key(mech.sample(d, _UniformDeck(d))))
    assert dist == mech.distribution()


RANKS = {"A": 4, **{str(v): 4 for v in range(2, 11)}, "J": 4, "Q": 4, "K": 4, "Joker": 2}


def _by_ranks(level: int, extra: int, avoid: bool) -> dict[tuple[str, int], Fraction]:
    """Brute force over ordered rank sequences drawn without replacement, each weighted by the
    cards left of its rank, judged card by card with the mechanic's verdict."""
    mech = m.SpellCasting(level, extra, avoid)
    out: dict[tuple[str, int], Fraction] = {}

    def walk(cards: list[Card], left: dict[str, int], p: Fraction) -> None:
        if len(cards) >= 2:
            verdict = mech._verdict(cards)
            if verdict != "below" or len(cards) - 2 >= extra:
                key = ("failed" if verdict == "below" else verdict, len(cards) - 2)
                out[key] = out.get(key, Fraction(0)) + p
                return
        total = sum(left.values())
        for rank, count in left.items():
            if count:
                walk([*cards, Card(rank, "")], {**left, rank: count - 1},
                     p * Fraction(count, total))

    walk([], dict(RANKS), Fraction(1))
    return out


@pytest.mark.parametrize(("level", "extra", "avoid"),
                         [(16, 1, True), (19, 2, False), (21, 2, True)])
def test_spell_with_extra_cards_matches_rank_brute_force(level: int, extra: int,
                                                         avoid: bool) -> None:
    """arcworlde.magic.casting: paying for extra cards, against a brute force over ranks."""
    assert _by_ranks(level, extra, avoid) == m.SpellCasting(level, extra, avoid).distribution()


def _spell_key(cast: m.SpellCast) -> tuple[str, int]:
    return cast.verdict, cast.extra_cards


def test_spell_matches_monte_carlo_with_shuffled_arcdecks() -> None:
    """arcworlde.magic.casting: seeded Monte Carlo with real shuffled 54-card ArcDecks."""
    mech = m.SpellCasting(17, 3)
    assert_fits(mech.distribution(), monte_carlo(lambda d: _spell_key(mech.sample(d)), 15_000, 5))


def test_spell_query_sums_and_overpower_loses_hp() -> None:
    """arcworlde.magic.overpowered: an Overpowered cast costs D6 HP; a level-2 Spell is always
    cast with the first two cards."""
    r = odds.run("arcworlde", "spell", level=2)
    assert r.probability == 1 and r.payload["overpowered"] == 0
    r = odds.run("arcworlde", "spell", level=21, max_draws=3)
    total = r.payload["cast_clean"] + r.payload["overpowered"] + r.payload["failed"]
    assert total == 1 and r.payload["overpowered"] > 0
    rogue = odds.run("arcworlde", "spell", level=21, max_draws=3, avoid_overpower=False)
    assert rogue.probability >= r.probability
    roll = m.SpellCasting(21, 3, False).sample(Dice(1))
    assert (roll.hp_lost > 0) == (roll.verdict == "overpowered")


def test_spell_rejects_absurd_levels() -> None:
    with pytest.raises(OddsError, match="--level: must be less than or equal to 21"):
        odds.run("arcworlde", "spell", level=10_000)
