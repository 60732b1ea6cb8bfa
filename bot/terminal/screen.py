"""What the terminal game shows: pieces (coloured on an ANSI terminal), the hand or rack
numbered in the order of its picture, the table, a computer's move and a finished round.
Every word comes from the catalog, in the player's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.session import Snapshot, display_order, round_ending, round_seat_lines
from engine.actions import Action
from engine.ai import Level, level_name
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import Card, format_card
from engine.i18n import count, t
from engine.names import YOU, shown_name
from engine.notation import format_action
from engine.rules import Kind
from engine.tiles.actions import DrawTile, Pass, Play, Sets
from engine.tiles.tile import Colour
from engine.views import MeldView, Piece, PlayerView, SeatView, opening_status

RED = "\033[31m"
BLUE = "\033[34m"
YELLOW = "\033[33m"
BOLD = "\033[1m"
MAGENTA = "\033[35m"
RESET = "\033[0m"

_TILE_COLOURS = {None: MAGENTA, Colour.BLACK: BOLD, Colour.BLUE: BLUE, Colour.ORANGE: YELLOW,
                 Colour.RED: RED}


def piece_text(piece: Piece, colour: bool, lang: str) -> str:
    """A card (as ``lang`` writes it) or tile in notation, coloured for an ANSI terminal
    when ``colour``."""
    text = format_card(piece, lang) if isinstance(piece, Card) else str(piece)
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


def pieces_text(pieces: Sequence[Piece], colour: bool, lang: str) -> str:
    return " ".join(piece_text(piece, colour, lang) for piece in pieces)


def show_hand(view: PlayerView, sort: str, colour: bool, lang: str) -> str:
    """The hand in the order of the hand picture (``sort``: by suit then rank, or by
    rank), each piece after its position: ``1:7♥  2:8♥`` (a command may give the
    position instead)."""
    order = display_order(view, sort)
    return "  ".join(f"{position}:{piece_text(view.hand[index], colour, lang)}"
                     for position, index in enumerate(order, 1))


def hand_line(view: PlayerView, sort: str, colour: bool, lang: str) -> str:
    """``Your hand: 1:7♥ …`` (``Your rack:`` in tile rummy)."""
    code = "local.rack" if view.kind is Kind.TILES else "local.hand"
    return t(code, lang, hand=show_hand(view, sort, colour, lang))


def show_table(view: PlayerView, colour: bool, lang: str,
               levels: Sequence[Level | None] = ()) -> list[str]:
    """Lines describing the table (or the player's draft, its unfinished sets marked),
    the piles and the other seats (a computer's level, from ``levels`` by seat, in
    words)."""
    lines: list[str] = []
    melds: Sequence[MeldView] = view.draft if view.draft is not None else view.melds
    if view.draft is not None:
        lines.append(t("local.draft", lang))
    for meld in melds:
        owner = shown_name(view.seats[meld.owner].name, lang) if meld.owner is not None else ""
        mark = "   " + t("bot.tiles.unfinished", lang) if meld.kind == "invalid" else ""
        lines.append(f"  {meld.number:>2}) {pieces_text(meld.pieces, colour, lang)}"
                     + (f"   ({owner})" if owner else "") + mark)
    if not melds:
        lines.append("  " + t("local.no_melds", lang))
    tiles = view.kind is Kind.TILES
    if tiles:
        lines.append(t("local.pool", lang, count=view.stock_size))
    else:
        top = (piece_text(view.discard_top, colour, lang) if view.discard_top is not None
               else "—")
        lines.append(t("local.piles", lang, top=top, discard=view.discard_size,
                       stock=view.stock_size))
    for seat in view.seats:
        if seat.seat != view.seat:
            level = levels[seat.seat] if seat.seat < len(levels) else None
            lines.append(seat_line(view, seat, level, lang))
    return lines


def seat_line(view: PlayerView, seat: SeatView, level: Level | None, lang: str) -> str:
    """Another seat: its name (a computer's level in words), its pieces, its score, and
    whether it has opened where the table has an opening minimum."""
    name = shown_name(seat.name, lang)
    if level is not None:
        name = t("local.computer", lang, name=name, level=level_name(level, lang))
    noun = "tiles" if view.kind is Kind.TILES else "cards"
    params = {"name": name, "pieces": count(noun, seat.hand_size),
              "score": count("points", seat.score)}
    status = opening_status(view, seat)
    if status is None:
        return t("local.seat", lang, **params)
    return t("local.seat.opening", lang, status=status, **params)


def describe(name: str, action: Action, before: Sets, colour: bool, lang: str,
             seen: Sets | None = None) -> str:
    """A move by the seat named ``name`` (as saved) in a sentence of ``lang``, with the
    cards' symbols: ``CPU 1 laid 7♥ 8♥ 9♥.``, ``Vous avez défaussé R♠.`` A tile play says
    the sets laid, the table sets they replace (numbered as on the table ``seen``, the
    one the reader was shown, with their tiles) and the tiles it took from the rack
    (``before`` is the table it was played on). A draft edit is echoed in notation."""
    def write(pieces: Sequence[Piece]) -> str:
        return pieces_text(pieces, colour, lang)

    who = shown_name(name, lang)
    person = "local.log.you" if name == YOU else "local.log"
    match action:
        case Draw(source=source):
            return t(f"{person}.{'take' if source == 'discard' else 'draw'}", lang, name=who)
        case Meld(melds=melds):
            return t(f"{person}.meld", lang, name=who,
                     cards=" | ".join(write(meld) for meld in melds))
        case LayOff(cards=cards, meld=meld):
            return t(f"{person}.layoff", lang, name=who, cards=write(cards), meld=meld + 1)
        case SwapJoker(card=card, meld=meld):
            return t(f"{person}.swap", lang, name=who, card=write((card,)), meld=meld + 1)
        case Discard(card=card):
            return t(f"{person}.discard", lang, name=who, card=write((card,)))
        case Play(added=added, replacing=replacing):
            sets = " | ".join(write(tiles) for tiles in added)
            rack = write(action.rack_tiles(before))
            if not replacing:
                return t(f"{person}.play", lang, name=who, sets=sets, tiles=rack)
            numbers = seen_numbers(before, replacing, before if seen is None else seen)
            replaced = ", ".join(
                t("local.log.set", lang, number=number, tiles=write(before[index]))
                if number is not None else
                t("local.log.set.new", lang, tiles=write(before[index]))
                for index, number in zip(replacing, numbers, strict=True))
            return t(f"{person}.play.replacing", lang, name=who, sets=sets, tiles=rack,
                     count=len(replacing), replaced=replaced)
        case DrawTile():
            return t(f"{person}.draw_tile", lang, name=who)
        case Pass():
            return t(f"{person}.pass", lang, name=who)
        case _:
            return t("local.did", lang, name=who, action=format_action(
                action, lang, write_pieces=write))


def seen_numbers(before: Sets, replacing: Sequence[int], seen: Sets) -> list[int | None]:
    """The numbers (from 1) the replaced sets of ``before`` had on the table the reader
    was shown (``seen``), each found once by its tiles; None for a set laid since."""
    free = [sorted(map(str, tiles)) for tiles in seen]
    numbers: list[int | None] = []
    for index in replacing:
        tiles = sorted(map(str, before[index]))
        found = next((number for number, there in enumerate(free) if there == tiles), None)
        if found is not None:
            free[found] = []  # each set of the table is named once
        numbers.append(None if found is None else found + 1)
    return numbers


def round_result(snapshot: Snapshot, colour: bool, lang: str) -> list[str]:
    """A finished round: its title, how it ended, then every seat's points and the
    pieces it still held."""
    assert snapshot.view is not None and snapshot.view.rounds
    number = snapshot.view.rounds[-1].number
    return [t("local.round_over", lang, number=number), round_ending(snapshot, lang),
            *("  " + line for line in round_seat_lines(
                snapshot, lang, lambda pieces: pieces_text(pieces, colour, lang)))]
