"""The table of VARIANTS.md, cell by cell, played through ``Game.apply``: deal, draw,
discard-pick limits, opening minimum and limits, jokers, swaps, going out."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Card, Game, RuleError, full_deck, variant
from engine.cards.actions import Discard, Draw, LayOff
from engine.views import Phase
from tests.engine.helpers import (
    CARD_VARIANTS,
    OPENING,
    SMALL_RUN,
    act,
    card,
    cards,
    deal,
    meld,
    pass_turn,
    refused,
)

# ------------------------------------------------------------------ deck, players, deal

@pytest.mark.parametrize(
    ("name", "size", "jokers"), [("classic", 52, 0), ("rami51", 108, 4), ("rami30", 54, 2),
                                 ("gameduell", 110, 6)],
)  # fmt: skip
def test_deck(name: str, size: int, jokers: int) -> None:
    game = Game.new(variant(name), ["a", "b"], seed=3)
    pieces = game.round.all_pieces()
    assert len(pieces) == size
    assert Counter(pieces)[Card.joker()] == jokers


@pytest.mark.parametrize(("name", "low", "high"),
                         [("classic", 2, 6), ("rami51", 2, 6), ("rami30", 2, 4),
                          ("gameduell", 2, 4)])  # fmt: skip
def test_player_counts(name: str, low: int, high: int) -> None:
    for count in (low, high):
        Game.new(variant(name), [f"p{i}" for i in range(count)], seed=1)
    for count in (low - 1, high + 1):
        with pytest.raises(RuleError):
            Game.new(variant(name), [f"p{i}" for i in range(count)], seed=1)


@pytest.mark.parametrize(("name", "players", "size"),
                         [("classic", 2, 10), ("classic", 4, 7), ("classic", 6, 6),
                          ("rami51", 5, 13), ("rami30", 3, 13), ("rami30", 4, 10),
                          ("gameduell", 4, 13)])  # fmt: skip
def test_hand_size_dealt(name: str, players: int, size: int) -> None:
    game = Game.new(variant(name), [f"p{i}" for i in range(players)], seed=2)
    assert game.public_view().seats[0].hand_size == size
    assert all(seat.hand_size == size for seat in game.public_view().seats)


@pytest.mark.parametrize("name", CARD_VARIANTS)
def test_deck_order_deals_one_card_at_a_time_then_discard_then_stock(name: str) -> None:
    rules = variant(name)
    deck = full_deck(rules.decks, rules.jokers)
    size = rules.hand_size(2)
    game = Game.new(rules, ["a", "b"], seed=0, deck=deck)
    assert game.view(0).hand == tuple(deck[0 : 2 * size : 2])
    assert game.view(1).hand == tuple(deck[1 : 2 * size : 2])
    assert game.public_view().discard_top == deck[2 * size]
    assert game.public_view().discard_size == 1
    assert game.public_view().stock_size == rules.deck_size - 2 * size - 1
    game.apply(0, Draw("stock"))
    assert game.view(0).drawn == deck[2 * size + 1]


def test_a_deck_that_is_not_the_variants_is_refused() -> None:
    with pytest.raises(RuleError):
        Game.new(variant("rami30"), ["a", "b"], seed=0, deck=full_deck(1, 0))


def test_same_seed_same_deal() -> None:
    one = Game.new(variant("rami51"), ["a", "b", "c"], seed=42)
    two = Game.new(variant("rami51"), ["a", "b", "c"], seed=42)
    assert one.to_json() == two.to_json()
    assert one.view(0).hand != Game.new(variant("rami51"), ["a", "b", "c"], 43).view(0).hand


# ----------------------------------------------------------------------------- drawing

@pytest.mark.parametrize("name", CARD_VARIANTS)
def test_draw_from_stock_or_discard_top(name: str) -> None:
    game = deal(name, ["", ""], discard="kh", stock="qs")
    act(game, Draw("discard"))
    assert game.view(0).taken_from_discard == card("kh")
    assert game.public_view().discard_size == 0
    game = deal(name, ["", ""], discard="kh", stock="qs")
    act(game, Draw("stock"))
    assert game.view(0).drawn == card("qs")


def test_rami51_stock_only_override() -> None:
    game = deal(variant("rami51").with_overrides(draw_from_discard=False), ["", ""],
                discard="kh")  # fmt: skip
    refused(game, Draw("discard"), "draw.discard_not_allowed")
    act(game, Draw("stock"))


def test_turn_order_and_phases() -> None:
    game = deal("classic", ["", ""])
    refused(game, Discard(game.view(0).hand[0]), "move.draw_first")
    refused(game, Draw("stock"), "move.not_your_turn", seat=1)
    act(game, Draw("stock"))
    refused(game, Draw("stock"), "draw.already")
    refused(game, Draw("pile"), "draw.already")
    assert game.phase is Phase.PLAY


# ----------------------------------------------------------------- discard-pick limits

@pytest.mark.parametrize("name", ["classic", "rami51", "rami30"])
def test_card_taken_from_discard_may_not_be_discarded(name: str) -> None:
    game = deal(name, ["", ""], discard="kh")
    act(game, Draw("discard"))
    refused(game, Discard(card("kh")), "discard.taken")
    act(game, Discard(game.view(0).hand[0]))
    assert game.current == 1


def test_gameduell_lays_the_discard_straight_back() -> None:
    game = deal("gameduell", ["", ""], discard="kh")
    act(game, Draw("discard"), Discard(card("kh")))
    assert game.current == 1
    assert game.public_view().discard_top == card("kh")


def test_gameduell_taken_card_not_discarded_after_other_actions() -> None:
    game = deal("gameduell", [SMALL_RUN + " " + OPENING], stock="2s kh")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("discard"), meld(OPENING))
    refused(game, Discard(card("kh")), "discard.taken")


def test_gameduell_single_card_may_not_take_the_discard() -> None:
    game = deal("gameduell", ["ah 2h 3h 4h 5h 6h 7h " + OPENING], stock="qd qd 8s")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), meld(SMALL_RUN, OPENING), Discard(card("8s")))
    assert game.view(0).hand == (card("7h"),)
    pass_turn(game)
    refused(game, Draw("discard"), "draw.single_card")
    act(game, Draw("stock"))


def test_other_variants_let_a_single_card_take_the_discard() -> None:
    game = deal("rami51", ["ah 2h 3h 4h 5h 6h 7h " + OPENING], stock="qd qd")
    act(game, Draw("stock"), meld(SMALL_RUN, OPENING), Discard(card("qd")))
    pass_turn(game)
    act(game, Draw("discard"))
    assert len(game.view(0).hand) == 2


# ----------------------------------------------------------------------- the opening

@pytest.mark.parametrize(
    ("name", "players", "short"),
    [("rami51", 3, "jc qc kc|5d 5s 5h"), ("rami30", 3, "9c 10c jc"),
     ("rami30", 2, "jc qc kc|5d 5s 5h"), ("gameduell", 3, "jc qc kc|5d 5s 5h")],
)  # fmt: skip
def test_opening_minimum_counts_the_melds_together(name: str, players: int, short: str) -> None:
    melds = short.split("|")
    game = deal(name, [" ".join(melds) + " 2h 3h 4h ad 2d 3d"], players=players,
                stock="7s 8s 9s 10s js")  # fmt: skip
    if variant(name).first_turn_meld_ban:
        for _ in range(players):
            pass_turn(game)
    act(game, Draw("stock"))
    refused(game, meld(*melds), "meld.opening_short")
    act(game, meld(*melds, "2h 3h 4h"))  # 9 more points reach the minimum
    assert game.view(0).seats[0].has_opened
    act(game, meld("ad 2d 3d"))  # after the opening, no minimum


def test_classic_has_no_opening_minimum() -> None:
    game = deal("classic", ["ah 2h 3h"])
    act(game, Draw("stock"), meld("ah 2h 3h"))
    assert game.public_view().seats[0].has_opened


def test_opening_needed_in_the_view() -> None:
    game = deal("rami30", [""], players=2)
    assert game.view(0).opening_needed == 50
    assert deal("classic", [""]).view(1).opening_needed == 0


# The ace counts 11 in rami51's opening wherever it stands: A-2-3 is worth 16 there, 6
# elsewhere, so these melds (16 + 30 + 9 = 55, else 45) open rami51 only.
ACE_OPENING = ("ah 2h 3h", "jc qc kc", "2s 3s 4s")


@pytest.mark.parametrize(
    ("name", "changes", "opens"),
    [("rami51", {}, True), ("gameduell", {}, False), ("rami51", {"ace_opening": "by_place"},
     False), ("gameduell", {"ace_opening": "eleven"}, True)],
)  # fmt: skip
def test_the_ace_of_a_low_run_in_the_opening_count(
    name: str, changes: dict[str, str], opens: bool
) -> None:
    rules = variant(name).with_overrides(**changes)
    game = deal(rules, [" ".join(ACE_OPENING)], players=3, stock="7d 8d 9d 10d")
    if rules.first_turn_meld_ban:
        for _ in range(3):
            pass_turn(game)
    act(game, Draw("stock"))
    if opens:
        act(game, meld(*ACE_OPENING))
        assert game.view(0).seats[0].has_opened
    else:
        refused(game, meld(*ACE_OPENING), "meld.opening_short")


@pytest.mark.parametrize("name", ["gameduell", "classic"])
def test_lay_off_in_the_opening_turn_allowed(name: str) -> None:
    game = deal(name, [OPENING + " 7c"], players=2, stock="2s 3s 4s 5s")
    if variant(name).first_turn_meld_ban:
        for _ in range(2):
            pass_turn(game)
    act(game, Draw("stock"), meld(OPENING), LayOff(cards("7c"), 0))


@pytest.mark.parametrize("name", ["rami51", "rami30"])
def test_no_lay_off_in_the_opening_turn(name: str) -> None:
    game = deal(name, [OPENING + " 7c"], players=3, stock="2d 3d 4d")
    act(game, Draw("stock"))
    assert not game.view(0).opened_this_turn
    act(game, meld(OPENING))
    assert game.view(0).opened_this_turn and not game.view(1).opened_this_turn
    refused(game, LayOff(cards("7c"), 0), "layoff.opening_turn")
    act(game, Discard(card("2d")))
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"))
    assert not game.view(0).opened_this_turn  # the view says it: a new turn
    act(game, LayOff(cards("7c"), 0))


@pytest.mark.parametrize("name", CARD_VARIANTS)
def test_lay_off_needs_an_opening(name: str) -> None:
    # Classic lays off before the opening (tests/engine/test_lay_off.py): not here.
    rules = variant(name).with_overrides(lay_off_before_opening=False)
    game = deal(rules, [OPENING, "7c"], players=3, stock="2s 3s 4s 5s 6s")
    if rules.first_turn_meld_ban:
        for _ in range(3):
            pass_turn(game)
    act(game, Draw("stock"), meld(OPENING))
    pass_turn_discarding = game.view(0).drawn
    act(game, Discard(pass_turn_discarding), Draw("stock"))
    refused(game, LayOff(cards("7c"), 0), "layoff.not_opened")
    refused(game, LayOff(cards("7c"), 5), "layoff.not_opened")


def test_gameduell_no_meld_in_a_players_own_first_turn() -> None:
    game = deal("gameduell", [OPENING, OPENING], stock="2s 3s 4s 5s 6s")
    act(game, Draw("stock"))
    refused(game, meld(OPENING), "move.first_turn")
    act(game, Discard(card("2s")))
    act(game, Draw("stock"))
    refused(game, meld(OPENING), "move.first_turn")  # seat 1's own first turn too
    act(game, Discard(card("3s")), Draw("stock"), meld(OPENING))


@pytest.mark.parametrize("name", ["classic", "rami51", "rami30"])
def test_others_meld_in_the_first_turn(name: str) -> None:
    game = deal(name, [OPENING], players=3)
    act(game, Draw("stock"), meld(OPENING))


# ------------------------------------------------------------------------- ace and jokers

def test_classic_ace_is_low_only() -> None:
    game = deal("classic", ["qh kh ah 2s 3s as"])
    act(game, Draw("stock"))
    refused(game, meld("qh kh ah"), "meld.ace_low")
    act(game, meld("as 2s 3s"))


@pytest.mark.parametrize("name", ["rami51", "rami30", "gameduell"])
def test_ace_low_or_high(name: str) -> None:
    game = deal(name, ["qh kh ah 2s 3s as jc qc kc"], players=3, stock="7d 8d 9d 10d")
    if variant(name).first_turn_meld_ban:
        for _ in range(3):
            pass_turn(game)
    act(game, Draw("stock"), meld("qh kh ah", "jc qc kc", "as 2s 3s"))


@pytest.mark.parametrize(
    ("name", "legal", "illegal", "code"),
    [("rami51", "jk jk 5d 6d", "jk jk jk", "meld.only_jokers"),
     ("rami30", "jk 5d 6d", "jk jk 5d 6d", "meld.jokers_one"),
     ("gameduell", "jk 5d jk 7d 8d", "jk jk 5d 6d", "meld.jokers_minority"),
     ("gameduell", "jk 5d 6d", "jk jk 5d 6d 7d", "meld.jokers_adjacent")],
)  # fmt: skip
def test_jokers_per_meld(name: str, legal: str, illegal: str, code: str) -> None:
    jokers = "jk jk" if name == "rami30" else "jk jk jk"
    game = deal(name, [f"{OPENING} {jokers} 5d 6d 7d 8d"], players=3, stock="2s 3s 4s 5s")
    if variant(name).first_turn_meld_ban:
        for _ in range(3):
            pass_turn(game)
    act(game, Draw("stock"), meld(OPENING))
    refused(game, meld(illegal), code)
    act(game, meld(legal))
