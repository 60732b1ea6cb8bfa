"""Shows the session's changes in the channel: lobby, table, turn reminders, results.

The session layer calls :meth:`Publisher.on_event` after every saved change (a player's
action, a computer turn, a timeout); the publisher notes it on the channel's
:class:`~bot.discord_app.table.board.Board` and returns at once, so an interaction is answered
without waiting for these channel updates. One worker per channel then does the jobs due,
each on its own: a job that fails (Discord down, rate limited, the bot not allowed to
post) is retried after a growing pause (:data:`RETRY_DELAYS`) without holding back the
others, and every job shows the latest saved state, so the channel converges to it.

- the lobby message is edited in place; once the game starts it says so;
- the table message is posted once and edited in place, at most once per
  ``min_edit_interval`` seconds (Discord limits edits per channel; a run of changes
  meanwhile becomes one edit of the latest state), and while computer players are to
  move, :data:`~bot.discord_app.table.board.COMPUTERS_PACE` times less often (their moves in a
  row show as one edit; a human's turn is shown at the usual pace); its id is saved with the table
  (``Tables.set_ui``) so it is edited again after a restart; the picture is drawn once
  per state shown, in a worker thread, and uploaded once (an edit showing it again keeps
  the message's attachment by id);
- a table message older than :data:`~bot.discord_app.table.board.EDITABLE_FOR` (by its id
  and ``clock``), or one Discord refuses to edit for its age (429 code 30046), is posted
  anew before it is edited again: the new id saved, then the old message deleted (a
  repost that fails is logged and the old message edited in place from then on);
- when a human is to play, a short message mentions them, and only them; its id and turn
  are saved with the table, and the previous reminder is deleted, after a restart too;
- a finished round posts the round's scores with a Next round button, a finished match
  the final ranking with a New match button (which of them were posted is saved too);
- the reminders and the results go as public follow-ups of the latest interaction answered
  in the channel while its token is young (:mod:`~bot.discord_app.core.followups`: free of
  Discord's global limit), a reminder sent so is deleted through the same token, and the
  channel route is used when there is no such token or Discord refuses it;
- after a restart, :meth:`refresh` brings each resumed table's messages up to date.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.discord_app.core import channel_api, pictures
from bot.discord_app.core.channel_api import Kept, Uploads, attachment_ids
from bot.discord_app.core.followups import Followups, Token, refused
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.core.text import safe_name
from bot.discord_app.table import present
from bot.discord_app.table.board import (
    EDITABLE_FOR,
    ORDER,
    Board,
    Job,
    Result,
    reminder_key,
)
from bot.session import Event, EventKind, Snapshot, Status
from bot.session.model import TIMED_OUT_SEAT
from engine.notation import is_action
from engine.views import PublicView

if TYPE_CHECKING:
    from discord.types.message import Message

    from bot.session.prefs import Preferences
    from bot.session.tables import Tables
    from data import RatingChange

log = logging.getLogger("rami.bot.discord_app.publisher")

TurnListener = Callable[[int, int], Awaitable[None]]  # (channel, user) whose turn has come

RETRY_DELAYS = (1.0, 2.0, 5.0, 15.0, 60.0)  # seconds before each retry; the last repeats
VIA_KEPT = 1024  # reminders sent as follow-ups remembered before the expired ones go
CLOSE_ATTEMPTS = 6  # closing an ended table's messages is given up after this many tries
REPOST_WAIT = 10.0  # seconds /rummy table waits to say whether the table was posted
# Seconds close() lets the jobs under way finish (a reminder sent and its id saved, so
# that the next start does not post another): past them they are cancelled.
CLOSE_GRACE = 3.0
TRANSIENT = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)


class Posted(enum.Enum):
    """What became of a table ``/rummy table`` asked to post."""

    POSTED = "posted"
    FORBIDDEN = "forbidden"  # the bot may not post in the channel (403)
    FAILED = "failed"  # Discord refused or failed; retried
    PENDING = "pending"  # not done yet (Discord slow, rate limited); it goes on


class Publisher:
    """Keeps each channel's public messages in step with its table."""

    def __init__(self, client: discord.Client, tables: Tables, prefs: Preferences,
                 *, on_turn: TurnListener | None = None,
                 min_edit_interval: float = 1.0,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS,
                 clock: Callable[[], float] = time.time,
                 followups: Followups | None = None) -> None:
        self.client = client
        self.followups = followups  # None: every message through the channel routes
        self._via: dict[int, Token] = {}  # the reminders sent as follow-ups, by message id
        self._via_most = VIA_KEPT
        self.tables = tables
        self.prefs = prefs
        self.clock = clock  # seconds since 1970, to tell a table message's age from its id
        self.min_edit_interval = min_edit_interval
        self.retry_delays = retry_delays
        self.on_turn = on_turn
        self._boards: dict[int, Board] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._waiters: dict[int, list[asyncio.Future[Posted]]] = {}
        self._pictures: dict[int, tuple[tuple[int, PublicView, str], Picture]] = {}
        self._uploaded: Uploads[int] = Uploads()  # per channel: the table's picture
        self._progress = asyncio.Condition()
        self._doing: dict[int, Job] = {}  # the job under way in each channel
        self._notices: set[asyncio.Task[None]] = set()  # seats given away, being said
        self._closing = False  # closed: the workers take no new job

    # ------------------------------------------------------------------ taking in
    async def on_event(self, event: Event) -> None:
        """The session listener: note the change, return at once."""
        snapshot = event.snapshot
        self._board(snapshot).absorb(event)
        self._kick(snapshot.channel_id)
        if event.kind is EventKind.LEFT and event.action == TIMED_OUT_SEAT:
            # Said in a message of its own: the table's last move is the computer's at once.
            task = asyncio.get_running_loop().create_task(self._seat_notice(event))
            self._notices.add(task)
            task.add_done_callback(self._notices.discard)

    async def _seat_notice(self, event: Event) -> None:
        """Tell the channel a seat went to a computer after turns timed out in a row."""
        snapshot = event.snapshot
        try:
            lang = await self._language(snapshot)
            text = self._move(event, lang)
            if text:
                await self._send(snapshot.channel_id, Reply(content=text),
                                 discord.AllowedMentions.none())
        except Exception:  # the table says it all the same, without the notice
            log.exception("seat notice not sent channel=%s", snapshot.channel_id)

    async def refresh(self, channel_id: int) -> None:
        """Bring the channel's messages up to date with its saved table (after a restart:
        the table edited or posted, a missing reminder or results posted, an old reminder
        deleted)."""
        snapshot = await self.tables.snapshot(channel_id)
        if snapshot is None:
            return
        self._board(snapshot).refresh(snapshot)
        self._kick(channel_id)

    async def repost(self, snapshot: Snapshot, wait: float = REPOST_WAIT) -> Posted:
        """Post the table again at the bottom of the channel (``/rummy table``); says
        whether it was posted within ``wait`` seconds (it is retried after that)."""
        posted = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(snapshot.channel_id, []).append(posted)
        self._board(snapshot).repost(snapshot)
        self._kick(snapshot.channel_id)
        try:
            return await asyncio.wait_for(asyncio.shield(posted), wait)
        except TimeoutError:
            return Posted.PENDING

    def _board(self, snapshot: Snapshot) -> Board:
        board = self._boards.get(snapshot.channel_id)
        if board is None:
            board = self._boards[snapshot.channel_id] = Board.of(snapshot)
        return board

    def _kick(self, channel_id: int) -> None:
        if self._closing:
            return
        self._wake.setdefault(channel_id, asyncio.Event()).set()
        worker = self._workers.get(channel_id)
        if worker is None or worker.done():
            self._workers[channel_id] = asyncio.get_running_loop().create_task(
                self._work(channel_id), name=f"publisher-{channel_id}")

    # ------------------------------------------------------------------ the workers
    async def wait_idle(self, *, retries: bool = False) -> bool:
        """Wait until every change noted so far is shown, or waits for a retry after a
        failure; with ``retries``, until the retries succeeded (or were given up) too
        (tests and benchmarks). Returns whether there was anything to wait for."""
        def idle() -> bool:
            return all(board.idle if retries else board.settled
                       for board in self._boards.values())

        async with self._progress:
            if idle():
                return False
            await self._progress.wait_for(idle)
            return True

    def unsettled(self) -> list[str]:
        """The channels whose changes are not all shown yet (retries aside), each with
        its jobs left and the one under way: ``123:table,reminder(doing table)``."""
        left = []
        for channel, board in self._boards.items():
            if board.settled:
                continue
            jobs = ",".join(job.value for job in (Job.CLOSE, *ORDER) if board.pending(job))
            doing = self._doing.get(channel)
            left.append(f"{channel}:{jobs}" + (f"(doing {doing.value})" if doing else ""))
        return left

    @property
    def closing(self) -> bool:
        """Whether :meth:`close` was called (the jobs under way may still be finishing)."""
        return self._closing

    async def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop publishing: the workers take no new job, the jobs under way finish
        (within ``grace`` seconds, then they are cancelled), so that a message sent is
        also noted (a reminder's id saved: the next start deletes it rather than posting
        a second one)."""
        for notice in list(self._notices):
            notice.cancel()
        self._closing = True
        for wake in self._wake.values():
            wake.set()  # a worker waiting for its next job's time stops at once
        workers = [worker for worker in self._workers.values() if not worker.done()]
        if workers:
            await asyncio.wait(workers, timeout=grace)
        for worker in workers:
            worker.cancel()
        for worker in workers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await worker
        self._workers.clear()
        for waiters in self._waiters.values():
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(Posted.PENDING)

    async def _work(self, channel_id: int) -> None:
        loop = asyncio.get_running_loop()
        wake = self._wake[channel_id]
        while not self._closing and (board := self._boards.get(channel_id)) is not None:
            wake.clear()
            job = board.next_job(loop.time(), self.min_edit_interval)
            if job is not None:
                await self._attempt(channel_id, board, job)
                await self._notify()
                continue
            when = board.next_time(self.min_edit_interval)
            if when is None:
                if board.ended:
                    self._forget(channel_id)
                await self._notify()
                return
            await self._notify()
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for loses a cancel that
            # comes as the event is set, and the worker would go on past close().
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, when - loop.time())):
                    await wake.wait()

    async def _notify(self) -> None:
        async with self._progress:
            self._progress.notify_all()

    def _forget(self, channel_id: int) -> None:
        """The channel's game is over and shown so: keep nothing of it."""
        self._boards.pop(channel_id, None)
        self._pictures.pop(channel_id, None)
        self._uploaded.forget(channel_id)
        self._wake.pop(channel_id, None)
        self._workers.pop(channel_id, None)

    async def _attempt(self, channel_id: int, board: Board, job: Job) -> None:
        """Do ``job`` once; a failure schedules a retry, or gives the job up when trying
        again cannot help (Discord refused the request itself)."""
        ticket = board.ticket(job)
        self._doing[channel_id] = job
        try:
            await self._do(board, job)
        except Exception as error:
            retry = isinstance(error, TRANSIENT) and not _refused(error)
            if job is Job.TABLE:
                self._answer_waiters(channel_id, Posted.FORBIDDEN if isinstance(
                    error, discord.Forbidden) else Posted.FAILED)
            if job is Job.CLOSE and board.failures.get(job, 0) + 1 >= CLOSE_ATTEMPTS:
                retry = False
            if not retry:
                log.error("publishing given up channel=%s job=%s", channel_id, job.value,
                          exc_info=error)
                board.give_up(job, ticket)
                return
            count = board.failed(job, asyncio.get_running_loop().time(), self.retry_delays)
            log.warning("publishing failed channel=%s job=%s failures=%d error=%s",
                        channel_id, job.value, count, _describe(error))
            return
        finally:
            self._doing.pop(channel_id, None)
        board.done(job, ticket)

    def _answer_waiters(self, channel_id: int, outcome: Posted) -> None:
        for waiter in self._waiters.pop(channel_id, []):
            if not waiter.done():
                waiter.set_result(outcome)

    # ------------------------------------------------------------------ the jobs
    async def _do(self, board: Board, job: Job) -> None:
        if job is Job.CLOSE:
            await self._close(board)
            return
        snapshot = board.snapshot
        lang = await self._language(snapshot)
        if job is Job.LOBBY:
            await self._show_lobby(board, snapshot, lang)
        elif job is Job.RESULTS:
            await self._post_result(board, board.results[0], lang)
        elif job is Job.TABLE:
            await self._show_table(board, snapshot, lang)
        else:
            await self._sync_reminder(board, snapshot, lang)

    async def _language(self, snapshot: Snapshot) -> str:
        lang = snapshot.ui.lang
        return await self.prefs.channel_language(snapshot.guild_id,
                                                 lang if isinstance(lang, str) else None)

    async def _show_lobby(self, board: Board, snapshot: Snapshot, lang: str) -> None:
        """Edit the lobby message; an open one posted before layouts is posted anew as a
        layout, once (its id and format saved, the old one deleted); a started one is
        edited in its own form."""
        old = board.lobby_message
        if old is None:
            return
        layout = old == board.lobby_layout
        if board.lobby == "open" and snapshot.status is Status.LOBBY:
            if not layout:
                await self._upgrade_lobby(board, snapshot, lang, old)
                return
            reply = present.lobby(snapshot, lang, snapshot.rules,
                                  await self.tables.turn_seconds(snapshot.guild_id,
                                                           snapshot.channel_id))
        else:
            reply = present.lobby_closed(snapshot, lang, "bot.lobby.started", layout=layout)
        await self._edit(snapshot.channel_id, old, reply)

    async def _upgrade_lobby(self, board: Board, snapshot: Snapshot, lang: str,
                             old: int) -> None:
        """Post the open lobby anew as a layout in place of ``old``, an embed."""
        channel = snapshot.channel_id
        log.info("lobby message posted anew as a layout, posted as an embed before "
                 "channel=%s message=%s", channel, old)
        sent = await self._send(channel, present.lobby(
            snapshot, lang, snapshot.rules, await self.tables.turn_seconds(snapshot.guild_id,
                                                           snapshot.channel_id)))
        new = int(sent["id"])
        if board.ended or board.snapshot.game_id != snapshot.game_id:
            board.stale_messages.append(new)
            return
        board.lobby_message = board.lobby_layout = new
        await self._save_ui(snapshot, lobby_message=new, lobby_layout=new)
        await self._delete_or_later(board, channel, old, "lobby posted as an embed")

    async def _show_table(self, board: Board, snapshot: Snapshot, lang: str) -> None:
        """Edit the table message to the latest state, or post it: anew (``/rummy table``,
        a new round), never posted, deleted meanwhile, or too old to edit (then the old one
        is deleted)."""
        channel = snapshot.channel_id
        picture = await self._table_picture(snapshot, lang)
        reply = present.table(snapshot, lang, self._move(board.last_move, lang),
                              picture)
        board.table_shown_at = asyncio.get_running_loop().time()
        message_id = board.table_message
        if board.table_anew or message_id is None:
            asked = board.ticket(Job.TABLE)
            if await self._post_table(board, snapshot, reply, picture) is not None:
                board.posted_anew(asked)
            return
        if board.table_is_embed:
            await self._upgrade_table(board, snapshot, reply, picture, message_id)
            return
        if board.table_too_old(self.clock()):
            log.info("table message posted anew, older than %d minutes channel=%s message=%s",
                     EDITABLE_FOR // 60, channel, message_id)
            if await self._replace_table(board, snapshot, reply, picture, message_id):
                return
        try:
            edited = await self._edit_table(channel, message_id, reply, picture)
        except discord.HTTPException as error:
            if not (channel_api.edits_exhausted(error) and await self._repost_refused(
                    board, snapshot, reply, picture, message_id)):
                raise
            return
        if edited is None:  # deleted meanwhile
            await self._post_table(board, snapshot, reply, picture)

    async def _edit_table(self, channel: int, message_id: int, reply: Reply,
                          picture: Picture) -> tuple[int, ...] | None:
        """Edit the table message, the picture it already shows kept by id rather than
        uploaded again; its attachments, None when it is gone."""
        async def edit(kept: Kept | None) -> tuple[int, ...] | None:
            edited = await self._edit(channel, message_id, reply, kept=kept)
            return None if edited is None else attachment_ids(edited)

        shown = await self._uploaded.edit(channel, message_id, picture, edit)
        return None if shown is None else tuple(shown)

    async def _repost_refused(self, board: Board, snapshot: Snapshot, reply: Reply,
                              picture: Picture, message_id: int) -> bool:
        """Post the table anew at once, Discord having refused an edit of ``message_id``
        for its age (30046); says whether it was. Never for a message kept in place, nor
        for one itself posted anew on such a refusal (Discord's clock and this machine's
        disagree: posting again would go on forever): that one is kept in place."""
        channel = snapshot.channel_id
        if message_id == board.posted_on_refusal:
            log.error("Discord refused an edit of the table message posted anew on such a "
                      "refusal (30046; its clock far from this machine's?): it is edited in "
                      "place from now on channel=%s message=%s", channel, message_id)
            board.kept_in_place = message_id
        if message_id == board.kept_in_place:
            return False
        log.warning("Discord refused an edit of the table message for its age (30046): "
                    "posted anew channel=%s message=%s", channel, message_id)
        if not await self._replace_table(board, snapshot, reply, picture, message_id):
            return False
        board.posted_on_refusal = board.table_message
        return True

    async def _replace_table(self, board: Board, snapshot: Snapshot, reply: Reply,
                             picture: Picture, old: int) -> bool:
        """Post the table anew in place of ``old``, which is deleted once the new one's id
        is saved (a failed delete is retried with the stale reminders); says whether it
        was posted. A failure is logged and ``old`` kept in place: it is edited from then
        on, never posted anew again."""
        channel = snapshot.channel_id
        try:
            posted = await self._post_table(board, snapshot, reply, picture)
        except TRANSIENT as error:
            board.kept_in_place = old
            log.warning("could not post the table anew channel=%s message=%s error=%s: it is "
                        "edited in place from now on", channel, old, _describe(error))
            return False
        if posted is None:
            return True  # the game ended meanwhile: its closing shows ``old`` closed
        await self._delete_or_later(board, channel, old, "table message posted anew")
        return True

    async def _upgrade_table(self, board: Board, snapshot: Snapshot, reply: Reply,
                             picture: Picture, old: int) -> None:
        """Post the table anew as a layout in place of ``old``, posted as an embed before
        layouts (an edit cannot add the layout flag): once, its id and format saved, then
        ``old`` deleted (a failed delete is retried with the stale reminders). A failed
        post raises, and is retried as any table job: ``old`` is never edited to a
        layout, which Discord would refuse."""
        channel = snapshot.channel_id
        log.info("table message posted anew as a layout, posted as an embed before "
                 "channel=%s message=%s", channel, old)
        if await self._post_table(board, snapshot, reply, picture) is None:
            return  # the game ended meanwhile: its closing shows ``old`` closed
        await self._delete_or_later(board, channel, old, "table message posted as an embed")

    async def _post_table(self, board: Board, snapshot: Snapshot, reply: Reply,
                          picture: Picture) -> int | None:
        """Post the table message and save its id with the table; returns it (None: the
        game ended meanwhile, the message posted is not its table any more)."""
        channel = snapshot.channel_id
        sent = await self._send(channel, reply)
        message_id = int(sent["id"])
        self._uploaded.note(channel, message_id, picture, attachment_ids(sent))
        self._answer_waiters(channel, Posted.POSTED)
        if board.ended or board.snapshot.game_id != snapshot.game_id:
            return None
        board.table_message = message_id
        if reply.is_layout:
            board.table_layout = message_id
        if snapshot.status in (Status.PLAYING, Status.MATCH_OVER):
            await self._save_ui(snapshot, table_message=message_id,
                                table_layout=message_id if reply.is_layout else None)
        return message_id

    async def _table_picture(self, snapshot: Snapshot, lang: str) -> Picture:
        """The table's picture, drawn once per table seen and language shown (a save that
        changes nothing on the table, such as a message id saved, draws nothing)."""
        assert snapshot.view is not None
        key = (snapshot.game_id, snapshot.view, lang)
        cached = self._pictures.get(snapshot.channel_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        picture = await pictures.draw_for_channel(pictures.table_picture, snapshot.view, lang)
        self._pictures[snapshot.channel_id] = (key, picture)
        return picture

    async def _sync_reminder(self, board: Board, snapshot: Snapshot, lang: str) -> None:
        """Mention the human whose turn it is, once per turn and pinging only them; then
        delete the stale messages: the reminders of earlier turns, the table messages
        posted anew."""
        channel = snapshot.channel_id
        wanted = reminder_key(snapshot)
        if wanted is not None and wanted[0] != board.reminder_turn:
            key, user_id = wanted
            found = present.ping(snapshot, lang)
            assert found is not None
            only_them = discord.AllowedMentions(everyone=False, roles=False,
                                                replied_user=False,
                                                users=[discord.Object(user_id)])
            try:
                sent, token = await self._send_public(channel, Reply(content=found[0]),
                                                      only_them)
                if token is not None:
                    self._note_via(int(sent["id"]), token)
            finally:
                if board.turn_heard != key:  # once per turn, even when the send failed
                    board.turn_heard = key
                    if self.on_turn is not None:
                        await self.on_turn(channel, user_id)
            if board.ended or board.snapshot.game_id != snapshot.game_id:
                if board.closing is not None:
                    board.closing.stale_messages.append(int(sent["id"]))
                return
            if board.reminder_message is not None:
                board.stale_messages.append(board.reminder_message)
            board.reminder_message, board.reminder_turn = int(sent["id"]), key
            await self._save_ui(snapshot, reminder_message=board.reminder_message,
                                reminder_turn=key)
        while board.stale_messages:
            stale = board.stale_messages[0]
            await self._delete(channel, stale)
            # The game may have ended meanwhile, its closing taking the list over.
            if stale in board.stale_messages:
                board.stale_messages.remove(stale)

    async def _post_result(self, board: Board, result: Result, lang: str) -> None:
        snapshot = result.snapshot
        if result.kind == "round":
            picture = await pictures.draw_for_channel(pictures.scores_picture, snapshot.view,
                                                      lang)
            reply = present.round_over(snapshot, lang, picture)
        else:
            reply = present.match_over(snapshot, lang, await self._ratings(snapshot))
        await self._send_public(snapshot.channel_id, reply, reply.allowed_mentions)
        if result in board.results:
            board.results.remove(result)
        if not board.ended and board.snapshot.game_id == snapshot.game_id:
            board.results_shown = result.key
            await self._save_ui(snapshot, results_shown=result.key)

    async def _ratings(self, snapshot: Snapshot) -> list[RatingChange]:
        """How the match moved its seats' ratings (booked with the move that ended it)."""
        return await self.tables.store.game_rating_changes(snapshot.game_id)

    async def _close(self, board: Board) -> None:
        """An ended table: its lobby or table says so, its reminders (and table messages
        posted anew) go."""
        closing = board.closing
        assert closing is not None
        snapshot = closing.snapshot
        lang = await self._language(snapshot)
        channel = snapshot.channel_id
        if snapshot.view is None and closing.lobby_message is not None:
            layout = closing.lobby_message == closing.lobby_layout
            await self._edit(channel, closing.lobby_message,
                             present.lobby_closed(snapshot, lang, "bot.lobby.cancelled",
                                                  layout=layout))
            closing.lobby_message = None
        elif snapshot.view is not None and closing.table_message is not None:
            layout = closing.table_message == closing.table_layout
            await self._edit(channel, closing.table_message,
                             present.table_closed(snapshot, lang, None, layout=layout))
            closing.table_message = None
        while closing.stale_messages:
            await self._delete(channel, closing.stale_messages[0])
            closing.stale_messages.pop(0)
        if board.closing is closing:
            board.closing = None

    async def _delete_or_later(self, board: Board, channel: int, old: int, what: str) -> None:
        """Delete a message the channel no longer needs (``what`` names it in the log); one
        Discord would not delete now is deleted with the board's stale messages later."""
        try:
            await self._delete(channel, old)
        except TRANSIENT as error:
            log.warning("could not delete the %s channel=%s message=%s error=%s: tried again "
                        "later", what, channel, old, _describe(error))
            board.stale_messages.append(old)

    async def _save_ui(self, snapshot: Snapshot, **shown: Any) -> None:
        """Save what the channel shows with the table (a failure is logged: the message
        is shown all the same, and only a restart would miss the id)."""
        try:
            await self.tables.set_ui(snapshot.channel_id, game_id=snapshot.game_id, **shown)
        except Exception:
            log.exception("could not save the table's messages channel=%s", snapshot.channel_id)

    @staticmethod
    def _move(event: Event | None, lang: str) -> str | None:
        if event is None or event.seat is None:
            return None
        seats = event.snapshot.seats
        name = safe_name(seats[event.seat].name, lang) if event.seat < len(seats) else "?"
        if is_action(event.move):
            text = present.move_text(name, event.move, lang)
        elif event.kind is EventKind.LEFT and event.action == TIMED_OUT_SEAT:
            text = t("bot.move.seat_timed_out", lang, player=name)
        elif event.kind is EventKind.LEFT:
            text = t("bot.move.leave", lang, player=name)
        else:
            return None
        if event.kind is EventKind.TIMEOUT:
            text = t("bot.move.timeout", lang, move=text)
        return text

    # ------------------------------------------------------------------ Discord
    async def _send(self, channel_id: int, reply: Reply,
                    mentions: discord.AllowedMentions | None = None) -> Message:
        return await channel_api.send(self.client, channel_id, reply, mentions)

    async def _edit(self, channel_id: int, message_id: int, reply: Reply, *,
                    kept: Kept | None = None) -> Message | None:
        """Edit a message; None when it is gone."""
        return await channel_api.edit(self.client, channel_id, message_id, reply, kept=kept)

    async def _send_public(self, channel_id: int, reply: Reply,
                           mentions: discord.AllowedMentions,
                           ) -> tuple[Message, Token | None]:
        """Send ``reply`` as a public follow-up of the channel's latest interaction while
        its token is young, else (none, or Discord refused it) as a channel message; the
        message and the token it went through (None: the channel route)."""
        token = None if self.followups is None else await self.followups.token(channel_id)
        if token is not None and self.followups is not None:
            try:
                return await self.followups.send(token, reply, mentions), token
            except discord.HTTPException as error:
                if not refused(error):
                    raise
                self.followups.forget(token)
                log.info("follow-up refused, sent to the channel channel=%s error=%s",
                         channel_id, _describe(error))
        return await self._send(channel_id, reply, mentions), None

    def _note_via(self, message_id: int, token: Token) -> None:
        """``message_id`` was sent through ``token``: deleted through it while it is young.
        The expired ones are dropped now and then (a reminder given up is never deleted)."""
        self._via[message_id] = token
        if len(self._via) > self._via_most and self.followups is not None:
            young = self.followups.young
            self._via = {m: t for m, t in self._via.items() if young(t)}
            # Each live channel keeps one: dropped again once twice as many (not at each).
            self._via_most = max(VIA_KEPT, 2 * len(self._via))

    async def _delete(self, channel_id: int, message_id: int) -> None:
        """Delete a message: a reminder sent as a follow-up through its token while it is
        young (the channel route when it is not, or Discord refuses it)."""
        token = self._via.pop(message_id, None)
        if token is not None and self.followups is not None and self.followups.young(token):
            try:
                await self.followups.delete(token, message_id)
                return
            except discord.HTTPException as error:
                if not refused(error):
                    self._via[message_id] = token  # tried again later, the same way
                    raise
                self.followups.forget(token)
        await channel_api.delete(self.client, channel_id, message_id)


def _refused(error: Exception) -> bool:
    """Discord refused the request itself (a bad body, an unknown channel): sending it
    again cannot succeed. Missing permissions (403) and rate limits (429) can pass."""
    if not isinstance(error, discord.HTTPException):
        return False
    return 400 <= error.status < 500 and error.status not in (403, 429)


def _describe(error: Exception) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{type(error).__name__} status={error.status} code={error.code}"
    return repr(error)
