"""The notation of the actions: one line of text per action, in every language.

Like python-chess's ``Move.uci()`` / ``Move.from_uci()``: :func:`format_action` writes an
action and :func:`parse_action` reads it back, ``parse_action(format_action(a, lang),
lang, kind=k) == a`` for every card and tile action and every language. The logs, the
terminal and the computer-move lines write actions with it; the terminal reads what the
player types with it.

Grammar (``[]`` optional, ``…`` repeated; meld, set and position numbers 1-based, as the
table shows them; pieces in the card notation of the reader's language
(:mod:`engine.cards.card`: ``Q♥``/``Qh`` in English, ``D♥``/``Dc`` in French) or the tile
notation (:mod:`engine.tiles.tile`), or whatever the caller's ``read_pieces`` accepts)::

    cards  draw [stock|discard]   meld <cards> [| <cards>…]   layoff <cards> <meld>
           swap <card> <meld>     discard <card>
    tiles  play <tiles> [| <tiles>…] [replacing <set>…]   new <tiles>
           add <tiles> <set> [front]   move <tiles> <from> <to|new> [front]
           split <set> <position>   takeback <tiles> <set>
           undo   reset   confirm   draw   pass

The words are those of the reader's language in the catalog (``notation.word.*``: French
``piocher [pioche|défausse]``, ``poser``, ``ajouter``, ``échanger``, ``défausser``,
``jouer … remplaçant``, ``nouvelle``, ``ajouter … devant``, ``déplacer``, ``couper``,
``reprendre``, ``annuler``, ``recommencer``, ``valider``, ``passer``). Reading ignores
case and accents and also takes every word of ``notation.read.*`` (aliases such as
``compléter`` or ``back``) in every language, the reader's first, and the older order
``swap <meld> <card>``. Cards, unlike words, are read in the reader's language only: their
suit letters differ from one language to the other (``c`` is clubs or cœur).

Glossary: a *verb* is the first word, naming the action; a *keyword* is another word of
the notation (``stock``, ``discard`` for the discard pile, ``new``, ``front``,
``replacing``); a *piece* is a card or a tile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeGuard, TypeVar

from engine.actions import Action, CardAction, unhandled
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import Card, CardsText, format_card, parse_cards
from engine.errors import NotationError
from engine.i18n import Msg, quote
from engine.notation_words import KEYWORDS, VERBS, Word, fold, word, words_read
from engine.numbers import whole
from engine.rules import Kind
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Play,
    Reset,
    Split,
    TakeBack,
    TileAction,
    Undo,
)
from engine.tiles.tile import Tile, format_tile, parse_tiles
from engine.views import Piece

PieceReader = Callable[[str], Sequence[Piece]]
PieceWriter = Callable[[Sequence[Piece]], str]
P = TypeVar("P", Card, Tile)


def is_action(value: object) -> TypeGuard[Action]:
    """Whether ``value`` is a card or tile action the notation writes."""
    return isinstance(value, Action)


# ------------------------------------------------------------------- writing


def format_action(action: Action, lang: str = "en", *,
                  write_pieces: PieceWriter | None = None) -> str:
    """``action`` in the notation of ``lang`` (``meld 7♥ 8♥ 9♥``, ``poser 7♥ 8♥ 9♥``);
    :func:`parse_action` reads it back. ``write_pieces`` writes a run of pieces (by
    default their canonical notation; the terminal colours them).

    Raises:
        TypeError: ``action`` is not an action.
    """
    def say(name: Word) -> str:
        return word(name, lang)

    write = write_pieces or writer(lang)
    return " ".join(part for part in _parts(action, say, write) if part)


def _parts(action: Action, say: Callable[[Word], str], write: PieceWriter) -> list[str]:
    """The words and pieces of ``action``: one case per action type, checked exhaustive
    by mypy (:func:`engine.actions.unhandled`)."""
    match action:
        case Draw(source=source):
            return [say(Word.DRAW), say(Word.STOCK if source == "stock" else Word.PILE)]
        case Meld(melds=melds):
            return [say(Word.MELD), " | ".join(write(meld) for meld in melds)]
        case LayOff(cards=cards, meld=meld):
            return [say(Word.LAYOFF), write(cards), _number(meld)]
        case SwapJoker(card=card, meld=meld):
            return [say(Word.SWAP), write((card,)), _number(meld)]
        case Discard(card=card):
            return [say(Word.DISCARD), write((card,))]
        case Play(added=added, replacing=replacing):
            sets = " | ".join(write(tiles) for tiles in added)
            return [say(Word.PLAY), sets, *([say(Word.REPLACING)] if replacing else []),
                    *map(_number, replacing)]
        case NewSet(tiles=tiles):
            return [say(Word.NEW), write(tiles)]
        case Add(tiles=tiles, set=index, front=front):
            return [say(Word.ADD), write(tiles), _number(index), say(Word.FRONT) if front else ""]
        case Move(tiles=tiles, source=source, target=target, front=front):
            to = say(Word.NEW) if target is None else _number(target)
            return [say(Word.MOVE), write(tiles), _number(source), to,
                    say(Word.FRONT) if front else ""]
        case Split(set=index, at=at):
            return [say(Word.SPLIT), _number(index), _number(at)]
        case TakeBack(tiles=tiles, set=index):
            return [say(Word.TAKEBACK), write(tiles), _number(index)]
        case Undo():
            return [say(Word.UNDO)]
        case Reset():
            return [say(Word.RESET)]
        case Confirm():
            return [say(Word.CONFIRM)]
        case DrawTile():
            return [say(Word.DRAW)]
        case Pass():
            return [say(Word.PASS)]
        case _:
            unhandled(action)


def quote_piece(piece: Piece) -> CardsText | str:
    """A piece to quote in a message: a card in the reader's language, a tile as it is."""
    return CardsText((piece,)) if isinstance(piece, Card) else format_tile(piece)


