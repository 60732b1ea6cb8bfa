"""The exact tile rummy solver: the best legal play from a table and a rack.

Goals (``solve(table, rack, rules, goal)``):

* ``"tiles"``: place the most rack tiles (ties: the most points);
* ``"value"``: place the most points (a joker counts ``joker_hand_value``, 30; ties: most
  tiles);
* ``"opening"``: rack tiles only, in new sets, the table untouched, reaching the opening
  minimum (``RuleSet.opening_for``, 30), placing the most tiles (ties: the most points).

The answer is exact (an optimum, never a guess): a dynamic program over the numbers 1..13
(see :mod:`engine.solver.dp`) explores every way of cutting the tiles into runs and
groups. Two identical sets may sit on the table; jokers go anywhere.

``arrange(table_sets, tiles, rules)`` finds a valid table holding the current sets plus
some tiles, changing as few of the current sets as possible.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from functools import wraps
from itertools import combinations
from typing import ParamSpec, TypeVar

from engine.rules import RuleSet
from engine.solver.dfs import searcher
from engine.solver.dp import COMPILED, plan_of, run_dp
from engine.solver.lagrange import LagrangeBound
from engine.solver.options import COLOURS, NUMBERS, trailing
from engine.solver.problem import Counts, Problem, mirror
from engine.solver.state import Plan
from engine.tiles.sets import analyse_set, tile_set_value
from engine.tiles.tile import TILE_JOKER, Colour, Tile

GOALS = ("tiles", "value", "opening")
_SCALE = 1000  # primary objective times this, plus the tie-break
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
    rack_tiles = list(rack)
    jv = rules.joker_hand_value
    t_counts, t_jokers = _counts(table_tiles)
    r_counts, r_jokers = _counts(rack_tiles)
    for c in range(COLOURS):
        for n in range(1, NUMBERS + 1):
            if t_counts[c][n] + r_counts[c][n] > _MAX_COPIES:
                raise ValueError(f"more than {_MAX_COPIES} copies of {Tile(n, Colour(c))}")
    if goal == "value":
        primary = [[n for n in range(NUMBERS + 1)] for _ in range(COLOURS)]
        worth = jv if joker_worth is None else joker_worth
        weights = [[_SCALE * n + 1 for n in range(NUMBERS + 1)] for _ in range(COLOURS)]
        joker_weight = _SCALE * worth + 1
    else:
        primary = [[1] * (NUMBERS + 1) for _ in range(COLOURS)]
        worth = 1 if joker_worth is None else joker_worth
        weights = [[_SCALE + n for n in range(NUMBERS + 1)] for _ in range(COLOURS)]
        joker_weight = _SCALE * worth + jv
    primary_max = sum(
        r_counts[c][n] * primary[c][n] for c in range(COLOURS) for n in range(1, NUMBERS + 1)
    ) + r_jokers * worth
    if goal == "opening":
        empty = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
        needed = rules.opening_minimum if players is None else rules.opening_for(players)
        problem = Problem(empty, r_counts, 0, r_jokers, weights, joker_weight, needed)
        laid = _solve_counts(problem, primary_max)
        if laid is None:
            return None
        new_sets, used, jokers = laid
        if not new_sets:
            return None
        old = [tuple(s) for s in sets] if sets is not None else _partition(table_tiles) or []
        placed = _placed(used, jokers)
        opening_value = sum(tile_set_value(s, rules) for s in new_sets)
        return Solution(goal, (*old, *new_sets), placed, _value(placed, jv), opening_value)
    problem = Problem(t_counts, r_counts, t_jokers, r_jokers, weights, joker_weight)
    laid = _solve_counts(problem, primary_max)
    if laid is None:
        return None
    new_table, used, jokers = laid
    placed = _placed(used, jokers - t_jokers)
    if not placed:
        return None
    return Solution(goal, tuple(new_table), placed, _value(placed, jv), 0)


Laid = tuple[list[tuple[Tile, ...]], list[list[int]], int]  # sets, rack tiles used, jokers


def _solve_counts(problem: Problem, most: int) -> Laid | None:
    """:func:`_search_counts` with the cyclic garbage collector paused: the move caches
    hold many tracked objects, and a full collection in the middle of a search costs
    more than the search (seen: 20 ms searches taking 40). The garbage of the search
    is collected afterwards as usual."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _search_counts(problem, most)
    finally:
        if paused:
            gc.enable()


