"""The exact tile rummy solver: the best legal play from a table and a rack.

Goals (``solve(table, rack, rules, goal)``):

* ``"tiles"``: place the most rack tiles (ties: the most points);
* ``"value"``: place the most points (a joker counts ``joker_hand_value``, 30; ties: most
  tiles);
* ``"opening"``: rack tiles only, in new sets, the table untouched, reaching the opening
  minimum (``RuleSet.opening_for``, 30), placing the most tiles (ties: the most points).

The answer is exact (an optimum, never a guess): a dynamic program over the numbers 1..13
(see :mod:`engine.solver.dp`) explores every way of cutting the tiles into runs and
groups. Two identical sets may sit on the table; jokers go anywhere. Which program runs
is :mod:`engine.solver.route`'s choice; :mod:`engine.solver.rebuild` turns its answer
into sets.

``arrange(table_sets, tiles, rules)`` finds a valid table holding the current sets plus
some tiles, changing as few of the current sets as possible.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import wraps
from itertools import combinations
from operator import add, mul
from typing import ParamSpec, TypeVar

from engine.rules import RuleSet
from engine.solver.options import COLOURS, NUMBERS
from engine.solver.problem import SCALE, Counts, Problem
from engine.solver.rebuild import placed
from engine.solver.route import best_play
from engine.tiles.sets import is_valid_set, tile_set_value
from engine.tiles.tile import Colour, Tile

GOALS = ("tiles", "value", "opening")
_MAX_COPIES = 2


@dataclass(frozen=True, slots=True)
class Solution:
    """A legal play: the whole new table and the rack tiles it places."""

    goal: str
    table: tuple[tuple[Tile, ...], ...]  # every set of the new table, in table order
    placed: tuple[Tile, ...]  # rack tiles laid, sorted (colour, number, jokers last)
    value: int  # points of the placed tiles (numbers face value, joker ``joker_hand_value``)
    opening_value: int  # "opening": the points of the new sets (jokers as they stand)

    @property
    def tiles_placed(self) -> int:
        return len(self.placed)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A valid table holding the old sets plus new tiles."""

    table: tuple[tuple[Tile, ...], ...]  # unchanged sets first, in their old order
    kept: tuple[int, ...]  # 0-based indexes of the old sets left untouched
    changed: tuple[int, ...]  # 0-based indexes of the old sets broken up


