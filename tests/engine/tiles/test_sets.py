"""Tile notation and the rules of one set, legal and illegal side (table-driven)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalMeld, NotationError
from engine.i18n import t
from engine.tiles.sets import analyse_set, check_table, rack_value, tile_set_value
from engine.tiles.tile import TILE_JOKER, Colour, Tile, format_tiles, full_pool, parse_tiles
from engine.variants import variant

T = parse_tiles


@given(st.lists(st.sampled_from(full_pool()), min_size=1, max_size=20))
def test_notation_round_trips(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tiles


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("k5 r13 jk", [Tile(5, Colour.BLACK), Tile(13, Colour.RED), TILE_JOKER]),
        (
            "Blue7, rouge12; noir1",
            [Tile(7, Colour.BLUE), Tile(12, Colour.RED), Tile(1, Colour.BLACK)],
        ),
        ("orange-3 * joker", [Tile(3, Colour.ORANGE), TILE_JOKER, TILE_JOKER]),
    ],
)
def test_notation_accepts_names_and_separators(text: str, expected: list[Tile]) -> None:
    assert parse_tiles(text) == expected


@pytest.mark.parametrize("text", ["k14", "k0", "x5", "r", "5r", "kk5", "", "   ", "jk2"])
def test_notation_typos_raise(text: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_tiles(text)
    assert error.value.message("fr") != error.value.message("en")


LEGAL = [
    # (tiles, kind, value)
    ("k5 b5 o5", "group", 15),
    ("k5 b5 o5 r5", "group", 20),
    ("k5 b5 jk", "group", 15),
    ("k5 jk b5 jk", "group", 20),
    ("r1 r2 r3", "run", 6),
    ("r11 r12 r13", "run", 36),
    ("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13", "run", 91),
    ("r4 jk r6", "run", 15),
    ("jk r5 r6", "run", 15),  # joker written first goes below
    ("r5 r6 jk", "run", 18),  # joker written last goes above
    ("r12 r13 jk", "run", 36),  # no room above 13: the joker is r11
    ("jk r1 r2", "run", 6),  # no room below 1: the joker is r3
    ("r5 jk jk", "run", 18),  # one number tile: run (5 6 7 = 18) beats group (15)
    ("jk jk r13", "group", 39),  # run 11 12 13 = 36 < group 39
    ("r7 r5 r6", "run", 18),  # any order reads as the run
    ("jk r2 jk r4 jk", "run", 15),
]


@pytest.mark.parametrize(("text", "kind", "value"), LEGAL)
def test_legal_sets(text: str, kind: str, value: int) -> None:
    read = analyse_set(T(text))
    assert read.kind == kind
    assert read.value == value == tile_set_value(T(text), None)
    assert sorted(read.tiles, key=lambda t: t.sort_key) == sorted(T(text), key=lambda t: t.sort_key)
    for tile, stands in zip(read.tiles, read.stands_for, strict=True):
        assert (stands is None) != tile.is_joker


ILLEGAL = [
    ("k5 b5", "tiles.too_short"),
    ("jk jk jk", "tiles.only_jokers"),
    ("k5 b5 o5 r5 jk", "tiles.group_size"),
    ("k5 k5 b5", "tiles.group_colour"),
    ("k5 b6 o7", "tiles.mixed"),
    ("r5 r5 r6", "tiles.run_duplicate"),
    ("r5 r6 r8", "tiles.run_gap"),
    ("r12 r13 r1", "tiles.run_gap"),  # 1 never follows 13
    ("r13 r1 r2", "tiles.run_gap"),
    ("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 jk", "tiles.run_too_long"),
    ("r1 r5 jk", "tiles.run_gap"),
]


@pytest.mark.parametrize(("text", "code"), ILLEGAL)
def test_illegal_sets_say_why(text: str, code: str) -> None:
    with pytest.raises(IllegalMeld) as error:
        tile_set_value(T(text), None)
    assert error.value.code == code
    assert error.value.message("en") and error.value.message("fr")
    assert t(code, "fr", tiles=text) != t(code, "en", tiles=text)


def test_check_table_numbers_the_bad_set() -> None:
    with pytest.raises(IllegalMeld) as error:
        check_table([T("r1 r2 r3"), T("k5 b6 o7")])
    assert error.value.params["set"] == 2


@pytest.mark.parametrize(("joker", "value"), [(30, 48), (50, 68), (0, 18)])
def test_rack_value_counts_a_joker_at_the_rules_value(joker: int, value: int) -> None:
    rules = variant("tiles").with_overrides(joker_hand_value=joker)
    assert rack_value(T("k5 r13 jk"), rules) == value
