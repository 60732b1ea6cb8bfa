"""SQL for the daily championship: its days, the players' tries, rankings and closes.

A day's row is made at its first try (its setup frozen there) and closed once: the close
books every player's place (``challenge_results``) in the same transaction that marks the
day closed, so a ranking is made exactly once whatever restarts. A try is counted when it
starts (10 a day); whether it counts is decided when it finishes, in the same transaction
that reads whether its day has closed, so no try slips into a ranking already made.
Functions over a :class:`data.tx.Tx`, run by :class:`data.store.Store`.
"""

from __future__ import annotations

from typing import Any

from data.accounts import read_values
from data.errors import ChallengeBusy, ChallengeClosed, ChallengeLimit, TryNotPlaying
from data.jobs import Job, try_job_lock
from data.records import (
    ChallengeDay,
    ChallengeResult,
    ChallengeStats,
    ChallengeTry,
    TryStatus,
)
from data.scores import ranks
from data.settings import GuildSettings
from data.tx import Tx, for_update

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


async def secret(tx: Tx, now: float, fresh: bytes) -> bytes:
    """The deals' secret: the stored one, or ``fresh`` stored now when there is none."""
    await tx.execute("INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?)"
                     " ON CONFLICT (name) DO NOTHING", (SECRET_NAME, fresh, now))
    value = await tx.fetchval("SELECT value FROM secrets WHERE name = ?", (SECRET_NAME,))
    return bytes(value)


async def day_row(tx: Tx, guild_id: int, day: str, *,
                  lock: str = "") -> ChallengeDay | None:
    """The day, if opened; ``lock``: ``for_update(tx, ...)`` to lock its row till the end
    of the transaction (PostgreSQL), so that a close and a try never cross."""
    row = await tx.fetchone(f"SELECT {_DAY_COLUMNS} FROM challenge_days"
                            f" WHERE guild_id = ? AND day = ?{lock}", (guild_id, day))
    return _day(row) if row else None


async def current_day(tx: Tx, guild_id: int, now: float) -> ChallengeDay | None:
    row = await tx.fetchone(
        f"SELECT {_DAY_COLUMNS} FROM challenge_days WHERE guild_id = ? AND closed_at IS NULL"
        " AND closes_at > ? ORDER BY closes_at LIMIT 1", (guild_id, now))
    return _day(row) if row else None


async def add_day(tx: Tx, guild_id: int, day: str, setup: str,
                  closes_at: float) -> ChallengeDay:
    await tx.execute("INSERT INTO challenge_days (guild_id, day, setup, closes_at)"
                     " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, day) DO NOTHING",
                     (guild_id, day, setup, closes_at))
    found = await day_row(tx, guild_id, day)
    assert found is not None
    return found


async def tries_used(tx: Tx, guild_id: int, user_id: int, day: str) -> int:
    used = await tx.fetchval(
        "SELECT COUNT(*) FROM challenge_tries WHERE guild_id = ? AND day = ? AND user_id = ?",
        (guild_id, day, user_id))
    return int(used)


async def start_try(tx: Tx, now: float, guild_id: int, day: str, user_id: int,
                    name: str, state: str) -> ChallengeTry:
    """Start the player's next try of the day (the day's row locked meanwhile in
    PostgreSQL: two starts of one guild's day take turns).

    Raises:
        ChallengeClosed: the day is closed, past its close or has no row.
        ChallengeBusy: the player has a try in progress in this guild.
        ChallengeLimit: the player already started the day's 10 tries.
    """
    found = await day_row(tx, guild_id, day, lock=for_update(tx))
    if found is None or found.closed or now >= found.closes_at:
        raise ChallengeClosed(guild_id, day)
    if await playing(tx, guild_id, user_id) is not None:
        raise ChallengeBusy(guild_id, user_id)
    used = await tries_used(tx, guild_id, user_id, day)
    if used >= CHALLENGE_TRIES:
        raise ChallengeLimit(user_id, day, CHALLENGE_TRIES)
    row = await tx.fetchone(
        "INSERT INTO challenge_tries (guild_id, day, user_id, try, name, status, state,"
        f" version, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING {_TRY_COLUMNS}",
        (guild_id, day, user_id, used + 1, name, _PLAYING, state, now))
    assert row is not None
    return _try(row)


async def playing(tx: Tx, guild_id: int, user_id: int) -> ChallengeTry | None:
    row = await tx.fetchone(
        f"SELECT {_TRY_COLUMNS} FROM challenge_tries WHERE guild_id = ? AND user_id = ?"
        " AND status = ?", (guild_id, user_id, _PLAYING))
    return _try(row) if row else None


_KEY = "guild_id = ? AND day = ? AND user_id = ? AND try = ? AND status = ?"


async def save_try(tx: Tx, key: tuple[int, str, int, int], state: str) -> int:
    """Save a try in progress; return its new version. Raises TryNotPlaying."""
    version = await tx.fetchval(f"UPDATE challenge_tries SET state = ?, version = version + 1"
                                f" WHERE {_KEY} RETURNING version", (state, *key, _PLAYING))
    if version is None:
        raise TryNotPlaying(*key)
    return int(version)


