"""What the terminal game shows: pieces (coloured on an ANSI terminal), the hand or rack
numbered in the order of its picture, the table, a computer's move and a finished round.
Every word comes from the catalog, in the player's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.session import Snapshot, display_order, round_ending, round_seat_lines
from engine.actions import Action
from engine.cards.card import Card
from engine.i18n import t
from engine.notation import format_action
from engine.rules import Kind
from engine.tiles.actions import Play, Sets
from engine.tiles.tile import Colour
from engine.views import MeldView, Piece, PlayerView

RED = "\033[31m"
BLUE = "\033[34m"
YELLOW = "\033[33m"
BOLD = "\033[1m"
MAGENTA = "\033[35m"
RESET = "\033[0m"

_TILE_COLOURS = {None: MAGENTA, Colour.BLACK: BOLD, Colour.BLUE: BLUE, Colour.ORANGE: YELLOW,
                 Colour.RED: RED}


def piece_text(piece: Piece, colour: bool) -> str:
    """A card or tile in notation, coloured for an ANSI terminal when ``colour``."""
    text = str(piece)
    if not colour:
        return text
    if isinstance(piece, Card):
        if piece.is_joker:
            code = MAGENTA
        else:
            code = RED if piece.suit is not None and piece.suit.is_red else BOLD
    else:
        code = _TILE_COLOURS[piece.colour]
    return f"{code}{text}{RESET}"


def pieces_text(pieces: Sequence[Piece], colour: bool) -> str:
    return " ".join(piece_text(piece, colour) for piece in pieces)


def show_hand(view: PlayerView, sort: str, colour: bool) -> str:
    """The hand in the order of the hand picture (``sort``: by suit then rank, or by
    rank), each piece after its position: ``1:7♥  2:8♥`` (a command may give the
    position instead)."""
    order = display_order(view, sort)
    return "  ".join(f"{position}:{piece_text(view.hand[index], colour)}"
                     for position, index in enumerate(order, 1))


def hand_line(view: PlayerView, sort: str, colour: bool, lang: str) -> str:
    """``Your hand: 1:7♥ …`` (``Your rack:`` in tile rummy)."""
    code = "local.rack" if view.kind is Kind.TILES else "local.hand"
    return t(code, lang, hand=show_hand(view, sort, colour))


def show_table(view: PlayerView, colour: bool, lang: str) -> list[str]:
    """Lines describing the table (or the player's draft, its unfinished sets marked),
    the piles and the other seats."""
    lines: list[str] = []
    melds: Sequence[MeldView] = view.draft if view.draft is not None else view.melds
    if view.draft is not None:
        lines.append(t("local.draft", lang))
    for meld in melds:
        owner = view.seats[meld.owner].name if meld.owner is not None else ""
        mark = "   " + t("bot.tiles.unfinished", lang) if meld.kind == "invalid" else ""
        lines.append(f"  {meld.number:>2}) {pieces_text(meld.pieces, colour)}"
                     + (f"   ({owner})" if owner else "") + mark)
    if not melds:
        lines.append("  " + t("local.no_melds", lang))
    tiles = view.kind is Kind.TILES
    if tiles:
        lines.append(t("local.pool", lang, count=view.stock_size))
    else:
        top = piece_text(view.discard_top, colour) if view.discard_top is not None else "—"
        lines.append(t("local.piles", lang, top=top, discard=view.discard_size,
                       stock=view.stock_size))
    for seat in view.seats:
        if seat.seat != view.seat:
            lines.append(t("local.seat_rack" if tiles else "local.seat", lang, name=seat.name,
                           cards=seat.hand_size, score=seat.score,
                           opened="✓" if seat.has_opened else "·"))
    return lines


def describe(name: str, action: Action, before: Sets, colour: bool, lang: str) -> str:
    """A computer's move, in the notation of ``lang``: ``CPU 1 ★★★: meld 7♥ 8♥ 9♥``. A
    tile play shows what changed on the table ``before`` it (the sets laid, those they
    replace) and the tiles it took from the rack."""
    def write(pieces: Sequence[Piece]) -> str:
        return pieces_text(pieces, colour)

    text = format_action(action, lang, write_pieces=write)
    if isinstance(action, Play):
        return t("local.did_play", lang, name=name, action=text,
                 tiles=write(action.rack_tiles(before)))
    return t("local.did", lang, name=name, action=text)


def round_result(snapshot: Snapshot, colour: bool, lang: str) -> list[str]:
    """A finished round: its title, how it ended, then every seat's points and the
    pieces it still held."""
    assert snapshot.view is not None and snapshot.view.rounds
    number = snapshot.view.rounds[-1].number
    return [t("local.round_over", lang, number=number), round_ending(snapshot, lang),
            *("  " + line for line in round_seat_lines(
                snapshot, lang, lambda pieces: pieces_text(pieces, colour)))]
