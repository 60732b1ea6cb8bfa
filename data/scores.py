"""SQL for round scores, finished matches, statistics and leaderboards.

Statistics are not kept as running counters: they are sums over ``match_seats``, one row per
player and finished match, carrying the match's guild, variant and finish time so that every
leaderboard is one indexed range scan (see migration 0002).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import data.ratings as ratings
from data.errors import GameNotFound, MatchExists
from data.records import (
    Booking,
    LeaderboardRow,
    MatchRecord,
    MatchSeat,
    PlayerStats,
    RoundRecord,
    SeatScore,
)
from data.tx import Dialect, Tx, for_update

PERIODS = ("all", "month", "week")


def period_start(period: str, now: float) -> float:
    """The first second of the period containing ``now`` (UTC; weeks start on Monday).

    Raises:
        ValueError: ``period`` is not "all", "month" or "week".
    """
    if period == "all":
        return 0.0
    today = datetime.fromtimestamp(now, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return today.replace(day=1).timestamp()
    if period == "week":
        return (today - timedelta(days=today.weekday())).timestamp()
    raise ValueError(f"period must be one of {', '.join(PERIODS)}, not {period!r}")


async def _require_game(tx: Tx, game_id: int) -> None:
    if await tx.fetchone("SELECT 1 FROM games WHERE id = ?", (game_id,)) is None:
        raise GameNotFound(game_id)


async def record_round(tx: Tx, game_id: int, round_number: int,
                       scores: Sequence[SeatScore]) -> None:
    """Store (or replace, when a round is recorded again) the scores after one round."""
    await _require_game(tx, game_id)
    await tx.execute(
        "DELETE FROM round_scores WHERE game_id = ? AND round_number = ?", (game_id, round_number)
    )
    await _insert_round(tx, game_id, round_number, scores)


async def _insert_round(tx: Tx, game_id: int, round_number: int,
                        scores: Sequence[SeatScore]) -> None:
    await tx.executemany(
        "INSERT INTO round_scores (game_id, round_number, seat, user_id, name, points, total)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, round_number, seat, s.user_id, s.name, s.points, s.total)
            for seat, s in enumerate(scores)
        ],
    )


async def book(tx: Tx, now: float, game_id: int, booking: Booking) -> None:
    """Record the booking's rounds the game lacks, and its match unless it is booked.

    The game's row is locked first (PostgreSQL; a save has locked it already): two
    processes booking one game take turns, and the second finds the first's rounds.

    Raises:
        GameNotFound: ``game_id`` names no game.
    """
    row = await tx.fetchone(
        f"SELECT guild_id, variant FROM games WHERE id = ?{for_update(tx)}", (game_id,))
    if row is None:
        raise GameNotFound(game_id)
    recorded = {number for (number,) in await tx.fetchall(
        "SELECT DISTINCT round_number FROM round_scores WHERE game_id = ?", (game_id,))}
    for record in booking.rounds:
        if record.round_number not in recorded:
            await _insert_round(tx, game_id, record.round_number, record.scores)
    if booking.match is not None:
        guild_id, variant = row
        with contextlib.suppress(MatchExists):  # ON CONFLICT: the transaction goes on
            await finish_match(tx, now, game_id, guild_id, variant, booking.match)


async def match_rounds(tx: Tx, game_id: int) -> list[RoundRecord]:
    rows = await tx.fetchall(
        "SELECT round_number, user_id, name, points, total FROM round_scores"
        " WHERE game_id = ? ORDER BY round_number, seat",
        (game_id,),
    )
    rounds: dict[int, list[SeatScore]] = {}
    for number, user_id, name, points, total in rows:
        rounds.setdefault(number, []).append(SeatScore(user_id, name, points, total))
    return [RoundRecord(game_id, number, tuple(seats)) for number, seats in rounds.items()]


async def finish_match(
    tx: Tx,
    now: float,
    game_id: int | None,
    guild_id: int,
    variant: str,
    results: Sequence[MatchSeat],
) -> int:
    """Store a finished match and its seats, and move its seats' ratings (in this
    transaction); return the match id.

    Raises:
        GameNotFound: ``game_id`` names no game.
        MatchExists: that game's match is already stored (also when another process
            stored it a moment ago: the unique game_id decides, ON CONFLICT).
    """
    if game_id is not None:
        await _require_game(tx, game_id)
    match_id = await tx.fetchval(
        "INSERT INTO matches (game_id, guild_id, variant, finished_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO NOTHING RETURNING id",
        (game_id, guild_id, variant, now),
    )
    if match_id is None:
        raise MatchExists(game_id if game_id is not None else -1)
    await tx.executemany(
        "INSERT INTO match_seats (match_id, seat, user_id, name, total, won, rounds_won,"
        " rami_secs, points, guild_id, variant, finished_at, level)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                match_id,
                seat,
                r.user_id,
                r.name,
                r.total,
                int(r.won),
                r.rounds_won,
                r.rami_secs,
                r.points,
                guild_id,
                variant,
                now,
                r.level,
            )
            for seat, r in enumerate(results)
        ],
    )
    # Here, right after the match's row was inserted, and only here: once per match.
    await ratings.rate_booked_match(tx, int(match_id), guild_id, variant, now, results)
    return int(match_id)


async def match_history(tx: Tx, guild_id: int, limit: int,
                        variant: str | None) -> list[MatchRecord]:
    matches = await tx.fetchall(
        "SELECT id, game_id, guild_id, variant, finished_at FROM matches"
        " WHERE guild_id = ?1 AND (CAST(?2 AS TEXT) IS NULL OR variant = ?2)"
        " ORDER BY finished_at DESC, id DESC LIMIT ?3",
        (guild_id, variant, limit),
    )
    if not matches:
        return []
    ids = [m[0] for m in matches]
    seats: dict[int, list[MatchSeat]] = {match_id: [] for match_id in ids}
    marks = ", ".join("?" * len(ids))
    for match_id, user_id, name, total, won, rounds_won, rami_secs, points in await tx.fetchall(
        "SELECT match_id, user_id, name, total, won, rounds_won, rami_secs, points"
        f" FROM match_seats WHERE match_id IN ({marks}) ORDER BY match_id, seat",
        ids,
    ):
        seats[match_id].append(
            MatchSeat(user_id, name, total, bool(won), rounds_won, rami_secs, points)
        )
    return [
        MatchRecord(match_id, game_id, guild, var, finished_at, tuple(seats[match_id]))
        for match_id, game_id, guild, var, finished_at in matches
    ]


# Both leaderboard queries are range scans of a partial index (see the EXPLAIN test).
# A player's name is the one of their latest match: SQLite takes a bare column from the row
# of MAX(); PostgreSQL says so with an ordered aggregate.
_BOARD_NAME: dict[Dialect, str] = {
    "sqlite": "name, MAX(finished_at)",
    "postgresql": "(ARRAY_AGG(name ORDER BY finished_at DESC))[1], MAX(finished_at)",
}
_BOARD_ORDER = (
    " AND user_id IS NOT NULL GROUP BY user_id"
    " ORDER BY SUM(won) DESC, SUM(rounds_won) DESC, SUM(rami_secs) DESC, user_id LIMIT ?"
)
PLAYER_STATS_SQL = (
    "SELECT COUNT(*), SUM(won), SUM(rounds_won), SUM(points), SUM(rami_secs), MAX(finished_at)"
    " FROM match_seats WHERE user_id = ?1 AND guild_id = ?2"
    " AND (CAST(?3 AS TEXT) IS NULL OR variant = ?3)"
)


def leaderboard_sql(dialect: Dialect, *, by_variant: bool) -> str:
    """The leaderboard query of one guild since a time (arguments: guild, [variant,] since,
    limit). In SQLite, INDEXED BY pins the plan: left alone, the planner may prefer walking
    match_seats_player in user_id order (to skip sorting the GROUP BY) over a range of this
    guild and period."""
    select = (f"SELECT user_id, {_BOARD_NAME[dialect]}, COUNT(*), SUM(won), SUM(rounds_won),"
              " SUM(points), SUM(rami_secs) FROM match_seats")
    if by_variant:
        index, where = "match_seats_board_variant", "guild_id = ? AND variant = ?"
    else:
        index, where = "match_seats_board_all", "guild_id = ?"
    pinned = f" INDEXED BY {index}" if dialect == "sqlite" else ""
    return f"{select}{pinned} WHERE {where} AND finished_at >= ?{_BOARD_ORDER}"


def ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranking (1, 2, 2, 4): rows with equal ordering keys share a rank."""
    places: list[int] = []
    for index, key in enumerate(keys):
        places.append(places[-1] if index and key == keys[index - 1] else index + 1)
    return places


async def leaderboard(tx: Tx, guild_id: int, variant: str | None, since: float,
                      limit: int) -> list[LeaderboardRow]:
    sql = leaderboard_sql(tx.dialect, by_variant=variant is not None)
    args = (guild_id, since, limit) if variant is None else (guild_id, variant, since, limit)
    # int(): PostgreSQL sums big integers as NUMERIC (Decimal in Python).
    rows = [(user_id, name, int(played), int(won), int(rounds), int(points), int(secs))
            for user_id, name, _, played, won, rounds, points, secs
            in await tx.fetchall(sql, args)]
    places = ranks([(row[3], row[4], row[6]) for row in rows])
    return [LeaderboardRow(rank, *row) for rank, row in zip(places, rows, strict=True)]


async def player_stats(tx: Tx, guild_id: int, user_id: int,
                       variant: str | None) -> PlayerStats:
    row = await tx.fetchone(PLAYER_STATS_SQL, (user_id, guild_id, variant))
    assert row is not None  # an aggregate without GROUP BY always has its row
    played, won, rounds, points, secs, last = row
    return PlayerStats(guild_id, user_id, variant, int(played), int(won or 0),
                       int(rounds or 0), int(points or 0), int(secs or 0), last)
