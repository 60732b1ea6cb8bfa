"""The cost of the turn notifications (issue 27): what the notifier's check costs per turn
(``Notifier.on_event``, a listener of every table event) for a member who has not opted
in (the common case: one cached preference read) and for one who has (plus the notice
written), on a SQLite store in a temporary folder. Prints its figures; run on purpose:
``python bench/notify_bench.py``.

The requests per notification are Discord's: the first to a member opens the DM channel
(``POST /users/@me/channels``) and sends (``POST /channels/{dm}/messages``): 2; every
later one 1 (discord.py keeps the DM channel), as tests/e2e/test_notify.py checks.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.session.model import Event, EventKind, Seat, Snapshot, Status, TableUi
from bot.session.notices import Notifier
from bot.session.prefs import Preferences
from data import Store
from engine import Game, variant

TURNS = 2000


class Tables:
    """What the notifier reads of the tables: their snapshot (one table, always at the
    member's turn), and the subscription."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.current = snapshot

    async def snapshot(self, channel_id: int) -> Snapshot:
        return self.current

    def subscribe(self, listener: object) -> None:
        pass


def snapshot_at(turn: int, game: Game, user: int) -> Snapshot:
    view = game.public_view()
    view = type(view)(**{**{f: getattr(view, f) for f in view.__dataclass_fields__},
                         "turn": turn})
    return Snapshot(channel_id=10, guild_id=20, game_id=30, status=Status.PLAYING,
                    variant="rami51", created_by=user,
                    seats=(Seat("ann", user), Seat("bob", user + 1)), view=view,
                    ui=TableUi(table_message=40), version=turn, rules=game.rules)


async def per_turn(store: Store, notify: str, user: int) -> float:
    """Milliseconds per turn event of ``Notifier.on_event`` (the next seat is ``user``)."""
    prefs = Preferences(store)
    if notify != "off":
        await prefs.update_player(user, notify=notify)
    game = Game.new(variant("rami51"), ["ann", "bob"], 1)
    tables = Tables(snapshot_at(0, game, user))
    notifier = Notifier(tables, prefs, store)  # type: ignore[arg-type]
    times = []
    for turn in range(1, TURNS + 1):
        event = Event(EventKind.ACTION, snapshot_at(turn, game, user), seat=1)
        started = time.perf_counter()
        await notifier.on_event(event)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.mean(times)


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        try:
            off = await per_turn(store, "off", 101)
            on = await per_turn(store, "now", 202)
            print(f"notification check per turn, member not opted in: {off:.3f} ms")
            print(f"notification check per turn, member opted in (notice written): {on:.3f} ms")
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
