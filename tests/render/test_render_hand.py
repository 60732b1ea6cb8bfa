"""The hand (or rack) picture: order, numbering, highlights, alt text, size."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.card import Card, Suit, format_cards, full_deck, parse_cards
from engine.tiles.tile import Tile, format_tiles, parse_tiles
from engine.views import Piece, PlayerView
from render import THEMES, hand_picture_key, render_hand, sorted_hand
from tests.render.helpers import HAND_13, RACK_14, decode, player, public


def test_suit_sort_is_suit_then_rank_jokers_last() -> None:
    hand = parse_cards("jk 3d Kc 2s 3c")
    assert [hand[i] for i in sorted_hand(hand, "suit")] == parse_cards("3c Kc 2s 3d jk")


def test_rank_sort_is_rank_then_suit_jokers_last() -> None:
    hand = parse_cards("jk 3d Kc 2s 3c")
    assert [hand[i] for i in sorted_hand(hand, "rank")] == parse_cards("2s 3c 3d Kc jk")


def test_tiles_sort_by_colour_or_by_number() -> None:
    rack = parse_tiles("r1 jk k5 b1")
    assert [rack[i] for i in sorted_hand(rack, "suit")] == parse_tiles("k5 b1 r1 jk")
    assert [rack[i] for i in sorted_hand(rack, "rank")] == parse_tiles("b1 r1 k5 jk")


def test_own_order_is_kept_and_new_cards_follow() -> None:
    hand = parse_cards("3c 4c 5c 6c")
    assert sorted_hand(hand, "own", [2, 0, 1, 3]) == [2, 0, 1, 3]
    assert sorted_hand(hand, "own", [3, 1]) == [3, 1, 0, 2]
    assert sorted_hand(hand, "own", None) == [0, 1, 2, 3]


@pytest.mark.parametrize("order", [[0, 0, 1], [4], [-1]])
def test_a_bad_own_order_raises(order: list[int]) -> None:
    with pytest.raises(ValueError, match="not an ordering"):
        sorted_hand(parse_cards("3c 4c 5c 6c"), "own", order)


def test_an_unknown_sort_raises() -> None:
    with pytest.raises(ValueError, match="unknown sort 'size'; choose one of: suit, rank, own"):
        sorted_hand(parse_cards("3c"), "size")


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_13_card_hand_is_two_rows_narrow_enough_for_a_phone(
    hand_view: PlayerView, theme: str
) -> None:
    picture = render_hand(hand_view, theme=theme)
    image = decode(picture)
    assert image.mode == "P"
    assert picture.filename == "hand.png"
    assert (picture.width, picture.height) == (884, 538)
    assert len(picture.png) < 100_000


def test_the_alt_text_lists_the_cards_in_display_order(hand_view: PlayerView) -> None:
    picture = render_hand(hand_view, sort="rank")
    shown = [
        c for i in sorted_hand(hand_view.hand, "rank") if isinstance(c := hand_view.hand[i], Card)
    ]
    assert picture.alt.startswith(f"Your hand, 13 cards: {format_cards(shown)}.")
    assert "Just drawn: 6♥." in picture.alt


def test_the_card_just_drawn_is_named_and_drawn_higher() -> None:
    view = player(public(), [*HAND_13[:5], Card(6, Suit.HEARTS)], drawn=Card(6, Suit.HEARTS))
    plain = replace(view, drawn=None)
    picture, unmarked = render_hand(view), render_hand(plain)
    assert "Just drawn: 6♥." in picture.alt
    assert picture.png != unmarked.png
    assert picture.height > unmarked.height  # the legend line


def test_marks_and_legend_in_french(hand_view: PlayerView) -> None:
    view = replace(hand_view, taken_from_discard=HAND_13[0], opening_needed=51, current=1)
    picture = render_hand(view, lang="fr", playable={1, 2})
    assert picture.alt.startswith("Votre main, 13 cartes : 7♣ 8♣ 10♣ R♣")  # R: roi
    assert "Peut être posée : 8♣ 10♣." in picture.alt
    assert "Ne peut pas être défaussée : 7♣." in picture.alt
    assert "Ouverture : 51 points à poser." in picture.alt
    assert "À vous" not in picture.alt  # the message's text says whose turn it is


def test_a_hand_picture_changes_only_with_the_hand(hand_view: PlayerView) -> None:
    key = hand_picture_key(hand_view)
    other_turn = replace(hand_view, current=(hand_view.current + 1) % len(hand_view.seats))
    assert hand_picture_key(other_turn) == key
    assert render_hand(other_turn).png == render_hand(hand_view).png
    assert hand_picture_key(replace(hand_view, hand=hand_view.hand[1:])) != key
    assert hand_picture_key(hand_view, sort="rank") != key
    assert hand_picture_key(hand_view, lang="fr") != key
    assert hand_picture_key(hand_view, theme="dark") != key


def test_a_rack_lists_its_tiles(rack_view: PlayerView) -> None:
    picture = render_hand(rack_view)
    decode(picture)
    assert picture.filename == "rack.png"
    shown = [
        t for i in sorted_hand(rack_view.hand, "suit") if isinstance(t := rack_view.hand[i], Tile)
    ]
    assert picture.alt.startswith(f"Your rack, 14 tiles: {format_tiles(shown)}.")
    assert "Just drawn: r3." in picture.alt


def test_an_empty_hand_still_renders() -> None:
    picture = render_hand(player(public(), []))
    decode(picture)
    assert picture.alt.startswith("Your hand, 0 cards.")


def test_long_racks_wrap_into_more_rows() -> None:
    rack = RACK_14 * 2
    short, long = (
        render_hand(player(public(tiles=True), RACK_14)),
        render_hand(player(public(tiles=True), rack)),
    )
    assert long.height > short.height
    assert long.width <= 920


def test_an_empty_rack_is_still_a_rack() -> None:
    picture = render_hand(player(public(tiles=True), []))
    assert picture.filename == "rack.png"
    assert picture.alt.startswith("Your rack, 0 tiles.")


@given(
    st.lists(st.sampled_from(full_deck(1, 1)), max_size=30),
    st.sampled_from(["suit", "rank", "own"]),
    st.randoms(use_true_random=False),
)
@settings(max_examples=60, deadline=None)
def test_sorted_hand_is_a_permutation(hand: list[Card], sort: str, rng: random.Random) -> None:
    order = list(range(len(hand)))
    rng.shuffle(order)
    shown = sorted_hand(hand, sort, order[: len(order) // 2])
    assert sorted(shown) == list(range(len(hand)))


@pytest.mark.parametrize("seed", range(8))
def test_random_hands_render_and_list_every_card(seed: int) -> None:
    rng = random.Random(seed)
    tiles = seed % 2 == 1
    pool: list[Piece] = list(RACK_14) if tiles else list(full_deck(2, 2))
    hand = [rng.choice(pool) for _ in range(rng.randrange(1, 22))]
    view = player(public(tiles=tiles), hand, drawn=hand[-1])
    picture = render_hand(view, sort=rng.choice(["suit", "rank"]), theme=rng.choice(list(THEMES)))
    decode(picture)
    listed = picture.alt.split(": ", 1)[1].split(".", 1)[0].split()
    assert len(listed) == len(hand)
