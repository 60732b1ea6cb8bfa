"""Melds: classification, opening count, joker limits, lay-off ends and joker swaps."""

from __future__ import annotations

import pytest

from engine import IllegalMeld, MeldKind, classify, format_cards, meld_value, variant
from engine.cards.melds import extend, fits, hand_value, joker_to_swap, swap
from tests.engine.helpers import card, cards

ALL = ("classic", "rami51", "rami30", "gameduell")
JOKERS = ("rami51", "rami30", "gameduell")
NO_ACE_11 = ("classic", "rami30", "gameduell")  # rami51 counts the ace 11 wherever it stands


@pytest.mark.parametrize(
    ("text", "names", "value"),
    [("5h 6h 7h", ALL, 18), ("7h 6h 5h", ALL, 18), ("5h 7h 6h", ALL, 18),
     ("ah 2h 3h", NO_ACE_11, 6), ("ah 2h 3h", ("rami51",), 16), ("qh kh ah", JOKERS, 31),
     ("jh qh kh", ALL, 30),
     ("5c 5s 5h", ALL, 15), ("5c 5s 5h 5d", ALL, 20), ("ac as ah", JOKERS, 33),
     ("ac as ah", ("classic",), 3), ("jk 2h 3h", NO_ACE_11[1:], 6),
     ("jk 2h 3h", ("rami51",), 16), ("2h 3h jk", JOKERS, 9),
     ("5h jk 7h", JOKERS, 18), ("qh kh jk", JOKERS, 31), ("jk kh ah", JOKERS, 31),
     ("5c 5s jk", JOKERS, 15), ("10h jh qh kh ah", JOKERS, 51),
     ("jk 6h 7h jk 9h", ("rami51", "gameduell"), 35), ("jk jk 7h 8h 9h", ("rami51",), 35),
     ("5h jk jk", ("rami51",), 18), ("kc kd jk jk", ("rami51",), 40)],
)  # fmt: skip
def test_meld_value(text: str, names: tuple[str, ...], value: int) -> None:
    for name in names:
        assert meld_value(cards(text), variant(name)) == value, name


@pytest.mark.parametrize(
    ("ace_opening", "ace_high", "text", "value"),
    [("eleven", True, "ah 2h 3h", 16), ("eleven", True, "qh kh ah", 31),
     ("eleven", True, "ac as ah", 33), ("eleven", False, "ah 2h 3h", 16),
     ("eleven", False, "ac as ah", 33), ("by_place", True, "ah 2h 3h", 6),
     ("by_place", True, "qh kh ah", 31), ("by_place", True, "ac as ah", 33),
     ("by_place", False, "ac as ah", 3), ("one", True, "ah 2h 3h", 6),
     ("one", True, "qh kh ah", 21), ("one", True, "ac as ah", 3)],
)  # fmt: skip
def test_the_ace_counts_towards_the_opening_as_the_rules_say(
    ace_opening: str, ace_high: bool, text: str, value: int
) -> None:
    rules = variant("rami51").with_overrides(ace_opening=ace_opening, ace_high=ace_high)
    assert meld_value(cards(text), rules) == value


@pytest.mark.parametrize(
    ("text", "names", "code"),
    [("5h 6h", ALL, "meld.too_short"), ("5h 6s 7h", ALL, "meld.run_suit"),
     ("5h 6h 8h", ALL, "meld.gap"), ("5h jk jk 9h", JOKERS, "meld.gap"),
     ("kh ah 2h", ALL, "meld.wrap"), ("qh kh ah", ("classic",), "meld.ace_low"),
     ("jk ah 2h", JOKERS, "meld.below_ace"), ("kh ah jk", JOKERS, "meld.above_top"),
     ("jk jk 2h 3h", ("rami51",), "meld.below_ace"),
     ("5c 5s 5c", ALL, "meld.group_suit"), ("5c 5s 5h 5d 5c", ALL, "meld.group_too_long"),
     ("5c 6s 7h 7d", ALL, "meld.mixed"), ("5h 5h 6h", ALL, "meld.run_duplicate"),
     ("5h 6h 6h 7h", ALL, "meld.run_duplicate"), ("jk jk jk", JOKERS, "meld.only_jokers"),
     ("jk jk 7h 8h", ("rami30",), "meld.jokers_one"),
     ("5c jk jk", ("gameduell",), "meld.jokers_minority"),
     ("5h 6h jk jk", ("gameduell",), "meld.jokers_minority"),
     ("5h jk jk 8h 9h", ("gameduell",), "meld.jokers_adjacent"),
     ("5h 4h 6h jk", JOKERS, "meld.order")],
)  # fmt: skip
def test_illegal_melds_say_why(text: str, names: tuple[str, ...], code: str) -> None:
    for name in names:
        with pytest.raises(IllegalMeld) as caught:
            meld_value(cards(text), variant(name))
        assert caught.value.code == code, name
        assert caught.value.message("fr") != caught.value.message("en")


