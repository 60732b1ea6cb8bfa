"""Direct-message notices (issue 27), discord-free: which member is told what and when.

Heard from the tables' events (:meth:`Notifier.on_event`): a member who opted in
(``PlayerPrefs.notify``) is told when their turn came and they have not acted for their
delay, when a match they joined started and when a match they played ended; a turn with a
time-out of 10 minutes or more is recalled half-way and shortly before its end (a tenth of
it, an hour at most), at most once each (:func:`reminders`). The notices
live in the store (:mod:`data.notices`): a turn's notice is known by its topic (the game,
the round and the turn), so it is scheduled once whatever the events; a member who acts
cancels theirs (never told while acting); the poller claims the due ones, marked sent in
the same statement, so neither a restart nor a second process sends one twice.

Before a notice goes out it is checked against the table as it is now (still their turn),
their preference (still on), their quiet hours (held until they end) and their DMs (closed:
not retried for a day, logged once a day). Sending is paced: at most ``member_burst``
messages per member in ``member_window`` seconds (more wait), and ``pace_s`` seconds
between two sends of this process. The front end sends (:class:`Sender`).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import enum
import logging
import time
import zoneinfo
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.session.model import Event, EventKind, Snapshot, Status
from data.notices import DmMember, Notice, NoticeKind
from data.settings import NOTIFY_DELAYS, quiet_minutes

if TYPE_CHECKING:
    from bot.session.prefs import Preferences
    from bot.session.tables import Tables
    from data import PlayerPrefs, Store

log = logging.getLogger("rami.session")

POLL_INTERVAL = 5.0  # seconds at most between two looks for due notices
PACE_S = 0.05  # seconds between two sends of one process (20 a second: Discord allows 50)
MEMBER_BURST, MEMBER_WINDOW = 5, 60.0  # messages per member per window (seconds)
CLOSED_RETRY_S = 24 * 3600.0  # closed DMs are not tried again for a day
KEPT_S = 7 * 24 * 3600.0  # sent and cancelled notices are kept this long
PURGE_EVERY_S = 3600.0  # the poller drops notices older than KEPT_S at most this often
REMIND_FROM_S = 600.0  # a turn shorter than this gets no reminder (its notice suffices)
SOON_AT_MOST_S = 3600.0  # "shortly before": a tenth of the turn, an hour at most
TURN_KINDS = (NoticeKind.TURN, NoticeKind.REMIND)  # the notices of one turn


class Outcome(enum.StrEnum):
    SENT = "sent"
    CLOSED = "closed"  # Discord refused: the member's DMs are closed (403, 50007)
    FAILED = "failed"  # anything else; the notice is not tried again


# The front end's sender: a due notice, the table now (None: gone), whether it is the
# member's first notice → what became of it.
Sender = Callable[[Notice, Snapshot | None, bool], Awaitable[Outcome]]


def turn_topic(snapshot: Snapshot) -> str | None:
    """The topic of the turn the table is at (None: no turn is running)."""
    view = snapshot.view
    if view is None or snapshot.status is not Status.PLAYING:
        return None
    return f"turn:{snapshot.game_id}:{view.round_number}:{view.turn}"


def reminders(topic: str, start: float, deadline: float) -> list[tuple[str, float]]:
    """The reminders of the turn ``topic`` begun at ``start`` that times out at
    ``deadline``: its topic and when each is due, half-way and shortly before the end
    (none for a turn shorter than :data:`REMIND_FROM_S`)."""
    length = deadline - start
    if length < REMIND_FROM_S:
        return []
    return [(f"{topic}:half", start + length / 2),
            (f"{topic}:soon", deadline - min(length / 10, SOON_AT_MOST_S))]


def topic_turn(notice: Notice) -> str:
    """The turn topic a turn's notice or reminder is about."""
    return notice.topic if notice.kind is NoticeKind.TURN else notice.topic.rsplit(":", 1)[0]


def quiet_until(now: float, prefs: PlayerPrefs) -> float | None:
    """When the member's quiet hours end if ``now`` is inside them (None: it is not)."""
    if prefs.quiet_hours is None:
        return None
    start, end = quiet_minutes(prefs.quiet_hours)
    zone = zoneinfo.ZoneInfo(prefs.timezone)
    local = datetime.datetime.fromtimestamp(now, zone)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    left = (end - minute) % (24 * 60)
    ends = local.replace(second=0, microsecond=0) + datetime.timedelta(minutes=left)
    return ends.timestamp()


