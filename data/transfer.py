"""Moving a store up from SQLite to PostgreSQL (``rummy-bot migrate-db``): copy every table,
then check each one by its row count and checksum (:mod:`data.checksum`).

- **Every table, found in the SQLite file itself** (``sqlite_master``), so a table added by
  a future migration is copied without a change here; only SQLite's own tables and
  ``schema_migrations`` (each database's history of its own migrations) are left out. A
  table without a primary key, or whose foreign keys make a circle, is refused by name:
  the copy could not order or upsert it.
- **The source is opened read-only** (``file:PATH?mode=ro``) and read in one transaction:
  a bot still running on it is not disturbed, and the copy is one snapshot of it (stop the
  bot first all the same, or what it writes after the snapshot stays behind).
- **One transaction for the whole copy**, parents before children: the target has either
  what it had or all of the source, never games without their log; an interrupted copy
  leaves nothing half-done, and running it again starts over. Each table's rows go in
  batches into a temporary table (``COPY``), then into the table by one
  ``INSERT ... ON CONFLICT (key) DO UPDATE`` that leaves equal rows alone: re-running on
  an unchanged source changes nothing.
- **Rows only in the target** are counted and left alone (the check then fails), or
  removed with ``replace=True``, children first.
- **Identity sequences are moved on** past the copied ids, so the next game created in
  PostgreSQL gets a new id.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from data.checksum import (
    BATCH,
    Column,
    Family,
    RowHasher,
    TableSum,
    coerce,
    ident,
    postgres_table_sum,
)
from data.checksum import select_sql as _select_sql
from data.database import redact
from data.errors import SchemaTooNew, StoreError
from data.migrations import LATEST_VERSION
from data.migrations import schema_version as sqlite_version
from data.postgres import migrate
from data.postgres import schema_version as postgres_version

PROGRESS_EVERY = 50_000  # a progress line every so many rows of a big table
SKIPPED_TABLES = frozenset({"schema_migrations"})
# Two copies into one database take turns (a constant of Rami's own: "RAMC").
TRANSFER_LOCK = 0x52414D43
Progress = Callable[[str, int, int], None]  # (table, rows done, rows in all)


class TransferRefused(StoreError):
    """The copy cannot be made (a source or target that does not fit, a row of the target
    that clashes): nothing of the source was written."""


@dataclass(frozen=True, slots=True)
class TablePlan:
    """How to copy one table: its columns, primary key and the tables it refers to."""

    name: str
    columns: tuple[Column, ...]
    key: tuple[str, ...]
    parents: tuple[str, ...]

    @property
    def key_families(self) -> tuple[Family, ...]:
        families = {column.name: column.family for column in self.columns}
        return tuple(families[name] for name in self.key)

    def select(self, *, postgres: bool) -> str:
        """Every row, in primary-key order."""
        return _select_sql(self.name, self.columns, self.key, self.key_families,
                           postgres=postgres)


@dataclass(frozen=True, slots=True)
class TableReport:
    """One table after the copy (or, for a dry run, before it)."""

    name: str
    source: TableSum
    target: TableSum | None  # None: a dry run, nothing checked
    inserted: int = 0
    updated: int = 0
    only_in_target: int = 0  # rows of the target the source does not have
    removed: int = 0  # of those, removed (replace=True)

    @property
    def equal(self) -> bool:
        return self.target is not None and self.target == self.source


@dataclass(frozen=True, slots=True)
class TransferReport:
    tables: tuple[TableReport, ...]
    migrated: tuple[int, ...]  # the migrations applied to the target first
    dry_run: bool

    @property
    def equal(self) -> bool:
        """Every table has the same rows on both sides."""
        return all(table.equal for table in self.tables)


# ---------------------------------------------------------------- the source

def open_source(path: str | Path) -> sqlite3.Connection:
    """Open an SQLite store read-only, in one read transaction (a snapshot of it).

    Raises:
        TransferRefused: no such file, not a database, or not at this Rami's schema version.
    """
    file = Path(path)
    if not file.is_file():
        raise TransferRefused(f"no SQLite file at {str(path)!r}: --from takes sqlite:PATH, "
                              "the path of the bot's database (RAMI_DB_PATH)")
    conn = sqlite3.connect(file.resolve().as_uri() + "?mode=ro", uri=True,
                           isolation_level=None)
    try:
        conn.execute("BEGIN")
        version = sqlite_version(conn)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # the snapshot starts
    except sqlite3.DatabaseError as error:
        conn.close()
        raise TransferRefused(f"{str(path)!r} is not an SQLite database: {error}") from error
    if version != LATEST_VERSION:
        conn.close()
        raise TransferRefused(_version_advice(str(path), version))
    return conn


def _version_advice(path: str, version: int) -> str:
    if version < LATEST_VERSION:
        return (f"{path!r} is at schema version {version}, this Rami at {LATEST_VERSION}: "
                "run the bot once on it (or rummy-bot migrate with RAMI_DB_PATH set to it), "
                "then copy it")
    return (f"{path!r} is at schema version {version}, newer than this Rami "
            f"({LATEST_VERSION}): copy it with the Rami that wrote it")


def plan_tables(conn: sqlite3.Connection) -> tuple[TablePlan, ...]:
    """Every table of the SQLite store, parents before the tables that refer to them.

    Raises:
        TransferRefused: a table without a primary key, or tables whose foreign keys make a
            circle (or refer to a table that is not copied).
    """
    names = [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        " ORDER BY name") if name not in SKIPPED_TABLES]
    plans = {name: _plan(conn, name) for name in names}
    ordered: list[TablePlan] = []
    placed: set[str] = set()
    while len(ordered) < len(plans):
        ready = [plan for name, plan in plans.items()
                 if name not in placed and placed.issuperset(plan.parents)]
        if not ready:
            stuck = sorted(set(plans) - placed)
            raise TransferRefused(
                f"cannot order the tables {', '.join(stuck)} by their foreign keys (they "
                "refer to each other, to themselves or to a table that is not copied): "
                "data/transfer.py needs a rule for them")
        ordered.extend(ready)
        placed.update(plan.name for plan in ready)
    return tuple(ordered)


def _plan(conn: sqlite3.Connection, name: str) -> TablePlan:
    info = conn.execute(f"PRAGMA table_info({ident(name)})").fetchall()
    columns = tuple(Column(row[1], Family.of(row[2])) for row in info)
    key = tuple(row[1] for row in sorted((row for row in info if row[5]), key=lambda r: r[5]))
    if not key:
        raise TransferRefused(f"table {name!r} has no primary key: the copy can neither "
                              "upsert nor check it row by row (give it one in a migration)")
    parents = {row[2] for row in conn.execute(f"PRAGMA foreign_key_list({ident(name)})")}
    return TablePlan(name, columns, key, tuple(sorted(parents)))


def source_counts(conn: sqlite3.Connection, plans: Sequence[TablePlan]) -> dict[str, int]:
    """How many rows each table of the source has."""
    return {plan.name: conn.execute(f"SELECT count(*) FROM {ident(plan.name)}").fetchone()[0]
            for plan in plans}


# ---------------------------------------------------------------- the target

async def connect_target(url: str) -> Any:
    """An asyncpg connection to the target.

    Raises:
        TransferRefused: the URL is malformed, or the server cannot be reached or refuses.
    """
    try:
        return await asyncpg.connect(url)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
        raise TransferRefused(f"cannot reach {redact(url)!r}: {error}") from error


async def check_target(conn: Any, plans: Sequence[TablePlan]) -> None:
    """Every table and column of the source exists in the (migrated) target.

    Raises:
        TransferRefused: one is missing: the two dialects' migrations differ.
    """
    for plan in plans:
        found = {name for (name,) in await conn.fetch(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = $1", plan.name)}
        missing = [column.name for column in plan.columns if column.name not in found]
        if missing:
            what = "table" if not found else f"column(s) {', '.join(missing)} of table"
            raise TransferRefused(
                f"the target has no {what} {plan.name!r} at schema version {LATEST_VERSION}: "
                "data/migrations/postgresql/ and data/migrations/sqlite/ differ")


async def transfer(source: str | Path, target_url: str, *, replace: bool = False,
                   dry_run: bool = False, progress: Progress | None = None) -> TransferReport:
    """Copy the SQLite store at ``source`` into the PostgreSQL database at ``target_url``
    (migrating it first to this Rami's schema version), then check every table.

    ``dry_run``: count what would be copied, write nothing. ``replace``: remove the
    target's rows that the source does not have. ``progress`` hears of big tables.

    Raises:
        TransferRefused: the source or target does not fit (nothing was written).
        SchemaTooNew: the target was written by a newer Rami.
    """
    src = open_source(source)
    try:
        plans = plan_tables(src)
        conn = await connect_target(target_url)
        try:
            if dry_run:
                return await _dry_run(src, conn, plans, target_url)
            migrated = tuple(await migrate(conn, redact(target_url)))
            await check_target(conn, plans)
            sources, changes = await _copy(src, conn, plans, replace, progress)
            reports = []
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                for plan in plans:
                    target = await postgres_table_sum(conn, plan.name, plan.columns,
                                                      plan.key, plan.key_families)
                    reports.append(TableReport(plan.name, sources[plan.name], target,
                                               *changes[plan.name]))
            return TransferReport(tuple(reports), migrated, dry_run=False)
        finally:
            await conn.close()
    finally:
        src.close()


async def _dry_run(src: sqlite3.Connection, conn: Any, plans: Sequence[TablePlan],
                   url: str) -> TransferReport:
    version = await postgres_version(conn)
    if version > LATEST_VERSION:
        raise SchemaTooNew(redact(url), version, LATEST_VERSION)
    counts = source_counts(src, plans)
    tables = tuple(TableReport(plan.name, TableSum(counts[plan.name], ""), None)
                   for plan in plans)
    return TransferReport(tables, tuple(range(version + 1, LATEST_VERSION + 1)), dry_run=True)


Changes = tuple[int, int, int, int]  # inserted, updated, only in target, removed


async def _copy(src: sqlite3.Connection, conn: Any, plans: Sequence[TablePlan],
                replace: bool, progress: Progress | None
                ) -> tuple[dict[str, TableSum], dict[str, Changes]]:
    """The whole copy, in one transaction; the source's sums, and each table's changes."""
    sums: dict[str, TableSum] = {}
    extra: dict[str, tuple[int, int]] = {}
    upserted: dict[str, tuple[int, int]] = {}
    counts = source_counts(src, plans)
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", TRANSFER_LOCK)
        for plan in plans:
            with _refused_for(plan):
                sums[plan.name] = await _load(src, conn, plan, counts[plan.name], progress)
        for plan in reversed(plans):  # children first: a parent's removal cascades to them
            extra[plan.name] = await _only_in_target(conn, plan, replace)
        for plan in plans:
            with _refused_for(plan):
                upserted[plan.name] = await _upsert(conn, plan)
            await _move_sequences(conn, plan)
    return sums, {name: (*upserted[name], *extra[name]) for name in sums}


@contextmanager
def _refused_for(plan: TablePlan) -> Iterator[None]:
    """A row the target will not take, as a :class:`TransferRefused` naming the table (the
    transaction around rolls everything back)."""
    try:
        yield
    except asyncpg.UniqueViolationError as error:
        raise TransferRefused(
            f"a row of {plan.name!r} in the target clashes with one of the source"
            f" ({_one_line(error)}); nothing was copied: run again with --replace to"
            " remove the target's rows that the source lacks") from error
    except (asyncpg.IntegrityConstraintViolationError, asyncpg.DataError,
            OverflowError, ValueError, TypeError) as error:  # the last three: COPY encoding
        raise TransferRefused(
            f"a row of {plan.name!r} does not fit the target ({_one_line(error)}); nothing"
            " was copied: mend the row in the SQLite file, then run again") from error


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())


def _staging(plan: TablePlan) -> str:
    """The temporary table the table's rows are copied into (its bare name: COPY takes it
    so; quote it with :func:`ident` in SQL)."""
    return f"rami_copy_{plan.name}"


async def _load(src: sqlite3.Connection, conn: Any, plan: TablePlan, total: int,
                progress: Progress | None) -> TableSum:
    """The source's rows into a temporary table; their count and checksum."""
    staging = _staging(plan)
    await conn.execute(f"CREATE TEMP TABLE {ident(staging)} (LIKE {ident(plan.name)})"
                       " ON COMMIT DROP")
    hasher = RowHasher(plan.columns)
    families = [column.family for column in plan.columns]
    real = Family.REAL in families  # an int in a REAL column must reach float8 as a float
    cursor = src.execute(plan.select(postgres=False))
    done = 0
    while batch := cursor.fetchmany(BATCH):
        hasher.add_all(batch)
        records = batch if not real else [
            tuple([coerce(family, value) for family, value in zip(families, row, strict=True)])
            for row in batch]
        await conn.copy_records_to_table(staging, records=records,
                                         columns=[column.name for column in plan.columns])
        before, done = done, done + len(batch)
        if progress is not None and total > PROGRESS_EVERY and (
                done // PROGRESS_EVERY > before // PROGRESS_EVERY or done == total):
            progress(plan.name, done, total)
    return hasher.result()


def _key_match(plan: TablePlan, left: str, right: str) -> str:
    return " AND ".join(f"{left}.{ident(name)} = {right}.{ident(name)}" for name in plan.key)


async def _only_in_target(conn: Any, plan: TablePlan, replace: bool) -> tuple[int, int]:
    """How many of the target's rows the source lacks; how many were removed."""
    missing = (f"NOT EXISTS (SELECT 1 FROM {ident(_staging(plan))} AS s"
               f" WHERE {_key_match(plan, 's', 't')})")
    count: int = await conn.fetchval(
        f"SELECT count(*) FROM {ident(plan.name)} AS t WHERE {missing}")
    if not replace or not count:
        return count, 0
    status: str = await conn.execute(f"DELETE FROM {ident(plan.name)} AS t WHERE {missing}")
    return count, int(status.rsplit(" ", 1)[-1])


async def _upsert(conn: Any, plan: TablePlan) -> tuple[int, int]:
    """The staged rows into the table: how many were new, how many changed."""
    names = [column.name for column in plan.columns]
    listed = ", ".join(ident(name) for name in names)
    others = [name for name in names if name not in plan.key]
    if others:
        sets = ", ".join(f"{ident(name)} = EXCLUDED.{ident(name)}" for name in others)
        old = ", ".join(f"d.{ident(name)}" for name in others)
        new = ", ".join(f"EXCLUDED.{ident(name)}" for name in others)
        # ROW(): a single column compares as a row too.
        action = f"DO UPDATE SET {sets} WHERE ROW({old}) IS DISTINCT FROM ROW({new})"
    else:
        action = "DO NOTHING"
    keys = ", ".join(ident(name) for name in plan.key)
    row = await conn.fetchrow(
        f"WITH up AS (INSERT INTO {ident(plan.name)} AS d ({listed})"
        f" SELECT {listed} FROM {ident(_staging(plan))} ON CONFLICT ({keys}) {action}"
        " RETURNING (xmax = 0) AS inserted)"
        " SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted)"
        " FROM up")
    return int(row[0]), int(row[1])


async def _move_sequences(conn: Any, plan: TablePlan) -> None:
    """Identity columns continue after the largest id now in the table."""
    columns = await conn.fetch(
        "SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass"
        " AND attidentity <> '' AND NOT attisdropped", ident(plan.name))
    for (column,) in columns:
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence($1, $2),"
            f" COALESCE(MAX({ident(column)}), 0) + 1, false) FROM {ident(plan.name)}",
            ident(plan.name), column)
