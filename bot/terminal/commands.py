"""The words of the terminal game: reading command lines into engine actions, showing a view.

The action words and their grammar are the engine's notation (:mod:`engine.notation`),
in the player's language first and in every other (``draw``, ``meld``, ``layoff``,
``swap``, ``discard``; tiles ``play``, ``new``, ``add``, ``move``, ``split``,
``takeback``, ``undo``, ``reset``, ``confirm``, ``draw``, ``pass``; French ``piocher``,
``poser``, ``ajouter``…). A computer's move is shown in the same notation. Every text is
in the message catalog in English and French.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.session.hand import display_order, read_pieces
from bot.terminal.tiles import play_steps
from engine.actions import Action
from engine.cards.actions import Discard
from engine.cards.card import Card
from engine.i18n import t
from engine.notation import format_action, parse_action
from engine.notation_words import VERBS, Word, fold, words_read
from engine.rules import Kind, RuleSet
from engine.tiles.actions import Play, Sets
from engine.tiles.tile import Colour, Tile
from engine.views import MeldView, Piece, PlayerView

RED = "\033[31m"
BLUE = "\033[34m"
YELLOW = "\033[33m"
BOLD = "\033[1m"
MAGENTA = "\033[35m"
RESET = "\033[0m"


# ---------------------------------------------------------------- reading


def parse(word: str, rest: str, view: PlayerView, rules: RuleSet,
          lang: str = "en", sort: str = "suit") -> Sequence[Action] | None:
    """The actions a command line stands for (applied together, in order), or None when
    ``word`` is not an action word. ``discard`` alone discards the card just drawn. A
    card or tile may be named by its position in the hand as shown (``sort``).

    Raises:
        NotationError: the line does not follow the notation (the message says how it
            is written).
    """
    verb = words_read(VERBS[rules.kind], lang).get(fold(word))
    if verb is None:
        return None
    if verb is Word.DISCARD and not rest.strip() and isinstance(view.drawn, Card):
        return [Discard(view.drawn)]
    order = display_order(view, sort)

    def pieces(text: str) -> Sequence[Card | Tile]:
        if rules.kind is Kind.TILES:
            return read_pieces(text, view, order, Tile)
        return read_pieces(text, view, order, Card)

    action = parse_action(f"{word} {rest}", lang, kind=rules.kind, read_pieces=pieces)
    return play_steps(action) if isinstance(action, Play) else [action]


# ---------------------------------------------------------------- showing


def piece_text(piece: Piece, colour: bool) -> str:
    """A card or tile in notation, coloured for an ANSI terminal."""
    if isinstance(piece, Card):
        text = str(piece)
        if not colour:
            return text
        if piece.is_joker:
            return f"{MAGENTA}{text}{RESET}"
        return f"{RED}{text}{RESET}" if piece.suit is not None and piece.suit.is_red else (
            f"{BOLD}{text}{RESET}"
        )
    text = str(piece)
    if not colour:
        return text
    code = {
        None: MAGENTA,
        Colour.BLACK: BOLD,
        Colour.BLUE: BLUE,
        Colour.ORANGE: YELLOW,
        Colour.RED: RED,
    }[piece.colour]
    return f"{code}{text}{RESET}"


def pieces_text(pieces: Sequence[Piece], colour: bool) -> str:
    return " ".join(piece_text(piece, colour) for piece in pieces)


def show_hand(view: PlayerView, by_rank: bool, colour: bool) -> str:
    """The hand in the order of the hand picture (by suit then rank, or by rank), each
    piece after its position: ``1:7♥  2:8♥`` (a command may give the position instead)."""
    order = display_order(view, "rank" if by_rank else "suit")
    return "  ".join(f"{position}:{piece_text(view.hand[index], colour)}"
                     for position, index in enumerate(order, 1))


def show_table(view: PlayerView, colour: bool, lang: str) -> list[str]:
    """Lines describing the table: melds, discard pile, stock and the other seats."""
    lines: list[str] = []
    melds: Sequence[MeldView] = view.draft if view.draft is not None else view.melds
    for meld in melds:
        owner = view.seats[meld.owner].name if meld.owner is not None else ""
        lines.append(
            f"  {meld.number:>2}) {pieces_text(meld.pieces, colour)}"
            + (f"   ({owner})" if owner else "")
        )
    if not melds:
        lines.append("  " + t("local.no_melds", lang))
    if view.kind is Kind.TILES:
        lines.append(t("local.pool", lang, count=view.stock_size))
    else:
        top = piece_text(view.discard_top, colour) if view.discard_top is not None else "—"
        lines.append(
            t(
                "local.piles", lang, top=top, discard=view.discard_size, stock=view.stock_size
            )
        )
    for seat in view.seats:
        if seat.seat == view.seat:
            continue
        lines.append(
            t(
                "local.seat",
                lang,
                name=seat.name,
                cards=seat.hand_size,
                score=seat.score,
                opened="✓" if seat.has_opened else "·",
            )
        )
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
