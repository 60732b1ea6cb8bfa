"""The values the store returns: frozen, slotted dataclasses, never raw rows.

Glossary: a *game* is one table in one channel, saved after every action; a *match* is
the finished game's result (several rounds), kept for history and statistics; a *seat*
is one player of a game, ``user_id`` None meaning a computer seat.
"""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    """A player's best score of one day's challenge and how many tries they used."""

    rank: int
    user_id: int
    best_score: int
    tries: int


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
        )
