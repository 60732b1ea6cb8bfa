"""``rummy-bot migrate``: bring the configured database's schema up to date, then exit.

The database is the bot's (``DATABASE_URL``, else ``RAMI_DB_PATH``). ``rummy-bot run``
migrates at start too; this lets a host migrate once before starting many processes
(several processes migrating together still migrate once: see docs/STORE.md).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import EXIT_TOKEN
from bot.launcher import start_up
from data import LATEST_VERSION, Store, StoreError

DESCRIPTION = ("Apply the database migrations this Rami ships to the configured database "
               "(DATABASE_URL, else RAMI_DB_PATH), then exit.")
EXIT_FAILED = 1


def main(argv: Sequence[str] | None = None) -> int:
    """Migrate the configured database; returns the exit status (0: up to date)."""
    argparse.ArgumentParser(prog="rummy-bot migrate", description=DESCRIPTION).parse_args(
        list(argv or []))
    settings = start_up()
    if settings is None:
        return EXIT_TOKEN
    return asyncio.run(migrate(settings.database))


async def migrate(where: str | Path) -> int:
    """Open (so migrate) the database ``where`` names, say its schema version, close it."""
    try:
        async with await Store.open(where) as store:
            version = await store.schema_version()
    except StoreError as error:  # SchemaTooNew, MigrationError, unreachable: all named
        print(f"rummy-bot migrate: {error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"{store.path}: schema version {version} of {LATEST_VERSION}, up to date")
    return 0
