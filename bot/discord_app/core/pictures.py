"""The pictures of the bot's messages, drawn off the event loop.

:func:`draw` runs a picture function (:func:`hand_picture`, :func:`table_picture`,
:func:`scores_picture`) that an answer waits for in a painting process, or in the
painting thread when there is none, before the channel's pictures
(:func:`draw_for_channel`); the painters are the only state here (:func:`set_painters`,
:func:`stop_painters`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import itertools
import multiprocessing
import queue
import threading
from collections.abc import Callable
from typing import Any

from bot.discord_app.core.replies import Picture
from engine.views import PlayerView, PublicView
from render import hand_picture_key, render_hand, render_scores, render_table

# Pictures take milliseconds of CPU: the bot draws them off the event loop with
# :func:`draw`, so these functions touch nothing but their arguments.
_painters: concurrent.futures.Executor | None = None
_painter_count = 0
_waiting = 0  # pictures asked for and not drawn yet (the painters' queue)
ANSWER, CHANNEL = 0, 1  # whose pictures are drawn first: those an answer waits for


class PaintingThread:
    """One thread drawing the pictures asked for, one after the other: those an answer
    waits for (:data:`ANSWER`) first, then the channel's (:data:`CHANNEL`: the table
    after a move), each kind in the order asked.

    One thread, not a pool: the bot's pictures take a millisecond or two each, and
    several threads drawing at once waited for the GIL, held it against the event loop
    and slowed each other down (one thread against asyncio's default pool of several,
    bench/bot_bench.py at 20 games: 2.14 against 2.29 ms of pictures per interaction,
    reply p99 17 against 22 ms).
    """

    def __init__(self) -> None:
        self._queue: queue.PriorityQueue[tuple[int, int, concurrent.futures.Future[Any],
                                               Callable[[], Any]]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, kind: int, call: Callable[[], Any]) -> concurrent.futures.Future[Any]:
        """``call()`` drawn in turn among the pictures of ``kind`` (its future)."""
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._queue.put((kind, next(self._order), future, call))
        with self._lock:
            if self._thread is None:  # a daemon: a picture under way never holds an exit
                self._thread = threading.Thread(target=self._run, name="rami-painter",
                                                 daemon=True)
                self._thread.start()
        return future

    def _run(self) -> None:
        while True:
            _, _, future, call = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue  # its caller gave up waiting
            try:
                future.set_result(call())
            except BaseException as error:  # the caller's to handle
                future.set_exception(error)


_painting = PaintingThread()


def waiting() -> int:
    """How many pictures are asked for and not drawn yet (being drawn, or queued)."""
    return _waiting


def set_painters(count: int) -> None:
    """Draw pictures in ``count`` processes (0: in the painting thread of this process)."""
    global _painter_count
    if count != _painter_count:
        stop_painters()
        _painter_count = count


def stop_painters() -> None:
    """Stop the painting processes (they start again on the next picture)."""
    global _painters
    pool, _painters = _painters, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _painter_pool() -> concurrent.futures.Executor | None:
    global _painters
    if _painters is None and _painter_count > 0:
        context = multiprocessing.get_context("forkserver")
        _painters = concurrent.futures.ProcessPoolExecutor(_painter_count, mp_context=context)
    return _painters


async def draw(function: Callable[..., Picture], *args: Any, **kwargs: Any) -> Picture:
    """Run a picture function that an answer waits for in a painting process, or in the
    painting thread when there is none (``RAMI_PAINTERS=0``, the default), before the
    channel's pictures waiting there (:class:`PaintingThread`).

    Composing a picture holds the GIL for part of its milliseconds; processes avoid that,
    at the price of sending the view and the PNG between processes. On the two busy
    cores of the test machine, the thread measured as well or better (bench/bot_bench.py).
    """
    return await _draw(ANSWER, functools.partial(function, *args, **kwargs))


async def draw_for_channel(function: Callable[..., Picture], *args: Any,
                           **kwargs: Any) -> Picture:
    """As :func:`draw`, for a picture no answer waits for (the table's after a move, a
    round's scores): drawn after those an answer waits for."""
    return await _draw(CHANNEL, functools.partial(function, *args, **kwargs))


async def _draw(kind: int, call: Callable[[], Picture]) -> Picture:
    global _painters, _waiting
    _waiting += 1
    try:
        pool = _painter_pool()
        if pool is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, call)
            except concurrent.futures.process.BrokenProcessPool:
                _painters = None  # a painter died (killed, out of memory): start afresh
        drawn: Picture = await asyncio.wrap_future(_painting.submit(kind, call))
        return drawn
    finally:
        _waiting -= 1


def table_picture(view: PublicView, lang: str, theme: str = "classic") -> Picture:
    drawn = render_table(view, theme=theme, lang=lang)
    return Picture(png=drawn.png, alt=drawn.alt, filename=drawn.filename)


def scores_picture(view: PublicView, lang: str, theme: str = "classic") -> Picture:
    drawn = render_scores(view, theme=theme, lang=lang)
    return Picture(png=drawn.png, alt=drawn.alt, filename=drawn.filename)


def hand_picture(view: PlayerView, lang: str, *, sort: str = "suit", theme: str = "classic",
                 back: str = "blue") -> Picture:
    drawn = render_hand(view, theme=theme, back=back, sort=sort, lang=lang)
    return Picture(png=drawn.png, alt=drawn.alt, filename=drawn.filename)


def hand_key(view: PlayerView, lang: str, *, sort: str = "suit", theme: str = "classic",
             back: str = "blue") -> tuple[object, ...]:
    """What :func:`hand_picture` with the same arguments draws from: equal keys, equal
    pictures (whose turn it is and the table do not show in a hand), so a picture kept
    with its key serves again until the hand changes."""
    return hand_picture_key(view, theme=theme, back=back, sort=sort, lang=lang)
