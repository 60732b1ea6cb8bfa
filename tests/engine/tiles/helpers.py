"""Shared helpers of the tile round tests: fixed deals and a simple solver-driven player."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.solver.exact import solve
from engine.tiles.actions import DrawTile, Pass, Play
from engine.tiles.round import TileRound, tile_pool
from engine.tiles.tile import Tile, parse_tiles
from engine.variants import variant

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
        return Play.between(round_.table, found.table)
    return DrawTile() if round_.stock_size() else Pass()
