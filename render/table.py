"""The picture of the public table: melds (or tile sets), piles, players and whose turn.

Layout, top to bottom: a header (variant, round, whose turn); the seats in a grid (name,
pieces in hand, match score, and whether the seat has opened where the table has an opening
minimum); then the piles on the left (stock and discard pile
top, or the tile pool) and the melds flowing in rows on the right, each in a box headed
by its number and who laid it. A joker on the table is drawn purple with the card it
stands for in its index (a tile joker shows the number it stands for, in its colour).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.cards.card import Card, full_deck
from engine.i18n import Msg, t
from engine.names import YOU, shown_name
from engine.rules import Kind
from engine.views import MeldView, PlayerView, PublicView, SeatView, opening_status
from render.art import (
    PILE_CARD,
    TABLE_CARD,
    TABLE_TILE,
    back_sprite,
    card_radius,
    card_sprite,
    piece_sprite,
    tile_radius,
)
from render.draw import (
    background,
    blend,
    draw_text,
    fit,
    fit_size,
    panel,
    paste_sprite,
    shadow,
    text_height,
    text_width,
)
from render.indexed import Blocks, Quantise, felt
from render.labels import turn_text
from render.table_alt import head_note, table_alt
from render.themes import RGB, Back, Theme

WIDTH = 1000
MARGIN = 18
HEADER = 52
SEAT_H = 60
SEAT_H_TALL = 80  # with the score on a line of its own
SEAT_GAP = 10
SEAT_PAD = 12  # inside a seat box, and between its name and its score
DETAIL_SIZE = 14  # the smallest size a seat box's second line is written at, if it can
PILES_W = 120
MELD_PAD = 7
MELD_HEAD = 22
MELD_GAP = 10
CARD_STEP = 37  # cards of a meld overlap, leaving each index visible
MIN_CARD_STEP = 35  # the narrowest overlap that still shows a "10" index whole
TILE_STEP = 50
MOST_PILED = 110  # the most cards of a stock or a discard pile (GameDuell's 2×52 + 6)
MIN_TILE_STEP = 48
# The blocks of tables on the palette, one byte a pixel: a meld box ~25 KB, a header
# ~50 KB. Sized for a few hundred tables at once (a table is 10 to 30 blocks): with 512,
# 200 games' tables pushed each other's blocks out and every table was composed again from
# its sprites (a table picture 5.6 ms instead of 2.7, bench/bot_bench.py at 200 games).
# The blocks of tables not seen lately go first; a bot with a few games keeps a few.
_BLOCKS = Blocks(maxsize=4096)


@dataclass(frozen=True, slots=True)
class _Block:
    meld: MeldView
    width: int
    x: int
    y: int
    note: str  # what the box says beside the meld's number (:func:`head_note`)


def _shown_melds(view: PublicView) -> tuple[tuple[MeldView, ...], bool]:
    """The melds to draw, and whether they are the current player's unconfirmed draft."""
    if isinstance(view, PlayerView) and view.draft is not None:
        return view.draft, True
    return view.melds, False


def _piece_size(tiles: bool) -> tuple[tuple[int, int], int]:
    return (TABLE_TILE, TILE_STEP) if tiles else (TABLE_CARD, CARD_STEP)


def _meld_width(meld: MeldView, tiles: bool, note: str, tight: bool = False) -> int:
    size, step = _piece_size(tiles)
    if tight:
        step = MIN_TILE_STEP if tiles else MIN_CARD_STEP
    cards = step * (len(meld.pieces) - 1) + size[0] if meld.pieces else size[0]
    head = text_width(str(meld.number), 18, True) + 8 + min(text_width(note, 16), 120)
    return 2 * MELD_PAD + max(cards, head)


def _flow(
    view: PublicView,
    melds: Sequence[MeldView],
    tiles: bool,
    area: tuple[int, int, int, int],
    lang: str,
) -> tuple[list[_Block], int]:
    """Place the meld boxes in rows; the blocks and the bottom of the last row.

    ``area`` is (left, top, right, clear): rows start at ``left`` beside the piles, and at
    the picture's margin once they are below ``clear`` (the bottom of the piles).
    """
    left, top, right, clear = area
    size, _ = _piece_size(tiles)
    block_h = 2 * MELD_PAD + MELD_HEAD + size[1]
    blocks: list[_Block] = []
    start, y = left, top
    x = start
    for meld in melds:
        note = head_note(view, meld, lang)
        width = min(_meld_width(meld, tiles, note), right - MARGIN)
        if x > start and x + width > right:
            # Squeeze the overlap rather than leave the end of the row empty.
            tight = _meld_width(meld, tiles, note, tight=True)
            if x + tight <= right:
                width = right - x
            else:
                y += block_h + MELD_GAP
                start = MARGIN if y >= clear else left
                x = start
        width = min(width, right - x)
        blocks.append(_Block(meld, width, x, y, note))
        x += width + MELD_GAP
    bottom = y + block_h if melds else top + 40
    return blocks, bottom


