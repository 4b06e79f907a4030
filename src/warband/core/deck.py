"""Decks of playing cards drawn without replacement, shuffled by the game's dice."""

from __future__ import annotations

from dataclasses import dataclass

from warband.core.dice import Dice

__all__ = ["Card", "Deck", "standard_54"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, slots=True)
class Card:
    rank: str  # "A", "2".."10", "J", "Q", "K" or "Joker"
    suit: str  # one of SUITS, or "" for a Joker

    def __str__(self) -> str:
        return "Joker" if self.rank == "Joker" else f"{self.rank} of {self.suit}"


def standard_54() -> list[Card]:
    """A standard 52-card deck plus two Jokers."""
    cards = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    cards += [Card("Joker", ""), Card("Joker", "")]
    return cards


class Deck:
    """A draw pile and a discard pile.

    When the draw pile is empty, the discard pile (minus any cards still in play) is shuffled
    into a new draw pile.
    """

    __slots__ = ("_dice", "draw_pile", "discards")

    def __init__(self, cards: list[Card], dice: Dice) -> None:
        self._dice = dice
        self.draw_pile = list(cards)
        self.discards: list[Card] = []
        dice.shuffle(self.draw_pile)

    def draw(self) -> Card:
        if not self.draw_pile:
            if not self.discards:
                raise RuntimeError("the deck has no cards left to draw or reshuffle")
            self.draw_pile, self.discards = self.discards, []
            self._dice.shuffle(self.draw_pile)
        return self.draw_pile.pop()

    def discard(self, *cards: Card) -> None:
        self.discards.extend(cards)

    def __len__(self) -> int:
        return len(self.draw_pile)
