"""Laying off before the opening (``lay_off_before_opening``): classic, which has no
opening minimum, lets a player lay off on any meld from their first turn; every other
variant waits for the player's own opening."""

from __future__ import annotations

import pytest

from engine import Game, IllegalMove, variant
from engine.cards.actions import Discard, Draw, LayOff
from engine.rules import RuleSet
from tests.engine.helpers import (
    CARD_VARIANTS,
    OPENING,
    act,
    card,
    cards,
    deal,
    meld,
    pass_turn,
    refused,
)


def opponent_has_melded(rules: RuleSet) -> Game:
    """Seat 0 has laid ``OPENING`` (8♣ to K♣); seat 1, holding 7♣ and 9♦ 10♦ J♦, has
    drawn in its first turn and laid nothing."""
    game = deal(rules, [OPENING, "7c 9d 10d jd"], stock="2s 3s 4s 5s 6s 7s 8s")
    if rules.first_turn_meld_ban:
        for _ in range(2):
            pass_turn(game)
    act(game, Draw("stock"), meld(OPENING))
    act(game, Discard(game.view(0).drawn), Draw("stock"))
    assert game.current == 1 and not game.view(1).seats[1].has_opened
    return game


def test_classic_lays_off_on_an_opponents_meld_in_the_first_turn() -> None:
    game = opponent_has_melded(variant("classic"))
    act(game, LayOff(cards("7c"), 0))
    view = game.view(1)
    assert card("7c") not in view.hand and card("7c") in view.melds[0].pieces
    assert not view.seats[1].has_opened  # laying off is no opening
    act(game, meld("9d 10d jd"))  # the opening follows, in the same turn
    assert game.view(1).seats[1].has_opened


@pytest.mark.parametrize("name", [n for n in CARD_VARIANTS
                                  if not variant(n).lay_off_before_opening])
def test_the_other_variants_wait_for_the_opening(name: str) -> None:
    game = opponent_has_melded(variant(name))
    refused(game, LayOff(cards("7c"), 0), "layoff.not_opened")
    with pytest.raises(IllegalMove) as caught:
        game.apply(1, LayOff(cards("7c"), 0))
    assert caught.value.message("en") == (
        "You may lay off only once you have opened (laid your first melds).")
    assert caught.value.message("fr") == "Vous ne pouvez compléter qu'après votre première pose."


def test_classic_without_the_rule_waits_for_the_opening() -> None:
    game = opponent_has_melded(variant("classic").with_overrides(lay_off_before_opening=False))
    refused(game, LayOff(cards("7c"), 0), "layoff.not_opened")


def test_a_server_may_allow_it_where_a_minimum_still_holds_for_melds() -> None:
    rules = variant("rami51").with_overrides(lay_off_before_opening="oui")
    game = opponent_has_melded(rules)
    act(game, LayOff(cards("7c"), 0))
    refused(game, meld("9d 10d jd"), "meld.opening_short")  # 29 points of the 51


def test_a_lay_off_before_the_opening_still_checks_the_meld() -> None:
    game = opponent_has_melded(variant("classic"))
    refused(game, LayOff(cards("9d"), 0), "meld.no_fit")
    refused(game, LayOff(cards("7c"), 3), "move.no_such_meld")
