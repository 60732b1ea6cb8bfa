"""Benchmark: our exact tile solver against the reference `rummikub-solver` (ILP, HiGHS).

Run on purpose (not in CI): ``.venv/bin/pip install -e '.[bench]'`` (the reference and HiGHS) then
``.venv/bin/python bench/solver_bench.py [--count N] [--seed S] [--warm W] [--slowest K]``;
``--slowest K`` lists our K slowest positions of each size and goal as ``SIZE:GOAL:INDEX``,
and ``--replay SIZE:GOAL:INDEX [--profile]`` runs one of them again (timed against the
reference, or under cProfile).

Ours runs its compiled dynamic program when it was built (the first line says which);
``RAMI_PURE_PYTHON=1`` benchmarks the Python program instead.

Positions are seeded and random: an empty table with a 14-tile rack (goal "opening"), a
table of about 30 tiles with a 14-tile rack, about 60 with 20, and about 95 (a whole table
late in a game) with what is left of the pool, up to 14 (goals "tiles" and "value").
Both solvers answer every position in one run, each going through the positions of a size
in one block (warm, as in a bot that only runs one of them); the bench checks that both
place the same number of tiles (the same value for "value") and prints median, p99 and
worst time per size for each, and the ratios, in wall time and in CPU time (every thread
of the process: steadier when the machine is busy).

Objectives are aligned with the reference's: for "opening" and "value" it gives a rack
joker no worth (it maximizes number tiles, resp. their face values), so ours is run with
``joker_worth=0`` there. Where ours places more than the reference, the bench checks our
table set by set and counts the position as "reference below optimum" (the reference
only knows runs of 3-5 with inner jokers and groups of four without joker, so a joker
at the end of a 4-run or in a 4-group is beyond it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.solver.dp import COMPILED
from engine.solver.exact import solve
from engine.solver.samples import positions
from engine.tiles.sets import is_valid_set
from engine.tiles.tile import Tile, format_tiles
from engine.variants import variant


class Reference:
    """The reference solver, warmed up (its problems are built once)."""

    def __init__(self) -> None:
        import rummikub_solver as rs

        self.rs = rs
        self.rules = rs.RuleSet()
        self.tiles = self.rules.tiles

    def _tile(self, tile: Tile) -> Any:
        if tile.colour is None:
            return self.tiles[-1]
        return self.tiles[int(tile.colour) * 13 + tile.number - 1]

    def solve(self, table: list[Tile], rack: list[Tile], goal: str) -> tuple[int, int, int]:
        """(tiles placed, number tiles placed, their face value)."""
        state = self.rules.new_game()
        if table:
            state.add_table(*[self._tile(t) for t in table])
        state.add_rack(*[self._tile(t) for t in rack])
        mode = {
            "tiles": self.rs.SolverMode.TILE_COUNT,
            "value": self.rs.SolverMode.TOTAL_VALUE,
            "opening": self.rs.SolverMode.INITIAL,
        }[goal]
        found = self.rules.solve(state, mode)
        if found is None:
            return (0, 0, 0)
        numbers = [t for t in found.tiles if hasattr(t, "value")]
        return (len(found.tiles), len(numbers), sum(t.value for t in numbers))


TILES = variant("tiles")


def ours(table: list[list[Tile]], rack: list[Tile], goal: str) -> Any:
    """Our solver alone (what is timed)."""
    return solve(table, rack, TILES, goal, joker_worth=None if goal == "tiles" else 0)


def checked(table: list[list[Tile]], found: Any) -> tuple[int, int, int]:
    """(tiles placed, number tiles placed, their face value), after checking the table."""
    if found is None:
        return (0, 0, 0)
    for s in found.table:
        assert is_valid_set(s), s
    laid = Counter(t for s in found.table for t in s)
    assert laid == Counter(t for s in table for t in s) + Counter(found.placed)
    numbers = [t for t in found.placed if not t.is_joker]
    return (found.tiles_placed, len(numbers), sum(t.number for t in numbers))


def timed(call: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall time and CPU time (every thread of the process) of one call, and its result."""
    start, cpu = time.perf_counter(), time.process_time()
    result = call()
    return time.perf_counter() - start, time.process_time() - cpu, result


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


SIZES = [
    ("empty table + 14", 0, 14, ("opening",)),
    ("~30 table + 14", 30, 14, ("tiles", "value")),
    ("~60 table + 20", 60, 20, ("tiles", "value")),
    # A whole table late in a game (the hard computer solves it all): the rack holds
    # what is left of the pool, up to 14.
    ("~95 table + 14", 95, 14, ("tiles", "value")),
]


