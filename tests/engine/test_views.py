"""What the views say of the game itself: the variant, the kind of game it is, the opening
minimum of the table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Game, variant, variant_names
from engine.views import opening_status


@pytest.mark.parametrize("name", variant_names())
def test_views_carry_the_variant_and_its_kind(name: str) -> None:
    rules = variant(name)
    game = Game.new(rules, ["ann", "bob"], seed=1)
    public, own = game.public_view(), game.view(0)
    assert (public.variant, public.kind) == (rules.name, rules.kind)
    assert (own.variant, own.kind) == (rules.name, rules.kind)


@pytest.mark.parametrize(("name", "players", "minimum"), [
    ("classic", 2, 0), ("rami51", 3, 51), ("rami30", 2, 50), ("rami30", 3, 30),
    ("gameduell", 2, 51), ("tiles", 2, 30),
])
def test_views_carry_the_tables_opening_minimum(name: str, players: int, minimum: int) -> None:
    game = Game.new(variant(name), ["ann", "bob", "cyd"][:players], seed=1)
    assert game.public_view().opening_minimum == game.view(0).opening_minimum == minimum


@pytest.mark.parametrize(("name", "en", "fr"), [
    ("classic", None, None),  # no minimum: opening is nothing to watch
    ("rami51", "not opened yet", "pas encore posé"),
])
def test_whether_a_seat_has_opened_is_said_only_with_a_minimum(name: str, en: str | None,
                                                             fr: str | None) -> None:
    view = Game.new(variant(name), ["ann", "bob"], seed=1).public_view()
    status = opening_status(view, view.seats[0])
    assert (status and status.text("en"), status and status.text("fr")) == (en, fr)
    opened = replace(view.seats[0], has_opened=True)
    if en is not None:
        assert (msg := opening_status(view, opened)) is not None
        assert (msg.text("en"), msg.text("fr")) == ("has opened", "a posé")
