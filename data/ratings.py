"""SQL for the skill ratings: a finished match's update (in the transaction that stores
the match), the boards, a player's ratings and history, and the rebuild from every stored
match. The model itself is :mod:`data.rating` (pure).

A rating row exists per server, variant and rater (see migration 0007); ``rating_changes``
keeps each seat's rating before and after each match. The update runs once per match
because it runs only where the match's row was just inserted (``scores.finish_match``:
``ON CONFLICT (game_id) DO NOTHING``; a second booking of the game raises MatchExists
before it gets here), in the same transaction: a failure books neither.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from data.rating import NEW, SeatResult, Skill, rate_match, rater
from data.records import MatchSeat, RatingChange, RatingRow
from data.tx import Row, Tx, for_update

Progress = Callable[[int, int], None]  # (matches done, matches in all)
_CHANGE_COLUMNS = ("match_id, seat, player, user_id, variant, mu_before, sigma_before,"
                   " mu_after, sigma_after, matches, finished_at")
_INSERT_CHANGE = (f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}, guild_id)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_INSERT_RATING = ("INSERT INTO ratings (guild_id, variant, player, user_id, name, mu, sigma,"
                  " ordinal, matches, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


def seat_results(seats: Sequence[MatchSeat]) -> list[SeatResult]:
    return [SeatResult(s.user_id, s.name, s.total, s.won, s.level) for s in seats]


async def rate_booked_match(tx: Tx, match_id: int, guild_id: int, variant: str, now: float,
                            seats: Sequence[MatchSeat]) -> None:
    """Move the ratings of a match just stored (``match_id``) and keep each seat's change.

    Each rater's row is made first (a new rating) and then locked, in one order, so that
    two processes finishing two matches of the same players at once take turns instead
    of one overwriting the other's update.
    """
    results = seat_results(seats)
    if len(results) < 2:
        return
    named: dict[str, tuple[int | None, str]] = {}
    for seat in results:
        key = rater(seat)
        if key is not None:
            named[key] = (seat.user_id, seat.name)
    keys = sorted(named)
    await tx.executemany(
        _INSERT_RATING + " ON CONFLICT (guild_id, variant, player) DO NOTHING",
        [(guild_id, variant, key, named[key][0], named[key][1], NEW.mu, NEW.sigma,
          NEW.ordinal, 0, now) for key in keys])
    marks = ", ".join("?" * len(keys))
    rows = await tx.fetchall(
        "SELECT player, mu, sigma, matches FROM ratings WHERE guild_id = ? AND variant = ?"
        f" AND player IN ({marks}) ORDER BY player{for_update(tx)}",
        (guild_id, variant, *keys)) if keys else []
    current = {key: Skill(mu, sigma) for key, mu, sigma, _ in rows}
    played = {key: int(matches) + 1 for key, _, _, matches in rows}
    changes, new = rate_match(results, current)
    await tx.executemany(
        "UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?, matches = ?, name = ?,"
        " updated_at = ? WHERE guild_id = ? AND variant = ? AND player = ?",
        [(skill.mu, skill.sigma, skill.ordinal, played[key], named[key][1], now, guild_id,
          variant, key) for key, skill in sorted(new.items())])
    await tx.executemany(_INSERT_CHANGE, [
        (match_id, c.seat, c.rater, results[c.seat].user_id, variant, c.before.mu,
         c.before.sigma, c.after.mu, c.after.sigma,
         played[c.rater] if c.rater is not None else 1, now, guild_id)
        for c in changes])


def _change(row: Row) -> RatingChange:
    (match_id, seat, player, user_id, variant, mu_before, sigma_before, mu_after,
     sigma_after, matches, finished_at) = row
    return RatingChange(int(match_id), int(seat), player, user_id, variant, mu_before,
                        sigma_before, mu_after, sigma_after, int(matches), finished_at)


async def game_changes(tx: Tx, game_id: int) -> list[RatingChange]:
    """The rating changes of the match of ``game_id`` (none: not rated), in seat order."""
    rows = await tx.fetchall(
        f"SELECT {', '.join('c.' + c.strip() for c in _CHANGE_COLUMNS.split(','))}"
        " FROM rating_changes AS c JOIN matches AS m ON m.id = c.match_id"
        " WHERE m.game_id = ? ORDER BY c.seat", (game_id,))
    return [_change(row) for row in rows]


async def history(tx: Tx, guild_id: int, user_id: int, variant: str,
                  limit: int) -> list[RatingChange]:
    """A player's last ``limit`` rating changes of one server and variant, oldest first."""
    rows = await tx.fetchall(
        f"SELECT {_CHANGE_COLUMNS} FROM rating_changes"
        " WHERE user_id = ? AND guild_id = ? AND variant = ?"
        " ORDER BY finished_at DESC, match_id DESC LIMIT ?",
        (user_id, guild_id, variant, limit))
    return [_change(row) for row in reversed(rows)]


