"""Shows the session's changes in the channel: lobby, table, turn pings, round and match ends.

The session layer calls :meth:`Publisher.on_event` after every saved change (a player's
action, a computer turn, a timeout). The publisher queues the event and returns at once,
so an interaction is answered without waiting for these channel updates; one worker per
channel applies the events in order. Table edits are spaced by at least
``min_edit_interval`` seconds per channel (Discord limits edits per channel, and drawing
the table costs milliseconds of CPU): a run of changes meanwhile becomes one edit of the
latest state. Pictures are drawn in a worker thread.

- the lobby message is edited in place; once the game starts it says so;
- the table message is posted once and edited in place after every change; its id is
  kept with the game (``Tables.set_ui``) so it is edited again after a restart;
- when a human is to play, a short message mentions them, and only them (allowed
  mentions); the previous reminder is deleted;
- a finished round posts the round's scores with a Next round button, a finished match
  the final ranking with a New match button.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app import pictures, present
from bot.discord_app.i18n import t
from bot.discord_app.replies import Reply
from bot.session import Event, EventKind, Snapshot, Status
from engine.names import shown_name
from engine.notation import is_action

if TYPE_CHECKING:
    from bot.discord_app.views import Components
    from bot.session.prefs import Preferences
    from bot.session.tables import Tables

log = logging.getLogger("rami.bot.discord_app.publisher")

TABLE_EVENTS = (EventKind.ACTION, EventKind.TIMEOUT)

TurnListener = Callable[[int, int], Awaitable[None]]  # (channel, user) whose turn has come


@dataclass(frozen=True, slots=True)
class _Repost:
    snapshot: Snapshot


class Publisher:
    """Keeps each channel's public messages in step with its table."""

    def __init__(self, client: discord.Client, tables: Tables, prefs: Preferences,
                 components: Components, *, on_turn: TurnListener | None = None,
                 min_edit_interval: float = 1.0) -> None:
        self.client = client
        self.tables = tables
        self.prefs = prefs
        self.components = components
        self.min_edit_interval = min_edit_interval
        self.on_turn = on_turn
        self._last_edit: dict[int, float] = {}
        self._queues: dict[int, list[Event | _Repost]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._pinged: dict[int, tuple[Any, ...]] = {}
        self._ping_message: dict[int, int] = {}
        self._table_message: dict[int, int] = {}

    # ------------------------------------------------------------------ queueing
    async def on_event(self, event: Event) -> None:
        """The session listener: queue the event, return at once."""
        self._enqueue(event.snapshot.channel_id, event)

    async def repost(self, snapshot: Snapshot) -> None:
        """Post the table again at the bottom of the channel (``/rummy table``)."""
        self._enqueue(snapshot.channel_id, _Repost(snapshot))

    def _enqueue(self, channel_id: int, item: Event | _Repost) -> None:
        self._queues.setdefault(channel_id, []).append(item)
        worker = self._workers.get(channel_id)
        if worker is None or worker.done():
            self._workers[channel_id] = asyncio.get_running_loop().create_task(
                self._work(channel_id), name=f"publisher-{channel_id}")

    async def wait_idle(self) -> bool:
        """Wait until every queued change is shown (tests and benchmarks). Returns whether
        there was anything to wait for."""
        waited = False
        while True:
            pending = [w for w in self._workers.values() if not w.done()]
            if not pending:
                return waited
            waited = True
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        for worker in self._workers.values():
            worker.cancel()
        for worker in self._workers.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await worker
        self._workers.clear()

    async def _work(self, channel_id: int) -> None:
        queue = self._queues[channel_id]
        loop = asyncio.get_running_loop()
        while queue:
            item = queue.pop(0)
            try:
                if _is_table_change(item):
                    # The next player hears at once; the table follows at the edit pace.
                    item = self._latest(queue, item)
                    await self._ping(item.snapshot, await self._language(item.snapshot))
                    last = self._last_edit.get(channel_id, -1e9)
                    wait = last + self.min_edit_interval - loop.time()
                    if wait > 0:
                        await asyncio.sleep(wait)
                        item = self._latest(queue, item)
                await self._show(item)
            except Exception:
                log.exception("publishing failed channel=%s item=%s", channel_id,
                              getattr(item, "kind", "repost"))

    @staticmethod
    def _latest(queue: list[Event | _Repost], item: Event | _Repost) -> Event:
        """``item`` or the newest table change queued right after it."""
        while queue and _is_table_change(queue[0]):
            item = queue.pop(0)
        assert isinstance(item, Event)
        return item

    # ------------------------------------------------------------------ showing
    async def _language(self, snapshot: Snapshot) -> str:
        lang = snapshot.ui.lang
        return await self.prefs.channel_language(snapshot.guild_id,
                                                 lang if isinstance(lang, str) else None)

    async def _show(self, item: Event | _Repost) -> None:
        snapshot = item.snapshot
        lang = await self._language(snapshot)
        if isinstance(item, _Repost):
            await self._post_table(snapshot, lang, None)
            await self._ping(snapshot, lang)
            return
        kind = item.kind
        if kind is EventKind.LOBBY:
            await self._edit_lobby(snapshot, present.lobby(snapshot, lang, self.components,
                                                           self.tables.rules_of(snapshot)))
        elif kind is EventKind.STARTED:
            await self._edit_lobby(snapshot,
                                   present.lobby_closed(snapshot, lang, "bot.lobby.started"))
            await self._post_table(snapshot, lang, None)
            await self._ping(snapshot, lang)
        elif kind is EventKind.ROUND_STARTED:
            await self._post_table(snapshot, lang, None)
            await self._ping(snapshot, lang)
        elif kind in TABLE_EVENTS:
            await self._update_table(snapshot, lang, self._move(item, lang))
            await self._ping(snapshot, lang)
        elif kind is EventKind.ROUND_OVER:
            await self._update_table(snapshot, lang, self._move(item, lang))
            picture = None
            if snapshot.view is not None and snapshot.view.rounds:
                picture = await pictures.draw(pictures.scores_picture, snapshot.view, lang)
            await self._send(snapshot.channel_id,
                             present.round_over(snapshot, lang, self.components, picture))
        elif kind is EventKind.MATCH_OVER:
            await self._send(snapshot.channel_id,
                             present.match_over(snapshot, lang, self.components))
        elif kind is EventKind.ENDED:
            await self._close(snapshot, lang)

    @staticmethod
    def _move(event: Event, lang: str) -> str | None:
        if event.seat is None:
            return None
        seats = event.snapshot.seats
        name = shown_name(seats[event.seat].name, lang) if event.seat < len(seats) else "?"
        if is_action(event.move):
            text = present.move_text(name, event.move, lang)
        elif event.action == "leave":  # the session's event for a player who left
            text = t("bot.move.leave", lang, player=name)
        else:
            return None
        if event.kind is EventKind.TIMEOUT:
            text = t("bot.move.timeout", lang, move=text)
        return text

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    async def _send(self, channel_id: int, reply: Reply,
                    mentions: discord.AllowedMentions | None = None) -> discord.Message:
        return await self._channel(channel_id).send(
            content=reply.content, embeds=list(reply.embeds), files=reply.files(),
            view=reply.view or discord.utils.MISSING,
            allowed_mentions=mentions or reply.allowed_mentions,
        )

    async def _edit(self, channel_id: int, message_id: int, reply: Reply) -> bool:
        message = self._channel(channel_id).get_partial_message(message_id)
        try:
            await message.edit(
                content=reply.content, embeds=list(reply.embeds),
                attachments=reply.files() if reply.pictures else discord.utils.MISSING,
                view=reply.view, allowed_mentions=reply.allowed_mentions,
            )
        except discord.NotFound:
            return False
        return True

    async def _edit_lobby(self, snapshot: Snapshot, reply: Reply) -> None:
        message_id = snapshot.ui.lobby_message
        if isinstance(message_id, int):
            await self._edit(snapshot.channel_id, message_id, reply)

    def _table_message_id(self, snapshot: Snapshot) -> int | None:
        known = self._table_message.get(snapshot.channel_id)
        saved = snapshot.ui.table_message
        if known is not None:
            return known
        return saved if isinstance(saved, int) else None

    async def _table_reply(self, snapshot: Snapshot, lang: str, move: str | None) -> Reply:
        assert snapshot.view is not None
        self._last_edit[snapshot.channel_id] = asyncio.get_running_loop().time()
        picture = await pictures.draw(pictures.table_picture, snapshot.view, lang)
        return present.table(snapshot, lang, self.components, move, picture)

    async def _post_table(self, snapshot: Snapshot, lang: str, move: str | None) -> None:
        if snapshot.view is None:
            return
        reply = await self._table_reply(snapshot, lang, move)
        message = await self._send(snapshot.channel_id, reply)
        self._table_message[snapshot.channel_id] = message.id
        if snapshot.status is not Status.PLAYING and snapshot.status is not Status.MATCH_OVER:
            return
        await self.tables.set_ui(snapshot.channel_id, table_message=message.id)

    async def _update_table(self, snapshot: Snapshot, lang: str, move: str | None) -> None:
        if snapshot.view is None:
            return
        message_id = self._table_message_id(snapshot)
        if message_id is None or not await self._edit(
                snapshot.channel_id, message_id, await self._table_reply(snapshot, lang, move)):
            await self._post_table(snapshot, lang, move)

    async def _ping(self, snapshot: Snapshot, lang: str) -> None:
        """Mention the human whose turn it is, once per turn, pinging only them."""
        found = present.ping(snapshot, lang)
        view = snapshot.view
        if found is None or view is None:
            return
        text, user_id = found
        key = (snapshot.game_id, view.round_number, view.turn, view.current)
        channel = snapshot.channel_id
        if self._pinged.get(channel) == key:
            return
        self._pinged[channel] = key
        old = self._ping_message.pop(channel, None)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await self._channel(channel).get_partial_message(old).delete()
        only_them = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                            users=[discord.Object(user_id)])
        message = await self._send(channel, Reply(content=text), mentions=only_them)
        self._ping_message[channel] = message.id
        if self.on_turn is not None:
            await self.on_turn(channel, user_id)

    async def _close(self, snapshot: Snapshot, lang: str) -> None:
        channel = snapshot.channel_id
        if snapshot.view is None:
            await self._edit_lobby(snapshot,
                                   present.lobby_closed(snapshot, lang, "bot.lobby.cancelled"))
        else:
            message_id = self._table_message_id(snapshot)
            if message_id is not None:
                await self._edit(channel, message_id, present.table_closed(snapshot, lang, None))
        self._table_message.pop(channel, None)
        self._pinged.pop(channel, None)
        old = self._ping_message.pop(channel, None)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await self._channel(channel).get_partial_message(old).delete()


def _is_table_change(item: Event | _Repost) -> bool:
    return isinstance(item, Event) and item.kind in TABLE_EVENTS
