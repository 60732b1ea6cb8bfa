"""The picture of a player's own hand (cards) or rack (tiles).

The pieces are shown in the player's chosen sort, in rows of at most seven cards (ten
tiles) so that a 13-card hand stays legible on a phone, each over a position number
(1-based) the player can type to name it. The piece just drawn is raised in a gold frame;
pieces that can be laid, that may not be discarded this turn, or that must be laid again
get a coloured number and a legend.

The picture shows the hand and nothing of the rest of the game (whose turn it is is said
by the text sent with it), so that it changes only when the hand does: :func:`hand_key`
says when two pictures would be the same, and the bot draws a hand only when it changed.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.hand_order import read_sort, sorted_hand
from engine.i18n import t
from engine.notation import writer
from engine.rules import Kind
from engine.views import Piece, PlayerView
from render.art import HAND_CARD, HAND_TILE
from render.draw import (
    background,
    blend,
    draw_text,
    fit_size,
    panel,
    text_width,
)
from render.hand_cells import PILL_H, Op, PieceOp, PillOp, WoodOp, paste_row, play
from render.hand_cells import clear_caches as clear_cells
from render.indexed import Blocks, Quantise, felt
from render.labels import colon
from render.themes import RGB, Theme

MARGIN = 20
HEADER = 48
GAP = 10
LIFT = 14  # how far the card just drawn is raised
PILL_GAP = 6
ROW_GAP = 10
LEGEND = 44  # the legend's first line, with its margin
LEGEND_LINE = 32
MIN_WIDTH = 560
ROW_ABOVE = 5  # the gold frame of a piece just drawn rises this far above its row
# The header and legend strips on the palette (~40 KB each).
_STRIPS = Blocks(maxsize=128)

_Item = tuple[RGB | None, str]  # a legend entry: swatch colour, text


def _last_index(hand: Sequence[Piece], piece: Piece | None) -> int | None:
    """The last index holding ``piece`` (a card drawn or taken is added at the end)."""
    if piece is None:
        return None
    for i in range(len(hand) - 1, -1, -1):
        if hand[i] == piece:
            return i
    return None


@dataclass(frozen=True, slots=True)
class _Marks:
    drawn: int | None
    keep: int | None
    must_lay: int | None
    playable: frozenset[int]


def _marks(view: PlayerView, playable: Collection[int] | None) -> _Marks:
    return _Marks(
        drawn=_last_index(view.hand, view.drawn),
        keep=_last_index(view.hand, view.taken_from_discard),
        must_lay=_last_index(view.hand, view.must_lay),
        playable=frozenset(i for i in (playable or ()) if 0 <= i < len(view.hand)),
    )


def _layout(count: int, per_row_max: int) -> tuple[int, int]:
    rows = max(1, math.ceil(count / per_row_max))
    return rows, max(1, math.ceil(count / rows))


def _pill_colours(theme: Theme, marks: _Marks, index: int) -> tuple[RGB, RGB]:
    dark = theme.felt_dark
    if index == marks.must_lay:
        return theme.accent, dark
    if index == marks.keep:
        return theme.bad, dark
    if index in marks.playable:
        return theme.good, dark
    return theme.panel, theme.text


@lru_cache(maxsize=64)
def _header(
    theme: Theme, width: int, height: int, tiles: bool, sort: str, count: int, lang: str
) -> Image.Image:
    """The strip above the rows: the title, how many pieces, the sort (opaque, cached)."""
    image = background(width, height, theme.felt, theme.felt_dark).crop(
        (0, 0, width, HEADER - ROW_ABOVE))
    title = t("picture.your_rack" if tiles else "picture.your_hand", lang)
    x = MARGIN
    x += draw_text(image, (x, 14), title, 24, theme.text, bold=True)
    pieces = t("count.tiles" if tiles else "count.cards", lang, count=count)
    order = t(f"sort.tiles.{sort}" if tiles else f"sort.{sort}", lang)
    # No turn in the picture (the text sent with it says it): the detail gives way to the
    # width alone (smaller, or cut).
    detail, size = fit_size(f"  ·  {pieces}  ·  {order}", 20, False, image.width - MARGIN - x, 14)
    draw_text(image, (x, 17 + (20 - size) // 2), detail, size, theme.text_dim)
    return image


def hand_key(
    view: PlayerView,
    sort: str,
    order: Sequence[int] | None,
    lang: str,
    playable: Collection[int] | None,
) -> tuple[object, ...]:
    """What the hand picture of ``view`` is drawn from, besides its theme: two views with
    the same key give the same picture (their other fields, such as whose turn it is or
    the table, do not show in it)."""
    return (
        view.kind, view.hand, view.drawn, view.taken_from_discard, view.must_lay,
        view.opening_needed, read_sort(sort), tuple(order) if order is not None else None,
        lang, frozenset(playable) if playable is not None else None,
    )  # fmt: skip


def _legend_items(theme: Theme, view: PlayerView, marks: _Marks, lang: str) -> list[_Item]:
    items: list[_Item] = []
    if marks.drawn is not None:
        items.append((theme.accent, t("picture.drawn", lang)))
    if marks.playable:
        items.append((theme.good, t("picture.playable", lang)))
    if marks.keep is not None:
        items.append((theme.bad, t("picture.keep", lang)))
    if marks.must_lay is not None:
        items.append((theme.accent, t("picture.must_lay", lang)))
    if view.opening_needed > 0:
        items.append((None, t("picture.opening", lang, count=view.opening_needed)))
    return items


def _item_width(item: _Item) -> int:
    return (32 if item[0] is not None else 0) + text_width(item[1], 20) + 24


def _legend_lines(items: list[_Item], width: int) -> list[list[_Item]]:
    """The legend's items, wrapped into lines that fit ``width``."""
    lines: list[list[_Item]] = []
    used = width
    for item in items:
        needed = _item_width(item)
        if not lines or used + needed > width - 2 * MARGIN + 24:
            lines.append([])
            used = 0
        lines[-1].append(item)
        used += needed
    return lines


