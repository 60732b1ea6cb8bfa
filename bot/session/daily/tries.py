"""The daily championship's front door: every server's days, tries and rankings, with no
Discord in it (the Discord front end and ``rummy-bot play --daily`` both drive it).

A try is the player alone against the day's computers, one round of the day's deal
(:mod:`bot.session.daily.deal`). The player's actions and the computers' answers to them
are applied to a copy, then saved in one write before a call returns: a refused action
changes nothing, and a try survives any pause and any restart (it is read from the store
at every call). There is no turn timer in a try. When the round ends the try is finished
in the store, which says whether it counts (its day had not closed).

API (coroutines of :class:`Daily`): ``today``, ``play`` (start or continue),
``current``, ``act``, ``ranking``, and the close's ``close_due``, ``posted``,
``next_close`` (:class:`~bot.session.daily.closing.DailyClose`). Refusals are
:class:`~bot.session.SessionError` (codes ``daily.*``) or the engine's own errors.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date

from bot.session.computer import computer_action
from bot.session.daily.calendar import Closing, next_day
from bot.session.daily.closing import DailyClose
from bot.session.daily.deal import computer_rng, make_setup, seat_player
from bot.session.daily.document import TryDoc
from bot.session.daily.model import (
    RANKING_SIZE,
    TRIES_A_DAY,
    DayInfo,
    DayRanking,
    TryResult,
    TryState,
    read_try_ref,
)
from bot.session.daily.scoring import PLAYER, last_round, player_turns, try_score
from bot.session.document import TableDoc
from bot.session.model import DEFAULT_LEVEL, Player, SessionError, Status
from data import (
    ChallengeBusy,
    ChallengeClosed,
    ChallengeLimit,
    ChallengeTry,
    Store,
    TryNotPlaying,
    TryStatus,
)
from engine import CorruptGame
from engine.actions import Action
from engine.game import Game
from engine.views import Phase

log = logging.getLogger("rami.session.daily")

LOOKAHEAD_DAYS = 3  # days opened before today's (a close moved later) are skipped


class Daily(DailyClose):
    """The daily championship of every server the bot serves, kept in the store.

    ``Daily(store, *, clock=time.time, secret_source=None)``: ``clock`` gives the time;
    ``secret_source`` makes the deals' secret the first time one is needed (default: the
    system's randomness; tests inject a fixed one so that their deals replay).
    """

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 secret_source: Callable[[], bytes] | None = None) -> None:
        super().__init__(store, clock)
        self._secret_source = secret_source
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    def _lock(self, guild_id: int, user_id: int) -> asyncio.Lock:
        return self._locks.setdefault((guild_id, user_id), asyncio.Lock())

    # -- days --------------------------------------------------------------------------

    async def today(self, guild_id: int) -> DayInfo:
        """The server's day being played now.

        Raises:
            SessionError: the server's time zone is unknown to the system.
        """
        return (await self._today(guild_id))[0]

    async def _today(self, guild_id: int) -> tuple[DayInfo, TableDoc | None]:
        """Today and its setup, when its first try was played (else None)."""
        now = self._clock()
        settings = await self.store.guild_settings(guild_id)
        opened = await self.store.current_challenge_day(guild_id, now)
        if opened is not None:
            info = DayInfo(guild_id, opened.day, opened.closes_at, settings.daily_timezone)
            return info, _setup(opened.setup)
        closing = Closing(settings.daily_close, settings.daily_timezone)
        day = closing.day_at(now).isoformat()
        for _ in range(LOOKAHEAD_DAYS):
            if await self.store.challenge_day(guild_id, day) is None:
                break
            day = next_day(day)  # that day was opened and has closed: the next one
        closes_at = closing.instant(date.fromisoformat(day))
        return DayInfo(guild_id, day, closes_at, settings.daily_timezone), None

    async def _open(self, day: DayInfo) -> TableDoc:
        """Open the day with the server's settings (the first setup stored stays)."""
        settings = await self.store.guild_settings(day.guild_id)
        fresh = self._secret_source() if self._secret_source is not None else None
        secret = await self.store.daily_secret(fresh)
        setup = make_setup(secret, day.guild_id, day.day, settings)
        opened = await self.store.add_challenge_day(day.guild_id, day.day,
                                                    setup.to_json(), day.closes_at)
        return _setup(opened.setup)

    async def _day_of(self, stored: ChallengeTry) -> DayInfo:
        settings = await self.store.guild_settings(stored.guild_id)
        opened = await self.store.challenge_day(stored.guild_id, stored.day)
        closes_at = opened.closes_at if opened is not None else 0.0
        return DayInfo(stored.guild_id, stored.day, closes_at, settings.daily_timezone)

    # -- tries -------------------------------------------------------------------------

    async def play(self, guild_id: int, player: Player) -> TryState:
        """The player's try in progress, or their next try of today's deal.

        An unfinished try of a day that has closed cannot count any more: it is left
        behind (``TryState.dropped`` names its day) and today's is started.

        Raises:
            SessionError: ``daily.no_tries`` after the day's 10 tries (with the time of the
                next deal), ``daily.closing`` while today is being closed, or settings
                that make no game (``daily.*``, or the engine's ``RuleError``).
        """
        async with self._lock(guild_id, player.user_id):
            today, setup = await self._today(guild_id)
            stored = await self.store.challenge_try_in_progress(guild_id, player.user_id)
            dropped = None
            if stored is not None:
                doc = _readable(stored)
                if stored.day == today.day and doc is not None:
                    return await self._state(stored, doc, today)
                await self.store.abandon_challenge_try(_key(stored), now=self._clock())
                dropped = stored.day if doc is not None else None
            used = await self.store.challenge_tries_used(guild_id, player.user_id, today.day)
            if used >= TRIES_A_DAY:
                raise SessionError("daily.no_tries", count=TRIES_A_DAY, time=today.close_text,
                                   zone=today.zone)
            setup = setup or await self._open(today)
            table = seat_player(setup, player)
            game = Game.new(table.rules, [seat.name for seat in table.seats], table.seed)
            stored = await self._start(today, player, TryDoc(table, game, 0))
            return replace(await self._state(stored, _read(stored), today), dropped=dropped)

    async def _start(self, today: DayInfo, player: Player, doc: TryDoc) -> ChallengeTry:
        try:
            return await self.store.start_challenge_try(today.guild_id, today.day,
                                                        player.user_id, player.name,
                                                        doc.to_json(), now=self._clock())
        except ChallengeLimit:
            raise SessionError("daily.no_tries", count=TRIES_A_DAY, time=today.close_text,
                               zone=today.zone) from None
        except (ChallengeClosed, ChallengeBusy):  # the close, or a second click, came first
            raise SessionError("daily.closing") from None

    async def current(self, guild_id: int, user_id: int, ref: int | None = None) -> TryState:
        """The player's try in progress (``ref``: the one a message showed).

        Raises:
            SessionError: ``daily.no_try`` (none in progress), ``daily.old_try`` (``ref``
                names another try).
        """
        stored = await self._playing(guild_id, user_id, ref)
        return await self._state(stored, _read(stored), await self._day_of(stored))

    async def _playing(self, guild_id: int, user_id: int, ref: int | None) -> ChallengeTry:
        stored = await self.store.challenge_try_in_progress(guild_id, user_id)
        if stored is None:
            raise SessionError("daily.no_try")
        if ref is not None and read_try_ref(ref) != (stored.day, stored.number):
            raise SessionError("daily.old_try")
        return stored

    async def act(self, guild_id: int, user_id: int, actions: Sequence[Action],
                  ref: int | None = None) -> TryState:
        """Play the player's actions (all, or none when one is refused), then the
        computers' turns until the player's turn comes back or the round ends; saved in
        one write before returning. A try finished after its day closed does not count
        (``TryState.result.counted`` says so).

        Raises:
            SessionError: no try in progress, ``ref`` names another try, no action.
            IllegalMove: the engine refuses an action (nothing changes).
        """
        if not actions:
            raise SessionError("session.no_action")
        async with self._lock(guild_id, user_id):
            stored = await self._playing(guild_id, user_id, ref)
            doc = _read(stored)
            game = doc.game.clone()
            for action in actions:  # IllegalMove: the copy is dropped, nothing is saved
                game.apply(PLAYER, action)
            doc = TryDoc(doc.table, game, doc.moves + len(actions))
            doc, moves = _computers_play(doc)
            day = await self._day_of(stored)
            if doc.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                return await self._finish(stored, doc, day, moves)
            await self._save(stored, doc)
            return await self._state(stored, doc, day, moves)

    async def _save(self, stored: ChallengeTry, doc: TryDoc) -> None:
        try:
            await self.store.save_challenge_try(_key(stored), doc.to_json())
        except TryNotPlaying:  # ended meanwhile (the player's data deleted, say)
            raise SessionError("daily.no_try") from None

    async def _finish(self, stored: ChallengeTry, doc: TryDoc, day: DayInfo,
                      moves: tuple[tuple[int, Action], ...]) -> TryState:
        final = TryDoc(replace(doc.table, status=Status.MATCH_OVER), doc.game, doc.moves)
        view = final.game.public_view()
        score, turns = try_score(final.game), player_turns(view)
        try:
            status = await self.store.finish_challenge_try(_key(stored), final.to_json(),
                                                           score, turns, now=self._clock())
        except TryNotPlaying:
            raise SessionError("daily.no_try") from None
        ranking = await self.store.challenge_ranking(stored.guild_id, stored.day)
        mine = next((row for row in ranking if row.user_id == stored.user_id), None)
        last = last_round(view)
        result = TryResult(score, turns, status is TryStatus.COUNTED, last.winner == PLAYER,
                           last.winner == PLAYER and last.rami_sec, mine, len(ranking))
        state = await self._state(stored, final, day, moves)
        hands = tuple(final.game.round.hand(seat) for seat in range(len(final.game.players)))
        return replace(state, result=result, hands=hands)

    async def _state(self, stored: ChallengeTry, doc: TryDoc, day: DayInfo,
                     moves: tuple[tuple[int, Action], ...] = ()) -> TryState:
        used = await self.store.challenge_tries_used(stored.guild_id, stored.user_id,
                                                     stored.day)
        return TryState(day=day, number=stored.number, tries_left=TRIES_A_DAY - used,
                        seats=doc.table.seats, view=doc.game.view(PLAYER),
                        rules=doc.table.rules, moves=moves)

    # -- rankings ----------------------------------------------------------------------

    async def ranking(self, guild_id: int, user_id: int, day: str | None = None) -> DayRanking:
        """A day's ranking (today's by default) for a player who may see it: today's
        once they have tried it, an earlier day's once they have ever played.

        Raises:
            SessionError: ``daily.bad_day`` (not a date), ``daily.play_first`` (today's,
                untried), ``daily.play_ever`` (never played), ``daily.no_day`` (nobody
                played that day).
        """
        today = await self.today(guild_id)
        wanted = _day_text(day) if day is not None else today.day
        if wanted == today.day:
            if not await self.store.challenge_tries_used(guild_id, user_id, wanted):
                raise SessionError("daily.play_first")
        elif not await self.store.challenge_played(guild_id, user_id):
            raise SessionError("daily.play_ever")
        opened = await self.store.challenge_day(guild_id, wanted)
        if opened is None:
            if wanted == today.day:
                return DayRanking(today, (), None, 0, closed=False)
            raise SessionError("daily.no_day", day=wanted)
        info = DayInfo(guild_id, wanted, opened.closes_at, today.zone)
        rows = await self.store.challenge_ranking(guild_id, wanted)
        mine = next((row for row in rows if row.user_id == user_id), None)
        return DayRanking(info, tuple(rows[:RANKING_SIZE]), mine, len(rows), opened.closed)

    async def recent_days(self, guild_id: int) -> list[str]:
        """The server's latest days of championship, newest first (for a hint)."""
        return await self.store.recent_challenge_days(guild_id)


