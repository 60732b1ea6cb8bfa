"""Joker swaps, joker discards, going out, round scores, stock exhaustion, match end."""

from __future__ import annotations

import json

import pytest

from engine import JOKER, Game, IllegalMove, variant
from engine.cards.actions import Discard, Draw, LayOff, SwapJoker
from engine.cards.melds import hand_value
from engine.game import Termination, decide
from engine.views import Phase
from tests.engine.helpers import (
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

# ---------------------------------------------------------------------------- joker swap


def test_rami51_swap_after_opening_and_lay_the_joker_again() -> None:
    game = deal("rami51", [OPENING + " 5h jk 7h 6h"], players=3, stock="2s 3s 4s 5s")
    act(game, Draw("stock"), meld(OPENING, "5h jk 7h"), Discard(card("2s")))
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), SwapJoker(card("6h"), 1))
    assert game.view(0).must_lay == JOKER
    assert game.public_view().melds[1].pieces == cards("5h 6h 7h")
    refused(game, Discard(card("5s")), "swap.lay_joker_first")
    act(game, LayOff((JOKER,), 0), Discard(card("5s")))
    assert game.public_view().melds[0].stands_for[-1] == card("ac")


@pytest.mark.parametrize("name", ["rami51", "rami30", "gameduell"])
def test_swap_needs_an_opening(name: str) -> None:
    group = "5h 5s 5c jk"
    game = deal(name, [OPENING + " " + group, "5d"], players=3, stock="2s 3s 4s 6s 7s 8s")
    if variant(name).first_turn_meld_ban:
        for _ in range(3):
            pass_turn(game)
    act(game, Draw("stock"), meld(OPENING, group))
    act(game, Discard(game.view(0).drawn), Draw("stock"))
    refused(game, SwapJoker(card("5d"), 1), "swap.not_opened")


def test_swap_needs_the_card_the_joker_stands_for() -> None:
    game = deal("rami51", [OPENING + " 5h jk 7h 6s"], players=3, stock="2s")
    act(game, Draw("stock"), meld(OPENING, "5h jk 7h"))
    refused(game, SwapJoker(card("6s"), 1), "meld.no_joker_for")
    refused(game, SwapJoker(card("6h"), 1), "move.not_in_hand")
    refused(game, SwapJoker(card("6s"), 7), "move.no_such_meld")


def test_a_swap_on_a_meld_without_a_joker_says_so() -> None:
    game = deal("rami51", [OPENING + " 5h jk 7h 9c"], players=3, stock="2s")
    act(game, Draw("stock"), meld(OPENING, "5h jk 7h"))
    refused(game, SwapJoker(card("9c"), 0), "swap.no_joker")
    refused(game, SwapJoker(card("9d"), 0), "swap.no_joker")  # held or not: no joker there
    assert "Meld 1 has no joker" in _message(game, SwapJoker(card("9c"), 0))


def test_a_card_named_more_often_than_it_is_held_is_counted() -> None:
    game = deal("rami51", ["jk 7d 8d 9d"], players=3, stock="2s")
    act(game, Draw("stock"))
    refused(game, meld("jk jk 7d"), "move.too_few")
    assert _message(game, meld("jk jk 7d")) == "You name JK 2 times but hold only 1."
    refused(game, meld("7d 8d 9d 7d"), "move.too_few")
    refused(game, meld("6d 7d 8d"), "move.not_in_hand")


def _message(game: Game, action: object) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.apply(game.current, action)
    return caught.value.message("en")


def test_rami51_swap_refused_when_the_joker_could_not_be_laid() -> None:
    game = deal("rami51", ["kc kd ks kh 9h 9s 9c jk 9d"], players=3, stock="5d")
    act(game, Draw("stock"), meld("kc kd ks kh", "9h 9s 9c jk"))
    refused(game, SwapJoker(card("9d"), 1), "swap.joker_unplayable")


def test_rami30_swap_after_opening_without_laying_again() -> None:
    game = deal("rami30", [OPENING + " 5h jk 7h 6h"], players=3, stock="2s")
    act(game, Draw("stock"), meld(OPENING, "5h jk 7h"), SwapJoker(card("6h"), 1))
    assert game.view(0).must_lay is None
    act(game, Discard(card("2s")))
    assert JOKER in game.view(0).hand


def test_gameduell_swap_only_from_a_complete_group() -> None:
    game = deal("gameduell", ["9h 9s 9c jk 5h jk 7h 8h 9d 6h"], players=2, stock="2s 3s 4s")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), meld("9h 9s 9c jk", "5h jk 7h 8h"))
    refused(game, SwapJoker(card("6h"), 1), "swap.complete_group")
    act(game, SwapJoker(card("9d"), 0))
    refused(game, Discard(card("4s")), "swap.lay_joker_first")
    act(game, LayOff((JOKER,), 1), Discard(card("4s")))
    assert game.public_view().melds[1].pieces == cards("5h jk 7h 8h jk")


