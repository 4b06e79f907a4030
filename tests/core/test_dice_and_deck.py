"""Core dice (seeded, scripted) and decks of cards."""

from __future__ import annotations

from collections import Counter

import pytest

from warband.core.deck import Card, Deck, standard_54
from warband.core.dice import (
    Dice,
    DiceExhausted,
    ScriptedDice,
    derive_seed,
    keep_highest,
    keep_lowest,
    net_advantage,
)


# ------------------------------------------------------------------------------- Dice
def test_same_seed_same_dice() -> None:
    a, b = Dice(7), Dice(7)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]
    c, d = Dice(8), Dice(7)
    assert [c.d6() for _ in range(50)] != [d.d6() for _ in range(50)]


@pytest.mark.parametrize("sides", [3, 6, 10, 20])
def test_die_faces_uniform(sides: int) -> None:
    dice = Dice(sides)
    counts = Counter(dice.die(sides) for _ in range(6000 * sides // 6))
    assert set(counts) == set(range(1, sides + 1))
    expected = 1000
    assert all(abs(n - expected) < 150 for n in counts.values()), counts


def test_d3_is_read_off_a_d6() -> None:
    dice = ScriptedDice([1, 2, 3, 4, 5, 6])
    assert [dice.d3() for _ in range(6)] == [1, 1, 2, 2, 3, 3]
    seeded = Dice(1)
    assert set(Counter(seeded.d3() for _ in range(600))) == {1, 2, 3}


def test_roll_counts_dice() -> None:
    dice = Dice(3)
    faces = dice.roll(4)
    assert len(faces) == 4 and all(1 <= f <= 6 for f in faces)
    dice.d6()
    dice.uniform(0, 1)
    assert dice.rolled == 6


def test_shuffle_is_a_seeded_permutation() -> None:
    items = list(range(20))
    a, b = list(items), list(items)
    Dice(5).shuffle(a)
    Dice(5).shuffle(b)
    assert a == b and sorted(a) == items and a != items


def test_pick_and_uniform() -> None:
    dice = ScriptedDice([3])
    assert dice.pick(["a", "b", "c", "d"]) == "c"
    with pytest.raises(ValueError):
        Dice(1).pick([])
    seeded = Dice(2)
    values = [seeded.uniform(2.0, 3.0) for _ in range(100)]
    assert all(2.0 <= v < 3.0 for v in values)


def test_scripted_dice_return_the_script_in_order() -> None:
    dice = ScriptedDice([6, 5, 2])
    assert [dice.d6(), dice.d6(), dice.d6()] == [6, 5, 2]
    assert dice.remaining == 0 and dice.rolled == 3


def test_scripted_dice_exhausted_names_the_roll() -> None:
    dice = ScriptedDice([4])
    dice.d6()
    with pytest.raises(DiceExhausted, match=r"ran out at roll #2 \(a D6\)"):
        dice.d6()


def test_scripted_dice_refuse_impossible_faces() -> None:
    with pytest.raises(ValueError, match="not a face of a D6"):
        ScriptedDice([7]).d6()
    with pytest.raises(ValueError, match="not a face of a D3"):
        ScriptedDice([4]).die(3)


def test_scripted_dice_fallback_continues_seeded() -> None:
    dice = ScriptedDice([6], fallback_seed=11)
    assert dice.d6() == 6
    seeded = Dice(11)
    assert [dice.d6() for _ in range(10)] == [seeded.d6() for _ in range(10)]


def test_scripted_dice_script_shuffles() -> None:
    items = ["a", "b", "c"]
    ScriptedDice([1, 1]).shuffle(items)  # swap 2<->0, then 1<->0
    assert items == ["b", "c", "a"]


def test_derive_seed_is_stable_and_separates_streams() -> None:
    assert derive_seed(1, "controller", 0) == derive_seed(1, "controller", 0)
    seeds = {derive_seed(1, "controller", p) for p in range(10)} | {derive_seed(2, "controller", 0)}
    assert len(seeds) == 11
    assert 0 <= derive_seed(1) < 2**64


def test_keep_highest_lowest_and_net_advantage() -> None:
    assert keep_highest([2, 6, 4], 2) == [6, 4]
    assert keep_lowest([2, 6, 4], 2) == [2, 4]
    assert [net_advantage(a, d) for a, d in [(0, 0), (1, 0), (5, 0), (0, 2), (1, 1), (3, 2)]] == [
        0, 1, 1, -1, 0, 0]
    assert net_advantage(True, False) == 1


# ------------------------------------------------------------------------------- Decks
def test_standard_54_has_52_cards_and_two_jokers() -> None:
    cards = standard_54()
    assert len(cards) == 54 == len(set((c.rank, c.suit) for c in cards)) + 1
    ranks = Counter(c.rank for c in cards)
    assert ranks["Joker"] == 2 and all(ranks[r] == 4 for r in ranks if r != "Joker")
    assert str(Card("Q", "hearts")) == "Q of hearts" and str(Card("Joker", "")) == "Joker"


def test_deck_draws_without_replacement() -> None:
    deck = Deck(standard_54(), Dice(3))
    drawn = [deck.draw() for _ in range(54)]
    assert sorted(map(str, drawn)) == sorted(map(str, standard_54()))
    assert len(deck) == 0


def test_deck_reshuffles_the_discards_when_empty() -> None:
    deck = Deck([Card("A", "spades"), Card("2", "spades")], Dice(1))
    first = [deck.draw(), deck.draw()]
    deck.discard(*first)
    again = deck.draw()
    assert again in first and len(deck.discards) == 0 and len(deck) == 1


def test_deck_with_nothing_left_says_so() -> None:
    deck = Deck([Card("A", "spades")], Dice(1))
    deck.draw()
    with pytest.raises(RuntimeError, match="no cards left"):
        deck.draw()


def test_deck_order_follows_the_seed() -> None:
    a = Deck(standard_54(), Dice(9))
    b = Deck(standard_54(), Dice(9))
    assert [a.draw() for _ in range(10)] == [b.draw() for _ in range(10)]
