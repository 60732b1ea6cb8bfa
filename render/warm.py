"""Fill the caches ahead of time, so that no player waits for a first picture.

The first picture of a theme computes the theme's palette and draws its sprites (about
half a second); :func:`warm_up` does it at start-up instead, ideally off the event loop:
``await asyncio.to_thread(render.warm.warm_up)``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from engine.cards.card import full_deck
from engine.i18n import languages
from engine.tiles.tile import Colour, Tile
from render.art import HAND_CARD, HAND_TILE, PILE_CARD, TABLE_CARD, TABLE_TILE, piece_sprite
from render.picture import theme_palette
from render.themes import THEMES, get_theme


def warm_up(themes: Iterable[str] | None = None, *, every_piece: bool = False) -> None:
    """Compute the palette of each theme (all by default) and draw its sample pictures.

    ``every_piece`` also draws every card (in every language: their indexes differ) and
    tile at every size (about a second per theme).

    Raises:
        ValueError: an unknown theme name.
    """
    for name in themes if themes is not None else THEMES:
        theme = get_theme(name)
        theme_palette(theme)
        if every_piece:
            for card, lang in itertools.product(full_deck(1, 1), languages()):
                for size in (HAND_CARD, TABLE_CARD, PILE_CARD):
                    piece_sprite(theme, size, card, lang=lang)
            tiles = [Tile(n, c) for c in Colour for n in range(1, 14)] + [Tile.joker()]
            for tile in tiles:
                for size in (HAND_TILE, TABLE_TILE):
                    piece_sprite(theme, size, tile)
