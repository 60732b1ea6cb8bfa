"""Backups of the SQLite store: a consistent copy of a live database, and putting one back.

:func:`backup` copies the database while the bot runs, with SQLite's online backup API
(``sqlite3.Connection.backup``) from a read-only connection inside one read transaction:
in WAL mode that transaction is a snapshot (the bot's writes go on beside it, none of
them half in the copy), and the copy's row counts and checksums (those of
``rummy-bot migrate-db``, :mod:`data.checksum`) are compared with the source's in that
very snapshot. The copy is written beside the target and renamed into place only once
checked, in rollback-journal mode (one self-contained file; the bot puts it back in WAL
mode when it opens it).

:func:`restore` puts a backup back, refused while a bot runs on the database: every bot
process holds a shared lock on ``<database>.lock`` (:func:`hold_store_lock`, taken when
it opens its SQLite store) and the restore needs it exclusive. The database it replaces
is kept beside it (``<database>.before-restore-<time>``, with its ``-wal`` when there is
one), the backup is copied in, then checked against the backup table by table.

PostgreSQL has its own tools (``pg_dump``, ``pg_restore``): docs/OPERATIONS.md.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from data.checksum import Column, Family, TableSum, ident, sqlite_table_sum
from data.errors import StoreError
from data.migrations import LATEST_VERSION
from data.migrations import schema_version as sqlite_version

try:
    import fcntl
except ImportError:  # Windows: no advisory locks here; a restore cannot tell (documented)
    fcntl = None  # type: ignore[assignment]

STEP_PAGES = -1  # the whole copy in one step: one snapshot, however long it takes


class BackupRefused(StoreError):
    """A backup or restore cannot be made; nothing was changed."""


class BackupDiffers(StoreError):
    """The copy does not hold what its source holds (it was not put in place)."""


@dataclass(frozen=True, slots=True)
class TableCheck:
    name: str
    source: TableSum
    copy: TableSum

    @property
    def equal(self) -> bool:
        return self.source == self.copy


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What was copied where, and each table checked."""

    source: Path
    target: Path
    version: int  # the schema version copied
    tables: tuple[TableCheck, ...]
    kept: Path | None = None  # a restore: where the database it replaced was kept

    @property
    def equal(self) -> bool:
        return all(table.equal for table in self.tables)

    @property
    def rows(self) -> int:
        return sum(table.copy.rows for table in self.tables)


# ---------------------------------------------------------------- the lock
def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


@contextlib.contextmanager
def hold_store_lock(database: Path) -> Iterator[None]:
    """Hold a shared lock on ``database``'s lock file for as long as the block runs (a
    bot serving the database: :func:`restore` is refused meanwhile)."""
    with _lock_file(database) as handle:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_SH)
        yield


@contextlib.contextmanager
def _exclusive(database: Path) -> Iterator[None]:
    with _lock_file(database) as handle:
        if fcntl is not None:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise BackupRefused(
                    f"a bot is running on {str(database)!r}: stop it, then restore "
                    "(rummy-bot backup copies a running bot's database; restore cannot)"
                ) from None
        yield


@contextlib.contextmanager
def _lock_file(database: Path) -> Iterator[IO[bytes]]:
    path = lock_path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("ab") as handle:
        yield handle


