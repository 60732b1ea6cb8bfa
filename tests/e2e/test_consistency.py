"""The consistency check of the end-to-end tests (``tests/e2e/consistency.py``) reads a
game and its log as of one moment, while the bots may still be saving: a save between its
reads is no fault, a log that disagrees with its game is."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.session import Tables
from data import LogEntry, Store
from tests.e2e.consistency import inconsistent_games
from tests.session.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, make_tables


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[tuple[Store, Tables]]:
    """A store holding one game: Alice's lobby, which Bob joined (one logged save)."""
    async with await Store.open(tmp_path / "rami.sqlite3") as store:
        tables = make_tables(store)
        await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
        await tables.join(CHANNEL, BOB)
        yield store, tables
        await tables.close()


async def test_a_save_between_the_reads_is_no_fault(
        lobby: tuple[Store, Tables], monkeypatch: pytest.MonkeyPatch) -> None:
    store, tables = lobby
    original = store.game_log
    joins = iter([CAROL])  # someone joins just before the first log is read

    async def saved_meanwhile(game_id: int) -> list[LogEntry]:
        if (player := next(joins, None)) is not None:
            await tables.join(CHANNEL, player)
        return await original(game_id)

    monkeypatch.setattr(store, "game_log", saved_meanwhile)
    assert await inconsistent_games(store) == []


async def test_a_log_that_disagrees_with_its_game_is_reported(
        lobby: tuple[Store, Tables], monkeypatch: pytest.MonkeyPatch) -> None:
    store, _ = lobby
    original = store.game_log

    async def one_lost(game_id: int) -> list[LogEntry]:
        return (await original(game_id))[:-1]

    monkeypatch.setattr(store, "game_log", one_lost)
    assert await inconsistent_games(store) == ["game 1 (active): version 1, 0 log entries"]
