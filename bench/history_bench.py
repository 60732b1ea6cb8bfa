"""Benchmark of the history and the replays.

    .venv/bin/python bench/history_bench.py [--matches N] [--no-postgres]

Prints: a replay step (the match at a step from its checkpoint, and with its table picture;
goal < 20 ms), building a replay from its log, an animated round (its size and time, at
Discord's 10 MiB and at 1 MiB), and one page of /rummy history at ``--matches`` stored
matches (100,000 by default, 4 seats each among 40 players) on SQLite and PostgreSQL
(a server started here, see data/pg_server.py): its first page and its 51st (the last
every player has, with fewer matches), the load settled as a real host's
database settles it (``VACUUM ANALYZE`` on PostgreSQL, as autovacuum), and the member's
latest matches that ``/rummy replay`` suggests; then the plans of a page's queries and
the indexes they use (the page: ``match_seats_history``). Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import tempfile
import time
from pathlib import Path

import data.history as history
from bot.session.document import TableDoc
from bot.session.model import Seat, Status
from bot.session.replay import Replay
from data import LogEntry, Store
from data.history_store import HISTORY_PAGE
from engine import format_action, variant
from engine.ai import choose_action
from engine.ai.levels import Level
from engine.game import Game
from engine.views import Phase
from render import render_table
from render.animation import render_round_animation

GUILD, PLAYERS = 7, 40
DEEP_PAGE = 50  # the deep page timed (the 51st), as a player paging far back


def played_match(seed: int) -> tuple[str, list[LogEntry]]:
    """A three-seat Rami 51 match of two rounds played by computers: its saved document
    and its log, as the session layer writes them."""
    rules = variant("rami51").with_overrides(target=1)
    names = ["ann", "bob", "cy"]
    game = Game.new(rules, names, seed)
    rng, log = random.Random(seed), list[LogEntry]()
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.current
        action = choose_action(game.view(seat), game.rules, Level.MEDIUM, rng)
        game.apply(seat, action)
        log.append(LogEntry(1, len(log) + 1, None, f"seat {seat}: {format_action(action)}",
                            0.0))
    doc = TableDoc(Status.MATCH_OVER, "rami51", rules, 1,
                   tuple(Seat(name, None, Level.MEDIUM) for name in names), seed)
    return doc.to_json(game), log


def ms(samples: list[float]) -> str:
    return (f"median {statistics.median(samples) * 1000:.2f} ms, "
            f"p95 {sorted(samples)[int(len(samples) * 0.95)] * 1000:.2f} ms")


def bench_replay() -> None:
    state, log = played_match(5)
    started = time.perf_counter()
    replay = Replay.of(state, log)
    built = time.perf_counter() - started
    print(f"replay: {len(replay)} steps, built from its log in {built * 1000:.1f} ms")
    rng = random.Random(1)
    steps = [rng.randrange(len(replay)) for _ in range(200)]
    frame_times, step_times = [], []
    for number in steps:
        started = time.perf_counter()
        frame = replay.frame(number)
        frame_times.append(time.perf_counter() - started)
        render_table(frame.view)
        step_times.append(time.perf_counter() - started)
    print(f"replay step, the match at a step: {ms(frame_times)}")
    print(f"replay step with its table picture: {ms(step_times)} (goal < 20 ms)")
    views = [replay.frame(n).view for n in replay.round_steps(1)]
    for limit in (10 * 1024 * 1024, 1024 * 1024):
        started = time.perf_counter()
        drawn = render_round_animation(views, max_bytes=limit)
        took = time.perf_counter() - started
        print(f"animated round of {len(views)} steps within {limit // 1024} KiB: "
              f"{len(drawn.png) / 1024:.0f} KiB, {drawn.width}x{drawn.height}, {took:.2f} s")


async def seed(store: Store, matches: int) -> None:
    """``matches`` finished matches of 4 seats among :data:`PLAYERS` players, bulk."""
    rng = random.Random(7)
    rows, seats = [], []
    for match_id in range(1, matches + 1):
        finished = 1_700_000_000.0 + match_id * 60
        chosen = "rami51" if match_id % 3 else "tiles"
        rows.append((match_id, None, GUILD, chosen, finished))
        for seat, user in enumerate(rng.sample(range(1, PLAYERS + 1), 4)):
            seats.append((match_id, seat, user, f"player {user}", seat * 10, int(seat == 0),
                          1, 0, seat * 10, GUILD, chosen, finished))

    async def insert(tx: object) -> None:
        await tx.executemany(  # type: ignore[attr-defined]
            "INSERT INTO matches (id, game_id, guild_id, variant, finished_at)"
            " VALUES (?, ?, ?, ?, ?)", rows)
        await tx.executemany(  # type: ignore[attr-defined]
            "INSERT INTO match_seats (match_id, seat, user_id, name, total, won, rounds_won,"
            " rami_secs, points, guild_id, variant, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", seats)

    await store._write(insert)  # the bench seeds behind the API, in one transaction
    await settle(store)


async def settle(store: Store) -> None:
    """What a real host's database does by itself after a bulk load: on PostgreSQL
    autovacuum's ``VACUUM ANALYZE`` (the statistics, and the visibility map without which
    an index-only scan still visits every row's page); on SQLite ``ANALYZE``."""
    async def analyze(tx: object) -> None:
        await tx.execute("ANALYZE")  # type: ignore[attr-defined]

    async def vacuum(tx: object) -> None:
        await tx.execute("VACUUM ANALYZE")  # type: ignore[attr-defined]

    if store.dialect == "postgresql":
        await store._read(vacuum)  # a read runs outside a transaction, as VACUUM must
    else:
        await store._write(analyze)


