"""Games: one active game per channel, saves with their log, ending, expiry, corrupt rows."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path

import pytest

from data import (
    GameExists,
    GameNotActive,
    GameNotFound,
    GameStatus,
    LogEntry,
    StaleState,
    Store,
    StoredGame,
)
from tests.data.helpers import Clock, Where, raw

STATE = json.dumps({"lobby": {"seats": [1, 2]}, "game": None})


async def test_create_and_read_back(store: Store, clock: Clock) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    assert game == StoredGame(
        id=game.id, channel_id=10, guild_id=20, created_by=30, variant="rami51",
        status=GameStatus.ACTIVE, state=STATE, version=0, created_at=clock.now,
        updated_at=clock.now,
    )  # fmt: skip
    assert await store.active_game(10) == game
    assert await store.game(game.id) == game
    assert await store.active_games() == [game]
    assert await store.active_game(11) is None


async def test_one_active_game_per_channel(store: Store) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    with pytest.raises(GameExists) as raised:
        await store.create_game(10, 20, 31, "rami30", STATE)
    assert raised.value.game_id == game.id
    await store.end_game(game.id, "cancelled", STATE, actor=30)
    again = await store.create_game(10, 20, 31, "rami30", STATE)
    assert await store.active_game(10) == again
    ended = await store.game(game.id)
    assert ended is not None and ended.status == "cancelled"


async def test_save_writes_state_and_log_together(store: Store, clock: Clock) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    clock.advance(5)
    assert await store.save(game.id, '{"n": 1}', actor=30, action="draw stock") == 1
    clock.advance(5)
    assert await store.save(game.id, '{"n": 2}', actor=None, action="discard 7h") == 2
    saved = await store.active_game(10)
    assert saved is not None
    assert (saved.state, saved.version, saved.updated_at) == ('{"n": 2}', 2, clock.now)
    assert await store.game_log(game.id) == [
        LogEntry(game.id, 1, 30, "draw stock", clock.now - 5),
        LogEntry(game.id, 2, None, "discard 7h", clock.now),
    ]


async def test_stale_save_changes_nothing(store: Store) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    await store.save(game.id, '{"n": 1}', actor=1, action="a", expected_version=0)
    with pytest.raises(StaleState) as raised:
        await store.save(game.id, '{"n": 9}', actor=2, action="b", expected_version=0)
    assert (raised.value.expected, raised.value.found) == (0, 1)
    saved = await store.active_game(10)
    assert saved is not None and (saved.state, saved.version) == ('{"n": 1}', 1)
    assert len(await store.game_log(game.id)) == 1


@pytest.mark.parametrize("state", ["", "{", "not json", '{"a": }'])
async def test_bad_state_is_refused_and_changes_nothing(store: Store, state: str) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    with pytest.raises(ValueError, match="JSON"):
        await store.save(game.id, state, actor=1, action="a")
    with pytest.raises(ValueError, match="JSON"):
        await store.create_game(11, 20, 30, "rami51", state)
    assert await store.active_game(10) == game
    assert await store.active_game(11) is None
    assert await store.game_log(game.id) == []


async def test_saving_an_unknown_or_ended_game(store: Store) -> None:
    with pytest.raises(GameNotFound):
        await store.save(999, "{}", actor=1, action="a")
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    assert await store.end_game(game.id, "finished", '{"end": true}') == 1
    with pytest.raises(GameNotActive):
        await store.save(game.id, "{}", actor=1, action="a")
    with pytest.raises(ValueError, match="finished"):
        await store.end_game(game.id, "expired", "{}")  # type: ignore[arg-type]
    ended = await store.game(game.id)
    assert ended is not None
    assert (ended.status, ended.state, ended.version) == ("finished", '{"end": true}', 1)
    assert [e.action for e in await store.game_log(game.id)] == ["end finished"]
    assert await store.active_games() == []


async def test_concurrent_saves_of_many_games_are_all_kept(store: Store) -> None:
    created = await asyncio.gather(
        *(store.create_game(1000 + n, 1, 1, "rami51", STATE) for n in range(60))
    )
    actions = 12

    async def play(game: StoredGame) -> list[int]:
        return [
            await store.save(game.id, json.dumps({"n": i}), actor=i, action=f"a{i}")
            for i in range(1, actions + 1)
        ]

    versions = await asyncio.gather(*(play(game) for game in created))
    assert all(v == list(range(1, actions + 1)) for v in versions)
    for game in await store.active_games():
        assert (game.version, json.loads(game.state)) == (actions, {"n": actions})
        log = await store.game_log(game.id)
        assert [(e.version, e.action) for e in log] == [(i, f"a{i}") for i in range(1, 13)]


async def test_a_failing_save_in_a_batch_leaves_the_others(store: Store) -> None:
    games = [await store.create_game(n, 1, 1, "rami51", STATE) for n in range(3)]
    results = await asyncio.gather(
        store.save(games[0].id, '{"a": 1}', actor=1, action="ok"),
        store.save(games[1].id, '{"a": 1}', actor=1, action="stale", expected_version=5),
        store.save(games[2].id, '{"a": 1}', actor=1, action="ok"),
        return_exceptions=True,
    )
    assert results[0] == 1 and results[2] == 1
    assert isinstance(results[1], StaleState)
    assert [len(await store.game_log(g.id)) for g in games] == [1, 0, 1]


async def test_expire_idle_archives(store: Store, clock: Clock) -> None:
    old = await store.create_game(1, 1, 1, "rami51", STATE)
    clock.advance(3 * 86400)
    recent = await store.create_game(2, 1, 1, "rami51", STATE)
    clock.advance(4 * 86400 + 1)  # old: idle 7 days and a second; recent: 4 days
    assert await store.expire_idle() == [old.id]
    assert await store.active_games() == [recent]
    expired = await store.game(old.id)
    assert expired is not None and expired.status == "expired"
    assert expired.state == STATE and "7 days" in (expired.status_reason or "")
    assert await store.expire_idle(now=clock.now + 10 * 86400, idle_days=30) == []
    # The expired channel may start again.
    await store.create_game(1, 1, 1, "rami51", STATE)


async def test_mark_corrupt_isolates(store: Store) -> None:
    game = await store.create_game(1, 1, 1, "rami51", STATE)
    await store.mark_corrupt(game.id, "Game.from_json: unknown card 'Zz'")
    assert await store.active_game(1) is None
    isolated = await store.game(game.id)
    assert isolated is not None and isolated.status == "corrupt"
    assert isolated.status_reason == "Game.from_json: unknown card 'Zz'"
    await store.create_game(1, 1, 1, "rami51", STATE)
    with pytest.raises(GameNotFound):
        await store.mark_corrupt(12345, "?")


@pytest.mark.parametrize(
    "damage",
    ["state = '{\"trunc'", "state = ''", "variant = ''", "created_by = -1"],
)
async def test_a_malformed_row_is_isolated_not_a_crash(
    store: Store, where: Where, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    bad = await store.create_game(1, 1, 1, "rami51", STATE)
    good = await store.create_game(2, 1, 1, "rami51", STATE)
    await raw(where, f"UPDATE games SET {damage} WHERE id = ?", bad.id)  # behind its back
    with caplog.at_level(logging.WARNING, logger="data.store"):
        assert await store.active_games() == [good]
    assert f"game {bad.id} is unreadable" in caplog.text
    [(status, reason)] = await raw(where, "SELECT status, status_reason FROM games WHERE id = ?",
                                   bad.id)
    assert status == "corrupt" and reason.startswith("unreadable row")
    assert await store.active_game(1) is None
    await store.create_game(1, 1, 1, "rami51", STATE)  # the channel starts fresh


async def test_store_is_an_async_context_manager(where: Where) -> None:
    async with await Store.open(where) as store:
        game = await store.create_game(1, 1, 1, "rami51", STATE)
        pending = store.save(game.id, "{}", actor=1, action="a")
        task = asyncio.ensure_future(pending)
        await asyncio.sleep(0)  # the save is queued, not yet committed
    # close() waited for the queued save.
    assert await task == 1
    async with await Store.open(where) as store:
        assert [e.action for e in await store.game_log(game.id)] == ["a"]


async def test_an_unreadable_ended_game_is_reported_not_relabelled(
    store: Store, where: Where
) -> None:
    game = await store.create_game(1, 1, 1, "rami51", STATE)
    await store.end_game(game.id, "finished", STATE)
    await raw(where, "UPDATE games SET state = 'garbage' WHERE id = ?", game.id)
    assert await store.game(game.id) is None
    assert await raw(where, "SELECT status FROM games") == [("finished",)]


async def test_the_wal_is_checkpointed_in_the_background(sqlite_path: Path) -> None:
    # SQLite only: its write-ahead log
    async with await Store.open(sqlite_path) as store:
        game = await store.create_game(1, 1, 1, "rami51", STATE)
        for n in range(250):
            await store.save(game.id, json.dumps({"n": n, "pad": "x" * 3000}), actor=1, action="a")
    assert store._db.checkpointer.runs >= 1
    async with await Store.open(sqlite_path) as store:
        saved = await store.active_game(1)
        assert saved is not None and saved.version == 250


@pytest.mark.parametrize("idle_days", [0, -1.0])
async def test_expiry_needs_a_positive_idle_time(store: Store, idle_days: float) -> None:
    await store.create_game(1, 1, 1, "rami51", STATE)
    with pytest.raises(ValueError, match="idle_days"):
        await store.expire_idle(idle_days=idle_days)
    assert len(await store.active_games()) == 1


async def test_a_turn_deadline_is_saved_with_each_save(store: Store, clock: Clock) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE, deadline=clock.now + 60)
    assert game.deadline == clock.now + 60
    await store.save(game.id, STATE, actor=30, action="draw stock", deadline=clock.now + 60)
    saved = await store.active_game(10)
    assert saved is not None and saved.deadline == clock.now + 60
    await store.save(game.id, STATE, actor=None, action="seat 1: draw stock", deadline=None)
    saved = await store.active_game(10)
    assert saved is not None and saved.deadline is None
    await store.save(game.id, STATE, actor=30, action="discard 7h", deadline=clock.now + 9)
    await store.end_game(game.id, "finished", STATE)
    ended = await store.game(game.id)
    assert ended is not None and ended.deadline is None  # an ended game times nothing out


async def test_due_games_are_the_overdue_turns_most_overdue_first(
        store: Store, clock: Clock) -> None:
    late = await store.create_game(10, 20, 30, "rami51", STATE, deadline=clock.now - 5)
    later = await store.create_game(11, 20, 30, "rami51", STATE, deadline=clock.now - 50)
    await store.create_game(12, 20, 30, "rami51", STATE, deadline=clock.now + 5)
    await store.create_game(13, 20, 30, "rami51", STATE)  # no timer
    gone = await store.create_game(14, 20, 30, "rami51", STATE, deadline=clock.now - 9)
    await store.end_game(gone.id, "cancelled", STATE)
    assert [g.id for g in await store.due_games()] == [later.id, late.id]
    clock.advance(10)
    assert len(await store.due_games()) == 3
    assert await store.due_games(now=0) == []


async def test_the_due_games_query_uses_its_index(sqlite_store: Store,
                                                  sqlite_path: Path) -> None:
    # SQLite only: its query planner (INDEXED BY pins it there)
    await sqlite_store.create_game(10, 20, 30, "rami51", STATE, deadline=1.0)
    with sqlite3.connect(sqlite_path) as conn:
        plan = " ".join(row[3] for row in conn.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM games INDEXED BY games_active_deadline"
            " WHERE status = 'active' AND turn_deadline IS NOT NULL AND turn_deadline <= 5"))
    assert "games_active_deadline" in plan


@pytest.mark.parametrize("deadline", [float("nan"), float("inf"), "soon", True])
async def test_a_bad_deadline_is_refused(store: Store, deadline: object) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    with pytest.raises(ValueError, match="deadline"):
        await store.save(game.id, STATE, actor=1, action="x", deadline=deadline)  # type: ignore[arg-type]
    saved = await store.game(game.id)
    assert saved is not None and saved.version == 0


async def test_debug_logs_never_show_a_saved_state(store: Store,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    secret = json.dumps({"hands": ["7h 8h 9h"], "stock": "Qs Kd", "seed": 987654321})
    with caplog.at_level(logging.DEBUG):
        game = await store.create_game(10, 20, 30, "rami51", secret)
        await store.save(game.id, secret, actor=30, action="draw stock")
        await store.active_games()
        await store.end_game(game.id, "finished", secret)
    logged = " ".join(record.getMessage() for record in caplog.records)
    if store.dialect == "sqlite":
        assert any(record.name == "aiosqlite" for record in caplog.records)  # it does log
    assert "987654321" not in logged and "hands" not in logged and "Qs Kd" not in logged


async def test_each_write_is_told_to_the_observer_by_module_and_function(store: Store) -> None:
    told: list[tuple[str, bool]] = []
    store.on_write = lambda operation, seconds, ok: told.append((operation, ok))
    game = await store.create_game(10, 20, 30, "rami51", STATE)
    await store.save(game.id, '{"n": 1}', actor=30, action="draw stock")
    with pytest.raises(StaleState):
        await store.save(game.id, '{"n": 2}', actor=30, action="discard 7h",
                         expected_version=0)
    await store.set_game_ui(game.id, table_message=123)
    await store.end_game(game.id, "cancelled", STATE, actor=30)
    # A move is "games.save" whether or not it books scores; the channel's message ids,
    # saved by a function of the same name in another module, count apart.
    assert told == [("games.create_game", True), ("games.save", True),
                    ("games.save", False), ("game_ui.save", True), ("games.save", True)]
