"""An upper bound on what a solver state can still gain: each colour alone, jokers shared.

The relaxation keeps every colour's runs exact (the moves of
:func:`engine.solver.options.option_list`, every table tile used) but lets a tile join a
group whenever other colours have tiles at its number, charging jokers in half-joker
units: a joker in a run costs 2; a tile sent to a group costs 2 minus the other colours
that have a tile of its number (at least 0). A real group of r number tiles holds at
least 3 - r jokers, so the charges of its tiles never exceed its jokers: every real play
fits the relaxation, which therefore never gains less. Colours are then combined by
sharing the half-joker budget (a small max-plus knapsack).
"""

from __future__ import annotations

from engine.solver.options import COLOURS, NUMBERS, Option
from engine.solver.problem import Problem
from engine.solver.state import COLOUR_BITS, COLOUR_MASK, RUNS_MASK, SHORT_RUNS

_NONE = -(1 << 60)


class ColourBound:
    """What both upper bounds read of a position (the relaxed one below, the Lagrangian
    one of :mod:`engine.solver.lagrange`): its rack, what a rack tile gains in whole
    ``unit``s, the jokers in play, and the moves of one colour."""

    def __init__(self, problem: Problem, unit: int) -> None:
        self.problem, self.unit = problem, unit
        self.rack = problem.rack
        self.gains = [[weight // unit for weight in row] for row in problem.weights]
        self.jokers = problem.total_jokers
        # Bounds read no opening value: the smaller cache key of option_list when it can.
        self.exact = self.jokers > 2

    def moves(self, colour: int, number: int, local: int, left: int) -> tuple[Option, ...]:
        """What ``colour`` may do at ``number``, runs ``local`` open, ``left`` jokers."""
        return self.problem.options(colour, number, local, left, self.exact)


class RelaxedBound(ColourBound):
    """Per-colour best gains by (number, local runs, half-joker budget), computed lazily."""

    def __init__(self, problem: Problem, unit: int) -> None:
        super().__init__(problem, unit)
        ahead = problem.ahead
        self.group_cost = [
            [
                max(0, 2 - sum(1 for o in range(COLOURS) if o != c and ahead[o][n]))
                for n in range(NUMBERS + 2)
            ]
            for c in range(COLOURS)
        ]
        self.memo: dict[tuple[int, int, int, int], int] = {}
        self.seen: dict[tuple[int, int, int, int], int] = {}

    def colour(self, colour: int, number: int, local: int, budget: int) -> int:
        """Most colour ``colour`` can gain from ``number`` on, runs ``local`` open,
        ``budget`` half-jokers to spend; ``_NONE`` if its table tiles cannot all lie."""
        key = (colour, number, local, budget)
        known = self.memo.get(key)
        if known is not None:
            return known
        if number > NUMBERS:
            value = _NONE if local & SHORT_RUNS else 0
            self.memo[key] = value
            return value
        gain = self.gains[colour][number]
        cost = self.group_cost[colour][number]
        best = _NONE
        if self.problem.idle[colour][number]:
            if not local & SHORT_RUNS:
                best = self.colour(colour, number + 1, 0, budget)
        else:
            for new_local, jokers, grouped, used, _, _, _ in self.moves(
                colour, number, local, budget // 2
            ):
                spend = 2 * jokers + grouped * cost
                if spend > budget:
                    continue
                rest = self.colour(colour, number + 1, new_local, budget - spend)
                if rest != _NONE and used * gain + rest > best:
                    best = used * gain + rest
        self.memo[key] = best
        return best

    def of(self, number: int, next_colour: int, key: int, jokers_left: int) -> int:
        """The bound of a state about to play colour ``next_colour`` (-1: the groups) of
        ``number``: colours before it already played that number."""
        runs = key & RUNS_MASK
        memo_key = (number, next_colour, runs, jokers_left)
        known = self.seen.get(memo_key)
        if known is not None:
            return known
        value = self._of(number, next_colour, runs, jokers_left)
        self.seen[memo_key] = value
        return value

    def _of(self, number: int, next_colour: int, key: int, jokers_left: int) -> int:
        budget = 2 * jokers_left
        combined = [0] * (budget + 1)
        for colour in range(COLOURS):
            local = (key >> (COLOUR_BITS * colour)) & COLOUR_MASK
            done = next_colour < 0 or colour < next_colour
            row = [
                self.colour(colour, number + 1 if done else number, local, b)
                for b in range(budget + 1)
            ]
            if row[budget] == _NONE:
                return _NONE
            merged = [_NONE] * (budget + 1)
            for spent, have in enumerate(combined):
                if have == _NONE:
                    continue
                for extra in range(budget - spent + 1):
                    if row[extra] != _NONE and have + row[extra] > merged[spent + extra]:
                        merged[spent + extra] = have + row[extra]
            combined = merged
        return max(combined)
