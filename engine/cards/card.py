"""Playing cards and their text notation, in every language and in a form no language owns.

Glossary: a *card* has a *rank* (1 = ace … 13 = king) and a *suit*; a *joker* has
neither (rank 0, no suit). Two decks hold identical cards, so cards compare by value.

Notation (what players type and read) is a rank followed by a suit, per language: the
letters come from the catalog (``card.ranks``, ``card.suits``), so that an English
player writes ``10h Q♠`` (J Q K; suits ``c s h d``) and a French one ``10c D♠`` (V D R;
suits ``t`` trèfle, ``p`` pique, ``c`` cœur, ``k`` carreau). The suit symbols
``♣ ♠ ♥ ♦`` work in every language; a joker is ``jk``, ``joker`` or ``*``. Reading
ignores case, takes ``1`` for the ace, ``T`` for ten and the rank letters of every
language (they never clash: ``D`` is only ever a queen), but only the reader's suit
letters, because those do clash: ``c`` is clubs in English and cœur in French.
:func:`format_cards` writes cards that :func:`parse_cards` reads back in the same language.

The *code* of a card (``10h``, ``Qs``, ``JK``: :func:`write_codes`, :func:`read_codes`)
is the form no language owns: the saved game, menu values and logs use it.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from engine.errors import NotationError
from engine.i18n import Catalog, catalog, quote


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
        """The suit's letter in card codes (never translated): ``c s h d``."""
        return "cshd"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


JOKER_RANK = 0
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
# The ranks of the card codes (never translated; each language spells its own).
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


@dataclass(frozen=True, slots=True)
class _Letters:
    """How one language writes and reads cards."""

    ranks: tuple[str, ...]  # the written rank, by rank (index 0: the joker)
    suits: tuple[str, ...]  # the ASCII letter of each suit, in Suit order
    read_ranks: dict[str, int]  # folded rank text -> rank
    read_suits: dict[str, Suit]  # folded suit letter or symbol -> suit


_SYMBOLS = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
}  # fmt: skip
_ALIASES = {"1": 1, "t": 10}  # read in every language: the ace as 1, T for ten
_JOKERS = frozenset({"jk", "joker", "jo", "*", "🃏", "j*"})
_SEPARATORS = re.compile(r"[\s,;]+")


def _read_ranks(*spellings: Sequence[str]) -> dict[str, int]:
    """Rank texts (lower case) to ranks: the first spelling of a text wins."""
    table = dict(_ALIASES)
    for ranks in spellings:
        for rank, text in enumerate(ranks):
            if rank != JOKER_RANK:
                table.setdefault(text.lower(), rank)
    return table


def _letters_of(ranks: Sequence[str], suits: Sequence[str],
                other_ranks: Sequence[Sequence[str]]) -> _Letters:
    read_suits = dict(_SYMBOLS)
    read_suits.update({letter.lower(): suit for suit, letter in zip(Suit, suits, strict=True)})
    return _Letters(tuple(ranks), tuple(suits), _read_ranks(ranks, *other_ranks), read_suits)


