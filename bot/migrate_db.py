"""``rummy-bot migrate-db --from sqlite:PATH --to postgresql://...``: move a server's SQLite
database up to PostgreSQL, then check the copy table by table (:mod:`data.transfer`).

Exit status: 0 every table equal on both sides; 1 some table differs; 2 the arguments, the
source or the target do not fit (a message says what is wrong and what would be right).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from data import StoreError
from data.database import is_postgres_url
from data.transfer import TransferReport, transfer

EXIT_DIFFERS = 1
EXIT_USAGE = 2
SQLITE_PREFIX = "sqlite:"

DESCRIPTION = """\
Copy every table of an SQLite Rami database (games and their logs, scores, matches,
statistics, settings, preferences, the daily championship) into a PostgreSQL database,
migrating it to this Rami's schema version first, then check each table's row count and
checksum on both sides. Stop the bot first for a consistent copy. Running it again
updates the target to the source (rows only in the target are reported, and removed
only with --replace).
"""

EPILOG = """\
exit status: 0 every table equal, 1 some table differs, 2 bad arguments or databases.
example:
  rummy-bot migrate-db --from sqlite:data/rami.sqlite3 \\
      --to postgresql://rami:secret@db.example:5432/rami
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"rummy-bot migrate-db: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rummy-bot migrate-db", description=DESCRIPTION, epilog=EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", required=True, metavar="sqlite:PATH",
                        help="the SQLite database to copy (opened read-only)")
    parser.add_argument("--to", dest="target", required=True, metavar="postgresql://...",
                        help="the PostgreSQL database to copy into")
    parser.add_argument("--replace", action="store_true",
                        help="remove the target's rows that the source does not have")
    parser.add_argument("--dry-run", action="store_true",
                        help="print how many rows each table would copy; write nothing")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, copy, print the check; returns the exit status."""
    return asyncio.run(run(argv))


async def run(argv: Sequence[str] | None = None) -> int:
    """:func:`main` inside a running event loop."""
    args = build_parser().parse_args(list(argv or []))
    if not args.source.startswith(SQLITE_PREFIX) or args.source == SQLITE_PREFIX:
        return _usage(f"--from must be sqlite:PATH (e.g. sqlite:data/rami.sqlite3), "
                      f"not {_quoted(args.source)}")
    if not is_postgres_url(args.target):
        scheme = args.target.partition(":")[0] if ":" in args.target else args.target
        return _usage("--to must be a postgresql://user:password@host:port/name URL, "
                      f"not one starting {_quoted(scheme[:20])}")
    try:
        report = await transfer(args.source[len(SQLITE_PREFIX):], args.target,
                                replace=args.replace, dry_run=args.dry_run,
                                progress=_progress)
    except StoreError as error:  # TransferRefused, SchemaTooNew, MigrationError: all named
        return _usage(str(error))
    print(format_report(report))
    return 0 if report.dry_run or report.equal else EXIT_DIFFERS


def _usage(message: str) -> int:
    print(f"rummy-bot migrate-db: {message}", file=sys.stderr)
    return EXIT_USAGE


def _quoted(text: str, limit: int = 60) -> str:
    """A user's argument quoted, cut short (a URL's password is not shown whole)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _progress(table: str, done: int, total: int) -> None:
    print(f"  {table}: {done:,} of {total:,} rows", file=sys.stderr, flush=True)


def format_report(report: TransferReport) -> str:
    """The table of counts, changes and checks the command prints."""
    if report.dry_run:
        lines = [f"{'table':<20} {'rows to copy':>12}"]
        lines += [f"{t.name:<20} {t.source.rows:>12,}" for t in report.tables]
        if report.migrated:
            lines.append(f"the target would first be migrated to version {report.migrated[-1]}")
        return "\n".join(lines)
    head = (f"{'table':<20} {'source':>9} {'target':>9} {'new':>7} {'changed':>7} "
            f"{'only in target':>14}  check")
    lines = [head]
    for t in report.tables:
        extra = f"{t.only_in_target:,}" + (f" (removed {t.removed:,})" if t.removed else "")
        target = t.target.rows if t.target is not None else 0
        lines.append(f"{t.name:<20} {t.source.rows:>9,} {target:>9,} {t.inserted:>7,} "
                     f"{t.updated:>7,} {extra:>14}  {'ok' if t.equal else 'DIFFERS'}")
    if report.migrated:
        lines.insert(0, "target migrated to schema version "
                        f"{report.migrated[-1]} (applied {', '.join(map(str, report.migrated))})")
    if not report.equal:
        lines.append("some tables differ: rows only in the target stay unless --replace "
                     "is given; run again to retry")
    return "\n".join(lines)