@lru_cache(maxsize=384)  # ~70 KB each: a few tables of every theme
def _meld_image(
    theme: Theme, meld: MeldView, width: int, note: str, mine: bool, tiles: bool, lang: str
) -> Image.Image:
    """One meld's box on the felt, opaque (a table redrawn later pastes it again as is);
    an unfinished draft set is outlined and noted in the colour of what may not stay."""
    size, step = _piece_size(tiles)
    height = 2 * MELD_PAD + MELD_HEAD + size[1]
    image = Image.new("RGB", (width, height), theme.felt)
    fill = blend(theme.felt, theme.panel, 0.6)
    invalid = meld.kind == "invalid"
    outline = theme.bad if invalid else theme.you if mine else None
    panel(image, (0, 0, width, height), 10, fill, outline, 2)
    number = str(meld.number)
    number_w = draw_text(image, (MELD_PAD, 4), number, 18, theme.accent, bold=True)
    if note:
        room = width - 2 * MELD_PAD - number_w - 8
        text, note_size = fit_size(note, 16, invalid, room, 12)
        draw_text(image, (MELD_PAD + number_w + 8, 6 + (16 - note_size) // 2), text, note_size,
                  theme.bad if invalid else theme.text_dim, bold=invalid)
    count = len(meld.pieces)
    room = width - 2 * MELD_PAD - size[0]
    step = min(step, room // (count - 1)) if count > 1 else step
    radius = tile_radius(size[0]) if tiles else card_radius(size[0])
    top = MELD_PAD + MELD_HEAD
    if count:
        box = (MELD_PAD, top, MELD_PAD + step * (count - 1) + size[0], top + size[1])
        shadow(image, box, radius, 3, theme.shadow_alpha // 2, (2, 3))
    for i, piece in enumerate(meld.pieces):
        stands = meld.stands_for[i] if i < len(meld.stands_for) else None
        sprite = piece_sprite(theme, size, piece, stands, lang)
        paste_sprite(image, sprite, (MELD_PAD + i * step, top))
    return image


def _header_texts(view: PublicView, lang: str) -> tuple[str, str, str]:
    """The header's title, whose turn it is (or that the round is over) and its case."""
    variant = t(f"variant.{view.variant}", lang)
    title = f"{variant}  ·  {t('picture.round', lang, n=view.round_number)}"
    turn, case = turn_text(view, lang)
    return title, turn, case


@lru_cache(maxsize=64)
def _header(theme: Theme, width: int, title: str, turn: str, case: str) -> Image.Image:
    """The top strip of the picture, on the felt and its rim, opaque and cached (a table
    shows a few headers in a round: one a seat to play)."""
    image = background(width, HEADER + 40, theme.felt, theme.felt_dark).crop(
        (0, 0, width, HEADER))
    title_w = draw_text(image, (MARGIN + 4, 15), title, 22, theme.text, bold=True)
    if not turn:
        return image
    turn = fit(turn, 18, True, image.width - title_w - 3 * MARGIN - 40)
    turn_w = text_width(turn, 18, True) + 28
    x1 = image.width - MARGIN - 4
    fill = theme.panel_line if case == "over" else theme.accent
    ink = theme.text if case == "over" else theme.felt_dark
    panel(image, (x1 - turn_w, 12, x1, 44), 16, fill)
    draw_text(image, (x1 - turn_w // 2, 28), turn, 18, ink, bold=True, anchor="centre",
              middle=True)
    return image


@lru_cache(maxsize=32)
def _felt_text(theme: Theme, text: str, size: int, colour: RGB, bold: bool) -> Image.Image:
    """A line of text on the plain felt, opaque (the draft's title, "no melds yet")."""
    image = Image.new("RGB", (text_width(text, size, bold), text_height(size, bold)),
                      theme.felt)
    draw_text(image, (0, 0), text, size, colour, bold=bold)
    return image


def _seat_columns(count: int) -> int:
    return count if count <= 4 else 3


def _seat_width(picture_width: int, players: int) -> int:
    columns = _seat_columns(players)
    return (picture_width - 2 * MARGIN - (columns - 1) * SEAT_GAP) // columns


@lru_cache(maxsize=4096)
def _seat_texts(seat: SeatView, current: bool, you: bool, lang: str) -> tuple[str, str]:
    """A seat box's name line and score (written once per seat and state: a table asks
    for them on every picture, to size its boxes and to find their blocks)."""
    name = ("▶ " if current else "") + _seat_name(seat, you, lang)
    return name, t("picture.points", lang, n=seat.score)


def _widest_seat(view: PublicView, highlight_seat: int | None, lang: str) -> int:
    """The width a seat box needs for the longest name beside its score."""
    widest = 0
    for i, seat in enumerate(view.seats):
        name, score = _seat_texts(seat, i == view.current, i == highlight_seat, lang)
        widest = max(widest, text_width(name, 20, True) + text_width(score, 20, True))
    return widest + 3 * SEAT_PAD


def _min_width(players: int, widest: int) -> int:
    """The narrowest table (a narrow one shows larger on a phone) whose seat boxes still
    hold every name beside its score (``widest``); the full width when none does."""
    narrow = 640 if players <= 3 else 820
    for width in range(narrow, WIDTH, 20):
        if widest <= _seat_width(width, players):
            return width
    return WIDTH


# A seat box is pasted in two bands, each a block of its own: its name and score above
# SEAT_SPLIT, its hand and opening (and a score of its own line) below. A draw changes
# the hand's line only; the texts of both bands meet no row of the other's.
SEAT_SPLIT = 34


@lru_cache(maxsize=64)
def _seat_panel(theme: Theme, width: int, height: int, current: bool, you: bool
                ) -> Image.Image:
    """A seat box without its texts: the panel, outlined as whose turn it is or as the
    viewer's own (drawn once per look)."""
    image = Image.new("RGB", (width, height), theme.felt)
    outline = theme.accent if current else theme.you if you else theme.panel_line
    panel(image, (0, 0, width, height), 12, theme.panel, outline, 3 if current or you else 1)
    return image


def _seat_top(theme: Theme, name: str, score: str, width: int, current: bool, you: bool,
              score_below: bool) -> Image.Image:
    """A seat box's upper band: the name, and the score beside it (unless
    ``score_below``: names too long for the score beside them even on the widest table);
    a name still too long is written smaller before it is ever cut."""
    height = SEAT_H_TALL if score_below else SEAT_H
    image = _seat_panel(theme, width, height, current, you).crop((0, 0, width, SEAT_SPLIT))
    room = width - 2 * SEAT_PAD
    if not score_below:
        room -= draw_text(image, (width - SEAT_PAD, 9), score, 20, theme.text, bold=True,
                          anchor="right") + SEAT_PAD
    name, name_size = fit_size(name, 20, True, room, 15)
    colour = theme.accent if current else theme.text
    draw_text(image, (SEAT_PAD, 8 + (20 - name_size) // 2), name, name_size, colour, bold=True)
    return image


def _seat_bottom(theme: Theme, detail: str, score: str, width: int, current: bool,
                 you: bool, score_below: bool) -> Image.Image:
    """A seat box's lower band: its hand size and whether it has opened, and the score on
    a line of its own when ``score_below``."""
    height = SEAT_H_TALL if score_below else SEAT_H
    image = _seat_panel(theme, width, height, current, you).crop(
        (0, SEAT_SPLIT, width, height))
    if score_below:
        draw_text(image, (SEAT_PAD, 56 - SEAT_SPLIT), score, 16, theme.text, bold=True)
    detail, detail_size = fit_size(detail, 16, False, width - 2 * SEAT_PAD, 12)
    draw_text(image, (SEAT_PAD, 35 - SEAT_SPLIT + (16 - detail_size) // 2), detail,
              detail_size, theme.text_dim)
    return image


@lru_cache(maxsize=4096)
def _seat_detail(seat: SeatView, tiles: bool, status: Msg | None, lang: str) -> str:
    """A seat box's second line: its hand size and whether it has opened."""
    detail = t("count.tiles" if tiles else "count.cards", lang, count=seat.hand_size)
    if status is not None:
        detail += f"  ·  {'✓ ' if seat.has_opened else ''}{status.text(lang)}"
    return detail


def _widest_detail(view: PublicView, tiles: bool, lang: str) -> int:
    """The width a seat box needs for its longest second line, written at least at
    :data:`DETAIL_SIZE` (« 13 cartes · pas encore posé » whole, never cut)."""
    widest = max((text_width(_seat_detail(seat, tiles, opening_status(view, seat), lang),
                             DETAIL_SIZE, False) for seat in view.seats), default=0)
    return widest + 2 * SEAT_PAD


def _seat_name(seat: SeatView, you: bool, lang: str) -> str:
    """The seat's name in words, marked when it is the viewer's (unless the name already
    says so: the terminal's player is called "You")."""
    name = shown_name(seat.name, lang)
    if you and seat.name != YOU:
        name += f" ({t('picture.you', lang)})"
    return name


def _seats(
    paste: Callable[..., None],
    picture_width: int,
    view: PublicView,
    top: int,
    tiles: bool,
    highlight_seat: int | None,
    lang: str,
    below: bool,
) -> None:
    """Paste the seat boxes (``below``: each score on a line of its own)."""
    columns = _seat_columns(len(view.seats))
    width = _seat_width(picture_width, len(view.seats))
    step = (SEAT_H_TALL if below else SEAT_H) + SEAT_GAP
    for i, seat in enumerate(view.seats):
        row, column = divmod(i, columns)
        x, y = MARGIN + column * (width + SEAT_GAP), top + row * step
        current, you = i == view.current, i == highlight_seat
        name, score = _seat_texts(seat, current, you, lang)
        detail = _seat_detail(seat, tiles, opening_status(view, seat), lang)
        paste(_seat_top, (x, y), name, score, width, current, you, below)
        paste(_seat_bottom, (x, y + SEAT_SPLIT), detail, score if below else "", width,
              current, you, below)


def _piles_height(tiles: bool) -> int:
    return TABLE_TILE[1] + 64 if tiles else 2 * PILE_CARD[1] + 104


# The piles' column is pasted in four bands, each a block of its own, so that a turn
# (the stock a card shorter, another card on the discard pile) maps only the bands it
# changes onto the palette, and those are small: the stock's backs (a few looks), the
# stock's count under them, the discard pile's top card (one block a card), its count.
# The bands meet where nothing of either is drawn: the stock's shadow ends 16 rows under
# its top card, above the count's last rows; the discard pile's shadow starts 4 rows
# above its card, under the reshuffles' line, and ends where its count begins.
STOCK_LABEL_Y = PILE_CARD[1] + 12  # the stock's count, then the reshuffles (h + 32)
DISCARD_Y = PILE_CARD[1] + 50  # the discard pile's top card and its shadow
DISCARD_LABEL_Y = 2 * PILE_CARD[1] + 66  # the discard pile's count
POOL_LABEL_Y = TABLE_TILE[1] + 26  # the tile pool's count


def _stock_backs(stock_size: int) -> int:
    """How many backs show on the stock: up to three, none for an empty stock."""
    return min(3, max(1, stock_size // 10)) if stock_size else 0


def _stock_band(theme: Theme, back: Back, stock_backs: int, tiles: bool) -> Image.Image:
    """The stock (or the tile pool) above its count, opaque."""
    return _piles_art(theme, back, stock_backs, tiles).crop(
        (0, 0, PILES_W, POOL_LABEL_Y if tiles else STOCK_LABEL_Y))


def _stock_label(theme: Theme, back: Back, stock_size: int, reshuffles: int, tiles: bool,
                 lang: str) -> Image.Image:
    """The stock's count (and how many times it was made again from the discard pile),
    or the tile pool's, on what the stock's art has in those rows (its shadow's end)."""
    art = _piles_art(theme, back, _stock_backs(stock_size), tiles)
    if tiles:
        image = art.crop((0, POOL_LABEL_Y, PILES_W, art.height))
        _pile_label(image, 0, t("picture.pool", lang, n=stock_size), 17, theme.text)
        return image
    image = art.crop((0, STOCK_LABEL_Y, PILES_W, DISCARD_Y))
    _pile_label(image, 0, t("picture.stock", lang, n=stock_size), 17, theme.text)
    if reshuffles:
        again = t("picture.reshuffled", lang, n=reshuffles)
        _pile_label(image, 20, again, 14, theme.text_dim, bold=False)
    return image


def _discard_band(theme: Theme, discard_top: Card | None, lang: str) -> Image.Image:
    """The discard pile's top card with its shadow (or its empty place), opaque."""
    w, h = PILE_CARD
    image = Image.new("RGB", (PILES_W, DISCARD_LABEL_Y), theme.felt)
    x, y = PILES_W // 2 - w // 2, h + 54
    if discard_top is not None:
        shadow(image, (x, y, x + w, y + h), card_radius(w), 4, theme.shadow_alpha)
        paste_sprite(image, card_sprite(theme, w, h, discard_top, lang=lang), (x, y))
    else:
        panel(image, (x, y, x + w, y + h), card_radius(w), theme.panel_line)
        panel(image, (x + 2, y + 2, x + w - 2, y + h - 2), card_radius(w) - 2, theme.felt)
    return image.crop((0, DISCARD_Y, PILES_W, DISCARD_LABEL_Y))


def _discard_label(theme: Theme, text: str) -> Image.Image:
    """The discard pile's count on the felt."""
    image = Image.new("RGB", (PILES_W, _piles_height(False) - DISCARD_LABEL_Y), theme.felt)
    _pile_label(image, 0, text, 17, theme.text)
    return image


def _pile_blocks(back: Back, stock_size: int, reshuffles: int, discard_top: Card | None,
                 discard_size: int, tiles: bool, lang: str
                 ) -> list[tuple[Callable[..., Image.Image], int, tuple[Hashable, ...]]]:
    """The piles' bands as blocks: each block's function, its top in the piles' column and
    its arguments after the theme (the stock and its count, the discard pile and its
    count; or the tile pool and its count)."""
    label_y = POOL_LABEL_Y if tiles else STOCK_LABEL_Y
    blocks: list[tuple[Callable[..., Image.Image], int, tuple[Hashable, ...]]] = [
        (_stock_band, 0, (back, _stock_backs(stock_size), tiles)),
        (_stock_label, label_y, (back, stock_size, reshuffles, tiles, lang)),
    ]
    if not tiles:
        text = (t("picture.discard", lang, n=discard_size) if discard_top is not None
                else t("picture.discard_empty", lang))
        blocks += [(_discard_band, DISCARD_Y, (discard_top, lang)),
                   (_discard_label, DISCARD_LABEL_Y, (text,))]
    return blocks


def _piles(paste: Callable[..., None], view: PublicView, back: Back, top: int, tiles: bool,
           lang: str) -> None:
    """Paste the piles' bands at ``top`` of the piles' column."""
    for make, y, args in _pile_blocks(back, view.stock_size, view.reshuffles,
                                      view.discard_top, view.discard_size, tiles, lang):
        paste(make, (MARGIN, top + y), *args)


def warm_piles(theme: Theme, back: Back, lang: str, quantise: Quantise, *,
               most: int = MOST_PILED) -> int:
    """Map ahead of time the piles' blocks a card game's tables show: the stock and the
    discard pile at every size up to ``most`` cards, every card on the discard pile, and
    the sprites of every card a meld shows (a joker as every card it may stand for), so
    that the first tables of the games do not pay for them. Returns the blocks made."""
    cards = full_deck(1, 1)
    made = 0
    for size in range(most + 1):
        tops: list[Card | None] = [cards[size % len(cards)], None] if size else [None]
        for top in tops:
            for make, _, args in _pile_blocks(back, size, 0, top, size, False, lang):
                _BLOCKS.get(quantise, make, theme, *args)
                made += 1
    for card in cards:
        _BLOCKS.get(quantise, _discard_band, theme, card, lang)
        piece_sprite(theme, TABLE_CARD, card, None, lang)
        if card.is_joker:
            for stands in cards[:-1]:
                piece_sprite(theme, TABLE_CARD, card, stands, lang)
    return made


@lru_cache(maxsize=16)
def _piles_art(theme: Theme, back: Back, stock_backs: int, tiles: bool) -> Image.Image:
    """The stock's column without its count (which goes where nothing of it is drawn): up
    to three backs (none: an empty place), or the tile pool; drawn down to the discard
    pile's band, which starts under the stock's shadow."""
    image = Image.new("RGB", (PILES_W, _piles_height(tiles) if tiles else DISCARD_Y),
                      theme.felt)
    w, h = PILE_CARD
    centre = PILES_W // 2
    x = centre - w // 2
    if tiles:
        tw, th = TABLE_TILE
        radius = tile_radius(tw)
        for i in range(3):
            tx, ty = centre - tw // 2 + (i - 1) * 14, 8 + abs(i - 1) * 6
            shadow(image, (tx, ty, tx + tw, ty + th), radius, 3, theme.shadow_alpha)
            panel(image, (tx, ty, tx + tw, ty + th), radius, theme.tile_edge)
            panel(image, (tx + 2, ty + 2, tx + tw - 2, ty + th - 6), radius - 2, theme.tile_face)
        return image
    for i in range(stock_backs):
        y = 6 - i * 3
        shadow(image, (x + i * 2, y, x + i * 2 + w, y + h), card_radius(w), 3, theme.shadow_alpha)
        paste_sprite(image, back_sprite(back, w, h), (x + i * 2, y))
    if not stock_backs:
        panel(image, (x, 6, x + w, 6 + h), card_radius(w), theme.panel_line)
        panel(image, (x + 2, 8, x + w - 2, 4 + h), card_radius(w) - 2, theme.felt)
    return image


def _pile_label(image: Image.Image, y: int, text: str, size: int, colour: RGB, *,
                bold: bool = True) -> None:
    """A label centred under a pile, written smaller (never cut short) to fit the piles'
    column: ``Défausse : 104`` as well as ``Discard: 17``."""
    text, size = fit_size(text, size, bold, image.width - 4, 11)
    top = y + (text_height(17 if bold else 14, bold) - text_height(size, bold)) // 2
    draw_text(image, (image.width // 2, top), text, size, colour, bold=bold, anchor="centre")


def clear_caches() -> None:
    """Forget every cached block of the tables, so that the next tables draw them afresh
    (tests that record what is drawn)."""
    for cached in (_meld_image, _seat_panel, _seat_texts, _seat_detail, _piles_art, _header,
                   _felt_text):
        cached.cache_clear()
    _BLOCKS.clear()


def compose_table(
    view: PublicView, theme: Theme, back: Back, lang: str, highlight_seat: int | None,
    quantise: Quantise | None = None,
) -> tuple[Image.Image, str]:
    """The table picture and its alt text (see :func:`render_table`): in RGB, or with
    ``quantise`` (the theme's palette mapping) directly on the palette, from blocks mapped
    once each (:mod:`render.indexed`)."""
    tiles = view.kind is Kind.TILES
    if highlight_seat is None and isinstance(view, PlayerView):
        highlight_seat = view.seat
    melds, draft = _shown_melds(view)
    widest = _widest_seat(view, highlight_seat, lang)
    narrowest = _min_width(len(view.seats), max(widest, _widest_detail(view, tiles, lang)))
    # The picture is at least that wide: the seat boxes are tall only if even then (the
    # full width) a name and its score do not fit side by side.
    tall = widest > _seat_width(narrowest, len(view.seats))
    rows = math.ceil(len(view.seats) / _seat_columns(len(view.seats)))
    seats_h = rows * ((SEAT_H_TALL if tall else SEAT_H) + SEAT_GAP) if view.seats else 0
    top = HEADER + seats_h + 6
    left = MARGIN + PILES_W + 16
    melds_top = top + (30 if draft else 0)
    piles_bottom = top + _piles_height(tiles)
    blocks, bottom = _flow(view, melds, tiles, (left, melds_top, WIDTH - MARGIN, piles_bottom),
                           lang)
    height = max(bottom, piles_bottom) + MARGIN
    width = WIDTH
    if all(block.y == melds_top for block in blocks):
        # A single row of melds: a narrower picture shows larger on a phone.
        right = max((block.x + block.width for block in blocks), default=left + 300)
        width = max(narrowest, right + MARGIN)
    if quantise is None:
        image = background(width, height, theme.felt, theme.felt_dark)
    else:
        image = felt(theme, width, height, quantise)

    def paste(make: Callable[..., Image.Image], xy: tuple[int, int], *args: Hashable) -> None:
        image.paste(_BLOCKS.get(quantise, make, theme, *args), xy)

    paste(_header, (0, 0), width, *_header_texts(view, lang))
    _seats(paste, image.width, view, HEADER, tiles, highlight_seat, lang, tall)
    _piles(paste, view, back, top, tiles, lang)
    if draft:
        paste(_felt_text, (left, top + 2), t("picture.draft", lang), 18, theme.accent, True)
    if not melds:
        text = t("picture.no_sets" if tiles else "picture.no_melds", lang)
        paste(_felt_text, (left + 8, melds_top + 10), text, 20, theme.text_dim, False)
    for block in blocks:
        mine = highlight_seat is not None and block.meld.owner == highlight_seat
        paste(_meld_image, (block.x, block.y), block.meld, block.width, block.note, mine, tiles,
              lang)
    return image, table_alt(view, melds, tiles, draft, lang)