def test_joker_stands_for_its_place() -> None:
    rules = variant("rami51")
    assert classify(cards("5h jk 7h"), rules).stands_for == (None, card("6h"), None)
    assert classify(cards("jk 6h 7h"), rules).stands_for[0] == card("5h")
    assert classify(cards("6h 7h jk"), rules).stands_for[2] == card("8h")
    group = classify(cards("9h jk 9c"), rules)
    assert group.kind is MeldKind.GROUP
    assert group.stands_for[1] in {card("9s"), card("9d")}


def test_runs_are_laid_from_low_to_high() -> None:
    shape = classify(cards("7h 6h 5h"), variant("rami51"))
    assert format_cards(shape.cards, ascii=True) == "5h 6h 7h"
    assert classify(cards("jk 7h 6h"), variant("rami51")).stands_for[2] == card("8h")


@pytest.mark.parametrize(
    ("meld", "added", "result"),
    [("4h 5h 6h", "7h", "4h 5h 6h 7h"), ("4h 5h 6h", "3h", "3h 4h 5h 6h"),
     ("4h 5h 6h", "3h 7h", "3h 4h 5h 6h 7h"), ("4h 5h 6h", "7h 3h", "3h 4h 5h 6h 7h"),
     ("4h 5h 6h", "jk", "4h 5h 6h jk"), ("4h 5h 6h", "jk 8h", "4h 5h 6h jk 8h"),
     ("4h 5h 6h", "8h jk", "4h 5h 6h jk 8h"), ("4h 5h 6h", "jk 2h", "2h jk 4h 5h 6h"),
     ("4h 5h 6h", "2h jk", "2h jk 4h 5h 6h"), ("jh qh kh", "ah", "jh qh kh ah"),
     ("jh qh kh", "jk", "jh qh kh jk"), ("qh kh ah", "jk", "jk qh kh ah"),
     ("5c 5s 5h", "5d", "5c 5s 5h 5d"), ("5c 5s 5h", "jk", "5c 5s 5h jk")],
)  # fmt: skip
def test_extend_decides_the_end(meld: str, added: str, result: str) -> None:
    rules = variant("rami51")
    grown = extend(classify(cards(meld), rules), cards(added), rules)
    assert grown.cards == cards(result)


@pytest.mark.parametrize(
    ("name", "meld", "added"),
    [("rami51", "4h 5h 6h", "8h"), ("rami51", "4h 5h 6h", "7s"),
     ("rami51", "5c 5s 5h", "5c"), ("rami51", "5c 5s 5h 5d", "jk"),
     ("rami30", "4h jk 6h", "jk"), ("gameduell", "4h jk 6h", "jk"),
     ("classic", "jh qh kh", "ah"), ("rami51", "ah 2h 3h 4h 5h 6h 7h 8h 9h 10h jh qh kh", "ah")],
)  # fmt: skip
def test_extend_refuses_what_does_not_fit(name: str, meld: str, added: str) -> None:
    rules = variant(name)
    assert not fits(classify(cards(meld), rules), cards(added), rules)


def test_swap_in_a_run_needs_the_exact_card() -> None:
    rules = variant("rami51")
    run = classify(cards("5h jk 7h"), rules)
    assert joker_to_swap(run, card("6s")) is None
    assert joker_to_swap(run, card("6h")) == 1
    assert format_cards(swap(run, card("6h"), rules).cards, ascii=True) == "5h 6h 7h"


def test_swap_in_a_group_takes_any_missing_suit() -> None:
    rules = variant("rami51")
    group = classify(cards("9h jk 9c"), rules)
    assert joker_to_swap(group, card("9s")) == 1
    assert joker_to_swap(group, card("9d")) == 1
    assert joker_to_swap(group, card("9h")) is None
    assert joker_to_swap(group, card("8s")) is None
    with pytest.raises(IllegalMeld):
        swap(group, card("9c"), rules)


@pytest.mark.parametrize(
    ("name", "hand", "value"),
    [("classic", "ac kd 5s", 16), ("rami51", "ac kd 5s jk", 46), ("rami30", "ac kd 5s jk", 50),
     ("gameduell", "ac qd 2s jk", 43)],
)  # fmt: skip
def test_hand_values(name: str, hand: str, value: int) -> None:
    assert hand_value(cards(hand), variant(name)) == value


def test_place_says_which_end() -> None:
    from engine.cards.melds import place

    rules = variant("rami51")
    run = classify(cards("4h 5h 6h"), rules)
    spot = place(run, cards("jk 3h 7h"), rules)
    assert (spot.before, spot.after) == (cards("jk 3h"), cards("7h"))
    assert spot.meld.stands_for[0] == card("2h")
    group = place(classify(cards("5c 5s 5h"), rules), cards("5d"), rules)
    assert (group.before, group.after) == ((), cards("5d"))
