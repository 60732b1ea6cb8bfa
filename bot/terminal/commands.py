"""Reading the terminal game's command lines into engine actions.

The action words and their grammar are the engine's notation (:mod:`engine.notation`),
in the player's language first and in every other (``draw``, ``meld``, ``layoff``,
``swap``, ``discard``; tiles ``play``, ``new``, ``add``, ``move``, ``split``,
``takeback``, ``undo``, ``reset``, ``confirm``, ``draw``, ``pass``; French ``piocher``,
``poser``, ``ajouter``…); cards are written as the player's language writes them (``7h
Qs`` in English, ``7c Dp`` in French), or named by their position in the hand as shown
(:func:`bot.session.display_order`). The terminal's own words (``hand``, ``level``…;
``main``, ``niveau``…) are the catalog's ``local.read.*``. What the terminal shows is in
:mod:`bot.terminal.screen`.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.session.hand import display_order, read_pieces
from bot.terminal.tiles import play_steps
from engine import NotationError
from engine.actions import Action
from engine.cards.actions import Discard
from engine.cards.card import Card, CardsText
from engine.i18n import reading_order, t
from engine.notation import parse_action
from engine.notation_words import VERBS, Word, fold, words_read
from engine.rules import Kind, RuleSet
from engine.tiles.actions import Play
from engine.tiles.tile import Tile
from engine.views import PlayerView

# The terminal's own commands (besides the actions); their words: ``local.read.<name>``.
COMMANDS = ("help", "quit", "hand", "table", "score", "sort", "level", "pictures", "hint",
            "arrange", "next")
TILE_COMMANDS = ("hint", "arrange")  # the solver's help: tile rummy only


def command_of(word: str, lang: str) -> str | None:
    """The terminal command (one of :data:`COMMANDS`) that ``word`` names in any language,
    the player's first (case and accents ignored), or None."""
    wanted = fold(word)
    for language in reading_order(lang):
        for name in COMMANDS:
            if wanted in (fold(text) for text in t(f"local.read.{name}", language).split()):
                return name
    return None


SORT_WORDS = ("suit", "rank")  # the sorts the terminal offers; words ``local.read.sort.<name>``


def sort_of(word: str, lang: str) -> str | None:
    """The sort (``suit`` or ``rank``) that ``word`` names in any language, the player's
    first (``couleur``, ``valeur``, ``nombre``; ``colour``, ``number``…), or None."""
    wanted = fold(word)
    for language in reading_order(lang):
        for name in SORT_WORDS:
            if wanted in (fold(text) for text in t(f"local.read.sort.{name}", language).split()):
                return name
    return None


def is_action_word(word: str, kind: Kind, lang: str = "en") -> bool:
    """Whether ``word`` names an action of the notation (in any language)."""
    return fold(word) in words_read(VERBS[kind], lang)


def parse(word: str, rest: str, view: PlayerView, rules: RuleSet,
          lang: str = "en", sort: str = "suit") -> Action | None:
    """The action a command line stands for (:func:`steps` lays it), or None when
    ``word`` is not an action word. ``discard`` alone discards the card just drawn. A
    card or tile may be named by its position in the hand as shown (``sort``), or in the
    notation of ``lang``.

    Raises:
        NotationError: the line does not follow the notation (the message says how it
            is written), or ``discard`` alone when the card drawn has left the hand
            (``local.discard_which``).
    """
    verb = words_read(VERBS[rules.kind], lang).get(fold(word))
    if verb is None:
        return None
    if verb is Word.DISCARD and not rest.strip() and isinstance(view.drawn, Card):
        if view.drawn not in view.hand:  # laid since it was drawn: say which to discard
            raise NotationError("local.discard_which", card=CardsText((view.drawn,)))
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


def read_tiles(text: str, view: PlayerView, sort: str, lang: str = "en") -> tuple[Tile, ...]:
    """Rack tiles written in notation or as positions in the rack as shown.

    Raises:
        NotationError: not tiles of the rack's notation, or none.
    """
    return read_pieces(text, view, display_order(view, sort), Tile, lang)
