"""The words of the notation (:mod:`engine.notation`), from the text catalog.

Each word has one written form per language (``notation.word.<name>``: ``draw``,
``piocher``) and the forms read (``notation.read.<name>``, separated by spaces: the
written form and aliases such as ``compléter``). Reading ignores case and accents and
takes the words of every language, the reader's first, so that a French player may type
``draw`` and an English one ``piocher``.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Sequence

from engine.i18n import reading_order, t
from engine.rules import Kind


class Word(enum.StrEnum):
    """Every word of the notation: the verbs, then the keywords."""

    DRAW = "draw"
    MELD = "meld"
    LAYOFF = "layoff"
    SWAP = "swap"
    DISCARD = "discard"
    PLAY = "play"
    NEW = "new"
    ADD = "add"
    MOVE = "move"
    SPLIT = "split"
    TAKEBACK = "takeback"
    UNDO = "undo"
    RESET = "reset"
    CONFIRM = "confirm"
    PASS = "pass"
    STOCK = "stock"
    PILE = "pile"  # the discard pile
    FRONT = "front"
    REPLACING = "replacing"


VERBS: dict[Kind, tuple[Word, ...]] = {
    Kind.CARDS: (Word.DRAW, Word.MELD, Word.LAYOFF, Word.SWAP, Word.DISCARD),
    Kind.TILES: (Word.PLAY, Word.NEW, Word.ADD, Word.MOVE, Word.SPLIT, Word.TAKEBACK,
                 Word.UNDO, Word.RESET, Word.CONFIRM, Word.DRAW, Word.PASS),
}
KEYWORDS = (Word.STOCK, Word.PILE, Word.NEW, Word.FRONT, Word.REPLACING)


def word(name: Word, lang: str = "en") -> str:
    """The word ``name`` is written with in ``lang`` (``piocher`` for DRAW in French)."""
    return t(f"notation.word.{name}", lang)


def words_read(names: Sequence[Word], lang: str = "en") -> dict[str, Word]:
    """Every word read for ``names``, folded (lower case, no accents): the words of
    ``lang`` first, then English, then the other languages, where not taken already."""
    table: dict[str, Word] = {}
    for language in reading_order(lang):
        for name in names:
            for text in (word(name, language), *t(f"notation.read.{name}", language).split()):
                table.setdefault(fold(text), name)
    return table


def fold(text: str) -> str:
    """``text`` in lower case without accents (``Défausse`` → ``defausse``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
