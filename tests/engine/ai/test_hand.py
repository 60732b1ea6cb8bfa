"""The best partition of a hand into melds (hand analysis of the computer players)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai.hand import Partitioner, candidate_melds, near_meld_partners
from engine.ai.variant import card_variant
from engine.cards.card import full_deck, parse_cards
from engine.cards.melds import classify, hand_value
from engine.variants import variant
from tests.engine.helpers import CARD_VARIANTS


@pytest.mark.parametrize(
    ("name", "hand", "loose"),
    [
        ("classic", "2c 3c 4c 9s 9h 9d Kd", "Kd"),
        ("classic", "Qs Ks As 5h", "Qs Ks As 5h"),  # the ace is low only in classic
        ("rami51", "Qs Ks As 5h", "5h"),
        ("rami51", "5h 6h jk 9c 9d 9s 4d", "4d"),
        ("rami30", "5h jk jk 8h 2c", "5h jk jk 8h 2c"),  # at most one joker per meld
        ("gameduell", "5h jk jk 9c", "5h jk jk 9c"),  # jokers strictly fewer than half
        ("rami51", "4h 5h 6h 6c 6d", "4h 5h"),  # 6♥ goes to the run or the group
    ],
)
def test_best_partition_leaves_the_fewest_points(name: str, hand: str, loose: str) -> None:
    kit = card_variant(variant(name)).kit
    cards = parse_cards(hand)
    best = Partitioner(kit, cards).best(cards)
    expected = parse_cards(loose)
    assert best.loose_points == hand_value(expected, variant(name))
    if name != "rami51" or "6c" not in hand:
        assert Counter(best.loose) == Counter(expected)


@pytest.mark.parametrize("name", CARD_VARIANTS)
def test_partition_keeps_every_card_and_melds_are_legal(name: str) -> None:
    rules = variant(name)
    kit = card_variant(rules).kit
    rng = random.Random(7)
    deck = full_deck(rules.decks, rules.jokers)
    for _ in range(60):
        rng.shuffle(deck)
        hand = deck[:14]
        best = Partitioner(kit, hand).best(hand)
        laid = [card for meld in best.melds for card in meld.cards]
        assert Counter(laid) + Counter(best.loose) == Counter(hand)
        for meld in best.melds:
            assert classify(meld.cards, rules).value == meld.value
        assert best.loose_points == hand_value(best.loose, rules)


def test_prefer_value_plans_an_opening() -> None:
    rules = variant("rami51")
    kit = card_variant(rules).kit
    hand = parse_cards("2c 3c 4c 4d 4h Kc")
    by_points = Partitioner(kit, hand).best(hand)
    by_value = Partitioner(kit, hand, prefer_value=True).best(hand)
    assert by_value.value >= by_points.value


def test_candidates_respect_the_joker_limit() -> None:
    kit = card_variant(variant("rami30")).kit
    for cand in candidate_melds(parse_cards("5h 6h jk jk 9c 9d"), kit):
        assert cand.jokers <= 1


def test_near_meld_partners_counts_both_ways() -> None:
    card, *others = parse_cards("7h 7c 8h 2s")
    assert near_meld_partners(card, others) == (1, 1)
