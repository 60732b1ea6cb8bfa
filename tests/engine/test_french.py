"""The check that finds the game's English vocabulary in a French text: it finds English
and spares French. It runs over every French message of both catalogs in
tests/test_catalogs.py, and over the pictures in tests/render/test_render_french.py."""

from __future__ import annotations

import re

import pytest

from tests.engine.helpers import ENGLISH_WORDS, english_words


@pytest.mark.parametrize(("text", "words"), [
    ("Your turn: draw from the stock", ["Your", "turn", "draw", "from", "the"]),
    ("À vous : piochez dans la pioche ou la défausse.", []),
    ("Vous : défausser R♠ (rummy-bot play --new)", []),  # a command line is no text
    ("CPU 1 ★★★ : 13 en main, score 0, ouvert ·", ["CPU"]),
])
def test_the_check_finds_english_and_spares_french(text: str, words: list[str]) -> None:
    assert english_words(text) == words


def test_no_word_of_the_vocabulary_is_french() -> None:
    """The words French writes the same way are kept out of the list."""
    for french in ("table", "score", "joker", "points", "total", "match", "pile", "sort",
                   "stock", "a", "on", "as", "or", "vous", "pose", "passe"):
        assert french not in ENGLISH_WORDS
    assert all(re.fullmatch(r"[a-z]+", word) for word in ENGLISH_WORDS)
