"""``rummy-bot ratings --rebuild``: the configured database's ratings rated again from its
matches, the same each time, with a progress line; without --rebuild it refuses."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot import __main__ as entry
from data import MatchSeat, Store


async def two_matches(path: Path) -> None:
    async with await Store.open(path) as store:
        for channel in (1, 2):
            game = await store.create_game(channel, 5, 7, "rami51", "{}")
            await store.finish_match(game.id, 5, "rami51", [
                MatchSeat(7, "Ann", 0, True, 1, 0, 0),
                MatchSeat(None, "[cpu 1]", 30, False, 0, 0, 30, "hard")], end_state="{}")


def ratings(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT player, mu, sigma, matches FROM ratings"
                            " ORDER BY player").fetchall()


def test_rebuild_rates_the_stored_matches_again_the_same(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    path = tmp_path / "rami.sqlite3"
    monkeypatch.setenv("RAMI_DB_PATH", str(path))
    asyncio.run(two_matches(path))
    live = ratings(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE ratings SET mu = 0")  # damaged: the rebuild repairs it
    assert entry.main(["ratings", "--rebuild"]) == 0
    out = capsys.readouterr().out
    assert "ratings: 2 of 2 matches rated" in out
    assert "2 matches rated, 2 ratings" in out
    assert ratings(path) == live and [row[3] for row in live] == [2, 2]
    assert entry.main(["ratings", "--rebuild"]) == 0
    assert ratings(path) == live


def test_ratings_without_rebuild_says_what_it_needs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        entry.main(["ratings"])
    assert stop.value.code == 2
    assert "--rebuild" in capsys.readouterr().err
