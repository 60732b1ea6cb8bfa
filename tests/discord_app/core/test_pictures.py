"""Pictures drawn off the event loop: without painting processes, by one thread, one
picture after the other in the order asked (several threads drawing at once only fought
over the GIL, the event loop's thread among them)."""

from __future__ import annotations

import asyncio
import threading

from bot.discord_app.core import pictures
from bot.discord_app.core.replies import Picture


async def test_pictures_asked_at_once_are_drawn_one_after_the_other_off_the_loop() -> None:
    loop_thread = threading.current_thread().name
    first_started, release_first = threading.Event(), threading.Event()
    log: list[tuple[str, str]] = []

    def paint(name: str) -> Picture:
        log.append((name, threading.current_thread().name))
        if name == "first":
            first_started.set()
            assert release_first.wait(10)
        log.append((f"{name} done", threading.current_thread().name))
        return Picture(png=name.encode(), alt=name, filename=f"{name}.png")

    first = asyncio.create_task(pictures.draw(paint, "first"))
    await asyncio.to_thread(first_started.wait, 10)
    second = asyncio.create_task(pictures.draw(paint, "second"))
    third = asyncio.create_task(pictures.draw(paint, "third"))
    await asyncio.sleep(0)  # the two others are asked for while the first is drawn
    assert pictures.waiting() == 3
    assert [entry for entry, _ in log] == ["first"]  # they wait for it
    release_first.set()
    drawn = await asyncio.gather(first, second, third)

    assert [p.png for p in drawn] == [b"first", b"second", b"third"]
    assert [entry for entry, _ in log] == [
        "first", "first done", "second", "second done", "third", "third done"]
    threads = {thread for _, thread in log}
    assert len(threads) == 1 and loop_thread not in threads
    assert pictures.waiting() == 0
