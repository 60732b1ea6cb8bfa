"""Shared helpers of the solver tests: the bench's weights, positions as the solver's
programs read them, and the Python dynamic program even where the compiled one is built."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.solver import dp as solver_dp
from engine.solver.exact import _counts
from engine.solver.options import NUMBERS, option_list
from engine.solver.problem import SCALE, Problem
from engine.tiles.tile import Tile
from engine.variants import variant

TILES = variant("tiles")  # the rules every solver test plays by


def bench_weights(goal: str) -> tuple[list[list[int]], int]:
    """The solver's weights (and a rack joker's) for ``goal`` as the bench runs it (a
    rack joker worth 0 for "value")."""
    if goal == "value":
        return [[SCALE * n + 1 for n in range(NUMBERS + 1)] for _ in range(4)], 1
    return [[SCALE + n for n in range(NUMBERS + 1)] for _ in range(4)], SCALE + 30


def problem_of(
    table: Sequence[Tile], rack: Sequence[Tile], goal: str, opening: int | None = None
) -> Problem:
    """The position ``table`` + ``rack`` with the bench's weights for ``goal``."""
    weights, joker_weight = bench_weights(goal)
    t_counts, t_jokers = _counts(table)
    r_counts, r_jokers = _counts(rack)
    return Problem(t_counts, r_counts, t_jokers, r_jokers, weights, joker_weight, opening)


def core_run(
    core: object, problem: Problem, floor: int, options: Callable[..., object] = option_list
) -> object:
    """The compiled program's ``run`` on ``problem``, with its positional arguments."""
    return core.run(  # type: ignore[attr-defined]
        problem.table, problem.rack, problem.table_jokers, problem.rack_jokers,
        problem.weights, problem.joker_weight, problem.opening, floor, options,
    )  # fmt: skip


def python_run_dp(problem: Problem, floor: int = 0) -> solver_dp.Found | None:
    """:func:`engine.solver.dp.run_dp` in Python even where the compiled one is built
    (the reference the compiled program is checked against)."""
    saved = solver_dp._CORE
    solver_dp._CORE = None
    try:
        return solver_dp.run_dp(problem, floor)
    finally:
        solver_dp._CORE = saved
