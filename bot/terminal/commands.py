"""The words of the terminal game: parsing commands into engine actions, showing a view.

The action words are those of the Discord commands (``draw``, ``meld``, ``layoff``,
``swap``, ``discard``; tiles: ``play``, ``new``, ``add``, ``move``, ``split``, ``undo``,
``reset``, ``confirm``, ``draw``, ``pass``), with French synonyms. Every text is in the
message catalog in English and French.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.terminal.tiles import describe_tile_action, parse_tile_command
from engine import NotationError, parse_cards
from engine.actions import Action, CardAction, TileAction
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import Card
from engine.i18n import t
from engine.rules import Kind, RuleSet
from engine.tiles.tile import Colour
from engine.views import MeldView, Piece, PlayerView

RED = "\033[31m"
BLUE = "\033[34m"
YELLOW = "\033[33m"
BOLD = "\033[1m"
MAGENTA = "\033[35m"
RESET = "\033[0m"

CARD_WORDS: dict[str, str] = {
    "draw": "draw", "pioche": "draw", "piocher": "draw", "d": "draw",
    "meld": "meld", "poser": "meld", "pose": "meld", "m": "meld",
    "layoff": "layoff", "lay": "layoff", "completer": "layoff", "compléter": "layoff",
    "swap": "swap", "echanger": "swap", "échanger": "swap",
    "discard": "discard", "defausser": "discard", "défausser": "discard", "x": "discard",
}  # fmt: skip


# ---------------------------------------------------------------- parsing


def parse(
    word: str, rest: str, view: PlayerView, rules: RuleSet
) -> CardAction | list[TileAction] | None:
    """The action a command line stands for (tiles: a list of actions applied in order),
    or None when the word is unknown.

    Raises:
        NotationError: the cards, tiles or meld numbers cannot be read.
    """
    if rules.kind == Kind.TILES:

        return parse_tile_command(word, rest, view)
    verb = CARD_WORDS.get(word)
    if verb == "draw":
        source = rest.strip().lower() or "stock"
        if source in ("discard", "defausse", "défausse", "pile"):
            return Draw("discard")
        if source in ("stock", "talon", "pioche"):
            return Draw("stock")
        raise NotationError("draw.source", source=source)
    if verb == "meld":
        groups = [part for part in rest.split("|") if part.strip()]
        if not groups:
            raise NotationError("notation.empty")
        return Meld(tuple(tuple(parse_cards(part)) for part in groups))
    if verb == "layoff":
        *cards, number = rest.split() or [""]
        return LayOff(tuple(parse_cards(" ".join(cards))), meld_index(number, view))
    if verb == "swap":
        number, _, card = rest.strip().partition(" ")
        return SwapJoker(_one_card(card), meld_index(number, view))
    if verb == "discard":
        if not rest.strip():
            if isinstance(view.drawn, Card):
                return Discard(view.drawn)
            raise NotationError("notation.empty")
        return Discard(_one_card(rest))
    return None


def meld_index(text: str, view: PlayerView) -> int:
    """The 0-based index of the meld the player numbered ``text`` (1-based).

    Raises:
        NotationError: not a number of a meld on the table.
    """
    text = text.strip().lstrip("#")
    count = len(view.draft if view.draft is not None else view.melds)
    if not text.isdigit() or not 1 <= int(text) <= count:
        raise NotationError("local.meld_number", number=text or "?", count=count)
    return int(text) - 1


def _one_card(text: str) -> Card:
    cards = parse_cards(text)
    if len(cards) != 1:
        raise NotationError("local.one_card", text=text.strip())
    return cards[0]


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
    """The hand sorted by suit then rank (runs) or by rank (groups)."""
    def key(piece: Piece) -> tuple[int, int]:
        if isinstance(piece, Card):
            return piece.rank_key if by_rank else piece.sort_key
        return (piece.number, int(piece.colour or 0)) if by_rank else piece.sort_key

    return pieces_text(sorted(view.hand, key=key), colour)


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


def describe(action: Action, colour: bool) -> str:
    """An action in words and notation (``meld 7♥ 8♥ 9♥``)."""
    if isinstance(action, Draw):
        return f"draw {action.source}"
    if isinstance(action, Meld):
        return "meld " + " | ".join(pieces_text(meld, colour) for meld in action.melds)
    if isinstance(action, LayOff):
        return f"layoff {pieces_text(action.cards, colour)} {action.meld + 1}"
    if isinstance(action, SwapJoker):
        return f"swap {action.meld + 1} {piece_text(action.card, colour)}"
    if isinstance(action, Discard):
        return f"discard {piece_text(action.card, colour)}"

    return describe_tile_action(action, colour)
