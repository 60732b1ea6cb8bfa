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

from engine.cards.card import Card
from engine.i18n import t
from engine.notation import writer
from engine.rules import Kind
from engine.tiles.tile import Tile
from engine.views import Piece, PlayerView
from render.art import HAND_CARD, HAND_TILE, card_radius, piece_sprite, tile_radius
from render.draw import (
    background,
    blend,
    draw_text,
    fit_size,
    panel,
    paste_sprite,
    shadow,
    shadow_mask,
    text_width,
)
from render.labels import colon
from render.themes import RGB, Theme

SORTS = ("suit", "rank", "own")
_SORT_ALIASES = {
    "colour": "suit",
    "color": "suit",
    "runs": "suit",
    "number": "rank",
    "groups": "rank",
    "custom": "own",
}

MARGIN = 20
HEADER = 48
GAP = 10
LIFT = 14  # how far the card just drawn is raised
PILL_H = 32
PILL_GAP = 6
ROW_GAP = 10
LEGEND = 44  # the legend's first line, with its margin
LEGEND_LINE = 32
MIN_WIDTH = 560

_Item = tuple[RGB | None, str]  # a legend entry: swatch colour, text


def sort_name(sort: str) -> str:
    """The sort ``sort`` names (an alias such as ``colour`` or ``number`` included).

    Raises:
        ValueError: no sort of that name; the message lists them.
    """
    name = _SORT_ALIASES.get(sort, sort)
    if name not in SORTS:
        raise ValueError(f"unknown sort {sort!r}; choose one of: {', '.join(SORTS)}")
    return name


def _suit_key(piece: Piece) -> tuple[int, int]:
    return piece.sort_key


def _rank_key(piece: Piece) -> tuple[int, int]:
    if isinstance(piece, Card):
        return piece.rank_key
    if piece.colour is None:
        return (14, 0)
    return (piece.number, int(piece.colour))


def sorted_hand(
    hand: Sequence[Piece], sort: str = "suit", order: Sequence[int] | None = None
) -> list[int]:
    """The indexes of ``hand`` in display order; position ``p`` (1-based) is ``result[p - 1]``.

    ``sort`` is ``"suit"`` (suit then rank; colour then number for tiles, jokers last),
    ``"rank"`` (rank then suit) or ``"own"``: the player's ``order``, a permutation of the
    hand's indexes; indexes it lacks (a card drawn since) follow in the engine's order.

    Raises:
        ValueError: an unknown sort, or an ``order`` with a repeated or out-of-range index.
    """
    name = sort_name(sort)
    indexes = range(len(hand))
    if name == "suit":
        return sorted(indexes, key=lambda i: _suit_key(hand[i]))
    if name == "rank":
        return sorted(indexes, key=lambda i: _rank_key(hand[i]))
    chosen = list(order or [])
    if len(set(chosen)) != len(chosen) or any(not 0 <= i < len(hand) for i in chosen):
        raise ValueError(
            f"order {chosen} is not an ordering of the hand's indexes 0–{len(hand) - 1}"
        )
    seen = set(chosen)
    return chosen + [i for i in indexes if i not in seen]


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


