"""Every card, joker, back and tile renders in every theme, at every size, distinctly."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.cards.card import JOKER, Card, Suit, full_deck
from engine.tiles.tile import TILE_JOKER, Colour, Tile
from render.art import (
    HAND_CARD,
    HAND_TILE,
    PILE_CARD,
    TABLE_CARD,
    TABLE_TILE,
    back_sprite,
    card_sprite,
    tile_sprite,
)
from render.themes import BACKS, THEMES


def alpha(sprite: Image.Image, xy: tuple[int, int]) -> int:
    value = sprite.getchannel("A").getpixel(xy)
    assert isinstance(value, int)
    return value


DECK = full_deck(1, 1)  # 52 cards and a joker
TILES = [Tile(n, c) for c in Colour for n in range(1, 14)] + [TILE_JOKER]


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("size", [HAND_CARD, TABLE_CARD, PILE_CARD])
def test_every_card_renders_distinctly(theme: str, size: tuple[int, int]) -> None:
    sprites = [card_sprite(THEMES[theme], *size, card) for card in DECK]
    assert len(DECK) == 53
    for sprite in sprites:
        assert sprite.mode == "RGBA"
        assert sprite.size == size
        assert alpha(sprite, (0, 0)) == 0  # rounded corner
        assert alpha(sprite, (size[0] // 2, size[1] // 2)) == 255
    assert len({sprite.tobytes() for sprite in sprites}) == len(sprites)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_joker_on_the_table_shows_the_card_it_stands_for(theme: str) -> None:
    plain = card_sprite(THEMES[theme], *TABLE_CARD, JOKER)
    as_seven = card_sprite(THEMES[theme], *TABLE_CARD, JOKER, Card(7, Suit.HEARTS))
    as_eight = card_sprite(THEMES[theme], *TABLE_CARD, JOKER, Card(8, Suit.HEARTS))
    assert len({plain.tobytes(), as_seven.tobytes(), as_eight.tobytes()}) == 3


@pytest.mark.parametrize("size", [HAND_CARD, TABLE_CARD, PILE_CARD])
def test_court_cards_are_indexed_in_the_players_language(size: tuple[int, int]) -> None:
    """V D R in French, J Q K in English, also on a joker standing for one; a number
    card is the same picture (the same cached sprite) in every language."""
    theme = THEMES["classic"]
    for rank in (11, 12, 13):
        card = Card(rank, Suit.SPADES)
        english, french = (card_sprite(theme, *size, card, lang=lang) for lang in ("en", "fr"))
        assert english.tobytes() != french.tobytes()
        joker_en, joker_fr = (card_sprite(theme, *size, JOKER, card, lang) for lang in ("en", "fr"))
        assert joker_en.tobytes() != joker_fr.tobytes()
    seven = Card(7, Suit.HEARTS)
    assert card_sprite(theme, *size, seven, lang="fr") is card_sprite(theme, *size, seven)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("size", [HAND_TILE, TABLE_TILE])
def test_every_tile_renders_distinctly(theme: str, size: tuple[int, int]) -> None:
    sprites = [tile_sprite(THEMES[theme], *size, tile) for tile in TILES]
    for sprite in sprites:
        assert sprite.size == size
        assert alpha(sprite, (size[0] // 2, size[1] // 2)) == 255
    assert len({sprite.tobytes() for sprite in sprites}) == len(TILES)


def test_a_tile_joker_shows_the_tile_it_stands_for() -> None:
    theme = THEMES["classic"]
    plain = tile_sprite(theme, *TABLE_TILE, TILE_JOKER)
    standing = tile_sprite(theme, *TABLE_TILE, TILE_JOKER, Tile(5, Colour.RED))
    assert plain.tobytes() != standing.tobytes()


def test_every_back_renders_distinctly() -> None:
    sprites = [back_sprite(back, *PILE_CARD) for back in BACKS.values()]
    assert len(sprites) >= 3
    assert len({sprite.tobytes() for sprite in sprites}) == len(sprites)


def test_four_colour_theme_inks_clubs_green_and_diamonds_blue() -> None:
    ink = THEMES["four-colour"].card_ink
    red, green, blue = 0, 1, 2
    assert max(ink[Suit.CLUBS]) == ink[Suit.CLUBS][green]
    assert max(ink[Suit.DIAMONDS]) == ink[Suit.DIAMONDS][blue]
    assert max(ink[Suit.HEARTS]) == ink[Suit.HEARTS][red]
    assert len(set(ink)) == 4
