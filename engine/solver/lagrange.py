"""A Lagrangian upper bound on what a solver state can still gain.

Each colour keeps its runs exact (the moves of :func:`engine.solver.options.option_list`,
every table tile used); jokers are shared between colours. Groups are relaxed into one
inequality per number ``n`` and colour ``c`` that every real play satisfies: each group
holds at most one tile of a colour and at least three tiles, so the ``g[c]`` groups
holding a tile of colour ``c`` need two other members each, tiles of other colours sent
to groups at ``n`` or jokers there::

    2 * g[n][c] <= sum(g[n][o] for o != c) + j[n]

With multipliers ``mu[n][c] >= 0`` moved into the objective, a tile of colour ``c`` sent
to a group at ``n`` earns ``sum(mu[n][o] for o != c) - 2 * mu[n][c]`` more, a joker
left to the groups at ``n`` earns ``sum(mu[n])``, and the colours separate: each is a
small exact dynamic program, combined through a knapsack over the jokers. For any
``mu >= 0`` the result is an upper bound of every real play (weak duality); the
multipliers are tuned at the root by a few subgradient steps (Polyak's rule), then kept
for the whole search, where the bound of a state at the start of a number is the same
program from that number on (groups never cross numbers).
"""

from __future__ import annotations

import math

from engine.solver.bound import ColourBound
from engine.solver.options import COLOURS, NUMBERS
from engine.solver.problem import Problem
from engine.solver.state import COLOUR_BITS, COLOUR_MASK, RUNS_MASK, SHORT_RUNS

_NONE = -(1 << 60)
_FLOOR = -1e18
_EPS = 1e-7
_DECAY = 0.75  # each subgradient step is this much shorter than the one before

# An edge of a colour's move graph: (child node, gain of its rack tiles, tiles to groups).
_Edge = tuple[int, int, int]


