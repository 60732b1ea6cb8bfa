"""Shared helpers of the solver tests: the bench's weights, and the Python dynamic program
even where the compiled one is built."""

from __future__ import annotations

from engine.rules import variant
from engine.solver import dp as solver_dp
from engine.solver.exact import _SCALE
from engine.solver.options import NUMBERS

TILES = variant("tiles")  # the rules every solver test plays by


def bench_weights(goal: str) -> tuple[list[list[int]], int]:
    """The solver's weights (and a rack joker's) for ``goal`` as the bench runs it (a
    rack joker worth 0 for "value")."""
    if goal == "value":
        return [[_SCALE * n + 1 for n in range(NUMBERS + 1)] for _ in range(4)], 1
    return [[_SCALE + n for n in range(NUMBERS + 1)] for _ in range(4)], _SCALE + 30


def python_run_dp(*args: object) -> solver_dp.Found | None:
    """:func:`engine.solver.dp.run_dp` in Python even where the compiled one is built
    (the reference the compiled program is checked against)."""
    saved = solver_dp._CORE
    solver_dp._CORE = None
    try:
        return solver_dp.run_dp(*args)  # type: ignore[arg-type]
    finally:
        solver_dp._CORE = saved