def _number(index: int) -> str:
    return str(index + 1)


def writer(lang: str = "en") -> PieceWriter:
    """The writer of pieces as ``lang`` writes them (``10♥ Q♠ JK`` in English,
    ``10♥ D♠ JK`` in French; tiles ``k5 r13 jk`` in every language)."""
    def write(pieces: Sequence[Piece]) -> str:
        return " ".join(format_card(p, lang) if isinstance(p, Card) else format_tile(p)
                        for p in pieces)

    return write


# ------------------------------------------------------------------- reading


def reader(kind: Kind, lang: str = "en") -> PieceReader:
    """The reader of pieces of ``kind`` as ``lang`` writes them (``parse_cards`` in that
    language: ``10c`` is the ten of clubs in English, of hearts in French; or
    ``parse_tiles``)."""
    if kind is Kind.TILES:
        return parse_tiles
    return lambda text: parse_cards(text, lang)


def parse_action(text: str, lang: str = "en", *, kind: Kind,
                 read_pieces: PieceReader | None = None) -> Action:
    """The action written ``text`` in the notation (of ``lang`` or any other language).

    ``read_pieces`` reads the pieces (default :func:`reader`): a front end may pass one
    that also takes positions in the hand (``3 4 5``).

    Raises:
        NotationError: ``text`` is not an action of ``kind``: the first word is not a
            verb (``notation.unknown.*``, listing them), the rest does not follow the
            verb's pattern (``notation.usage``, quoting it and showing the pattern), a
            number is 0 (``notation.number``), or a piece cannot be read (the piece
            notation's own error).
    """
    tokens = text.replace("|", " | ").replace(",", " ").split()
    verb = words_read(VERBS[kind], lang).get(fold(tokens[0])) if tokens else None
    if verb is None:
        names = {name.value: Msg(f"notation.word.{name}") for name in VERBS[kind]}
        raise NotationError(_UNKNOWN[kind], text=quote(text), **names)
    grammar: Mapping[Word, tuple[Callable[[_Line], Action], str | None]]
    grammar = _CARDS if kind is Kind.CARDS else _TILES
    parse, usage = grammar[verb]
    line = _Line(text, verb, usage, tokens[1:], words_read(KEYWORDS, lang),
                 read_pieces or reader(kind, lang))
    return parse(line)


class _Line:
    """One line being read: its verb, the tokens after it, and how to read them."""

    def __init__(self, text: str, verb: Word, usage: str | None, args: list[str],
                 keywords: dict[str, Word], read_pieces: PieceReader) -> None:
        self.text = text
        self.verb = verb
        self.usage = usage  # the catalog key of the verb's pattern; None: the verb alone
        self.args = args
        self.keywords = keywords
        self.read_pieces = read_pieces

    def wrong(self) -> NotationError:
        """The error saying how lines of this verb are written."""
        words = {name.value: Msg(f"notation.word.{name}") for name in (self.verb, *KEYWORDS)}
        pattern = words[self.verb] if self.usage is None else Msg(self.usage, **words)
        return NotationError("notation.usage", text=quote(self.text), usage=pattern)

    def alone(self) -> None:
        if self.args:
            raise self.wrong()

    def is_word(self, token: str, name: Word) -> bool:
        return self.keywords.get(fold(token)) is name

    def number(self, token: str) -> int:
        """The 0-based index of a number written 1-based (``2`` or ``#2``)."""
        if not _is_number(token):
            raise self.wrong()
        number = whole(token.removeprefix("#"))
        if number is None or number < 1:
            raise NotationError("notation.number", token=quote(token))
        return number - 1

    def front(self) -> tuple[list[str], bool]:
        """The tokens without a last ``front`` keyword, and whether there was one."""
        if self.args and self.is_word(self.args[-1], Word.FRONT):
            return self.args[:-1], True
        return self.args, False

    def groups(self, tokens: Sequence[str]) -> list[list[str]]:
        """The runs of tokens between ``|`` (empty runs left out); at least one."""
        groups: list[list[str]] = [[]]
        for token in tokens:
            if token == "|":
                groups.append([])
            else:
                groups[-1].append(token)
        found = [group for group in groups if group]
        if not found:
            raise self.wrong()
        return found

    def pieces(self, tokens: Sequence[str], kind: type[P]) -> tuple[P, ...]:
        """The pieces of ``tokens``, each of ``kind`` (a card or a tile)."""
        pieces: list[P] = []
        for piece in self.read_pieces(" ".join(tokens)):
            if not isinstance(piece, kind):
                code = "notation.card" if kind is Card else "notation.tile"
                raise NotationError(code, token=quote_piece(piece))
            pieces.append(piece)
        return tuple(pieces)

    def one_card(self, tokens: Sequence[str]) -> Card:
        cards = self.pieces(tokens, Card)
        if len(cards) != 1:
            raise self.wrong()
        return cards[0]


