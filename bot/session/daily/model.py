"""The values of the daily championship, as the front ends show them.

Glossary: a *day* is one deal of a server, played from one close to the next and named by
the date on which it closes; a *try* is one round of that deal against the computers
(10 a day); the *ranking* of a day keeps each player's best counted try; the *close* makes
it final, books it in the players' statistics and has it posted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from bot.session.daily.calendar import zone
from bot.session.model import Seat
from data import ChallengeResult
from engine import RuleSet
from engine.actions import Action
from engine.views import Piece, PlayerView

TRIES_A_DAY = 10
RANKING_SIZE = 10
PODIUM = 3


@dataclass(frozen=True, slots=True)
class DayInfo:
    """A server's day: its name (``YYYY-MM-DD``, the date it closes), when it closes and
    the zone its close is shown in."""

    guild_id: int
    day: str
    closes_at: float
    zone: str

    @property
    def close_text(self) -> str:
        """The closing time on the zone's clock: ``21:00``."""
        return datetime.fromtimestamp(self.closes_at, zone(self.zone)).strftime("%H:%M")


def try_ref(day: str, number: int) -> int:
    """One number naming a player's try of a server (their ``number``-th try of ``day``),
    as a component's id carries it: ``2026113003`` is the third try of 30 November 2026."""
    return int(day.replace("-", "")) * 100 + number


def read_try_ref(ref: int) -> tuple[str, int]:
    """The day and try number of :func:`try_ref`.

    Raises:
        ValueError: not a try's number.
    """
    day_number, number = divmod(ref, 100)
    text = str(day_number)
    day = date(int(text[:-4]), int(text[-4:-2]), int(text[-2:])).isoformat()
    if not 1 <= number <= TRIES_A_DAY:
        raise ValueError(f"{ref} names no try")
    return day, number


@dataclass(frozen=True, slots=True)
class TryResult:
    """How a try ended: its score and turns, whether it counts (finished before its day
    closed), and the player's place in the day's ranking after it."""

    score: int
    turns: int
    counted: bool
    went_out: bool
    rami_sec: bool
    place: ChallengeResult | None  # the player's best of the day (None: nothing counted)
    players: int  # players ranked that day


@dataclass(frozen=True, slots=True)
class TryState:
    """A try as the player sees it."""

    day: DayInfo
    number: int  # 1..10 of the day
    tries_left: int  # tries the player may still start that day
    seats: tuple[Seat, ...]  # the player first, then the computers
    view: PlayerView  # the player's view
    rules: RuleSet  # the day's rules (the server's changes of the variant included)
    moves: tuple[tuple[int, Action], ...] = ()  # the computers' moves since the player's
    result: TryResult | None = None  # once the try is over
    dropped: str | None = None  # the day of an unfinished try left behind to start this one
    # every seat's pieces left once the try is over (as a table's round end shows them)
    hands: tuple[tuple[Piece, ...], ...] | None = None

    @property
    def ref(self) -> int:
        return try_ref(self.day.day, self.number)


@dataclass(frozen=True, slots=True)
class DayRanking:
    """A day's ranking as a player may see it: the best ``RANKING_SIZE``, and their own
    place (also when they are among the best; None when nothing of theirs counts)."""

    day: DayInfo
    rows: tuple[ChallengeResult, ...]
    mine: ChallengeResult | None
    players: int
    closed: bool


@dataclass(frozen=True, slots=True)
class ClosedDay:
    """A closed day to be posted in ``channel_id``: its final first ``PODIUM`` places."""

    day: DayInfo
    channel_id: int
    podium: tuple[ChallengeResult, ...]
    players: int
