"""The contract between a match (:class:`engine.game.Game`) and one round of it.

A match deals rounds, adds up their scores and decides when it ends; a round knows
the rules of play. Card variants implement it in the card round module, tile rummy in
``engine/tiles/round.py``; ``Game`` picks the class from ``rules.kind``.

Randomness: a round receives a ``random.Random`` seeded from the match seed and the
round number, so a round can be replayed from the match's seed alone; a round that
needs more randomness later (a reshuffle) derives it the same way from its own
counters, so that nothing random has to be serialized.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NotRequired, Protocol, Self, TypedDict

from engine.actions import Action
from engine.cards.card import Card
from engine.rules import RuleSet
from engine.views import MeldView, Phase, Piece, RoundScore


class TurnState(TypedDict):
    """The turn fields of :class:`engine.views.PlayerView`, for one seat."""

    drawn: Piece | None
    taken_from_discard: Card | None
    must_lay: Piece | None
    opening_needed: int
    draft: tuple[MeldView, ...] | None
    opened_this_turn: NotRequired[bool]


class Round(Protocol):
    """One round of a match: deal, turns, and the round's scores."""

    number: int  # 1-based, the round's place in the match
    first: int  # the seat that began the round

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        seats: int,
        first: int,
        number: int,
        rng: random.Random,
        deck: Sequence[Piece] | None = None,
    ) -> Self:
        """Deal a new round. ``deck`` (top first) fixes the order instead of shuffling."""
        ...

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        ...

    @property
    def phase(self) -> Phase:
        """DRAW or PLAY while the round runs, ROUND_OVER once it has ended."""
        ...

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``.

        Raises:
            IllegalMove: the action is not allowed now; the round is left unchanged.
        """
        ...

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``apply(seat, action)`` would succeed (nothing changes)."""
        ...

    def legal_moves(self) -> Sequence[Action]:
        """Simple legal actions of the current seat; empty once the round is over."""
        ...

    def clone(self) -> Self:
        """An independent copy."""
        ...

    def result(self) -> RoundScore | None:
        """The round's scores once it has ended (points per seat for this round)."""
        ...

    # What the views are built from.
    def hand(self, seat: int) -> tuple[Piece, ...]: ...
    def hand_sizes(self) -> tuple[int, ...]: ...
    def has_opened(self, seat: int) -> bool: ...
    def melds(self) -> tuple[MeldView, ...]: ...
    def discard_top(self) -> Piece | None: ...
    def discard_size(self) -> int: ...
    def stock_size(self) -> int: ...
    def reshuffles(self) -> int: ...
    def turn_count(self) -> int:
        """Turns begun this round: 1 during the first turn, then one more each turn."""
        ...
    def discards(self) -> tuple[tuple[int, Piece], ...]: ...
    def pickups(self) -> tuple[tuple[int, Piece], ...]: ...
    def turn_state(self, seat: int) -> TurnState:
        """The turn fields of :class:`engine.views.PlayerView` for ``seat``."""
        ...

    def all_pieces(self) -> list[Piece]:
        """Every card or tile of the round wherever it is (hands, table, stock, discard)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready document of the round's whole state."""
        ...

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: RuleSet) -> Self:
        """Rebuild a round from :meth:`to_dict`.

        Raises:
            CorruptGame: the document is malformed or inconsistent.
        """
        ...
