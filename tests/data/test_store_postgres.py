"""What only PostgreSQL has to prove: several processes on one database (each a store with
a pool of its own) migrate once, never lose nor double a save, a game or a match; its
migrations; its URLs. The behaviour shared with SQLite is in the other test files, which
run on both backends."""

from __future__ import annotations

import asyncio

import pytest

from data import (
    LATEST_VERSION,
    GameExists,
    MatchExists,
    MatchSeat,
    SchemaTooNew,
    StaleState,
    Store,
    StoreError,
)
from data.database import is_postgres_url, redact
from data.postgres import pg_sql
from tests.data.helpers import raw

PROCESSES = 4


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT 1", "SELECT 1"),
        ("a = ? AND b = ?", "a = $1 AND b = $2"),
        ("a = ?2 OR b = ?1 OR c = ?2", "a = $2 OR b = $1 OR c = $2"),
        ("x = '?' AND y = ?", "x = '?' AND y = $1"),
        ("x = 'it''s ?' AND y = ?", "x = 'it''s ?' AND y = $1"),
    ],
)
def test_placeholders_become_postgresql_ones(sql: str, expected: str) -> None:
    assert pg_sql(sql) == expected


@pytest.mark.parametrize(
    ("where", "postgres", "shown"),
    [
        ("postgresql://rami:s3cret@db:5432/rami", True, "postgresql://rami:***@db:5432/rami"),
        ("postgres://rami@db/rami", True, "postgres://rami@db/rami"),
        ("PostgreSQL://db/rami", True, "PostgreSQL://db/rami"),
        ("postgresql://a:s3cret@[bad", True, "postgresql://***"),
        ("data/rami.sqlite3", False, "data/rami.sqlite3"),
        ("postgresql.sqlite3", False, "postgresql.sqlite3"),
    ],
)
def test_a_url_picks_postgresql_and_its_password_is_never_shown(
    where: str, postgres: bool, shown: str
) -> None:
    assert is_postgres_url(where) is postgres
    assert redact(where) == shown


async def test_an_unreachable_server_is_a_clear_error_without_the_password() -> None:
    with pytest.raises(StoreError, match=r"cannot open 'postgresql://rami:\*\*\*@127.0.0.1:1/r"):
        await Store.open("postgresql://rami:s3cret@127.0.0.1:1/rami")


async def test_processes_starting_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(Store.open(postgres_url) for _ in range(PROCESSES)))
    try:
        assert [await s.schema_version() for s in stores] == [LATEST_VERSION] * PROCESSES
    finally:
        await asyncio.gather(*(s.close() for s in stores))
    rows = await raw(postgres_url, "SELECT version FROM schema_migrations ORDER BY version")
    assert rows == [(n,) for n in range(1, LATEST_VERSION + 1)]


async def test_a_migration_target_stops_there_and_the_rest_follows(postgres_url: str) -> None:
    async with await Store.open(postgres_url, schema_target=2) as store:
        assert await store.schema_version() == 2
    async with await Store.open(postgres_url) as store:
        assert await store.schema_version() == LATEST_VERSION
        assert await store.create_game(1, 1, 1, "rami51", "{}")


async def test_a_newer_schema_is_refused(postgres_url: str) -> None:
    async with await Store.open(postgres_url):
        pass
    await raw(postgres_url, "INSERT INTO schema_migrations VALUES (?, 'future', 0)",
              LATEST_VERSION + 1)
    with pytest.raises(SchemaTooNew, match=r"schema version \d+.*only knows"):
        await Store.open(postgres_url)


async def test_two_processes_saving_one_game_never_lose_a_save(pg_store_url: str) -> None:
    one, two = await Store.open(pg_store_url), await Store.open(pg_store_url)
    try:
        game = await one.create_game(1, 1, 1, "rami51", "{}")
        # The same turn saved by both at once: the row lock lets exactly one through.
        outcomes = await asyncio.gather(
            *(s.save(game.id, "{}", actor=1, action=f"by {n}", expected_version=0)
              for n, s in enumerate((one, two, one, two))),
            return_exceptions=True,
        )  # fmt: skip
        assert sorted(type(o).__name__ for o in outcomes) == ["StaleState"] * 3 + ["int"]
        assert all(o.found == 1 for o in outcomes if isinstance(o, StaleState))
        # Unchecked saves from both all land, each its own version.
        saves = [s.save(game.id, "{}", actor=1, action="a") for s in (one, two) * 20]
        assert sorted(await asyncio.gather(*saves)) == list(range(2, 42))
        log = await two.game_log(game.id)
        assert [entry.version for entry in log] == list(range(1, 42))
    finally:
        await asyncio.gather(one.close(), two.close())


async def test_two_processes_starting_a_game_in_one_channel_make_one(pg_store_url: str) -> None:
    stores = [await Store.open(pg_store_url) for _ in range(2)]
    try:
        made = await asyncio.gather(
            *(s.create_game(7, 1, n, "rami51", "{}") for n, s in enumerate(stores * 2)),
            return_exceptions=True,
        )  # fmt: skip
        games = [m for m in made if not isinstance(m, BaseException)]
        assert len(games) == 1
        assert all(isinstance(m, GameExists) and m.game_id == games[0].id
                   for m in made if m is not games[0])
    finally:
        await asyncio.gather(*(s.close() for s in stores))


async def test_a_match_recorded_by_two_processes_counts_once(pg_store_url: str) -> None:
    stores = [await Store.open(pg_store_url) for _ in range(2)]
    try:
        game = await stores[0].create_game(7, 1, 1, "rami51", "{}")
        seats = [MatchSeat(1, "Ann", 0, True, 1, 0, 10)]
        made = await asyncio.gather(
            *(s.finish_match(game.id, 1, "rami51", seats) for s in stores * 2),
            return_exceptions=True,
        )  # fmt: skip
        assert sorted(type(m).__name__ for m in made) == ["MatchExists"] * 3 + ["int"]
        assert all(m.game_id == game.id for m in made if isinstance(m, MatchExists))
        assert len(await stores[1].match_history(1)) == 1
    finally:
        await asyncio.gather(*(s.close() for s in stores))


async def test_a_cancelled_caller_does_not_undo_its_write(pg_store_url: str) -> None:
    async with await Store.open(pg_store_url) as store:
        game = await store.create_game(1, 1, 1, "rami51", "{}")
        task = asyncio.ensure_future(store.save(game.id, "{}", actor=1, action="a"))
        await asyncio.sleep(0)
        task.cancel()
    async with await Store.open(pg_store_url) as store:  # close() waited for the write
        assert [entry.action for entry in await store.game_log(game.id)] == ["a"]
