"""The table message: its "last move" line built from the engine action of the event,
its picture drawn once per table seen."""

from __future__ import annotations

from dataclasses import replace
from unittest.mock import MagicMock

import pytest

from bot.discord_app.core import pictures
from bot.discord_app.core.replies import Picture
from bot.discord_app.table.publisher import Publisher
from bot.session import Event, EventKind, Seat, Snapshot, Status
from engine import variant
from engine.cards.actions import Draw
from engine.tiles.actions import Play
from engine.tiles.tile import parse_tiles
from engine.views import PublicView
from tests.render.helpers import public

SEATS = (Seat("ann", 4), Seat("[cpu 1]", level="easy"), Seat("CPU 2 ★★", level="medium"))
SNAPSHOT = Snapshot(channel_id=1, guild_id=2, game_id=3, status=Status.PLAYING,
                    variant="tiles", created_by=4, seats=SEATS, view=None, ui={}, version=5,
                    rules=variant("tiles"))
PLAY = Play((tuple(parse_tiles("k5 k6 k7")),))


@pytest.mark.parametrize(("event", "lang", "line"), [
    (Event(EventKind.ACTION, SNAPSHOT, 1, "not read", PLAY), "en", "CPU 1 played k5 k6 k7."),
    (Event(EventKind.ACTION, SNAPSHOT, 1, "not read", PLAY), "fr", "Ordi 1 a joué k5 k6 k7."),
    # a computer named by an earlier version
    (Event(EventKind.ACTION, SNAPSHOT, 2, "not read", PLAY), "fr", "Ordi 2 a joué k5 k6 k7."),
    (Event(EventKind.TIMEOUT, SNAPSHOT, 0, "not read", Draw()), "fr",
     "ann a pioché. (temps écoulé)"),
    (Event(EventKind.LEFT, SNAPSHOT, 0, "leave"), "en",
     "ann left; a computer player took the seat."),
    (Event(EventKind.ACTION, SNAPSHOT, None, "draw stock", Draw()), "en", None),
])
def test_the_last_move_line_comes_from_the_action(event: Event, lang: str,
                                                  line: str | None) -> None:
    assert Publisher._move(event, lang) == line


async def test_the_table_is_drawn_once_per_table_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that leaves the table as it was (a message id remembered) draws nothing."""
    drawn: list[PublicView] = []

    async def draw(function: object, view: PublicView, lang: str) -> Picture:
        drawn.append(view)
        return Picture(png=b"png", alt="alt", filename="table.png")

    monkeypatch.setattr(pictures, "draw", draw)
    publisher = Publisher(MagicMock(), MagicMock(), MagicMock())
    view = public(3)
    first = replace(SNAPSHOT, view=view)
    resaved = replace(first, version=first.version + 1)
    moved = replace(first, view=replace(view, stock_size=view.stock_size - 1),
                    version=first.version + 2)
    for snapshot in (first, resaved, moved, moved):
        await publisher._table_picture(snapshot, "en")
    await publisher._table_picture(moved, "fr")
    assert drawn == [view, moved.view, moved.view]
