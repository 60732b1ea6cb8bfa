"""The layered dynamic program behind :mod:`engine.solver.exact`: all the states of a
step at once, step after step (the states and steps of :mod:`engine.solver.state`).

Each step is a layer: a ``dict`` from state to best score, with a parent map for
rebuilding the sets. After a colour's step the states another dominates are dropped
(:mod:`engine.solver.dominance`); after the four colours of a number, jokers may join
that number's groups. Table tiles must all be used; rack tiles may be.

The state is exact: any table splits into runs and groups number by number this way, and
runs may overlap in any number per colour (two copies plus jokers), so nothing is lost.
The same program is compiled in ``_dpcore.c`` (:func:`run_dp` runs it when it was built).
"""

from __future__ import annotations

import os
from types import ModuleType

from engine.solver.dominance import drop_dominated, drop_joker_dominated
from engine.solver.options import COLOURS, NUMBERS, option_list
from engine.solver.problem import Problem
from engine.solver.state import (
    Move,
    PathStep,
    Plan,
    as_plan,
    capped,
    closing,
    colour_moves,
    group_children,
    move_bits,
)


def _load_core() -> ModuleType | None:
    """The compiled program, unless missing (no compiler at install time) or turned off
    with ``RAMI_PURE_PYTHON=1``."""
    if os.environ.get("RAMI_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        from engine.solver import _dpcore
    except ImportError:
        return None
    return _dpcore


_CORE = _load_core()
COMPILED = _CORE is not None  # whether run_dp runs the compiled program

# (number, colour or -1, child -> (parent, choice))
Layer = tuple[int, int, dict[int, tuple[int, int]]]
Found = tuple[int, int, list[PathStep], int]  # score, final state, path, jokers absorbed


def run_dp(problem: Problem, floor: int = 0) -> Found | None:
    """Best score and final state, with the path of choices that reaches it, and how
    many jokers are then laid where closed sets have room.

    In an opening (``problem.opening`` set) the placed tiles' value must reach it.
    ``floor``: only plays scoring at least this much are looked for (states that cannot
    reach it, even placing every remaining rack tile, are dropped: branch and bound).
    Returns None when no arrangement uses every table tile (and reaches ``floor``).

    Runs the compiled program (:mod:`engine.solver._dpcore`: the same states, the same answer,
    10 to 15 times quicker) when it was built at install time, else the Python one
    below (``RAMI_PURE_PYTHON=1`` forces it; tests set ``_CORE`` to None for it).
    """
    if _CORE is not None:
        # The core keeps its positional arguments (``_dpcore.pyi``): C reads no dataclass.
        found: Found | None = _CORE.run(
            problem.table, problem.rack, problem.table_jokers, problem.rack_jokers,
            problem.weights, problem.joker_weight, problem.opening, floor, option_list,
        )  # fmt: skip
        return found
    layers: list[Layer] = []
    cur: dict[int, int] = {0: 0}
    still = _still(problem)
    for number in range(1, NUMBERS + 1):
        for colour in range(COLOURS):
            least = floor - still[(number, colour)]
            cur = _colour_layer(problem, number, colour, cur, least, layers)
        cur = _group_layer(problem, number, cur, layers)
        if not cur:
            return None
    return _best(problem, cur, floor, layers)


def _colour_layer(
    problem: Problem, number: int, colour: int, cur: dict[int, int], least: int,
    layers: list[Layer],
) -> dict[int, int]:  # fmt: skip
    """The states after ``colour`` plays ``number`` from each state of ``cur`` (the best
    score of each, its parent appended to ``layers``): those scoring under ``least``
    and those another dominates are dropped, but where nothing can happen (no tile, no
    joker) the states are only carried over, as the compiled core does."""
    idle = problem.idle[colour][number]
    if idle:
        least = -1
    bits = move_bits(colour)
    cap = problem.opening or 0
    nxt: dict[int, int] = {}
    nxt_get = nxt.get
    parents: dict[int, tuple[int, int]] = {}
    plans: dict[int, list[Move]] = {}
    for key, score in cur.items():
        plan = plans.get(key & bits)
        if plan is None:
            plan = plans[key & bits] = colour_moves(problem, number, colour, key)
        for delta, gain, index, worth in plan:
            child = key + delta
            if worth:
                child = capped(child, cap)
            gained = score + gain
            if gained >= least and gained > nxt_get(child, -1):
                nxt[child] = gained
                parents[child] = (key, index)
    layers.append((number, colour, parents))
    return nxt if idle else drop_dominated(nxt, colour)


def _group_layer(
    problem: Problem, number: int, cur: dict[int, int], layers: list[Layer]
) -> dict[int, int]:
    """The states after jokers join the groups of ``number`` (the group counters reset),
    those another beats on jokers dropped."""
    total_jokers = problem.total_jokers
    nxt: dict[int, int] = {}
    parents: dict[int, tuple[int, int]] = {}
    for key, score in cur.items():
        for child, jokers in group_children(key, total_jokers, number, problem.opening):
            if score > nxt.get(child, -1):
                nxt[child] = score
                parents[child] = (key, jokers)
    if total_jokers:
        drop_joker_dominated(nxt, total_jokers)
    layers.append((number, -1, parents))
    return nxt


def _still(problem: Problem) -> dict[tuple[int, int], int]:
    """The most a state can still gain after each (number, colour) step: every rack
    tile after it, and every rack joker."""
    ahead = problem.rack_jokers * max(problem.joker_weight, 0)
    still: dict[tuple[int, int], int] = {}
    for number in range(NUMBERS, 0, -1):
        for colour in range(COLOURS - 1, -1, -1):
            still[(number, colour)] = ahead
            ahead += problem.rack[colour][number] * problem.weights[colour][number]
    return still


def _best(problem: Problem, last: dict[int, int], floor: int, layers: list[Layer]) -> Found | None:
    """The best final state of ``last`` reaching ``floor``, with its path."""
    best_key = -1
    best = -1
    best_absorbed = 0
    for key, score in last.items():
        ending = closing(problem, key, problem.joker_weight)
        if ending is None:
            continue
        total = score + ending[0]
        if total > best and total >= floor:
            best, best_key, best_absorbed = total, key, ending[1]
    if best_key < 0:
        return None
    path: list[PathStep] = []
    key = best_key
    for number, colour, parents in reversed(layers):
        parent, choice = parents[key]
        path.append((number, colour, parent, choice))
        key = parent
    path.reverse()
    return best, best_key, path, best_absorbed


def plan_of(found: Found, problem: Problem) -> Plan:
    """The layered search's result as a :data:`Plan`."""
    score, last, path, absorbed = found
    return as_plan(problem, score, path, last, absorbed)
