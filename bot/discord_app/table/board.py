"""One channel's public side: what its messages show, and what is still to be shown.

A :class:`Board` takes in the session's events (``absorb``), a restart (``refresh``) and
``/rummy table`` (``repost``), and says which :class:`Job` is due: the lobby edit, the
results to post, the table to edit or post, the turn reminder, the closing edits. Each
job is done, or failed and retried, on its own (:class:`~bot.discord_app.table.publisher.
Publisher` does them): a failed reminder never skips the table, and since every job
shows the latest state, a job that succeeds at last shows the table as it is saved.

No Discord here: the board holds snapshots, message ids and the keys of what was shown
(a turn reminder's ``game:round:turn``, the results' ``game:round`` or ``game:match``),
the same keys the session saves with the table (:class:`bot.session.TableUi`).

A table message is posted anew rather than edited once it is :data:`EDITABLE_FOR` old (its
age read from its id, :func:`posted_at`): Discord lets a message older than an hour be
edited only three times per six seconds in its channel, and a round can last a day.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal

import discord

from bot.session import Event, EventKind, Snapshot, Status
from engine.views import Phase

TABLE_EVENTS = (EventKind.ACTION, EventKind.TIMEOUT, EventKind.LEFT)


class Job(enum.Enum):
    """The channel's messages, each published and retried on its own (in this order)."""

    LOBBY = "lobby"
    RESULTS = "results"
    TABLE = "table"
    REMINDER = "reminder"
    CLOSE = "close"


ORDER = (Job.LOBBY, Job.RESULTS, Job.TABLE, Job.REMINDER)

# While the computer players play (a move every second or so), the table is edited this
# many times less often: their moves in a row show as one edit (the last move shown), the
# table is not redrawn and sent for each, and it is edited at the usual pace again as soon
# as a human is to play (or the round is over).
COMPUTERS_PACE = 4

LobbyShows = Literal["open", "started"]

# Seconds a table message is edited in place; an older one is posted anew before its next
# edit (Discord answers a 429 with code 30046 to edits of a message older than an hour past
# three per six seconds in a channel): five minutes spare for a clock unlike Discord's.
EDITABLE_FOR = 55 * 60.0


def posted_at(message_id: int) -> float:
    """When a Discord message was posted (seconds since 1970), as its id says: its upper
    bits count the milliseconds since 2015."""
    return discord.utils.snowflake_time(message_id).timestamp()


@dataclass(frozen=True, slots=True)
class Result:
    """A results message to post: a finished round's scores, or the match's ranking."""

    kind: Literal["round", "match"]
    snapshot: Snapshot
    key: str


@dataclass(slots=True)
class Closing:
    """What closing an ended table edits and deletes (kept apart from the board, since the
    channel may open another game before it is done)."""

    snapshot: Snapshot
    lobby_message: int | None
    table_message: int | None
    stale_messages: list[int]  # to delete: its reminders, its table messages posted anew
    table_layout: int | None = None  # the table message, when it is a layout message
    lobby_layout: int | None = None  # the lobby message, when it is a layout message


def reminder_key(snapshot: Snapshot) -> tuple[str, int] | None:
    """The key of the turn a reminder is due for, and the user to ping (None: nobody's
    turn to remind, such as a computer's or between rounds)."""
    view, seat = snapshot.view, snapshot.current_seat
    if view is None or seat is None or seat.user_id is None:
        return None
    if view.phase not in (Phase.DRAW, Phase.PLAY):
        return None
    return f"{snapshot.game_id}:{view.round_number}:{view.turn}", seat.user_id


def results_due(snapshot: Snapshot, shown: str | None) -> list[Result]:
    """The results messages a table in this state shows, less those already posted
    (``shown``: the key of the last one)."""
    view = snapshot.view
    if view is None or not view.rounds:
        return []
    round_key = f"{snapshot.game_id}:{view.rounds[-1].number}"
    match_key = f"{snapshot.game_id}:match"
    wanted = []
    if snapshot.status is Status.MATCH_OVER:
        wanted = [Result("round", snapshot, round_key), Result("match", snapshot, match_key)]
    elif view.phase is Phase.ROUND_OVER:
        wanted = [Result("round", snapshot, round_key)]
    keys = [result.key for result in wanted]
    return wanted[keys.index(shown) + 1:] if shown in keys else wanted


def _newer(snapshot: Snapshot, than: Snapshot) -> bool:
    return (snapshot.game_id, snapshot.version) >= (than.game_id, than.version)


