"""The notation of the actions: every action writes to one line and reads back, in every
language; what players type is read with aliases, any case and accents, and bad lines
are refused with a message saying what is wrong."""

from __future__ import annotations

from collections import defaultdict
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import JOKER, Card, Suit, parse_cards
from engine.errors import NotationError
from engine.i18n import catalog, languages, quote, t
from engine.notation import format_action, is_action, parse_action
from engine.notation_words import VERBS, Word, fold, word
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
    Undo,
)
from engine.tiles.tile import TILE_JOKER, Colour, Tile, parse_tiles

CARDS, TILES = Kind.CARDS, Kind.TILES
P = TypeVar("P")
LANGS = languages()


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


# ------------------------------------------------------------------ round trip

_CARD = st.one_of(st.builds(Card, st.integers(1, 13), st.sampled_from(list(Suit))),
                  st.just(JOKER))
_TILE = st.one_of(st.builds(Tile, st.integers(1, 13), st.sampled_from(list(Colour))),
                  st.just(TILE_JOKER))
_INDEX = st.integers(0, 30)


def _some(piece: st.SearchStrategy[P]) -> st.SearchStrategy[tuple[P, ...]]:
    return st.lists(piece, min_size=1, max_size=5).map(tuple)


CARD_ACTIONS: dict[str, st.SearchStrategy[Action]] = {
    "Draw": st.builds(Draw, st.sampled_from(["stock", "discard"])),
    "Meld": st.builds(Meld, st.lists(_some(_CARD), min_size=1, max_size=3).map(tuple)),
    "LayOff": st.builds(LayOff, _some(_CARD), _INDEX),
    "SwapJoker": st.builds(SwapJoker, _CARD, _INDEX),
    "Discard": st.builds(Discard, _CARD),
}
TILE_ACTIONS: dict[str, st.SearchStrategy[Action]] = {
    "Play": st.builds(Play, st.lists(_some(_TILE), min_size=1, max_size=4).map(tuple),
                      st.lists(_INDEX, max_size=3).map(tuple)),
    "NewSet": st.builds(NewSet, _some(_TILE)),
    "Add": st.builds(Add, _some(_TILE), _INDEX, st.booleans()),
    "Move": st.builds(Move, _some(_TILE), _INDEX, st.one_of(st.none(), _INDEX), st.booleans()),
    "Split": st.builds(Split, _INDEX, _INDEX),
    "TakeBack": st.builds(TakeBack, _some(_TILE), _INDEX),
    "Undo": st.just(Undo()),
    "Reset": st.just(Reset()),
    "Confirm": st.just(Confirm()),
    "DrawTile": st.just(DrawTile()),
    "Pass": st.just(Pass()),
}
EVERY_ACTION = [(name, CARDS, s) for name, s in CARD_ACTIONS.items()] + [
    (name, TILES, s) for name, s in TILE_ACTIONS.items()]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "kind", "actions"), EVERY_ACTION,
                         ids=[name for name, _, _ in EVERY_ACTION])
def test_every_action_reads_back_from_its_notation(
    name: str, kind: Kind, actions: st.SearchStrategy[Action], lang: str
) -> None:
    @settings(max_examples=40, deadline=None)
    @given(actions)
    def round_trip(action: Action) -> None:
        text = format_action(action, lang)
        assert parse_action(text, lang, kind=kind) == action
        assert parse_action(text.upper(), lang, kind=kind) == action

    round_trip()


@settings(max_examples=60, deadline=None)
@given(st.one_of(*CARD_ACTIONS.values(), *TILE_ACTIONS.values()))
def test_repr_rebuilds_the_action(action: Action) -> None:
    names = {cls.__name__: cls for cls in (Card, Suit, Tile, Colour, Draw, Meld, LayOff,
                                           SwapJoker, Discard, Play, NewSet, Add, Move, Split,
                                           TakeBack, Undo, Reset, Confirm, DrawTile, Pass)}
    assert eval(repr(action), names) == action  # our own repr: safe to evaluate


