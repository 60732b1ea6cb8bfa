"""Benchmark of the skill ratings: one match's rating update, and the rebuild.

    .venv/bin/python bench/rating_bench.py [--updates N] [--matches N] [--postgresql]

Prints the time of the model's update for one match of 2, 4 and 6 seats (data/rating.py,
OpenSkill's Plackett-Luce, with the places and the shared computer levels; goal < 1 ms
for 6 players), the extra time a match's booking spends on its ratings in the store
(Store.finish_match with and without them, on SQLite, or with ``--postgresql`` on a
PostgreSQL server of its own, data/pg_server.py, a fresh database each), and the
speed of ``rummy-bot ratings --rebuild`` (Store.rebuild_ratings) over N stored matches.
Seeded: the same matches each run. Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import data.ratings
from data import MatchSeat, Store
from data.pg_server import PostgresServer
from data.rating import SeatResult, Skill, rate_match

LEVELS = ("easy", "medium", "hard")


def seats(rng: random.Random, players: int, people: int = 40) -> list[SeatResult]:
    users = rng.sample(range(1, people + 1), players)
    totals = [rng.randint(0, 300) for _ in range(players)]
    best = min(totals)
    return [SeatResult(user if index < players - 1 else None, f"p{user}", total,
                       total == best, rng.choice(LEVELS) if index == players - 1 else None)
            for index, (user, total) in enumerate(zip(users, totals, strict=True))]


def bench_model(updates: int) -> None:
    rng = random.Random(7)
    for players in (2, 4, 6):
        matches = [seats(rng, players) for _ in range(updates)]
        current = {f"user:{u}": Skill(rng.uniform(15, 35), rng.uniform(2, 8))
                   for u in range(1, 41)}
        times = []
        for match in matches:
            start = time.perf_counter()
            rate_match(match, current)
            times.append(time.perf_counter() - start)
        times.sort()
        print(f"model update, {players} seats: median {statistics.median(times) * 1e6:.0f} µs,"
              f" p99 {times[int(len(times) * 0.99)] * 1e6:.0f} µs  (goal < 1000 µs)")


def match_seats(rng: random.Random, players: int) -> list[MatchSeat]:
    return [MatchSeat(s.user_id, s.name, s.total, s.won, int(s.won), 0, s.total, s.level)
            for s in seats(rng, players)]


async def store_matches(store: Store, count: int, seed: int) -> float:
    """Finish ``count`` matches of 2-6 seats; the seconds per match."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(count):
        await store.finish_match(None, 1, "rami51", match_seats(rng, rng.randint(2, 6)))
    return (time.perf_counter() - start) / count


async def bench_store(server: PostgresServer | None, bookings: int, matches: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async def fresh(name: str) -> str:
            if server is not None:
                return await server.create_database()
            return str(Path(folder) / f"{name}.sqlite3")

        print(f"store: {'PostgreSQL' if server else 'SQLite'}")
        for label, rated in (("with ratings", True), ("without ratings", False)):
            target = await fresh(label.split()[0])
            original = data.ratings.rate_booked_match
            if not rated:
                async def nothing(*args: object) -> None:
                    return None
                data.ratings.rate_booked_match = nothing  # type: ignore[assignment]
            try:
                async with await Store.open(target) as store:
                    per = await store_matches(store, bookings, 3)
            finally:
                data.ratings.rate_booked_match = original
            print(f"booking a match {label}: {per * 1e3:.2f} ms")
        target = await fresh("rebuild")
        async with await Store.open(target) as store:
            await store_matches(store, matches, 5)
            start = time.perf_counter()
            rebuilt = await store.rebuild_ratings()
            took = time.perf_counter() - start
        print(f"rebuild: {rebuilt.matches} matches, {rebuilt.ratings} ratings in {took:.2f} s"
              f" ({rebuilt.matches / took:,.0f} matches/s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=5000)
    parser.add_argument("--matches", type=int, default=20000)
    parser.add_argument("--bookings", type=int, default=500)
    parser.add_argument("--postgresql", action="store_true",
                        help="measure the store on a PostgreSQL server of its own")
    args = parser.parse_args(argv)
    bench_model(args.updates)
    server = PostgresServer.start() if args.postgresql else None
    try:
        asyncio.run(bench_store(server, args.bookings, args.matches))
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
