"""Shared helpers of the session layer's tests: players, a table factory, an event
recorder, a clock the test moves, and a table snapshot as a front end receives it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from bot.session import Event, Player, Seat, Snapshot, Status, Tables, TableUi
from data import Store
from engine import variant
from engine.ai import choose_action
from engine.game import Game
from engine.views import Phase

CHANNEL, GUILD = 100, 7
ALICE, BOB, CAROL = Player(1, "Alice"), Player(2, "Bob"), Player(3, "Carol")


class Clock:
    """Wall-clock seconds that only move when the test says so."""

    def __init__(self, now: float = 1_764_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Wait until ``condition()`` holds, looking between the event loop's other tasks;
    fail after ``timeout`` seconds (a bound for a broken test, not a pace: a slow machine
    only waits longer)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the condition never held"
        await asyncio.sleep(0.005)


def make_tables(store: Store, *, seed: int = 11, **options: object) -> Tables:
    """Tables on ``store`` with seeded matches, computer turns at once and no turn timer
    unless ``turn_timeout`` is given; on a test :class:`Clock`, the poller of due turns
    looks only when a deadline comes by that clock (or when told to)."""
    seeds = iter(range(seed, seed + 1000))
    options.setdefault("turn_timeout", 0)
    if isinstance(options.get("clock"), Clock):
        # The test's clock moves only when it says: a poller looking every 2 s (real
        # seconds) would race the test's play_overdue() for the turns it made due.
        options.setdefault("poll_interval", 3600.0)
    return Tables(store, ai_delay=0, seed_source=lambda: next(seeds), **options)  # type: ignore[arg-type]


def recorded(tables: Tables) -> list[Event]:
    """Every event ``tables`` sends from now on, in order."""
    events: list[Event] = []

    async def listen(event: Event) -> None:
        events.append(event)

    tables.subscribe(listen)
    return events


def finished_round(name: str, seed: int = 3) -> Snapshot:
    """The snapshot of a two-player table (ann, and the easy computer bob) whose first
    round the computer player played to its end for both seats."""
    game = Game.new(variant(name), ["ann", "bob"], seed)
    rng = random.Random(seed)
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.current
        game.apply(seat, choose_action(game.view(seat), game.rules, "easy", rng))
    hands = tuple(game.round.hand(seat) for seat in range(2))
    return Snapshot(channel_id=1, guild_id=2, game_id=3, status=Status.PLAYING, variant=name,
                    created_by=1, seats=(Seat("ann", 1), Seat("bob", None, "easy")),
                    view=game.public_view(), ui=TableUi(), version=1, rules=game.rules,
                    hands=hands)
