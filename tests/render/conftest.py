"""Fixtures of the picture tests (the builders are in ``render_helpers``)."""

from __future__ import annotations

import pytest

from engine.cards.card import Card, Suit
from engine.tiles.tile import Colour, Tile, parse_tiles
from engine.views import PlayerView, PublicView
from tests.render.helpers import HAND_13, RACK_14, meld, player, public, random_melds


@pytest.fixture
def hand_view() -> PlayerView:
    return player(public(), HAND_13, drawn=Card(6, Suit.HEARTS))


@pytest.fixture
def rack_view() -> PlayerView:
    return player(public(tiles=True), RACK_14, drawn=parse_tiles("r3")[0])


@pytest.fixture
def big_table() -> PublicView:
    return public(6, random_melds(20, 6), current=2)


@pytest.fixture
def tile_table() -> PublicView:
    sets = [
        meld(1, parse_tiles("r3 r4 r5 r6"), None),
        meld(2, parse_tiles("k9 b9 o9"), None, kind="group"),
        meld(3, parse_tiles("b11 jk b13"), None, {1: Tile(12, Colour.BLUE)}),
    ]
    return public(4, sets, tiles=True)
