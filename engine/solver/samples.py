"""Seeded random positions for the solver: a table of random valid sets and a rack drawn
from the rest of the pool. The benchmark (``bench/solver_bench.py``) and the tests that
compare the compiled and Python programs run the same positions from the same seeds."""

from __future__ import annotations

import random
from collections import Counter

from engine.tiles.sets import is_valid_set
from engine.tiles.tile import TILE_JOKER, Colour, Tile, full_pool

Position = tuple[list[list[Tile]], list[Tile]]  # (table sets, rack)


def random_table(rng: random.Random, pool: Counter[Tile], target: int) -> list[list[Tile]]:
    """Random valid sets taken from ``pool`` until about ``target`` tiles are laid."""
    sets: list[list[Tile]] = []
    laid = 0
    attempts = 0
    while laid < target and attempts < 10_000:
        attempts += 1
        chosen: list[Tile] = []
        if rng.random() < 0.5:
            length = rng.randint(3, 5)
            start = rng.randint(1, 14 - length)
            colour = Colour(rng.randrange(4))
            wanted = [Tile(n, colour) for n in range(start, start + length)]
        else:
            number = rng.randint(1, 13)
            colours = rng.sample(list(Colour), rng.choice((3, 4)))
            wanted = [Tile(number, c) for c in colours]
        taken: Counter[Tile] = Counter()
        for tile in wanted:
            if pool[tile] - taken[tile] > 0 and rng.random() > 0.05:
                chosen.append(tile)
                taken[tile] += 1
            elif pool[TILE_JOKER] - taken[TILE_JOKER] > 0 and rng.random() < 0.5:
                chosen.append(TILE_JOKER)
                taken[TILE_JOKER] += 1
            else:
                break
        if len(chosen) != len(wanted) or not is_valid_set(chosen):
            continue
        pool.subtract(taken)
        sets.append(chosen)
        laid += len(chosen)
    return sets


def positions(seed: int, count: int, table_size: int, rack_size: int) -> list[Position]:
    """``count`` positions: about ``table_size`` tiles on the table (none: an opening), a
    rack of ``rack_size`` tiles from what is left, the same for the same seed."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        pool = Counter(full_pool())
        table = random_table(rng, pool, table_size) if table_size else []
        rest = list(pool.elements())
        rng.shuffle(rest)
        out.append((table, rest[:rack_size]))
    return out
