"""Whole tables late in a game (80 to 95 table tiles): the search's route, and its hand-over
to the layered DP.

With the compiled DP, a table of 80 tiles or more goes to the depth-first search both ways
with a short budget (``route._COMPILED_LAST_BUDGET``), then to the layered DP with floors
from the bound the search proved. Both ways are checked against the layered DP alone, in
one pass without floor (seeded positions from the bench's generator).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.solver import dp as solver_dp
from engine.solver import route as solver_route
from engine.solver.exact import solve
from engine.solver.problem import SCALE
from engine.solver.samples import positions
from engine.tiles.sets import is_valid_set
from engine.tiles.tile import Tile
from tests.engine.solver.helpers import TILES, problem_of
from tests.engine.solver.test_hard import HARD_30


def _dp_best(table: list[Tile], rack: list[Tile], goal: str) -> int:
    """The optimum (tiles, or points of number tiles) by the layered DP in one pass."""
    found = solver_dp.run_dp(problem_of(table, rack, goal))
    return 0 if found is None else found[0] // SCALE


def _primary(found: object, goal: str, table: list[Tile]) -> int:
    """What ``found`` lays for ``goal``, after checking its table."""
    if found is None:
        return 0
    for s in found.table:  # type: ignore[attr-defined]
        assert is_valid_set(s), s
    laid = Counter(t for s in found.table for t in s)  # type: ignore[attr-defined]
    placed = found.placed  # type: ignore[attr-defined]
    assert laid == Counter(table) + Counter(placed)
    if goal == "value":
        return sum(t.number for t in placed if not t.is_joker)
    return len(placed)


@pytest.mark.parametrize("goal", ["tiles", "value"])
@pytest.mark.parametrize(("size", "seed"), [(80, 41), (90, 42), (95, 43), (95, 44)])
def test_whole_tables_match_the_layered_program(
    size: int, seed: int, goal: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The route of the compiled program, whether or not it was built.
    monkeypatch.setattr(solver_route, "_LAYERED_ALL", True)
    searched: list[int] = []
    real_searcher = solver_route.searcher
    monkeypatch.setattr(solver_route, "searcher", lambda *a, **k: (
        searched.append(1), real_searcher(*a, **k))[1])  # fmt: skip
    for table, rack in positions(seed, 3, size, 14):
        flat = [t for s in table for t in s]
        assert len(flat) >= solver_route._SEARCH_TABLE_TILES
        found = solve(table, rack, TILES, goal, joker_worth=None if goal == "tiles" else 0)
        assert _primary(found, goal, flat) == _dp_best(flat, rack, goal)
    assert searched  # the search's route was taken


@pytest.mark.parametrize(("index", "goal"), HARD_30[:5] + HARD_30[10:15])
def test_the_layered_program_goes_on_from_the_bound_the_search_proved(
    index: int, goal: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hardest ~30+14 positions through the search's route with its smallest budget:
    # the layered DP must finish from the bound proved so far.
    monkeypatch.setattr(solver_route, "_LAYERED_ALL", True)
    monkeypatch.setattr(solver_route, "_LAYERED_TILES", 0)
    monkeypatch.setattr(solver_route, "_SEARCH_TABLE_TILES", 0)
    monkeypatch.setattr(solver_route, "_COMPILED_LAST_BUDGET", 600)
    floors: list[int] = []
    real_layered = solver_route._layered
    monkeypatch.setattr(solver_route, "_layered", lambda problem, most: (
        floors.append(most), real_layered(problem, most))[1])  # fmt: skip
    table, rack = positions(2027, 200, 30, 14)[index]
    flat = [t for s in table for t in s]
    found = solve(table, rack, TILES, goal, joker_worth=None if goal == "tiles" else 0)
    best = _dp_best(flat, rack, goal)
    assert _primary(found, goal, flat) == best
    # These take the search more than 600 states a way: the DP finished, from a bound
    # that may be below what the rack holds but never below the optimum.
    assert floors
    assert best <= floors[0]