def _computers_play(doc: TryDoc) -> tuple[TryDoc, tuple[tuple[int, Action], ...]]:
    """The computers' turns until the player's comes back or the round ends, each choice
    drawn from the try's seed and the count of actions played (so the same for every
    player who played the same moves)."""
    game, count, moves = doc.game, doc.moves, []
    while game.phase in (Phase.DRAW, Phase.PLAY) and game.current != PLAYER:
        seat = game.current
        level = doc.table.seats[seat].level or DEFAULT_LEVEL
        action = computer_action(game, seat, level, computer_rng(doc.table.seed, count))
        game.apply(seat, action)
        moves.append((seat, action))
        count += 1
    return TryDoc(doc.table, game, count), tuple(moves)


def _key(stored: ChallengeTry) -> tuple[int, str, int, int]:
    return stored.guild_id, stored.day, stored.user_id, stored.number


def _read(stored: ChallengeTry) -> TryDoc:
    """The try's document.

    Raises:
        SessionError: ``daily.corrupt``, it is damaged (``play`` then leaves it behind).
    """
    doc = _readable(stored)
    if doc is None:
        raise SessionError("daily.corrupt")
    return doc


def _readable(stored: ChallengeTry) -> TryDoc | None:
    """The try's document, or None (logged) when it is damaged."""
    try:
        return TryDoc.from_json(stored.state)
    except CorruptGame as error:
        log.error("damaged try guild=%s day=%s user=%s try=%s detail=%s", stored.guild_id,
                  stored.day, stored.user_id, stored.number, error.message())
        return None


def _setup(text: str) -> TableDoc:
    try:
        return TableDoc.from_json(text)[0]
    except CorruptGame:
        raise SessionError("daily.corrupt") from None


def _day_text(text: str) -> str:
    """A day as typed (``2026-11-30``) in the store's writing.

    Raises:
        SessionError: ``daily.bad_day``, not a date written so.
    """
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise SessionError("daily.bad_day", day=text) from None
