"""Benchmark of the store: saves per second, save latency, database size.

    .venv/bin/python bench/store_bench.py [--saves N] [--matches N] [--full]
                                          [--database postgresql://...]

``--database`` measures the saves on that PostgreSQL database (an empty one: games are
created in it) instead of a temporary SQLite file; the size is SQLite's only.

Prints, for 1, 10 and 100 games saving concurrently, the actions saved per second (each
save = the game's new state + one log entry, committed in one transaction before the call
returns) and the median and p99 latency of one save; then the database size per 1,000
finished matches. States are realistic: 4-8 KB of JSON. Goal: median < 2 ms and more than
1,000 saves/s with 100 concurrent games. Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Literal

from data import MatchSeat, SeatScore, Store

CARDS = [rank + suit for suit in "cdhs" for rank in "A23456789TJQK"] * 2 + ["X", "X"] * 2


def game_state(rng: random.Random, version: int) -> str:
    """A session-layer-like state: lobby, seats, hands, melds, piles; 4-8 KB of JSON."""
    cards = CARDS[:]
    rng.shuffle(cards)
    seats = rng.randint(2, 4)
    state = {
        "lobby": {"variant": "rami51", "seats": [{"user": 10**17 + s, "name": f"Player {s}",
                  "computer": s == seats - 1, "level": 2} for s in range(seats)]},
        "game": {
            "version": version,
            "round": 1 + version // 60,
            "current": version % seats,
            "hands": [cards[s * 14 : (s + 1) * 14] for s in range(seats)],
            "stock": cards[56:90],
            "discard": cards[90:],
            "melds": [cards[i : i + 3] for i in range(0, 3 * (version % 9), 3)],
            "opened": [bool((version >> s) & 1) for s in range(seats)],
            "scores": [[rng.randint(0, 120) for _ in range(seats)] for _ in range(version % 6)],
        },
        "turn": {"deadline": 1_764_000_000 + version * 30, "drawn": bool(version & 1)},
        "log_tail": [f"seat {i % seats}: discard {cards[i % 100]}"
                     for i in range(rng.randint(170, 330))],
    }  # fmt: skip
    return json.dumps(state, separators=(",", ":"))


async def throughput(path: Path | str, games: int, saves: int, seed: int,
                     offered: float | None = None,
                     first_channel: int = 0) -> tuple[float, list[float]]:
    """Saves/s achieved and per-save latencies (seconds) with ``games`` games saving
    concurrently: back to back, or (``offered``) together offering that many saves a second,
    each game waiting a random, exponential pause between its saves, as players do."""
    rng = random.Random(seed)
    states = [game_state(rng, v) for v in range(64)]  # generated up front, not timed
    latencies: list[float] = []
    async with await Store.open(path, synchronous=SYNCHRONOUS) as store:
        created = [
            await store.create_game(first_channel + n, 1, 1, "rami51", states[0])
            for n in range(games)
        ]
        per_game = max(1, saves // games)

        async def play(game_id: int, pauses: random.Random) -> None:
            for i in range(per_game):
                if offered is not None:  # games / offered: mean seconds between two saves
                    await asyncio.sleep(pauses.expovariate(offered / games))
                start = time.perf_counter()
                await store.save(
                    game_id, states[i % 64], actor=10**17, action=f"discard 7h #{i}"
                )
                latencies.append(time.perf_counter() - start)

        start = time.perf_counter()
        await asyncio.gather(
            *(play(game.id, random.Random(seed * 1000 + n)) for n, game in enumerate(created))
        )
        elapsed = time.perf_counter() - start
    return len(latencies) / elapsed, latencies


async def size_per_matches(path: Path, matches: int, actions: int, seed: int) -> int:
    """Bytes of database for ``matches`` finished matches of ``actions`` saves each."""
    rng = random.Random(seed)
    states = [game_state(rng, v) for v in range(64)]
    async with await Store.open(path) as store:

        async def one(n: int) -> None:
            game = await store.create_game(n, 1, 100 + n % 7, "rami51", states[0])
            for i in range(actions):
                await store.save(game.id, states[i % 64], actor=100 + i % 4, action=f"a{i}")
            for r in range(1, 6):
                await store.record_round(
                    game.id, r, [SeatScore(100 + s, f"P{s}", 10 * s, 10 * s * r) for s in range(4)]
                )
            seats = [MatchSeat(100 + s, f"P{s}", 40 * s, s == 0, 2, 1, 50) for s in range(4)]
            await store.finish_match(game.id, 1, "rami51", seats, end_state=states[n % 64])

        for batch in range(0, matches, 50):
            await asyncio.gather(*(one(n) for n in range(batch, min(matches, batch + 50))))
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


SYNCHRONOUS: Literal["NORMAL", "FULL"] = "NORMAL"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=5000, help="saves per measurement")
    parser.add_argument("--matches", type=int, default=1000, help="finished matches to size")
    parser.add_argument("--actions", type=int, default=150, help="saves per finished match")
    parser.add_argument(
        "--full", action="store_true", help="synchronous=FULL (an fsync per commit)"
    )
    parser.add_argument("--database", help="a postgresql:// URL to measure instead of SQLite")
    args = parser.parse_args()
    global SYNCHRONOUS
    SYNCHRONOUS = "FULL" if args.full else "NORMAL"

    sizes = [len(game_state(random.Random(n), n)) / 1024 for n in range(64)]
    database = ("PostgreSQL (asyncpg)" if args.database else
                f"SQLite {sqlite3.sqlite_version}, WAL + synchronous={SYNCHRONOUS}")
    print(f"{database}, Python {sys.version.split()[0]};"
          f" states {min(sizes):.1f}-{max(sizes):.1f} KB")
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'games':>6} {'saves/s':>9} {'median ms':>10} {'p99 ms':>8}"
              "   (back to back, then paced)")
        for line, (games, offered) in enumerate(((1, None), (10, None), (100, None),
                                                 (100, 1000.0), (100, 2000.0))):
            name = f"t{games}" if offered is None else f"p{games}-{offered:.0f}"
            where = args.database or Path(tmp) / f"{name}.sqlite3"
            rate, lat = await throughput(where, games, args.saves, games, offered,
                                         first_channel=1000 * line)
            paced = "" if offered is None else f"   paced: {offered:.0f} saves/s offered"
            print(f"{games:>6} {rate:>9.0f} {statistics.median(lat) * 1000:>10.3f}"
                  f" {percentile(lat, 0.99) * 1000:>8.3f}{paced}")
        if args.database:
            return
        size = await size_per_matches(Path(tmp) / "size.sqlite3", args.matches, args.actions, 7)
        per_1000 = size / args.matches * 1000
        print(
            f"database size: {per_1000 / 2**20:.1f} MiB per 1,000 finished matches"
            f" ({args.actions} logged actions, 5 rounds, 4 seats each; final state kept)"
        )


if __name__ == "__main__":
    asyncio.run(main())
