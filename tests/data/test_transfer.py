"""``rummy-bot migrate-db``: an SQLite store copied into PostgreSQL, checked table by table,
re-runnable; what it refuses. The PostgreSQL tests ask for ``postgres_url``; the checksum,
the table plan and the refusals before any copy run on SQLite alone."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import data.transfer as transfer_module
from bot import migrate_db
from data import LATEST_VERSION, MatchSeat, SchemaTooNew, SeatScore, Store
from data.checksum import (
    Column,
    Family,
    RowHasher,
    TableSum,
    canonical,
    coerce,
    sqlite_table_sum,
)
from data.transfer import (
    TransferRefused,
    open_source,
    plan_tables,
    source_counts,
    transfer,
)
from tests.data.helpers import CLOSES_AT, Clock, play_challenge, raw

GUILD, OTHER_GUILD = 9, 10
PLAYERS = (101, 102, 103)
DAY = "2025-11-24"


async def fill(store: Store, clock: Clock, games: int = 6) -> None:
    """Finished and active games with logs and rounds, matches, settings, preferences, and a
    closed and an open day of the championship; through the store's own API."""
    for number in range(games):
        guild = GUILD if number % 2 else OTHER_GUILD
        game = await store.create_game(100 + number, guild, PLAYERS[0], "rami51",
                                       json.dumps({"n": number}), deadline=clock.now + 60)
        for move in range(3):
            await store.save(game.id, json.dumps({"n": number, "move": move}),
                             actor=PLAYERS[move % 3], action=f"discard {move}♥",
                             deadline=clock.now + 120)
        await store.record_round(game.id, 1, [SeatScore(PLAYERS[0], "Ann", 0, 0),
                                              SeatScore(None, "Computer", 35, 35)])
        clock.advance(61.5)
        if number % 3:  # two in three games finish
            seats = [MatchSeat(PLAYERS[number % 3], "Bé", 90, True, 1, 1, 10),
                     MatchSeat(None, "Computer", 40, False, 0, 0, 60)]
            await store.finish_match(game.id, guild, "rami51", seats, end_state='{"end": 1}')
    await store.update_guild_settings(GUILD, language="fr", turn_timeout_s=120,
                                      rule_overrides={"rami51": {"opening_minimum": 40}})
    await store.update_player_prefs(PLAYERS[0], theme="four-colour", language="en")
    await store.daily_secret()
    await play_challenge(store, GUILD, PLAYERS[0], DAY, [40, 10], name="Ann")
    await play_challenge(store, GUILD, PLAYERS[1], DAY, [30], name="Bob")
    await store.close_challenge_day(GUILD, DAY, 555, now=CLOSES_AT + 1)
    await play_challenge(store, GUILD, PLAYERS[2], "2025-11-25", [20], name="Cat")


async def snapshot(store: Store) -> dict[str, Any]:
    """What the bot reads of a store, through its API."""
    seen: dict[str, Any] = {"active": await store.active_games(),
                            "secret": await store.daily_secret()}
    for guild in (GUILD, OTHER_GUILD):
        seen[f"board{guild}"] = await store.leaderboard(guild, now=CLOSES_AT)
        seen[f"history{guild}"] = await store.match_history(guild, 25)
        seen[f"settings{guild}"] = await store.guild_settings(guild)
        for user in PLAYERS:
            seen[f"stats{guild}/{user}"] = await store.player_stats(guild, user)
            seen[f"daily{guild}/{user}"] = await store.challenge_stats(guild, user)
    for game_id in range(1, 8):
        seen[f"game{game_id}"] = (await store.game(game_id), await store.game_log(game_id),
                                  await store.match_rounds(game_id))
    seen["prefs"] = [await store.player_prefs(user) for user in PLAYERS]
    seen["ranking"] = await store.challenge_ranking(GUILD, DAY)
    seen["open"] = await store.current_challenge_day(GUILD, now=CLOSES_AT - 1)
    return seen


@pytest.fixture
async def source(sqlite_path: Path, clock: Clock) -> Path:
    async with await Store.open(sqlite_path, clock=clock) as store:
        await fill(store, clock)
    return sqlite_path


