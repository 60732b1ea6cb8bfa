"""A hand as players see it and name it: the numbering of its pieces (the order of the hand
picture) and the reading of what a player types for cards or tiles.

Every front end numbers a hand with :func:`display_order`, so that position 3 is the
third piece of the picture, of the Discord message and of the terminal's line alike, and
reads what is typed with :func:`read_pieces`: notation in the player's language (``7h
8h`` in English, ``7c 8c`` in French: :mod:`engine.cards.card`; tiles ``k5 r12 jk``) or
positions (``3 4 5``), mixed freely.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine import Card, NotationError, Tile, parse_card, parse_tiles
from engine.hand_order import Sort, sorted_hand
from engine.i18n import quote
from engine.numbers import whole
from engine.views import PlayerView

P = TypeVar("P", Card, Tile)
MAX_TYPED = 300  # characters: a whole hand of 20 pieces, with separators, fits easily


# The hand's Sort button: each click shows the next way of sorting.
SORT_CYCLE = {Sort.SUIT: Sort.RANK, Sort.RANK: Sort.OWN, Sort.OWN: Sort.SUIT}


def display_order(view: PlayerView, sort: str, order: Sequence[int] | None = None) -> list[int]:
    """Hand indexes in the order shown (position p is ``result[p - 1]``): sorted by
    ``sort`` (a :class:`~engine.hand_order.Sort`: ``suit``, ``rank``, or ``own`` with the
    player's ``order``) as the hand picture draws it; an unknown sort or an order that no
    longer fits shows by suit."""
    try:
        return sorted_hand(view.hand, sort, order)
    except ValueError:
        return sorted_hand(view.hand, Sort.SUIT)


def next_sort(sort: str) -> Sort:
    """The sort after ``sort`` on the hand's Sort button (by suit after a sort unknown)."""
    return SORT_CYCLE[Sort(sort)] if sort in tuple(Sort) else Sort.SUIT


@dataclass(frozen=True, slots=True)
class _Notation:
    """How one kind of piece is written."""

    parse: Callable[[str, str], Sequence[Card | Tile]]  # a typed token, a language: pieces
    wrong_code: str  # a position holding a piece of another kind
    empty: Callable[[str], NotationError]  # nothing given (the whole text)


_NOTATIONS: dict[type[Card | Tile], _Notation] = {
    Card: _Notation(lambda token, lang: [parse_card(token, lang)], "notation",
                    lambda text: NotationError("notation", token=text)),
    Tile: _Notation(lambda token, lang: parse_tiles(token), "notation.tile",
                    lambda text: NotationError("notation.no_tile")),
}


def check_length(text: str) -> str:
    """``text`` when it is short enough to be cards or tiles (:data:`MAX_TYPED`).

    Raises:
        NotationError: longer (``bot.error.too_long``): the message says how long it is
            and how pieces are written, and quotes none of it.
    """
    if len(text) > MAX_TYPED:
        raise NotationError("bot.error.too_long", length=len(text), most=MAX_TYPED)
    return text


def read_pieces(text: str, view: PlayerView, order: Sequence[int],
                kind: type[P], lang: str) -> tuple[P, ...]:
    """The cards or tiles (``kind``) of ``text``: each token, separated by spaces or
    commas, is notation as ``lang`` writes it (``10c`` is the ten of clubs in English, of
    hearts in French) or a 1-based position in the hand as shown (``order``, from
    :func:`display_order`).

    Raises:
        NotationError: text longer than :data:`MAX_TYPED` (``bot.error.too_long``), a
            position outside the hand (``bot.error.position``), a position
            or notation holding another kind of piece, a token that is neither notation
            nor a number, or no piece at all.
    """
    notation = _NOTATIONS[kind]
    pieces: list[P] = []
    for token in check_length(text).replace(",", " ").split():
        position = whole(token)
        if position is not None:
            if not 1 <= position <= len(order):
                raise NotationError("bot.error.position", token=quote(token), count=len(order))
            found: Sequence[object] = [view.hand[order[position - 1]]]
        else:
            found = notation.parse(token, lang)
        for piece in found:
            if not isinstance(piece, kind):
                raise NotationError(notation.wrong_code, token=quote(token))
            pieces.append(piece)
    if not pieces:
        raise notation.empty(quote(text))
    return tuple(pieces)


def read_card(text: str, view: PlayerView, order: Sequence[int], lang: str) -> Card:
    """Exactly one card, written in ``lang``'s notation or as its position (see
    :func:`read_pieces`).

    Raises:
        NotationError: not a card, or not exactly one (``bot.error.one_card``).
    """
    cards = read_pieces(text, view, order, Card, lang)
    if len(cards) != 1:
        raise NotationError("bot.error.one_card", token=quote(text))
    return cards[0]
