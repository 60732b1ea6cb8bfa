"""Depth-first form of the solver's dynamic program, with proven bounds.

The same states and moves as :mod:`engine.solver.dp`, explored from the first number
with the most rack tiles first, remembering the best future gain of every state met
(top-down dynamic programming, fail-soft: a state asked for at least ``need`` either
answers its exact best or a proven upper bound below ``need``). A state stops trying
moves as soon as one reaches the most it could possibly still gain, and is cut at once
when the relaxed bound of :mod:`engine.solver.bound` (checked at the start of each
number) is below ``need``: when the whole rack can be laid, the search runs straight
down one good path instead of building every layer. The root asks first for everything,
then for each proven bound in turn, so the first success is the optimum. It is exact;
``budget`` bounds the states it may visit, after which it gives up (returns False) and
the caller uses the layered search.
"""

from __future__ import annotations

import sys
from collections.abc import Generator

from engine.solver.bound import RelaxedBound
from engine.solver.lagrange import LagrangeBound
from engine.solver.options import COLOURS, NUMBERS
from engine.solver.problem import Problem
from engine.solver.state import (
    JOKER_SHIFT,
    PathStep,
    Plan,
    as_plan,
    capped,
    closing,
    colour_moves,
    group_children,
    move_bits,
)

_NONE = -(1 << 60)
_ABOVE, _EXACT, _BELOW = 0, 1, 2  # the best is below the value, is it, is at least it


class _OutOfBudget(Exception):
    pass


