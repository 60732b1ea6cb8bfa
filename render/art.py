"""The pieces drawn by code: card faces, jokers, card backs and tiles.

Every sprite is an ``RGBA`` image drawn once per (theme, size, piece) at four times its
size and reduced, so edges and glyphs are smooth, then kept in a cache: a picture only
pastes them. A card's index is written in the player's language (``V D R`` in French for
the jack, queen and king), so card sprites are cached per index text too: the number cards
are shared by every language. Sizes are given in pixels; the designs scale with the width.

Card design (legible on a phone): a big index in the top-left corner (rank over suit), a
recognisable centre (a large suit; a framed king ♚, queen ♛ or knight-jack ♞ for the court
cards; a very large suit for an ace), and a purple joker with a gold star that, when it
stands for a card on the table, shows that card in white in its index.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engine.cards.card import Card, Suit, rank_text
from engine.tiles.tile import Colour, Tile
from render.draw import SUPERSAMPLE, blend, font, rounded_mask
from render.themes import RGB, Back, Theme

# Sizes used by the pictures (width, height).
HAND_CARD = (112, 156)
TABLE_CARD = (60, 84)
PILE_CARD = (88, 123)
HAND_TILE = (80, 106)
TABLE_TILE = (48, 64)

_COURT = {11: "♞", 12: "♛", 13: "♚"}


def card_radius(width: int) -> int:
    return max(4, round(width * 0.09))


def tile_radius(width: int) -> int:
    return max(4, round(width * 0.12))


def _centred(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
) -> None:
    """Draw ``text`` with its inked box centred on ``centre``."""
    x0, y0, x1, y1 = draw.textbbox((0, 0), text, font=face, anchor="ls")
    draw.text(
        (centre[0] - (x0 + x1) / 2, centre[1] - (y0 + y1) / 2),
        text,
        font=face,
        anchor="ls",
        fill=fill,
    )


def _canvas(width: int, height: int, units: int, fill: RGB) -> tuple[Image.Image, float]:
    """The canvas of a ``width`` × ``height`` sprite (``SUPERSAMPLE`` times larger, filled
    with ``fill``) and the unit its design is drawn in: 1/``units`` of its width."""
    canvas = Image.new("RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE), fill)
    return canvas, canvas.width / units


def _finish(canvas: Image.Image, width: int, height: int, radius: int) -> Image.Image:
    sprite = canvas.resize((width, height), Image.Resampling.LANCZOS).convert("RGBA")
    sprite.putalpha(rounded_mask(width, height, radius))
    return sprite


def _index(
    draw: ImageDraw.ImageDraw,
    u: float,
    rank: str,
    suit: Suit | None,
    ink: RGB,
    symbol: str | None = None,
    small: bool = False,
) -> None:
    """The top-left index: the rank, with the suit (or ``symbol``) under it.

    A ``small`` card (on the table, overlapped) gets a larger index: it is all that shows.
    """
    size = (42 if small else 38) if len(rank) > 1 else (52 if small else 46)
    baseline = 44 if small else 40
    draw.text((6 * u, baseline * u), rank, font=font(round(size * u), True), anchor="ls", fill=ink)
    mark = symbol if symbol is not None else (suit.symbol if suit is not None else "")
    if mark:
        suit_size, centre_y = (44, 68) if small else (34, 58)
        _centred(
            draw, (23 * u if small else 21 * u, centre_y * u), mark, font(round(suit_size * u)), ink
        )


def card_sprite(
    theme: Theme,
    width: int,
    height: int,
    card: Card,
    stands_for: Card | None = None,
    lang: str = "en",
) -> Image.Image:
    """The face of ``card`` (a joker may show the card it ``stands_for``), its index
    written as ``lang`` writes ranks."""
    shown = stands_for if card.is_joker else card
    index = rank_text(shown.rank, lang) if shown is not None else ""
    return _card_sprite(theme, width, height, card, stands_for, index)


@lru_cache(maxsize=2048)  # every card of every theme at the three sizes, court cards twice
def _card_sprite(
    theme: Theme, width: int, height: int, card: Card, stands_for: Card | None, index: str
) -> Image.Image:
    canvas, u = _canvas(width, height, 112, theme.card_edge)
    big_w, big_h = canvas.size
    joker = card.is_joker
    small = width < 80
    face = theme.joker_face if joker else theme.card_face
    draw = ImageDraw.Draw(canvas)
    edge = max(SUPERSAMPLE, round(1.6 * u))
    draw.rounded_rectangle(
        (edge, edge, big_w - 1 - edge, big_h - 1 - edge), radius=round(9 * u), fill=face
    )
    centre = (big_w * 0.62, big_h * 0.69)
    if joker:
        if stands_for is not None and stands_for.suit is not None:
            _index(draw, u, index, stands_for.suit, theme.joker_ink, small=small)
            _centred(draw, centre, "★", font(round(64 * u)), theme.joker_star)
        else:
            _index(draw, u, "JK", None, theme.joker_ink, symbol="★", small=small)
            _centred(draw, (big_w * 0.6, big_h * 0.62), "★", font(round(78 * u)), theme.joker_star)
            _centred(
                draw,
                (big_w * 0.5, big_h * 0.9),
                "JOKER",
                font(round(17 * u), True),
                theme.joker_ink,
            )
    else:
        assert card.suit is not None
        ink = theme.ink(card.suit)
        _index(draw, u, index, card.suit, ink, small=small)
        if card.rank in _COURT:
            box = (38 * u, 52 * u, big_w - 8 * u, big_h - 8 * u)
            draw.rounded_rectangle(
                box,
                radius=round(8 * u),
                fill=blend(face, theme.court_frame, 0.16),
                outline=theme.court_frame,
                width=round(3 * u),
            )
            _centred(
                draw,
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 4 * u),
                _COURT[card.rank],
                font(round(60 * u)),
                ink,
            )
            _centred(
                draw, (box[2] - 11 * u, box[1] + 12 * u), card.suit.symbol, font(round(18 * u)), ink
            )
        else:
            size = 92 if card.rank == 1 else 70
            _centred(draw, centre, card.suit.symbol, font(round(size * u)), ink)
    return _finish(canvas, width, height, card_radius(width))


@lru_cache(maxsize=64)
def back_sprite(back: Back, width: int, height: int) -> Image.Image:
    """The back of a card: a lattice on a coloured field inside a white border, an emblem."""
    canvas, u = _canvas(width, height, 112, (246, 244, 236))
    big_w, big_h = canvas.size
    inset = round(7 * u)
    field = Image.new("RGB", (big_w - 2 * inset, big_h - 2 * inset), back.field)
    draw = ImageDraw.Draw(field)
    step, line = 14 * u, max(1, round(2 * u))
    span = field.width + field.height
    k: float = -span
    while k < span:
        draw.line((k, 0, k + field.height, field.height), fill=back.lattice, width=line)
        draw.line((k + field.height, 0, k, field.height), fill=back.lattice, width=line)
        k += step
    cx, cy = field.width / 2, field.height / 2
    rx, ry = 26 * u, 34 * u
    draw.ellipse(
        (cx - rx, cy - ry, cx + rx, cy + ry),
        fill=back.field,
        outline=back.emblem,
        width=round(3 * u),
    )
    _centred(draw, (cx, cy), "R", font(round(40 * u), True), back.emblem)
    mask = Image.new("L", field.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, field.width - 1, field.height - 1), radius=round(6 * u), fill=255
    )
    canvas.paste(field, (inset, inset), mask)
    return _finish(canvas, width, height, card_radius(width))


@lru_cache(maxsize=1024)
def tile_sprite(
    theme: Theme, width: int, height: int, tile: Tile, stands_for: Tile | None = None
) -> Image.Image:
    """A tile: its number in its colour over a small ring; a joker is a smiling face."""
    canvas, u = _canvas(width, height, 80, theme.tile_edge)
    big_w, big_h = canvas.size
    draw = ImageDraw.Draw(canvas)
    edge = max(SUPERSAMPLE, round(1.4 * u))
    radius = round(tile_radius(width) * SUPERSAMPLE * 0.8)
    bevel = blend(theme.tile_face, theme.tile_edge, 0.55)
    draw.rounded_rectangle(
        (edge, edge, big_w - 1 - edge, big_h - 1 - edge), radius=radius, fill=bevel
    )
    draw.rounded_rectangle(
        (edge, edge, big_w - 1 - edge, big_h - 1 - 7 * u), radius=radius, fill=theme.tile_face
    )
    if tile.colour is None:
        red = theme.tile_colour(Colour.RED)
        _centred(draw, (big_w / 2, 42 * u), "☺", font(round(60 * u), True), red)
        if stands_for is not None and stands_for.colour is not None:
            _centred(
                draw,
                (big_w / 2, 82 * u),
                str(stands_for.number),
                font(round(22 * u), True),
                theme.tile_colour(stands_for.colour),
            )
        else:
            for i, colour in enumerate(Colour):
                x = big_w / 2 + (i - 1.5) * 13 * u
                r = 4.5 * u
                draw.ellipse((x - r, 83 * u - r, x + r, 83 * u + r), fill=theme.tile_colour(colour))
    else:
        ink = theme.tile_colour(tile.colour)
        size = 54 if tile.number < 10 else 44
        _centred(draw, (big_w / 2, 40 * u), str(tile.number), font(round(size * u), True), ink)
        r = 7 * u
        draw.ellipse(
            (big_w / 2 - r, 82 * u - r, big_w / 2 + r, 82 * u + r), outline=ink, width=round(3 * u)
        )
    return _finish(canvas, width, height, tile_radius(width))


def piece_sprite(
    theme: Theme,
    size: tuple[int, int],
    piece: Card | Tile,
    stands_for: Card | Tile | None = None,
    lang: str = "en",
) -> Image.Image:
    """The sprite of a card (its index as ``lang`` writes it) or a tile at ``size``."""
    if isinstance(piece, Tile):
        assert stands_for is None or isinstance(stands_for, Tile)
        return tile_sprite(theme, size[0], size[1], piece, stands_for)
    assert stands_for is None or isinstance(stands_for, Card)
    return card_sprite(theme, size[0], size[1], piece, stands_for, lang)
