"""The public turn counter: what tells a new turn from the same seat's previous one."""

from __future__ import annotations

import pytest

from engine import variant
from engine.cards.actions import Discard, Draw
from engine.game import Game
from engine.tiles.actions import DrawTile


def test_card_turns_count_up_each_turn_and_survive_a_save() -> None:
    game = Game.new(variant("classic"), ["Ann", "Ben"], seed=4)
    assert game.public_view().turn == 1
    for expected in (2, 3, 4):
        seat = game.current
        game.apply(seat, Draw("stock"))
        assert game.public_view().turn == expected - 1  # drawing is the same turn
        card = game.view(seat).drawn
        assert card is not None
        game.apply(seat, Discard(card))
        assert game.public_view().turn == expected
    assert Game.from_json(game.to_json()).public_view().turn == 4


@pytest.mark.parametrize("seats", [2, 3])
def test_tile_turns_count_up_even_when_nothing_else_shows_it(seats: int) -> None:
    game = Game.new(variant("tiles"), [f"P{n}" for n in range(seats)], seed=9)
    turns = [game.public_view().turn]
    for _ in range(2 * seats):
        game.apply(game.current, DrawTile())
        turns.append(game.public_view().turn)
    assert turns == list(range(1, 2 * seats + 2))
    assert Game.from_json(game.to_json()).public_view().turn == turns[-1]