@dataclass(slots=True)
class Board:
    """One channel: the latest snapshot, what its messages show, what is to be done."""

    snapshot: Snapshot
    # What the channel shows (as saved with the table, then kept up to date here).
    lobby_message: int | None = None
    table_message: int | None = None
    reminder_message: int | None = None
    reminder_turn: str | None = None
    results_shown: str | None = None
    # The table message when it is a layout message (another, or None: it was posted as
    # an embed before layouts, and is posted anew as a layout at its next showing).
    table_layout: int | None = None
    lobby_layout: int | None = None  # the same of the lobby message
    # To delete: the reminders of earlier turns, the table messages posted anew.
    stale_messages: list[int] = field(default_factory=list)
    # A table message too old to edit freely that is edited all the same, not posted anew
    # (posting it anew failed, or Discord refused edits of the one posted anew too).
    kept_in_place: int | None = None
    # The table message posted anew because Discord refused an edit of the one before.
    posted_on_refusal: int | None = None
    turn_heard: str | None = None  # the turn whose player was told (their hand refreshed)
    # What is to be done.
    lobby: LobbyShows | None = None
    results: list[Result] = field(default_factory=list)
    table_due: bool = False
    table_anew: bool = False  # post a new table message rather than edit the old one
    anew_asked: int = 0  # the table's ticket when a new table message was last asked for
    last_move: Event | None = None
    reminder_due: bool = False
    closing: Closing | None = None
    ended: bool = False
    # Retries and pace, in the publisher's clock.
    failures: dict[Job, int] = field(default_factory=dict)
    retry_at: dict[Job, float] = field(default_factory=dict)
    asked: dict[Job, int] = field(default_factory=dict)  # requests so far, per job
    table_shown_at: float = -1e9

    @classmethod
    def of(cls, snapshot: Snapshot) -> Board:
        """A channel's board as its saved table says it is shown."""
        ui = snapshot.ui
        return cls(snapshot, lobby_message=ui.lobby_message, table_message=ui.table_message,
                   reminder_message=ui.reminder_message, reminder_turn=ui.reminder_turn,
                   results_shown=ui.results_shown, table_layout=ui.table_layout,
                   lobby_layout=ui.lobby_layout)

    # ------------------------------------------------------------------ taking in
    def absorb(self, event: Event) -> None:
        """What the event changes in the channel's messages."""
        kind, snapshot = event.kind, event.snapshot
        if kind is EventKind.ENDED:
            self._end(snapshot)
            return
        latest = self._take(snapshot)
        if kind is EventKind.LOBBY:
            self._lobby("open")
        elif kind is EventKind.STARTED or kind is EventKind.ROUND_STARTED:
            if kind is EventKind.STARTED:
                self._lobby("started")
            self._table(anew=True)
            if latest:
                self.last_move = None
        elif kind in TABLE_EVENTS or kind is EventKind.ROUND_OVER:
            self._table(anew=False)
            if latest:
                self.last_move = event
        if kind is EventKind.ROUND_OVER:
            self.results += results_due(snapshot, None)[:1]
        elif kind is EventKind.MATCH_OVER:
            self.results += [r for r in results_due(snapshot, None) if r.kind == "match"]

    def refresh(self, snapshot: Snapshot) -> None:
        """After a restart: show the saved table as it is (the lobby, the table, the
        reminder and the results the public side may have missed)."""
        self._take(snapshot)
        self._lobby("open" if snapshot.status is Status.LOBBY else "started")
        if snapshot.view is not None:
            self._table(anew=False)
            self.results = results_due(snapshot, self.results_shown)

    def repost(self, snapshot: Snapshot) -> None:
        """Post the table again at the bottom of the channel."""
        self._take(snapshot)
        self._table(anew=True)

    def _take(self, snapshot: Snapshot) -> bool:
        """Keep ``snapshot`` if it is the latest; says whether it was."""
        if self.ended and snapshot.game_id != self.snapshot.game_id:
            self.ended = False  # the channel's next game
        if not _newer(snapshot, self.snapshot):
            return False
        self.snapshot = snapshot
        if snapshot.ui.lobby_message is not None:  # saved by the handler that opened it
            self.lobby_message = snapshot.ui.lobby_message
            self.lobby_layout = snapshot.ui.lobby_layout
        return True

    def _ask(self, job: Job) -> None:
        """``job`` has something new to show: try at once, even while failing (the
        failures so far still lengthen the wait after the next one)."""
        self.asked[job] = self.asked.get(job, 0) + 1
        self.retry_at.pop(job, None)

    def _lobby(self, shows: LobbyShows) -> None:
        self.lobby = shows
        self._ask(Job.LOBBY)

    def _table(self, *, anew: bool) -> None:
        """The table, and so the reminder, shows something new."""
        self.table_due = self.reminder_due = True
        self._ask(Job.TABLE)
        self._ask(Job.REMINDER)
        if anew:
            self.table_anew, self.anew_asked = True, self.asked[Job.TABLE]

    def _end(self, snapshot: Snapshot) -> None:
        """The table is gone: close its messages, forget the rest."""
        stale = [*self.stale_messages]
        if self.reminder_message is not None:
            stale.append(self.reminder_message)
        self.closing = Closing(snapshot, self.lobby_message, self.table_message, stale,
                               self.table_layout, self.lobby_layout)
        self.snapshot, self.ended = snapshot, True
        self.lobby_message = self.table_message = self.reminder_message = None
        self.table_layout = self.lobby_layout = None
        self.kept_in_place = self.posted_on_refusal = None
        self.reminder_turn = self.results_shown = self.turn_heard = self.last_move = None
        self.stale_messages, self.results = [], []
        self.lobby = None
        self.table_due = self.table_anew = self.reminder_due = False
        for job in ORDER:
            self.failures.pop(job, None)
            self.retry_at.pop(job, None)
            self.asked[job] = self.asked.get(job, 0) + 1  # what is under way is for the old game

    # ------------------------------------------------------------------ what is due
    def pending(self, job: Job) -> bool:
        if job is Job.LOBBY:
            return self.lobby is not None
        if job is Job.RESULTS:
            return bool(self.results)
        if job is Job.TABLE:
            return self.table_due and self.snapshot.view is not None and not self.ended
        if job is Job.REMINDER:
            return self.reminder_due or bool(self.stale_messages)
        return self.closing is not None

    def due_at(self, job: Job, min_edit_interval: float) -> float:
        """When ``job`` may be tried (it is pending)."""
        at = self.retry_at.get(job, 0.0)
        if job is Job.TABLE and not self.table_anew and self.table_message is not None:
            pace = COMPUTERS_PACE if self.computers_playing else 1
            at = max(at, self.table_shown_at + pace * min_edit_interval)
        return at

    @property
    def computers_playing(self) -> bool:
        """Whether the latest state has a computer player to move (more moves coming)."""
        seat, view = self.snapshot.current_seat, self.snapshot.view
        return (self.snapshot.status is Status.PLAYING and seat is not None
                and seat.is_computer and view is not None
                and view.phase in (Phase.DRAW, Phase.PLAY))

    @property
    def table_is_embed(self) -> bool:
        """Whether the table message was posted as an embed, before layouts (an edit
        cannot add the layout flag to it: it is posted anew, once)."""
        return self.table_message is not None and self.table_message != self.table_layout

    def table_too_old(self, now: float) -> bool:
        """Whether the table message is to be posted anew rather than edited: it was posted
        :data:`EDITABLE_FOR` seconds or more before ``now`` (seconds since 1970), and is
        not one kept in place."""
        message = self.table_message
        return (message is not None and message != self.kept_in_place
                and now - posted_at(message) >= EDITABLE_FOR)

    def next_job(self, now: float, min_edit_interval: float) -> Job | None:
        """The first job due now, in :data:`ORDER` (closing first)."""
        for job in (Job.CLOSE, *ORDER):
            if self.pending(job) and self.due_at(job, min_edit_interval) <= now:
                return job
        return None

    def next_time(self, min_edit_interval: float) -> float | None:
        """When the next pending job is due (None: nothing pending)."""
        times = [self.due_at(job, min_edit_interval) for job in (Job.CLOSE, *ORDER)
                 if self.pending(job)]
        return min(times) if times else None

    @property
    def idle(self) -> bool:
        """Nothing to do at all."""
        return not any(self.pending(job) for job in (Job.CLOSE, *ORDER))

    @property
    def settled(self) -> bool:
        """Nothing to do but retries of failed jobs."""
        return all(not self.pending(job) or job in self.retry_at for job in (Job.CLOSE, *ORDER))

    def failed(self, job: Job, now: float, delays: tuple[float, ...]) -> int:
        """Count a failure of ``job`` and schedule its retry; returns the failures so far."""
        count = self.failures.get(job, 0) + 1
        self.failures[job] = count
        self.retry_at[job] = now + delays[min(count, len(delays)) - 1]
        return count

    def ticket(self, job: Job) -> int:
        """Taken when a job starts; :meth:`done` with it clears the job only if nothing
        new was asked of it meanwhile."""
        return self.asked.get(job, 0)

    def give_up(self, job: Job, ticket: int) -> None:
        """``job`` failed for good: drop what it was to publish (the result at the head of
        the queue, the closing, the stale messages to delete), then as :meth:`done`."""
        if job is Job.RESULTS and self.results:
            self.results.pop(0)
        elif job is Job.CLOSE:
            self.closing = None
        elif job is Job.REMINDER:
            self.stale_messages.clear()
        self.done(job, ticket)

    def posted_anew(self, ticket: int) -> None:
        """A new table message was posted for what was asked up to ``ticket``: the moves
        that came meanwhile are shown by editing it, not by posting yet another one
        (unless a new one was asked for since)."""
        if self.anew_asked <= ticket:
            self.table_anew = False

    def done(self, job: Job, ticket: int) -> None:
        """``job`` succeeded, or was given up: nothing more to do for what it was asked
        when ``ticket`` was taken."""
        self.failures.pop(job, None)
        self.retry_at.pop(job, None)
        if self.asked.get(job, 0) != ticket:
            return
        if job is Job.LOBBY:
            self.lobby = None
        elif job is Job.TABLE:
            self.table_due = self.table_anew = False
        elif job is Job.REMINDER:
            self.reminder_due = False