@pytest.mark.parametrize(("action", "en", "fr"), [
    (Draw("stock"), "draw stock", "piocher pioche"),
    (Draw("discard"), "draw discard", "piocher défausse"),
    (Meld((cards("7h 8h 9h"), cards("qs qh qd"))), "meld 7♥ 8♥ 9♥ | Q♠ Q♥ Q♦",
     "poser 7♥ 8♥ 9♥ | D♠ D♥ D♦"),
    (LayOff(cards("10h jk"), 2), "layoff 10♥ JK 3", "ajouter 10♥ JK 3"),
    (SwapJoker(cards("7h")[0], 0), "swap 7♥ 1", "échanger 7♥ 1"),
    (Discard(cards("ks")[0]), "discard K♠", "défausser R♠"),
    (SwapJoker(cards("jc")[0], 0), "swap J♣ 1", "échanger V♣ 1"),
    (Play((tiles("r3 r4 r5 r6"), tiles("k5 k6 k7")), (1,)),
     "play r3 r4 r5 r6 | k5 k6 k7 replacing 2", "jouer r3 r4 r5 r6 | k5 k6 k7 remplaçant 2"),
    (NewSet(tiles("k5 k6 k7")), "new k5 k6 k7", "nouvelle k5 k6 k7"),
    (Add(tiles("k4"), 1, front=True), "add k4 2 front", "ajouter k4 2 devant"),
    (Move(tiles("k5"), 0, None), "move k5 1 new", "déplacer k5 1 nouvelle"),
    (Split(1, 2), "split 2 3", "couper 2 3"),
    (TakeBack(tiles("k5"), 3), "takeback k5 4", "reprendre k5 4"),
    (Undo(), "undo", "annuler"),
    (Reset(), "reset", "recommencer"),
    (Confirm(), "confirm", "valider"),
    (DrawTile(), "draw", "piocher"),
    (Pass(), "pass", "passer"),
])
def test_the_written_form_in_each_language(action: Action, en: str, fr: str) -> None:
    assert format_action(action, "en") == en
    assert format_action(action, "fr") == fr


def test_a_writer_of_pieces_may_dress_them() -> None:
    action = Meld((cards("7h 8h 9h"), cards("qs qh qd")))
    text = format_action(action, write_pieces=lambda ps: "<" + " ".join(map(str, ps)) + ">")
    assert text == "meld <7♥ 8♥ 9♥> | <Q♠ Q♥ Q♦>"


def test_only_actions_are_written() -> None:
    assert is_action(Pass()) and not is_action("pass")
    with pytest.raises(TypeError):
        format_action("pass", "en")  # type: ignore[arg-type]


# --------------------------------------------------------------------- reading

