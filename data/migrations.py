"""Numbered SQL migrations, one folder per dialect (``data/migrations/sqlite/NNNN_name.sql``,
``data/migrations/postgresql/NNNN_name.sql``: the same numbers and names), and applying the
SQLite ones at start-up (PostgreSQL's: :mod:`data.postgres`).

In SQLite, ``PRAGMA user_version`` is the schema version; each migration runs in its own
transaction together with the version bump and its row in ``schema_migrations``, so a
crash leaves the database at the previous version, never half-migrated.
"""

from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import dataclass
from functools import cache
from importlib import resources

from data.errors import MigrationError, SchemaTooNew
from data.tx import Dialect

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@cache
def load_migrations(dialect: Dialect = "sqlite") -> tuple[Migration, ...]:
    """Every migration of the dialect shipped with the package, in order.

    Raises:
        MigrationError: a file name is malformed or the numbers are not 1, 2, 3, ...
    """
    found: list[Migration] = []
    for entry in resources.files("data").joinpath("migrations").joinpath(dialect).iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _NAME.match(entry.name)
        if match is None:
            raise MigrationError(f"migration file {entry.name!r} is not named NNNN_name.sql")
        found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationError(f"migrations must be numbered 1, 2, 3, ... without gaps: {numbers}")
    return tuple(found)


MIGRATIONS = load_migrations("sqlite")
LATEST_VERSION = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(conn: sqlite3.Connection, path: str, target: int = LATEST_VERSION) -> list[int]:
    """Bring the schema up to ``target``; return the versions applied.

    ``conn`` must be in autocommit mode (``isolation_level=None``).

    Raises:
        SchemaTooNew: the database is already beyond what this code knows.
        MigrationError: a migration failed; its transaction was rolled back.
    """
    current = schema_version(conn)
    if current > LATEST_VERSION:
        raise SchemaTooNew(path, current, LATEST_VERSION)
    applied: list[int] = []
    for migration in load_migrations("sqlite")[current:target]:
        try:
            _apply(conn, migration)
        except MigrationError:
            # Another process may have applied this very migration since we looked.
            if schema_version(conn) >= migration.version:
                continue
            raise
        applied.append(migration.version)
    return applied


def _apply(conn: sqlite3.Connection, migration: Migration) -> None:
    # executescript() commits any open transaction first, so BEGIN/COMMIT live in the script.
    script = (
        "BEGIN IMMEDIATE;\n"
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL) STRICT;\n"
        f"{migration.sql}\n;\n"
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES "
        f"({migration.version}, '{migration.name}', {time.time()!r});\n"
        f"PRAGMA user_version = {migration.version};\n"
        "COMMIT;"
    )
    try:
        conn.executescript(script)
    except sqlite3.Error as error:
        if conn.in_transaction:
            conn.rollback()
        raise MigrationError(
            f"migration {migration.version:04d}_{migration.name} failed: {error}"
        ) from error