class LagrangeBound(ColourBound):
    """Per-colour move graphs from the root, multipliers, and bounds of later states."""

    def __init__(self, problem: Problem, unit: int) -> None:
        super().__init__(problem, unit)
        self.mu = [[0.0] * COLOURS for _ in range(NUMBERS + 2)]
        self.coef = [[0.0] * (NUMBERS + 2) for _ in range(COLOURS)]
        self.joker_gain = [0.0] * (NUMBERS + 2)
        self.memo: list[dict[tuple[int, int, int], float]] = [{} for _ in range(COLOURS)]
        self.seen: dict[tuple[int, int, int], int] = {}
        self.graphs: list[tuple[list[int], list[list[_Edge]], list[int]]] = []

    # --- the root: move graphs and multipliers -------------------------------------

    def _graph(
        self, colour: int
    ) -> tuple[list[int], list[list[_Edge]], list[int]]:
        """Nodes reachable from the root of one colour (any joker budget), in an order
        where children come first: (number of each node, edges of each node, roots by
        joker budget)."""
        index: dict[tuple[int, int, int], int] = {}
        numbers: list[int] = []
        edges: list[list[_Edge]] = []

        def visit(number: int, local: int, budget: int) -> int:
            key = (number, local, budget)
            found = index.get(key)
            if found is not None:
                return found
            out: list[_Edge] = []
            if number <= NUMBERS:
                gain = self.gains[colour][number]
                if self.problem.idle[colour][number]:
                    if not local & SHORT_RUNS:
                        out.append((visit(number + 1, 0, budget), 0, 0))
                else:
                    # One edge per (child, tiles to groups): the most gain.
                    most: dict[tuple[int, int], int] = {}
                    for new_local, jokers, grouped, used, _, _, _ in self.moves(
                        colour, number, local, budget
                    ):
                        child = visit(number + 1, new_local, budget - jokers)
                        if numbers[child] < 0:
                            continue
                        pair = (child, grouped)
                        if most.get(pair, -1) < used * gain:
                            most[pair] = used * gain
                    out = [(child, base, grouped) for (child, grouped), base in most.items()]
                if not out:
                    number = -1  # no way on: a dead end
            elif local & SHORT_RUNS:
                number = -1  # a short run left open: a dead end
            node = len(numbers)
            index[key] = node
            numbers.append(number)
            edges.append(out)
            return node

        roots = [visit(1, 0, budget) for budget in range(self.jokers + 1)]
        return numbers, edges, roots

    def _root(self) -> tuple[float, list[list[int]], list[int]]:
        """The bound at the root under the current multipliers, with the groups (tiles
        per number and colour) and group jokers of a play reaching it."""
        rows: list[list[float]] = []
        picks: list[list[int]] = []
        for colour in range(COLOURS):
            numbers, edges, roots = self.graphs[colour]
            coef = self.coef[colour]
            value = [_FLOOR] * len(numbers)
            pick = [-1] * len(numbers)
            for node, number in enumerate(numbers):  # children come first
                if number < 0:
                    continue
                if number > NUMBERS:
                    value[node] = 0.0
                    continue
                best = _FLOOR
                weight = coef[number]
                for choice, (child, base, grouped) in enumerate(edges[node]):
                    total = base + grouped * weight + value[child]
                    if total > best:
                        best, pick[node] = total, choice
                value[node] = best
            rows.append([value[root] for root in roots])
            picks.append(pick)
        total, budgets, spare = self._combine(rows, 1)
        if total <= _FLOOR:
            return total, [], []
        groups = [[0] * COLOURS for _ in range(NUMBERS + 2)]
        for colour in range(COLOURS):
            numbers, edges, roots = self.graphs[colour]
            node = roots[budgets[colour]]
            while numbers[node] <= NUMBERS and numbers[node] > 0:
                child, _, grouped = edges[node][picks[colour][node]]
                groups[numbers[node]][colour] = grouped
                node = child
        loose = [0] * (NUMBERS + 2)
        if spare and self.joker_gain[1] > 0:
            top = max(range(1, NUMBERS + 1), key=lambda n: sum(self.mu[n]))
            loose[top] = spare
        return total, groups, loose

    def _combine(self, rows: list[list[float]], number: int) -> tuple[float, list[int], int]:
        """Best sum over colours sharing the jokers, the rest going to groups: (value,
        jokers per colour, jokers left to groups)."""
        budget = len(rows[0]) - 1
        empty: tuple[int, ...] = ()
        combined: list[tuple[float, tuple[int, ...]]] = [(0.0, empty)]
        combined += [(_FLOOR, empty)] * budget
        for row in rows:
            merged: list[tuple[float, tuple[int, ...]]] = [(_FLOOR, empty)] * (budget + 1)
            for spent, (have, split) in enumerate(combined):
                if have <= _FLOOR:
                    continue
                for extra in range(budget - spent + 1):
                    if row[extra] > _FLOOR and have + row[extra] > merged[spent + extra][0]:
                        merged[spent + extra] = (have + row[extra], (*split, extra))
            combined = merged
        best, split, spare = _FLOOR, (0,) * COLOURS, 0
        for spent, (have, way) in enumerate(combined):
            if have <= _FLOOR:
                continue
            total = have + (budget - spent) * self.joker_gain[number]
            if total > best:
                best, split, spare = total, way, budget - spent
        return best, list(split), spare

    def _set(self, mu: list[list[float]]) -> None:
        self.mu = mu
        for colour in range(COLOURS):
            self.coef[colour] = [sum(row) - 3 * row[colour] for row in mu]
        best = 0.0
        for number in range(NUMBERS, 0, -1):
            best = max(best, sum(mu[number]))
            self.joker_gain[number] = best
        self.memo = [{} for _ in range(COLOURS)]
        self.seen = {}

    def tune(self, rounds: int, step: float = 3.0) -> float:
        """Subgradient steps on the multipliers from zero (normalised, ``step`` times the
        mean gain of a rack tile, each ``_DECAY`` times the one before); keeps the
        multipliers of the lowest root bound and returns that bound (not rounded)."""
        if not self.graphs:
            self.graphs = [self._graph(c) for c in range(COLOURS)]
        mu = [[0.0] * COLOURS for _ in range(NUMBERS + 2)]
        best = float("inf")
        kept = mu
        tiles = sum(map(sum, self.rack)) or 1
        size = step * sum(
            self.rack[c][n] * self.gains[c][n] for c in range(COLOURS) for n in range(NUMBERS + 1)
        ) / tiles
        for round_ in range(rounds):
            self._set(mu)
            value, groups, loose = self._root()
            if value <= _FLOOR:
                best, kept = value, mu
                break
            if value < best - _EPS:
                best, kept = value, mu
            slack = [
                [sum(row) - 3 * row[c] + loose[n] for c in range(COLOURS)]
                for n, row in enumerate(groups)
            ]
            norm = sum(x * x for row in slack for x in row) ** 0.5
            if not norm:
                break
            move = size * _DECAY**round_ / norm
            mu = [
                [max(0.0, mu[n][c] - move * slack[n][c]) for c in range(COLOURS)]
                for n in range(NUMBERS + 2)
            ]
        self._set(kept)
        return best

    def mirrored(self, problem: Problem) -> LagrangeBound:
        """The same multipliers for ``problem``, this bound's position read the other way
        (13 as 1): a valid bound there too (any multipliers are)."""
        other = LagrangeBound(problem, self.unit)
        other._set([self.mu[0], *reversed(self.mu[1 : NUMBERS + 1]), *self.mu[NUMBERS + 1 :]])
        return other

    # --- later states ---------------------------------------------------------------

    def colour(self, colour: int, number: int, local: int, budget: int) -> float:
        """Most colour ``colour`` can gain (with its multiplier terms) from ``number``
        on, runs ``local`` open, ``budget`` jokers for its runs."""
        key = (number, local, budget)
        memo = self.memo[colour]
        known = memo.get(key)
        if known is not None:
            return known
        if number > NUMBERS:
            value = _FLOOR if local & SHORT_RUNS else 0.0
            memo[key] = value
            return value
        best = _FLOOR
        if self.problem.idle[colour][number]:
            if not local & SHORT_RUNS:
                best = self.colour(colour, number + 1, 0, budget)
        else:
            gain = self.gains[colour][number]
            coef = self.coef[colour][number]
            for new_local, jokers, grouped, used, _, _, _ in self.moves(
                colour, number, local, budget
            ):
                rest = self.colour(colour, number + 1, new_local, budget - jokers)
                if rest <= _FLOOR:
                    continue
                total = used * gain + grouped * coef + rest
                if total > best:
                    best = total
        memo[key] = best
        return best

    def of(self, number: int, key: int, jokers_left: int) -> int:
        """The bound (rounded down) of a state about to play the first colour of
        ``number``; ``_NONE`` when its table tiles cannot all lie."""
        runs = key & RUNS_MASK
        memo_key = (number, runs, jokers_left)
        known = self.seen.get(memo_key)
        if known is not None:
            return known
        rows = [
            [
                self.colour(c, number, (runs >> (COLOUR_BITS * c)) & COLOUR_MASK, b)
                for b in range(jokers_left + 1)
            ]
            for c in range(COLOURS)
        ]
        if any(row[-1] <= _FLOOR for row in rows):
            value = _NONE
        else:
            total, _, _ = self._combine(rows, number)
            value = _NONE if total <= _FLOOR else math.floor(total + _EPS)
        self.seen[memo_key] = value
        return value
