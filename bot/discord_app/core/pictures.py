"""The pictures of the bot's messages, drawn off the event loop.

:func:`draw` runs a picture function (:func:`hand_picture`, :func:`table_picture`,
:func:`scores_picture`) in a painting process, or in the painting thread when there is
none; the painters are the only state here (:func:`set_painters`, :func:`stop_painters`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import multiprocessing
from collections.abc import Callable
from typing import Any

from bot.discord_app.core.replies import Picture
from engine.views import PlayerView, PublicView
from render import hand_picture_key, render_hand, render_scores, render_table

# Pictures take milliseconds of CPU: the bot draws them off the event loop with
# :func:`draw`, so these functions touch nothing but their arguments.
_painters: concurrent.futures.Executor | None = None
_painter_count = 0
# Without processes, one thread draws every picture, one after the other: the bot's
# pictures take a millisecond or two each, and several threads drawing at once each
# waited for the GIL, held it against the event loop and slowed each other down (one
# thread against asyncio's default pool of several, bench/bot_bench.py at 20 games: 2.14
# against 2.29 ms of pictures per interaction, reply p99 17 against 22 ms).
PAINTING_THREADS = 1
_painting_threads: concurrent.futures.ThreadPoolExecutor | None = None
_waiting = 0  # pictures asked for and not drawn yet (the painters' queue)


def waiting() -> int:
    """How many pictures are asked for and not drawn yet (being drawn, or queued)."""
    return _waiting


def set_painters(count: int) -> None:
    """Draw pictures in ``count`` processes (0: in threads of this process)."""
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


def _painting_thread() -> concurrent.futures.ThreadPoolExecutor:
    global _painting_threads
    if _painting_threads is None:
        _painting_threads = concurrent.futures.ThreadPoolExecutor(
            PAINTING_THREADS, thread_name_prefix="rami-painter")
    return _painting_threads


async def draw(function: Callable[..., Picture], *args: Any, **kwargs: Any) -> Picture:
    """Run a picture function in a painting process, or in the painting thread when there
    is none (``RAMI_PAINTERS=0``, the default): pictures asked for at the same time are
    drawn one after the other, in the order asked.

    Composing a picture holds the GIL for part of its milliseconds; processes avoid that,
    at the price of sending the view and the PNG between processes. On the two busy
    cores of the test machine, the thread measured as well or better (bench/bot_bench.py).
    """
    global _painters, _waiting
    _waiting += 1
    try:
        loop = asyncio.get_running_loop()
        call = functools.partial(function, *args, **kwargs)
        pool = _painter_pool()
        if pool is not None:
            try:
                return await loop.run_in_executor(pool, call)
            except concurrent.futures.process.BrokenProcessPool:
                _painters = None  # a painter died (killed, out of memory): start afresh
        return await loop.run_in_executor(_painting_thread(), call)
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
