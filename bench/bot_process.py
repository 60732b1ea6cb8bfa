"""The bot as ``bench/bot_bench.py`` runs it: ``python -m bot``, optionally watched.

    python bench/bot_process.py [--profile FILE] [--trace-dir DIR] [--pictures-once]

``--profile`` writes a cProfile of the event loop's thread timed by that thread's own CPU
time (``time.thread_time``): waiting for the GIL or the network costs nothing in it, so
it shows where the CPU goes, unlike a wall-clock profile on a busy machine. The pictures,
drawn in other threads, are not in it.

``--sample FILE`` samples every thread's stack every few milliseconds instead (little
overhead; what a busy thread is doing, pictures included) and writes the functions that
were running most, by their own samples and by the samples under them.

``--trace-dir`` traces allocations (``tracemalloc``, 1 frame: cheap enough to run for
half an hour, though every allocation costs more); each SIGUSR1 writes a snapshot there
(``snapshot-N.trace``, then ``snapshot-N.done`` once complete) for the bench to compare.

``--pictures-once`` draws each kind of picture (a hand, a table, a score sheet) once, from
samples about the size of the bench's own (a 13-card hand, a table of four), and sends
those bytes ever after, made unique by eight bytes past the PNG's end so that every
upload and edit still happens: what the bot costs with pictures that cost nothing to
draw (Rami's work apart from its pictures).

SIGUSR2 marks the play's start (``bot_bench.py`` sends it as its players begin): the
counts, the samples, the profile and the CPU times written (``--count``) start from there,
the start-up's work left out.
"""

from __future__ import annotations

import argparse
import atexit
import collections
import cProfile
import dataclasses
import gc
import itertools
import signal
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any


def _dump_on_signal(folder: Path) -> None:
    numbers = itertools.count(1)

    def dump(_signal: int, _frame: FrameType | None) -> None:
        number = next(numbers)
        tracemalloc.take_snapshot().dump(str(folder / f"snapshot-{number}.trace"))
        (folder / f"snapshot-{number}.done").touch()

    signal.signal(signal.SIGUSR1, dump)


