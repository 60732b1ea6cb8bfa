"""Shared helpers of the tile tests: fixed deals and a simple solver-driven player."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.rules import variant
from engine.solver import dp as solver_dp
from engine.solver.exact import _SCALE, solve
from engine.tiles.actions import DrawTile, Pass, Play
from engine.tiles.round import TileRound, tile_pool
from engine.tiles.tile import Tile, parse_tiles

RULES = variant("tiles")


def deck_for(racks: Sequence[str], pool_top: str = "", first: int = 0) -> list[Tile]:
    """A deck dealing these racks (14 tiles each, one at a time from ``first``), the pool
    starting with ``pool_top``, then every other tile."""
    seats = len(racks)
    hands = [parse_tiles(rack) for rack in racks]
    assert all(len(hand) == 14 for hand in hands)
    deck: list[Tile] = []
    for index in range(14 * seats):
        deck.append(hands[(first + index) % seats][index // seats])
    top = parse_tiles(pool_top) if pool_top else []
    rest = Counter(tile_pool(RULES))
    rest.subtract(deck)
    rest.subtract(top)
    assert all(count >= 0 for count in rest.values())
    return deck + top + list(rest.elements())


def dealt(racks: Sequence[str], pool_top: str = "") -> TileRound:
    import random

    return TileRound.deal(RULES, len(racks), 0, 1, random.Random(0), deck_for(racks, pool_top))


def solver_move(round_: TileRound, seat: int) -> object:
    """What a solver-driven player does: the best opening or play, else draw or pass."""
    rack = round_.hand(seat)
    tiles = [t for t in rack if isinstance(t, Tile)]
    goal = "tiles" if round_.has_opened(seat) else "opening"
    found = solve(round_.table, tiles, RULES, goal)
    if found is not None:
        return Play(found.table)
    return DrawTile() if round_.stock_size() else Pass()


def bench_weights(goal: str) -> tuple[list[list[int]], int]:
    """The solver's weights (and a rack joker's) for ``goal`` as the bench runs it (a
    rack joker worth 0 for "value")."""
    if goal == "value":
        return [[_SCALE * n + 1 for n in range(solver_dp.NUMBERS + 1)] for _ in range(4)], 1
    return [[_SCALE + n for n in range(solver_dp.NUMBERS + 1)] for _ in range(4)], _SCALE + 30


def python_run_dp(*args: object) -> solver_dp.Found | None:
    """:func:`engine.solver.dp.run_dp` in Python even where the compiled one is built
    (the reference the compiled program is checked against)."""
    saved = solver_dp._CORE
    solver_dp._CORE = None
    try:
        return solver_dp.run_dp(*args)  # type: ignore[arg-type]
    finally:
        solver_dp._CORE = saved