@lru_cache(maxsize=64)
def _legend(theme: Theme, width: int, height: int, top: int,
            lines: tuple[tuple[_Item, ...], ...]) -> Image.Image:
    """The strip under the rows, from ``top`` down: the legend's lines (opaque, cached)."""
    image = background(width, height, theme.felt, theme.felt_dark).crop(
        (0, top, width, height))
    for number, line in enumerate(lines):
        x, y = MARGIN, number * LEGEND_LINE
        for colour, text in line:
            if colour is not None:
                panel(image, (x, y + 6, x + 24, y + 28), 6, colour)
                x += 32
            x += draw_text(image, (x, y + 17), text, 20, theme.text, middle=True) + 24
    return image


def clear_caches() -> None:
    """Forget the strips and cells of the hands kept, so that the next hands draw them
    afresh (tests that record what is drawn)."""
    for cached in (_header, _legend):
        cached.cache_clear()
    _STRIPS.clear()
    clear_cells()


def compose_hand(
    view: PlayerView,
    theme: Theme,
    sort: str,
    order: Sequence[int] | None,
    lang: str,
    playable: Collection[int] | None,
    quantise: Quantise | None = None,
) -> tuple[Image.Image, str]:
    """The hand picture and its alt text (see :func:`render_hand`): in RGB, or with
    ``quantise`` (the theme's palette mapping) directly on the palette, from cells mapped
    once each (:mod:`render.hand_cells`)."""
    sort = read_sort(sort)
    shown = sorted_hand(view.hand, sort, order)
    tiles = view.kind is Kind.TILES
    size = HAND_TILE if tiles else HAND_CARD
    rows, per_row = _layout(len(shown), 10 if tiles else 7)
    marks = _marks(view, playable)
    row_h = LIFT + size[1] + PILL_GAP + PILL_H + ROW_GAP
    width = max(MIN_WIDTH, 2 * MARGIN + per_row * size[0] + (per_row - 1) * _gap(tiles))
    lines = tuple(tuple(line) for line in _legend_lines(
        _legend_items(theme, view, marks, lang), width))
    legend_h = LEGEND + LEGEND_LINE * (len(lines) - 1) if lines else 0
    height = HEADER + rows * row_h + legend_h + MARGIN // 2
    legend_top = height - legend_h - MARGIN // 4
    if quantise is None:
        image = background(width, height, theme.felt, theme.felt_dark)
    else:
        image = felt(theme, width, height, quantise)
    image.paste(_STRIPS.get(quantise, _header, theme, width, height, tiles, sort,
                            len(view.hand), lang), (0, 0))
    for row in range(rows):
        chunk = shown[row * per_row : (row + 1) * per_row]
        if not chunk:
            break
        ops, band, edges = _row(view, theme, marks, chunk, (row, per_row, width))
        if quantise is None:
            for op in ops:
                play(image, op, theme, size, lang)
        else:
            paste_row(image, ops, band, edges, theme, size, lang, quantise)
    if lines:
        image.paste(_STRIPS.get(quantise, _legend, theme, width, height, legend_top, lines),
                    (0, legend_top))
    return image, _alt(view, shown, marks, tiles, lang)


