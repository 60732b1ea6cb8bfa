"""``rummy-bot backup PATH`` and ``rummy-bot restore PATH``: the SQLite store copied while
the bot runs, and put back while it is stopped (:mod:`data.backup`), each copy checked
table by table (row counts and checksums, as ``rummy-bot migrate-db`` checks its copy).

The database is the bot's (``RAMI_DB_PATH``), or ``--db FILE``. A store on PostgreSQL
(``DATABASE_URL``) is backed up with ``pg_dump`` instead (docs/OPERATIONS.md).

Exit status: 0 copied and checked; 1 the copy differs (nothing was put in place);
2 refused before anything changed (no such database, a bot running during a restore,
a backup newer than this Rami, PostgreSQL).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.launcher import start_up
from data.backup import BackupDiffers, BackupRefused, BackupReport, backup, restore

EXIT_DIFFERS = 1
EXIT_REFUSED = 2
PG_DUMP = ("the store is on PostgreSQL (DATABASE_URL): back it up with pg_dump "
           "(pg_dump --format=custom --file=rami.dump \"$DATABASE_URL\") and put it back "
           "with pg_restore (see docs/OPERATIONS.md)")

WHAT = {
    "backup": ("copy the bot's SQLite database to PATH, consistently even while the bot "
               "runs, then check the copy table by table"),
    "restore": ("put the backup PATH in the place of the bot's SQLite database (the bot "
                "stopped; the database replaced is kept beside it), then check it"),
}


def main(command: str, argv: Sequence[str] | None = None) -> int:
    """``rummy-bot backup|restore PATH [--db FILE]``; returns the exit status."""
    parser = argparse.ArgumentParser(prog=f"rummy-bot {command}", description=WHAT[command],
                                     epilog=__doc__.split("\n\n")[-1])
    parser.add_argument("path", metavar="PATH",
                        help="the backup file" + (" to write" if command == "backup" else ""))
    parser.add_argument("--db", metavar="FILE", type=Path,
                        help="the database (default: RAMI_DB_PATH, data/rami.sqlite3)")
    options = parser.parse_args(list(argv or []))
    database: Path | None = options.db
    if database is None:
        settings = start_up()
        if settings is None:
            return EXIT_REFUSED
        if settings.database_url is not None:
            print(f"rummy-bot {command}: {PG_DUMP}", file=sys.stderr)
            return EXIT_REFUSED
        database = settings.db_path
    try:
        if command == "backup":
            report = backup(database, options.path)
        else:
            report = restore(options.path, database)
    except BackupRefused as error:
        print(f"rummy-bot {command}: {error}", file=sys.stderr)
        return EXIT_REFUSED
    except BackupDiffers as error:
        print(f"rummy-bot {command}: {error}", file=sys.stderr)
        return EXIT_DIFFERS
    print(describe(command, report))
    return 0


def describe(command: str, report: BackupReport) -> str:
    """The report: every table's rows and checksum, then one line of what was done."""
    width = max(len(table.name) for table in report.tables) if report.tables else 5
    lines = [f"{'table':<{width}}  {'rows':>9}  sha256 (first 16)  check"]
    lines += [f"{table.name:<{width}}  {table.copy.rows:>9}  {table.copy.sha256[:16]}  "
              f"{'ok' if table.equal else 'DIFFERS'}" for table in report.tables]
    if command == "backup":
        lines.append(f"backed up {report.source} to {report.target}: schema version "
                     f"{report.version}, {len(report.tables)} tables, {report.rows} rows, "
                     "each checked")
    else:
        kept = f"; the database it replaced is kept as {report.kept}" if report.kept else ""
        lines.append(f"restored {report.source} to {report.target}: schema version "
                     f"{report.version}, {report.rows} rows, each checked{kept}")
    return "\n".join(lines)
