"""An exhaustive tile rummy search, independent of the solver, for small positions."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

from engine.tiles.sets import analyse_set, is_valid_set
from engine.tiles.tile import Tile


def _key(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda t: t.sort_key))


@cache
def best_partition_value(tiles: tuple[Tile, ...]) -> int | None:
    """The highest total set value over every way to lay all ``tiles``; None if none."""
    if not tiles:
        return 0
    first, rest = tiles[0], tiles[1:]
    best: int | None = None
    seen: set[tuple[Tile, ...]] = set()
    for size in range(2, min(len(rest), 12) + 1):
        for others in combinations(range(len(rest)), size):
            chosen = (first, *(rest[i] for i in others))
            key = _key(chosen)
            if key in seen:
                continue
            seen.add(key)
            ordered = tuple(t for t in key if not t.is_joker) + tuple(t for t in key if t.is_joker)
            if not is_valid_set(ordered):
                continue
            left = Counter(rest)
            for i in others:
                left[rest[i]] -= 1
            remaining = _key(tuple(left.elements()))
            sub = best_partition_value(remaining)
            if sub is None:
                continue
            value = analyse_set(ordered).value + sub
            if best is None or value > best:
                best = value
    return best


def brute_best(table: list[Tile], rack: list[Tile], goal: str) -> tuple[int, int] | None:
    """(tiles placed, points placed) of the best play, by trying every subset of the rack.

    Points: numbers face value, jokers 30. Opening: rack only, set value >= 30.
    """
    best: tuple[int, int] | None = None
    seen: set[tuple[Tile, ...]] = set()
    for size in range(1, len(rack) + 1):
        for chosen in combinations(range(len(rack)), size):
            placed = _key(tuple(rack[i] for i in chosen))
            if placed in seen:
                continue
            seen.add(placed)
            points = sum(30 if t.is_joker else t.number for t in placed)
            if goal == "opening":
                value = best_partition_value(placed)
                if value is None or value < 30:
                    continue
            elif best_partition_value(_key((*table, *placed))) is None:
                continue
            score = (len(placed), points) if goal != "value" else (points, len(placed))
            if best is None or score > best:
                best = score
    if best is None:
        return None
    return best if goal != "value" else (best[1], best[0])