@pytest.mark.parametrize(("text", "lang", "kind", "expected"), [
    ("draw", "en", CARDS, Draw("stock")),
    ("  DRAW   Discard ", "en", CARDS, Draw("discard")),
    ("d pile", "en", CARDS, Draw("discard")),
    ("piocher defausse", "en", CARDS, Draw("discard")),   # French words, no accents, in English
    ("pioche talon", "fr", CARDS, Draw("stock")),
    ("draw discard", "fr", CARDS, Draw("discard")),       # English words in French
    ("meld 7h 8h 9h|qs qh qd", "en", CARDS, Meld((cards("7h 8h 9h"), cards("qs qh qd")))),
    ("Poser 7c,8c,9c", "fr", CARDS, Meld((cards("7h 8h 9h"),))),   # c: cœur in French
    ("poser 7♥ 8♥ 9♥", "fr", CARDS, Meld((cards("7h 8h 9h"),))),   # symbols everywhere
    ("meld 7c 8c 9c", "en", CARDS, Meld((cards("7c 8c 9c"),))),    # c: clubs in English
    ("m 7h 8h 9h | | ", "en", CARDS, Meld((cards("7h 8h 9h"),))),
    ("layoff 10h 2", "en", CARDS, LayOff(cards("10h"), 1)),
    ("compléter 10c jk #2", "fr", CARDS, LayOff(cards("10h jk"), 1)),
    ("completer 10h 2", "en", CARDS, LayOff(cards("10h"), 1)),
    ("lay 10h 2", "en", CARDS, LayOff(cards("10h"), 1)),
    ("swap 7h 2", "en", CARDS, SwapJoker(cards("7h")[0], 1)),
    ("Échanger 2 7c", "fr", CARDS, SwapJoker(cards("7h")[0], 1)),  # the older order
    ("echanger 7h 2", "en", CARDS, SwapJoker(cards("7h")[0], 1)),
    ("discard KS", "en", CARDS, Discard(cards("ks")[0])),
    ("x rp", "fr", CARDS, Discard(cards("ks")[0])),       # R for roi, p for pique
    ("x Dk", "fr", CARDS, Discard(cards("qd")[0])),       # D for dame, k for carreau
    ("x rs", "en", CARDS, Discard(cards("ks")[0])),       # rank letters of every language
    ("play k5 k6 k7", "en", TILES, Play((tiles("k5 k6 k7"),))),
    ("jouer k5 k6 k7 | r1 r2 r3 remplaçant 2 1", "fr", TILES,
     Play((tiles("k5 k6 k7"), tiles("r1 r2 r3")), (0, 1))),
    ("play k5 k6 k7 remplacant 2", "en", TILES, Play((tiles("k5 k6 k7"),), (1,))),
    ("poser k5 k6 k7", "fr", TILES, Play((tiles("k5 k6 k7"),))),
    ("new k1 k2", "en", TILES, NewSet(tiles("k1 k2"))),
    ("nouveau noir1 bleu2", "fr", TILES, NewSet(tiles("k1 b2"))),
    ("add k4 2 devant", "en", TILES, Add(tiles("k4"), 1, front=True)),
    ("ajouter k4 2", "fr", TILES, Add(tiles("k4"), 1)),
    ("move k5 1 nouvelle", "en", TILES, Move(tiles("k5"), 0, None)),
    ("Déplacer k5 k6 1 2 front", "fr", TILES, Move(tiles("k5 k6"), 0, 1, front=True)),
    ("split 2 3", "en", TILES, Split(1, 2)),
    ("back k5 2", "en", TILES, TakeBack(tiles("k5"), 1)),
    ("reprendre k5 2", "fr", TILES, TakeBack(tiles("k5"), 1)),
    ("ANNULER", "en", TILES, Undo()),
    ("reset", "fr", TILES, Reset()),
    ("valider", "fr", TILES, Confirm()),
    ("draw", "en", TILES, DrawTile()),
    ("pioche", "fr", TILES, DrawTile()),
    ("draw stock", "en", TILES, DrawTile()),
    ("passer", "en", TILES, Pass()),
])
def test_what_players_type_is_read(text: str, lang: str, kind: Kind, expected: Action) -> None:
    assert parse_action(text, lang, kind=kind) == expected


