"""Whole tile games, dealt to the score: through TileRound and through Game."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import Game
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Reset,
    Split,
    TakeBack,
    Undo,
)
from engine.tiles.round import TileRound, tile_pool
from engine.tiles.sets import is_valid_set
from engine.views import Phase
from tests.engine.tiles.helpers import RULES, solver_move


def _check(round_: TileRound) -> None:
    assert Counter(round_.all_pieces()) == Counter(tile_pool(RULES))
    assert all(is_valid_set(s) for s in round_.table)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_round_played_by_the_solver(players: int) -> None:
    round_ = TileRound.deal(RULES, players, 0, 1, random.Random(players))
    for _ in range(400):
        if round_.phase is Phase.ROUND_OVER:
            break
        seat = round_.current
        round_.apply(seat, solver_move(round_, seat))
        _check(round_)
        copy = TileRound.from_dict(round_.to_dict(), RULES)
        assert copy.to_dict() == round_.to_dict()
    score = round_.result()
    assert score is not None
    assert sum(score.points) == 0
    if score.reason == "went_out":
        assert score.winner is not None and not round_.hand(score.winner)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_through_game_apply(players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    game = Game.new(RULES, names, seed=40 + players)
    for _ in range(400):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        seat = game.current
        view = game.view(seat)
        assert view.hand == game.round.hand(seat)
        assert isinstance(game.round, TileRound)
        game.apply(seat, solver_move(game.round, seat))
        loaded = Game.from_json(game.to_json())
        assert loaded.to_json() == game.to_json()
    outcome = game.outcome()
    assert outcome is not None
    assert sum(outcome.totals) == 0
    assert game.phase is Phase.MATCH_OVER


def test_the_draft_survives_a_save_through_game() -> None:
    game = Game.new(RULES, ["a", "b"], seed=7)
    seat = game.current
    rack = game.view(seat).hand
    game.apply(seat, NewSet(rack[:2]))  # type: ignore[arg-type]
    view = game.view(seat)
    assert view.draft is not None and len(view.draft) == 1
    loaded = Game.from_json(game.to_json())
    assert loaded.view(seat).draft == view.draft
    loaded.apply(seat, DrawTile())
    assert loaded.view(seat).draft is None


def test_a_game_with_a_third_joker_saves_and_loads() -> None:
    game = Game.new(RULES.with_overrides(jokers=3), ["a", "b"], seed=3)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_is_legal_tries_a_tile_action_and_changes_nothing() -> None:
    game = Game.new(RULES, ["a", "b"], seed=7)
    seat = game.current
    before = game.to_json()
    assert game.is_legal(seat, DrawTile())
    assert not game.is_legal(seat, Pass())  # the pool is not empty
    assert not game.is_legal(1 - seat, DrawTile())
    assert game.to_json() == before


edit = st.one_of(
    st.builds(lambda n: ("new", n), st.integers(1, 3)),
    st.builds(lambda n, s: ("add", n, s), st.integers(1, 2), st.integers(0, 5)),
    st.builds(
        lambda s, t: ("move", s, t), st.integers(0, 5), st.one_of(st.none(), st.integers(0, 5))
    ),
    st.builds(lambda s, a: ("split", s, a), st.integers(0, 5), st.integers(0, 4)),
    st.builds(lambda s: ("back", s), st.integers(0, 5)),
    st.just(("undo",)),
    st.just(("reset",)),
    st.just(("confirm",)),
    st.just(("draw",)),
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.lists(edit, max_size=25))
def test_editing_never_creates_or_loses_a_tile(seed: int, steps: list[tuple[object, ...]]) -> None:
    from engine.errors import IllegalMove

    rng = random.Random(seed)
    round_ = TileRound.deal(RULES, 2, 0, 1, rng)
    round_.opened = [True, True]
    # A table to rearrange: let seat 0 lay what the solver finds, if anything.
    for step in steps:
        seat = round_.current
        rack = list(round_.hand(seat))
        sets = round_.draft.sets if round_.draft else tuple(round_.table)
        kind = step[0]
        action: object
        if kind == "new":
            action = NewSet(tuple(rack[: int(step[1])]))  # type: ignore[call-overload]
        elif kind == "add":
            action = Add(tuple(rack[: int(step[1])]), int(step[2]))  # type: ignore[call-overload]
        elif kind == "move":
            source = int(step[1])  # type: ignore[call-overload]
            moved = sets[source][:1] if source < len(sets) else ()
            action = Move(moved, source, step[2])  # type: ignore[arg-type]
        elif kind == "split":
            action = Split(int(step[1]), int(step[2]))  # type: ignore[call-overload]
        elif kind == "back":
            index = int(step[1])  # type: ignore[call-overload]
            back = sets[index][-1:] if index < len(sets) else ()
            action = TakeBack(back, index)
        else:
            action = {"undo": Undo(), "reset": Reset(), "confirm": Confirm(), "draw": DrawTile()}[
                str(kind)
            ]
        before = round_.to_dict()
        try:
            round_.apply(seat, action)
        except IllegalMove:
            assert round_.to_dict() == before
        _check(round_)
        if round_.draft is not None:
            on_table = Counter(t for s in round_.table for t in s) + Counter(round_.draft.placed)
            assert Counter(t for s in round_.draft.sets for t in s) == on_table
        if round_.phase is Phase.ROUND_OVER:
            break
