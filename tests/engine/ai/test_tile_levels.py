"""The computer players of tile rummy: legal whole-turn plays, view-only, seeded."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai import LEVELS, choose_action
from engine.ai.tile_plans import plan_turn, view_table
from engine.game import Game
from engine.solver.exact import solve
from engine.tiles.actions import DrawTile, Play
from engine.tiles.sets import is_valid_set
from engine.tiles.tile import Tile, full_pool
from engine.variants import variant
from engine.views import Phase
from tests.engine.ai.helpers import look_alike_decks, play_out

RULES = variant("tiles")


@pytest.mark.parametrize("levels", [("hard", "easy"), ("medium", "hard", "easy"), ("hard", "hard")])
def test_every_level_plays_whole_rounds_legally(levels: tuple[str, ...]) -> None:
    for seed in range(2):
        game, actions = play_out(RULES, levels, seed, rounds=1)  # IllegalMove would raise
        assert game.public_view().rounds
        assert any(isinstance(action, Play) for action in actions)


@pytest.mark.parametrize("level", LEVELS)
def test_a_plan_keeps_every_table_tile_and_adds_rack_tiles(level: str) -> None:
    game, _ = play_out(RULES, ("hard", "hard"), 3, max_actions=30)
    view = game.view(game.current)
    plan = plan_turn(view, RULES, level)
    if plan is None:
        return
    before = Counter(t for meld in view.melds for t in meld.pieces)
    after = Counter(t for tiles in plan.table for t in tiles)
    assert not before - after
    assert after - before == Counter(plan.placed)
    assert not Counter(plan.placed) - Counter(view.hand)
    assert all(is_valid_set(tiles) for tiles in plan.table)


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_tiles_do_not_change_the_decision(level: str) -> None:
    size = RULES.hand_size(2)
    for seed in range(3):
        pool, other = look_alike_decks(full_pool(), size, seed, face_up=0, reshuffle=seed + 50)
        game_a = Game.new(RULES, ["a", "b"], seed, deck=pool)
        game_b = Game.new(RULES, ["a", "b"], seed, deck=other)
        if game_a.view(0) != game_b.view(0):
            pytest.skip("the tile deal order differs from the card one")
        assert choose_action(game_a.view(0), RULES, level, random.Random(1)) == choose_action(
            game_b.view(0), RULES, level, random.Random(1)
        )


def test_hard_rearranges_the_table_to_lay_more_than_medium() -> None:
    laid = {"medium": 0, "hard": 0}
    for seed in range(4):
        game, _ = play_out(RULES, ("hard", "hard"), seed, max_actions=24)
        view = game.view(game.current)
        if not view.seats[view.seat].has_opened:
            continue
        for level in laid:
            plan = plan_turn(view, RULES, level)
            laid[level] += len(plan.placed) if plan is not None else 0
    assert laid["hard"] >= laid["medium"]


def test_nothing_to_lay_means_drawing() -> None:
    game = Game.new(RULES, ["a", "b"], 8)
    view = game.view(0)
    if plan_turn(view, RULES, "easy") is None:
        assert choose_action(view, RULES, "easy", random.Random(1)) == DrawTile()


def test_hard_rearranges_the_whole_table_past_sixty_tiles() -> None:
    # Seeded four-hard games until tables of more than 60 tiles (the size past which the
    # hard level used to rearrange only the sets nearest its rack, and laid 1-2 tiles
    # fewer on these very turns): hard lays what the exact solver lays on the whole table.
    checked = 0
    for seed in (12, 31, *range(8)):
        if checked >= 8:
            break
        game = Game.new(RULES, ["a", "b", "c", "d"], seed)
        rng = random.Random(seed)
        while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER) and checked < 8:
            view = game.view(game.current)
            table = view_table(view)
            if sum(map(len, table)) > 60 and view.seats[view.seat].has_opened:
                rack = [piece for piece in view.hand if isinstance(piece, Tile)]
                plan = plan_turn(view, RULES, "hard")
                best = solve(table, rack, RULES, "tiles")
                assert (len(plan.placed) if plan else 0) == (best.tiles_placed if best else 0)
                checked += 1
            game.apply(game.current, choose_action(view, RULES, "hard", rng))
    assert checked >= 8
