"""The store's skill ratings (the SQL is in :mod:`data.ratings`, the model in
:mod:`data.rating`): the boards, a player's ratings and their history, the changes of a
match, and the rebuild. A match's ratings move where it is stored
(:meth:`data.Store.save` with its booking, :meth:`data.Store.finish_match`)."""

from __future__ import annotations

import data.ratings as ratings
from data.database import StoreBase
from data.ratings import Progress, Rebuilt
from data.records import RatingChange, RatingRow
from data.shared_store import check_limit

HISTORY_SIZE = 50  # the matches the picture of /rummy stats draws


class RatingStore(StoreBase):
    """The skill ratings' part of :class:`data.Store`."""

    async def rating_board(self, guild_id: int, variant: str | None = None,
                           limit: int = 10) -> list[RatingRow]:
        """The server's people by their rating's ordinal (mu - 3 sigma), highest first,
        for one variant (None: every player's rating of every variant, each a row)."""
        check_limit(limit)
        return await self._read(ratings.board, guild_id, variant, limit)

    async def player_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        """A player's ratings in a server, one per variant played, by variant name."""
        return await self._read(ratings.player_ratings, guild_id, user_id)

    async def rating_history(self, guild_id: int, user_id: int, variant: str,
                             limit: int = HISTORY_SIZE) -> list[RatingChange]:
        """A player's last rating changes of a server and variant, oldest first."""
        check_limit(limit)
        return await self._read(ratings.history, guild_id, user_id, variant, limit)

    async def game_rating_changes(self, game_id: int) -> list[RatingChange]:
        """How the match of a game moved its seats' ratings, in seat order (empty: the
        game has no rated match)."""
        return await self._read(ratings.game_changes, game_id)

    async def rebuild_ratings(self, progress: Progress | None = None) -> Rebuilt:
        """Rate every stored match again, in order, from new ratings, in one transaction
        (``progress``: told (done, all) every thousand matches). Running it again gives
        the same ratings."""
        return await self._write(ratings.rebuild, progress)
