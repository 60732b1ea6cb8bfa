"""What the views say of the game itself: the variant and the kind of game it is."""

from __future__ import annotations

import pytest

from engine import Game, variant, variant_names


@pytest.mark.parametrize("name", variant_names())
def test_views_carry_the_variant_and_its_kind(name: str) -> None:
    rules = variant(name)
    game = Game.new(rules, ["ann", "bob"], seed=1)
    public, own = game.public_view(), game.view(0)
    assert (public.variant, public.kind) == (rules.name, rules.kind)
    assert (own.variant, own.kind) == (rules.name, rules.kind)
