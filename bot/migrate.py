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

from bot.config import EXIT_TOKEN, ConfigError, load_settings
from bot.logs import setup_logging
from data import LATEST_VERSION, Store, StoreError

DESCRIPTION = ("Apply the database migrations this Rami ships to the configured database "
               "(DATABASE_URL, else RAMI_DB_PATH), then exit.")
EXIT_FAILED = 1


def main(argv: Sequence[str] | None = None) -> int:
    """Migrate the configured database; returns the exit status (0: up to date)."""
    argparse.ArgumentParser(prog="rummy-bot migrate", description=DESCRIPTION).parse_args(
        list(argv or []))
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"rummy-bot: {error}", file=sys.stderr)
        return EXIT_TOKEN
    setup_logging(settings.log_level, settings.log_format, [settings.token or ""])
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
