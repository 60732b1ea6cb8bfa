"""The solver is exact: it matches an exhaustive search on small random positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.solver import dp as solver_dp
from engine.solver import route as solver_route
from engine.solver.exact import arrange, partition, solve
from engine.tiles.sets import analyse_set, is_valid_set
from engine.tiles.tile import TILE_JOKER, Colour, Tile, parse_tiles
from tests.engine.solver.brute import best_partition_value, brute_best
from tests.engine.solver.helpers import TILES


def _pool(numbers: range, colours: int) -> list[Tile]:
    one = [Tile(n, Colour(c)) for c in range(colours) for n in numbers]
    return one * 2 + [TILE_JOKER, TILE_JOKER]


def _position(rng: random.Random) -> tuple[list[Tile], list[Tile]]:
    """A small table that is valid (the tiles of random sets) and a small rack."""
    low = rng.randint(1, 9)
    pool = _pool(range(low, low + 5), rng.choice((2, 3, 4)))
    rng.shuffle(pool)
    table_size = rng.choice((0, 3, 4, 6))
    for _ in range(200):
        table = pool[:table_size]
        if best_partition_value(tuple(sorted(table, key=lambda t: t.sort_key))) is not None:
            break
        rng.shuffle(pool)
    else:
        table = []
    rest = pool[len(table):]
    rack = rest[: rng.randint(3, 7)]
    return table, rack


def _check(
    solution_table: tuple[tuple[Tile, ...], ...], table: list[Tile], placed: tuple[Tile, ...]
) -> None:
    for s in solution_table:
        assert is_valid_set(s), s
    laid = Counter(t for s in solution_table for t in s)
    assert laid == Counter(table) + Counter(placed)


@pytest.fixture(params=["default", "python", "search"])
def route(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The solver as installed (the compiled DP where it was built), in pure Python
    (what runs where no compiler was found), and by the depth-first search alone (small
    positions otherwise go to the layered DP)."""
    if request.param == "python":
        monkeypatch.setattr(solver_dp, "_CORE", None)
    if request.param == "search":
        monkeypatch.setattr(solver_route, "_LAYERED_TILES", 0)
    if request.param != "default":
        monkeypatch.setattr(solver_route, "_LAYERED_ALL", False)
    return str(request.param)


@pytest.mark.parametrize("goal", ["tiles", "value", "opening"])
@pytest.mark.parametrize("seed", range(40))
def test_solver_matches_exhaustive_search(goal: str, seed: int, route: str) -> None:
    rng = random.Random(seed * 7 + len(goal))
    table, rack = _position(rng)
    if goal == "opening":
        table = []
    expected = brute_best(table, rack, goal)
    found = solve(table, rack, TILES, goal)
    if expected is None:
        assert found is None
        return
    assert found is not None
    points = sum(30 if t.is_joker else t.number for t in found.placed)
    assert (found.tiles_placed, points)[0 if goal != "value" else 1] == expected[
        0 if goal != "value" else 1
    ]
    assert Counter(found.placed) <= Counter(rack)
    _check(found.table, table, found.placed)
    if goal == "opening":
        assert found.opening_value >= 30


def test_jokers_at_the_end_of_a_long_run_and_in_a_four_group() -> None:
    found = solve([], parse_tiles("r5 r6 r7 jk"), TILES, "tiles")
    assert found is not None and found.tiles_placed == 4
    found = solve([], parse_tiles("r5 b5 o5 jk"), TILES, "tiles")
    assert found is not None and found.tiles_placed == 4


def test_two_identical_sets() -> None:
    found = solve([], parse_tiles("r5 r6 r7 r5 r6 r7"), TILES, "tiles")
    assert found is not None and found.tiles_placed == 6


def test_table_jokers_stay_on_the_table() -> None:
    table = [tuple(parse_tiles("r5 jk r7")), tuple(parse_tiles("k9 b9 jk"))]
    found = solve(table, parse_tiles("r6 k1"), TILES, "tiles")
    assert found is not None
    assert found.placed == (Tile(6, Colour.RED),)
    _check(found.table, [t for s in table for t in s], found.placed)


def test_no_play() -> None:
    assert solve([tuple(parse_tiles("r1 r2 r3"))], parse_tiles("k7 b9"), TILES, "tiles") is None
    assert solve([], parse_tiles("r1 r2 r3 k7"), TILES, "opening") is None


def test_opening_leaves_the_table_untouched() -> None:
    table = [tuple(parse_tiles("r1 r2 r3"))]
    found = solve(table, parse_tiles("r4 k10 b10 o10"), TILES, "opening")
    assert found is not None
    assert found.table[0] == table[0]
    assert Counter(found.placed) == Counter(parse_tiles("k10 b10 o10"))


@pytest.mark.parametrize(("players", "found"), [(None, True), (3, True), (2, False)])
def test_an_opening_needs_the_minimum_of_the_player_count(
    players: int | None, found: bool
) -> None:
    rules = TILES.with_overrides(opening_minimum_two_players=40)
    rack = parse_tiles("r1 r2 r3 k10 b10 o10 b2")  # 36 points at most
    assert (solve([], rack, rules, "opening", players=players) is not None) is found


def test_thirteen_never_wraps_to_one() -> None:
    assert solve([], parse_tiles("r12 r13 r1"), TILES, "tiles") is None


def test_partition_and_arrange() -> None:
    assert partition(parse_tiles("r1 r2 r3 k5 b5 o5")) is not None
    assert partition(parse_tiles("r1 r2 r4")) is None
    sets = [tuple(parse_tiles(text)) for text in ("r1 r2 r3", "k5 b5 o5", "b9 b10 b11")]
    done = arrange(sets, parse_tiles("r5"), TILES)
    assert done is not None and done.changed == (1,)
    for s in done.table:
        assert is_valid_set(s)
    assert arrange(sets, parse_tiles("r4"), TILES) is not None
    assert arrange(sets, parse_tiles("k13"), TILES) is None
    kept = arrange(sets, parse_tiles("r4"), TILES)
    assert kept is not None and kept.changed == (0,)
    assert analyse_set(kept.table[-1]).kind == "run"
