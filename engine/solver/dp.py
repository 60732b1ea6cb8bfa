"""The exact dynamic program behind :mod:`engine.solver.exact` (integer-encoded, no objects).

Numbers are visited from 1 to 13 and, inside a number, colours one by one. A state says,
for every colour, how many runs are open and how long they are so far (1, 2, or 3 and
more: only a run of 3+ may end), how many jokers are used, and, inside a number, how many
number tiles went to groups at that number (their count ``R`` and how many colours gave
two). After the four colours, jokers may join the groups of that number; a group plan is
feasible when some count ``G`` of groups has ``max per colour <= G`` and
``3G <= tiles <= 4G`` (tiles are dealt to groups round-robin, jokers fill the gaps).
Table tiles must all be used; rack tiles may be. Every state is one Python ``int``; a
layer is a ``dict`` from state to best score, with a parent map for rebuilding the sets.

The state is exact: any table splits into runs and groups number by number this way, and
runs may overlap in any number per colour (two copies plus jokers), so nothing is lost.
"""

from __future__ import annotations

import os
from types import ModuleType

from engine.solver.dominance import drop_dominated, drop_joker_dominated
from engine.solver.options import COLOURS, NUMBERS, Option, option_list
from engine.solver.problem import Problem
from engine.solver.state import (
    COLOUR_BITS,
    COLOUR_MASK,
    GROUP_SHIFT,
    JOKER_SHIFT,
    ROOM_SHIFT,
    SHORT_MASK,
    SHORT_RUNS,
    TWO_SHIFT,
    VALUE_SHIFT,
    group_children,
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


# One layer of the best path: (number, colour or -1 for the groups, the state before, the
# choice: an option's index, -1 for "nothing there", or the jokers joining the groups).
PathStep = tuple[int, int, int, int]
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
    table, rack, weights = problem.table, problem.rack, problem.weights
    table_jokers, joker_weight = problem.table_jokers, problem.joker_weight
    opening = problem.opening
    total_jokers = problem.total_jokers
    exact = problem.exact
    # Most a state can still gain after each (number, colour) step.
    ahead = problem.rack_jokers * max(joker_weight, 0)
    still: dict[tuple[int, int], int] = {}
    for number in range(NUMBERS, 0, -1):
        for colour in range(COLOURS - 1, -1, -1):
            still[(number, colour)] = ahead
            ahead += rack[colour][number] * weights[colour][number]
    layers: list[Layer] = []
    cur: dict[int, int] = {0: 0}
    ahead_tiles, gaps = problem.ahead, problem.gaps
    cap = opening or 0
    capped = opening is not None
    for number in range(1, NUMBERS + 1):
        for colour in range(COLOURS):
            shift = COLOUR_BITS * colour
            t = table[colour][number]
            r = rack[colour][number]
            w = weights[colour][number]
            next1 = ahead_tiles[colour][number + 1]
            next2 = ahead_tiles[colour][number + 2]
            gap = gaps[colour][number]
            if not (t or r or total_jokers):
                # Nothing can happen in this colour: runs of 3+ stop, shorter ones die.
                keep: dict[int, int] = {}
                parents: dict[int, tuple[int, int]] = {}
                for key, score in cur.items():
                    local = (key >> shift) & COLOUR_MASK
                    if local & SHORT_RUNS:
                        continue
                    child = key - (local << shift)
                    if score > keep.get(child, -1):
                        keep[child] = score
                        parents[child] = (key, -1)
                cur = keep
                layers.append((number, colour, parents))
                continue
            nxt: dict[int, int] = {}
            nxt_get = nxt.get
            parents = {}
            moves: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
            least = floor - still[(number, colour)]
            for key, score in cur.items():
                local = (key >> shift) & COLOUR_MASK
                left = total_jokers - ((key >> JOKER_SHIFT) & 7)
                plan = moves.get((local, left))
                if plan is None:
                    plan = []
                    for index, (new_local, jokers, to_groups, used, value, _, space) in enumerate(
                        option_list(local, t, r, left, number, next1, next2, gap, exact)
                    ):
                        delta = (
                            ((new_local - local) << shift)
                            + (jokers << JOKER_SHIFT)
                            + (to_groups << GROUP_SHIFT)
                            + ((to_groups == 2) << TWO_SHIFT)
                        )
                        if opening is not None:
                            delta += value << VALUE_SHIFT
                        plan.append((delta, used * w, index, space))
                    moves[(local, left)] = plan
                for delta, gain, index, space in plan:
                    child = key + delta
                    if space:
                        room = (child >> ROOM_SHIFT) & 7
                        if room < total_jokers:
                            child += (min(total_jokers, room + space) - room) << ROOM_SHIFT
                    if capped:
                        value = (child >> VALUE_SHIFT) & 255
                        if value > cap:
                            child += (cap - value) << VALUE_SHIFT
                    gained = score + gain
                    if gained >= least and gained > nxt_get(child, -1):
                        nxt[child] = gained
                        parents[child] = (key, index)
            cur = drop_dominated(nxt, colour)
            layers.append((number, colour, parents))
        # Jokers may join this number's groups; then the group counters reset.
        nxt = {}
        parents = {}
        for key, score in cur.items():
            for child, jokers in group_children(key, total_jokers, number, opening):
                if score > nxt.get(child, -1):
                    nxt[child] = score
                    parents[child] = (key, jokers)
        cur = nxt
        if total_jokers:
            drop_joker_dominated(cur, total_jokers)
        layers.append((number, -1, parents))
        if not cur:
            return None
    best_key = -1
    best = -1
    best_absorbed = 0
    for key, score in cur.items():
        if key & SHORT_MASK:
            continue
        used = (key >> JOKER_SHIFT) & 7
        room = (key >> ROOM_SHIFT) & 7
        # Jokers not laid yet go where closed sets have room (table jokers must).
        most = min(total_jokers, used + room)
        if most < table_jokers:
            continue
        final = most if joker_weight > 0 else max(used, table_jokers)
        if opening is not None and ((key >> VALUE_SHIFT) & 255) < cap:
            continue
        total = score + (final - table_jokers) * joker_weight
        if total > best and total >= floor:
            best, best_key, best_absorbed = total, key, final - used
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


Step = tuple[int, int, int, Option | None]  # (number, colour or -1, group jokers, option)


def decisions(found: Found, problem: Problem) -> list[Step]:
    """The choices along the best path, first number first: for a colour step its option
    (None: nothing there, long runs stop), for a group step the jokers joining groups."""
    total_jokers = problem.total_jokers
    out: list[Step] = []
    for number, colour, parent, choice in found[2]:
        if colour < 0:
            out.append((number, -1, choice, None))
        elif choice < 0:
            out.append((number, colour, 0, None))
        else:
            shift = COLOUR_BITS * colour
            local = (parent >> shift) & COLOUR_MASK
            left = total_jokers - ((parent >> JOKER_SHIFT) & 7)
            # The same list as the search's, with exact values.
            options = problem.options(colour, number, local, left, True)
            out.append((number, colour, 0, options[choice]))
    return out


Plan = tuple[int, list[Step], int, int]  # score, choices, jokers laid in all, jokers absorbed


def plan_of(found: Found, problem: Problem) -> Plan:
    """The layered search's result as a :data:`Plan`."""
    used = ((found[1] >> JOKER_SHIFT) & 7) + found[3]
    return (found[0], decisions(found, problem), used, found[3])
