"""A won joker is never kept (VARIANTS.md), where ``swapped_joker_must_be_laid`` (rami51,
gameduell): no action may leave it nowhere to go, no discard may end the turn with it in
hand, and each refusal says where it can still go."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import JOKER, Game, IllegalMove, variant
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.won_joker import describe
from engine.views import Phase
from tests.engine.helpers import act, card, cards, deal, meld, pass_turn, refused

# Seat 0 opens with a group of nines holding a joker and three queens, and in its next
# turn wins that joker with the 9♦: the joker can then go on the queens, unless the Q♦ is
# laid off there first (the group is full then), which would strand it.
HAND = "9h 9s 9c jk qc qs qh 9d qd"


def _next_turn_swap(name: str, changes: dict[str, Any]) -> Game:
    rules = variant(name).with_overrides(**changes)
    # Drawn: 7♦ (thrown away), 5♠ and 6♠ by the others, then 3♠, which melds with nothing.
    stock = "10s 10c 10h 7d 5s 6s 3s" if rules.first_turn_meld_ban else "7d 5s 6s 3s"
    game = deal(rules, [HAND], players=3, stock=stock)
    if rules.first_turn_meld_ban:
        for _ in range(3):
            pass_turn(game)
    act(game, Draw("stock"), meld("9h 9s 9c jk", "qc qs qh"), Discard(card("7d")))
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), SwapJoker(card("9d"), 0))
    return game


@pytest.mark.parametrize(
    ("name", "changes", "kept"),
    [("rami51", {}, False), ("gameduell", {}, False), ("rami30", {}, True),
     ("rami51", {"swapped_joker_must_be_laid": False}, True),
     ("rami30", {"swapped_joker_must_be_laid": True}, False)],
)  # fmt: skip
def test_laying_off_the_card_the_joker_needed_then_keeping_it(
    name: str, changes: dict[str, Any], kept: bool
) -> None:
    game = _next_turn_swap(name, changes)
    if kept:
        act(game, LayOff(cards("qd"), 1), Discard(card("3s")))
        assert JOKER in game.view(0).hand
        return
    refused(game, LayOff(cards("qd"), 1), "swap.joker_no_place")
    refused(game, Discard(card("3s")), "swap.lay_joker_first")
    act(game, LayOff((JOKER,), 1), Discard(card("3s")))
    assert JOKER not in game.view(0).hand and game.current == 1


@pytest.mark.parametrize(("lang", "where"), [
    ("en", "it can still go on meld 2 or in a new meld with J♦ Q♦."),
    ("fr", "il peut encore aller sur la combinaison 2 ou dans une nouvelle combinaison avec "
           "V♦ D♦."),
])  # fmt: skip
def test_the_refusal_says_where_the_joker_can_still_go(lang: str, where: str) -> None:
    game = _next_turn_swap("gameduell", {})
    with pytest.raises(IllegalMove) as caught:
        game.apply(0, LayOff(cards("qd"), 1))
    assert caught.value.message(lang).endswith(where)


# Rami51 forbids laying off in the turn of the opening: a joker won right after opening
# with the kings and the nines (both groups full then) can only go in a new meld with two
# queens, and laying the three queens would leave it nowhere.
def _opening_turn_swap() -> Game:
    game = deal("rami51", ["kc kd ks kh 9h 9s 9c jk 9d qd qh qs"], players=3, stock="7d")
    act(game, Draw("stock"), meld("kc kd ks kh", "9h 9s 9c jk"), SwapJoker(card("9d"), 1))
    return game


def test_melding_the_cards_the_joker_needed() -> None:
    game = _opening_turn_swap()
    refused(game, meld("qd qh qs"), "swap.joker_no_place")
    act(game, meld("qd qh jk"), Discard(card("7d")))
    assert JOKER not in game.view(0).hand


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_refusals_say_with_which_cards_the_joker_can_still_go(lang: str) -> None:
    game = _opening_turn_swap()
    for action, code in ((meld("qd qh qs"), "swap.joker_no_place"),
                         (Discard(card("7d")), "swap.lay_joker_first")):
        with pytest.raises(IllegalMove) as caught:
            game.apply(0, action)
        text = caught.value.message(lang)
        assert caught.value.code == code
        queen = "Q" if lang == "en" else "D"  # dame
        options = tuple(f"{queen}{a} {queen}{b}" for a, b in (("♠", "♦"), ("♠", "♥"), ("♦", "♥")))
        assert all(option in text for option in options), text
        assert ("in a new meld with" if lang == "en" else "nouvelle combinaison avec") in text


# A gameduell run with one joker takes no second joker alone (fewer than half), but takes
# it with the next card: 5♦ JK 7♦ + 8♦ JK. A swap is accepted only where such a place is.
@pytest.mark.parametrize(("extra", "accepted"), [("8d", True), ("ad", False)])
def test_a_swap_is_refused_when_the_joker_would_have_nowhere_to_go(
    extra: str, accepted: bool
) -> None:
    game = deal("gameduell", [f"9h 9s 9c jk 5d jk 7d 9d {extra}"], stock="2s 3s 6c")
    pass_turn(game)
    pass_turn(game)
    act(game, Draw("stock"), meld("9h 9s 9c jk", "5d jk 7d"))
    if not accepted:
        refused(game, SwapJoker(card("9d"), 0), "swap.joker_unplayable")
        return
    act(game, SwapJoker(card("9d"), 0))
    assert game.round.joker_places() == [LayOff(cards("jk 8d"), 1)]
    with pytest.raises(IllegalMove) as caught:
        game.apply(0, Discard(card("6c")))
    assert "it can go on meld 2 together with 8♦." in str(caught.value)
    act(game, LayOff(cards("jk 8d"), 1), Discard(card("6c")))
    assert game.public_view().melds[1].pieces == cards("jk 5d jk 7d 8d")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "on any of melds 1 or 3, on meld 2 together with 8♥ or in a new meld with "
           "5♥ 7♥, Q♠ Q♦ or Q♠ Q♥"),
    ("fr", "sur l'une des combinaisons 1 ou 3, sur la combinaison 2 avec 8♥ ou dans une "
           "nouvelle combinaison avec 5♥ 7♥, D♠ D♦ ou D♠ D♥"),
])  # fmt: skip
def test_places_in_words(lang: str, expected: str) -> None:
    places: list[LayOff | Meld] = [
        LayOff((JOKER,), 0), LayOff((JOKER,), 2), LayOff(cards("jk 8h"), 1),
        LayOff(cards("jk 9h"), 1), LayOff(cards("jk 10h"), 2),
        Meld((cards("5h jk 7h"),)), Meld((cards("jk 5h 7h"),)),
        Meld((cards("qs qd jk"),)), Meld((cards("qs qh jk"),)), Meld((cards("qd qh jk"),))]
    assert describe(places).text(lang) == expected
    assert describe(places[:1]).text(lang) == ("on meld 1" if lang == "en"
                                               else "sur la combinaison 1")


def test_a_game_saved_with_a_joker_already_stuck_may_still_end_its_turn() -> None:
    """Before this rule a player could strand a won joker; such a saved game must not
    leave its player without a legal action."""
    game = _next_turn_swap("rami30", {})
    act(game, LayOff(cards("qd"), 1))
    document = json.loads(game.to_json())
    document["rules"]["swapped_joker_must_be_laid"] = True
    document["round"]["turn"]["must_lay"] = 1
    stuck = Game.from_json(json.dumps(document))
    assert stuck.view(0).must_lay == JOKER and stuck.round.joker_places() == []
    assert stuck.legal_moves()
    act(stuck, Discard(card("3s")))
    assert stuck.phase is Phase.DRAW and stuck.current == 1
