"""The terminal numbers a hand as the hand picture shows it, so a position means the same
piece in the picture, on Discord and in the terminal."""

from __future__ import annotations

import pytest

from bot.terminal.screen import show_hand
from engine import variant
from engine.game import Game
from engine.hand_order import sorted_hand
from engine.notation import writer


@pytest.mark.parametrize("name", ["rami51", "tiles"])
@pytest.mark.parametrize("sort", ["suit", "rank"])
def test_the_hand_is_numbered_in_the_order_of_its_picture(name: str, sort: str) -> None:
    view = Game.new(variant(name), ["ann", "bob"], 3).view(0)
    shown = show_hand(view, sort, colour=False, lang="fr").split("  ")
    write = writer("fr")
    assert shown == [f"{position}:{write([view.hand[index]])}"
                     for position, index in enumerate(sorted_hand(view.hand, sort), 1)]
