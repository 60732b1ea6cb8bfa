"""Which program answers a position, and how: the layered dynamic program (compiled or
Python, with floors for branch and bound) or the depth-first search both ways in turns.

Every entry of :mod:`engine.solver.exact` (``solve``, ``partition``, ``arrange``) comes
here with one :class:`~engine.solver.problem.Problem` through :func:`best_play`.
"""

from __future__ import annotations

from collections.abc import Generator

from engine.solver.dfs import searcher
from engine.solver.dp import COMPILED, plan_of, run_dp
from engine.solver.lagrange import LagrangeBound
from engine.solver.problem import SCALE, Problem, mirror
from engine.solver.rebuild import Laid, mirror_set, rebuild
from engine.solver.state import Plan

_TUNING_ROUNDS = 12
_LAYERED_TILES = 48  # positions this small go to the layered DP in one pass
_LAYERED_ALL = COMPILED  # with the compiled DP, every position with something to gain does
# ... but for this many table tiles or more, where the layered DP's states grow past what
# floors can cut (a whole table of 95 tiles: 50-110 ms a pass) and the search settles
# them in a few thousand states (5-10 ms; measured in docs/TILES.md).
_SEARCH_TABLE_TILES = 80
_FIRST_BUDGET, _LAST_BUDGET = 600, 200_000  # states a search may visit, doubling between
# The largest budget when the compiled DP takes over past it (tables of 80 tiles or more).
_COMPILED_LAST_BUDGET = 9600
_SHARPEN_AFTER = 1200  # states visited without an answer before the Lagrangian bound helps


def best_play(problem: Problem, most: int) -> Laid | None:
    """The best play as sets, rack tiles used per tile, and jokers on the table; None
    when no play lays every table tile. ``most``: the most the goal could count (whole
    tiles or points: the weights over :data:`~engine.solver.problem.SCALE`), 0 for a
    bare partition of the table.

    Small positions with something to gain go to the layered DP in one pass; with the
    compiled program (:mod:`engine.solver._dpcore`) so do openings, and larger positions too,
    with branch and bound (:func:`_layered`), up to 80 table tiles. Without it, larger
    positions and openings (and with it, tables of 80 tiles or more) go to the
    depth-first search, run on the numbers as they are and mirrored (13
    becomes 1: runs read the other way) in turns, each going on where it stopped with a
    budget that doubles (which way is easy varies a lot from one position to the next);
    past the largest budget the layered DP decides. All exact. A bare partition
    (``most`` 0) stays with the search, which stops at the first way found.
    """
    on_table = sum(map(sum, problem.table)) + problem.table_jokers
    count = on_table + sum(map(sum, problem.rack)) + problem.rack_jokers
    small = count <= _LAYERED_TILES
    layered = _LAYERED_ALL and (on_table < _SEARCH_TABLE_TILES or problem.opening is not None)
    if most > 0 and (layered or (small and problem.opening is None)):
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
        searcher(way, budget=_FIRST_BUDGET, unit=SCALE, shared=shared, tighter=holder)
        for (_, way), holder in zip(ways, sharper, strict=True)
    ]
    # With the compiled DP at hand, the search gets a short budget only: the positions it
    # does not settle quickly go to the DP, which starts from the bound the search proved.
    last = _COMPILED_LAST_BUDGET if _LAYERED_ALL else _LAST_BUDGET
    try:
        found = _take_turns(runs, ways, sharper, shared, most, last)
    finally:
        for run in runs:
            run.close()  # frees each search's memory now
    if found is not False and found is not True:
        return found
    # No play scores more than what either way proved (shared), so the floors start there.
    return _layered(problem, min(most, shared[0]))


def _take_turns(
    runs: list[Generator[Plan | bool | None, int, None]],
    ways: list[tuple[bool, Problem]],
    sharper: list[list[LagrangeBound]],
    shared: list[int],
    most: int,
    last: int,
) -> Laid | bool | None:
    """The searches in turns with budgets that double up to ``last``: the play, None
    when there is none, False when the largest budget ran out."""
    budget = _FIRST_BUDGET
    while budget <= last:
        if budget > _SHARPEN_AFTER and not sharper[0] and shared[0] < most:
            # A hard position that lays less than the whole rack: the Lagrangian bound
            # (tuned once, mirrored for the other way) pays for itself from here on.
            _sharpen(ways, sharper)
        for run, (mirrored, way) in zip(runs, ways, strict=True):
            answer = next(run) if budget == _FIRST_BUDGET else run.send(budget)
            if answer is False:
                continue
            if answer is None or answer is True:
                return None
            sets, used, jokers = rebuild(answer, way.table)
            if mirrored:
                sets = [mirror_set(tiles) for tiles in sets]
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
        floor = target * SCALE if target > 0 else 0
        found = run_dp(problem, floor)
        if found is not None:
            return rebuild(plan_of(found, problem), problem.table)
        if target <= 0:
            return None
        target -= step
        step *= 2


def _sharpen(ways: list[tuple[bool, Problem]], holders: list[list[LagrangeBound]]) -> None:
    """Give each search a Lagrangian bound: tuned on the first way, mirrored for the
    second."""
    bounds: list[LagrangeBound] = []
    for _, way in ways:
        if not bounds:
            bounds.append(LagrangeBound(way, SCALE))
            bounds[0].tune(_TUNING_ROUNDS)
        else:
            bounds.append(bounds[0].mirrored(way))
    for holder, bound in zip(holders, bounds, strict=True):
        holder.append(bound)
