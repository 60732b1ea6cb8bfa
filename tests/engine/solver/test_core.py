"""The compiled dynamic program (engine/solver/_dpcore.c) is the Python one, state for state.

Both are run on the same seeded positions (the bench's three sizes, openings, more
jokers than a game holds, floors, impossible tables) and must return the very same
answer: score, final state, every choice along the path, jokers absorbed.
"""

from __future__ import annotations

import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.solver import dp as solver_dp
from engine.solver import route as solver_route
from engine.solver.exact import solve
from engine.solver.options import NUMBERS, option_list
from engine.solver.problem import SCALE
from engine.solver.samples import positions
from engine.tiles.tile import TILE_JOKER, Tile, parse_tiles
from tests.engine.solver.helpers import (
    TILES,
    bench_weights,
    core_run,
    problem_of,
    python_run_dp,
)

try:
    from engine.solver import _dpcore as core
except ImportError:  # not built: every comparison is skipped, the test below fails
    core = None

needs_core = pytest.mark.skipif(core is None, reason="engine.solver._dpcore was not built")


def _both(
    table: list[Tile], rack: list[Tile], goal: str, opening: int | None = None, floor: int = 0
) -> object:
    problem = problem_of(table, rack, goal, opening)
    expected = python_run_dp(problem, floor)
    found = core_run(core, problem, floor)
    assert found == expected
    return found


def test_the_compiled_program_is_built() -> None:
    """CI installs with a C compiler: the solver must not fall back to Python there
    without anyone noticing (RAMI_PURE_PYTHON=1 turns it off on purpose)."""
    if os.environ.get("RAMI_PURE_PYTHON", "") not in ("", "0"):
        assert not solver_dp.COMPILED
    else:
        assert solver_dp.COMPILED and core is not None, (
            "engine.solver._dpcore was not built (no C compiler at install time?); "
            "RAMI_PURE_PYTHON=1 tests the Python program alone"
        )


@needs_core
@pytest.mark.parametrize("goal", ["tiles", "value"])
@pytest.mark.parametrize("index", range(0, 200, 10))
def test_same_answer_on_the_bench_positions_of_30_table_tiles(goal: str, index: int) -> None:
    table, rack = positions(2027, 200, 30, 14)[index]
    found = _both([t for s in table for t in s], rack, goal)
    assert found is not None


@needs_core
@pytest.mark.parametrize("index", range(0, 200, 25))
def test_same_answer_on_the_bench_positions_of_60_table_tiles(index: int) -> None:
    table, rack = positions(2028, 200, 60, 20)[index]
    flat = [t for s in table for t in s]
    # A high floor keeps the Python program quick (branch and bound), and the answer is
    # then a play reaching it or None: both must say the same.
    found = [_both(flat, rack, "tiles", floor=floor) for floor in (15 * SCALE, 8 * SCALE)]
    assert found[-1] is not None


@needs_core
@pytest.mark.parametrize("index", range(0, 200, 8))
def test_same_answer_on_openings(index: int) -> None:
    _, rack = positions(2026, 200, 0, 14)[index]
    _both([], rack, "tiles", opening=30)
    _both([], rack, "tiles", opening=30, floor=5 * SCALE)


@needs_core
@pytest.mark.parametrize("seed", range(30))
def test_same_answer_with_up_to_four_jokers_and_floors(seed: int) -> None:
    """More jokers than a game holds switch both programs to their exact option lists."""
    rng = random.Random(seed)
    table, rack = positions(3000 + seed, 1, 24, 10)[0]
    flat = [t for s in table for t in s]
    extra = rng.randint(0, 2)
    rack = [*rack, *([TILE_JOKER] * extra)]
    for goal in ("tiles", "value"):
        for floor in (0, rng.randint(1, 10) * SCALE):
            _both(flat, rack, goal, floor=floor)


@needs_core
def test_no_arrangement_is_none_for_both() -> None:
    assert _both(parse_tiles("r1 r2 b9"), [], "tiles") is None
    assert _both(parse_tiles("r1 r2 r3"), parse_tiles("k7"), "tiles", floor=5 * SCALE) is None


@needs_core
def test_bad_input_is_refused_with_a_reason() -> None:
    weights, joker_weight = bench_weights("tiles")
    empty = [[0] * (NUMBERS + 1) for _ in range(4)]
    crowded = [[0] * (NUMBERS + 1) for _ in range(4)]
    crowded[0][5] = 9
    with pytest.raises(ValueError, match="0 to 7 of each tile"):
        core.run(crowded, empty, 0, 0, weights, joker_weight, None, 0, option_list)
    with pytest.raises(ValueError, match="expected 4 colours"):
        core.run(empty[:2], empty, 0, 0, weights, joker_weight, None, 0, option_list)
    with pytest.raises(ValueError, match="jokers"):
        core.run(empty, empty, 5, 5, weights, joker_weight, None, 0, option_list)
    with pytest.raises(TypeError, match="callable"):
        core.run(empty, empty, 0, 0, weights, joker_weight, None, 0, None)


@needs_core
def test_a_failing_option_function_raises_and_poisons_nothing() -> None:
    problem = problem_of(parse_tiles("r1 r2 r3 b5 o5 k5"), parse_tiles("r4"), "tiles")

    def broken(*_: int) -> tuple[object, ...]:
        raise RuntimeError("broken on purpose")

    with pytest.raises(RuntimeError, match="on purpose"):
        core_run(core, problem, 0, broken)
    with pytest.raises(TypeError, match="7-tuple"):
        core_run(core, problem, 0, lambda *_: ((1, 2),))
    # The moves learnt from another function are forgotten: the real answer again.
    assert core_run(core, problem, 0) == python_run_dp(problem)


@needs_core
def test_solve_gives_the_same_play_with_either_program(monkeypatch: pytest.MonkeyPatch) -> None:
    table, rack = positions(2027, 200, 30, 14)[61]
    compiled = solve(table, rack, TILES, "tiles")
    monkeypatch.setattr(solver_dp, "_CORE", None)
    monkeypatch.setattr(solver_route, "_LAYERED_ALL", False)
    python = solve(table, rack, TILES, "tiles")
    assert compiled is not None and python is not None
    assert (compiled.tiles_placed, compiled.value) == (python.tiles_placed, python.value)


@needs_core
def test_threads_solving_at_once_get_the_answers_of_one_thread() -> None:
    """The bot solves in worker threads (hints) while computer seats play: solves that
    switch threads inside option_list, two option functions fighting over the kept
    table included, give the answers of a lone thread."""
    cases = [
        problem_of([t for s in table for t in s], rack, "tiles")
        for table, rack in positions(2027, 200, 30, 14)[:16]
    ]
    expected = [python_run_dp(case) for case in cases]

    def same_moves(*args: int) -> tuple[object, ...]:  # another function, same answers
        return option_list(*args)

    jobs = [(case, option_list if i % 3 else same_moves) for i, case in enumerate(cases * 3)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(4) as pool:
            found = list(pool.map(lambda job: core_run(core, job[0], 0, job[1]), jobs))
    finally:
        sys.setswitchinterval(interval)
    assert found == expected * 3
