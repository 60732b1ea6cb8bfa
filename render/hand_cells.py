"""The rows of a hand picture as drawing operations, played on a whole RGB picture or cut
into cells composed on the palette.

A row of a hand is a few operations in order: the rack's wood (tiles), then for each
piece its sprite over its shadow (the piece just drawn: raised, in a gold frame) and its
position number on a pill. :func:`play` draws them on the RGB picture. :func:`paste_row`
cuts the row into cells (a piece, the pill under it, the ends of the row), each composed
once in RGB from the operations that touch it, mapped onto the palette once
(:class:`render.indexed.Blocks`) and pasted as indexes: the same pixels as the whole
picture mapped (a mapping is per pixel), without drawing or mapping them again. A cell's
key holds what it shows: the operations moved to its corner, a neighbour's piece replaced
by a stand-in when only its shadow reaches the cell, so that cells serve many hands.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.cards.card import JOKER
from engine.tiles.tile import TILE_JOKER, Tile
from engine.views import Piece
from render.art import card_radius, piece_sprite, tile_radius
from render.draw import (
    background,
    draw_text,
    panel,
    paste_sprite,
    shadow,
    shadow_mask,
    text_width,
)
from render.indexed import Blocks, Quantise
from render.themes import RGB, Theme

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 excluded)

PILL_H = 32
SHADOW_BLUR = 4
# Where a piece sits in the box of its shadow: the shadow is 2 blurs wider on each side
# and falls 3 pixels right and 4 down (draw.shadow's offset).
_SHADOW_AT = (2 * SHADOW_BLUR - 3, 2 * SHADOW_BLUR - 4)
_FRAME = 5  # the gold frame around the piece just drawn
_BORDER = 18  # the picture's rim and rounded corners lie within this of its edges


@dataclass(frozen=True, slots=True)
class PieceOp:
    """A piece at (x, y) over its shadow; ``drawn``: raised in a gold frame (``y`` is
    then already raised)."""

    piece: Piece
    x: int
    y: int
    drawn: bool

    def extent(self, size: tuple[int, int]) -> Box:
        w, h = size
        return (self.x - _SHADOW_AT[0], self.y - _FRAME, self.x + w + 2 * SHADOW_BLUR + 3,
                self.y + h + 2 * SHADOW_BLUR + 4)

    def body(self, size: tuple[int, int]) -> Box:
        return (self.x, self.y, self.x + size[0], self.y + size[1])


@dataclass(frozen=True, slots=True)
class PillOp:
    """The position number under a piece, centred at ``centre_x``."""

    number: int
    centre_x: int
    top: int
    fill: RGB
    ink: RGB

    def extent(self) -> Box:
        half = _pill_width(self.number) // 2
        return (self.centre_x - half, self.top, self.centre_x + half + 1, self.top + PILL_H)


@dataclass(frozen=True, slots=True)
class WoodOp:
    """A plank of the rack (tiles), a rounded box."""

    box: Box
    colour: RGB

    def extent(self) -> Box:
        return self.box


Op = PieceOp | PillOp | WoodOp


def _pill_width(number: int) -> int:
    return max(40, text_width(str(number), 22, True) + 20)


def _radius(piece: Piece, size: tuple[int, int]) -> int:
    return tile_radius(size[0]) if isinstance(piece, Tile) else card_radius(size[0])


@lru_cache(maxsize=128)  # ~100 KB each: a hand's pieces in a few themes and languages
def _lying_piece(theme: Theme, size: tuple[int, int], piece: Piece, lang: str) -> Image.Image:
    """A hand piece over its soft shadow as one RGBA sprite: pasted once, it gives the
    pixels of the shadow pasted and then the piece (to a unit of rounding), for half the
    blending work of a hand picture."""
    mask = shadow_mask(*size, _radius(piece, size), SHADOW_BLUR, theme.shadow_alpha)
    sprite = Image.new("RGBA", mask.size, (0, 0, 0, 0))
    sprite.putalpha(mask)
    sprite.alpha_composite(piece_sprite(theme, size, piece, lang=lang), _SHADOW_AT)
    return sprite


def play(image: Image.Image, op: Op, theme: Theme, size: tuple[int, int], lang: str) -> None:
    """Draw ``op`` on the RGB ``image``."""
    if isinstance(op, WoodOp):
        panel(image, op.box, 8, op.colour)
    elif isinstance(op, PillOp):
        width = _pill_width(op.number)
        x0 = op.centre_x - width // 2
        panel(image, (x0, op.top, x0 + width, op.top + PILL_H), PILL_H // 2, op.fill)
        draw_text(image, (op.centre_x, op.top + PILL_H // 2), str(op.number), 22, op.ink,
                  bold=True, anchor="centre", middle=True)
    elif not op.drawn:
        sprite = _lying_piece(theme, size, op.piece, lang)
        paste_sprite(image, sprite, (op.x - _SHADOW_AT[0], op.y - _SHADOW_AT[1]))
    else:
        x, y, (w, h) = op.x, op.y, size
        radius = _radius(op.piece, size)
        shadow(image, (x, y, x + w, y + h), radius, SHADOW_BLUR, theme.shadow_alpha)
        panel(image, (x - _FRAME, y - _FRAME, x + w + _FRAME, y + h + _FRAME), radius + _FRAME,
              theme.accent)
        paste_sprite(image, piece_sprite(theme, size, op.piece, lang=lang), (x, y))


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _moved(op: Op, dx: int, dy: int, piece: Piece | None = None) -> Op:
    """``op`` moved by (dx, dy) (a piece op showing ``piece`` instead, when given)."""
    if isinstance(op, PieceOp):
        return PieceOp(piece or op.piece, op.x + dx, op.y + dy, op.drawn)
    if isinstance(op, PillOp):
        return PillOp(op.number, op.centre_x + dx, op.top + dy, op.fill, op.ink)
    x0, y0, x1, y1 = op.box
    return WoodOp((x0 + dx, y0 + dy, x1 + dx, y1 + dy), op.colour)


def _spans(ops: Sequence[Op], size: tuple[int, int]) -> list[tuple[Op, Box, Box | None]]:
    """Each operation with the box it draws in and, for a piece, its body's box."""
    return [(op, op.extent(size), op.body(size)) if isinstance(op, PieceOp)
            else (op, op.extent(), None) for op in ops]


