"""Pictures drawn off the event loop: without painting processes, by one thread, one
picture after the other (several threads drawing at once only fought over the GIL, the
event loop's thread among them), those an answer waits for before the channel's."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from bot.discord_app.core import pictures
from bot.discord_app.core.replies import Picture


class Painter:
    """Picture functions that note when they are drawn and where; the first one drawn
    waits to be released, so that the others are asked for while it is drawn."""

    def __init__(self) -> None:
        self.started, self.released = threading.Event(), threading.Event()
        self.log: list[tuple[str, str]] = []

    def paint(self, name: str) -> Picture:
        self.log.append((name, threading.current_thread().name))
        if not self.started.is_set():
            self.started.set()
            assert self.released.wait(10)
        self.log.append((f"{name} done", threading.current_thread().name))
        return Picture(png=name.encode(), alt=name, filename=f"{name}.png")

    @property
    def order(self) -> list[str]:
        return [entry for entry, _ in self.log]

    async def hold(self, draw: Callable[..., Coroutine[Any, Any, Picture]]
                   ) -> asyncio.Task[Picture]:
        """A first picture, being drawn once this returns."""
        first = asyncio.create_task(draw(self.paint, "first"))
        await asyncio.to_thread(self.started.wait, 10)
        return first


async def test_pictures_asked_at_once_are_drawn_one_after_the_other_off_the_loop() -> None:
    painter = Painter()
    first = await painter.hold(pictures.draw)
    second = asyncio.create_task(pictures.draw(painter.paint, "second"))
    third = asyncio.create_task(pictures.draw(painter.paint, "third"))
    await asyncio.sleep(0)  # the two others are asked for while the first is drawn
    assert pictures.waiting() == 3
    assert painter.order == ["first"]  # they wait for it
    painter.released.set()
    drawn = await asyncio.gather(first, second, third)

    assert [p.png for p in drawn] == [b"first", b"second", b"third"]
    assert painter.order == [
        "first", "first done", "second", "second done", "third", "third done"]
    threads = {thread for _, thread in painter.log}
    assert len(threads) == 1 and threading.current_thread().name not in threads
    assert pictures.waiting() == 0


async def test_a_picture_an_answer_waits_for_goes_before_the_channels() -> None:
    painter = Painter()
    first = await painter.hold(pictures.draw_for_channel)
    table = asyncio.create_task(pictures.draw_for_channel(painter.paint, "table"))
    scores = asyncio.create_task(pictures.draw_for_channel(painter.paint, "scores"))
    await asyncio.sleep(0)  # the channel's two are queued first
    hand = asyncio.create_task(pictures.draw(painter.paint, "hand"))
    await asyncio.sleep(0)
    painter.released.set()
    await asyncio.gather(first, table, scores, hand)

    assert [entry for entry in painter.order if "done" not in entry] == [
        "first", "hand", "table", "scores"]


async def test_a_failing_picture_fails_its_caller_only() -> None:
    def broken(name: str) -> Picture:
        raise ValueError(f"cannot draw {name}")

    with pytest.raises(ValueError, match="cannot draw hand"):
        await pictures.draw(broken, "hand")
    painter = Painter()
    painter.started.set()  # nothing to hold
    assert (await pictures.draw(painter.paint, "next")).png == b"next"
    assert pictures.waiting() == 0