# ---------------------------------------------------------------- the copies
def backup(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> BackupReport:
    """Copy the SQLite store ``source`` into the file ``target``, consistently even while
    a bot writes to it, and check the copy.

    Raises:
        BackupRefused: no database at ``source``, or ``target`` is the database itself or
            its folder does not exist.
        BackupDiffers: the copy does not hold what the source held (not put in place).
    """
    source_path, target_path = Path(source), Path(target)
    if target_path.exists() and target_path.resolve() == source_path.resolve():
        raise BackupRefused("the backup must go to another file than the database")
    if not target_path.parent.is_dir():
        raise BackupRefused(f"no folder {str(target_path.parent)!r} to put the backup in")
    src = _open_read_only(source_path)
    try:
        return _copy(src, source_path, target_path)
    finally:
        src.close()


def restore(backup_file: str | os.PathLike[str],
            database: str | os.PathLike[str]) -> BackupReport:
    """Put the backup ``backup_file`` in the place of the SQLite store ``database`` (no bot
    may be running on it), keeping the database it replaces beside it, and check it.

    Raises:
        BackupRefused: a bot is running on the database, or ``backup_file`` is no Rami
            database (or one newer than this Rami).
        BackupDiffers: the restored database does not hold what the backup holds.
    """
    backup_path, database_path = Path(backup_file), Path(database)
    if database_path.exists() and backup_path.resolve() == database_path.resolve():
        raise BackupRefused("the backup to restore is the database itself")
    src = _open_read_only(backup_path)
    try:
        version = sqlite_version(src)
        if version > LATEST_VERSION:
            raise BackupRefused(
                f"{str(backup_path)!r} is at schema version {version}, newer than this Rami "
                f"({LATEST_VERSION}): restore it with the Rami that wrote it")
        with _exclusive(database_path):
            kept = _set_aside(database_path)
            report = _copy(src, backup_path, database_path)
    finally:
        src.close()
    return BackupReport(report.source, report.target, report.version, report.tables, kept)


def _open_read_only(path: Path) -> sqlite3.Connection:
    """``path`` opened read-only, inside a read transaction (its snapshot)."""
    if not path.is_file():
        raise BackupRefused(f"no SQLite database at {str(path)!r}")
    conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True,
                           isolation_level=None)
    try:
        conn.execute("BEGIN")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # the snapshot starts
    except sqlite3.DatabaseError as error:
        conn.close()
        raise BackupRefused(f"{str(path)!r} is not an SQLite database: {error}") from None
    return conn


def _copy(src: sqlite3.Connection, source: Path, target: Path) -> BackupReport:
    """Copy ``src``'s snapshot to ``target`` (written beside it, renamed once checked)."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        dst = sqlite3.connect(partial, isolation_level=None)
        try:
            src.backup(dst, pages=STEP_PAGES)
            dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            quick = dst.execute("PRAGMA quick_check").fetchone()[0]
            if quick != "ok":
                raise BackupDiffers(f"the copy of {str(source)!r} fails SQLite's check: {quick}")
            tables = tuple(TableCheck(name, sums, _table_sum(dst, name))
                           for name, sums in _sums(src).items())
            version = sqlite_version(dst)
        finally:
            dst.close()
        if not all(table.equal for table in tables):
            differ = ", ".join(table.name for table in tables if not table.equal)
            raise BackupDiffers(f"the copy of {str(source)!r} differs from it in {differ}")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return BackupReport(source, target, version, tables)


def _sums(conn: sqlite3.Connection) -> dict[str, TableSum]:
    """Every table's rows and checksum (SQLite's own tables aside), by name."""
    names = [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        " ORDER BY name")]
    return {name: _table_sum(conn, name) for name in names}


def _table_sum(conn: sqlite3.Connection, name: str) -> TableSum:
    """One table's rows and checksum, in primary-key order (every column's, without one)."""
    info = conn.execute(f"PRAGMA table_info({ident(name)})").fetchall()
    columns = tuple(Column(row[1], Family.of(row[2])) for row in info)
    families = {column.name: column.family for column in columns}
    key = tuple(row[1] for row in sorted((row for row in info if row[5]), key=lambda r: r[5]))
    if not key:
        key = tuple(column.name for column in columns)
    return sqlite_table_sum(conn, name, columns, key, tuple(families[k] for k in key))


def _set_aside(database: Path) -> Path | None:
    """Move the database (with its ``-wal`` and ``-shm``) out of the way; where it went."""
    if not database.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = database.with_name(f"{database.name}.before-restore-{stamp}")
    for suffix in ("-wal", "-shm", ""):
        part = database.with_name(database.name + suffix)
        if part.exists():
            os.replace(part, kept.with_name(kept.name + suffix))
    return kept