class Notifier:
    """Schedules the notices of one bot's tables and sends the due ones through ``sender``."""

    def __init__(self, tables: Tables, prefs: Preferences, store: Store, *,
                 clock: Callable[[], float] = time.time, poll_interval: float = POLL_INTERVAL,
                 pace_s: float = PACE_S, member_burst: int = MEMBER_BURST,
                 member_window: float = MEMBER_WINDOW) -> None:
        self.tables, self.prefs, self.store = tables, prefs, store
        self.clock = clock
        self.poll_interval = poll_interval
        self.pace_s = pace_s
        self.member_burst, self.member_window = member_burst, member_window
        self.sender: Sender | None = None
        self._sent: dict[int, deque[float]] = {}  # each member's recent sends (by the clock)
        self._last_send = -1e18
        self._purged_at = -1e18  # when the poller last dropped old notices
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.checks = 0  # events looked at (the bench's figure)
        # Per table: the version of its last event and the members known to have no turn
        # notice pending there, whose next actions need no cancel (a write): one cancel
        # per turn, not one per action (none for a member who has not opted in).
        # Forgotten for a member when a turn notice is scheduled for them, and for the
        # whole table when its version skips one (saved where this notifier did not hear
        # it: another process, say).
        self._quiet: dict[int, tuple[int, set[int]]] = {}

    # ----------------------------------------------------------------- scheduling
    async def on_event(self, event: Event) -> None:
        """Schedule or cancel what ``event`` calls for (a listener of the tables)."""
        self.checks += 1
        snapshot = event.snapshot
        channel = snapshot.channel_id
        if event.kind is EventKind.ENDED:
            self._quiet.pop(channel, None)
            await self.store.cancel_notices(channel)
            return
        if snapshot.status is Status.LOBBY:
            return  # no match here: no turn to tell of, none to cancel
        quiet = self._quiet_members(snapshot)
        humans = [seat.user_id for seat in snapshot.seats if seat.user_id is not None]
        if event.kind is EventKind.STARTED:
            # A new match: its turns have no notices yet (an older match's left behind
            # name another game, and are never sent: _deliver checks the turn).
            quiet.update(humans)
        if event.seat is not None and event.seat < len(snapshot.seats):
            acting = snapshot.seats[event.seat].user_id
            # They act (or their turn timed out): nothing to tell.
            if acting is not None and acting not in quiet:
                await self.store.cancel_notices(channel, acting, NoticeKind.TURN)
                quiet.add(acting)
        if event.kind is EventKind.STARTED:
            for user in humans:
                await self._schedule(snapshot, user, NoticeKind.START,
                                     f"start:{snapshot.game_id}", 0.0)
        elif event.kind is EventKind.MATCH_OVER:
            for user in humans:
                for kind in TURN_KINDS:
                    await self.store.cancel_notices(channel, user, kind)
                await self._schedule(snapshot, user, NoticeKind.END,
                                     f"end:{snapshot.game_id}", 0.0)
            return
        current, topic = snapshot.current_seat, turn_topic(snapshot)
        if current is None or current.user_id is None or topic is None:
            return
        if event.seat is not None and snapshot.seats[event.seat].user_id == current.user_id:
            return  # their own move within their turn
        await self._schedule(snapshot, current.user_id, NoticeKind.TURN, topic, None)
        if snapshot.deadline is not None:  # the same turn's reminders (not when they act)
            now = self.clock()
            for reminder, due in reminders(topic, now, snapshot.deadline):
                await self._schedule(snapshot, current.user_id, NoticeKind.REMIND, reminder,
                                     due - now)

    def _quiet_members(self, snapshot: Snapshot) -> set[int]:
        """The members known to have no turn notice pending at the snapshot's table (none
        when the table's versions skipped one since its last event)."""
        seen = self._quiet.get(snapshot.channel_id)
        if seen is None or snapshot.version not in (seen[0], seen[0] + 1):
            seen = (snapshot.version, set())
        else:
            seen = (snapshot.version, seen[1])
        self._quiet[snapshot.channel_id] = seen
        return seen[1]

    async def _schedule(self, snapshot: Snapshot, user_id: int, kind: NoticeKind, topic: str,
                        delay: float | None) -> None:
        prefs = await self.prefs.player(user_id)
        if prefs.notify not in NOTIFY_DELAYS:
            return  # off (a member who never opts in is never cancelled for again)
        if kind is NoticeKind.TURN and snapshot.channel_id in self._quiet:
            self._quiet[snapshot.channel_id][1].discard(user_id)
        wait = float(NOTIFY_DELAYS[prefs.notify]) if delay is None else delay
        notice = Notice(snapshot.channel_id, user_id, topic, snapshot.guild_id, kind,
                        self.clock() + wait)
        if await self.store.add_notice(notice):
            self._wake.set()

    # ----------------------------------------------------------------- sending
    async def send_due(self, now: float | None = None) -> list[tuple[Notice, Outcome | None]]:
        """Claim the notices due by ``now`` (default: the clock) and send each that still
        stands; returns each claimed notice and what became of it (None: not sent, its
        turn moved on, or held by quiet hours or the member's pace)."""
        moment = self.clock() if now is None else now
        done: list[tuple[Notice, Outcome | None]] = []
        for notice in await self.store.claim_notices(moment):
            try:
                done.append((notice, await self._deliver(notice, moment)))
            except Exception:  # claimed: never sent twice, even on a failure
                log.exception("notice failed user=%s channel=%s", notice.user_id,
                              notice.channel_id)
                done.append((notice, Outcome.FAILED))
        return done

    async def _deliver(self, notice: Notice, now: float) -> Outcome | None:
        prefs = await self.prefs.player(notice.user_id)
        if prefs.notify not in NOTIFY_DELAYS or self.sender is None:
            return None
        snapshot = await self.tables.snapshot(notice.channel_id)
        if notice.kind in TURN_KINDS and (
                snapshot is None or turn_topic(snapshot) != topic_turn(notice)
                or snapshot.current_seat is None
                or snapshot.current_seat.user_id != notice.user_id):
            return None  # the turn moved on
        if notice.kind is NoticeKind.REMIND and (
                snapshot is None or snapshot.deadline is None or snapshot.deadline <= now):
            return None  # its time is up (or no longer counted)
        if (until := quiet_until(now, prefs)) is not None:
            await self.store.postpone_notice(notice, until)
            return None
        member = await self.store.dm_member(notice.user_id)
        if member.closed_at is not None and now - member.closed_at < CLOSED_RETRY_S:
            return None
        if (paced := self._member_pace(notice.user_id, now)) is not None:
            await self.store.postpone_notice(notice, paced)
            return None
        await self._global_pace()
        outcome = await self.sender(notice, snapshot, member.first_sent_at is None)
        await self._note(member, outcome, now)
        return outcome

    def _member_pace(self, user_id: int, now: float) -> float | None:
        """When the member may get their next message, if not now (and counts this one)."""
        sent = self._sent.setdefault(user_id, deque())
        while sent and now - sent[0] >= self.member_window:
            sent.popleft()
        if len(sent) >= self.member_burst:
            return sent[0] + self.member_window
        sent.append(now)
        return None

    async def _global_pace(self) -> None:
        loop = asyncio.get_running_loop()
        wait = self._last_send + self.pace_s - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_send = loop.time()

    async def _note(self, member: DmMember, outcome: Outcome, now: float) -> None:
        if outcome is Outcome.SENT:
            if member.first_sent_at is None or member.closed_at is not None:
                await self.store.save_dm_member(DmMember(
                    member.user_id, member.first_sent_at or now, None, member.logged_day))
        elif outcome is Outcome.CLOSED:
            day = datetime.datetime.fromtimestamp(now, datetime.UTC).date().isoformat()
            if member.logged_day != day:
                log.info("direct messages closed user=%s", member.user_id)
            await self.store.save_dm_member(DmMember(member.user_id, member.first_sent_at,
                                                     now, day))

    # ----------------------------------------------------------------- the poller
    def start(self) -> None:
        """Send the due notices from now on, in a task (idempotent; :meth:`close` stops)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._poll(), name="notices")

    async def _poll(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self.send_due()
                now = self.clock()
                if now - self._purged_at >= PURGE_EVERY_S:
                    await self.store.purge_notices(now - KEPT_S)
                    self._purged_at = now
                coming = await self.store.next_notice_due()
            except Exception:  # the database is away: look again later
                log.exception("notices not sent")
                coming = None
            wait = self.poll_interval if coming is None else min(
                self.poll_interval, max(0.0, coming - self.clock()))
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for returns the inner
            # wait's result when it completes as the task is cancelled, losing the cancel
            # (a notice scheduled while the bot closes), and close() then waited forever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self._wake.wait()

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