def _search_counts(problem: Problem, most: int) -> Laid | None:
    """The best play as sets, rack tiles used per tile, and jokers on the table.

    Small positions with something to gain go to the layered DP in one pass; with the
    compiled program (:mod:`engine.solver._dpcore`) so do openings, and larger positions too,
    with branch and bound (:func:`_layered`). Without it, larger positions and openings
    go to the depth-first search, run on the numbers as they are and mirrored (13
    becomes 1: runs read the other way) in turns, each going on where it stopped with a
    budget that doubles (which way is easy varies a lot from one position to the next);
    past the largest budget the layered DP decides. All exact. A bare partition
    (``most`` 0) stays with the search, which stops at the first way found.
    """
    count = sum(map(sum, problem.table)) + sum(map(sum, problem.rack)) + problem.total_jokers
    small = count <= _LAYERED_TILES
    if most > 0 and (_LAYERED_ALL or (small and problem.opening is None)):
        # Measured on the bench's positions: small ones are quickest in one pass of the
        # layered program, which also beats the Python search on them at the median
        # and at the worst (~30 table tiles + 14); larger ones with the compiled program
        # are quickest with floors (branch and bound: about 7 ms median, 20 ms worst on
        # ~60 + 20 against 20 ms and 45 ms in one pass, and the search's 6 ms and 40 ms).
        return _layered(problem, 0 if small else most)
    ways = [(False, problem)]
    if problem.opening is None:
        ways.append((True, problem.mirrored()))
    shared = [1 << 60]  # the lowest score either way proved out of reach
    sharper: list[list[LagrangeBound]] = [[] for _ in ways]
    runs = [
        searcher(way, budget=600, unit=_SCALE, shared=shared, tighter=holder)
        for (_, way), holder in zip(ways, sharper, strict=True)
    ]
    try:
        found = _take_turns(runs, ways, sharper, shared, most)
    finally:
        for run in runs:
            run.close()  # frees each search's memory now
    if found is not False and found is not True:
        return found
    return _layered(problem, most)


def _take_turns(
    runs: list[Generator[Plan | bool | None, int, None]],
    ways: list[tuple[bool, Problem]],
    sharper: list[list[LagrangeBound]],
    shared: list[int],
    most: int,
) -> Laid | bool | None:
    """The searches in turns with budgets that double: the play, None when there is
    none, False when the largest budget ran out."""
    budget = 600
    while budget <= 200_000:
        if budget > 1200 and not sharper[0] and shared[0] < most:
            # A hard position that lays less than the whole rack: the Lagrangian bound
            # (tuned once, mirrored for the other way) pays for itself from here on.
            _sharpen(ways, sharper)
        for run, (mirrored, way) in zip(runs, ways, strict=True):
            answer = next(run) if budget == 600 else run.send(budget)
            if answer is False:
                continue
            if answer is None or answer is True:
                return None
            sets, used, jokers = _rebuild(answer, way.table)
            if mirrored:
                sets = [_mirror_set(tiles) for tiles in sets]
                used = mirror(used)
            return sets, used, jokers
        budget *= 2
    return False


def _layered(problem: Problem, most: int) -> Laid | None:
    """The layered DP, exact: floors from ``most`` down by steps that double (states
    that cannot reach the floor are dropped), the last pass with no floor."""
    step = 1
    target = most
    while True:
        floor = target * _SCALE if target > 0 else 0
        found = run_dp(problem, floor)
        if found is not None:
            return _rebuild(plan_of(found, problem), problem.table)
        if target <= 0:
            return None
        target -= step
        step *= 2


_TUNING_ROUNDS = 12
_LAYERED_TILES = 48  # positions this small go to the layered DP in one pass
_LAYERED_ALL = COMPILED  # with the compiled DP, every position with something to gain does