def _pill(image: Image.Image, centre_x: int, top: int, number: int, fill: RGB, ink: RGB) -> None:
    """The position number under a piece, on a rounded pill."""
    text = str(number)
    width = max(40, text_width(text, 22, True) + 20)
    x0 = centre_x - width // 2
    panel(image, (x0, top, x0 + width, top + PILL_H), PILL_H // 2, fill)
    draw_text(
        image, (centre_x, top + PILL_H // 2), text, 22, ink, bold=True, anchor="centre", middle=True
    )


def _pill_colours(theme: Theme, marks: _Marks, index: int) -> tuple[RGB, RGB]:
    dark = theme.felt_dark
    if index == marks.must_lay:
        return theme.accent, dark
    if index == marks.keep:
        return theme.bad, dark
    if index in marks.playable:
        return theme.good, dark
    return theme.panel, theme.text


def _header(
    image: Image.Image, theme: Theme, view: PlayerView, tiles: bool, sort: str, lang: str
) -> None:
    title = t("picture.your_rack" if tiles else "picture.your_hand", lang)
    x = MARGIN
    x += draw_text(image, (x, 14), title, 24, theme.text, bold=True)
    pieces = t("count.tiles" if tiles else "count.cards", lang, count=len(view.hand))
    order = t(f"sort.tiles.{sort}" if tiles else f"sort.{sort}", lang)
    # No turn in the picture (the text sent with it says it): the detail gives way to the
    # width alone (smaller, or cut).
    detail, size = fit_size(f"  ·  {pieces}  ·  {order}", 20, False, image.width - MARGIN - x, 14)
    draw_text(image, (x, 17 + (20 - size) // 2), detail, size, theme.text_dim)


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
        view.opening_needed, sort_name(sort), tuple(order) if order is not None else None,
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


def _legend(image: Image.Image, theme: Theme, lines: list[list[_Item]], top: int) -> None:
    for number, line in enumerate(lines):
        x, y = MARGIN, top + number * LEGEND_LINE
        for colour, text in line:
            if colour is not None:
                panel(image, (x, y + 6, x + 24, y + 28), 6, colour)
                x += 32
            x += draw_text(image, (x, y + 17), text, 20, theme.text, middle=True) + 24


def _draw_piece(
    image: Image.Image,
    theme: Theme,
    piece: Piece,
    size: tuple[int, int],
    xy: tuple[int, int],
    drawn: bool,
    lang: str,
) -> None:
    x, y = xy
    if not drawn:
        sprite = _lying_piece(theme, size, piece, lang)
        paste_sprite(image, sprite, (x - _SHADOW_AT[0], y - _SHADOW_AT[1]))
        return
    radius = _radius(piece, size)
    shadow(image, (x, y, x + size[0], y + size[1]), radius, SHADOW_BLUR, theme.shadow_alpha)
    panel(image, (x - 5, y - 5, x + size[0] + 5, y + size[1] + 5), radius + 5, theme.accent)
    paste_sprite(image, piece_sprite(theme, size, piece, lang=lang), (x, y))


SHADOW_BLUR = 4
# Where a piece sits in the box of its shadow: the shadow is 2 blurs wider on each side
# and falls 3 pixels right and 4 down (draw.shadow's offset).
_SHADOW_AT = (2 * SHADOW_BLUR - 3, 2 * SHADOW_BLUR - 4)


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


def compose_hand(
    view: PlayerView,
    theme: Theme,
    sort: str,
    order: Sequence[int] | None,
    lang: str,
    playable: Collection[int] | None,
) -> tuple[Image.Image, str]:
    """The hand picture in RGB and its alt text (see :func:`render_hand`)."""
    sort = sort_name(sort)
    shown = sorted_hand(view.hand, sort, order)
    tiles = view.kind is Kind.TILES
    size = HAND_TILE if tiles else HAND_CARD
    gap = 8 if tiles else GAP
    rows, per_row = _layout(len(shown), 10 if tiles else 7)
    marks = _marks(view, playable)
    items = _legend_items(theme, view, marks, lang)
    row_h = LIFT + size[1] + PILL_GAP + PILL_H + ROW_GAP
    width = max(MIN_WIDTH, 2 * MARGIN + per_row * size[0] + (per_row - 1) * gap)
    lines = _legend_lines(items, width)
    legend_h = LEGEND + LEGEND_LINE * (len(lines) - 1) if lines else 0
    height = HEADER + rows * row_h + legend_h + MARGIN // 2
    image = background(width, height, theme.felt, theme.felt_dark)
    _header(image, theme, view, tiles, sort, lang)
    for row in range(rows):
        chunk = shown[row * per_row : (row + 1) * per_row]
        if not chunk:
            break
        left = (width - (len(chunk) * size[0] + (len(chunk) - 1) * gap)) // 2
        top = HEADER + row * row_h + LIFT
        if tiles:
            wood = (
                left - 12,
                top + size[1] - 26,
                width - left + 12 - (per_row - len(chunk)) * (size[0] + gap),
                top + size[1] + PILL_GAP + PILL_H + 4,
            )
            panel(image, wood, 8, theme.rack_dark)
            panel(image, (wood[0], wood[1], wood[2], wood[3] - 5), 8, theme.rack)
        for column, index in enumerate(chunk):
            x = left + column * (size[0] + gap)
            drawn = index == marks.drawn
            _draw_piece(
                image, theme, view.hand[index], size, (x, top - (LIFT if drawn else 0)), drawn,
                lang,
            )
            fill, ink = _pill_colours(theme, marks, index)
            if tiles and fill == theme.panel:
                fill = blend(theme.rack_dark, theme.felt_dark, 0.3)
            _pill(
                image,
                x + size[0] // 2,
                top + size[1] + PILL_GAP,
                row * per_row + column + 1,
                fill,
                ink,
            )
    if lines:
        _legend(image, theme, lines, height - legend_h - MARGIN // 4)
    return image, _alt(view, shown, marks, tiles, lang)


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
