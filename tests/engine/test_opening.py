"""An opening proposed from picked cards or tiles: the split into melds, its count, what
is missing."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Card, Game, Suit, classify, full_deck, parse_tiles, variant
from engine.cards.actions import Draw, Meld
from engine.cards.opening import split_melds
from engine.opening import opening_plan, split, suggested_opening
from engine.tiles.sets import analyse_set
from engine.tiles.tile import Colour, Tile
from engine.views import Phase, PlayerView
from tests.engine.helpers import CARD_VARIANTS, cards, deal


def _split(text: str, name: str) -> list[tuple[str, int]] | None:
    found = split_melds(cards(text), variant(name))
    return None if found is None else [(" ".join(map(str, m.cards)), m.value) for m in found]


@pytest.mark.parametrize(("text", "name", "melds"), [
    ("7h 8h 9h qs qh qd", "rami51", [("Q♠ Q♥ Q♦", 30), ("7♥ 8♥ 9♥", 24)]),
    ("qd 9h qs 7h qh 8h", "rami51", [("Q♠ Q♥ Q♦", 30), ("7♥ 8♥ 9♥", 24)]),  # any order
    ("ah 2h 3h", "rami51", [("A♥ 2♥ 3♥", 16)]),  # the ace counts 11 in rami51
    ("ah 2h 3h", "rami30", [("A♥ 2♥ 3♥", 6)]),  # 1 in A-2-3 elsewhere
    ("5h 6h 7h 7c 7d 7s jk", "rami51", [("7♣ 7♠ 7♦", 21), ("5♥ 6♥ 7♥ JK", 26)]),
    ("5h 6h 7h 8h 9h 10h", "classic", [("5♥ 6♥ 7♥ 8♥ 9♥ 10♥", 45)]),  # one meld: fewest
    ("kd qd jd jk", "rami51", [("J♦ Q♦ K♦ JK", 41)]),  # the joker as the high ace
])
def test_the_split_worth_the_most(text: str, name: str, melds: list[tuple[str, int]]) -> None:
    assert _split(text, name) == melds


@pytest.mark.parametrize(("text", "name"), [
    ("7h 8h 9h qs qh", "rami51"),  # two queens make no meld
    ("jk jk jk", "classic"),  # jokers alone
    ("7h jk jk", "rami30"),  # one joker to a meld in rami30
])
def test_no_split(text: str, name: str) -> None:
    assert _split(text, name) is None


def test_no_cards_no_split() -> None:
    assert split_melds([], variant("rami51")) is None


def test_a_joker_takes_a_picked_cards_place_where_that_card_is_needed_elsewhere() -> None:
    # One joker to a meld (rami30): 8♣ with both jokers is no group, so 8♥ joins 8♣ and
    # a joker, and the run 7-8-9♥ takes the other joker in 8♥'s place.
    found = _split("7h 8h 9h 8c jk jk", "rami30")
    assert found is not None
    assert sorted(found) == [("7♥ JK 9♥", 24), ("8♣ 8♥ JK", 24)]


def _view(name: str, players: int = 3, *, opened: bool = False) -> PlayerView:
    view = Game.new(variant(name), [f"p{i}" for i in range(players)], 5).view(0)
    seats = (replace(view.seats[0], has_opened=opened), *view.seats[1:])
    return replace(view, seats=seats)


@pytest.mark.parametrize(("name", "players", "minimum"), [
    ("rami51", 3, 51), ("rami30", 3, 30), ("rami30", 2, 50), ("classic", 3, 0),
    ("gameduell", 3, 51),
])
def test_the_plan_is_measured_against_the_tables_minimum(name: str, players: int,
                                                         minimum: int) -> None:
    plan = opening_plan(_view(name, players), cards("7h 8h 9h qs qh qd"), variant(name))
    assert plan is not None and plan.minimum == minimum
    assert plan.total == 54
    assert plan.missing == max(0, minimum - 54) and plan.enough is (minimum <= 54)


def test_what_the_plan_lacks() -> None:
    plan = opening_plan(_view("rami51"), cards("7h 8h 9h 2s 2h 2d"), variant("rami51"))
    assert plan is not None and (plan.total, plan.missing, plan.enough) == (30, 21, False)


def test_no_plan_once_opened_or_without_a_split() -> None:
    rules = variant("rami51")
    assert opening_plan(_view("rami51", opened=True), cards("7h 8h 9h"), rules) is None
    assert opening_plan(_view("rami51"), cards("7h 8h"), rules) is None


def test_the_engine_lays_the_plan_as_one_meld_action() -> None:
    rules = variant("rami51")
    game = deal(rules, ["7h 8h 9h qs qh qd"])
    seat = game.current
    assert seat == 0
    game.apply(seat, Draw("stock"))
    plan = opening_plan(game.view(seat), cards("7h 8h 9h qs qh qd"), rules)
    assert plan is not None and plan.enough
    game.apply(seat, Meld(tuple(m.pieces for m in plan.melds)))  # type: ignore[arg-type]
    after = game.view(seat)
    assert after.seats[seat].has_opened and len(after.melds) == 2
    assert after.phase is Phase.PLAY


# ------------------------------------------------------------------ properties

@st.composite
def picks(draw: st.DrawFn) -> tuple[str, list[Card]]:
    """A card variant and up to 15 cards of its deck."""
    name = draw(st.sampled_from(CARD_VARIANTS))
    rules = variant(name)
    deck = full_deck(rules.decks, rules.jokers)
    chosen = draw(st.lists(st.integers(0, len(deck) - 1), min_size=1, max_size=15,
                           unique=True))
    return name, [deck[i] for i in chosen]


@given(picks())
def test_every_split_is_legal_and_uses_exactly_the_picked_cards(
        picked: tuple[str, list[Card]]) -> None:
    name, chosen = picked
    rules = variant(name)
    found = split_melds(chosen, rules)
    if found is None:
        return
    for shape in found:
        assert classify(shape.cards, rules).value == shape.value  # legal as written
    assert Counter(c for shape in found for c in shape.cards) == Counter(chosen)


@st.composite
def melds_made(draw: st.DrawFn) -> tuple[str, list[tuple[Card, ...]]]:
    """A card variant and one to four melds of real cards built to be valid."""
    name = draw(st.sampled_from(CARD_VARIANTS))
    melds: list[tuple[Card, ...]] = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            rank = draw(st.integers(1, 13))
            suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=3, max_size=4,
                                  unique=True))
            melds.append(tuple(Card(rank, suit) for suit in suits))
        else:
            suit = draw(st.sampled_from(list(Suit)))
            low = draw(st.integers(1, 11))
            high = draw(st.integers(low + 2, 13))
            melds.append(tuple(Card(rank, suit) for rank in range(low, high + 1)))
    return name, melds


@given(melds_made(), st.randoms(use_true_random=False))
def test_cards_made_of_melds_are_always_split_at_least_as_well(
        made: tuple[str, list[tuple[Card, ...]]], rng: random.Random) -> None:
    name, melds = made
    rules = variant(name)
    worth = sum(classify(meld, rules).value for meld in melds)  # each valid as built
    picked = [c for meld in melds for c in meld]
    rng.shuffle(picked)
    if any(n > rules.decks for n in Counter(picked).values()):
        return  # more copies of a card than the deck holds
    found = split_melds(picked, rules)
    assert found is not None
    assert sum(shape.value for shape in found) >= worth


# ------------------------------------------------------------------ tile rummy

def test_tiles_split_into_sets_against_the_racks_minimum() -> None:
    rules = variant("tiles")
    view = _view("tiles", 2)
    plan = opening_plan(view, parse_tiles("r5 r6 r7 b10 k10 o10"), rules)
    assert plan is not None and plan.minimum == 30
    assert sorted((m.kind, m.value) for m in plan.melds) == [("group", 30), ("run", 18)]
    assert (plan.total, plan.enough) == (48, True)
    short = opening_plan(view, parse_tiles("r5 r6 r7"), rules)
    assert short is not None and short.missing == 12
    assert opening_plan(view, parse_tiles("r5 r6 b10"), rules) is None
    assert split(cards("7h 8h 9h"), rules) is None  # cards in a tile game
    assert split(parse_tiles("r5 r6 r7"), variant("rami51")) is None  # and tiles in cards


@st.composite
def racks(draw: st.DrawFn) -> list[Tile]:
    """Up to 14 tiles of a tile rummy set (two of each, two jokers)."""
    rules = variant("tiles")
    every = [Tile(n, c) for c in Colour for n in range(1, 14)] * rules.decks
    every += [Tile.joker()] * rules.jokers
    chosen = draw(st.lists(st.integers(0, len(every) - 1), min_size=1, max_size=14,
                           unique=True))
    return [every[i] for i in chosen]


@given(racks())
def test_every_tile_split_is_legal_and_uses_exactly_the_picked_tiles(
        picked: list[Tile]) -> None:
    found = split(picked, variant("tiles"))
    if found is None:
        return
    for meld in found:
        assert analyse_set(meld.pieces).value == meld.value  # type: ignore[arg-type]
    assert Counter(p for meld in found for p in meld.pieces) == Counter(picked)


# ------------------------------------------------------------------ suggested

@pytest.mark.parametrize(("name", "hand", "suggested"), [
    ("rami51", "7h 8h 9h qs qh qd 2c 5d 9s", "qs qh qd 7h 8h 9h"),
    ("rami51", "7h 8h 9h qs qh qd", "qs qh qd 7h 8h 9h"),  # going out by laying them all
    ("gameduell", "7h 8h 9h qs qh qd", "qs qh qd"),  # out by a discard only: one kept
    ("classic", "2c 5d 9s jh", ""),  # no meld
])
def test_the_best_opening_a_hand_holds(name: str, hand: str, suggested: str) -> None:
    view = replace(_view(name), hand=cards(hand))
    found = suggested_opening(view, variant(name))
    assert sorted(found, key=str) == sorted(cards(suggested) if suggested else (), key=str)


def test_nothing_suggested_once_opened() -> None:
    view = replace(_view("rami51", opened=True), hand=cards("7h 8h 9h 2c"))
    assert suggested_opening(view, variant("rami51")) == ()


def test_a_search_past_its_bound_proposes_no_split(monkeypatch: pytest.MonkeyPatch) -> None:
    # A run of one suit with two jokers: found within the bound, none past a smaller one
    # (the picks are then played with the Meld button, as any meld).
    text = "3h 4h 5h 6h 7h 8h 9h 10h jh qh jk jk"
    assert _split(text, "rami51") is not None
    monkeypatch.setattr("engine.cards.opening.MOST_TRIES", 50)
    assert _split(text, "rami51") is None
    assert _split("7h 8h 9h qs qh qd", "rami51") is not None  # a small pick still splits
