"""Rami's store (SQLite, or PostgreSQL for a large host): games saved after every action,
scores, statistics, settings.

Everything goes through :class:`Store` (see docs/STORE.md); no SQL lives outside ``data/``.
"""

from data.accounts import DELETED_NAME
from data.changes import Change, ChangeCallback, Subscription
from data.errors import (
    ChallengeBusy,
    ChallengeClosed,
    ChallengeLimit,
    CorruptRow,
    GameExists,
    GameNotActive,
    GameNotFound,
    MatchExists,
    MigrationError,
    SchemaTooNew,
    StaleState,
    StoreError,
    TryNotPlaying,
)
from data.migrations import LATEST_VERSION
from data.records import (
    Booking,
    ChallengeDay,
    ChallengeResult,
    ChallengeStats,
    ChallengeTry,
    DeletedUserData,
    DueTurn,
    GameStatus,
    GameUi,
    HandMessage,
    LeaderboardRow,
    LogEntry,
    MatchRecord,
    MatchSeat,
    PlayerStats,
    RoundRecord,
    SeatScore,
    StoredGame,
    TryStatus,
)
from data.settings import GuildSettings, PlayerPrefs
from data.sqlite import DEFAULT_PATH
from data.store import IDLE_DAYS, Store

__all__ = [
    "DEFAULT_PATH",
    "DELETED_NAME",
    "IDLE_DAYS",
    "LATEST_VERSION",
    "Booking",
    "ChallengeBusy",
    "ChallengeClosed",
    "ChallengeDay",
    "ChallengeLimit",
    "ChallengeResult",
    "ChallengeStats",
    "ChallengeTry",
    "Change",
    "ChangeCallback",
    "CorruptRow",
    "DeletedUserData",
    "DueTurn",
    "GameExists",
    "GameNotActive",
    "GameNotFound",
    "GameStatus",
    "GameUi",
    "GuildSettings",
    "HandMessage",
    "LeaderboardRow",
    "LogEntry",
    "MatchExists",
    "MatchRecord",
    "MatchSeat",
    "MigrationError",
    "PlayerPrefs",
    "PlayerStats",
    "RoundRecord",
    "SchemaTooNew",
    "SeatScore",
    "StaleState",
    "Store",
    "StoreError",
    "StoredGame",
    "Subscription",
    "TryNotPlaying",
    "TryStatus",
]
