"""A card turn from the hand's buttons and menus (moved here from tests/discord_app with
the code): the action a button stands for, a meld arranged from menu picks, menu values
read back, the Sort button's cycle."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.session import SessionError
from bot.session.card_clicks import (
    HandAction,
    arrange_meld,
    card_of_value,
    click_action,
    cycle_sort,
    opening_melds,
    suggested_picks,
    without_meld,
)
from bot.session.hand import display_order, next_sort
from bot.session.prefs import Preferences
from data import Store
from engine import Game, classify, format_tiles, parse_cards
from engine.cards.actions import Discard, Draw, Meld
from engine.hand_order import Sort
from engine.variants import variant

RULES = variant("rami30").with_overrides(target=0)


@pytest.mark.parametrize(("button", "picked", "code"), [
    ("meld", {}, "bot.error.pick_cards"),
    ("discard", {"a": ["1:7♥", "2:8♥"]}, "bot.error.pick_one"),
    ("layoff", {"a": ["1:7♥"]}, "bot.error.pick_meld"),
    ("swap", {"a": ["1:7♥", "2:8♥"], "m": ["1"]}, "bot.error.pick_one_swap"),
    ("open", {}, "bot.error.pick_cards"),
    ("open", {"a": ["1:7h", "2:8h"], "b": ["5:Qs"]}, "bot.error.open_no_split"),
])
def test_a_button_without_its_picks_says_what_is_missing(
        button: str, picked: dict[str, list[str]], code: str) -> None:
    with pytest.raises(SessionError) as refused:
        click_action(button, picked, RULES)
    assert refused.value.code == code
    assert "{" not in refused.value.message("fr")


def test_a_button_with_its_picks_is_an_action() -> None:
    assert click_action("take", {}, None) == Draw("discard")
    discard = click_action("discard", {"a": ["3:7♥"]}, None)
    assert isinstance(discard, Discard) and str(discard.card) == "7♥"


@pytest.mark.parametrize(("picked", "expected"), [
    ("5h jk 3h", "3h jk 5h"),          # the joker fills the gap
    ("Kh jk Ah", "jk Kh Ah"),          # ace high, the joker below
    ("2c jk 3c", "2c 3c jk"),          # no gap: the joker goes at the high end
    ("7s 7h 7d", "7s 7h 7d"),          # a group stays as picked
])
def test_menu_picks_are_arranged_into_a_meld(picked: str, expected: str) -> None:
    rules = variant("rami51")
    arranged = arrange_meld(parse_cards(picked), rules)
    classify(arranged, rules)
    assert arranged == tuple(parse_cards(expected))


@pytest.mark.parametrize(("value", "card"), [
    ("2:Qs", "qs"), ("3:Q♠", "qs"),  # a code, or a menu written before codes
    ("1:10h", "10h"), ("5:JK", "jk"),
])
def test_menu_values_read_back_whatever_the_language(value: str, card: str) -> None:
    assert card_of_value(value) == parse_cards(card)[0]


@pytest.mark.parametrize(("sort", "after"), [
    ("suit", Sort.RANK), ("rank", Sort.OWN), ("own", Sort.SUIT), ("size", Sort.SUIT),
])
def test_the_sort_button_shows_the_next_sort(sort: str, after: Sort) -> None:
    assert next_sort(sort) is after


async def test_the_sort_button_saves_the_next_sort(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "rami.sqlite3") as store:
        prefs = Preferences(store)
        await cycle_sort(prefs, 5)
        assert (await prefs.player(5)).sort == "rank"


def test_every_hand_button_is_an_action_but_sort() -> None:
    assert [str(a) for a in HandAction] == [
        "draw", "take", "meld", "layoff", "swap", "discard", "sort", "open", "suggest"]
    with pytest.raises(ValueError):
        click_action(HandAction.SORT, {}, None)
    with pytest.raises(ValueError):
        click_action(HandAction.SUGGEST, {}, None)


def test_the_open_button_lays_the_cards_of_both_menus_as_the_melds_proposed() -> None:
    picked = {"a": ["1:7h", "2:8h", "3:9h", "4:Qs"], "b": ["5:Qh", "6:Qd", "3:9h"],
              "m": ["2"]}  # a position in both menus counts once; the meld menu not at all
    chosen = click_action(HandAction.OPEN, picked, RULES)
    assert chosen == Meld((tuple(parse_cards("qs qh qd")), tuple(parse_cards("7h 8h 9h"))))


def test_leaving_a_proposed_meld_out_unpicks_its_cards_only() -> None:
    picked = {"a": ["1:7h", "2:8h", "3:9h", "4:Qs"], "b": ["5:Qh", "6:Qd"], "m": ["2"]}
    assert without_meld(picked, RULES, 1) == {  # the queens, the first meld proposed
        "a": {"1:7h", "2:8h", "3:9h"}, "b": set(), "m": {"2"}}
    assert without_meld(picked, RULES, 2) == {"a": {"4:Qs"}, "b": {"5:Qh", "6:Qd"},
                                              "m": {"2"}}
    for stale in (0, 3):
        with pytest.raises(SessionError) as refused:
            without_meld(picked, RULES, stale)
        assert refused.value.code == "bot.error.open_stale"


def test_a_racks_proposed_set_is_left_out_the_same_way() -> None:
    tiles = variant("tiles")
    picked = {"a": ["1:r10", "2:r11", "3:r12", "4:b5", "5:k5", "6:o5"]}
    melds = opening_melds(picked, tiles)
    assert sorted(len(m) for m in melds) == [3, 3]
    first = next(i for i, m in enumerate(melds, 1) if "b5" in format_tiles(m))  # type: ignore[arg-type]
    assert without_meld(picked, tiles, first) == {"a": {"1:r10", "2:r11", "3:r12"}}
    with pytest.raises(SessionError) as refused:
        opening_melds({"a": ["1:r10", "2:b5"]}, tiles)
    assert refused.value.code == "bot.error.open_no_split.tiles"


def test_suggest_picks_the_best_opening_by_the_hands_positions() -> None:
    rules = variant("rami51")
    view = Game.new(rules, ["ann", "bob"], 3).view(0)
    view = replace(view, hand=tuple(parse_cards("2c 7h qs 5d 8h qh 9s 9h qd 4c")))
    order = display_order(view, "own")  # as dealt: position 1 is the first card
    assert suggested_picks(view, order, rules) == {
        "a": {"2:7h", "3:Qs", "5:8h", "6:Qh", "8:9h", "9:Qd"}}
    bare = replace(view, hand=tuple(parse_cards("2c 7h qs 5d 9s 4c")))
    with pytest.raises(SessionError) as refused:
        suggested_picks(bare, display_order(bare, "own"), rules)
    assert refused.value.code == "bot.error.suggest_none"