def _sharpen(ways: list[tuple[bool, Problem]], holders: list[list[LagrangeBound]]) -> None:
    """Give each search a Lagrangian bound: tuned on the first way, mirrored for the
    second."""
    bounds: list[LagrangeBound] = []
    for _, way in ways:
        if not bounds:
            bounds.append(LagrangeBound(way, _SCALE))
            bounds[0].tune(_TUNING_ROUNDS)
        else:
            bounds.append(bounds[0].mirrored(way))
    for holder, bound in zip(holders, bounds, strict=True):
        holder.append(bound)


def _mirror_set(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tuple(
        tile if tile.colour is None else Tile(NUMBERS + 1 - tile.number, tile.colour)
        for tile in reversed(tiles)
    )


@_gc_paused
def partition(tiles: Iterable[Tile]) -> list[tuple[Tile, ...]] | None:
    """Some way to lay all ``tiles`` as valid sets, or None when there is none."""
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
    everything = [tile for s in olds for tile in s] + new
    full = _partition(everything)
    if full is None:
        return None
    broken_ok: list[int] | None = None
    valid_old = [i for i, s in enumerate(olds) if _is_set(s)]
    must_break = [i for i in range(len(olds)) if i not in valid_old]
    candidates = sorted(
        (i for i in valid_old),
        key=lambda i: -_affinity(olds[i], new),
    )
    trials = 0
    for extra in range(len(candidates) + 1):
        for chosen in combinations(candidates, extra):
            trials += 1
            if trials > budget:
                break
            broken = sorted([*must_break, *chosen])
            loose = [tile for i in broken for tile in olds[i]] + new
            if not loose:
                laid: list[tuple[Tile, ...]] | None = []
            else:
                laid = _partition(loose)
            if laid is not None:
                broken_ok = broken
                kept = [i for i in range(len(olds)) if i not in broken]
                return Arrangement(
                    tuple([olds[i] for i in kept] + laid), tuple(kept), tuple(broken_ok)
                )
        if trials > budget:
            break
    # Too many choices to be sure: keep sets one by one (least related first) while the
    # rest can still be laid; the result is a table no single set could be kept in more.
    kept_greedy: list[int] = []
    loose_sets = set(valid_old)
    for index in reversed(candidates):
        trial = loose_sets - {index}
        loose = [tile for i in sorted(trial) for tile in olds[i]] + new
        loose += [tile for i in must_break for tile in olds[i]]
        laid = _partition(loose)
        if laid is not None:
            loose_sets = trial
            kept_greedy.append(index)
    kept_sorted = sorted(kept_greedy)
    broken = sorted(set(range(len(olds))) - set(kept_sorted))
    loose = [tile for i in broken for tile in olds[i]] + new
    laid = _partition(loose) or []
    return Arrangement(
        tuple([olds[i] for i in kept_sorted] + laid), tuple(kept_sorted), tuple(broken)
    )


# --- helpers -------------------------------------------------------------------------


def _is_set(tiles: Sequence[Tile]) -> bool:
    from engine.tiles.sets import is_valid_set

    return is_valid_set(tiles)


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


def _counts(tiles: Iterable[Tile]) -> tuple[list[list[int]], int]:
    counts = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
    jokers = 0
    for tile in tiles:
        if tile.colour is None:
            jokers += 1
        else:
            counts[tile.colour][tile.number] += 1
    return counts, jokers


def _placed(used: list[list[int]], jokers: int) -> tuple[Tile, ...]:
    out = [
        Tile(n, Colour(c))
        for c in range(COLOURS)
        for n in range(1, NUMBERS + 1)
        for _ in range(used[c][n])
    ]
    return (*out, *([TILE_JOKER] * jokers))


def _value(tiles: Iterable[Tile], jv: int) -> int:
    return sum(jv if tile.is_joker else tile.number for tile in tiles)


def _partition(tiles: list[Tile]) -> list[tuple[Tile, ...]] | None:
    if not tiles:
        return []
    counts, jokers = _counts(tiles)
    if any(counts[c][n] > _MAX_COPIES for c in range(COLOURS) for n in range(NUMBERS + 1)):
        raise ValueError("more copies of a tile than a game holds")
    empty = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
    zero = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
    laid = _solve_counts(Problem(counts, empty, jokers, 0, zero, 0), 0)
    return None if laid is None else laid[0]


def _rebuild(found: Plan, table: Counts) -> Laid:
    """Turn the DP's best path into sets: (sets, rack tiles used per tile, jokers used)."""
    runs: list[list[list[Tile]]] = [[] for _ in range(COLOURS)]
    sets: list[tuple[Tile, ...]] = []
    used = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
    to_groups: list[list[Tile]] = [[] for _ in range(COLOURS)]
    for number, colour, group_jokers, option in found[1]:
        if colour < 0:
            sets.extend(_groups(to_groups, group_jokers))
            to_groups = [[] for _ in range(COLOURS)]
            continue
        open_runs = runs[colour]
        if option is None:
            sets.extend(tuple(run) for run in open_runs)
            runs[colour] = []
            continue
        _, _, grouped, rack_used, _, detail, _ = option
        c1, c2, x, s0, s1, s2, inner, extra = detail
        used[colour][number] += rack_used
        tile = Tile(number, Colour(colour))
        real = table[colour][number] + rack_used
        ones = [run for run in open_runs if len(run) == 1]
        twos = [run for run in open_runs if len(run) == 2]
        longs = [run for run in open_runs if len(run) >= 3]
        stopping = ones[c1:] + twos[c2:] + longs[x:]
        needs = [3 - len(run) if len(run) < 3 else 0 for run in stopping]
        for run, count in zip(stopping, trailing(needs, extra, NUMBERS + 1 - number), strict=True):
            sets.append((*run, *([TILE_JOKER] * count)))
        going = ones[:c1] + twos[:c2] + longs[:x]
        in_runs = real - grouped
        fed = in_runs - s0 - s1 - s2
        for index, run in enumerate(going):
            run.append(tile if index < fed else TILE_JOKER)
        assert len(going) == fed + inner
        fresh = [[tile] for _ in range(s0)]
        fresh += [[TILE_JOKER, tile] for _ in range(s1)]
        fresh += [[TILE_JOKER, TILE_JOKER, tile] for _ in range(s2)]
        runs[colour] = going + fresh
        to_groups[colour] = [tile] * grouped
    for colour_runs in runs:
        sets.extend(tuple(run) for run in colour_runs)
    sets = _absorb(sets, found[3])
    jokers_used = found[2]
    return sets, used, jokers_used


def _absorb(sets: list[tuple[Tile, ...]], jokers: int) -> list[tuple[Tile, ...]]:
    """Lay ``jokers`` more jokers where sets have room (3-groups, runs below 13)."""
    out = list(sets)
    for _ in range(jokers):
        for index, tiles in enumerate(out):
            read = analyse_set(tiles)
            if read.kind == "group" and len(tiles) == 3:
                out[index] = (*tiles, TILE_JOKER)
                break
            if read.kind == "run":
                top = read.stands_for[-1] or read.tiles[-1]
                if top.number < NUMBERS:
                    out[index] = (*read.tiles, TILE_JOKER)
                    break
        else:
            raise AssertionError("no room for a joker")
    return out


def _groups(tiles: list[list[Tile]], jokers: int) -> list[tuple[Tile, ...]]:
    real = sum(len(group) for group in tiles)
    total = real + jokers
    if total == 0:
        return []
    widest = max(len(group) for group in tiles)
    count = total // 3  # as many groups as possible: the 3-groups leave room for jokers
    assert count >= widest and 4 * count >= total
    groups: list[list[Tile]] = [[] for _ in range(count)]
    index = 0
    for colour_tiles in tiles:
        for tile in colour_tiles:
            groups[index % count].append(tile)
            index += 1
    for _ in range(jokers):
        smallest = min(groups, key=len)
        smallest.append(TILE_JOKER)
    return [tuple(group) for group in groups]
