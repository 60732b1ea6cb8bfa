"""The table message: its "last move" line built from the engine action of the event,
its picture drawn once per table seen; the pings sent as follow-ups remembered boundedly."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any, cast
from unittest.mock import MagicMock

import pytest

from bot.discord_app.core import pictures
from bot.discord_app.core.followups import USABLE_FOR, Followups, Token
from bot.discord_app.core.replies import Picture
from bot.discord_app.table.board import Job
from bot.discord_app.table.publisher import VIA_KEPT, Publisher
from bot.session import Event, EventKind, Seat, Snapshot, Status
from engine import variant
from engine.cards.actions import Draw
from engine.tiles.actions import Play
from engine.tiles.tile import parse_tiles
from engine.views import PublicView
from tests.data.helpers import Clock
from tests.render.helpers import public

SEATS = (Seat("ann", 4), Seat("[cpu 1]", level="easy"), Seat("CPU 2 ★★", level="medium"))
SNAPSHOT = Snapshot(channel_id=1, guild_id=2, game_id=3, status=Status.PLAYING,
                    variant="tiles", created_by=4, seats=SEATS, view=None, ui={}, version=5,
                    rules=variant("tiles"))
PLAY = Play((tuple(parse_tiles("k5 k6 k7")),))


@pytest.mark.parametrize(("event", "lang", "line"), [
    (Event(EventKind.ACTION, SNAPSHOT, 1, "not read", PLAY), "en", "CPU 1 played k5 k6 k7."),
    (Event(EventKind.ACTION, SNAPSHOT, 1, "not read", PLAY), "fr", "Ordi 1 a joué k5 k6 k7."),
    # a computer named by an earlier version
    (Event(EventKind.ACTION, SNAPSHOT, 2, "not read", PLAY), "fr", "Ordi 2 a joué k5 k6 k7."),
    (Event(EventKind.TIMEOUT, SNAPSHOT, 0, "not read", Draw()), "fr",
     "ann a pioché. (temps écoulé)"),
    (Event(EventKind.LEFT, SNAPSHOT, 0, "leave"), "en",
     "ann left; a computer player took the seat."),
    (Event(EventKind.ACTION, SNAPSHOT, None, "draw stock", Draw()), "en", None),
])
def test_the_last_move_line_comes_from_the_action(event: Event, lang: str,
                                                  line: str | None) -> None:
    assert Publisher._move(event, lang) == line


async def test_the_table_is_drawn_once_per_table_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that leaves the table as it was (a message id remembered) draws nothing."""
    drawn: list[PublicView] = []

    async def draw(function: object, view: PublicView, lang: str) -> Picture:
        drawn.append(view)
        return Picture(png=b"png", alt="alt", filename="table.png")

    monkeypatch.setattr(pictures, "draw_for_channel", draw)
    publisher = Publisher(MagicMock(), MagicMock(), MagicMock())
    view = public(3)
    first = replace(SNAPSHOT, view=view)
    resaved = replace(first, version=first.version + 1)
    moved = replace(first, view=replace(view, stock_size=view.stock_size - 1),
                    version=first.version + 2)
    for snapshot in (first, resaved, moved, moved):
        await publisher._table_picture(snapshot, "en")
    await publisher._table_picture(moved, "fr")
    assert drawn == [view, moved.view, moved.view]


class _Waiting:
    """A board with nothing to do before a retry an hour away."""

    ended = False

    def next_job(self, now: float, interval: float) -> None:
        return None

    def next_time(self, interval: float) -> float:
        return asyncio.get_running_loop().time() + 3600.0


async def test_close_stops_a_worker_woken_in_the_same_moment() -> None:
    # A change noted (the worker's wake-up set) as the bot closes: Python 3.11's
    # asyncio.wait_for returned the wake-up and lost the cancel, so the worker went on
    # waiting for its hour-away retry and close() did not return.
    publisher = Publisher(MagicMock(), MagicMock(), MagicMock())
    publisher._boards[1] = cast(Any, _Waiting())
    publisher._kick(1)
    worker = publisher._workers[1]
    while worker.get_coro().cr_await is None or publisher._wake[1].is_set():  # type: ignore[union-attr]
        await asyncio.sleep(0)  # until it waits on its wake-up
    publisher._wake[1].set()
    closing = asyncio.ensure_future(publisher.close())
    done, _ = await asyncio.wait({closing}, timeout=10)
    assert closing in done, "the worker went on after close()"
    assert worker.done()


def test_the_pings_sent_as_follow_ups_are_remembered_boundedly() -> None:
    """Each ping sent through a token is remembered until deleted; one never deleted (its
    job given up) goes once its token expired, so a long run keeps one per live channel."""
    clock = Clock()
    followups = Followups(clock)
    publisher = Publisher(MagicMock(), MagicMock(), MagicMock(), followups=followups)
    old = Token(MagicMock(), MagicMock(), clock())
    for message in range(VIA_KEPT):
        publisher._note_via(message, old)
    clock.advance(USABLE_FOR)
    young = Token(MagicMock(), MagicMock(), clock())
    publisher._note_via(VIA_KEPT, young)
    assert publisher._via == {VIA_KEPT: young}


class _OneJob:
    """A board with one reminder to send, then nothing."""

    ended = False

    def __init__(self) -> None:
        self.jobs = [Job.REMINDER]

    def next_job(self, now: float, interval: float) -> Job | None:
        return self.jobs.pop() if self.jobs else None

    def next_time(self, interval: float) -> None:
        return None

    def ticket(self, job: Job) -> int:
        return 1

    def done(self, job: Job, ticket: int) -> None:
        pass


async def test_close_lets_the_job_under_way_note_what_it_sent() -> None:
    """A bot closed while a reminder is being sent: the job finishes (the reminder's id
    saved), so that the next start deletes that reminder rather than posting another."""
    publisher = Publisher(MagicMock(), MagicMock(), MagicMock())
    sending, answered = asyncio.Event(), asyncio.Event()
    done: list[str] = []

    async def do(board: object, job: Job) -> None:
        sending.set()
        await answered.wait()  # Discord's answer to the follow-up on its way
        done.append("sent")
        await asyncio.sleep(0)  # the id saved in the store: another await
        done.append("saved")

    publisher._do = do  # type: ignore[method-assign]
    publisher._boards[1] = cast(Any, _OneJob())
    publisher._kick(1)
    await sending.wait()
    closing = asyncio.ensure_future(publisher.close())
    await asyncio.sleep(0)
    assert not closing.done()  # waits for the job under way
    answered.set()
    await closing
    assert done == ["sent", "saved"]
    publisher._kick(1)  # closed: no new worker
    assert 1 not in publisher._workers


async def test_close_cancels_a_job_that_outlasts_its_grace() -> None:
    publisher = Publisher(MagicMock(), MagicMock(), MagicMock())
    sending = asyncio.Event()

    async def do(board: object, job: Job) -> None:
        sending.set()
        await asyncio.Event().wait()  # Discord never answers

    publisher._do = do  # type: ignore[method-assign]
    publisher._boards[1] = cast(Any, _OneJob())
    publisher._kick(1)
    worker = publisher._workers[1]
    await sending.wait()
    await publisher.close(grace=0.01)
    assert worker.cancelled()
