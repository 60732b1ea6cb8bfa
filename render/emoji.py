"""Card and tile faces as small square pictures, for Discord's application emojis.

One picture per face a message can name: the 52 cards and the joker, the court cards once
more as French writes their index (``V D R``), the 52 tiles and the tile joker. Each face
is the hand's sprite of the default theme drawn at :data:`EMOJI_SIZE` pixels high,
centred on a transparent square (Discord shows an emoji at 22-48 px and keeps it square).

A face's *key* says which face it is in letters Discord allows in an emoji's name
(``[A-Za-z0-9_]``): ``c7h``, ``cQs``, ``cQs_fr``, ``cJK`` for cards (their code, a
language's suffix for an index it writes otherwise), ``tr7``, ``tJK`` for tiles.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image

from engine.cards.card import Card, full_deck, rank_text, write_codes
from engine.tiles.tile import TILE_JOKER, Colour, Tile
from render.art import card_sprite, tile_sprite
from render.themes import get_theme

EMOJI_SIZE = 96  # pixels, square: sharp at Discord's 48 px on a dense screen
EMOJI_THEME = "classic"
LANGS = ("en", "fr")


def face_key(piece: Card | Tile, lang: str = "en") -> str:
    """The key of the face that shows ``piece`` to a reader of ``lang``."""
    if isinstance(piece, Tile):
        return "tJK" if piece.colour is None else f"t{piece.colour.letter}{piece.number}"
    key = "c" + write_codes([piece])
    if lang != "en" and piece.suit is not None and rank_text(piece.rank, lang) != rank_text(
            piece.rank, "en"):
        key += f"_{lang}"
    return key


def faces() -> dict[str, Card | Tile | tuple[Card, str]]:
    """Every face's key and what it shows (a card written in another language as
    ``(card, lang)``)."""
    shown: dict[str, Card | Tile | tuple[Card, str]] = {}
    for card in full_deck(1, 1):
        shown[face_key(card)] = card
        for lang in LANGS[1:]:
            if (key := face_key(card, lang)) not in shown:
                shown[key] = (card, lang)
    for colour in Colour:
        for number in range(1, 14):
            tile = Tile(number, colour)
            shown[face_key(tile)] = tile
    shown[face_key(TILE_JOKER)] = TILE_JOKER
    return shown


def face_png(key: str) -> bytes:
    """The PNG of the face ``key`` (see :func:`faces`).

    Raises:
        KeyError: no face has that key.
    """
    return _png(key)


@cache
def _png(key: str) -> bytes:
    piece = faces()[key]
    theme = get_theme(EMOJI_THEME)
    if isinstance(piece, Tile):
        width = round(EMOJI_SIZE * 80 / 106)
        sprite = tile_sprite(theme, width, EMOJI_SIZE, piece)
    else:
        card, lang = piece if isinstance(piece, tuple) else (piece, "en")
        width = round(EMOJI_SIZE * 112 / 156)
        sprite = card_sprite(theme, width, EMOJI_SIZE, card, None, lang)
    square = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    square.alpha_composite(sprite, ((EMOJI_SIZE - sprite.width) // 2, 0))
    out = io.BytesIO()
    square.save(out, "PNG", optimize=True)
    return out.getvalue()


def all_pngs() -> dict[str, bytes]:
    """Every face's PNG by key (~0.3 s the first time, then cached)."""
    return {key: face_png(key) for key in faces()}


def emoji_sheet(columns: int = 14) -> bytes:
    """Every face on one PNG, ``columns`` a row (to look at the set)."""
    pngs = list(all_pngs().values())
    rows = -(-len(pngs) // columns)
    gap = 4
    sheet = Image.new("RGBA", (columns * (EMOJI_SIZE + gap) + gap,
                               rows * (EMOJI_SIZE + gap) + gap), (54, 57, 63, 255))
    for index, png in enumerate(pngs):
        face = Image.open(io.BytesIO(png)).convert("RGBA")
        row, column = divmod(index, columns)
        sheet.alpha_composite(face, (gap + column * (EMOJI_SIZE + gap),
                                     gap + row * (EMOJI_SIZE + gap)))
    out = io.BytesIO()
    sheet.save(out, "PNG")
    return out.getvalue()


__all__ = ["EMOJI_SIZE", "all_pngs", "emoji_sheet", "face_key", "face_png", "faces"]
