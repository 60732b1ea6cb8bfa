"""The values the store returns: frozen, slotted dataclasses, never raw rows.

Glossary: a *game* is one table in one channel, saved after every action; a *match* is
the finished game's result (several rounds), kept for history and statistics; a *seat*
is one player of a game, ``user_id`` None meaning a computer seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class GameStatus(StrEnum):
    """Where a game stands; only ``ACTIVE`` games take saves."""

    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    CORRUPT = "corrupt"


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One game row. ``state`` is the session layer's JSON; ``version`` counts saved actions;
    ``deadline`` is when the current turn times out (Unix seconds; None: no timer)."""

    id: int
    channel_id: int
    guild_id: int
    created_by: int
    variant: str
    status: GameStatus
    state: str
    version: int
    created_at: float
    updated_at: float
    status_reason: str | None = None
    deadline: float | None = None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One saved action: who (None = computer or bot), what, when; ``version`` after it."""

    game_id: int
    version: int
    actor: int | None
    action: str
    at: float


@dataclass(frozen=True, slots=True)
class DueTurn:
    """A turn whose deadline has passed, claimed by this process to time it out (its lease
    runs until the turn is over, or until it ends). ``version``: the game's, when claimed."""

    game_id: int
    channel_id: int
    guild_id: int
    deadline: float
    version: int


@dataclass(frozen=True, slots=True)
class HandMessage:
    """A player's latest private hand message in a channel and the Discord interaction
    token that edits it (a secret: never logged; valid until ``expires_at``)."""

    channel_id: int
    user_id: int
    application_id: int | None
    token: str = field(repr=False)
    message_id: int
    language: str
    created_at: float
    expires_at: float
    layout: bool = False  # a layout message (an embed cannot gain the flag by an edit)


@dataclass(frozen=True, slots=True)
class GameUi:
    """What the front end shows of a game in its channel, kept beside the game rather than
    in its versioned document: the lobby and table messages it edits, the language the
    table was opened in, the turn reminder it posted (its id, and which turn it was for)
    and the results it last posted, and which of its messages are layouts. The front end
    chooses what ``reminder_turn`` and ``results_shown`` say; the store only keeps
    them. None: nothing of that kind yet."""

    game_id: int
    lobby_message: int | None = None
    table_message: int | None = None
    lang: str | None = None
    reminder_message: int | None = None
    reminder_turn: str | None = None
    results_shown: str | None = None
    # The lobby's and the table's message id when that message is a layout message
    # (None, or another id: posted without the flag, as before schema 9).
    lobby_layout: int | None = None
    table_layout: int | None = None


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's score after a round: that round's ``points`` and the running ``total``."""

    user_id: int | None
    name: str
    points: int
    total: int


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """The scores of every seat after one round, in seat order."""

    game_id: int
    round_number: int
    scores: tuple[SeatScore, ...]


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """One seat's result of a finished match."""

    user_id: int | None
    name: str
    total: int
    won: bool
    rounds_won: int
    rami_secs: int
    points: int
    level: str | None = None  # a computer seat's level at the end (None: a person)


@dataclass(frozen=True, slots=True)
class Booking:
    """The scores a save books in its own transaction (:meth:`data.Store.save`), so that
    no process, crashed or racing, leaves a finished round or match saved without them:
    the game's finished rounds (``rounds``, in order; one the store holds already is kept
    as it is) and, once the match is over, its seats' results (``match``; a match booked
    already is kept as it is). Booking the same thing again changes nothing."""

    rounds: tuple[RoundRecord, ...]
    match: tuple[MatchSeat, ...] | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match, kept for history."""

    id: int
    game_id: int | None
    guild_id: int
    variant: str
    finished_at: float
    seats: tuple[MatchSeat, ...]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's totals in one guild, for one variant (``variant`` None: all variants)."""

    guild_id: int
    user_id: int
    variant: str | None
    matches_played: int = 0
    matches_won: int = 0
    rounds_won: int = 0
    points: int = 0
    rami_secs: int = 0
    last_played: float | None = None


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One line of a leaderboard; ``name`` is the player's name in their latest match."""

    rank: int
    user_id: int
    name: str
    matches_played: int
    matches_won: int
    rounds_won: int
    points: int
    rami_secs: int


class TryStatus(StrEnum):
    """Where a try of the daily championship stands; only ``COUNTED`` tries are ranked."""

    PLAYING = "playing"
    COUNTED = "counted"  # finished before its day closed
    LATE = "late"  # finished after its day closed: it does not count
    ABANDONED = "abandoned"  # left unfinished past its day's close


@dataclass(frozen=True, slots=True)
class ChallengeDay:
    """One day of a server's championship. ``setup`` is the session layer's JSON (the
    deal, frozen at the day's first try); the day closes at ``closes_at``; ``closed_at``
    is set once its ranking is made, ``posted_at`` once it is posted in ``channel_id``."""

    guild_id: int
    day: str
    setup: str
    closes_at: float
    closed_at: float | None = None
    channel_id: int | None = None
    posted_at: float | None = None
    message_id: int | None = None

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


@dataclass(frozen=True, slots=True)
class ChallengeTry:
    """One try of a player: ``number`` 1..10 of the day; ``state`` is the session layer's
    JSON, ``version`` counts its saves; score and turns once it is finished."""

    guild_id: int
    day: str
    user_id: int
    number: int
    name: str
    status: TryStatus
    state: str
    version: int
    started_at: float
    finished_at: float | None = None
    score: int | None = None
    turns: int | None = None


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    """A player's place in one day's ranking: their best counted try (highest score, then
    fewest turns, then the earliest finish) and how many tries they started that day."""

    rank: int
    user_id: int
    name: str
    best_score: int
    turns: int
    finished_at: float
    tries: int


@dataclass(frozen=True, slots=True)
class ChallengeStats:
    """A player's closed days of a server's championship (``best_rank`` None: none)."""

    guild_id: int
    user_id: int
    days: int = 0
    wins: int = 0
    podiums: int = 0
    best_rank: int | None = None


@dataclass(frozen=True, slots=True)
class DeletedUserData:
    """What :meth:`Store.delete_user_data` removed or anonymised, row counts per kind."""

    user_id: int
    preferences: int
    match_seats: int
    round_scores: int
    challenge_tries: int
    log_entries: int
    games_created: int = 0
    challenge_results: int = 0
    ratings: int = 0  # ratings deleted and rating changes anonymised

    @property
    def total(self) -> int:
        """Every row touched."""
        return (
            self.preferences
            + self.match_seats
            + self.round_scores
            + self.challenge_tries
            + self.log_entries
            + self.games_created
            + self.challenge_results
            + self.ratings
        )


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's skill rating in one server and variant (OpenSkill's ``mu`` and
    ``sigma``; ``ordinal`` = mu - 3 sigma, what the boards sort by), with the number of
    rated matches; ``rank`` its place on a board (0 when read alone)."""

    rank: int
    user_id: int
    name: str
    variant: str
    mu: float
    sigma: float
    ordinal: float
    matches: int

    @property
    def provisional(self) -> bool:
        """Fewer than 5 rated matches: the rating says little yet."""
        return self.matches < 5


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One seat's rating before and after a finished match. ``rater``: ``user:<id>`` or
    ``computer:<level>`` (None: a forgotten player); ``matches``: the rater's rated
    matches with this one."""

    match_id: int
    seat: int
    rater: str | None
    user_id: int | None
    variant: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    matches: int
    finished_at: float

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def ordinal_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after