def replay(spec: str, seed: int, count: int, profile: bool, reference: Reference | None) -> int:
    """Run one position again (``SIZE:GOAL:INDEX``, SIZE 0-3 as listed by --slowest),
    printing it, our answer and times (and the reference's), or our profile."""
    size_text, goal, index_text = spec.split(":")
    size, index = int(size_text), int(index_text)
    _, table_size, rack_size, _ = SIZES[size]
    table, rack = positions(seed + size, count, table_size, rack_size)[index]
    print("table:", " | ".join(format_tiles(s) for s in table))
    print("rack: ", format_tiles(sorted(rack, key=lambda t: t.sort_key)))
    if profile:
        import cProfile
        import pstats

        ours(table, rack, goal)  # the move tables warm, as in the bench
        profiler = cProfile.Profile()
        profiler.runcall(ours, table, rack, goal)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return 0
    for attempt in ("cold", "warm"):
        wall, cpu, found = timed(lambda: ours(table, rack, goal))
        print(f"ours ({attempt}): {wall * 1000:.2f} ms wall, {cpu * 1000:.2f} ms cpu, "
              f"{checked(table, found)}")
    if reference is not None:
        flat = [t for s in table for t in s]
        wall, cpu, result = timed(lambda: reference.solve(flat, rack, goal))
        print(f"reference: {wall * 1000:.2f} ms wall, {cpu * 1000:.2f} ms cpu, {result}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="positions per size")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--warm", type=int, default=20,
                        help="warm-up positions per size (other seeds), for both solvers")
    parser.add_argument("--slowest", type=int, default=0, metavar="K",
                        help="also list our K slowest positions per size and goal")
    parser.add_argument("--replay", metavar="SIZE:GOAL:INDEX",
                        help="run one position (as listed by --slowest) and stop")
    parser.add_argument("--profile", action="store_true", help="with --replay: cProfile ours")
    parser.add_argument("--no-reference", action="store_true",
                        help="with --replay: skip the reference")
    args = parser.parse_args()
    if args.replay:
        reference = None if args.profile or args.no_reference else Reference()
        return replay(args.replay, args.seed, args.count, args.profile, reference)
    reference = Reference()
    # Warm both up (the reference builds its problems, ours fills its move tables, as
    # in a bot that has been running a while) on positions other than the measured ones.
    for _, size, rack, _ in SIZES:
        for warm_table, warm_rack in positions(1, args.warm, size, rack):
            for goal in ("tiles", "value", "opening"):
                reference.solve([t for s in warm_table for t in s], warm_rack, goal)
                ours(warm_table, warm_rack, goal)
    sizes = SIZES
    program = ("compiled (engine.solver._dpcore)" if COMPILED
               else "Python (RAMI_PURE_PYTHON or not built)")
    print(f"our dynamic program: {program}")
    print(f"{'size':<18}{'goal':<9}{'clock':<5}{'n':>4}  {'ours ms med/p99/max':>24}  "
          f"{'reference ms med/p99/max':>26}  {'ratio med':>9} {'ratio max':>9}  agree")
    failures = 0
    pooled: dict[str, tuple[list[float], list[float]]] = {"wall": ([], []), "cpu": ([], [])}
    for index, (label, table_size, rack_size, goals) in enumerate(sizes):
        cases = positions(args.seed + index, args.count, table_size, rack_size)
        for goal in goals:
            mine: list[float] = []
            theirs: list[float] = []
            mine_cpu: list[float] = []
            theirs_cpu: list[float] = []
            same = better = worse = 0
            # Each solver goes through all positions in a block (steady state, as in a
            # bot that only ever runs one of them); answers are compared afterwards.
            ours_out = []
            for table, rack in cases:
                t_our, c_our, found = timed(lambda: ours(table, rack, goal))  # noqa: B023
                mine.append(t_our * 1000)
                mine_cpu.append(c_our * 1000)
                ours_out.append(checked(table, found))
            refs_out = []
            for table, rack in cases:
                flat = [t for s in table for t in s]
                t_ref, c_ref, r_ref = timed(lambda: reference.solve(flat, rack, goal))  # noqa: B023
                theirs.append(t_ref * 1000)
                theirs_cpu.append(c_ref * 1000)
                refs_out.append(r_ref)
            key = {"tiles": 0, "opening": 1, "value": 2}[goal]
            for (table, rack), r_our, r_ref in zip(cases, ours_out, refs_out, strict=True):
                if r_our[key] == r_ref[key]:
                    same += 1
                elif r_our[key] > r_ref[key]:
                    better += 1
                else:
                    worse += 1
                    print(f"  WORSE than reference: {goal} {table} {rack} {r_our} {r_ref}")
            failures += worse
            for clock, a, b in (("wall", mine, theirs), ("cpu", mine_cpu, theirs_cpu)):
                pooled[clock][0].extend(a)
                pooled[clock][1].extend(b)
                med_o, p99_o, max_o = statistics.median(a), pct(a, 0.99), max(a)
                med_r, p99_r, max_r = statistics.median(b), pct(b, 0.99), max(b)
                print(
                    f"{label:<18}{goal:<9}{clock:<5}{len(cases):>4}  "
                    f"{med_o:7.2f} {p99_o:7.2f} {max_o:8.2f}  "
                    f"{med_r:8.2f} {p99_r:8.2f} {max_r:8.2f}"
                    f"  {med_r / med_o:8.1f}x {max_r / max_o:8.1f}x  {same} same, {better} "
                    f"above reference, {worse} below"
                )
            if args.slowest:
                order = sorted(range(len(cases)), key=lambda i: -mine_cpu[i])[: args.slowest]
                listed = ", ".join(
                    f"{index}:{goal}:{i} {mine_cpu[i]:.1f}/{theirs_cpu[i]:.1f}" for i in order
                )
                print(f"  slowest (--replay SIZE:GOAL:INDEX, ours/reference cpu ms): {listed}")
    # Every position of every size and goal together: the ratio of the medians and of the
    # worst times (the "median and worst" over the positions).
    for clock, (a, b) in pooled.items():
        print(f"all positions {clock}: ours median {statistics.median(a):.2f} ms, worst "
              f"{max(a):.2f} ms; reference median {statistics.median(b):.2f} ms, worst "
              f"{max(b):.2f} ms; ratio median {statistics.median(b) / statistics.median(a):.1f}x,"
              f" worst {max(b) / max(a):.1f}x")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
