"""When a day of the championship closes, and which day's deal is played at a moment.

A server's day runs from one close to the next (21:00 Europe/Paris unless its moderators
chose otherwise) and is named by the date on which it closes: at 22:00 on 3 March the
deal of 4 March is played. Times are seconds since the epoch, as the injected clocks
give them; the close is a wall-clock time of the server's zone, so a day is 23 or 25
hours long when the clocks change. A close that falls in the hour skipped in spring is
taken at the same distance from the previous midnight as the wall clock says, i.e. one
hour later (02:30 becomes 03:30); one that falls in the hour repeated in autumn is the
first of the two (``fold=0``, :pep:`495`).
"""

from __future__ import annotations

import re
import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from bot.session.model import SessionError

MINUTES_A_DAY = 24 * 60
_CLOSE = re.compile(r"\s*(\d{1,2})\s*(?:[:hH.]\s*(\d{2})?)?\s*")


def zone(name: str) -> zoneinfo.ZoneInfo:
    """The time zone ``name`` of the system's zone database.

    Raises:
        SessionError: ``daily.bad_zone``, the system knows no such zone (a system without
            a zone database needs the ``tzdata`` package).
    """
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise SessionError("daily.bad_zone", zone=name) from None


def read_close(text: str) -> int:
    """A closing time as players write it (``21:00``, ``21h``, ``21h30``, ``9``) in minutes
    after midnight.

    Raises:
        SessionError: ``daily.bad_close``, not a time of day.
    """
    match = _CLOSE.fullmatch(text)
    if match is not None:
        hours, minutes = int(match[1]), int(match[2] or 0)
        if hours < 24 and minutes < 60:
            return hours * 60 + minutes
    raise SessionError("daily.bad_close", text=text)


def close_text(minute: int) -> str:
    """Minutes after midnight as a 24-hour time: ``21:00``."""
    return f"{minute // 60:02d}:{minute % 60:02d}"


@dataclass(frozen=True, slots=True)
class Closing:
    """A server's close: ``minute`` after midnight in the time zone ``zone``."""

    minute: int
    zone: str

    @property
    def text(self) -> str:
        return close_text(self.minute)

    def instant(self, day: date) -> float:
        """When ``day``'s deal closes (seconds since the epoch).

        Raises:
            SessionError: the zone is unknown to the system (``daily.bad_zone``).
        """
        at = time(self.minute // 60, self.minute % 60)
        return datetime.combine(day, at, tzinfo=zone(self.zone)).timestamp()

    def day_at(self, now: float) -> date:
        """The day whose deal is played at ``now``: the first day that closes after it.

        Raises:
            SessionError: the zone is unknown to the system (``daily.bad_zone``).
        """
        day = datetime.fromtimestamp(now, zone(self.zone)).date() - timedelta(days=1)
        while self.instant(day) <= now:
            day += timedelta(days=1)
        return day


def next_day(day: str) -> str:
    """The day after ``day`` (both written YYYY-MM-DD)."""
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()
