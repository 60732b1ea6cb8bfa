"""The faces drawn for the application's emojis: one per card, court card in French, tile
and joker, square, small, and the same bytes at every drawing."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from engine.cards.card import JOKER, Card, Suit
from engine.tiles.tile import TILE_JOKER, Colour, Tile
from render.emoji import EMOJI_SIZE, all_pngs, emoji_sheet, face_key, faces


def test_one_face_per_card_tile_and_joker_and_french_court_card() -> None:
    keys = set(faces())
    assert len(keys) == 52 + 1 + 12 + 52 + 1
    assert {"cAc", "c10h", "cQs", "cQs_fr", "cJK", "tr7", "tk13", "tJK"} <= keys
    assert "c7h_fr" not in keys  # French writes a 7 as English does: one face


def test_keys_follow_discords_name_rule() -> None:
    assert all(re.fullmatch(r"[A-Za-z0-9_]{1,24}", key) for key in faces())


def test_face_key_of_pieces() -> None:
    assert face_key(Card(12, Suit.SPADES)) == "cQs"
    assert face_key(Card(12, Suit.SPADES), "fr") == "cQs_fr"
    assert face_key(Card(7, Suit.HEARTS), "fr") == "c7h"
    assert face_key(JOKER, "fr") == "cJK"
    assert face_key(Tile(7, Colour.RED)) == "tr7"
    assert face_key(TILE_JOKER) == "tJK"


def test_faces_are_small_squares_drawn_the_same_every_time() -> None:
    pngs = all_pngs()
    for png in pngs.values():
        assert len(png) < 256 * 1024  # Discord's limit for an emoji
    picture = Image.open(io.BytesIO(pngs["cQs"]))
    assert picture.size == (EMOJI_SIZE, EMOJI_SIZE) and picture.mode == "RGBA"
    from render import emoji
    emoji._png.cache_clear()
    assert emoji.face_png("cQs") == pngs["cQs"]  # its hash names it: it must not vary


def test_sheet_shows_every_face() -> None:
    sheet = Image.open(io.BytesIO(emoji_sheet(columns=14)))
    assert sheet.width > 14 * EMOJI_SIZE and sheet.height > 8 * EMOJI_SIZE


def test_the_sheet_in_the_docs_is_what_render_draws() -> None:
    shown = Path(__file__).parents[2] / "docs" / "img" / "emoji-sheet.png"
    drawn = Image.open(io.BytesIO(emoji_sheet()))
    with Image.open(shown) as saved:
        assert saved.size == drawn.size, "run: make emoji-sheet"
        assert saved.convert("RGBA").tobytes() == drawn.convert("RGBA").tobytes(), (
            "run: make emoji-sheet")
