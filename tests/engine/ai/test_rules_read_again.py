"""The computer players and the two rules of issue 30: they lay off before their opening
in classic (medium and hard) and never try to discard a card identical to the one they
took from the discard pile."""

from __future__ import annotations

import random

import pytest

from engine import Game, variant
from engine.ai import choose_action
from engine.cards.actions import Discard, Draw, LayOff
from engine.rules import RuleSet
from engine.views import Phase
from tests.engine.helpers import OPENING, act, cards, deal, meld


def seat_1_to_play(rules: RuleSet) -> Game:
    """Seat 0 has laid 8♣ to K♣; seat 1 holds 7♣ (loose) and has drawn, unopened."""
    game = deal(rules, [OPENING, "7c"], stock="2s 3s 4s 5s 6s")
    act(game, Draw("stock"), meld(OPENING))
    act(game, Discard(game.view(0).drawn), Draw("stock"))
    return game


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_lay_off_before_their_opening_in_classic(level: str) -> None:
    game = seat_1_to_play(variant("classic"))
    action = choose_action(game.view(1), game.rules, level, random.Random(1))
    assert action == LayOff(cards("7c"), 0)
    game.apply(1, action)  # the engine accepts it


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_nobody_lays_off_before_the_opening_without_the_rule(level: str) -> None:
    game = seat_1_to_play(variant("classic").with_overrides(lay_off_before_opening=False))
    action = choose_action(game.view(1), game.rules, level, random.Random(1))
    assert isinstance(action, Discard)
    game.apply(1, action)


def unopened_lay_offs(rules: RuleSet, seed: int) -> int:
    """Lay-offs by seats not yet opened in a seeded medium-against-hard round."""
    game = Game.new(rules, ["a", "b"], seed)
    rng, found = random.Random(seed), 0
    while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        seat = game.current
        action = choose_action(game.view(seat), rules, ("medium", "hard")[seat], rng)
        if isinstance(action, LayOff) and not game.view(seat).seats[seat].has_opened:
            found += 1
        game.apply(seat, action)  # an IllegalMove fails the test
    return found


def test_the_freedom_is_used_in_seeded_classic_rounds() -> None:
    classic = variant("classic")
    assert sum(unopened_lay_offs(classic, seed) for seed in range(12)) > 0
    closed = classic.with_overrides(lay_off_before_opening=False)
    assert sum(unopened_lay_offs(closed, seed) for seed in range(12)) == 0


def twin_chances(rules: RuleSet, seed: int) -> int:
    """Turns of a seeded easy-medium-hard round where a seat took a card from the discard
    pile while holding a copy of it; each discard is checked not to be that card."""
    game = Game.new(rules, ["a", "b", "c"], seed)
    rng, chances = random.Random(seed), 0
    while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        seat = game.current
        view = game.view(seat)
        action = choose_action(view, rules, ("easy", "medium", "hard")[seat], rng)
        if isinstance(action, Discard) and view.taken_from_discard is not None:
            assert action.card != view.taken_from_discard
            chances += view.hand.count(view.taken_from_discard) > 1
        game.apply(seat, action)  # an IllegalMove fails the test
    return chances


@pytest.mark.parametrize(("name", "overrides"), [
    ("rami51", {}), ("rami30", {"decks": 2}),
])  # fmt: skip
def test_no_computer_discards_a_copy_of_the_card_it_took(name: str,
                                                         overrides: dict[str, object]) -> None:
    rules = variant(name).with_overrides(**overrides)
    assert rules.identical_discard_ban
    assert sum(twin_chances(rules, seed) for seed in range(8)) > 0
