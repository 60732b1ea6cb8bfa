"""The words of the terminal game: reading command lines into engine actions, showing a view.

The action words and their grammar are the engine's notation (:mod:`engine.notation`),
in the player's language first and in every other (``draw``, ``meld``, ``layoff``,
``swap``, ``discard``; tiles ``play``, ``new``, ``add``, ``move``, ``split``,
``takeback``, ``undo``, ``reset``, ``confirm``, ``draw``, ``pass``; French ``piocher``,
``poser``, ``ajouter``…); cards are written as the player's language writes them (``7h
Qs`` in English, ``7c Dp`` in French). The terminal's own words (``hand``, ``level``…;
``main``, ``niveau``…) are the catalog's ``local.read.*``. A computer's move, and the
player's own once accepted, is shown in the same notation with the cards' symbols. Every
text is in the message catalog in English and French.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.session.hand import display_order, read_pieces
from bot.terminal.tiles import play_steps
from engine.actions import Action
from engine.ai import level_name
from engine.cards.actions import Discard
from engine.cards.card import Card, format_card
from engine.i18n import count, reading_order, t
from engine.names import shown_name
from engine.notation import format_action, parse_action
from engine.notation_words import VERBS, Word, fold, words_read
from engine.rules import Kind, RuleSet
from engine.tiles.actions import Play, Sets
from engine.tiles.tile import Colour, Tile
from engine.views import MeldView, Piece, PlayerView, SeatView, opening_status

RED = "\033[31m"
BLUE = "\033[34m"
YELLOW = "\033[33m"
BOLD = "\033[1m"
MAGENTA = "\033[35m"
RESET = "\033[0m"

# The terminal's own commands (besides the actions); their words: ``local.read.<name>``.
COMMANDS = ("help", "quit", "hand", "table", "score", "sort", "level", "pictures")


# ---------------------------------------------------------------- reading


def command_of(word: str, lang: str) -> str | None:
    """The terminal command (one of :data:`COMMANDS`) that ``word`` names in any language,
    the player's first (case and accents ignored), or None."""
    wanted = fold(word)
    for language in reading_order(lang):
        for name in COMMANDS:
            if wanted in (fold(text) for text in t(f"local.read.{name}", language).split()):
                return name
    return None


def parse(word: str, rest: str, view: PlayerView, rules: RuleSet,
          lang: str = "en", sort: str = "suit") -> Action | None:
    """The action a command line stands for (:func:`steps` lays it), or None when
    ``word`` is not an action word. ``discard`` alone discards the card just drawn. A
    card or tile may be named by its position in the hand as shown (``sort``), or in the
    notation of ``lang``.

    Raises:
        NotationError: the line does not follow the notation (the message says how it
            is written).
    """
    verb = words_read(VERBS[rules.kind], lang).get(fold(word))
    if verb is None:
        return None
    if verb is Word.DISCARD and not rest.strip() and isinstance(view.drawn, Card):
        return Discard(view.drawn)
    order = display_order(view, sort)

    def pieces(text: str) -> Sequence[Card | Tile]:
        if rules.kind is Kind.TILES:
            return read_pieces(text, view, order, Tile, lang)
        return read_pieces(text, view, order, Card, lang)

    return parse_action(f"{word} {rest}", lang, kind=rules.kind, read_pieces=pieces)


def steps(action: Action) -> Sequence[Action]:
    """The actions that lay ``action`` typed at the prompt, applied together in order."""
    return play_steps(action) if isinstance(action, Play) else [action]


# ---------------------------------------------------------------- showing


def piece_text(piece: Piece, colour: bool, lang: str) -> str:
    """A card (as ``lang`` writes it) or tile in notation, coloured for an ANSI terminal."""
    if isinstance(piece, Card):
        text = format_card(piece, lang)
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


def pieces_text(pieces: Sequence[Piece], colour: bool, lang: str) -> str:
    return " ".join(piece_text(piece, colour, lang) for piece in pieces)


def show_hand(view: PlayerView, by_rank: bool, colour: bool, lang: str) -> str:
    """The hand in the order of the hand picture (by suit then rank, or by rank), each
    piece after its position: ``1:7♥  2:8♥`` (a command may give the position instead)."""
    order = display_order(view, "rank" if by_rank else "suit")
    return "  ".join(f"{position}:{piece_text(view.hand[index], colour, lang)}"
                     for position, index in enumerate(order, 1))


def show_table(view: PlayerView, colour: bool, lang: str,
               levels: Sequence[str | None] = ()) -> list[str]:
    """Lines describing the table: melds, discard pile, stock and the other seats (a
    computer's level, from ``levels`` by seat, in words)."""
    lines: list[str] = []
    melds: Sequence[MeldView] = view.draft if view.draft is not None else view.melds
    for meld in melds:
        owner = shown_name(view.seats[meld.owner].name, lang) if meld.owner is not None else ""
        lines.append(
            f"  {meld.number:>2}) {pieces_text(meld.pieces, colour, lang)}"
            + (f"   ({owner})" if owner else "")
        )
    if not melds:
        lines.append("  " + t("local.no_melds", lang))
    if view.kind is Kind.TILES:
        lines.append(t("local.pool", lang, count=view.stock_size))
    else:
        top = (piece_text(view.discard_top, colour, lang) if view.discard_top is not None
               else "—")
        lines.append(
            t(
                "local.piles", lang, top=top, discard=view.discard_size, stock=view.stock_size
            )
        )
    for seat in view.seats:
        if seat.seat != view.seat:
            level = levels[seat.seat] if seat.seat < len(levels) else None
            lines.append(seat_line(view, seat, level, lang))
    return lines


def seat_line(view: PlayerView, seat: SeatView, level: str | None, lang: str) -> str:
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


def describe(name: str, action: Action, before: Sets, colour: bool, lang: str) -> str:
    """A move by the seat named ``name`` (as saved), in the notation of ``lang`` with the
    cards' symbols: ``CPU 1: meld 7♥ 8♥ 9♥``, ``Vous : poser 7♥ 8♥ 9♥``. A tile play
    shows what changed on the table ``before`` it (the sets laid, those they replace) and
    the tiles it took from the rack."""
    def write(pieces: Sequence[Piece]) -> str:
        return pieces_text(pieces, colour, lang)

    text = format_action(action, lang, write_pieces=write)
    who = shown_name(name, lang)
    if isinstance(action, Play):
        return t("local.did_play", lang, name=who, action=text,
                 tiles=write(action.rack_tiles(before)))
    return t("local.did", lang, name=who, action=text)