async def finish_try(tx: Tx, now: float, key: tuple[int, str, int, int],
                     state: str, score: int, turns: int) -> TryStatus:
    """End a try: counted when its day is still open, else late. Raises TryNotPlaying.
    In PostgreSQL the day's row is share-locked: a close waits for this transaction (and
    ranks the try), or this one waits for the close (and finds the day closed)."""
    guild_id, day, _, _ = key
    found = await day_row(tx, guild_id, day, lock=for_update(tx, "SHARE"))
    late = found is None or found.closed or now >= found.closes_at
    status = TryStatus.LATE if late else TryStatus.COUNTED
    kept = (score, turns) if status is TryStatus.COUNTED else (None, None)
    version = await tx.fetchval(
        "UPDATE challenge_tries SET state = ?, version = version + 1, status = ?,"
        f" finished_at = ?, score = ?, turns = ? WHERE {_KEY} RETURNING version",
        (state, str(status), now, *kept, *key, _PLAYING))
    if version is None:
        raise TryNotPlaying(*key)
    return status


async def abandon_try(tx: Tx, now: float, key: tuple[int, str, int, int]) -> None:
    """Leave a try unfinished for good (its day has closed). Raises TryNotPlaying."""
    changed = await tx.execute(
        f"UPDATE challenge_tries SET status = ?, finished_at = ? WHERE {_KEY}",
        (str(TryStatus.ABANDONED), now, *key, _PLAYING))
    if changed == 0:
        raise TryNotPlaying(*key)


async def ranking(tx: Tx, guild_id: int, day: str) -> list[ChallengeResult]:
    rows = await tx.fetchall(RANKING_SQL, (guild_id, day))
    places = ranks([(score, turns, finished) for _, _, score, turns, finished, _ in rows])
    return [ChallengeResult(rank, user, name, score, turns, finished, int(tries))
            for rank, (user, name, score, turns, finished, tries)
            in zip(places, rows, strict=True)]


async def played(tx: Tx, guild_id: int, user_id: int) -> bool:
    row = await tx.fetchone("SELECT 1 FROM challenge_tries WHERE user_id = ? AND guild_id = ?"
                            " LIMIT 1", (user_id, guild_id))
    return row is not None


async def recent_days(tx: Tx, guild_id: int, limit: int) -> list[str]:
    rows = await tx.fetchall("SELECT day FROM challenge_days WHERE guild_id = ?"
                             " ORDER BY day DESC LIMIT ?", (guild_id, limit))
    return [day for (day,) in rows]


async def due_days(tx: Tx, now: float) -> list[ChallengeDay]:
    rows = await tx.fetchall(f"SELECT {_DAY_COLUMNS} FROM challenge_days WHERE closed_at IS NULL"
                             " AND closes_at <= ? ORDER BY closes_at", (now,))
    return [_day(row) for row in rows]


async def next_close(tx: Tx) -> float | None:
    first = await tx.fetchval("SELECT MIN(closes_at) FROM challenge_days"
                              " WHERE closed_at IS NULL")
    return float(first) if first is not None else None


async def close_day(tx: Tx, now: float, guild_id: int, day: str,
                    channel_id: int | None) -> list[ChallengeResult] | None:
    """Make the day's final ranking and book each player's place, once: None when the
    day was already closed (or has no row)."""
    changed = await tx.execute("UPDATE challenge_days SET closed_at = ?, channel_id = ?"
                               " WHERE guild_id = ? AND day = ? AND closed_at IS NULL",
                               (now, channel_id, guild_id, day))
    if changed == 0:
        return None
    results = await ranking(tx, guild_id, day)
    await tx.executemany(
        "INSERT INTO challenge_results (guild_id, day, user_id, rank, name, score, turns, tries)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, day, r.user_id, r.rank, r.name, r.best_score, r.turns, r.tries)
         for r in results])
    return results


async def close_due(tx: Tx, now: float) -> list[tuple[ChallengeDay, list[ChallengeResult]]]:
    """Close every day whose close has come, each with its guild's daily channel as it
    stands; return each day closed here (as closed) with its ranking. One process at a
    time (its job lock): another process closing already returns [] at once; and each
    day closes once, whoever gets there first."""
    if not await try_job_lock(tx, Job.DAILY_CLOSE):
        return []
    closed = []
    for due in await due_days(tx, now):
        channel_id = (await read_values(tx, GuildSettings, due.guild_id)).daily_channel
        results = await close_day(tx, now, due.guild_id, due.day, channel_id)
        if results is not None:
            found = await day_row(tx, due.guild_id, due.day)
            assert found is not None
            closed.append((found, results))
    return closed


async def unposted_days(tx: Tx) -> list[ChallengeDay]:
    rows = await tx.fetchall(f"SELECT {_DAY_COLUMNS} FROM challenge_days"
                             " WHERE closed_at IS NOT NULL AND posted_at IS NULL"
                             " AND channel_id IS NOT NULL ORDER BY closed_at")
    return [_day(row) for row in rows]


async def mark_posted(tx: Tx, now: float, guild_id: int, day: str,
                      message_id: int | None) -> None:
    await tx.execute("UPDATE challenge_days SET posted_at = ?, message_id = ?"
                     " WHERE guild_id = ? AND day = ?", (now, message_id, guild_id, day))


async def stats(tx: Tx, guild_id: int, user_id: int) -> ChallengeStats:
    row = await tx.fetchone(
        "SELECT COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN rank <= 3 THEN 1 ELSE 0 END), MIN(rank) FROM challenge_results"
        " WHERE user_id = ? AND guild_id = ?", (user_id, guild_id))
    assert row is not None  # an aggregate without GROUP BY always has its row
    days, wins, podiums, best = row
    return ChallengeStats(guild_id, user_id, int(days), int(wins or 0), int(podiums or 0), best)