TableInput = Iterable[Sequence[Tile]] | Iterable[Tile]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _gc_paused(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``function`` with the cyclic garbage collector paused. The move caches and a
    search's memory are many tracked objects: a collection starting inside a solve
    (a full one walks the whole process, seen at 60 ms) would cost more than the solve.
    Collections then happen after it, as the process goes on."""

    @wraps(function)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return paused


@_gc_paused
def solve(
    table: TableInput,
    rack: Iterable[Tile],
    rules: RuleSet,
    goal: str = "tiles",
    *,
    joker_worth: int | None = None,
    players: int | None = None,
) -> Solution | None:
    """The best legal play under ``rules`` (tile rummy's), or None when no legal play
    places a rack tile.

    ``table`` is the list of sets on the table (or its tiles in any order); every table
    tile, jokers included, stays on the table. ``joker_worth`` overrides what a rack
    joker is worth in the objective (default: 1 tile for ``"tiles"``/``"opening"``,
    ``rules.joker_hand_value`` points for ``"value"``). ``players``: how many play, for
    the opening minimum (``rules.opening_for(players)``); without it, ``"opening"``
    needs ``rules.opening_minimum``.

    Raises:
        ValueError: an unknown goal, or more copies of a tile than a game holds.
    """
    if goal not in GOALS:
        raise ValueError(f"unknown goal {goal!r}; expected one of {', '.join(GOALS)}")
    sets, table_tiles = _split_table(table)
    t_counts, t_jokers = _counts(table_tiles)
    r_counts, r_jokers = _counts(rack)
    _check_copies(t_counts, r_counts)
    jv = rules.joker_hand_value
    weights, joker_weight, worth = _objective(goal, jv, joker_worth)
    # The most the goal could count: every rack tile laid (its points, or one a tile).
    per_tile = _FACES if goal == "value" else _ONES
    most = sum([sum(map(mul, row, per_tile)) for row in r_counts]) + r_jokers * worth
    if goal == "opening":
        needed = rules.opening_minimum if players is None else rules.opening_for(players)
        problem = Problem(_no_tiles(), r_counts, 0, r_jokers, weights, joker_weight, needed)
        laid = best_play(problem, most)
        if laid is None or not laid[0]:
            return None
        new_sets, used, jokers = laid
        old = [tuple(s) for s in sets] if sets is not None else _partition(table_tiles) or []
        tiles = placed(used, jokers)
        opening_value = sum(tile_set_value(s, rules) for s in new_sets)
        return Solution(goal, (*old, *new_sets), tiles, _value(tiles, jv), opening_value)
    laid = best_play(Problem(t_counts, r_counts, t_jokers, r_jokers, weights, joker_weight), most)
    if laid is None:
        return None
    new_table, used, jokers = laid
    tiles = placed(used, jokers - t_jokers)
    if not tiles:
        return None
    return Solution(goal, tuple(new_table), tiles, _value(tiles, jv), 0)


# What a number tile counts for the goal, by number (index 0 unused): its face value
# for "value", one tile otherwise.
_FACES = tuple(range(NUMBERS + 1))
_ONES = (0,) + (1,) * NUMBERS

# Each goal's weights of the rack tiles (``SCALE`` per tile or point, plus the tie-break),
# made once: no program writes into a Problem's counts.
_VALUE_WEIGHTS = [[SCALE * n + 1 for n in range(NUMBERS + 1)] for _ in range(COLOURS)]
_TILE_WEIGHTS = [[SCALE + n for n in range(NUMBERS + 1)] for _ in range(COLOURS)]


def _objective(goal: str, joker_value: int, joker_worth: int | None) -> tuple[Counts, int, int]:
    """The weights of ``goal``: each rack tile's (``SCALE`` per tile or point, plus the
    tie-break), a rack joker's, and what a rack joker counts for the goal."""
    if goal == "value":
        worth = joker_value if joker_worth is None else joker_worth
        return _VALUE_WEIGHTS, SCALE * worth + 1, worth
    worth = 1 if joker_worth is None else joker_worth
    return _TILE_WEIGHTS, SCALE * worth + joker_value, worth


@_gc_paused
def partition(tiles: Iterable[Tile]) -> list[tuple[Tile, ...]] | None:
    """Some way to lay all ``tiles`` as valid sets, or None when there is none.

    Raises:
        ValueError: more copies of a tile than a game holds.
    """
    return _partition(list(tiles))


@_gc_paused
def arrange(
    table_sets: Sequence[Sequence[Tile]],
    tiles: Iterable[Tile],
    rules: RuleSet,
    *,
    budget: int = 300,
) -> Arrangement | None:
    """A valid table holding ``table_sets`` plus ``tiles``, breaking up as few sets as it can.

    Tries to break 0 sets, then 1, then 2… (sets sharing a number or colour with the tiles
    first). The fewest is exact while fewer than ``budget`` trials are needed; past that,
    sets are kept one by one while the rest can still be laid (no set could be kept in
    addition, though fewer breaks may exist). Returns None when no valid table holds them.

    Raises:
        ValueError: more copies of a tile than a game holds.
    """
    del rules
    new = list(tiles)
    olds = [tuple(s) for s in table_sets]
    if _partition([tile for s in olds for tile in s] + new) is None:
        return None
    valid_old = [i for i, s in enumerate(olds) if is_valid_set(s)]
    must_break = [i for i in range(len(olds)) if i not in valid_old]
    candidates = sorted(valid_old, key=lambda i: -_affinity(olds[i], new))
    trials = 0
    for extra in range(len(candidates) + 1):
        for chosen in combinations(candidates, extra):
            trials += 1
            if trials > budget:
                return _kept_one_by_one(olds, new, candidates, must_break)
            broken = sorted([*must_break, *chosen])
            laid = _partition([tile for i in broken for tile in olds[i]] + new)
            if laid is not None:
                kept = [i for i in range(len(olds)) if i not in broken]
                return Arrangement(tuple([olds[i] for i in kept] + laid), tuple(kept),
                                   tuple(broken))  # fmt: skip
    return _kept_one_by_one(olds, new, candidates, must_break)


def _kept_one_by_one(
    olds: list[tuple[Tile, ...]], new: list[Tile], candidates: list[int], must_break: list[int]
) -> Arrangement:
    """Too many choices to be sure: keep sets one by one (least related first) while the
    rest can still be laid; the result is a table no single set could be kept in more."""
    kept: list[int] = []
    loose_sets = set(candidates)
    for index in reversed(candidates):
        trial = loose_sets - {index}
        loose = [tile for i in sorted(trial) for tile in olds[i]] + new
        loose += [tile for i in must_break for tile in olds[i]]
        if _partition(loose) is not None:
            loose_sets = trial
            kept.append(index)
    kept.sort()
    broken = sorted(set(range(len(olds))) - set(kept))
    laid = _partition([tile for i in broken for tile in olds[i]] + new) or []
    return Arrangement(tuple([olds[i] for i in kept] + laid), tuple(kept), tuple(broken))


# --- helpers -------------------------------------------------------------------------


def _affinity(old: Sequence[Tile], new: Sequence[Tile]) -> int:
    score = 0
    for a in old:
        for b in new:
            if a.is_joker or b.is_joker:
                score += 1
            elif a.number == b.number or (a.colour == b.colour and abs(a.number - b.number) <= 2):
                score += 2
    return score


def _split_table(table: TableInput) -> tuple[list[tuple[Tile, ...]] | None, list[Tile]]:
    items: list[object] = list(table)
    if all(isinstance(item, Tile) for item in items):
        return None, [item for item in items if isinstance(item, Tile)]
    sets: list[tuple[Tile, ...]] = []
    for item in items:
        if isinstance(item, Tile) or not isinstance(item, Iterable):
            raise ValueError("mix of sets and single tiles in the table")
        sets.append(tuple(tile for tile in item if isinstance(tile, Tile)))
    return sets, [tile for s in sets for tile in s]


def _no_tiles() -> Counts:
    return [[0] * (NUMBERS + 1) for _ in range(COLOURS)]


def _counts(tiles: Iterable[Tile]) -> tuple[Counts, int]:
    counts = _no_tiles()
    jokers = 0
    for tile in tiles:
        if tile.colour is None:
            jokers += 1
        else:
            counts[tile.colour][tile.number] += 1
    return counts, jokers


def _check_copies(table: Counts, rack: Counts) -> None:
    """Raises ValueError when ``table`` and ``rack`` hold more copies of a tile than a game."""
    for c, (on_table, in_rack) in enumerate(zip(table, rack, strict=True)):
        if max(map(add, on_table, in_rack)) <= _MAX_COPIES:
            continue  # the usual case, checked a colour at a time
        for n in range(1, NUMBERS + 1):
            if on_table[n] + in_rack[n] > _MAX_COPIES:
                raise ValueError(f"more than {_MAX_COPIES} copies of {Tile(n, Colour(c))}")


def _value(tiles: Iterable[Tile], jv: int) -> int:
    return sum(jv if tile.is_joker else tile.number for tile in tiles)


def _partition(tiles: list[Tile]) -> list[tuple[Tile, ...]] | None:
    if not tiles:
        return []
    counts, jokers = _counts(tiles)
    nothing = _no_tiles()  # no rack, no weights: any way that lays the table will do
    _check_copies(counts, nothing)
    laid = best_play(Problem(counts, nothing, jokers, 0, nothing, 0), 0)
    return None if laid is None else laid[0]
