"""Tile rummy rounds: deal, opening, rearranging, drafts, drawing, passing, scoring."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.errors import CorruptGame, IllegalMove, RuleError
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Play,
    Reset,
    Split,
    TakeBack,
    Undo,
)
from engine.tiles.round import TileRound, tile_pool
from engine.tiles.tile import Tile, parse_tiles
from engine.views import Phase
from tests.engine.tiles.helpers import RULES, dealt, deck_for

T = parse_tiles
A = "k10 b10 o10 r1 r2 r3 k1 k5 b7 o8 r11 r12 k13 b2"  # opens with 30 + 6
B = "k2 k3 k4 b4 b5 b6 o1 o2 r5 r6 r8 k9 b11 o12"


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(T(text))


def state(round_: TileRound) -> object:
    return round_.to_dict()


def opened_round() -> TileRound:
    round_ = dealt([A, B], "o3 o4")
    round_.apply(0, NewSet(tiles("k10 b10 o10")))
    round_.apply(0, Confirm())
    round_.apply(1, DrawTile())
    return round_


def test_deal_one_at_a_time_and_pool_top_first() -> None:
    round_ = dealt([A, B], "o3 o4")
    assert round_.hand(0) == tiles(A)
    assert round_.hand(1) == tiles(B)
    assert round_.pool[:2] == list(T("o3 o4"))
    assert round_.stock_size() == 106 - 28
    assert Counter(round_.all_pieces()) == Counter(tile_pool(RULES))


def test_deal_rejects_a_wrong_deck() -> None:
    deck = deck_for([A, B])[:-1]
    with pytest.raises(RuleError):
        TileRound.deal(RULES, 2, 0, 1, random.Random(0), deck)


def test_opening_of_thirty_from_the_rack() -> None:
    round_ = dealt([A, B])
    round_.apply(0, NewSet(tiles("k10 b10 o10")))
    assert round_.turn_state(0)["opening_needed"] == 0
    round_.apply(0, Confirm())
    assert round_.has_opened(0)
    assert [m.pieces for m in round_.melds()] == [tiles("k10 b10 o10")]
    assert round_.melds()[0].owner == 0
    assert round_.current == 1


@pytest.mark.parametrize(("seats", "needed"), [(2, 40), (3, 30), (4, 30)])
def test_the_opening_minimum_follows_the_player_count(seats: int, needed: int) -> None:
    rules = RULES.with_overrides(opening_minimum_two_players=40)
    round_ = TileRound.deal(rules, seats, 0, 1, random.Random(0))
    assert round_.opening_minimum() == needed
    assert round_.turn_state(0)["opening_needed"] == needed


def test_opening_short_of_thirty_is_refused_and_changes_nothing() -> None:
    round_ = dealt([A, B])
    round_.apply(0, NewSet(tiles("r1 r2 r3")))
    before = state(round_)
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, Confirm())
    assert error.value.code == "tiles.opening_short"
    assert state(round_) == before
    assert round_.turn_state(0)["opening_needed"] == 24


def test_opening_may_not_touch_the_table() -> None:
    round_ = opened_round()  # seat 1 has not opened; table: k10 b10 o10
    with pytest.raises(IllegalMove) as error:
        round_.apply(1, DrawTile())
    assert error.value.code == "tiles.not_your_turn"
    round_.apply(0, DrawTile())
    with pytest.raises(IllegalMove) as error:
        round_.apply(1, Move(tiles("k10"), 0, None))
    assert error.value.code == "tiles.opening_table_untouched"
    # Nor through a whole proposed table using a table tile.
    with pytest.raises(IllegalMove) as error:
        new_table = (tiles("b10 o10 k10"), tiles("k2 k3 k4"), tiles("b4 b5 b6"))
        round_.apply(1, Play.between(round_.table, new_table))
    assert error.value.code == "tiles.opening_short"
    with pytest.raises(IllegalMove):
        new_table = (tiles("b4 b5 b6"), tiles("k9 k10"), tiles("b10 o10 r8"))
        round_.apply(1, Play.between(round_.table, new_table))


def test_after_opening_the_table_may_be_rearranged() -> None:
    round_ = opened_round()
    round_.apply(0, Move(tiles("k10"), 0, None))  # k10 out: b10 o10 left
    round_.apply(0, Add(tiles("k13"), 1))
    round_.apply(0, Add(tiles("r1"), 1))
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, Confirm())
    assert error.value.code == "tiles.invalid_table"
    round_.apply(0, Undo())
    round_.apply(0, Undo())
    round_.apply(0, Undo())
    round_.apply(0, Add(tiles("r1 r2 r3"), 0))
    with pytest.raises(IllegalMove):
        round_.apply(0, Confirm())  # b10 o10 k10 r1 r2 r3 is no set
    round_.apply(0, Split(0, 3))
    round_.apply(0, Confirm())
    assert [m.pieces for m in round_.melds()] == [tiles("k10 b10 o10"), tiles("r1 r2 r3")]


def test_split_and_merge_a_run_with_a_joker() -> None:
    round_ = opened_round()
    round_.apply(0, NewSet(tiles("r11 r12")))
    round_.apply(0, Move(tiles("o10"), 0, 1, front=False))
    with pytest.raises(IllegalMove):
        round_.apply(0, Confirm())
    round_.apply(0, Reset())
    assert round_.draft is None
    assert round_.hand(0) == round_.hand(0)
    assert [m.pieces for m in round_.melds()] == [tiles("k10 b10 o10")]


def test_only_own_tiles_placed_this_turn_go_back() -> None:
    round_ = opened_round()
    round_.apply(0, Add(tiles("k5"), 0))
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, TakeBack(tiles("k10"), 0))
    assert error.value.code == "tiles.not_yours"
    round_.apply(0, TakeBack(tiles("k5"), 0))
    assert Tile.joker() not in round_.hand(0)
    assert round_.draft is not None and not round_.draft.placed


def test_confirm_needs_a_rack_tile() -> None:
    round_ = opened_round()
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, Confirm())
    assert error.value.code == "tiles.nothing_placed"
    round_.apply(0, Move(tiles("k10"), 0, None))
    round_.apply(0, Move(tiles("k10"), 1, 0))
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, Confirm())
    assert error.value.code == "tiles.nothing_placed"


def test_draw_discards_the_draft_and_ends_the_turn() -> None:
    round_ = opened_round()
    round_.apply(0, NewSet(tiles("r11 r12")))
    assert len(round_.hand(0)) == 9
    round_.apply(0, DrawTile())
    assert round_.draft is None
    assert len(round_.hand(0)) == 12
    assert round_.turn_state(0)["drawn"] == tiles("o4")[0]
    assert round_.current == 1


def test_draft_is_shown_to_the_current_player_only() -> None:
    round_ = opened_round()
    round_.apply(0, NewSet(tiles("r11 r12")))
    draft = round_.turn_state(0)["draft"]
    assert draft is not None and draft[1].kind == "invalid"
    assert round_.turn_state(1)["draft"] is None
    assert round_.hand_sizes() == (11, 15)


@pytest.mark.parametrize("action", [Add(tiles("k1"), 0), Play(((tiles("k1 k2 k3")),), (0,))])
def test_a_set_named_on_an_empty_table_says_the_table_is_empty(action: object) -> None:
    round_ = dealt([A, B], "o3 o4")
    before = state(round_)
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, action)
    assert error.value.code == "tiles.no_sets"
    assert error.value.message("en") == "There is no set on the table yet."
    assert state(round_) == before


def test_undo_with_nothing_and_unknown_sets() -> None:
    round_ = opened_round()
    with pytest.raises(IllegalMove):
        round_.apply(0, Undo())
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, Add(tiles("r1"), 5))
    assert error.value.code == "tiles.no_such_set"
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, NewSet(tiles("r9")))
    assert error.value.code == "tiles.not_on_rack"
    with pytest.raises(IllegalMove):
        round_.apply(0, Split(0, 0))


def test_pass_only_with_an_empty_pool_then_blocked() -> None:
    round_ = dealt([A, B])
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, Pass())
    assert error.value.code == "tiles.pass_with_pool"
    round_.pool.clear()
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, DrawTile())
    assert error.value.code == "tiles.pool_empty"


def test_blocked_round_lowest_rack_gains_the_differences() -> None:
    round_ = dealt([A, B])
    round_.racks[0] = list(T("k1 k2"))  # tests may shape a state directly
    round_.racks[1] = list(T("r5 jk"))
    round_.pool.clear()
    round_.apply(0, Pass())
    assert round_.phase is Phase.PLAY
    round_.apply(1, Pass())
    assert round_.phase is Phase.ROUND_OVER
    score = round_.result()
    assert score is not None
    assert score.reason == "blocked" and score.winner == 0
    assert score.points == (32, -32)


def test_blocked_round_tie_for_lowest_is_a_draw() -> None:
    round_ = dealt([A, B, B.replace("k2", "k2")])
    round_.racks = [list(T("k5")), list(T("b5")), list(T("r9"))]
    round_.pool.clear()
    for seat in range(3):
        round_.apply(seat, Pass())
    score = round_.result()
    assert score is not None and score.winner is None and score.points == (0, 0, 0)


def test_a_play_resets_the_passes() -> None:
    round_ = opened_round()
    round_.pool.clear()
    round_.apply(0, Pass())
    moved = round_.racks[1][:4]
    round_.racks[1][:4] = T("k11 k12 k13 b1")
    round_.pool.extend(moved)  # keep every tile somewhere
    round_.pool.clear()
    round_.apply(1, NewSet(tiles("k11 k12 k13")))
    round_.apply(1, Confirm())
    round_.apply(0, Pass())
    assert round_.phase is Phase.PLAY


def test_going_out_scores_the_racks() -> None:
    round_ = opened_round()
    round_.racks[0] = list(T("r11 r12 r13"))
    round_.racks[1] = list(T("k2 jk b9"))
    round_.apply(0, NewSet(tiles("r11 r12 r13")))
    round_.apply(0, Confirm())
    score = round_.result()
    assert score is not None and score.reason == "went_out" and score.winner == 0
    assert score.points == (41, -41)
    with pytest.raises(IllegalMove):
        round_.apply(1, DrawTile())


def test_save_and_load_keep_the_draft() -> None:
    round_ = opened_round()
    round_.apply(0, NewSet(tiles("r11 r12")))
    round_.apply(0, Add(tiles("k13"), 1))
    data = round_.to_dict()
    loaded = TileRound.from_dict(data, RULES)
    assert loaded.to_dict() == data
    loaded.apply(0, Undo())
    loaded.apply(0, Undo())
    assert loaded.draft is not None and loaded.draft.sets == tuple(round_.table)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(kind="cards"),
        lambda d: d.update(seats="2"),
        lambda d: d.update(pool=d["pool"] + " k1"),
        lambda d: d.update(table=["k1 k2"]),
        lambda d: d["draft"].update(placed="r1"),
        lambda d: d.update(current=7),
        lambda d: d.update(racks=["zz9", ""]),
    ],
)
def test_corrupt_documents_are_refused(change: object) -> None:
    round_ = opened_round()
    round_.apply(0, NewSet(tiles("r11 r12")))
    data = round_.to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(CorruptGame):
        TileRound.from_dict(data, RULES)


@pytest.mark.parametrize("laid", [NewSet(tiles("r1 r2 r9")), Play((tiles("r1 r2 r9"),), ())])
def test_tiles_not_on_the_rack_are_the_only_ones_named(laid: NewSet | Play) -> None:
    round_ = dealt([A, B])
    with pytest.raises(IllegalMove) as error:
        round_.apply(0, laid)
    assert error.value.message("en") == "r9: not on your rack."
