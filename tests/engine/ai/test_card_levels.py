"""The computer players of the card variants: legal, seeded, view-only, level-agnostic."""

from __future__ import annotations

import inspect
import random

import pytest

from engine.ai import LEVELS, choose_action
from engine.cards.actions import Discard, Draw, Meld
from engine.cards.card import full_deck, parse_cards
from engine.errors import RuleError
from engine.game import Game
from engine.variants import variant
from engine.views import Phase
from tests.engine.ai.helpers import look_alike_decks, play_out
from tests.engine.helpers import CARD_VARIANTS


@pytest.mark.parametrize("name", CARD_VARIANTS)
@pytest.mark.parametrize(
    "levels", [("easy", "medium", "hard"), ("hard", "hard"), ("medium", "easy")]
)
def test_every_level_plays_legal_moves_to_the_end_of_rounds(
    name: str, levels: tuple[str, ...]
) -> None:
    rules = variant(name)
    for seed in range(3):
        game, actions = play_out(rules, levels, seed, rounds=2)  # IllegalMove would raise
        assert len(game.public_view().rounds) >= 1
        assert len(actions) > 10


def test_choose_action_takes_only_a_view() -> None:
    params = list(inspect.signature(choose_action).parameters)
    assert params == ["view", "rules", "level", "rng"]


@pytest.mark.parametrize("name", CARD_VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_decision(name: str, level: str) -> None:
    """Two deals that look the same from seat 0 (other hands and the stock differ)."""
    rules = variant(name)
    size = rules.hand_size(2)
    for seed in range(4):
        deck, other = look_alike_decks(full_deck(rules.decks, rules.jokers), size, seed,
                                       face_up=1, reshuffle=seed + 100)  # the discard
        game_a = Game.new(rules, ["a", "b"], seed, deck=deck)
        game_b = Game.new(rules, ["a", "b"], seed, deck=other)
        assert game_a.current == 0
        view_a, view_b = game_a.view(0), game_b.view(0)
        assert view_a == view_b
        for draw_seed in range(3):
            first_a = choose_action(view_a, rules, level, random.Random(draw_seed))
            first_b = choose_action(view_b, rules, level, random.Random(draw_seed))
            assert first_a == first_b
        game_a.apply(0, Draw("stock"))
        game_b.apply(0, Draw("stock"))
        if game_a.view(0) == game_b.view(0):
            assert choose_action(game_a.view(0), rules, level, random.Random(1)) == (
                choose_action(game_b.view(0), rules, level, random.Random(1))
            )


@pytest.mark.parametrize("name", CARD_VARIANTS)
def test_a_seeded_game_replays_exactly(name: str) -> None:
    rules = variant(name)
    _, first = play_out(rules, ("hard", "medium", "easy"), 11, rounds=1)
    _, again = play_out(rules, ("hard", "medium", "easy"), 11, rounds=1)
    assert first == again


def test_changing_the_level_mid_match_keeps_the_game() -> None:
    rules = variant("rami51").with_overrides(target=150)
    cycle = ("easy", "hard", "medium")

    def level(seat: int, turn: int) -> str:
        return cycle[(turn // 7 + seat) % 3]

    game, _actions = play_out(rules, level, 5)
    assert game.phase is Phase.MATCH_OVER
    assert game.outcome() is not None
    # The level is not part of the saved game: the document never mentions it.
    text = game.to_json()
    assert all(name not in text for name in LEVELS)


def test_unknown_level_is_refused_in_both_languages() -> None:
    game = Game.new(variant("classic"), ["a", "b"], 1)
    with pytest.raises(RuleError) as error:
        choose_action(game.view(0), variant("classic"), "genius", random.Random(1))
    assert "genius" in error.value.message("en")
    assert "niveau" in error.value.message("fr")


def test_not_my_turn_is_an_error() -> None:
    game = Game.new(variant("classic"), ["a", "b"], 1)
    with pytest.raises(ValueError):
        choose_action(game.view(1), variant("classic"), "easy", random.Random(1))


def test_easy_draws_from_the_stock_and_throws_its_highest_loose_card() -> None:
    rules = variant("classic")
    hand = parse_cards("2c 3c 4c 9s 5h Kd 7h 8d Jc 6s")
    deck = _deck_with_hand(rules, hand, top="Qh", draw="3d")
    game = Game.new(rules, ["a", "b"], 1, deck=deck)
    assert choose_action(game.view(0), rules, "easy", random.Random(1)) == Draw("stock")
    game.apply(0, Draw("stock"))
    action = choose_action(game.view(0), rules, "easy", random.Random(1))
    assert action == Meld((tuple(parse_cards("2c 3c 4c")),))
    game.apply(0, action)
    action = choose_action(game.view(0), rules, "easy", random.Random(1))
    assert isinstance(action, Discard) and action.card.rank in (11, 13)


def test_medium_takes_a_discard_that_completes_a_meld() -> None:
    rules = variant("classic")
    hand = parse_cards("9s 9h 2c 5d Kd 7h 8d Jc 6s Qc")
    deck = _deck_with_hand(rules, hand, top="9d", draw="3d")
    game = Game.new(rules, ["a", "b"], 1, deck=deck)
    for level in ("medium", "hard"):
        assert choose_action(game.view(0), rules, level, random.Random(1)) == Draw("discard")
    assert choose_action(game.view(0), rules, "easy", random.Random(1)) == Draw("stock")


def test_hard_opens_with_enough_points_and_waits_otherwise() -> None:
    rules = variant("rami51")
    strong = parse_cards("Qs Ks As 10h 10d 10c 2c 3c 4c 7d 8s 5h 6h")
    deck = _deck_with_hand(rules, strong, top="2d", draw="3d")
    game = Game.new(rules, ["a", "b"], 1, deck=deck)
    game.apply(0, Draw("stock"))
    action = choose_action(game.view(0), rules, "hard", random.Random(1))
    assert isinstance(action, Meld)
    weak = parse_cards("2s 3s 4s 2h 2d 2c 7c 8c 9c Jd 5h 6d Kc")
    deck = _deck_with_hand(rules, weak, top="2d", draw="3d")
    game = Game.new(rules, ["a", "b"], 1, deck=deck)
    game.apply(0, Draw("stock"))
    action = choose_action(game.view(0), rules, "hard", random.Random(1))
    assert isinstance(action, Discard)  # 9 + 8 + 24 = 41 < 51: nothing is laid


def _deck_with_hand(rules: object, hand: list, top: str, draw: str) -> list:
    """A two-player deck (top first) dealing ``hand`` to seat 0, ``top`` face up, then
    ``draw`` on top of the stock."""
    from collections import Counter

    assert hasattr(rules, "hand_size")
    size = rules.hand_size(2)  # type: ignore[attr-defined]
    rest = Counter(full_deck(rules.decks, rules.jokers))  # type: ignore[attr-defined]
    rest.subtract(hand)
    up, first = parse_cards(top)[0], parse_cards(draw)[0]
    rest.subtract([up, first])
    others = list(rest.elements())
    random.Random(3).shuffle(others)
    deck = []
    for i in range(size):
        deck.append(hand[i])
        deck.append(others.pop())
    deck.append(up)
    deck.append(first)
    deck.extend(others)
    return deck
