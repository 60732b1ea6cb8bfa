"""The child process of the timed-out-turn crash test: a bot process that claims the
channel's due turn, times it out, and stops after the turn's first save (the easy
player's draw) until it is killed there.

    python timeout_child.py WHERE NOW LEASE_S

``WHERE``: the store (an SQLite path or a PostgreSQL URL); ``NOW``: its clock (fixed);
it prints ``saved <version>`` once the draw is committed, then waits to be killed.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from data import Store
from tests.session.helpers import make_tables


async def main(where: str, now: float, lease_s: float) -> None:
    store = await Store.open(where, clock=lambda: now)
    save = store.save

    async def save_then_hang(*args: Any, **kwargs: Any) -> int:
        version = await save(*args, **kwargs)
        print("saved", version, flush=True)
        await asyncio.Event().wait()  # the process is killed here, between two saves
        return version

    store.save = save_then_hang  # type: ignore[method-assign]
    tables = make_tables(store, clock=lambda: now, turn_timeout=60.0, lease_s=lease_s,
                         poll_interval=None)
    await tables.play_overdue()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3])))
