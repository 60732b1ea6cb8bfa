"""A tile ``Play`` is a change of the table: the sets it adds and the table sets they replace."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalMove
from engine.tiles.actions import Confirm, DrawTile, NewSet, Play
from engine.tiles.round import TileRound
from engine.tiles.tile import Colour, Tile, parse_tiles
from tests.engine.tiles.helpers import dealt

A = "k10 b10 o10 r10 k11 k12 r1 r2 r3 k1 k5 b7 o8 b2"
B = "r10 k11 k12 k2 k3 k4 b4 b5 b6 o1 o2 r5 r6 r8"


def sets(text: str) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(parse_tiles(part)) for part in text.split("|"))


def opened() -> TileRound:
    """Seat 0 has opened with k10 b10 o10 and is to play again; seat 1 has not opened."""
    round_ = dealt([A, B], "o3 o4")
    round_.apply(0, NewSet(sets("k10 b10 o10")[0]))
    round_.apply(0, Confirm())
    round_.apply(1, DrawTile())
    return round_


@pytest.mark.parametrize(("table", "new_table", "added", "replacing"), [
    ("k1 k2 k3 | r5 r6 r7", "k1 k2 k3 | r5 r6 r7 | b9 o9 k9", "b9 o9 k9", ()),
    ("k1 k2 k3 | r5 r6 r7", "r4 r5 r6 r7 | k1 k2 k3", "r4 r5 r6 r7", (1,)),
    ("k1 k2 k3 | b9 o9 r9", "r9 b9 o9 | k1 k2 k3 k4", "k1 k2 k3 k4", (0,)),  # a group reordered
    ("r4 r5 jk", "jk r4 r5", "jk r4 r5", (0,)),  # the joker stands for r3, no longer r6
    ("k1 k2 k3 | k1 k2 k3", "k1 k2 k3 | k1 k2 k3 k4", "k1 k2 k3 k4", (1,)),  # twin sets
    ("k1 k2 k3 | r5 r6 r7 | b1 b2 b3", "k1 k2 k3 r1 | b1 b2 b3 | r5 r6 r7",
     "k1 k2 k3 r1", (0,)),
])
def test_between_leaves_the_unchanged_sets_out(
    table: str, new_table: str, added: str, replacing: tuple[int, ...]
) -> None:
    play = Play.between(sets(table), sets(new_table))
    assert play == Play(sets(added), replacing)


def test_replaced_sets_are_kept_sorted_once_each() -> None:
    assert Play(sets("k1 k2 k3"), (2, 0, 2)).replacing == (0, 2)
    with pytest.raises(ValueError):
        Play(sets("k1 k2 k3"), (-1,))


@pytest.mark.parametrize(("table", "play", "from_rack"), [
    ("k1 k2 k3 | r5 r6 r7", Play(sets("r4 r5 r6 r7"), (1,)), "r4"),
    ("k1 k2 k3 | r5 r6 r7", Play(sets("b9 o9 k9")), "b9 o9 k9"),
    ("k1 k2 jk | r5 r6 r7", Play(sets("k1 k2 k3 | jk r6 r7 | r4 r5 r6"), (0, 1)), "k3 r4 r6"),
])
def test_rack_tiles_are_the_tiles_not_taken_from_the_replaced_sets(
    table: str, play: Play, from_rack: str
) -> None:
    assert play.rack_tiles(sets(table)) == tuple(parse_tiles(from_rack))


def test_table_after_keeps_the_other_sets_in_order_then_the_added_ones() -> None:
    table = sets("k1 k2 k3 | r5 r6 r7 | b1 b2 b3")
    play = Play(sets("r4 r5 r6 r7"), (1,))
    assert play.table_after(table) == sets("k1 k2 k3 | b1 b2 b3 | r4 r5 r6 r7")


def test_replacing_a_set_that_is_not_there_is_refused_and_changes_nothing() -> None:
    round_ = opened()
    before = round_.to_dict()
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, Play(sets("r10 k11 k12"), (3,)))
    assert error.value.code == "tiles.no_such_set"
    assert round_.to_dict() == before
    with pytest.raises(IllegalMove):
        Play(sets("r10 k11 k12"), (3,)).rack_tiles(round_.table)


def test_a_play_rearranges_the_table_after_the_opening() -> None:
    round_ = opened()
    play = Play.between(round_.table, sets("b10 o10 r10 | k10 k11 k12"))
    assert play == Play(sets("b10 o10 r10 | k10 k11 k12"), (0,))
    assert play.rack_tiles(round_.table) == tuple(parse_tiles("r10 k11 k12"))
    round_.apply(0, play)
    assert [m.pieces for m in round_.melds()] == list(sets("b10 o10 r10 | k10 k11 k12"))
    assert len(round_.hand(0)) == 14 - 3 - 3


def test_before_the_opening_a_play_replaces_nothing() -> None:
    round_ = opened()
    round_.apply(0, DrawTile())
    before = round_.to_dict()
    new_table = sets("b10 o10 r10 | k10 k11 k12 | k2 k3 k4 | b4 b5 b6")
    with pytest.raises(IllegalMove) as error:
        round_.apply(1, Play.between(round_.table, new_table))
    assert error.value.code == "tiles.opening_table_untouched"
    assert round_.to_dict() == before


_TILES = st.builds(Tile, st.integers(1, 13), st.sampled_from(list(Colour)))
_SETS = st.lists(st.lists(_TILES, min_size=1, max_size=4).map(tuple), max_size=5)


def _tiles_of(table: Sequence[Sequence[Tile]]) -> Counter[Tile]:
    return Counter(tile for tiles in table for tile in tiles)


@settings(max_examples=80, deadline=None)
@given(_SETS, _SETS, st.data())
def test_between_then_table_after_gives_the_new_table(
    table: list[tuple[Tile, ...]], fresh: list[tuple[Tile, ...]], data: st.DataObject
) -> None:
    keep = data.draw(st.lists(st.booleans(), min_size=len(table), max_size=len(table)))
    kept = [tiles for tiles, flag in zip(table, keep, strict=True) if flag]
    broken = tuple(t for tiles, flag in zip(table, keep, strict=True) if not flag for t in tiles)
    new_table = data.draw(st.permutations([*kept, *fresh, *([broken] if broken else [])]))
    play = Play.between(table, new_table)

    def written(sets: Sequence[Sequence[Tile]]) -> Counter[tuple[Tile, ...]]:
        return Counter(tuple(sorted(tiles, key=lambda t: t.sort_key)) for tiles in sets)

    assert written(play.table_after(table)) == written(new_table)
    assert Counter(play.rack_tiles(table)) == _tiles_of(new_table) - _tiles_of(table)
