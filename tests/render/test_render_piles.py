"""The piles' column of a table, pasted in bands (each band a block of its own, so that a
turn maps only the bands it changed): the bands together are exactly the column drawn on
one canvas, where the stock's and the discard pile's art and their counts are drawn at
their places one after the other."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.cards.card import JOKER, Card, Suit
from engine.i18n import t
from render.art import PILE_CARD, TABLE_TILE, back_sprite, card_radius, card_sprite
from render.draw import panel, paste_sprite, shadow
from render.table import (
    PILES_W,
    _pile_blocks,
    _pile_label,
    _piles_art,
    _piles_height,
    _stock_backs,
)
from render.themes import THEMES, get_back, get_theme


def _whole_column(theme_name: str, stock_size: int, reshuffles: int, top: Card | None,
                  discard_size: int, tiles: bool, lang: str) -> Image.Image:
    """The column drawn at once, as tables drew it before its bands (the reference)."""
    theme, back = get_theme(theme_name), get_back("red")
    image = Image.new("RGB", (PILES_W, _piles_height(tiles)), theme.felt)
    if tiles:
        image.paste(_piles_art(theme, back, 0, True), (0, 0))
        _pile_label(image, TABLE_TILE[1] + 26, t("picture.pool", lang, n=stock_size), 17,
                    theme.text)
        return image
    w, h = PILE_CARD
    x = PILES_W // 2 - w // 2
    for i in range(_stock_backs(stock_size)):
        y = 6 - i * 3
        shadow(image, (x + i * 2, y, x + i * 2 + w, y + h), card_radius(w), 3,
               theme.shadow_alpha)
        paste_sprite(image, back_sprite(back, w, h), (x + i * 2, y))
    if not stock_size:
        panel(image, (x, 6, x + w, 6 + h), card_radius(w), theme.panel_line)
        panel(image, (x + 2, 8, x + w - 2, 4 + h), card_radius(w) - 2, theme.felt)
    y = h + 54
    if top is not None:
        shadow(image, (x, y, x + w, y + h), card_radius(w), 4, theme.shadow_alpha)
        paste_sprite(image, card_sprite(theme, w, h, top, lang=lang), (x, y))
    else:
        panel(image, (x, y, x + w, y + h), card_radius(w), theme.panel_line)
        panel(image, (x + 2, y + 2, x + w - 2, y + h - 2), card_radius(w) - 2, theme.felt)
    _pile_label(image, h + 12, t("picture.stock", lang, n=stock_size), 17, theme.text)
    if reshuffles:
        _pile_label(image, h + 32, t("picture.reshuffled", lang, n=reshuffles), 14,
                    theme.text_dim, bold=False)
    text = (t("picture.discard", lang, n=discard_size) if top is not None
            else t("picture.discard_empty", lang))
    _pile_label(image, 2 * h + 66, text, 17, theme.text)
    return image


def _bands(theme_name: str, stock_size: int, reshuffles: int, top: Card | None,
           discard_size: int, tiles: bool, lang: str) -> Image.Image:
    theme = get_theme(theme_name)
    image = Image.new("RGB", (PILES_W, _piles_height(tiles)), (255, 0, 255))
    for make, y, args in _pile_blocks(get_back("red"), stock_size, reshuffles, top,
                                      discard_size, tiles, lang):
        image.paste(make(theme, *args), (0, y))
    return image


CASES = [  # stock, reshuffles, discard pile's top, discard pile's size
    (0, 0, None, 0),
    (1, 0, Card(1, Suit.SPADES), 1),
    (9, 2, JOKER, 57),
    (10, 1, Card(10, Suit.HEARTS), 3),
    (27, 0, Card(12, Suit.DIAMONDS), 104),
    (31, 13, Card(13, Suit.CLUBS), 10),
    (110, 0, None, 0),
]


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("stock", "reshuffles", "top", "discards"), CASES)
def test_the_bands_are_the_column_drawn_whole(theme: str, lang: str, stock: int,
                                              reshuffles: int, top: Card | None,
                                              discards: int) -> None:
    whole = _whole_column(theme, stock, reshuffles, top, discards, False, lang)
    assert _bands(theme, stock, reshuffles, top, discards, False, lang).tobytes() == (
        whole.tobytes())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tile_pools_bands_are_the_column_drawn_whole(lang: str) -> None:
    for pool in (0, 1, 45, 106):
        whole = _whole_column("dark", pool, 0, None, 0, True, lang)
        assert _bands("dark", pool, 0, None, 0, True, lang).tobytes() == whole.tobytes()