def test_gameduell_no_swap_from_a_group_of_three() -> None:
    game = deal("gameduell", [OPENING + " 9h 9s jk 9d"], players=2, stock="2s 3s 4s")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), meld(OPENING, "9h 9s jk"))
    refused(game, SwapJoker(card("9d"), 1), "swap.complete_group")


def test_classic_has_no_joker_swap() -> None:
    game = deal("classic", ["5h 6h 7h"], stock="2s")
    act(game, Draw("stock"), meld("5h 6h 7h"))
    refused(game, SwapJoker(card("2s"), 0), "swap.not_allowed")


# ------------------------------------------------------------------------ joker discard

def test_gameduell_joker_discarded_only_as_the_last_card() -> None:
    game = deal("gameduell", [SMALL_RUN + " " + OPENING + " jk"], players=2, stock="2s 3s 7h")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), meld(SMALL_RUN, OPENING))
    refused(game, Discard(JOKER), "discard.joker")
    act(game, LayOff(cards("7h"), 0), Discard(JOKER))
    assert game.phase is Phase.ROUND_OVER
    assert game.public_view().rounds[0].winner == 0


@pytest.mark.parametrize("name", ["rami51", "rami30"])
def test_joker_discard_allowed(name: str) -> None:
    game = deal(name, ["jk"], players=3)
    act(game, Draw("stock"), Discard(JOKER))
    assert game.public_view().discard_top == JOKER


# ---------------------------------------------------------------------------- going out

FULL_HAND = SMALL_RUN + " 7h " + OPENING  # 13 cards


@pytest.mark.parametrize("name", ["classic", "rami51", "rami30"])
def test_going_out_by_melding_the_last_card(name: str) -> None:
    hand = SMALL_RUN + " 7h" if name == "classic" else FULL_HAND
    game = deal(name, [hand], players=4 if name == "classic" else 3, stock="8h")
    melds = [SMALL_RUN + " 7h 8h"] + ([] if name == "classic" else [OPENING])
    act(game, Draw("stock"), meld(*melds))
    assert game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert game.public_view().rounds[0].winner == 0


@pytest.mark.parametrize("name", ["classic", "rami51", "rami30", "gameduell"])
def test_going_out_by_discarding_the_last_card(name: str) -> None:
    hand = SMALL_RUN + " 7h" if name == "classic" else FULL_HAND
    game = deal(name, [hand], players=4 if name == "classic" else 3, stock="2s 3s 4s 5s")
    if name == "gameduell":
        for _ in range(3):
            pass_turn(game)
    melds = [SMALL_RUN + " 7h"] + ([] if name == "classic" else [OPENING])
    act(game, Draw("stock"), meld(*melds))
    drawn = game.view(0).drawn
    act(game, Discard(drawn))
    assert game.public_view().rounds[0].winner == 0


def test_gameduell_no_going_out_by_melding() -> None:
    game = deal("gameduell", [FULL_HAND], players=2, stock="2s 3s 8h")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"))
    refused(game, meld(SMALL_RUN + " 7h 8h", OPENING), "move.out_by_discard")
    act(game, meld(SMALL_RUN + " 7h", OPENING))
    refused(game, LayOff(cards("8h"), 0), "move.out_by_discard")


def test_no_meld_may_leave_only_the_card_taken_from_the_discard() -> None:
    game = deal("classic", [SMALL_RUN + " 7h"], players=4, discard="kd")
    act(game, Draw("discard"))
    refused(game, meld(SMALL_RUN + " 7h"), "move.nothing_to_discard")


# ------------------------------------------------------------------------- round scores

def test_classic_winner_scores_the_others_hands() -> None:
    game = deal("classic", [SMALL_RUN + " 7h"], players=4, stock="2s")
    others = [hand_value(game.view(seat).hand, game.rules) for seat in (1, 2, 3)]
    act(game, Draw("stock"), meld(SMALL_RUN + " 7h"), Discard(card("2s")))
    assert game.public_view().rounds[0].points == (sum(others), 0, 0, 0)


@pytest.mark.parametrize(("name", "penalty"), [("rami51", 200), ("rami30", 200)])
def test_rami_sec_penalty_for_players_who_never_melded(name: str, penalty: int) -> None:
    game = deal(name, [SMALL_RUN + " 7h " + OPENING], players=3, stock="2s")
    act(game, Draw("stock"), meld(SMALL_RUN + " 7h", OPENING), Discard(card("2s")))
    score = game.public_view().rounds[0]
    assert score.rami_sec
    assert score.points == (0, penalty, penalty)


