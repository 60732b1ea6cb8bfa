"""Draft edits planned from a proposed table build exactly that table in the engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.session.tile_edits import edits_towards
from engine import arrange, parse_tiles, solve, variant
from engine.tiles.draft import Draft
from engine.tiles.tile import Tile, full_pool


def _position(seed: int) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
    """A table of valid sets (the best play of 40 random tiles) and a rack."""
    rng = random.Random(seed)
    pool = full_pool()
    rng.shuffle(pool)
    laid = solve([], pool[:40], variant("tiles"), "tiles")
    return (list(laid.table) if laid else []), pool[40:54]


@pytest.mark.parametrize("seed", range(25))
def test_planned_edits_build_the_arrangement(seed: int) -> None:
    table, rack = _position(seed)
    rules = variant("tiles")
    rng = random.Random(seed)
    for size in (1, 2, 3, 4):
        tiles = rng.sample(rack, size)
        result = arrange(table, tiles, rules)
        if result is None:
            continue
        draft = Draft.start(table)
        for edit in edits_towards(tuple(table), result.table):
            draft.edit(edit, rack, 0)
        assert Counter(draft.sets) == Counter(result.table)
        assert Counter(draft.placed) == Counter(tiles)


def test_kept_sets_are_not_touched() -> None:
    run, group = tuple(parse_tiles("k5 k6 k7")), tuple(parse_tiles("r9 b9 o9"))
    assert edits_towards((run, group), (run, group)) == []
    edits = edits_towards((run, group), (run, (*group, *parse_tiles("k9"))))
    assert [type(e).__name__ for e in edits] == ["Move", "Move", "Move", "Add"]
