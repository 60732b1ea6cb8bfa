"""Depth-first form of the solver's dynamic program, for positions where much can be laid.

The same states and moves as :mod:`engine.solver_dp`, explored from the first number
with the most rack tiles first, remembering the best future gain of every state met
(top-down dynamic programming). A state stops trying moves as soon as one reaches the
most it could possibly still gain (every remaining rack tile laid): when the whole rack
can be laid, the search runs straight down one good path instead of building every
layer. It is exact either way; ``budget`` bounds the states it may visit, after which it
gives up (returns None) and the caller uses the layered search.
"""

from __future__ import annotations

import sys

from engine.solver_dp import (
    COLOUR_BITS,
    COLOUR_MASK,
    COLOURS,
    GROUP_MASK,
    GROUP_SHIFT,
    JOKER_SHIFT,
    NUMBERS,
    ROOM_SHIFT,
    SHORT_MASK,
    TWO_SHIFT,
    VALUE_MASK,
    VALUE_SHIFT,
    Plan,
    Step,
    _gap,
    colour_options,
    group_jokers,
)

_NONE = -(1 << 60)


class _OutOfBudget(Exception):
    pass


def search(
    table: list[list[int]],
    rack: list[list[int]],
    table_jokers: int,
    rack_jokers: int,
    weights: list[list[int]],
    joker_weight: int,
    opening: int | None,
    budget: int = 20_000,
) -> Plan | bool | None:
    """The best play as a :data:`Plan`; None when no arrangement exists; False when the
    budget ran out first (nothing decided)."""
    total_jokers = table_jokers + rack_jokers
    cap = opening or 0
    ahead = [
        [table[c][n] + rack[c][n] if 1 <= n <= NUMBERS else 0 for n in range(NUMBERS + 3)]
        for c in range(COLOURS)
    ]
    # Steps: (number, colour) for each colour, then (number, -1) for the groups.
    steps = [(n, c) for n in range(1, NUMBERS + 1) for c in (*range(COLOURS), -1)]
    joker_bonus = rack_jokers * max(joker_weight, 0)
    most = [0] * (len(steps) + 1)
    most[-1] = joker_bonus
    for index in range(len(steps) - 1, -1, -1):
        number, colour = steps[index]
        gain = rack[colour][number] * weights[colour][number] if colour >= 0 else 0
        most[index] = most[index + 1] + gain
    memo: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(len(steps) + 1)]
    plans: list[dict[tuple[int, int], list[tuple[int, int, int, int]]]] = [
        {} for _ in steps
    ]
    visited = 0

    def final(key: int) -> tuple[int, int, int]:
        if key & SHORT_MASK:
            return (_NONE, 0, 0)
        used = (key >> JOKER_SHIFT) & 7
        room = (key >> ROOM_SHIFT) & 7
        top = min(total_jokers, used + room)
        if top < table_jokers:
            return (_NONE, 0, 0)
        if opening is not None and ((key >> VALUE_SHIFT) & 255) < cap:
            return (_NONE, 0, 0)
        laid = top if joker_weight > 0 else max(used, table_jokers)
        return ((laid - table_jokers) * joker_weight, -1, laid - used)

    def best(index: int, key: int) -> int:
        nonlocal visited
        known = memo[index].get(key)
        if known is not None:
            return known[0]
        if index == len(steps):
            found = final(key)
            memo[index][key] = found
            return found[0]
        visited += 1
        if visited > budget:
            raise _OutOfBudget
        number, colour = steps[index]
        ceiling = most[index]
        top = _NONE
        pick = -1
        if colour < 0:
            in_groups = (key >> GROUP_SHIFT) & 15
            twos = (key >> TWO_SHIFT) & 7
            used = (key >> JOKER_SHIFT) & 7
            base = key & GROUP_MASK
            for jokers in group_jokers(in_groups, twos, total_jokers - used):
                child = base + (jokers << JOKER_SHIFT)
                laid = in_groups + jokers
                if laid:
                    room = (child >> ROOM_SHIFT) & 7
                    more = min(total_jokers, room + 4 * (laid // 3) - laid)
                    child += (more - room) << ROOM_SHIFT
                if opening is not None and jokers:
                    value = min(cap, ((child >> VALUE_SHIFT) & 255) + jokers * number)
                    child = (child & ~VALUE_MASK) | (value << VALUE_SHIFT)
                sub = best(index + 1, child)
                if sub > top:
                    top, pick = sub, jokers
                    if top >= ceiling:
                        break
            memo[index][key] = (top, pick, 0)
            return top
        shift = COLOUR_BITS * colour
        local = (key >> shift) & COLOUR_MASK
        left = total_jokers - ((key >> JOKER_SHIFT) & 7)
        plan = plans[index].get((local, left))
        if plan is None:
            plan = []
            t, r, w = table[colour][number], rack[colour][number], weights[colour][number]
            if t or r or total_jokers:
                options = colour_options(
                    local, t, r, left, number,
                    ahead[colour][number + 1], ahead[colour][number + 2],
                    _gap(ahead[colour], number),
                )  # fmt: skip
                for choice, (new_local, jokers, grouped, used, value, _, space) in enumerate(
                    options
                ):
                    delta = (
                        ((new_local - local) << shift)
                        + (jokers << JOKER_SHIFT)
                        + (grouped << GROUP_SHIFT)
                        + ((grouped == 2) << TWO_SHIFT)
                    )
                    if opening is not None:
                        delta += value << VALUE_SHIFT
                    plan.append((used * w, delta, choice, space))
                plan.sort(key=lambda move: -move[0])
            elif not local & 0b111111:
                plan.append((0, -(local << shift), -1, 0))
            plans[index][(local, left)] = plan
        for gain, delta, choice, space in plan:
            if gain + most[index + 1] <= top:
                break  # sorted by gain: nothing after can do better
            child = key + delta
            if space:
                room = (child >> ROOM_SHIFT) & 7
                if room < total_jokers:
                    child += (min(total_jokers, room + space) - room) << ROOM_SHIFT
            if opening is not None:
                value = (child >> VALUE_SHIFT) & 255
                if value > cap:
                    child += (cap - value) << VALUE_SHIFT
            sub = best(index + 1, child)
            if sub == _NONE:
                continue
            if gain + sub > top:
                top, pick = gain + sub, choice
                if top >= ceiling:
                    break
        memo[index][key] = (top, pick, 0)
        return top

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 1000))
    try:
        score = best(0, 0)
    except _OutOfBudget:
        return False
    if score == _NONE:
        return None
    # Walk the remembered choices down again.
    out: list[Step] = []
    key = 0
    for index, (number, colour) in enumerate(steps):
        _, pick, _ = memo[index][key]
        if colour < 0:
            in_groups = (key >> GROUP_SHIFT) & 15
            base = key & GROUP_MASK
            child = base + (pick << JOKER_SHIFT)
            laid = in_groups + pick
            if laid:
                room = (child >> ROOM_SHIFT) & 7
                more = min(total_jokers, room + 4 * (laid // 3) - laid)
                child += (more - room) << ROOM_SHIFT
            if opening is not None and pick:
                value = min(cap, ((child >> VALUE_SHIFT) & 255) + pick * number)
                child = (child & ~VALUE_MASK) | (value << VALUE_SHIFT)
            out.append((number, -1, pick, None))
            key = child
            continue
        shift = COLOUR_BITS * colour
        local = (key >> shift) & COLOUR_MASK
        left = total_jokers - ((key >> JOKER_SHIFT) & 7)
        plan = plans[index][(local, left)]
        move = next(m for m in plan if m[2] == pick)
        child = key + move[1]
        if move[3]:
            room = (child >> ROOM_SHIFT) & 7
            if room < total_jokers:
                child += (min(total_jokers, room + move[3]) - room) << ROOM_SHIFT
        if opening is not None:
            value = (child >> VALUE_SHIFT) & 255
            if value > cap:
                child += (cap - value) << VALUE_SHIFT
        if pick < 0:
            out.append((number, colour, 0, None))
        else:
            t, r = table[colour][number], rack[colour][number]
            options = colour_options(
                local, t, r, left, number,
                ahead[colour][number + 1], ahead[colour][number + 2],
                _gap(ahead[colour], number),
            )  # fmt: skip
            out.append((number, colour, 0, options[pick]))
        key = child
    _, _, absorbed = memo[len(steps)][key]
    used = ((key >> JOKER_SHIFT) & 7) + absorbed
    return (score, out, used, absorbed)
