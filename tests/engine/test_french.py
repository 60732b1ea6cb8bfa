"""Every message of the French catalog is French: none holds a word of the game's English
vocabulary (the pictures are checked in tests/render/test_render_french.py)."""

from __future__ import annotations

import re
import string

import pytest

from engine.i18n import catalog
from tests.engine.helpers import ENGLISH_WORDS, english_words


def _without_placeholders(template: str) -> str:
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def test_no_french_message_holds_an_english_word() -> None:
    found = {}
    for key in sorted(catalog().keys):
        for number in (1, 2) if key in catalog().plurals else (None,):
            template = catalog().template(key, "fr", number)
            words = english_words(_without_placeholders(template))
            if words:
                found[key] = words
    assert found == {}


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
