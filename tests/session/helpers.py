"""Shared helpers of the session layer's tests: players, a table factory, an event
recorder and a clock the test moves."""

from __future__ import annotations

from bot.session import Event, Player, Tables
from data import Store

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


def make_tables(store: Store, *, seed: int = 11, **options: object) -> Tables:
    """Tables on ``store`` with seeded matches, computer turns at once and no turn timer
    unless ``turn_timeout`` is given."""
    seeds = iter(range(seed, seed + 1000))
    options.setdefault("turn_timeout", 0)
    return Tables(store, ai_delay=0, seed_source=lambda: next(seeds), **options)  # type: ignore[arg-type]


def recorded(tables: Tables) -> list[Event]:
    """Every event ``tables`` sends from now on, in order."""
    events: list[Event] = []

    async def listen(event: Event) -> None:
        events.append(event)

    tables.subscribe(listen)
    return events
