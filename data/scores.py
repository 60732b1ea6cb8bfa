"""SQL for round scores, finished matches, statistics and leaderboards.

Statistics are not kept as running counters: they are sums over ``match_seats``, one row per
player and finished match, carrying the match's guild, variant and finish time so that every
leaderboard is one indexed range scan (see migration 0002).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from data.errors import GameNotFound, MatchExists
from data.records import (
    LeaderboardRow,
    MatchRecord,
    MatchSeat,
    PlayerStats,
    RoundRecord,
    SeatScore,
)

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


def _require_game(conn: sqlite3.Connection, game_id: int) -> None:
    if conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
        raise GameNotFound(game_id)


def record_round(
    conn: sqlite3.Connection, game_id: int, round_number: int, scores: Sequence[SeatScore]
) -> None:
    """Store (or replace, when a round is recorded again) the scores after one round."""
    _require_game(conn, game_id)
    conn.execute(
        "DELETE FROM round_scores WHERE game_id = ? AND round_number = ?", (game_id, round_number)
    )
    conn.executemany(
        "INSERT INTO round_scores (game_id, round_number, seat, user_id, name, points, total)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, round_number, seat, s.user_id, s.name, s.points, s.total)
            for seat, s in enumerate(scores)
        ],
    )


def match_rounds(conn: sqlite3.Connection, game_id: int) -> list[RoundRecord]:
    rows = conn.execute(
        "SELECT round_number, user_id, name, points, total FROM round_scores"
        " WHERE game_id = ? ORDER BY round_number, seat",
        (game_id,),
    ).fetchall()
    rounds: dict[int, list[SeatScore]] = {}
    for number, user_id, name, points, total in rows:
        rounds.setdefault(number, []).append(SeatScore(user_id, name, points, total))
    return [RoundRecord(game_id, number, tuple(seats)) for number, seats in rounds.items()]


def finish_match(
    conn: sqlite3.Connection,
    now: float,
    game_id: int | None,
    guild_id: int,
    variant: str,
    results: Sequence[MatchSeat],
) -> int:
    """Store a finished match and its seats; return the match id."""
    if game_id is not None:
        _require_game(conn, game_id)
        if conn.execute("SELECT 1 FROM matches WHERE game_id = ?", (game_id,)).fetchone():
            raise MatchExists(game_id)
    match_id: int = conn.execute(
        "INSERT INTO matches (game_id, guild_id, variant, finished_at) VALUES (?, ?, ?, ?)"
        " RETURNING id",
        (game_id, guild_id, variant, now),
    ).fetchall()[0][0]
    conn.executemany(
        "INSERT INTO match_seats (match_id, seat, user_id, name, total, won, rounds_won,"
        " rami_secs, points, guild_id, variant, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            )
            for seat, r in enumerate(results)
        ],
    )
    return match_id


def match_history(
    conn: sqlite3.Connection, guild_id: int, limit: int, variant: str | None
) -> list[MatchRecord]:
    matches = conn.execute(
        "SELECT id, game_id, guild_id, variant, finished_at FROM matches"
        " WHERE guild_id = ?1 AND (?2 IS NULL OR variant = ?2)"
        " ORDER BY finished_at DESC, id DESC LIMIT ?3",
        (guild_id, variant, limit),
    ).fetchall()
    if not matches:
        return []
    ids = [m[0] for m in matches]
    seats: dict[int, list[MatchSeat]] = {match_id: [] for match_id in ids}
    marks = ", ".join("?" * len(ids))
    for match_id, user_id, name, total, won, rounds_won, rami_secs, points in conn.execute(
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
_BOARD_SELECT = (
    "SELECT user_id, name, MAX(finished_at), COUNT(*), SUM(won), SUM(rounds_won), SUM(points),"
    " SUM(rami_secs) FROM match_seats"
)
_BOARD_ORDER = (
    " AND user_id IS NOT NULL GROUP BY user_id"
    " ORDER BY SUM(won) DESC, SUM(rounds_won) DESC, SUM(rami_secs) DESC, user_id LIMIT ?"
)
# INDEXED BY pins the plan: left alone, the planner may prefer walking match_seats_player in
# user_id order (to skip sorting the GROUP BY) over a range of this guild and period.
LEADERBOARD_SQL = (
    _BOARD_SELECT + " INDEXED BY match_seats_board_variant"
    " WHERE guild_id = ? AND variant = ? AND finished_at >= ?" + _BOARD_ORDER
)
LEADERBOARD_ALL_SQL = (
    _BOARD_SELECT + " INDEXED BY match_seats_board_all"
    " WHERE guild_id = ? AND finished_at >= ?" + _BOARD_ORDER
)
PLAYER_STATS_SQL = (
    "SELECT COUNT(*), SUM(won), SUM(rounds_won), SUM(points), SUM(rami_secs), MAX(finished_at)"
    " FROM match_seats WHERE user_id = ?1 AND guild_id = ?2 AND (?3 IS NULL OR variant = ?3)"
)


def ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranking (1, 2, 2, 4): rows with equal ordering keys share a rank."""
    places: list[int] = []
    for index, key in enumerate(keys):
        places.append(places[-1] if index and key == keys[index - 1] else index + 1)
    return places


def leaderboard(
    conn: sqlite3.Connection, guild_id: int, variant: str | None, since: float, limit: int
) -> list[LeaderboardRow]:
    if variant is None:
        rows = conn.execute(LEADERBOARD_ALL_SQL, (guild_id, since, limit)).fetchall()
    else:
        rows = conn.execute(LEADERBOARD_SQL, (guild_id, variant, since, limit)).fetchall()
    places = ranks([(row[4], row[5], row[7]) for row in rows])
    return [
        LeaderboardRow(rank, user_id, name, played, won, rounds, points, secs)
        for rank, (user_id, name, _, played, won, rounds, points, secs) in zip(
            places, rows, strict=True
        )
    ]


def player_stats(
    conn: sqlite3.Connection, guild_id: int, user_id: int, variant: str | None
) -> PlayerStats:
    played, won, rounds, points, secs, last = conn.execute(
        PLAYER_STATS_SQL, (user_id, guild_id, variant)
    ).fetchone()
    return PlayerStats(
        guild_id, user_id, variant, played, won or 0, rounds or 0, points or 0, secs or 0, last
    )
