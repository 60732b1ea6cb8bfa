"""A table's piles and seat boxes, pasted in bands (each band a block of its own, so that
a turn maps only the bands it changed): the bands together are exactly the column or the
box drawn on one canvas, where the art and the texts are drawn at their places one after
the other."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.cards.card import JOKER, Card, Suit
from engine.i18n import t
from render.art import PILE_CARD, TABLE_TILE, back_sprite, card_radius, card_sprite
from render.draw import draw_text, fit_size, panel, paste_sprite, shadow
from render.table import (
    PILES_W,
    SEAT_H,
    SEAT_H_TALL,
    SEAT_PAD,
    SEAT_SPLIT,
    _pile_blocks,
    _pile_label,
    _piles_art,
    _piles_height,
    _seat_bottom,
    _seat_top,
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


def _whole_seat(theme_name: str, name: str, score: str, detail: str, width: int,
                current: bool, you: bool, below: bool) -> Image.Image:
    """A seat box drawn at once, as tables drew it before its bands (the reference)."""
    theme = get_theme(theme_name)
    height = SEAT_H_TALL if below else SEAT_H
    image = Image.new("RGB", (width, height), theme.felt)
    outline = theme.accent if current else theme.you if you else theme.panel_line
    panel(image, (0, 0, width, height), 12, theme.panel, outline, 3 if current or you else 1)
    room = width - 2 * SEAT_PAD
    if below:
        draw_text(image, (SEAT_PAD, 56), score, 16, theme.text, bold=True)
    else:
        room -= draw_text(image, (width - SEAT_PAD, 9), score, 20, theme.text, bold=True,
                          anchor="right") + SEAT_PAD
    name, name_size = fit_size(name, 20, True, room, 15)
    draw_text(image, (SEAT_PAD, 8 + (20 - name_size) // 2), name, name_size,
              theme.accent if current else theme.text, bold=True)
    detail, detail_size = fit_size(detail, 16, False, width - 2 * SEAT_PAD, 12)
    draw_text(image, (SEAT_PAD, 35 + (16 - detail_size) // 2), detail, detail_size,
              theme.text_dim)
    return image


SEATS = [  # name, score, detail, width, current, you, score below
    ("▶ Alice", "0 pts", "13 cards  ·  not opened yet", 230, True, False, False),
    ("Bruno (you)", "1 234 pts", "14 cartes  ·  ✓ a posé", 230, False, True, False),
    ("Chloé", "57 points", "1 card", 300, False, False, False),
    ("▶ Maximilian-Alexander von Hohenstein-Gögginen", "999 pts",
     "12 cards  ·  pas encore posé (a long status cut to fit)", 180, True, True, True),
    ("Ordi 2 · difficile", "12 pts", "13 tuiles", 280, False, False, True),
]


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize(("name", "score", "detail", "width", "current", "you", "below"),
                         SEATS)
def test_the_seat_bands_are_the_box_drawn_whole(theme: str, name: str, score: str,
                                                detail: str, width: int, current: bool,
                                                you: bool, below: bool) -> None:
    chosen = get_theme(theme)
    bands = Image.new("RGB", (width, SEAT_H_TALL if below else SEAT_H), (255, 0, 255))
    bands.paste(_seat_top(chosen, name, score, width, current, you, below), (0, 0))
    bands.paste(_seat_bottom(chosen, detail, score if below else "", width, current, you,
                             below), (0, SEAT_SPLIT))
    whole = _whole_seat(theme, name, score, detail, width, current, you, below)
    assert bands.tobytes() == whole.tobytes()
