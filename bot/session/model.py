"""The values of the session layer: who sits at a table, what a front end is shown of it,
the changes it is told about, and the error a player gets when a table refuses.

Glossary: a *table* is one channel's game from its lobby to its final ranking; a *seat*
is a place at it, held by a human (``user_id``) or a computer player (``level``); a
*snapshot* is the table as a front end draws it; an *event* is a saved change of it.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from engine import RuleSet, RummyError
from engine.actions import Action
from engine.ai import Level
from engine.names import computer_name as computer_name
from engine.views import Piece, PublicView

DEFAULT_LEVEL = Level.MEDIUM


class SessionError(RummyError):
    """Something a player asked of a table that cannot be done now."""

    default_code = "session"


class Status(enum.StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    MATCH_OVER = "match_over"


class EventKind(enum.StrEnum):
    LOBBY = "lobby"  # the lobby changed (join, leave, computer added)
    STARTED = "started"  # a match started
    ACTION = "action"  # a seat played (human or computer)
    TIMEOUT = "timeout"  # a human seat timed out and was played for
    ROUND_OVER = "round_over"
    ROUND_STARTED = "round_started"
    MATCH_OVER = "match_over"
    LEFT = "left"  # a player left a match; a computer took their seat
    ENDED = "ended"  # cancelled or stopped


@dataclass(frozen=True, slots=True)
class Player:
    """A human at the table."""

    user_id: int
    name: str


# The action of the LEFT event of a seat given to a computer after turns timed out in a
# row (issue 27), for the front end to say so.
TIMED_OUT_SEAT = "timed out"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat: a human (``user_id``) or a computer player (``level``)."""

    name: str
    user_id: int | None = None
    level: Level | None = None

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class TableUi:
    """What a front end keeps beside a table (saved in the store apart from the game's
    versioned document, see :meth:`data.Store.set_game_ui`) so that it survives a restart
    and any process serving the channel sees it: the ids of the
    lobby and table messages it edits, the language the table was opened in, the turn
    reminder it posted (its id, to delete it, and which turn it was for) and which
    results it last posted. The front end chooses what ``reminder_turn`` and
    ``results_shown`` say; the session only keeps them."""

    lobby_message: int | None = None
    table_message: int | None = None
    lang: str | None = None
    reminder_message: int | None = None
    reminder_turn: str | None = None
    results_shown: str | None = None
    # The lobby's and the table's message id when that message is a layout message (one
    # posted without the flag cannot gain it by an edit: it is posted anew).
    lobby_layout: int | None = None
    table_layout: int | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What the bot needs to draw a table message. ``rules``: the rules the table plays,
    its match's, or those the lobby will deal with (the server's overrides and the chosen
    target included)."""

    channel_id: int
    guild_id: int
    game_id: int
    status: Status
    variant: str
    created_by: int
    seats: tuple[Seat, ...]
    view: PublicView | None
    ui: TableUi
    version: int
    rules: RuleSet
    # every seat's pieces left in hand once a round is over (everybody sees them then, to
    # count the points); None while a round runs
    hands: tuple[tuple[Piece, ...], ...] | None = None
    # when the current person's turn is played for them (the clock's time; None: no timer)
    deadline: float | None = None

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def current_seat(self) -> Seat | None:
        if self.view is None or self.status is not Status.PLAYING:
            return None
        return self.seats[self.view.current]


@dataclass(frozen=True, slots=True)
class Event:
    """A change of a table, sent to every listener after it is saved."""

    kind: EventKind
    snapshot: Snapshot
    seat: int | None = None  # who acted
    action: str | None = None  # the action in English notation ("meld 7♥ 8♥ 9♥"), for logs
    move: Action | None = None  # the engine action itself (a confirmed draft as its Play)


Listener = Callable[[Event], Awaitable[None]]
