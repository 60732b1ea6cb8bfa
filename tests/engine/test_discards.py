"""engine/cards/discards.py: the card taken from the discard pile, and any card identical
to it (its twin from another deck, another joker), may not end the turn where
``identical_discard_ban`` is on (classic, rami51, rami30); gameduell lays the card
straight back."""

from __future__ import annotations

import pytest

from engine import IllegalMove, variant
from engine.cards.actions import Discard, Draw
from engine.cards.card import JOKER
from engine.cards.discards import discard_refusal, may_take
from tests.engine.helpers import OPENING, SMALL_RUN, act, card, cards, deal, meld, refused

SEVEN = card("7h")

# (variant, overrides, hand held when discarding, taken, acted, discarded, the refusal)
REFUSALS = [
    ("rami51", {}, "7h 7h 2c", "7h", False, "7h", "discard.taken_identical"),
    ("rami51", {}, "7h 2c", "7h", False, "7h", "discard.taken"),
    ("rami51", {}, "7h 7h 2c", "7h", False, "2c", None),
    ("rami51", {"identical_discard_ban": False}, "7h 7h 2c", "7h", False, "7h", None),
    ("rami30", {}, "jk jk 2c", "jk", False, "jk", "discard.taken_identical"),
    ("rami30", {"identical_discard_ban": False}, "jk jk 2c", "jk", False, "jk", None),
    ("rami30", {}, "jk 2c", "jk", False, "jk", "discard.taken"),
    ("classic", {"decks": 2}, "7h 7h 2c", "7h", True, "7h", "discard.taken_identical"),
    ("gameduell", {}, "7h 7h 2c", "7h", False, "7h", None),
    ("gameduell", {}, "7h 7h 2c", "7h", True, "7h", None),
    ("gameduell", {}, "7h 2c", "7h", True, "7h", "discard.taken"),
    ("gameduell", {"identical_discard_ban": True}, "7h 7h 2c", "7h", False, "7h", None),
    ("gameduell", {"identical_discard_ban": True}, "7h 7h 2c", "7h", True, "7h",
     "discard.taken_identical"),
    ("gameduell", {}, "jk 2c", None, False, "jk", "discard.joker"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "overrides", "hand", "taken", "acted", "discarded", "code"),
                         REFUSALS)
def test_which_discard_is_refused(name: str, overrides: dict[str, object], hand: str,
                                  taken: str | None, acted: bool, discarded: str,
                                  code: str | None) -> None:
    rules = variant(name).with_overrides(**overrides)
    took = card(taken) if taken else None
    assert discard_refusal(card(discarded), cards(hand), rules, taken=took,
                           acted=acted) == code


@pytest.mark.parametrize("name", ["rami51", "rami30"])
def test_the_twin_of_the_card_taken_is_refused_with_its_message(name: str) -> None:
    rules = variant(name).with_overrides(decks=2) if name == "rami30" else variant(name)
    game = deal(rules, ["7h"], discard="7h")
    act(game, Draw("discard"))
    refused(game, Discard(SEVEN), "discard.taken_identical")
    with pytest.raises(IllegalMove) as caught:
        game.apply(0, Discard(SEVEN))
    english, french = caught.value.message("en"), caught.value.message("fr")
    assert "7♥" in english and "identical" in english and "Discard another card" in english
    assert "7♥" in french and "identique" in french and "Défaussez-en une autre" in french
    other = next(c for c in game.view(0).hand if c != SEVEN)
    act(game, Discard(other))
    assert game.current == 1


def test_the_other_joker_is_refused_in_rami30() -> None:
    game = deal("rami30", ["jk"], discard="jk")
    act(game, Draw("discard"))
    refused(game, Discard(JOKER), "discard.taken_identical")


@pytest.mark.parametrize(("name", "overrides"), [
    ("rami51", {"identical_discard_ban": False}), ("rami30", {"identical_discard_ban": False}),
    ("gameduell", {}),
])  # fmt: skip
def test_the_identical_card_goes_where_the_ban_is_off(name: str,
                                                      overrides: dict[str, object]) -> None:
    taken = "jk" if name == "rami30" else "7h"
    game = deal(variant(name).with_overrides(**overrides), [taken], discard=taken)
    act(game, Draw("discard"), Discard(card(taken)))
    assert game.current == 1 and game.public_view().discard_top == card(taken)


def test_laying_cards_must_leave_a_card_other_than_copies_of_the_taken_one() -> None:
    hand = f"{OPENING} {SMALL_RUN} 7h"  # 13 cards: the runs, and the twin of the top
    game = deal("rami51", [hand], discard="7h")
    act(game, Draw("discard"))
    refused(game, meld(OPENING, SMALL_RUN), "move.nothing_to_discard")
    loose = deal(variant("rami51").with_overrides(identical_discard_ban=False), [hand],
                 discard="7h")
    act(loose, Draw("discard"), meld(OPENING, SMALL_RUN), Discard(SEVEN))
    assert loose.current == 1


def test_the_discard_may_not_be_taken_when_nothing_could_then_be_discarded() -> None:
    rules = variant("rami51").with_overrides(hand_sizes=1)
    game = deal(rules, ["7h", "2c"], discard="7h", stock="5d 6d")
    assert not may_take(SEVEN, [SEVEN], rules)
    refused(game, Draw("discard"), "draw.nothing_to_discard")
    with pytest.raises(IllegalMove) as caught:
        game.apply(0, Draw("discard"))
    assert "7♥" in caught.value.message("en") and "pioche" in caught.value.message("fr")
    assert Draw("discard") not in game.legal_moves()
    loose = deal(rules.with_overrides(identical_discard_ban=False), ["7h", "2c"],
                 discard="7h", stock="5d 6d")
    act(loose, Draw("discard"), Discard(SEVEN))
    assert loose.current == 1


def test_a_joker_hand_may_still_take_a_plain_card() -> None:
    assert may_take(SEVEN, [JOKER], variant("rami30"))
    assert may_take(JOKER, [SEVEN], variant("rami30"))
