"""The session layer, with no Discord in it: one table per channel (lobby, turns, computer
seats and turn timers, score booking, the saved document), the players' preferences and
language, and how a hand is numbered. The Discord front end, the terminal game and the
tests all drive it, so that a rule, a save or a computer turn is written once.

Modules, each one job: :mod:`~bot.session.model` (the values), :mod:`~bot.session.document`
(the saved document), :mod:`~bot.session.keeper` (tables in memory, locks, loading and
saving), :mod:`~bot.session.lobby`, :mod:`~bot.session.autoplay` (computer turns and the
turn timer), :mod:`~bot.session.booking` (scores to the store), :mod:`~bot.session.tables`
(:class:`Tables`, the front door), :mod:`~bot.session.idle` (archiving idle games),
:mod:`~bot.session.prefs`, :mod:`~bot.session.hand`, :mod:`~bot.session.card_clicks` (a
card hand's buttons and menus into an action), :mod:`~bot.session.tile_edits` and
:mod:`~bot.session.results` (a finished round in words); :mod:`~bot.session.computer` (a
computer seat's checked move); and the daily championship, :mod:`bot.session.daily`
(:class:`~bot.session.daily.Daily`).
"""

from bot.session.daily import Daily
from bot.session.describe import describe_action
from bot.session.document import DOC_FORMAT, TableDoc
from bot.session.hand import check_length, display_order, next_sort, read_card, read_pieces
from bot.session.idle import IdleSweeper
from bot.session.model import (
    DEFAULT_LEVEL,
    Event,
    EventKind,
    Listener,
    Player,
    Seat,
    SessionError,
    Snapshot,
    Status,
    TableUi,
    computer_name,
)
from bot.session.prefs import Preferences, player_language
from bot.session.results import round_ending, round_seat_lines
from bot.session.tables import Tables

__all__ = [
    "DEFAULT_LEVEL",
    "DOC_FORMAT",
    "Daily",
    "Event",
    "EventKind",
    "IdleSweeper",
    "Listener",
    "Player",
    "Preferences",
    "Seat",
    "SessionError",
    "Snapshot",
    "Status",
    "TableDoc",
    "TableUi",
    "Tables",
    "check_length",
    "computer_name",
    "describe_action",
    "display_order",
    "next_sort",
    "player_language",
    "read_card",
    "read_pieces",
    "round_ending",
    "round_seat_lines",
]
