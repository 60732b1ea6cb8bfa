"""The words of the terminal game: parsing commands into engine actions, showing a view.

The action words are those of the Discord commands (``draw``, ``meld``, ``layoff``,
``swap``, ``discard``; tiles: ``play``, ``new``, ``add``, ``move``, ``split``, ``undo``,
``reset``, ``confirm``, ``draw``, ``pass``), with French synonyms. Every text is in the
message catalog in English and French.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.local_tiles import describe_tile_action, parse_tile_command
from engine import NotationError, parse_cards
from engine.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards import Card
from engine.errors import register_messages, render_message
from engine.rules import Kind, RuleSet
from engine.tiles import Colour
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


def parse(word: str, rest: str, view: PlayerView, rules: RuleSet) -> object | list[Any] | None:
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
        raise NotationError("local.draw_source", source=source)
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
        lines.append("  " + render_message("local.no_melds", lang))
    if view.variant == "tiles":
        lines.append(render_message("local.pool", lang, pool=view.stock_size))
    else:
        top = piece_text(view.discard_top, colour) if view.discard_top is not None else "—"
        lines.append(
            render_message(
                "local.piles", lang, top=top, discard=view.discard_size, stock=view.stock_size
            )
        )
    for seat in view.seats:
        if seat.seat == view.seat:
            continue
        lines.append(
            render_message(
                "local.seat",
                lang,
                name=seat.name,
                cards=seat.hand_size,
                score=seat.score,
                opened="✓" if seat.has_opened else "·",
            )
        )
    return lines


def describe(action: object, colour: bool) -> str:
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


register_messages(
    {
        "local.welcome": {
            "en": "Rami — {variant}. Type ? for help, quit to leave.",
            "fr": "Rami — {variant}. Tapez ? pour l'aide, quitter pour partir.",
        },
        "local.resumed": {
            "en": "Your saved game goes on where you left it (play --new starts another).",
            "fr": "Votre partie enregistrée reprend où vous l'aviez laissée (play --new en "
            "commence une autre).",
        },
        "local.you": {"en": "You", "fr": "Vous"},
        "local.computer": {
            "en": "Computer {number} ({level})",
            "fr": "Ordinateur {number} ({level})",
        },
        "local.prompt": {"en": ">", "fr": ">"},
        "local.bye": {"en": "Goodbye.", "fr": "Au revoir."},
        "local.round": {"en": "— Round {number} —", "fr": "— Manche {number} —"},
        "local.did": {"en": "{name}: {action}", "fr": "{name} : {action}"},
        "local.hand": {"en": "Your hand: {hand}", "fr": "Votre main : {hand}"},
        "local.no_melds": {"en": "(no meld on the table)", "fr": "(aucune combinaison posée)"},
        "local.piles": {
            "en": "Discard pile: {top} ({discard})   stock: {stock}",
            "fr": "Défausse : {top} ({discard})   talon : {stock}",
        },
        "local.pool": {"en": "Pool: {pool} tiles", "fr": "Pioche : {pool} tuiles"},
        "local.seat": {
            "en": "{name}: {cards} in hand, score {score}, opened {opened}",
            "fr": "{name} : {cards} en main, score {score}, ouvert {opened}",
        },
        "local.turn.cards.draw": {
            "en": "Your turn: draw [stock|discard].",
            "fr": "À vous : draw (pioche) [stock|discard].",
        },
        "local.turn.cards.play": {
            "en": "Meld, lay off, swap, then discard a card.",
            "fr": "Posez, complétez, échangez, puis défaussez une carte.",
        },
        "local.turn.tiles.draw": {
            "en": "Your turn: play tiles, or draw.",
            "fr": "À vous : posez des tuiles, ou piochez.",
        },
        "local.turn.tiles.play": {
            "en": "Your turn: play tiles (then confirm), or draw / pass.",
            "fr": "À vous : posez des tuiles (puis confirm), ou piochez / passez.",
        },
        "local.help.cards": {
            "en": "Commands:\n"
            "  draw [stock|discard]        take a card\n"
            "  meld <cards> [| <cards>…]   lay new melds, e.g. meld 7h 8h 9h | Qs Qh Qd\n"
            "  layoff <cards> <meld#>      add cards to a meld on the table\n"
            "  swap <meld#> <card>         take a joker back with the card it stands for\n"
            "  discard [<card>]            end the turn (alone: the card just drawn)\n"
            "  hand, table, score, sort    show; sort switches suits / ranks\n"
            "  level easy|medium|hard      change the computer players' level\n"
            "  pictures                    save the hand and table as PNG files\n"
            "  quit                        leave\n"
            "Cards: 10h, Q♠, as, jk (suits c s h d or ♣ ♠ ♥ ♦).",
            "fr": "Commandes :\n"
            "  draw [stock|discard]        prendre une carte (talon ou défausse)\n"
            "  meld <cartes> [| <cartes>…] poser, par ex. meld 7h 8h 9h | Ds Dh Dd\n"
            "  layoff <cartes> <n°>        compléter une combinaison de la table\n"
            "  swap <n°> <carte>           reprendre un joker avec la carte qu'il remplace\n"
            "  discard [<carte>]           finir le tour (seul : la carte piochée)\n"
            "  hand, table, score, sort    afficher ; sort trie par couleur / valeur\n"
            "  level easy|medium|hard      changer le niveau des ordinateurs\n"
            "  pictures                    enregistrer la main et la table en PNG\n"
            "  quit                        quitter\n"
            "Cartes : 10h, D♠, as, jk (couleurs c s h d ou ♣ ♠ ♥ ♦).",
        },
        "local.unknown": {
            "en": "“{word}” is not a command; type ? for the list.",
            "fr": "« {word} » n'est pas une commande ; tapez ? pour la liste.",
        },
        "local.draw_source": {
            "en": "Draw from “stock” or “discard”, not “{source}”.",
            "fr": "Piochez dans le « stock » (talon) ou la « discard » (défausse), "
            "pas « {source} ».",
        },
        "local.meld_number": {
            "en": "“{number}” is not a meld number: the table has melds 1 to {count}.",
            "fr": "« {number} » n'est pas un numéro de combinaison : la table a les "
            "combinaisons 1 à {count}.",
        },
        "local.one_card": {
            "en": "Give exactly one card here (not “{text}”).",
            "fr": "Donnez exactement une carte ici (pas « {text} »).",
        },
        "local.level": {
            "en": "The computer players now play at level {level}; the game goes on.",
            "fr": "Les ordinateurs jouent maintenant au niveau {level} ; la partie continue.",
        },
        "local.round_over": {
            "en": "Round {number} is over (went out: {winner}).",
            "fr": "La manche {number} est finie (sorti : {winner}).",
        },
        "local.score_line": {
            "en": "  {name}: {points} this round, {total} in all",
            "fr": "  {name} : {points} cette manche, {total} au total",
        },
        "local.total_line": {"en": "  {name}: {total}", "fr": "  {name} : {total}"},
        "local.match_over": {
            "en": "The match is over. Winner: {winners}.",
            "fr": "La partie est finie. Gagnant : {winners}.",
        },
        "local.no_pictures": {
            "en": "Start the game with --pictures DIR to save pictures.",
            "fr": "Lancez la partie avec --pictures DOSSIER pour enregistrer les images.",
        },
        "local.no_render": {
            "en": "Pictures are not available (the render package is missing).",
            "fr": "Les images ne sont pas disponibles (le module de rendu manque).",
        },
        "local.pictures": {
            "en": "Pictures saved in {folder}.",
            "fr": "Images enregistrées dans {folder}.",
        },
    }
)
