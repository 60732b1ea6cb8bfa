"""The table's "last move" line is built from the engine action of the event."""

from __future__ import annotations

import pytest

from bot.discord_app.publisher import Publisher
from bot.session import Event, EventKind, Seat, Snapshot, Status
from engine.cards.actions import Draw
from engine.tiles.actions import Play
from engine.tiles.tile import parse_tiles

SEATS = (Seat("ann", 4), Seat("[cpu 1]", level="easy"), Seat("CPU 2 ★★", level="medium"))
SNAPSHOT = Snapshot(channel_id=1, guild_id=2, game_id=3, status=Status.PLAYING,
                    variant="tiles", created_by=4, seats=SEATS, view=None, ui={}, version=5)
PLAY = Play((tuple(parse_tiles("k5 k6 k7")),))


@pytest.mark.parametrize(("event", "lang", "line"), [
    (Event(EventKind.ACTION, SNAPSHOT, 1, "not read", PLAY), "en", "CPU 1 played k5 k6 k7."),
    (Event(EventKind.ACTION, SNAPSHOT, 1, "not read", PLAY), "fr", "Ordi 1 a joué k5 k6 k7."),
    # a computer named by an earlier version
    (Event(EventKind.ACTION, SNAPSHOT, 2, "not read", PLAY), "fr", "Ordi 2 a joué k5 k6 k7."),
    (Event(EventKind.TIMEOUT, SNAPSHOT, 0, "not read", Draw()), "fr",
     "ann a pioché. (temps écoulé)"),
    (Event(EventKind.ACTION, SNAPSHOT, 0, "leave"), "en",
     "ann left; a computer player took the seat."),
    (Event(EventKind.ACTION, SNAPSHOT, None, "draw stock", Draw()), "en", None),
])
def test_the_last_move_line_comes_from_the_action(event: Event, lang: str,
                                                  line: str | None) -> None:
    assert Publisher._move(event, lang) == line
