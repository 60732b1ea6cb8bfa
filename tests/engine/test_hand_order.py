"""The orders a hand is shown in (moved here from the hand picture's tests with the
ordering): by suit, by rank, in the player's own order."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.card import Card, full_deck, parse_cards
from engine.hand_order import Sort, read_sort, sorted_hand
from engine.tiles.tile import parse_tiles


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


@pytest.mark.parametrize(("name", "sort"), [
    ("suit", Sort.SUIT), ("rank", Sort.RANK), ("own", Sort.OWN),
    ("colour", Sort.SUIT), ("number", Sort.RANK), ("custom", Sort.OWN),
])
def test_a_sort_is_read_by_its_name_or_an_alias(name: str, sort: Sort) -> None:
    assert read_sort(name) is sort
