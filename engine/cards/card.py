"""Playing cards and their text notation.

Glossary: a *card* has a *rank* (1 = ace … 13 = king) and a *suit*; a *joker* has
neither (rank 0, no suit). Two decks hold identical cards, so cards compare by value.

Notation (what players type): a rank ``A 2 … 10 J Q K`` (also ``1``, ``T`` for ten,
and the French ``V D R``) followed by a suit ``♣ ♠ ♥ ♦`` or ``c s h d``; a joker is
``jk``, ``joker`` or ``*``. Any case; cards separated by spaces or commas. The
canonical form printed by :func:`format_cards` (``10♥ Q♠ JK``) parses back to the
same cards.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine.errors import NotationError
from engine.i18n import quote


class Suit(enum.IntEnum):
    """The four suits, in the sorting order of the rules: ♣ ♠ ♥ ♦."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]

    @property
    def letter(self) -> str:
        return "cshd"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


JOKER_RANK = 0
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_TEXT = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card: ``Card(12, Suit.SPADES)`` is Q♠; ``Card.joker()`` is a joker."""

    rank: int
    suit: Suit | None

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit is not None:
                raise ValueError("a joker has no suit")
        elif not 1 <= self.rank <= 13 or self.suit is None:
            raise ValueError(f"no card has rank {self.rank} and suit {self.suit}")

    @staticmethod
    def joker() -> Card:
        return JOKER

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def sort_key(self) -> tuple[int, int]:
        """Suit then rank, jokers last (the "runs" sort of the hand)."""
        if self.suit is None:
            return (4, 0)
        return (int(self.suit), self.rank)

    @property
    def rank_key(self) -> tuple[int, int]:
        """Rank then suit, jokers last (the "groups" sort of the hand)."""
        if self.suit is None:
            return (14, 0)
        return (self.rank, int(self.suit))

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        if self.suit is None:
            return "Card.joker()"
        return f"Card({self.rank}, Suit.{self.suit.name})"


JOKER = Card(JOKER_RANK, None)


def full_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """``decks`` × 52 cards plus ``jokers`` jokers, in a fixed order (suit, rank)."""
    one = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]
    return one * decks + [JOKER] * jokers


def format_card(card: Card, *, ascii: bool = False) -> str:
    """``10♥`` (or ``10h`` with ``ascii=True``); a joker is ``JK``."""
    if card.suit is None:
        return "JK"
    return RANK_TEXT[card.rank] + (card.suit.letter if ascii else card.suit.symbol)


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """The cards in canonical notation separated by spaces; parses back to the same cards."""
    return " ".join(format_card(card, ascii=ascii) for card in cards)


_SUITS = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "c": Suit.CLUBS,
    "♠": Suit.SPADES, "♤": Suit.SPADES, "s": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "h": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "d": Suit.DIAMONDS,
}  # fmt: skip
_RANKS = {"a": 1, "1": 1, "t": 10, "j": 11, "v": 11, "q": 12, "d": 12, "k": 13, "r": 13}
_RANKS.update({str(n): n for n in range(2, 11)})
_JOKERS = frozenset({"jk", "joker", "jo", "*", "🃏", "j*"})
_SEPARATORS = re.compile(r"[\s,;]+")


@cache
def parse_card(text: str) -> Card:
    """One card from its notation (``10h``, ``Q♠``, ``th``, ``jk``…).

    Raises:
        NotationError: ``text`` is not a card; the message quotes it and says what is accepted.
    """
    token = text.strip().lower().replace("\ufe0f", "")
    if token in _JOKERS:
        return JOKER
    if len(token) >= 2:
        suit = _SUITS.get(token[-1])
        rank = _RANKS.get(token[:-1])
        if suit is not None and rank is not None:
            return Card(rank, suit)
    raise NotationError("notation.card", token=quote(text))


def parse_cards(text: str) -> list[Card]:
    """Every card of ``text``, separated by spaces or commas, in the order written.

    Raises:
        NotationError: a token is not a card, or ``text`` holds no card at all.
    """
    tokens = [token for token in _SEPARATORS.split(text) if token]
    if not tokens:
        raise NotationError("notation.empty")
    return [parse_card(token) for token in tokens]