# The queries of a history page (data/history.py), for their plans.
PAGE_SQL = (f"SELECT match_id FROM match_seats{history._WHERE}"
            " ORDER BY finished_at DESC, match_id DESC LIMIT ?4 OFFSET ?5")
COUNT_SQL = f"SELECT COUNT(*) FROM match_seats{history._WHERE}"


async def explain(store: Store, label: str) -> None:
    """Print the plans of a page's two queries and the indexes they use: the page must
    use ``match_seats_history`` (user, guild, finish time: newest first, stopping after
    the page); the count may use any index of the player's seats."""
    prefix = "EXPLAIN QUERY PLAN " if store.dialect == "sqlite" else "EXPLAIN "

    async def plan(tx: object, sql: str, args: tuple[object, ...]) -> list[str]:
        rows = await tx.fetchall(prefix + sql, args)  # type: ignore[attr-defined]
        return [str(row[-1]) for row in rows]

    for name, sql, args in (("page", PAGE_SQL, (1, GUILD, None, 5, 250)),
                            ("count", COUNT_SQL, (1, GUILD, None))):
        lines = await store._read(plan, sql, args)
        used = sorted({found for line in lines
                       for found in re.findall(r"(?:INDEX|using) (\w+)", line)})
        print(f"{label}: {name} query's index: {', '.join(used) or 'none (a full scan)'}")
        for line in lines:
            print(f"    {line}")
        if name == "page" and "match_seats_history" not in used:
            print(f"{label}: WARNING: the page query does not use match_seats_history")


async def timed_page(store: Store, label: str, variant_name: str | None,
                     page: int) -> int:
    """Time page ``page`` of every player's history and print it; return the fewest
    matches a player has."""
    times, totals = [], []
    for user in range(1, 41):
        started = time.perf_counter()
        found = await store.player_history(GUILD, user, variant=variant_name, page=page)
        times.append(time.perf_counter() - started)
        totals.append(found.total)
    assert found.matches
    print(f"{label}: history page {page + 1} ({variant_name or 'all variants'},"
          f" ~{found.total} matches a player): {ms(times)}")
    return min(totals)


async def bench_history(where: str | Path, label: str, matches: int) -> None:
    async with await Store.open(where) as store:
        started = time.perf_counter()
        await seed(store, matches)
        print(f"{label}: {matches} matches seeded in {time.perf_counter() - started:.1f} s")
        fewest = await timed_page(store, label, None, 0)
        # The deep page, or the last every player has when few matches are stored.
        deep = min(DEEP_PAGE, (fewest - 1) // HISTORY_PAGE)
        if deep:
            await timed_page(store, label, None, deep)
        else:
            print(f"{label}: too few matches for a history page past the first")
        await timed_page(store, label, "tiles", 0)
        times = []
        for user in range(1, 41):
            started = time.perf_counter()
            latest = await store.latest_matches(GUILD, user)
            times.append(time.perf_counter() - started)
        assert latest
        print(f"{label}: /rummy replay's suggestions ({len(latest)} latest matches with their"
              f" seats): {ms(times)}")
        await explain(store, label)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    bench_replay()
    with tempfile.TemporaryDirectory() as folder:
        await bench_history(Path(folder) / "bench.sqlite3", "SQLite", args.matches)
    if not args.no_postgres:
        from data.pg_server import PostgresServer

        server = PostgresServer.start()
        try:
            url = await server.create_database()
            await bench_history(url, "PostgreSQL", args.matches)
        finally:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
