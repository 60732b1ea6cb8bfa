"""Rami's store (SQLite, or PostgreSQL for a large host): games saved after every action,
scores, statistics, settings.

Everything goes through :class:`Store` (see docs/STORE.md); no SQL lives outside ``data/``.
"""

from data.accounts import DELETED_NAME
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
    ChallengeDay,
    ChallengeResult,
    ChallengeStats,
    ChallengeTry,
    DeletedUserData,
    GameStatus,
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
    "ChallengeBusy",
    "ChallengeClosed",
    "ChallengeDay",
    "ChallengeLimit",
    "ChallengeResult",
    "ChallengeStats",
    "ChallengeTry",
    "CorruptRow",
    "DeletedUserData",
    "GameExists",
    "GameNotActive",
    "GameNotFound",
    "GameStatus",
    "GuildSettings",
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
    "TryNotPlaying",
    "TryStatus",
]