def _cell_ops(spans: Sequence[tuple[Op, Box, Box | None]], box: Box) -> tuple[Op, ...]:
    """The operations that touch ``box``, moved to its corner; a piece whose body stays
    outside (only its shadow or frame reaches in) stands as a joker of its kind."""
    kept: list[Op] = []
    for op, extent, body in spans:
        if not _meets(extent, box):
            continue
        stand_in = None
        if isinstance(op, PieceOp) and body is not None and not _meets(body, box):
            stand_in = TILE_JOKER if isinstance(op.piece, Tile) else JOKER
        kept.append(_moved(op, -box[0], -box[1], stand_in))
    return tuple(kept)


def _cell(theme: Theme, size: tuple[int, int], lang: str, base: tuple[int, ...],
          cell_size: tuple[int, int], ops: tuple[Op, ...]) -> Image.Image:
    """A cell in RGB: its base (plain felt, or a piece of the picture's felt and rim:
    ``(width, height, x, y)`` of the picture and the cell), then ``ops`` in order."""
    if base:
        width, height, x, y = base
        image = background(width, height, theme.felt, theme.felt_dark).crop(
            (x, y, x + cell_size[0], y + cell_size[1]))
    else:
        image = Image.new("RGB", cell_size, theme.felt)
    for op in ops:
        play(image, op, theme, size, lang)
    return image


# Cells on the palette: a piece's ~25 KB, a pill's ~5 KB, one byte a pixel. A hand is ~26
# cells (pieces and their numbers); sized for the hands of a few hundred players at once,
# with the ~1,000 cells of the start-up's warm-up (render.warm.warm_hands: the classic
# theme's cards in both languages) among them.
_CELLS = Blocks(maxsize=3072)


def paste_row(image: Image.Image, ops: Sequence[Op], band: tuple[int, int, int],
              edges: Sequence[int], theme: Theme, size: tuple[int, int], lang: str,
              quantise: Quantise) -> None:
    """Paste a row onto the palette ``image``: the band from ``band[0]`` to ``band[2]``
    cut at ``band[1]`` (between the pieces and their pills) and at ``edges`` (between
    the pieces, left to right), each cell composed once from the ``ops`` that touch it."""
    width, height = image.size
    xs = [0, *edges, width]
    spans = _spans(ops, size)
    for x0, x1 in itertools.pairwise(xs):
        column = [span for span in spans if span[1][0] < x1 and x0 < span[1][2]]
        for y0, y1 in ((band[0], band[1]), (band[1], band[2])):
            box = (x0, y0, x1, y1)
            inside = (x0 >= _BORDER and y0 >= _BORDER and x1 <= width - _BORDER
                      and y1 <= height - _BORDER)
            base = () if inside else (width, height, x0, y0)
            cell = _CELLS.get(quantise, _cell, theme, size, lang, base, (x1 - x0, y1 - y0),
                              _cell_ops(column, box))
            image.paste(cell, (x0, y0))


def clear_caches() -> None:
    """Forget the cells kept (tests that record what is drawn)."""
    _CELLS.clear()