# ---------------------------------------------------------------- SQLite alone


@pytest.mark.parametrize(("family", "value", "text"), [
    (Family.INTEGER, None, "N"),
    (Family.INTEGER, 2**62, "i4611686018427387904"),
    (Family.REAL, 3, "f3.0"),
    (Family.REAL, 0.1, "f0.1"),
    (Family.TEXT, "a|b", "s3:a|b"),
    (Family.TEXT, "", "s0:"),
    (Family.BLOB, b"\x00\xff", "b00ff"),
])
def test_canonical_text_of_a_value(family: Family, value: object, text: str) -> None:
    assert canonical(coerce(family, value)) == text


def test_a_separator_inside_a_text_cannot_fake_another_row() -> None:
    columns = [Column("a", Family.TEXT), Column("b", Family.TEXT)]
    one, two = RowHasher(columns), RowHasher(columns)
    one.add(("x|s1:y", "z"))
    two.add(("x", "y|s1:z"))
    assert one.result() != two.result()


async def test_every_table_is_planned_parents_first(source: Path) -> None:
    conn = open_source(source)
    plans = plan_tables(conn)
    names = [plan.name for plan in plans]
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type ="
                                               " 'table' AND name NOT LIKE 'sqlite_%'")}
    assert set(names) == tables - {"schema_migrations"}
    for plan in plans:
        assert all(names.index(parent) < names.index(plan.name) for parent in plan.parents)
    assert names.index("games") < names.index("matches") < names.index("match_seats")
    counts = source_counts(conn, plans)
    assert counts["games"] == 6 and counts["game_log"] == 22 and counts["matches"] == 4
    conn.close()


async def test_a_changed_row_changes_its_table_checksum_alone(source: Path) -> None:
    def sums() -> dict[str, TableSum]:
        conn = open_source(source)
        try:
            return {plan.name: sqlite_table_sum(conn, plan.name, plan.columns, plan.key,
                                                plan.key_families)
                    for plan in plan_tables(conn)}
        finally:
            conn.close()

    before = sums()
    assert before == sums() and before["game_log"].rows == 22
    await raw(source, "UPDATE game_log SET at = at + 0.5 WHERE game_id = 2 AND version = 1")
    after = sums()
    assert [name for name in before if before[name] != after[name]] == ["game_log"]
    assert after["game_log"].rows == 22


def _sqlite_file(path: Path, *statements: str) -> Path:
    with sqlite3.connect(path) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION}")
    return path


@pytest.mark.parametrize(("statements", "message"), [
    (["CREATE TABLE loose (a INTEGER)"], "table 'loose' has no primary key"),
    (["CREATE TABLE a (id INTEGER PRIMARY KEY, b INTEGER REFERENCES b (id))",
      "CREATE TABLE b (id INTEGER PRIMARY KEY, a INTEGER REFERENCES a (id))"],
     "cannot order the tables a, b"),
    (["CREATE TABLE tree (id INTEGER PRIMARY KEY, up INTEGER REFERENCES tree (id))"],
     "cannot order the tables tree"),
])
def test_a_table_the_copy_cannot_order_is_refused(tmp_path: Path, statements: list[str],
                                                 message: str) -> None:
    conn = open_source(_sqlite_file(tmp_path / "odd.sqlite3", *statements))
    with pytest.raises(TransferRefused, match=message):
        plan_tables(conn)
    conn.close()


async def test_a_source_at_another_version_is_refused(sqlite_path: Path, tmp_path: Path
                                                      ) -> None:
    async with await Store.open(sqlite_path, schema_target=LATEST_VERSION - 1):
        pass
    with pytest.raises(TransferRefused, match="run the bot once on it"):
        open_source(sqlite_path)
    newer = _sqlite_file(tmp_path / "newer.sqlite3")
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(TransferRefused, match="newer than this Rami"):
        open_source(newer)


