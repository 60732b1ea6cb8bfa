"""A hand as players see and name it: numbered in the order of the hand picture, and read
from notation or positions, for cards and tiles alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.session import display_order, read_card, read_pieces
from engine import Card, NotationError, Tile, parse_cards, parse_tiles, variant
from engine.game import Game
from engine.hand_order import sorted_hand
from engine.views import PlayerView


def card_view() -> PlayerView:
    view = Game.new(variant("rami51"), ["ann", "bob"], 7).view(0)
    return replace(view, hand=tuple(parse_cards("Kc 3d jk 2s 3c")))


def tile_view() -> PlayerView:
    view = Game.new(variant("tiles"), ["ann", "bob"], 7).view(0)
    return replace(view, hand=tuple(parse_tiles("r1 k5 jk b1")))


@pytest.mark.parametrize("sort", ["suit", "rank"])
@pytest.mark.parametrize("make", [card_view, tile_view])
def test_positions_follow_the_hand_picture(make: Callable[[], PlayerView], sort: str) -> None:
    view = make()
    assert display_order(view, sort) == sorted_hand(view.hand, sort)


@pytest.mark.parametrize(("sort", "order", "expected"), [
    ("own", [4, 0], [4, 0, 1, 2, 3]),  # the player's order, the rest after it
    ("size", None, sorted_hand(parse_cards("Kc 3d jk 2s 3c"), "suit")),  # unknown: by suit
    ("own", [9], sorted_hand(parse_cards("Kc 3d jk 2s 3c"), "suit")),  # stale order: by suit
])
def test_an_own_order_and_its_fallbacks(sort: str, order: list[int] | None,
                                        expected: list[int]) -> None:
    assert display_order(card_view(), sort, order) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("1 3", "3c 2s"),  # by suit: 3c Kc 2s 3d jk
    ("1, 5", "3c jk"),
    ("7h 1", "7h 3c"),  # notation need not be in the hand: the engine judges
    ("JK 2", "jk Kc"),
])
def test_cards_are_named_by_position_or_notation(text: str, expected: str) -> None:
    view = card_view()
    order = display_order(view, "suit")
    assert read_pieces(text, view, order, Card, "en") == tuple(parse_cards(expected))


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("10c Dp", "fr", "10h qs"),  # French suit letters: c cœur, p pique
    ("10c Qs", "en", "10c qs"),
    ("1 Rk", "fr", "3c kd"),  # by suit: 3c Kc 2s 3d jk
    ("D♠ 2", "fr", "qs kc"),  # symbols in every language
])
def test_cards_are_read_in_the_players_language(text: str, lang: str, expected: str) -> None:
    view = card_view()
    order = display_order(view, "suit")
    assert read_pieces(text, view, order, Card, lang) == tuple(parse_cards(expected))
    with pytest.raises(NotationError):
        read_pieces("5p" if lang == "en" else "5s", view, order, Card, lang)


@pytest.mark.parametrize(("text", "expected"), [
    ("1 2", "k5 b1"),  # by suit (colour): k5 b1 r1 jk
    ("r12 4", "r12 jk"),
    ("3,k7", "r1 k7"),
])
def test_tiles_are_named_by_position_or_notation(text: str, expected: str) -> None:
    view = tile_view()
    order = display_order(view, "suit")
    assert read_pieces(text, view, order, Tile, "fr") == tuple(parse_tiles(expected))


@pytest.mark.parametrize(("make", "kind", "text", "code"), [
    (card_view, Card, "6", "bot.error.position"),
    (card_view, Card, "0", "bot.error.position"),
    (card_view, Card, "", "notation"),
    (card_view, Card, "zz", "notation.card"),
    (card_view, Tile, "1", "notation.tile"),  # a card where a tile is wanted
    (tile_view, Tile, "", "notation.no_tile"),
    (tile_view, Tile, "9", "bot.error.position"),
    (tile_view, Tile, "x5", "notation.tile"),
    (card_view, Card, "²", "notation.card"),  # a digit to Python, no number to a player
    (card_view, Card, "5" * 200, "bot.error.position"),
    (card_view, Card, "x" * 6000, "bot.error.too_long"),
    (tile_view, Tile, "|" * 6000, "bot.error.too_long"),
    (card_view, Card, "x" * 300, "notation.card"),
])
def test_what_names_no_piece_is_refused(make: Callable[[], PlayerView], kind: type[Card | Tile],
                                        text: str, code: str) -> None:
    view = make()
    with pytest.raises(NotationError) as caught:
        read_pieces(text, view, display_order(view, "suit"), kind, "en")
    assert caught.value.code == code
    assert caught.value.message("fr") != caught.value.message("en")
    assert all(len(caught.value.message(lang)) < 300 for lang in ("en", "fr"))


def test_digits_of_any_script_are_positions() -> None:
    view = card_view()
    order = display_order(view, "suit")
    assert (read_pieces("١ ３", view, order, Card, "en")
            == read_pieces("1 3", view, order, Card, "en"))


def test_one_card_exactly() -> None:
    view = card_view()
    order = display_order(view, "rank")  # 2s 3c 3d Kc jk
    assert read_card("2", view, order, "en") == parse_cards("3c")[0]
    with pytest.raises(NotationError) as caught:
        read_card("1 2", view, order, "en")
    assert caught.value.code == "bot.error.one_card"