def searcher(
    problem: Problem,
    budget: int = 200_000,
    unit: int = 1,
    shared: list[int] | None = None,
    tighter: list[LagrangeBound] | None = None,
) -> Generator[Plan | bool | None, int, None]:
    """Yields the best play as a :data:`Plan`; None when no arrangement exists; False
    when the budget (states visited in all) ran out first: ``send`` a larger budget to go
    on where it stopped (everything learnt so far is kept). The search first asks for
    the most the rack could give, then for each proven bound in turn, so the first play
    found reaching what it asks is an optimum. ``unit``: scores count
    ``weight // unit`` (whole tiles or points) while moves are still tried by their full
    weight, so ties lean the same way as the full weights without costing a search.
    ``shared``: a one-item list holding the lowest score some search of the same
    position (same scale) proved no play exceeds; read before each round and lowered by
    each proof. ``tighter``: a list that may come to hold a :class:`LagrangeBound` of
    this position (same scale), used from then on with the relaxed bound (the lower of
    the two cuts)."""
    rack, weights, opening = problem.rack, problem.weights, problem.opening
    cap = opening or 0
    joker_weight = problem.joker_weight // unit
    total_jokers = problem.total_jokers
    # Steps: (number, colour) for each colour, then (number, -1) for the groups.
    steps = [(n, c) for n in range(1, NUMBERS + 1) for c in (*range(COLOURS), -1)]
    bits = [move_bits(colour) if colour >= 0 else 0 for _, colour in steps]
    joker_bonus = problem.rack_jokers * max(joker_weight, 0)
    most = [0] * (len(steps) + 1)
    most[-1] = joker_bonus
    for index in range(len(steps) - 1, -1, -1):
        number, colour = steps[index]
        gain = rack[colour][number] * (weights[colour][number] // unit) if colour >= 0 else 0
        most[index] = most[index + 1] + gain
    # state -> (value, choice or jokers absorbed, kind: _ABOVE, _EXACT or _BELOW)
    memo: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(len(steps) + 1)]
    # A colour step's moves by the bits of a state they depend on: (gain in units,
    # delta, choice, value laid), the best gain first.
    plans: list[dict[int, list[tuple[int, int, int, int]]]] = [{} for _ in steps]
    visited = 0
    limit = budget
    relaxed = RelaxedBound(problem, unit)

    def final(key: int) -> tuple[int, int, int]:
        ending = closing(problem, key, joker_weight)
        return (_NONE, 0, 0) if ending is None else (ending[0], -1, ending[1])

    def best(index: int, key: int, need: int) -> int:
        """A gain of at least ``need`` this state reaches (the first found) if there is
        one; else an upper bound below ``need``. Remembered with its kind (an upper
        bound, exact, or reached), so a later need searches again only when it must."""
        nonlocal visited
        known = memo[index].get(key)
        if known is not None:
            kind = known[2]
            if kind == _EXACT or (known[0] < need if kind == _ABOVE else known[0] >= need):
                return known[0]
        if index == len(steps):
            found = final(key)
            memo[index][key] = (found[0], found[2], _EXACT)
            return found[0]
        visited += 1
        if visited > limit:
            raise _OutOfBudget
        number, colour = steps[index]
        ceiling = most[index]
        if colour == 0 and ceiling >= need:
            left = total_jokers - ((key >> JOKER_SHIFT) & 7)
            ceiling = relaxed.of(number, colour, key, left)
            if ceiling == _NONE:
                memo[index][key] = (_NONE, -1, _EXACT)
                return _NONE
            ceiling += joker_bonus
            if tighter and ceiling >= need:
                sharper = tighter[0].of(number, key, left)
                if sharper == _NONE:
                    memo[index][key] = (_NONE, -1, _EXACT)
                    return _NONE
                ceiling = min(ceiling, sharper + joker_bonus)
            if ceiling < need:
                memo[index][key] = (ceiling, -1, _ABOVE)
                return ceiling
        choices = moves(index, key)
        if len(choices) == 1 and ceiling == most[index]:
            # One way on: nothing to remember here (the rebuild takes the only move).
            gain, child, _ = choices[0]
            if most[index + 1] < need - gain:
                return gain + most[index + 1]
            sub = best(index + 1, child, need - gain)
            return _NONE if sub == _NONE else gain + sub
        after = most[index + 1]
        bound = _NONE  # upper bound of every move tried or skipped
        for gain, child, choice in choices:
            target = need - gain
            if after < target:
                bound = max(bound, gain + after)
                break  # moves come by falling gain: none after can reach the target
            sub = best(index + 1, child, target)
            if sub >= target:
                # Reached: the root's need is a proven bound, so the first play found
                # that reaches it is an optimum; no need to look for more here.
                top = gain + sub
                memo[index][key] = (top, choice, _EXACT if top >= ceiling else _BELOW)
                return top
            if sub != _NONE:
                bound = max(bound, gain + sub)
        memo[index][key] = (bound, -1, _ABOVE)
        return bound

    def moves(index: int, key: int) -> list[tuple[int, int, int]]:
        """(gain, child state, choice) of every move, by falling gain."""
        number, colour = steps[index]
        if colour < 0:
            return [(0, child, jokers)
                    for child, jokers in group_children(key, total_jokers, number, opening)]
        plan = plans[index].get(key & bits[index])
        if plan is None:
            # Tried by their full gain (ties lean to the tie-break), scored in units.
            found = sorted(colour_moves(problem, number, colour, key), key=lambda m: -m[1])
            plan = [(gain // unit, delta, choice, worth) for delta, gain, choice, worth in found]
            plans[index][key & bits[index]] = plan
        out = []
        for gain, delta, choice, worth in plan:
            child = key + delta
            if worth:
                child = capped(child, cap)
            out.append((gain, child, choice))
        return out

    try:
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
        need = most[0]
        while True:
            if shared is not None and shared[0] < need:
                need = shared[0]  # another search (the mirrored one) proved less
            try:
                score = best(0, 0, need)
            except _OutOfBudget:
                limit = yield False
                continue
            if score >= need or score == _NONE:
                break
            # The proven bound is the next need: the memory keeps every bound learnt, and a
            # need close to the optimum keeps the cuts sharp in the round that finds it.
            need = score
            if shared is not None:
                shared[0] = min(shared[0], score)
        if score == _NONE:
            yield None
            return
        path: list[PathStep] = []
        key = 0
        for index, (number, colour) in enumerate(steps):
            ways = moves(index, key)
            known = memo[index].get(key)
            pick = ways[0][2] if known is None else known[1]
            path.append((number, colour, key, pick))
            key = next(c for _, c, choice in ways if choice == pick)
        _, absorbed, _ = memo[len(steps)][key]
        yield as_plan(problem, score, path, key, absorbed)
    finally:
        # The memory is freed at once rather than by the cyclic collector (the
        # nested functions refer to themselves): a large cycle left behind makes the
        # next collection slow, wherever it happens.
        for table_memo in memo:
            table_memo.clear()
        for table_plans in plans:
            table_plans.clear()
