"""``rummy-bot ratings --rebuild``: rate every stored match again, in the order they
finished, from new ratings (after a migration, or a change of the rating model).

The database is the bot's (``DATABASE_URL``, else ``RAMI_DB_PATH``), SQLite or
PostgreSQL. The rebuild is one transaction: running it again, or after a crash halfway,
gives the same ratings. A progress line says how many matches are rated.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import EXIT_TOKEN
from bot.launcher import start_up
from data import Store, StoreError

DESCRIPTION = ("Rate every stored match again, in the order they finished, from new "
               "ratings, in the configured database (DATABASE_URL, else RAMI_DB_PATH); "
               "running it again gives the same ratings.")
EXIT_FAILED = 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rummy-bot ratings", description=DESCRIPTION)
    parser.add_argument("--rebuild", action="store_true", required=True,
                        help="recompute every rating from the stored matches")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the ratings of the configured database; returns the exit status."""
    build_parser().parse_args(list(argv or []))
    settings = start_up()
    if settings is None:
        return EXIT_TOKEN
    return asyncio.run(rebuild(settings.database))


def _progress(done: int, total: int) -> None:
    end = "\n" if done == total else ""
    print(f"\rratings: {done} of {total} matches rated", end=end, flush=True)


async def rebuild(where: str | Path) -> int:
    """Open the database ``where`` names and rebuild its ratings."""
    try:
        async with await Store.open(where) as store:
            rebuilt = await store.rebuild_ratings(_progress)
    except StoreError as error:
        print(f"rummy-bot ratings: {error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"{store.path}: {rebuilt.matches} matches rated, {rebuilt.ratings} ratings")
    return 0