_CODES = _letters_of(RANK_TEXT, [suit.letter for suit in Suit], ())
# Each card's code at ``rank * 4 + suit`` (``10h`` at 42).
_CODE_AT = tuple(_CODES.ranks[index // 4] + _CODES.suits[index % 4] if index >= 4 else ""
                 for index in range(14 * 4))


@cache
def _language_letters(book: Catalog, lang: str) -> _Letters:
    def spelling(language: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        ranks = ("JK", *book.text("card.ranks", language).split())
        suits = tuple(book.text("card.suits", language).split())
        if len(ranks) != len(RANK_TEXT) or len(suits) != len(Suit):
            # A catalog that spells the cards wrongly falls back to the codes' letters.
            return _CODES.ranks, _CODES.suits
        return ranks, suits

    ranks, suits = spelling(lang)
    others = [spelling(language)[0] for language in book.languages if language != lang]
    return _letters_of(ranks, suits, [RANK_TEXT, *others])


def _letters(lang: str) -> _Letters:
    return _language_letters(catalog(), lang)


def format_card(card: Card, lang: str = "en", *, ascii: bool = False) -> str:
    """``card`` as ``lang`` writes it: ``Q♥`` in English, ``D♥`` in French (``Qh`` /
    ``Dc`` with ``ascii=True``); a joker is ``JK``."""
    if card.suit is None:
        return "JK"
    letters = _letters(lang)
    return letters.ranks[card.rank] + (letters.suits[card.suit] if ascii else card.suit.symbol)


def format_cards(cards: Iterable[Card], lang: str = "en", *, ascii: bool = False) -> str:
    """The cards as ``lang`` writes them, separated by spaces; :func:`parse_cards` reads
    them back in the same language."""
    return " ".join(format_card(card, lang, ascii=ascii) for card in cards)


def write_codes(cards: Iterable[Card]) -> str:
    """The codes of the cards (``10h Qs JK``), the same in every language (a saved
    round writes its 100-odd cards at every move: looked up by rank and suit, not
    spelled)."""
    return " ".join(["JK" if card.suit is None else _CODE_AT[card.rank * 4 + card.suit]
                     for card in cards])


def _read(token: str, letters: _Letters) -> Card | None:
    token = token.strip().lower().replace("\ufe0f", "")
    if token in _JOKERS:
        return JOKER
    if len(token) >= 2:
        suit = letters.read_suits.get(token[-1])
        rank = letters.read_ranks.get(token[:-1])
        if suit is not None and rank is not None:
            return Card(rank, suit)
    return None


def parse_card(text: str, lang: str = "en") -> Card:
    """One card as ``lang`` writes it (``10h``, ``Q♠``, ``th``, ``jk`` in English;
    ``10c``, ``D♠``, ``Rk`` in French).

    Raises:
        NotationError: ``text`` is not a card in ``lang``; the message (``notation.card``)
            quotes it and says how that language writes cards.
    """
    card = _read(text, _letters(lang))
    if card is None:
        raise NotationError("notation.card", token=quote(text))
    return card


def parse_cards(text: str, lang: str = "en") -> list[Card]:
    """Every card of ``text`` as ``lang`` writes them, separated by spaces or commas, in
    the order written.

    Raises:
        NotationError: a token is not a card, or ``text`` holds no card at all.
    """
    return _every_card(text, lambda token: parse_card(token, lang))


@cache
def _read_code(token: str) -> Card:
    card = _read(token, _CODES)
    if card is None:
        raise NotationError("notation.card", token=quote(token))
    return card


def read_codes(text: str) -> list[Card]:
    """The cards of a text of codes (:func:`write_codes`; any case, symbols too).

    Raises:
        NotationError: a token is not a card code (``notation.card``), or there is none.
    """
    return _every_card(text, _read_code)


def _every_card(text: str, read: Callable[[str], Card]) -> list[Card]:
    tokens = [token for token in _SEPARATORS.split(text) if token]
    if not tokens:
        raise NotationError("notation.empty")
    return [read(token) for token in tokens]


@dataclass(frozen=True, slots=True)
class CardsText:
    """Cards quoted in a message (an error's parameter), written in the language the
    message is read in: ``IllegalMove("move.not_in_hand", card=CardsText((card,)))``."""

    cards: tuple[Card, ...]

    def text(self, lang: str = "en") -> str:
        return format_cards(self.cards, lang)


def rank_text(rank: int, lang: str = "en") -> str:
    """How ``lang`` writes ``rank`` (``J`` in English, ``V`` in French; 14 is the ace
    above the king, 0 the joker: ``JK``)."""
    return _letters(lang).ranks[ACE if rank == 14 else rank]


@dataclass(frozen=True, slots=True)
class RankText:
    """A rank quoted in a message, as the language the message is read in writes it."""

    rank: int

    def text(self, lang: str = "en") -> str:
        return rank_text(self.rank, lang)