@pytest.mark.parametrize(("text", "kind", "code"), [
    ("", CARDS, "notation.unknown.cards"),
    ("fly 7♥", CARDS, "notation.unknown.cards"),
    ("play k1 k2 k3", CARDS, "notation.unknown.cards"),   # a tile verb in a card game
    ("meld 7♥ 8♥ 9♥", TILES, "notation.unknown.tiles"),
    ("meld", CARDS, "notation.usage"),
    ("meld | |", CARDS, "notation.usage"),
    ("meld 7♥ zz", CARDS, "notation.card"),
    ("meld k5 k6 k7", CARDS, "notation.card"),
    ("layoff 7♥", CARDS, "notation.usage"),
    ("layoff 7♥ 8♥", CARDS, "notation.usage"),
    ("layoff 7♥ 0", CARDS, "notation.number"),
    ("swap 7♥ 8♥ 2", CARDS, "notation.usage"),
    ("swap 7♥", CARDS, "notation.usage"),
    ("discard", CARDS, "notation.empty"),
    ("discard 7♥ 8♥", CARDS, "notation.usage"),
    ("draw sky", CARDS, "notation.usage"),
    ("draw stock discard", CARDS, "notation.usage"),
    ("new", TILES, "notation.no_tile"),
    ("new zz", TILES, "notation.tile"),
    ("add k4", TILES, "notation.usage"),
    ("add k4 front", TILES, "notation.usage"),
    ("move k5 1", TILES, "notation.usage"),
    ("move k5 1 there", TILES, "notation.usage"),
    ("split 1", TILES, "notation.usage"),
    ("split 1 0", TILES, "notation.number"),
    ("takeback 2", TILES, "notation.usage"),
    ("undo 3", TILES, "notation.usage"),
    ("draw discard", TILES, "notation.usage"),
    ("play", TILES, "notation.usage"),
    ("play k1 k2 k3 replacing", TILES, "notation.usage"),
    ("play k1 k2 k3 replacing x", TILES, "notation.usage"),
    ("play replacing 2", TILES, "notation.usage"),
])
def test_a_bad_line_is_refused_saying_why(text: str, kind: Kind, code: str) -> None:
    for lang in LANGS:
        with pytest.raises(NotationError) as error:
            parse_action(text, lang, kind=kind)
        assert error.value.code == code
        assert "{" not in error.value.message(lang)  # every placeholder filled


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "“layoff 7h” cannot be read: write layoff <cards> <meld number>."),
    ("fr", "« layoff 7h » ne se lit pas : écrivez ajouter <cartes> <n° de combinaison>."),
])
def test_the_usage_error_quotes_the_line_and_shows_the_pattern(lang: str, expected: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_action("layoff 7h", lang, kind=CARDS)
    assert error.value.message(lang) == expected


def test_the_unknown_verb_error_lists_the_verbs_of_the_language() -> None:
    with pytest.raises(NotationError) as error:
        parse_action("fly", "fr", kind=CARDS)
    message = error.value.message("fr")
    for name in VERBS[CARDS]:
        assert word(name, "fr") in message


def test_a_long_line_is_quoted_cut() -> None:
    text = "fly " + "7h " * 40
    with pytest.raises(NotationError) as error:
        parse_action(text, kind=CARDS)
    quoted = error.value.params["text"]
    assert len(quoted) == 40 and quoted.endswith("…") and quoted.startswith("fly 7h")
    assert quote("  a   b ") == "a b"


def test_a_reader_of_pieces_may_take_positions_in_the_hand() -> None:
    hand = cards("7h 8h 9h ks jk")

    def read(text: str) -> list[Card]:
        return [hand[int(token) - 1] if token.isdigit() else parse_cards(token)[0]
                for token in text.split()]

    assert parse_action("meld 1 2 3", kind=CARDS, read_pieces=read) == Meld((hand[:3],))
    assert parse_action("swap 5 2", kind=CARDS, read_pieces=read) == SwapJoker(JOKER, 1)
    assert parse_action("layoff 4 qs 1", kind=CARDS, read_pieces=read) == LayOff(
        (hand[3], cards("qs")[0]), 0)
    with pytest.raises(NotationError) as error:
        parse_action("new 1", kind=TILES, read_pieces=read)
    assert error.value.code == "notation.tile"


# ------------------------------------------------------------------ the words

@pytest.mark.parametrize("kind", list(Kind))
def test_no_word_reads_as_two_verbs_of_one_kind(kind: Kind) -> None:
    meanings: dict[str, set[Word]] = defaultdict(set)
    for lang in LANGS:
        for name in VERBS[kind]:
            for text in (word(name, lang), *t(f"notation.read.{name}", lang).split()):
                meanings[fold(text)].add(name)
    assert {text: names for text, names in meanings.items() if len(names) > 1} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_is_read_as_written_and_every_pattern_starts_with_its_verb(lang: str) -> None:
    for name in Word:
        assert catalog().has(f"notation.word.{name}", lang)
        read = [fold(text) for text in t(f"notation.read.{name}", lang).split()]
        assert fold(word(name, lang)) in read
    for key in catalog().keys:
        if key.startswith("notation.usage."):
            verb = key.removeprefix("notation.usage.")
            assert catalog().template(key, lang).startswith("{" + verb + "}")
