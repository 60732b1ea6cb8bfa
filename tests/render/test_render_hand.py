"""The hand (or rack) picture: order, numbering, highlights, alt text, size."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.cards.card import Card, Suit, format_cards, full_deck
from engine.hand_order import sorted_hand
from engine.tiles.tile import Tile, format_tiles
from engine.views import Piece, PlayerView
from render import THEMES, hand_picture_key, render_hand
from tests.render.helpers import HAND_13, RACK_14, decode, player, public


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
