"""The actions of a card-variant turn, as immutable values.

A turn is ``Draw`` then any number of ``Meld`` / ``LayOff`` / ``SwapJoker``, then
``Discard`` (going out may end it earlier where the rules allow). Meld indexes are
0-based (the players' commands show ``index + 1``). :func:`engine.notation.format_action`
writes an action and :func:`engine.notation.parse_action` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.cards.card import Card

DrawSource = Literal["stock", "discard"]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    source: DrawSource = "stock"


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay one or several new melds, each written in order (a run from low to high).

    Before the opening, the melds of this one action must reach the opening minimum
    together, or nothing is laid.
    """

    melds: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        # Accept lists from callers; the value stays hashable and immutable.
        object.__setattr__(self, "melds", tuple(tuple(meld) for meld in self.melds))


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add cards from the hand to the table meld at 0-based index ``meld``.

    The engine decides which end of a run each card goes to; the cards keep the order
    written: the first ones may go before the run, the rest after it. A lone joker that
    could go at either end goes at the high end (write a real card after it, or before
    it, to choose: ``JK 8♥`` on 4-5-6♥ puts the joker on 7).
    """

    cards: tuple[Card, ...]
    meld: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """Replace a joker of the table meld at index ``meld`` by ``card`` from the hand;
    the joker goes to the hand."""

    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put a card from the hand on the discard pile; ends the turn."""

    card: Card


CardAction = Draw | Meld | LayOff | SwapJoker | Discard