def _open_then_go_out(name: str) -> tuple[Game, int]:
    """Seat 0 opens, seat 1 opens, seat 2 never melds, then seat 0 goes out."""
    game = deal(name, [SMALL_RUN + " 7h " + OPENING, "kd ks kh qd qs qh"], players=3,
                stock="2s 3s 4s 5s")  # fmt: skip
    act(game, Draw("stock"), meld(OPENING), Discard(card("2s")))
    act(game, Draw("stock"), meld("kd ks kh", "qd qs qh"), Discard(card("3s")))
    pass_turn(game)
    seat1 = hand_value(game.view(1).hand, game.rules)
    act(game, Draw("stock"), meld(SMALL_RUN + " 7h"), Discard(card("5s")))
    assert not game.public_view().rounds[0].rami_sec
    return game, seat1


@pytest.mark.parametrize("name", ["rami51", "rami30"])
def test_never_melded_scores_100_and_others_their_hand(name: str) -> None:
    game, seat1 = _open_then_go_out(name)
    assert game.public_view().rounds[0].points == (0, seat1, 100)


def test_rami30_rami_sec_doubles_everything() -> None:
    game = deal("rami30", ["kd ks kh qd qs qh", SMALL_RUN + " 7h " + OPENING], players=3,
                stock="2s 3s 4s 5s")  # fmt: skip
    act(game, Draw("stock"), meld("kd ks kh", "qd qs qh"), Discard(card("2s")))
    seat0 = hand_value(game.view(0).hand, game.rules)
    seat2 = hand_value(game.view(2).hand, game.rules)
    act(game, Draw("stock"), meld(SMALL_RUN + " 7h", OPENING), Discard(card("3s")))
    assert game.public_view().rounds[0].points == (2 * seat0, 0, 200)
    assert seat2 > 0


def test_gameduell_rami_sec_doubles_hands_and_winner_scores_nothing() -> None:
    game = deal("gameduell", [SMALL_RUN + " " + OPENING + " jk"], players=2, stock="2s 3s 7h")
    pass_turn(game)
    pass_turn(game)
    seat1 = hand_value(game.view(1).hand, game.rules)
    act(game, Draw("stock"), meld(SMALL_RUN, OPENING), LayOff(cards("7h"), 0), Discard(JOKER))
    score = game.public_view().rounds[0]
    assert score.rami_sec
    assert score.points == (0, 2 * seat1)


def test_gameduell_never_melded_scores_the_hand_only() -> None:
    game = deal("gameduell", [SMALL_RUN + " 7h " + OPENING], players=2, stock="2s 3s 4s 5s 6s")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), meld(OPENING), Discard(card("4s")))
    pass_turn(game)
    seat1 = hand_value(game.view(1).hand, game.rules)
    act(game, Draw("stock"), meld(SMALL_RUN + " 7h"), Discard(card("6s")))
    score = game.public_view().rounds[0]
    assert (score.points, score.rami_sec) == ((0, seat1), False)


# ------------------------------------------------------------------------ stock exhausted

def _exhaust(game: Game) -> None:
    while game.phase is not Phase.ROUND_OVER and game.phase is not Phase.MATCH_OVER:
        pass_turn(game)


def test_classic_stock_exhaustion_after_three_reshuffles() -> None:
    game = deal("classic", ["ac 2c 3d 4d 5s 6h 7h 8h 9d 10s", "kc kd ks kh qc qd qs qh jc jd"])
    low = hand_value(game.view(0).hand, game.rules)
    high = hand_value(game.view(1).hand, game.rules)
    reshuffles = []
    while game.phase is Phase.DRAW or game.phase is Phase.PLAY:
        reshuffles.append(game.public_view().reshuffles)
        pass_turn(game)
    assert max(reshuffles) == 3
    score = game.public_view().rounds[0]
    assert (score.reason, score.winner, score.points) == ("stock_exhausted", None,
                                                          (high - low, 0))


@pytest.mark.parametrize("name", ["rami51", "rami30", "gameduell"])
def test_stock_exhaustion_everyone_scores_their_hand(name: str) -> None:
    game = deal(name, ["", ""])
    _exhaust(game)
    hands = tuple(hand_value(game.view(seat).hand, game.rules) for seat in (0, 1))
    score = game.public_view().rounds[0]
    assert (score.reason, score.winner, score.points) == ("stock_exhausted", None, hands)
    assert game.public_view().reshuffles == 3


def test_reshuffle_keeps_the_discard_top() -> None:
    game = deal(variant("rami51").with_overrides(max_reshuffles=1), ["", ""])
    while game.public_view().reshuffles == 0:
        pass_turn(game)
    view = game.public_view()
    assert view.discard_size == 1
    assert view.stock_size == 108 - 26 - 1


# -------------------------------------------------------------------------- match end