def count_work() -> collections.Counter[str]:
    """Count the pictures drawn and the games serialised (wrapping their functions), and
    the CPU time they took (their thread's, in µs); the store's write transactions, in
    all and by the SQL function each ran (``store write <name>``); the collector's
    passes."""
    try:
        from bot.discord_app.core import pictures
    except ImportError:  # a checkout from before the front end's packages (--bot-root)
        from bot.discord_app import pictures  # type: ignore[attr-defined,no-redef]
    from data.database import StoreBase
    try:
        from data.database import operation_name
    except ImportError:  # a checkout from before the writes were named (--bot-root)
        def operation_name(fn: Callable[..., Any]) -> str:
            return f"{fn.__module__.rpartition('.')[2]}.{fn.__name__}"
    from engine.game import Game

    counts: collections.Counter[str] = collections.Counter()
    write = StoreBase._write

    async def counted_write(self: StoreBase, fn: Any, *args: Any,
                            **named: Any) -> Any:
        counts["store writes"] += 1
        counts[f"store write {named.get('operation') or operation_name(fn)}"] += 1
        return await write(self, fn, *args, **named)

    StoreBase._write = counted_write  # type: ignore[method-assign]

    def counted(name: str, function: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            start = time.thread_time_ns()
            try:
                return function(*args, **kwargs)
            finally:
                counts[f"{name} CPU µs"] += (time.thread_time_ns() - start) // 1000
        return wrapper

    for name in ("hand_picture", "table_picture", "scores_picture"):
        setattr(pictures, name, counted(name, getattr(pictures, name)))
    Game.to_json = counted("Game.to_json", Game.to_json)  # type: ignore[method-assign]
    Game.from_json = counted("Game.from_json", Game.from_json)  # type: ignore[method-assign]
    _count_collections(counts)
    return counts


def pictures_once() -> None:
    """Each picture function returning the same picture, drawn once (``--pictures-once``);
    counted by :func:`count_work` as the real ones are, when both are asked."""
    from bot.discord_app.core import pictures
    from render.samples import player_view, public_view

    made = itertools.count()

    def once(picture: Any) -> Callable[..., Any]:
        def again(*args: Any, **kwargs: Any) -> Any:
            return dataclasses.replace(picture, png=picture.png + next(made).to_bytes(8, "big"))
        return again

    pictures.hand_picture = once(pictures.hand_picture(player_view(), "en"))
    # A table of four players without melds: 17 KiB, about the bench's tables' mean.
    table = public_view(players=4, melds=0)
    pictures.table_picture = once(pictures.table_picture(table, "en"))
    pictures.scores_picture = once(pictures.scores_picture(table, "en"))


def _count_collections(counts: collections.Counter[str]) -> None:
    """Count the garbage collector's passes by generation and the CPU they took
    (``gc N`` and ``gc N CPU µs``: the thread's that ran them)."""
    started = [0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.thread_time_ns()
            return
        generation = info["generation"]
        counts[f"gc {generation}"] += 1
        counts[f"gc {generation} CPU µs"] += (time.thread_time_ns() - started[0]) // 1000

    gc.callbacks.append(watch)


class PlayStart:
    """When the play started (the bench's SIGUSR2, as its players begin): the CPU times
    then (the main thread's, the process's), taken off those written at the stop, and the
    counts and samples started again, so that the start-up's work (logging in, the
    emojis, the warm-up) is not billed to the play. Until the signal, the start is the
    process's."""

    def __init__(self) -> None:
        self.thread = self.process = 0.0
        self.marked = False
        self.restart: list[Callable[[], None]] = []  # what starts again from the mark

    def install(self) -> None:
        # The handler runs on the main thread, between two of the event loop's callbacks.
        signal.signal(signal.SIGUSR2, self._on_signal)

    def _on_signal(self, _signal: int, _frame: FrameType | None) -> None:
        self.thread, self.process = time.thread_time(), time.process_time()
        for restart in self.restart:
            restart()
        self.marked = True


# A thread waiting here is idle, not working: its samples are not counted.
IDLE = {("selectors.py", "select"), ("threading.py", "wait"), ("thread.py", "_worker"),
        ("queue.py", "get"), ("aiosqlite/core.py", "run"),
        ("threading.py", "_wait_for_tstate_lock"), ("aiosqlite/core.py",
                                                     "_connection_worker_thread")}


class Sampler(threading.Thread):
    """Counts, every ``interval`` seconds, the functions on every busy thread's stack."""

    def __init__(self, interval: float = 0.002) -> None:
        super().__init__(daemon=True)
        self.interval = interval
        self.own: collections.Counter[str] = collections.Counter()
        self.under: collections.Counter[str] = collections.Counter()
        self.samples = 0
        self.threads: collections.Counter[str] = collections.Counter()
        self.stopped = threading.Event()

    def run(self) -> None:
        me, main = threading.get_ident(), threading.main_thread().ident
        while not self.stopped.wait(self.interval):
            for ident, frame in sys._current_frames().items():
                if ident != me:
                    self._count(frame, "main" if ident == main else "other")

    def _count(self, frame: FrameType, thread: str) -> None:
        names = []
        current: FrameType | None = frame
        while current is not None:
            code = current.f_code
            names.append((code.co_filename, code.co_name, code.co_firstlineno))
            current = current.f_back
        filename, name, _ = names[0]
        if any(filename.endswith(f) and name == n for f, n in IDLE):
            return
        self.samples += 1
        self.threads[thread] += 1
        self.own[_label(names[0])] += 1
        for label in {_label(entry) for entry in names}:
            self.under[label] += 1

    def restart(self) -> None:
        """Forget the samples so far (the play starts: SIGUSR2); between two of its
        samples at worst one is lost."""
        self.own, self.under = collections.Counter(), collections.Counter()
        self.threads, self.samples = collections.Counter(), 0

    def write(self, path: str) -> None:
        lines = [f"{self.samples} busy samples, every {self.interval * 1000:.0f} ms: "
                 f"{self.threads['main']} on the event loop's thread, "
                 f"{self.threads['other']} on the others", ""]
        for title, counter in (("own", self.own), ("under", self.under)):
            lines.append(f"-- by {title} samples")
            lines += [f"{count / self.samples * 100:6.1f}%  {label}"
                      for label, count in counter.most_common(60)]
            lines.append("")
        Path(path).write_text("\n".join(lines), encoding="utf-8")


def _label(entry: tuple[str, str, int]) -> str:
    filename, name, line = entry
    for root in ("site-packages/", "python3.11/", "/work/"):
        if root in filename:
            filename = filename.split(root, 1)[1]
            break
    return f"{filename}:{line}({name})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--sample", metavar="FILE")
    parser.add_argument("--trace-dir", metavar="DIR", type=Path)
    parser.add_argument("--count", metavar="FILE")
    parser.add_argument("--pictures-once", action="store_true")
    args = parser.parse_args()
    mark = PlayStart()
    mark.install()
    if args.pictures_once:
        pictures_once()
    if args.count is not None:
        counts = count_work()
        mark.restart.append(counts.clear)

        def write_counts() -> None:
            counts["CPU ms, event loop's thread"] = round(
                (time.thread_time() - mark.thread) * 1000)
            counts["CPU ms, whole process"] = round((time.process_time() - mark.process) * 1000)
            Path(args.count).write_text(
                "".join(f"{name} {number}\n" for name, number in sorted(counts.items())))

        atexit.register(write_counts)
    if args.trace_dir is not None:
        tracemalloc.start(1)
        _dump_on_signal(args.trace_dir)
    from bot.__main__ import main as bot_main

    if args.sample is not None:
        sampler = Sampler()
        mark.restart.append(sampler.restart)
        sampler.start()
        try:
            return bot_main([])
        finally:
            sampler.stopped.set()
            sampler.join()
            sampler.write(args.sample)
    if args.profile is None:
        return bot_main([])
    profile = cProfile.Profile(time.thread_time)
    mark.restart.append(profile.clear)
    try:
        return int(profile.runcall(bot_main, []))
    finally:
        profile.dump_stats(args.profile)


if __name__ == "__main__":
    raise SystemExit(main())
