"""The orders a hand is shown in: the sorts a player chooses between, and the ordering.

A hand is shown by suit (suit then rank; colour then number for tiles, jokers last), by
rank (rank then suit; number then colour) or in the player's own order. The same three
sorts apply to cards and tiles (a player's one preference): their names in words differ
(catalog ``sort.<sort>`` and ``sort.tiles.<sort>``). The hand picture draws its pieces in
this order and every front end numbers the hand by it
(:func:`bot.session.hand.display_order`), so it lives here, below both.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from engine.cards.card import Card
from engine.views import Piece


class Sort(StrEnum):
    """How a hand is sorted; its value is the name saved in a player's preferences."""

    SUIT = "suit"
    RANK = "rank"
    OWN = "own"


# Other names a player may type for a sort (the terminal's ``sort colour``).
SORT_ALIASES = {
    "colour": Sort.SUIT,
    "color": Sort.SUIT,
    "runs": Sort.SUIT,
    "number": Sort.RANK,
    "groups": Sort.RANK,
    "custom": Sort.OWN,
}


def read_sort(name: str) -> Sort:
    """The sort ``name`` names (an alias such as ``colour`` or ``number`` included).

    Raises:
        ValueError: no sort of that name; the message lists them.
    """
    found = SORT_ALIASES.get(name, name)
    if found not in tuple(Sort):
        raise ValueError(f"unknown sort {name!r}; choose one of: {', '.join(Sort)}")
    return Sort(found)


def _suit_key(piece: Piece) -> tuple[int, int]:
    return piece.sort_key


def _rank_key(piece: Piece) -> tuple[int, int]:
    if isinstance(piece, Card):
        return piece.rank_key
    if piece.colour is None:
        return (14, 0)
    return (piece.number, int(piece.colour))


def sorted_hand(
    hand: Sequence[Piece], sort: str = Sort.SUIT, order: Sequence[int] | None = None
) -> list[int]:
    """The indexes of ``hand`` in display order; position ``p`` (1-based) is ``result[p - 1]``.

    ``sort`` (a :class:`Sort` or its name) is ``suit`` (suit then rank; colour then number
    for tiles, jokers last), ``rank`` (rank then suit) or ``own``: the player's ``order``,
    a permutation of the hand's indexes; indexes it lacks (a card drawn since) follow in
    the engine's order.

    Raises:
        ValueError: an unknown sort, or an ``order`` with a repeated or out-of-range index.
    """
    name = read_sort(sort)
    indexes = range(len(hand))
    if name is Sort.SUIT:
        return sorted(indexes, key=lambda i: _suit_key(hand[i]))
    if name is Sort.RANK:
        return sorted(indexes, key=lambda i: _rank_key(hand[i]))
    chosen = list(order or [])
    if len(set(chosen)) != len(chosen) or any(not 0 <= i < len(hand) for i in chosen):
        raise ValueError(
            f"order {chosen} is not an ordering of the hand's indexes 0–{len(hand) - 1}"
        )
    seen = set(chosen)
    return chosen + [i for i in indexes if i not in seen]