@pytest.mark.parametrize(
    ("name", "totals", "winners"),
    [("classic", (99, 40), None), ("classic", (100, 40), (0,)), ("classic", (120, 120), None),
     ("rami51", (999, 10), None), ("rami51", (1000, 10), (1,)), ("rami51", (1000, 10, 10), None),
     ("rami30", (1010, 300, 200), (2,)), ("rami30", (1000, 10), None),
     ("rami30", (1001, 10), (1,)), ("gameduell", (1000, 999), (1,)),
     ("gameduell", (1000, 500, 500), (1, 2)), ("rami51", (1000, 500, 500), None),
     ("tiles", (-5, 5), (1,)), ("tiles", (0, 0), (0, 1))],
)  # fmt: skip
def test_match_end(name: str, totals: tuple[int, ...], winners: tuple[int, ...] | None) -> None:
    outcome = decide(variant(name), totals, 3)
    assert (outcome.winners if outcome else None) == winners
    if outcome is not None:
        expected = Termination.SINGLE_ROUND if name == "tiles" else Termination.TARGET_REACHED
        assert outcome.termination is expected


def _rami_sec_to(target: int, match_end: str) -> Game:
    """Rami30, three players: seat 0 goes out rami sec, the two others (never melded)
    score 100 × 2 each, with the match played to ``target``."""
    rules = variant("rami30").with_overrides(target=target, match_end=match_end)
    game = deal(rules, [FULL_HAND], players=3, stock="8h")
    act(game, Draw("stock"), meld(SMALL_RUN + " 7h 8h", OPENING))
    assert game.public_view().totals == (0, 200, 200)
    return game


@pytest.mark.parametrize(("target", "match_end", "over"), [
    (200, "reaches", True), (200, "exceeds", False), (199, "exceeds", True),
])  # fmt: skip
def test_a_total_at_the_target_ends_the_match_only_where_reaching_it_does(
    target: int, match_end: str, over: bool
) -> None:
    game = _rami_sec_to(target, match_end)
    assert (game.phase is Phase.MATCH_OVER) == over


def test_a_match_saved_before_match_end_existed_ended_on_reaching_the_target() -> None:
    document = json.loads(_rami_sec_to(200, "exceeds").to_json())
    del document["rules"]["match_end"]
    assert Game.from_json(json.dumps(document)).phase is Phase.MATCH_OVER


def test_first_player_rotates_and_totals_add_up() -> None:
    game = deal(variant("rami51").with_overrides(max_reshuffles=0), ["", "", ""])
    for number in range(1, 4):
        _exhaust(game)
        assert game.phase is Phase.ROUND_OVER
        assert game.public_view().totals == tuple(
            sum(score.points[seat] for score in game.public_view().rounds) for seat in range(3)
        )
        game.start_next_round()
        assert game.current == number % 3
        assert game.public_view().round_number == number + 1


def test_match_over_after_the_target() -> None:
    game = deal(variant("classic").with_overrides(target=1), [SMALL_RUN + " 7h"], players=4,
                stock="2s")  # fmt: skip
    act(game, Draw("stock"), meld(SMALL_RUN + " 7h"), Discard(card("2s")))
    assert game.phase is Phase.MATCH_OVER
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,)
    for call in (game.start_next_round, lambda: game.apply(1, Draw("stock"))):
        with pytest.raises(IllegalMove) as caught:
            call()
        assert caught.value.code == "move.match_over"


def test_next_round_only_after_the_round() -> None:
    game = deal("rami51", ["", ""])
    with pytest.raises(IllegalMove) as caught:
        game.start_next_round()
    assert caught.value.code == "move.round_not_over"


def test_won_joker_may_be_laid_as_a_new_meld_and_legal_moves_offer_it() -> None:
    game = deal("rami51", ["kc kd ks kh 9h 9s 9c jk 9d qd jk"], players=3, stock="5d")
    act(game, Draw("stock"), meld("kc kd ks kh", "9h 9s 9c jk"), SwapJoker(card("9d"), 1))
    refused(game, Discard(card("5d")), "swap.lay_joker_first")
    laying = [m for m in game.legal_moves() if JOKER in getattr(m, "melds", ((),))[0]]
    assert laying
    act(game, laying[0])
    assert game.view(0).must_lay is None
    act(game, Discard(card("5d")))


def test_stacked_deck_refuses_impossible_hands() -> None:
    from engine import RuleError
    from engine.cards.stacked import stacked_deck

    rules = variant("classic")
    with pytest.raises(RuleError):
        stacked_deck(rules, [cards("ah"), cards("2h")])
    ten = cards("ah 2h 3h 4h 5h 6h 7h 8h 9h 10h")
    with pytest.raises(RuleError):
        stacked_deck(rules, [ten, ten])
