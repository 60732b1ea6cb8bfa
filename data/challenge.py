"""SQL for the daily championship: its days, the players' tries, rankings and closes.

A day's row is made at its first try (its setup frozen there) and closed once: the close
books every player's place (``challenge_results``) in the same transaction that marks the
day closed, so a ranking is made exactly once whatever restarts. A try is counted when it
starts (10 a day); whether it counts is decided when it finishes, in the same transaction
that reads whether its day has closed, so no try slips into a ranking already made.
Plain functions on a ``sqlite3.Connection``, run by :class:`data.store.Store`.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from data.errors import ChallengeBusy, ChallengeClosed, ChallengeLimit, TryNotPlaying
from data.records import (
    ChallengeDay,
    ChallengeResult,
    ChallengeStats,
    ChallengeTry,
    TryStatus,
)
from data.scores import ranks

CHALLENGE_TRIES = 10
SECRET_NAME = "daily-deal"

_DAY_COLUMNS = "guild_id, day, setup, closes_at, closed_at, channel_id, posted_at, message_id"
_TRY_COLUMNS = ("guild_id, day, user_id, try, name, status, state, version, started_at,"
                " finished_at, score, turns")
_PLAYING = str(TryStatus.PLAYING)

# Each player's best counted try of the day (highest score, fewest turns, earliest end),
# with the tries they started that day.
RANKING_SQL = f"""
WITH best AS (
    SELECT user_id, name, score, turns, finished_at,
           ROW_NUMBER() OVER (PARTITION BY user_id
                              ORDER BY score DESC, turns, finished_at) AS pick
    FROM challenge_tries
    WHERE guild_id = ?1 AND day = ?2 AND status = '{TryStatus.COUNTED}'
), used AS (
    SELECT user_id, COUNT(*) AS tries FROM challenge_tries
    WHERE guild_id = ?1 AND day = ?2 GROUP BY user_id
)
SELECT best.user_id, best.name, best.score, best.turns, best.finished_at, used.tries
FROM best JOIN used USING (user_id)
WHERE best.pick = 1
ORDER BY best.score DESC, best.turns, best.finished_at, best.user_id
"""


def _day(row: tuple[Any, ...]) -> ChallengeDay:
    return ChallengeDay(*row)


def _try(row: tuple[Any, ...]) -> ChallengeTry:
    guild, day, user, number, name, status, state, version, started, finished, score, turns = row
    return ChallengeTry(guild, day, user, number, name, TryStatus(status), state or "{}",
                        version, started, finished, score, turns)


def secret(conn: sqlite3.Connection, now: float, fresh: bytes) -> bytes:
    """The deals' secret: the stored one, or ``fresh`` stored now when there is none."""
    conn.execute("INSERT OR IGNORE INTO secrets (name, value, created_at) VALUES (?, ?, ?)",
                 (SECRET_NAME, fresh, now))
    (value,) = conn.execute("SELECT value FROM secrets WHERE name = ?",
                            (SECRET_NAME,)).fetchone()
    return bytes(value)


def day_row(conn: sqlite3.Connection, guild_id: int, day: str) -> ChallengeDay | None:
    row = conn.execute(f"SELECT {_DAY_COLUMNS} FROM challenge_days WHERE guild_id = ? AND day = ?",
                       (guild_id, day)).fetchone()
    return _day(row) if row else None


def current_day(conn: sqlite3.Connection, guild_id: int, now: float) -> ChallengeDay | None:
    row = conn.execute(
        f"SELECT {_DAY_COLUMNS} FROM challenge_days WHERE guild_id = ? AND closed_at IS NULL"
        " AND closes_at > ? ORDER BY closes_at LIMIT 1", (guild_id, now)).fetchone()
    return _day(row) if row else None


def add_day(conn: sqlite3.Connection, guild_id: int, day: str, setup: str,
            closes_at: float) -> ChallengeDay:
    conn.execute("INSERT OR IGNORE INTO challenge_days (guild_id, day, setup, closes_at)"
                 " VALUES (?, ?, ?, ?)", (guild_id, day, setup, closes_at))
    found = day_row(conn, guild_id, day)
    assert found is not None
    return found


def tries_used(conn: sqlite3.Connection, guild_id: int, user_id: int, day: str) -> int:
    (used,) = conn.execute(
        "SELECT COUNT(*) FROM challenge_tries WHERE guild_id = ? AND day = ? AND user_id = ?",
        (guild_id, day, user_id)).fetchone()
    return int(used)


def start_try(conn: sqlite3.Connection, now: float, guild_id: int, day: str, user_id: int,
              name: str, state: str) -> ChallengeTry:
    """Start the player's next try of the day.

    Raises:
        ChallengeClosed: the day is closed, past its close or has no row.
        ChallengeBusy: the player has a try in progress in this guild.
        ChallengeLimit: the player already started the day's 10 tries.
    """
    found = day_row(conn, guild_id, day)
    if found is None or found.closed or now >= found.closes_at:
        raise ChallengeClosed(guild_id, day)
    if playing(conn, guild_id, user_id) is not None:
        raise ChallengeBusy(guild_id, user_id)
    used = tries_used(conn, guild_id, user_id, day)
    if used >= CHALLENGE_TRIES:
        raise ChallengeLimit(user_id, day, CHALLENGE_TRIES)
    row = conn.execute(
        "INSERT INTO challenge_tries (guild_id, day, user_id, try, name, status, state,"
        f" version, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING {_TRY_COLUMNS}",
        (guild_id, day, user_id, used + 1, name, _PLAYING, state, now)).fetchone()
    return _try(row)


