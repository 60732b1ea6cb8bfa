"""The store's daily championship: the deals' secret, the days, the tries, the rankings and
the closes (the SQL is in :mod:`data.challenge`).

When a day closes (its hour, its time zone) and what a try's state holds are the session
layer's business; the store keeps the facts and makes the two decisions that must be
atomic: whether a finished try counts (its day not closed yet) and closing a day once.
"""

from __future__ import annotations

import secrets
from datetime import date

import data.challenge as challenge
from data.database import StoreBase
from data.games import check_json
from data.records import ChallengeDay, ChallengeResult, ChallengeStats, ChallengeTry, TryStatus

SECRET_BYTES = 32
TryKey = tuple[int, str, int, int]  # guild, day, user, try number


class ChallengeStore(StoreBase):
    """The daily championship's part of :class:`data.Store`."""

    async def daily_secret(self, fresh: bytes | None = None) -> bytes:
        """The secret the deals are derived from: made the first time it is asked for
        (``fresh``, by default from the system's randomness) and kept in the database
        from then on. Raises ValueError for a ``fresh`` secret shorter than 16 bytes."""
        fresh = secrets.token_bytes(SECRET_BYTES) if fresh is None else fresh
        if not isinstance(fresh, bytes) or len(fresh) < 16:
            raise ValueError("a secret is at least 16 bytes")
        return await self._write(challenge.secret, self._now(), fresh)

    async def challenge_day(self, guild_id: int, day: str) -> ChallengeDay | None:
        """That day of the guild's championship, if it has been opened. Raises ValueError
        for a day not written YYYY-MM-DD."""
        check_day(day)
        return await self._read(challenge.day_row, guild_id, day)

    async def current_challenge_day(self, guild_id: int,
                                    now: float | None = None) -> ChallengeDay | None:
        """The guild's open day at ``now`` (not closed, closing later), if one was opened."""
        return await self._read(challenge.current_day, guild_id, self._now(now))

    async def add_challenge_day(self, guild_id: int, day: str, setup: str,
                                closes_at: float) -> ChallengeDay:
        """Open a day with its setup, or return it as opened before (the first setup
        stays: every player of the day meets the same deal). Raises ValueError for a bad
        day or a setup that is not JSON text."""
        check_day(day)
        check_json(setup)
        return await self._write(challenge.add_day, guild_id, day, setup, closes_at)

    async def start_challenge_try(self, guild_id: int, day: str, user_id: int, name: str,
                                  state: str, *, now: float | None = None) -> ChallengeTry:
        """Start the player's next try of the day at ``now`` (default: the store's clock);
        it counts among the day's 10 from then on.

        Raises:
            ChallengeClosed: the day is closed, past its close, or was never opened.
            ChallengeBusy: the player has a try in progress in this guild.
            ChallengeLimit: the player already started the day's 10 tries.
            ValueError: a bad day or a state that is not JSON text.
        """
        check_day(day)
        check_json(state)
        return await self._write(challenge.start_try, self._now(now), guild_id, day, user_id,
                                 name, state)

    async def challenge_try_in_progress(self, guild_id: int,
                                        user_id: int) -> ChallengeTry | None:
        """The player's try in progress in the guild (any day), if any."""
        return await self._read(challenge.playing, guild_id, user_id)

    async def save_challenge_try(self, key: TryKey, state: str) -> int:
        """Save a try in progress (``key``: guild, day, user, try number); return the
        number of saves so far. Raises TryNotPlaying, ValueError (state not JSON)."""
        check_json(state)
        return await self._write(challenge.save_try, key, state)

    async def finish_challenge_try(self, key: TryKey, state: str, score: int, turns: int, *,
                                   now: float | None = None) -> TryStatus:
        """End a try at ``now`` with its final state, score and turns: ``COUNTED`` when
        its day has not closed by then, else ``LATE`` (it does not count). Raises
        TryNotPlaying, ValueError."""
        check_json(state)
        return await self._write(challenge.finish_try, self._now(now), key, state, score,
                                 turns)

    async def abandon_challenge_try(self, key: TryKey, *, now: float | None = None) -> None:
        """Leave a try unfinished for good (its day closed). Raises TryNotPlaying."""
        await self._write(challenge.abandon_try, self._now(now), key)

    async def challenge_tries_used(self, guild_id: int, user_id: int, day: str) -> int:
        """How many tries the player started that day (finished or not)."""
        check_day(day)
        return await self._read(challenge.tries_used, guild_id, user_id, day)

    async def challenge_ranking(self, guild_id: int, day: str) -> list[ChallengeResult]:
        """Every player's best counted try of the day, best first: highest score, then
        fewest turns, then the earliest finish. Raises ValueError for a bad day."""
        check_day(day)
        return await self._read(challenge.ranking, guild_id, day)

    async def challenge_played(self, guild_id: int, user_id: int) -> bool:
        """Whether the player ever started a try in the guild's championship."""
        return await self._read(challenge.played, guild_id, user_id)

    async def recent_challenge_days(self, guild_id: int, limit: int = 25) -> list[str]:
        """The guild's latest days of championship, newest first. Raises ValueError
        unless ``limit`` is a whole number from 1."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be a whole number from 1, not {limit!r}")
        return await self._read(challenge.recent_days, guild_id, limit)

    async def due_challenge_days(self, now: float | None = None) -> list[ChallengeDay]:
        """The days of every guild whose close has come and that are not closed yet."""
        return await self._read(challenge.due_days, self._now(now))

    async def next_challenge_close(self) -> float | None:
        """When the earliest day still open closes (None: no day is open)."""
        return await self._read(challenge.next_close)

    async def close_challenge_day(self, guild_id: int, day: str, channel_id: int | None, *,
                                  now: float | None = None) -> list[ChallengeResult] | None:
        """Make the day's final ranking and book it in each player's statistics, in one
        transaction and once: None when the day was already closed (or never opened).
        ``channel_id`` is where it is to be posted (None: nowhere)."""
        check_day(day)
        return await self._write(challenge.close_day, self._now(now), guild_id, day,
                                 channel_id)

    async def close_due_challenge_days(
            self, now: float | None = None) -> list[tuple[ChallengeDay, list[ChallengeResult]]]:
        """Close every day whose close has come (``now`` or earlier), to be posted in its
        guild's daily channel, in one transaction; return the days closed by this call with
        their rankings. Several processes may call it at once: one closes, the others
        return [] (PostgreSQL's transaction-scoped advisory lock), and a day closes once."""
        return await self._write(challenge.close_due, self._now(now))

    async def unposted_challenge_days(self) -> list[ChallengeDay]:
        """Closed days with a channel whose ranking is not posted yet, oldest first."""
        return await self._read(challenge.unposted_days)

    async def mark_challenge_posted(self, guild_id: int, day: str, message_id: int | None, *,
                                    now: float | None = None) -> None:
        """Remember that the day's ranking was posted (as ``message_id``)."""
        check_day(day)
        await self._write(challenge.mark_posted, self._now(now), guild_id, day, message_id)

    async def challenge_stats(self, guild_id: int, user_id: int) -> ChallengeStats:
        """The player's closed days in the guild's championship: days ranked, first
        places, top-3 places and the best place."""
        return await self._read(challenge.stats, guild_id, user_id)


def check_day(day: str) -> None:
    """Raises ValueError unless ``day`` is a date written YYYY-MM-DD."""
    try:
        if not isinstance(day, str) or len(day) != 10:
            raise ValueError
        date.fromisoformat(day)
    except ValueError:
        raise ValueError(f"a challenge day is a YYYY-MM-DD date, not {day!r}") from None