@pytest.mark.parametrize(("args", "message"), [
    (["--from", "data/rami.sqlite3", "--to", "postgresql://x/y"], "--from must be sqlite:PATH"),
    (["--from", "sqlite:", "--to", "postgresql://x/y"], "--from must be sqlite:PATH"),
    (["--from", "sqlite:x.sqlite3", "--to", "mysql://x/y"], "--to must be a postgresql://"),
    (["--from", "sqlite:/nowhere/rami.sqlite3", "--to", "postgresql://x/y"],
     "no SQLite file at '/nowhere/rami.sqlite3'"),
    (["--to", "postgresql://x/y"], "the following arguments are required: --from"),
])
def test_bad_arguments_exit_2_saying_what_is_right(args: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = migrate_db.main(args)
    except SystemExit as exited:  # argparse's own errors
        status = int(str(exited.code))
    assert status == migrate_db.EXIT_USAGE
    assert message in capsys.readouterr().err


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, " * 100)
    args = ["--from", f"sqlite:{notes}", "--to", "postgresql://x/y"]
    assert migrate_db.main(args) == migrate_db.EXIT_USAGE
    assert "is not an SQLite database" in capsys.readouterr().err


def test_the_source_is_read_only(source: Path) -> None:
    conn = open_source(source)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        conn.execute("DELETE FROM games")
    conn.close()


# ---------------------------------------------------------------- into PostgreSQL


async def test_the_copy_reads_back_the_same_through_the_store(
        source: Path, postgres_url: str, clock: Clock) -> None:
    async with await Store.open(source, clock=clock) as running:  # a bot still on the file
        report = await transfer(source, postgres_url)
        before = await snapshot(running)
    assert report.equal and report.migrated == tuple(range(1, LATEST_VERSION + 1))
    by_name = {table.name: table for table in report.tables}
    assert by_name["game_log"].source.rows == by_name["game_log"].inserted == 22
    async with await Store.open(postgres_url, clock=clock) as copied:
        assert await snapshot(copied) == before


async def test_a_rerun_changes_nothing_then_follows_the_source(
        source: Path, postgres_url: str, clock: Clock) -> None:
    await transfer(source, postgres_url)
    again = await transfer(source, postgres_url)
    assert again.equal and not any(t.inserted or t.updated for t in again.tables)
    async with await Store.open(source, clock=clock) as store:
        [active, *_] = await store.active_games()
        await store.save(active.id, '{"later": true}', actor=PLAYERS[0], action="draw")
    changed = await transfer(source, postgres_url)
    by_name = {table.name: table for table in changed.tables}
    assert changed.equal
    assert (by_name["games"].updated, by_name["game_log"].inserted) == (1, 1)
    assert (await raw(postgres_url, "SELECT state FROM games WHERE id = ?", active.id)
            ) == [('{"later": true}',)]


async def test_rows_only_in_the_target_are_reported_then_removed_with_replace(
        source: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    await transfer(source, postgres_url)
    async with await Store.open(postgres_url) as target:
        newer = await target.create_game(999, GUILD, PLAYERS[0], "rami51", "{}")
        await target.update_player_prefs(PLAYERS[2], theme="dark")
    assert newer.id == 7  # the sequence was moved past the six copied games
    args = ["--from", f"sqlite:{source}", "--to", postgres_url]
    assert await migrate_db.run(args) == migrate_db.EXIT_DIFFERS
    printed = capsys.readouterr().out
    assert "DIFFERS" in printed and "--replace" in printed
    assert await raw(postgres_url, "SELECT count(*) FROM games") == [(7,)]
    assert await migrate_db.run([*args, "--replace"]) == 0
    assert "(removed 1)" in capsys.readouterr().out
    assert await raw(postgres_url, "SELECT count(*) FROM player_prefs") == [(1,)]
    assert await migrate_db.run(args) == 0


async def test_a_dry_run_counts_and_writes_nothing(source: Path, postgres_url: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert await migrate_db.run(["--from", f"sqlite:{source}", "--to", postgres_url,
                                 "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert "game_log" in printed and f"migrated to version {LATEST_VERSION}" in printed
    assert await raw(postgres_url, "SELECT to_regclass('games')") == [(None,)]


async def test_a_newer_target_is_refused(source: Path, postgres_url: str) -> None:
    async with await Store.open(postgres_url):
        pass
    await raw(postgres_url, "INSERT INTO schema_migrations VALUES (?, 'future', 0)",
              LATEST_VERSION + 1)
    with pytest.raises(SchemaTooNew):
        await transfer(source, postgres_url)
    assert await raw(postgres_url, "SELECT count(*) FROM games") == [(0,)]


async def test_an_interrupted_copy_leaves_nothing_and_can_be_run_again(
        source: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    upsert = transfer_module._upsert

    async def fails_at_match_seats(conn: Any, plan: Any) -> tuple[int, int]:
        if plan.name == "match_seats":
            raise ConnectionResetError("the network went away")
        return await upsert(conn, plan)

    monkeypatch.setattr(transfer_module, "_upsert", fails_at_match_seats)
    with pytest.raises(ConnectionResetError):
        await transfer(source, postgres_url)
    assert await raw(postgres_url, "SELECT count(*) FROM games") == [(0,)]
    monkeypatch.setattr(transfer_module, "_upsert", upsert)
    assert (await transfer(source, postgres_url)).equal


async def test_big_tables_report_their_progress(source: Path, postgres_url: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transfer_module, "PROGRESS_EVERY", 10)
    monkeypatch.setattr(transfer_module, "BATCH", 4)
    heard: list[tuple[str, int, int]] = []
    await transfer(source, postgres_url, progress=lambda *seen: heard.append(seen))
    assert [seen for seen in heard if seen[0] == "game_log"] == [
        ("game_log", 12, 22), ("game_log", 20, 22), ("game_log", 22, 22)]
    assert {table for table, _, _ in heard} == {"game_log", "round_scores"}


async def test_the_next_match_gets_a_new_id_too(source: Path, postgres_url: str) -> None:
    await transfer(source, postgres_url)
    async with await Store.open(postgres_url) as target:
        game = await target.create_game(999, GUILD, PLAYERS[0], "rami51", "{}")
        match_id = await target.finish_match(game.id, GUILD, "rami51", [
            MatchSeat(PLAYERS[0], "Ann", 10, True, 1, 0, 0)], end_state="{}")
    assert match_id == 5


@pytest.mark.parametrize("target", ["postgresql://nobody@127.0.0.1:1/rami",
                                    "postgresql://a:b@[bad"])
async def test_an_unreachable_target_exits_2(source: Path, target: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert await migrate_db.run(["--from", f"sqlite:{source}", "--to", target]) == 2
    assert "cannot reach" in capsys.readouterr().err


def test_rummy_bot_dispatches_migrate_db(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.__main__ import main

    with pytest.raises(SystemExit) as exited:
        main(["migrate-db", "--help"])
    assert exited.value.code == 0
    assert "--from sqlite:PATH" in capsys.readouterr().out


async def test_a_target_row_clashing_with_the_source_is_refused_unless_replace(
        source: Path, postgres_url: str) -> None:
    await transfer(source, postgres_url)
    async with await Store.open(postgres_url) as target:  # channel 100 moves on in PostgreSQL
        first = await target.active_game(100)
        assert first is not None
        await target.end_game(first.id, "cancelled", "{}")
        await target.create_game(100, GUILD, PLAYERS[0], "rami51", "{}")
    with pytest.raises(TransferRefused, match=r"clashes .* --replace"):
        await transfer(source, postgres_url)
    assert await raw(postgres_url, "SELECT count(*) FROM games") == [(7,)]  # rolled back
    assert (await transfer(source, postgres_url, replace=True)).equal


async def test_a_source_row_the_target_cannot_hold_is_refused_by_table(
        source: Path, postgres_url: str) -> None:
    # match_seats.points is an INTEGER: 64 bits in SQLite, 32 in PostgreSQL
    await raw(source, "UPDATE match_seats SET points = ? WHERE seat = 0", 2**40)
    with pytest.raises(TransferRefused, match="a row of 'match_seats' does not fit"):
        await transfer(source, postgres_url)
    assert await raw(postgres_url, "SELECT count(*) FROM games") == [(0,)]
