"""SQL of a player's match history: their finished matches, newest first, a page at a
time, and one match with its seats; values in, frozen records out.

A page is one range of ``match_seats`` (the player's seats, read newest first by the
``match_seats_history`` index of migration 0008: user, guild, finish time), then the
seats of the page's matches by their primary key. ``bench/history_bench.py``
measures it at 100,000 stored matches on both stores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from data.records import MatchRecord, MatchSeat
from data.tx import Tx


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a player's finished matches (newest first): ``page`` counts from 0,
    ``total`` is how many matches the player finished (with that variant, if one is
    given), so the pages are ``ceil(total / size)``."""

    matches: tuple[MatchRecord, ...]
    page: int
    size: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.size))


_WHERE = (" WHERE user_id = ?1 AND guild_id = ?2"
          " AND (CAST(?3 AS TEXT) IS NULL OR variant = ?3)")


async def player_history(tx: Tx, guild_id: int, user_id: int, variant: str | None,
                         page: int, size: int) -> HistoryPage:
    """Page ``page`` (from 0) of ``size`` of the player's finished matches in the guild."""
    total = int(await tx.fetchval(f"SELECT COUNT(*) FROM match_seats{_WHERE}",
                                  (user_id, guild_id, variant)) or 0)
    rows = await tx.fetchall(
        f"SELECT match_id FROM match_seats{_WHERE}"
        " ORDER BY finished_at DESC, match_id DESC LIMIT ?4 OFFSET ?5",
        (user_id, guild_id, variant, size, page * size),
    )
    matches = await matches_with_seats(tx, [match_id for (match_id,) in rows])
    return HistoryPage(tuple(matches), page, size, total)


async def latest_matches(tx: Tx, guild_id: int, user_id: int, limit: int) -> list[MatchRecord]:
    """The player's ``limit`` latest finished matches in the guild, newest first (the
    first page of :func:`player_history`, without its count)."""
    rows = await tx.fetchall(
        f"SELECT match_id FROM match_seats{_WHERE}"
        " ORDER BY finished_at DESC, match_id DESC LIMIT ?4",
        (user_id, guild_id, None, limit),
    )
    return await matches_with_seats(tx, [match_id for (match_id,) in rows])


async def match_record(tx: Tx, guild_id: int, match_id: int) -> MatchRecord | None:
    """The guild's match ``match_id`` with its seats (None: no such match in that guild)."""
    found = await matches_with_seats(tx, [match_id])
    return found[0] if found and found[0].guild_id == guild_id else None


async def matches_with_seats(tx: Tx, ids: Sequence[int]) -> list[MatchRecord]:
    """The matches ``ids`` (those that exist), in that order, each with its seats."""
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    rows = await tx.fetchall(
        "SELECT id, game_id, guild_id, variant, finished_at FROM matches"
        f" WHERE id IN ({marks})", list(ids))
    seats: dict[int, list[MatchSeat]] = {match_id: [] for match_id in ids}
    for match_id, user_id, name, total, won, rounds_won, rami_secs, points in await tx.fetchall(
        "SELECT match_id, user_id, name, total, won, rounds_won, rami_secs, points"
        f" FROM match_seats WHERE match_id IN ({marks}) ORDER BY match_id, seat",
        list(ids),
    ):
        seats[match_id].append(
            MatchSeat(user_id, name, total, bool(won), rounds_won, rami_secs, points))
    by_id = {
        match_id: MatchRecord(match_id, game_id, guild, variant, float(finished_at),
                              tuple(seats[match_id]))
        for match_id, game_id, guild, variant, finished_at in rows
    }
    return [by_id[match_id] for match_id in ids if match_id in by_id]
