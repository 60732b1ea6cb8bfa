"""What the bench's bot process counts: from the play's start (SIGUSR2, sent by
bench/bot_bench.py as the players begin), not from the process's, and the collector's
passes."""

from __future__ import annotations

import collections
import gc
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.bench_modules import bench_module


@pytest.fixture
def bot_process() -> Iterator[ModuleType]:
    """bench/bot_process.py as a module."""
    with bench_module("bot_process") as module:
        before = signal.getsignal(signal.SIGUSR2)
        try:
            yield module
        finally:
            signal.signal(signal.SIGUSR2, before)


def test_the_counts_start_again_when_the_play_starts(bot_process: ModuleType) -> None:
    counts: collections.Counter[str] = collections.Counter({"store writes": 12})
    mark = bot_process.PlayStart()
    mark.restart.append(counts.clear)
    mark.install()
    assert not mark.marked and (mark.thread, mark.process) == (0.0, 0.0)
    sum(range(200_000))  # some CPU before the play: the start-up's
    before = time.process_time()
    os.kill(os.getpid(), signal.SIGUSR2)
    time.sleep(0)  # the handler runs on this (the main) thread, at the next instruction
    assert mark.marked and not counts  # the start-up's writes are not the play's
    assert before <= mark.process <= time.process_time()
    assert 0.0 < mark.thread <= time.thread_time()


def test_the_collectors_passes_are_counted(bot_process: ModuleType) -> None:
    counts: collections.Counter[str] = collections.Counter()
    bot_process._count_collections(counts)
    try:
        gc.collect()
    finally:
        gc.callbacks.pop()
    assert counts["gc 2"] == 1 and counts["gc 2 CPU µs"] >= 0


async def test_the_stores_writes_are_counted_by_their_names(
        bot_process: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from data.database import StoreBase
    from data.store import Store

    monkeypatch.setattr(StoreBase, "_write", StoreBase._write)  # put back after the test
    counts = bot_process.count_work()
    try:
        async with await Store.open(tmp_path / "rami.sqlite3") as store:
            game = await store.create_game(10, 20, 30, "rami51", '{"n": 0}')
            await store.save(game.id, '{"n": 1}', actor=30, action="draw stock")
            await store.set_game_ui(game.id, table_message=123)
    finally:
        gc.callbacks.pop()  # the collector's watch count_work added
    # A move's save is named by its module and function, told apart from the UI's.
    assert counts["store writes"] == 3
    assert counts["store write games.create_game"] == 1
    assert counts["store write games.save"] == 1 and counts["store write game_ui.save"] == 1


def test_pictures_once_draw_nothing_more_and_every_picture_is_sent_anew(
        bot_process: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--pictures-once``: each kind of picture drawn once at the start, then the same
    bytes (and sizes) returned without drawing, each made unique past the PNG's end so
    that no upload is skipped as already made."""
    from bot.discord_app.core import pictures
    from render.samples import player_view, public_view

    for name in ("hand_picture", "table_picture", "scores_picture"):
        monkeypatch.setattr(pictures, name, getattr(pictures, name))  # restored after
    bot_process.pictures_once()
    drawn: list[str] = []
    monkeypatch.setattr(pictures, "render_hand", lambda *a, **k: drawn.append("hand"))
    monkeypatch.setattr(pictures, "render_table", lambda *a, **k: drawn.append("table"))
    hands = [pictures.hand_picture(player_view(seed=seed), "fr") for seed in (1, 2)]
    tables = [pictures.table_picture(public_view(seed=seed), "fr") for seed in (1, 2)]
    assert drawn == []  # nothing drawn after the start
    for first, second in (hands, tables):
        assert first.png[:-8] == second.png[:-8] and first.png[-8:] != second.png[-8:]
        assert first.png[:-8].endswith(b"IEND\xaeB`\x82")  # a whole PNG, then the count
        assert (first.filename, first.alt) == (second.filename, second.alt)