def _is_number(token: str) -> bool:
    digits = token.removeprefix("#")
    return digits.isascii() and digits.isdigit()


def _draw(line: _Line) -> Draw:
    if not line.args:
        return Draw("stock")
    if len(line.args) == 1:
        if line.is_word(line.args[0], Word.STOCK):
            return Draw("stock")
        if line.is_word(line.args[0], Word.PILE):
            return Draw("discard")
    raise line.wrong()


def _layoff(line: _Line) -> LayOff:
    if len(line.args) < 2:
        raise line.wrong()
    return LayOff(line.pieces(line.args[:-1], Card), line.number(line.args[-1]))


def _swap(line: _Line) -> SwapJoker:
    if len(line.args) < 2:
        raise line.wrong()
    if _is_number(line.args[-1]):
        return SwapJoker(line.one_card(line.args[:-1]), line.number(line.args[-1]))
    # The older order, meld first: ``swap 2 7h``.
    return SwapJoker(line.one_card(line.args[1:]), line.number(line.args[0]))


_CARDS: dict[Word, tuple[Callable[[_Line], CardAction], str | None]] = {
    Word.DRAW: (_draw, "notation.usage.draw"),
    Word.MELD: (lambda line: Meld(tuple(line.pieces(g, Card) for g in line.groups(line.args))),
                "notation.usage.meld"),
    Word.LAYOFF: (_layoff, "notation.usage.layoff"),
    Word.SWAP: (_swap, "notation.usage.swap"),
    Word.DISCARD: (lambda line: Discard(line.one_card(line.args)), "notation.usage.discard"),
}


def _play(line: _Line) -> Play:
    args = line.args
    replacing: tuple[int, ...] = ()
    cut = [i for i, token in enumerate(args) if line.is_word(token, Word.REPLACING)]
    if cut:
        args, numbers = args[: cut[-1]], args[cut[-1] + 1 :]
        if not numbers:
            raise line.wrong()
        replacing = tuple(line.number(token) for token in numbers)
    return Play(tuple(line.pieces(group, Tile) for group in line.groups(args)), replacing)


def _add(line: _Line) -> Add:
    args, front = line.front()
    if len(args) < 2:
        raise line.wrong()
    return Add(line.pieces(args[:-1], Tile), line.number(args[-1]), front)


def _move(line: _Line) -> Move:
    args, front = line.front()
    if len(args) < 3:
        raise line.wrong()
    target = None if line.is_word(args[-1], Word.NEW) else line.number(args[-1])
    return Move(line.pieces(args[:-2], Tile), line.number(args[-2]), target, front)


def _split(line: _Line) -> Split:
    if len(line.args) != 2:
        raise line.wrong()
    return Split(line.number(line.args[0]), line.number(line.args[1]))


def _takeback(line: _Line) -> TakeBack:
    if len(line.args) < 2:
        raise line.wrong()
    return TakeBack(line.pieces(line.args[:-1], Tile), line.number(line.args[-1]))


def _draw_tile(line: _Line) -> DrawTile:
    if line.args and not (len(line.args) == 1 and line.is_word(line.args[0], Word.STOCK)):
        raise line.wrong()
    return DrawTile()


def _alone(action: TileAction) -> Callable[[_Line], TileAction]:
    def parse(line: _Line) -> TileAction:
        line.alone()
        return action

    return parse


_TILES: dict[Word, tuple[Callable[[_Line], TileAction], str | None]] = {
    Word.PLAY: (_play, "notation.usage.play"),
    Word.NEW: (lambda line: NewSet(line.pieces(line.args, Tile)), "notation.usage.new"),
    Word.ADD: (_add, "notation.usage.add"),
    Word.MOVE: (_move, "notation.usage.move"),
    Word.SPLIT: (_split, "notation.usage.split"),
    Word.TAKEBACK: (_takeback, "notation.usage.takeback"),
    Word.UNDO: (_alone(Undo()), None),
    Word.RESET: (_alone(Reset()), None),
    Word.CONFIRM: (_alone(Confirm()), None),
    Word.DRAW: (_draw_tile, None),
    Word.PASS: (_alone(Pass()), None),
}
_UNKNOWN = {Kind.CARDS: "notation.unknown.cards", Kind.TILES: "notation.unknown.tiles"}
