"""Benchmark of ``rummy-bot migrate-db``: rows per second copied from SQLite to PostgreSQL.

    .venv/bin/python bench/transfer_bench.py --to postgresql://user@host:port/db [--games N]

(or ``RAMI_BENCH_POSTGRES_URL`` instead of ``--to``; with neither, it says so and stops,
so ``make bench`` passes on a machine without PostgreSQL.)

Fills an SQLite store with N games through the store's API (4-8 KB JSON states, 20 saves
each, two rounds; four in five finished as matches), then copies it into the (empty)
PostgreSQL database ``--to`` names, and prints the rows copied, the seconds taken by the
copy and its check, and the rows per second; then the same again, a re-run with nothing
to change. Not a test: run it on purpose, on a database you can throw away.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from pathlib import Path

from data import MatchSeat, SeatScore, Store
from data.transfer import TransferReport, transfer

SAVES = 20
URL_ENV = "RAMI_BENCH_POSTGRES_URL"


def state(rng: random.Random, version: int) -> str:
    """A session-layer-like state of 4-8 KB of JSON."""
    tail = [f"seat {i % 4}: discard {rng.randint(1, 13)}" for i in range(rng.randint(170, 330))]
    return json.dumps({"version": version, "hands": [[rng.randint(0, 105) for _ in range(14)]
                                                     for _ in range(4)], "log_tail": tail})


async def fill(path: Path, games: int, seed: int) -> None:
    rng = random.Random(seed)
    async with await Store.open(path) as store:

        async def one(number: int) -> None:
            game = await store.create_game(number, 1 + number % 50, 10**17, "rami51",
                                           state(rng, 0))
            for version in range(1, SAVES + 1):
                await store.save(game.id, state(rng, version), actor=10**17 + version % 4,
                                 action=f"discard {version}")
            for round_number in (1, 2):
                await store.record_round(game.id, round_number, [
                    SeatScore(10**17 + seat, f"Player {seat}", seat * 10, seat * 20)
                    for seat in range(4)])
            if number % 5:
                seats = [MatchSeat(10**17 + seat, f"Player {seat}", 100 - seat, seat == 0,
                                   1, 0, seat * 10) for seat in range(4)]
                await store.finish_match(game.id, 1 + number % 50, "rami51", seats,
                                         end_state=state(rng, SAVES + 1))

        for start in range(0, games, 100):  # 100 at a time: the group commit batches them
            await asyncio.gather(*(one(n) for n in range(start, min(games, start + 100))))


async def timed(source: Path, url: str) -> tuple[TransferReport, float]:
    started = time.perf_counter()
    report = await transfer(source, url)
    return report, time.perf_counter() - started


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--to", default=os.environ.get(URL_ENV),
                        help=f"an empty PostgreSQL database's URL (default: ${URL_ENV})")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="the SQLite file to fill and keep (filled "
                        "only when missing: reuse it across runs)")
    args = parser.parse_args()
    if not args.to:
        print(f"transfer_bench: skipped, no PostgreSQL to copy into (--to or ${URL_ENV})")
        return
    with tempfile.TemporaryDirectory() as folder:
        source = args.keep or Path(folder) / "rami.sqlite3"
        if not source.exists():
            started = time.perf_counter()
            await fill(source, args.games, args.seed)
            print(f"filled {args.games:,} games in {time.perf_counter() - started:.1f} s")
        print(f"source: {source.stat().st_size / 2**20:.0f} MiB")
        for label in ("first copy", "re-run"):
            report, seconds = await timed(source, args.to)
            rows = sum(table.source.rows for table in report.tables)
            changed = sum(table.inserted + table.updated for table in report.tables)
            print(f"{label}: {rows:,} rows ({changed:,} written) in {seconds:.1f} s, "
                  f"{rows / seconds:,.0f} rows/s, {'ok' if report.equal else 'DIFFERS'}")
            for table in report.tables if label == "first copy" else ():
                print(f"  {table.name:<18} {table.source.rows:>9,}")


if __name__ == "__main__":
    asyncio.run(main())
