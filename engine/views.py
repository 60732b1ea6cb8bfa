"""What a seat may know of a game: immutable views for the bot, the renderer and the AI.

A computer player receives only its own :class:`PlayerView`; the table picture is
drawn from a :class:`PublicView`. Seats are numbered from 0; melds are numbered from 1
(``MeldView.number``) as the players' commands refer to them, while engine actions take
the 0-based index (``number - 1``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from engine.cards.card import Card
from engine.i18n import Msg
from engine.rules import Kind
from engine.tiles.tile import Tile

Piece = Card | Tile


class Phase(enum.StrEnum):
    """Where the game stands."""

    DRAW = "draw"  # the current seat must draw (card variants)
    PLAY = "play"  # card variants: meld, lay off, swap, then discard; tiles: play or draw
    ROUND_OVER = "round_over"  # scores shown; the next round starts on request
    MATCH_OVER = "match_over"  # final ranking in ``Game.outcome()``


@dataclass(frozen=True, slots=True)
class MeldView:
    """One meld (or tile set) on the table."""

    number: int  # 1-based, as the commands refer to it
    pieces: tuple[Piece, ...]  # in table order (a run from low to high)
    stands_for: tuple[Piece | None, ...]  # per position: what a joker stands for, else None
    kind: str  # "run" or "group"
    owner: int | None  # seat that laid it; None where the table was rearranged (tiles)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everybody sees it."""

    seat: int
    name: str
    hand_size: int
    score: int  # match total so far
    has_opened: bool


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The scores of one finished round."""

    number: int  # 1-based round number
    points: tuple[int, ...]  # per seat, this round (sign as the variant scores)
    winner: int | None  # the seat that went out, or None (blocked / stock exhausted)
    rami_sec: bool
    reason: str  # "went_out", "stock_exhausted", "blocked"


@dataclass(frozen=True, slots=True)
class PublicView:
    """What every player at the table may see."""

    variant: str  # the rule set's name ("rami51"); ``kind`` says cards or tiles
    kind: Kind
    round_number: int  # 1-based
    seats: tuple[SeatView, ...]
    current: int  # seat whose turn it is
    phase: Phase
    melds: tuple[MeldView, ...]
    discard_top: Card | None  # None for tiles or an empty discard pile
    discard_size: int
    stock_size: int  # cards in the stock, or tiles in the pool
    reshuffles: int  # times the discard pile became the stock this round
    rounds: tuple[RoundScore, ...]  # finished rounds of the match, oldest first
    totals: tuple[int, ...]  # match total per seat
    target: int  # the match-end score (100, 1000…); 0 for a single round
    high_wins: bool  # True where the highest total wins
    discards: tuple[tuple[int, Card], ...]  # (seat, card) discarded this round, in order
    pickups: tuple[tuple[int, Card], ...]  # (seat, card) taken from the discard pile this round
    turn: int = field(default=0, kw_only=True)  # turns begun this round (1 on the first turn)
    # What a player's first meld must be worth at this table (0: no minimum, and then
    # whether a player has opened is not worth showing).
    opening_minimum: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class PlayerView(PublicView):
    """What one seat may know: the public view plus its own hand and turn state."""

    seat: int
    hand: tuple[Piece, ...]  # in the engine's order (the order dealt and drawn)
    drawn: Piece | None  # the card or tile drawn this turn, to highlight
    taken_from_discard: Card | None  # may not be discarded this turn where the rules say so
    must_lay: Piece | None  # a joker won by a swap that must be laid again this turn
    opening_needed: int  # points the opening still needs; 0 once opened or without a minimum
    draft: tuple[MeldView, ...] | None  # tiles: the table as edited this turn, if editing
    opened_this_turn: bool = field(default=False, kw_only=True)  # opened during this turn


def opening_status(view: PublicView, seat: SeatView) -> Msg | None:
    """Whether ``seat`` has opened, in words (``has opened`` / ``a posé``, ``not opened
    yet`` / ``pas encore posé``), where the table has an opening minimum; None where it has
    none, for opening is then nothing to watch. The terminal, Discord and the pictures
    show it."""
    opened = seat_opened(view, seat)
    return None if opened is None else opened_words(opened)


def seat_opened(view: PublicView, seat: SeatView) -> bool | None:
    """Whether ``seat`` has opened, where the table has an opening minimum (None where it
    has none): what :func:`opening_status` says, as a key a seat's text is kept by."""
    return seat.has_opened if view.opening_minimum else None


def opened_words(has_opened: bool) -> Msg:
    """Whether a seat has opened, in words (what :func:`opening_status` says)."""
    return Msg("seat.opened" if has_opened else "seat.not_opened")
