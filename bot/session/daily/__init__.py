"""The daily championship (« Championnat »): every player of a server plays the same deal
against the computer, up to 10 tries a day, best score kept, the ranking closed at the
server's hour and posted. Discord-free: the Discord front end and ``rummy-bot play
--daily`` share it.

Modules, each one job: :mod:`~bot.session.daily.calendar` (when a day closes, which day is
played), :mod:`~bot.session.daily.deal` (the day's deal from the secret, the settings'
checks), :mod:`~bot.session.daily.scoring` (a try's score and turns),
:mod:`~bot.session.daily.document` (a try as saved), :mod:`~bot.session.daily.model`
(the values shown), :mod:`~bot.session.daily.tries` (:class:`Daily`, the front door) and
:mod:`~bot.session.daily.closing` (the close).
"""

from bot.session.daily.calendar import Closing, close_text, read_close
from bot.session.daily.deal import DAILY_LEVELS, MIXED, check_settings
from bot.session.daily.model import (
    PODIUM,
    RANKING_SIZE,
    TRIES_A_DAY,
    ClosedDay,
    DayInfo,
    DayRanking,
    TryResult,
    TryState,
    read_try_ref,
    try_ref,
)
from bot.session.daily.tries import Daily

__all__ = [
    "DAILY_LEVELS",
    "MIXED",
    "PODIUM",
    "RANKING_SIZE",
    "TRIES_A_DAY",
    "ClosedDay",
    "Closing",
    "Daily",
    "DayInfo",
    "DayRanking",
    "TryResult",
    "TryState",
    "check_settings",
    "close_text",
    "read_close",
    "read_try_ref",
    "try_ref",
]
