"""Fill the caches ahead of time, so that no player waits for a first picture.

The first picture of a theme computes the theme's palette and draws its sprites (about
half a second); :func:`warm_up` does it at start-up instead, ideally off the event loop:
``await asyncio.to_thread(render.warm_up)``. :func:`warm_hands` then draws the hands of
seeded deals, so that the cells a hand picture is composed of
(:mod:`render.hand_cells`) are mapped onto the palette before the first games, which
would otherwise pay for them (a hand composed from cold cells takes about twice as long).
:func:`warm_tables` does the same for the tables' piles and melds: every card on the
discard pile, the piles' counts, the sprites of the melds' cards (a table composed while
they are cold takes three to eight times as long).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Iterator

from engine.cards.card import full_deck
from engine.game import Game
from engine.i18n import languages
from engine.rules import RuleSet
from engine.tiles.tile import Colour, Tile
from engine.variants import RAMI51
from engine.views import PlayerView
from render.art import HAND_CARD, HAND_TILE, PILE_CARD, TABLE_CARD, TABLE_TILE, piece_sprite
from render.hand import compose_hand
from render.labels import check_lang
from render.picture import theme_palette, to_palette
from render.table import warm_piles
from render.themes import THEMES, get_back, get_theme

# Seeded deals of four seats, each played this many random simple moves (draws and
# discards): ~600 hands of 13 and 14 cards in all, after which a new deal's hand needs
# a new cell once in ~30 hands (about 490 cells per theme and language, ~0.4 s of CPU).
HAND_DEALS = 20
HAND_MOVES = 30


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


def sample_hands(rules: RuleSet = RAMI51, deals: int = HAND_DEALS,
                 moves: int = HAND_MOVES, seed: int = 0) -> Iterator[PlayerView]:
    """The views of the seat to play in ``deals`` seeded deals of four seats, before each
    of ``moves`` random simple moves (a hand of a turn's start, then with the piece just
    drawn raised, then after the discard)."""
    for deal in range(deals):
        game = Game.new(rules, ["a", "b", "c", "d"], seed + deal)
        rng = random.Random(seed + deal)
        for _ in range(moves):
            yield game.view(game.current)
            legal = game.legal_moves()
            if not legal:
                break
            game.apply(game.current, rng.choice(legal))


def warm_hands(theme: str = "classic", langs: Iterable[str] | None = None, *,
               rules: RuleSet = RAMI51, deals: int = HAND_DEALS) -> int:
    """Draw the hands of :func:`sample_hands` in ``theme`` and each language (all by
    default), as the bot draws them (suit order), so that their cells are kept (no PNG
    is made); returns the hands drawn. Nothing else changes: a picture drawn warm is the
    one drawn cold.

    Raises:
        ValueError: an unknown theme or language.
    """
    chosen = get_theme(theme)
    quantise = functools.partial(to_palette, theme=chosen)
    drawn = 0
    for lang in langs if langs is not None else languages():
        check_lang(lang)
        for view in sample_hands(rules, deals):
            compose_hand(view, chosen, "suit", None, lang, None, quantise)  # no PNG made
            drawn += 1
    return drawn


def warm_tables(theme: str = "classic", langs: Iterable[str] | None = None, *,
                back: str = "blue") -> int:
    """Map the blocks of a card game's table piles in ``theme`` and each language (all by
    default) and draw its cards' sprites at the melds' size (:func:`render.table.warm_piles`),
    as the bot draws its tables; returns the blocks made. Nothing else changes: a table
    drawn warm is the one drawn cold.

    Raises:
        ValueError: an unknown theme, back or language.
    """
    chosen = get_theme(theme)
    quantise = functools.partial(to_palette, theme=chosen)
    made = 0
    for lang in langs if langs is not None else languages():
        made += warm_piles(chosen, get_back(back), check_lang(lang), quantise)
    return made