def _gap(tiles: bool) -> int:
    return 8 if tiles else GAP


def _row(view: PlayerView, theme: Theme, marks: _Marks, chunk: Sequence[int],
         where: tuple[int, int, int]) -> tuple[list[Op], tuple[int, int, int], list[int]]:
    """A row's drawing operations, its band (top, the pills' top, bottom) and the edges
    between its pieces' cells; ``where``: the row's number, the pieces a full row holds
    and the picture's width."""
    row, per_row, width = where
    tiles = view.kind is Kind.TILES
    size, gap = (HAND_TILE if tiles else HAND_CARD), _gap(tiles)
    row_h = LIFT + size[1] + PILL_GAP + PILL_H + ROW_GAP
    pitch = size[0] + gap
    left = (width - (len(chunk) * size[0] + (len(chunk) - 1) * gap)) // 2
    top = HEADER + row * row_h + LIFT
    pills = top + size[1] + PILL_GAP
    ops: list[Op] = []
    if tiles:
        wood = (left - 12, top + size[1] - 26,
                width - left + 12 - (per_row - len(chunk)) * pitch, pills + PILL_H + 4)
        ops += [WoodOp(wood, theme.rack_dark),
                WoodOp((wood[0], wood[1], wood[2], wood[3] - 5), theme.rack)]
    for column, index in enumerate(chunk):
        x = left + column * pitch
        drawn = index == marks.drawn
        ops.append(PieceOp(view.hand[index], x, top - (LIFT if drawn else 0), drawn))
        fill, ink = _pill_colours(theme, marks, index)
        if tiles and fill == theme.panel:
            fill = blend(theme.rack_dark, theme.felt_dark, 0.3)
        ops.append(PillOp(row * per_row + column + 1, x + size[0] // 2, pills, fill, ink))
    band = (top - LIFT - ROW_ABOVE, pills, pills + PILL_H + 4)
    edges = [left - gap // 2 + k * pitch for k in range(len(chunk) + 1)]
    return ops, band, edges


def _alt(view: PlayerView, shown: list[int], marks: _Marks, tiles: bool, lang: str) -> str:
    title = t("picture.your_rack" if tiles else "picture.your_hand", lang)
    count = t("count.tiles" if tiles else "count.cards", lang, count=len(shown))
    write = writer(lang)
    pieces = write([view.hand[i] for i in shown])
    parts = [f"{title}, {count}{colon(lang)}{pieces}." if pieces else f"{title}, {count}."]

    def mention(key: str, indexes: Sequence[int]) -> None:
        pieces = write([view.hand[i] for i in indexes])
        parts.append(f"{t(f'picture.{key}', lang).capitalize()}{colon(lang)}{pieces}.")

    if marks.drawn is not None:
        mention("drawn", [marks.drawn])
    if marks.playable:
        mention("playable", [i for i in shown if i in marks.playable])
    if marks.keep is not None:
        mention("keep", [marks.keep])
    if marks.must_lay is not None:
        mention("must_lay", [marks.must_lay])
    if view.opening_needed > 0:
        parts.append(t("picture.opening", lang, count=view.opening_needed) + ".")
    return " ".join(parts)
