"""Tiles of tile rummy (Rummikub-style) and their text notation.

A *tile* has a *colour* (black, blue, orange, red) and a *number* 1–13; a *joker*
has neither (number 0, no colour). The pool holds two of each tile and two jokers.

Notation: a colour letter ``k b o r`` (or a full English or French name: black/noir,
blue/bleu, orange, red/rouge) followed by the number, e.g. ``k5``, ``r13``, ``blue7``;
a joker is ``jk``, ``joker`` or ``*``. Any case; tiles separated by spaces or commas.
:func:`format_tiles` prints the canonical form (``k5 r13 jk``), which parses back.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine.errors import NotationError
from engine.i18n import quote


class Colour(enum.IntEnum):
    """The four tile colours."""

    BLACK = 0
    BLUE = 1
    ORANGE = 2
    RED = 3

    @property
    def letter(self) -> str:
        return "kbor"[self]


JOKER_NUMBER = 0


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: ``Tile(5, Colour.RED)`` is r5; ``Tile.joker()`` is a joker."""

    number: int
    colour: Colour | None

    def __post_init__(self) -> None:
        if self.number == JOKER_NUMBER:
            if self.colour is not None:
                raise ValueError("a joker has no colour")
        elif not 1 <= self.number <= 13 or self.colour is None:
            raise ValueError(f"no tile has number {self.number} and colour {self.colour}")

    @staticmethod
    def joker() -> Tile:
        return TILE_JOKER

    @property
    def is_joker(self) -> bool:
        return self.number == JOKER_NUMBER

    @property
    def sort_key(self) -> tuple[int, int]:
        """Colour then number, jokers last."""
        if self.colour is None:
            return (4, 0)
        return (int(self.colour), self.number)

    def __str__(self) -> str:
        return format_tile(self)

    def __repr__(self) -> str:
        if self.colour is None:
            return "Tile.joker()"
        return f"Tile({self.number}, Colour.{self.colour.name})"


TILE_JOKER = Tile(JOKER_NUMBER, None)


def full_pool(decks: int = 2, jokers: int = 2) -> list[Tile]:
    """``decks`` copies of every colour and number plus ``jokers`` jokers, in a fixed
    order (by default the 106 tiles of the game)."""
    one = [Tile(number, colour) for colour in Colour for number in range(1, 14)]
    return one * decks + [TILE_JOKER] * jokers


def format_tile(tile: Tile) -> str:
    """``k5``, ``r13``; a joker is ``jk``."""
    if tile.colour is None:
        return "jk"
    return f"{tile.colour.letter}{tile.number}"


def format_tiles(tiles: Iterable[Tile]) -> str:
    """The tiles in canonical notation separated by spaces; parses back to the same tiles."""
    return " ".join(format_tile(tile) for tile in tiles)


_COLOURS = {
    "k": Colour.BLACK, "black": Colour.BLACK, "noir": Colour.BLACK, "n": Colour.BLACK,
    "b": Colour.BLUE, "blue": Colour.BLUE, "bleu": Colour.BLUE,
    "o": Colour.ORANGE, "orange": Colour.ORANGE,
    "r": Colour.RED, "red": Colour.RED, "rouge": Colour.RED,
}  # fmt: skip
_JOKERS = frozenset({"jk", "joker", "jo", "*"})
_TOKEN = re.compile(r"([a-z]+)-?(\d{1,2})")
_SEPARATORS = re.compile(r"[\s,;]+")


@cache
def parse_tile(text: str) -> Tile:
    """One tile from its notation (``k5``, ``red12``, ``bleu3``, ``jk``).

    Raises:
        NotationError: ``text`` is not a tile; the message quotes it and says what is accepted.
    """
    token = text.strip().lower()
    if token in _JOKERS:
        return TILE_JOKER
    match = _TOKEN.fullmatch(token)
    if match:
        colour = _COLOURS.get(match.group(1))
        number = int(match.group(2))
        if colour is not None and 1 <= number <= 13:
            return Tile(number, colour)
    raise NotationError("notation.tile", token=quote(text))


def parse_tiles(text: str) -> list[Tile]:
    """Every tile of ``text``, separated by spaces or commas, in the order written.

    Raises:
        NotationError: a token is not a tile, or ``text`` holds no tile at all.
    """
    tokens = [token for token in _SEPARATORS.split(text) if token]
    if not tokens:
        raise NotationError("notation.no_tile")
    return [parse_tile(token) for token in tokens]