def playing(conn: sqlite3.Connection, guild_id: int, user_id: int) -> ChallengeTry | None:
    row = conn.execute(
        f"SELECT {_TRY_COLUMNS} FROM challenge_tries WHERE guild_id = ? AND user_id = ?"
        " AND status = ?", (guild_id, user_id, _PLAYING)).fetchone()
    return _try(row) if row else None


_KEY = "guild_id = ? AND day = ? AND user_id = ? AND try = ? AND status = ?"


def save_try(conn: sqlite3.Connection, key: tuple[int, str, int, int], state: str) -> int:
    """Save a try in progress; return its new version. Raises TryNotPlaying."""
    row = conn.execute(f"UPDATE challenge_tries SET state = ?, version = version + 1"
                       f" WHERE {_KEY} RETURNING version", (state, *key, _PLAYING)).fetchone()
    if row is None:
        raise TryNotPlaying(*key)
    return int(row[0])


def finish_try(conn: sqlite3.Connection, now: float, key: tuple[int, str, int, int],
               state: str, score: int, turns: int) -> TryStatus:
    """End a try: counted when its day is still open, else late. Raises TryNotPlaying."""
    guild_id, day, _, _ = key
    found = day_row(conn, guild_id, day)
    late = found is None or found.closed or now >= found.closes_at
    status = TryStatus.LATE if late else TryStatus.COUNTED
    kept = (score, turns) if status is TryStatus.COUNTED else (None, None)
    row = conn.execute(
        "UPDATE challenge_tries SET state = ?, version = version + 1, status = ?,"
        f" finished_at = ?, score = ?, turns = ? WHERE {_KEY} RETURNING version",
        (state, str(status), now, *kept, *key, _PLAYING)).fetchone()
    if row is None:
        raise TryNotPlaying(*key)
    return status


def abandon_try(conn: sqlite3.Connection, now: float, key: tuple[int, str, int, int]) -> None:
    """Leave a try unfinished for good (its day has closed). Raises TryNotPlaying."""
    cursor = conn.execute(f"UPDATE challenge_tries SET status = ?, finished_at = ? WHERE {_KEY}",
                          (str(TryStatus.ABANDONED), now, *key, _PLAYING))
    if cursor.rowcount == 0:
        raise TryNotPlaying(*key)


def ranking(conn: sqlite3.Connection, guild_id: int, day: str) -> list[ChallengeResult]:
    rows = conn.execute(RANKING_SQL, (guild_id, day)).fetchall()
    places = ranks([(score, turns, finished) for _, _, score, turns, finished, _ in rows])
    return [ChallengeResult(rank, *row) for rank, row in zip(places, rows, strict=True)]


def played(conn: sqlite3.Connection, guild_id: int, user_id: int) -> bool:
    row = conn.execute("SELECT 1 FROM challenge_tries WHERE user_id = ? AND guild_id = ? LIMIT 1",
                       (user_id, guild_id)).fetchone()
    return row is not None


def recent_days(conn: sqlite3.Connection, guild_id: int, limit: int) -> list[str]:
    rows = conn.execute("SELECT day FROM challenge_days WHERE guild_id = ?"
                        " ORDER BY day DESC LIMIT ?", (guild_id, limit)).fetchall()
    return [day for (day,) in rows]


def due_days(conn: sqlite3.Connection, now: float) -> list[ChallengeDay]:
    rows = conn.execute(f"SELECT {_DAY_COLUMNS} FROM challenge_days WHERE closed_at IS NULL"
                        " AND closes_at <= ? ORDER BY closes_at", (now,)).fetchall()
    return [_day(row) for row in rows]


def next_close(conn: sqlite3.Connection) -> float | None:
    (first,) = conn.execute("SELECT MIN(closes_at) FROM challenge_days"
                            " WHERE closed_at IS NULL").fetchone()
    return float(first) if first is not None else None


def close_day(conn: sqlite3.Connection, now: float, guild_id: int, day: str,
              channel_id: int | None) -> list[ChallengeResult] | None:
    """Make the day's final ranking and book each player's place, once: None when the
    day was already closed (or has no row)."""
    cursor = conn.execute("UPDATE challenge_days SET closed_at = ?, channel_id = ?"
                          " WHERE guild_id = ? AND day = ? AND closed_at IS NULL",
                          (now, channel_id, guild_id, day))
    if cursor.rowcount == 0:
        return None
    results = ranking(conn, guild_id, day)
    conn.executemany(
        "INSERT INTO challenge_results (guild_id, day, user_id, rank, name, score, turns, tries)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, day, r.user_id, r.rank, r.name, r.best_score, r.turns, r.tries)
         for r in results])
    return results


def unposted_days(conn: sqlite3.Connection) -> list[ChallengeDay]:
    rows = conn.execute(f"SELECT {_DAY_COLUMNS} FROM challenge_days WHERE closed_at IS NOT NULL"
                        " AND posted_at IS NULL AND channel_id IS NOT NULL"
                        " ORDER BY closed_at").fetchall()
    return [_day(row) for row in rows]


def mark_posted(conn: sqlite3.Connection, now: float, guild_id: int, day: str,
                message_id: int | None) -> None:
    conn.execute("UPDATE challenge_days SET posted_at = ?, message_id = ?"
                 " WHERE guild_id = ? AND day = ?", (now, message_id, guild_id, day))


def stats(conn: sqlite3.Connection, guild_id: int, user_id: int) -> ChallengeStats:
    days, wins, podiums, best = conn.execute(
        "SELECT COUNT(*), SUM(rank = 1), SUM(rank <= 3), MIN(rank) FROM challenge_results"
        " WHERE user_id = ? AND guild_id = ?", (user_id, guild_id)).fetchone()
    return ChallengeStats(guild_id, user_id, days, wins or 0, podiums or 0, best)