_ROW = "user_id, name, variant, mu, sigma, ordinal, matches"


async def board(tx: Tx, guild_id: int, variant: str | None, limit: int) -> list[RatingRow]:
    """The best ratings of a server's people, by ordinal (then more matches first): of one
    variant, or (``variant`` None) every player's rating of every variant."""
    where, args = ("guild_id = ? AND variant = ?", (guild_id, variant)) if variant else (
        "guild_id = ?", (guild_id,))
    rows = await tx.fetchall(
        f"SELECT {_ROW} FROM ratings WHERE {where} AND user_id IS NOT NULL"
        " ORDER BY ordinal DESC, matches DESC, user_id, variant LIMIT ?", (*args, limit))
    places: list[int] = []
    for index, row in enumerate(rows):
        tied = index and round(row[5], 6) == round(rows[index - 1][5], 6)
        places.append(places[-1] if tied else index + 1)
    return [RatingRow(place, int(user_id), name, var, mu, sigma, ordinal, int(matches))
            for place, (user_id, name, var, mu, sigma, ordinal, matches)
            in zip(places, rows, strict=True)]


async def player_ratings(tx: Tx, guild_id: int, user_id: int) -> list[RatingRow]:
    """A player's ratings in a server, one per variant they played (by variant name)."""
    rows = await tx.fetchall(
        f"SELECT {_ROW} FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY variant",
        (guild_id, user_id))
    return [RatingRow(0, int(uid), name, var, mu, sigma, ordinal, int(matches))
            for uid, name, var, mu, sigma, ordinal, matches in rows]


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What a rebuild did: the matches rated, the ratings (rows) made."""

    matches: int
    ratings: int


@dataclass(slots=True)
class _Rater:
    user_id: int | None
    name: str
    skill: Skill
    matches: int
    updated_at: float


async def rebuild(tx: Tx, progress: Progress | None = None, every: int = 1000) -> Rebuilt:
    """Forget every rating and rate every stored match again, in the order they finished
    (then by id): the same numbers however often it runs. ``progress`` is told
    (done, all) every ``every`` matches and at the end."""
    await tx.execute("DELETE FROM rating_changes")
    await tx.execute("DELETE FROM ratings")
    rows = await tx.fetchall(
        "SELECT m.id, m.guild_id, m.variant, m.finished_at, s.user_id, s.name, s.total,"
        " s.won, s.level FROM matches AS m JOIN match_seats AS s ON s.match_id = m.id"
        " ORDER BY m.finished_at, m.id, s.seat")
    matches: list[tuple[Row, list[SeatResult]]] = []
    for row in rows:
        if not matches or matches[-1][0][0] != row[0]:
            matches.append((row[:4], []))
        matches[-1][1].append(SeatResult(row[4], row[5], row[6], bool(row[7]), row[8]))
    raters: dict[tuple[int, str, str], _Rater] = {}
    changes: list[tuple[object, ...]] = []
    total = len(matches)
    for done, ((match_id, guild_id, variant, now), seats) in enumerate(matches, 1):
        if len(seats) >= 2:
            _rate_in_memory(raters, changes, match_id, guild_id, variant, now, seats)
        if progress is not None and (done % every == 0 or done == total):
            progress(done, total)
    if progress is not None and total == 0:
        progress(0, 0)
    await tx.executemany(_INSERT_CHANGE, changes)
    await tx.executemany(_INSERT_RATING, [
        (guild_id, variant, key, r.user_id, r.name, r.skill.mu, r.skill.sigma,
         r.skill.ordinal, r.matches, r.updated_at)
        for (guild_id, variant, key), r in raters.items()])
    return Rebuilt(total, len(raters))


def _rate_in_memory(raters: dict[tuple[int, str, str], _Rater],
                    changes: list[tuple[object, ...]], match_id: int, guild_id: int,
                    variant: str, now: float, seats: list[SeatResult]) -> None:
    current = {key: raters[(guild_id, variant, key)].skill
               for seat in seats if (key := rater(seat)) is not None
               and (guild_id, variant, key) in raters}
    seat_changes, new = rate_match(seats, current)
    for key, skill in new.items():
        found = raters.get((guild_id, variant, key))
        seat = next(s for s in seats if rater(s) == key)
        if found is None:
            raters[(guild_id, variant, key)] = _Rater(seat.user_id, seat.name, skill, 1, now)
        else:
            found.skill, found.matches, found.updated_at = skill, found.matches + 1, now
            found.name = seat.name
    for c in seat_changes:
        played = raters[(guild_id, variant, c.rater)].matches if c.rater is not None else 1
        changes.append((match_id, c.seat, c.rater, seats[c.seat].user_id, variant,
                        c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, played, now,
                        guild_id))
