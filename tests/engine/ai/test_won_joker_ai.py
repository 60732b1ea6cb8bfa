"""The computer players lay a won joker again wherever the engine wants it laid: they are
never refused, whichever way the joker can still go (alone, with a card, in a new meld),
even when a player won two jokers and the turn timer plays the rest of their turn."""

from __future__ import annotations

import random

import pytest

from engine import JOKER, Game
from engine.ai import LEVELS, choose_action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.views import Phase
from tests.engine.helpers import act, card, cards, deal, meld, pass_turn


def _finish_turn(game: Game, level: str) -> list[object]:
    """Let the computer play seat 0's turn to its end; the actions it chose."""
    chosen: list[object] = []
    rng = random.Random(7)
    while game.current == 0 and game.phase is Phase.PLAY:
        action = choose_action(game.view(0), game.rules, level, rng)
        game.apply(0, action)  # an IllegalMove fails the test
        chosen.append(action)
    return chosen


def _gameduell_joker_with_a_card() -> Game:
    """Gameduell: the joker won from the nines goes only on 5♦ JK 7♦, with the 8♦."""
    game = deal("gameduell", ["9h 9s 9c jk 5d jk 7d 9d 8d"], stock="2s 3s 6c")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), meld("9h 9s 9c jk", "5d jk 7d"), SwapJoker(card("9d"), 0))
    return game


def _rami51_joker_in_a_new_meld() -> Game:
    """Rami51, the opening turn (no laying off): the joker goes only with two queens."""
    game = deal("rami51", ["kc kd ks kh 9h 9s 9c jk 9d qd qh qs"], players=3, stock="7d")
    act(game, Draw("stock"), meld("kc kd ks kh", "9h 9s 9c jk"), SwapJoker(card("9d"), 1))
    return game


def _rami51_two_jokers_won() -> Game:
    """Rami51: two jokers won in one turn, from a run and from a group of four."""
    game = deal("rami51", ["5h jk 7h 9c 9s 9h jk 6h 9d kc kd ks"], players=3,
                stock="2d 3d 4d 8s")  # fmt: skip
    act(game, Draw("stock"), meld("5h jk 7h", "9c 9s 9h jk", "kc kd ks"), Discard(card("2d")))
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), SwapJoker(card("6h"), 0), SwapJoker(card("9d"), 1))
    return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("setup", [_gameduell_joker_with_a_card, _rami51_joker_in_a_new_meld,
                                   _rami51_two_jokers_won])
def test_the_computer_lays_the_won_joker_and_ends_its_turn(setup: object, level: str) -> None:
    assert callable(setup)
    game: Game = setup()
    assert game.view(0).must_lay == JOKER
    chosen = _finish_turn(game, level)
    first = chosen[0]
    assert isinstance(first, LayOff | Meld)
    laid = first.cards if isinstance(first, LayOff) else first.melds[0]
    assert JOKER in laid
    assert game.current == 1 or game.phase is not Phase.PLAY


def test_the_joker_goes_with_the_card_it_needs() -> None:
    game = _gameduell_joker_with_a_card()
    action = choose_action(game.view(0), game.rules, "easy", random.Random(1))
    assert action == LayOff(cards("jk 8d"), 1)
