"""What one colour may do at one number, and how many jokers the groups of a number may
take: the moves of the solver's programs, enumerated once and kept.

Both searches (:mod:`engine.solver.dp`, :mod:`engine.solver.dfs`), both bounds and the
compiled core (``_dpcore.c``, which calls :func:`option_list`) read their moves here.
"""

from __future__ import annotations

from functools import cache

NUMBERS = 13
COLOURS = 4

# (new local runs, jokers, tiles to groups, rack tiles used, value, detail, space): see
# _colour_options.
Option = tuple[int, int, int, int, int, tuple[int, ...], int]
# option_list's arguments but ``exact``: local runs, table tiles, rack tiles, jokers
# left, number, tiles of the colour at the next two numbers, gap to the next tile.
OptionKey = tuple[int, int, int, int, int, int, int, int]


def trailing(needs: list[int], extra: int, room: int) -> list[int]:
    """Jokers after the last number tile of each run that stops now (``needs``: the least
    each must take), the ``extra`` ones stacked on the first runs with room."""
    out = list(needs)
    for index in range(len(out)):
        take = min(extra, room - out[index])
        out[index] += take
        extra -= take
    return out


# option_list's answers by argument tuple: a plain dict of tuples of ints, which the
# cyclic garbage collector stops tracking (functools.cache keys stay tracked, and a full
# collection over thousands of them cost tens of milliseconds in the middle of a solve).
_OPTIONS: dict[OptionKey, tuple[Option, ...]] = {}


def option_list(
    local: int,
    table: int,
    rack: int,
    jokers_left: int,
    number: int,
    next1: int,
    next2: int,
    gap: int,
    exact: bool,
) -> tuple[Option, ...]:
    """What one colour may do at ``number`` from local run state ``local`` (cached; see
    :func:`_colour_options` for the arguments and the answer).

    When ``exact`` is false (no opening value needed, at most two jokers in play) the
    cache key is smaller: the numbers 3 to 10 then play alike (room for every joker on
    either side) and gaps past the jokers left alike. The option lists are the same but
    for the value, which only openings read."""
    if not exact:
        if 3 <= number <= 10:
            number = 3
        gap = min(gap, jokers_left + 2)
    key = (local, table, rack, jokers_left, number, next1, next2, gap)
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS[key] = _colour_options(key)
    return found


def _colour_options(key: OptionKey) -> tuple[Option, ...]:
    """What one colour may do at ``number`` from local run state ``local``, where ``key``
    is ``(local, table, rack, jokers_left, number, next1, next2, gap)``.

    Returns ``(new_local, jokers, tiles_to_groups, rack_used, value, detail, space)`` where
    ``detail = (c1, c2, x, s0, s1, s2, p, extra)``: runs of length 1, 2 and 3+ going on
    (the others stop), new runs started with 0, 1 or 2 jokers before their first number
    tile, jokers inside runs at this number, and extra jokers after stopping runs.

    Jokers are placed in one canonical way, so no joker ever waits alone in a state:
    jokers before a run's first number tile are laid with that tile; jokers after its
    last number tile are laid when it stops (above it, never past 13); a joker inside a
    run needs a number tile of the colour ahead (``gap``: distance to the next number
    with a tile of this colour, large when none). ``table`` tiles are all used, up to
    ``rack`` more. A run of 3+ is never stopped while a new one starts without joker
    (going on is as good). ``next1``/``next2``: tiles of the colour at the next two
    numbers, to drop short runs that cannot reach length 3.
    """
    local, table, rack, jokers_left, number, next1, next2, gap = key
    a1, a2, a3 = local & 7, (local >> 3) & 7, (local >> 6) & 7
    room = NUMBERS + 1 - number  # jokers that fit above a run stopping now
    out: list[Option] = []
    for real in range(table, table + rack + 1):
        for to_groups in range(real + 1):
            in_runs = real - to_groups
            for c1 in range(a1 + 1):
                close1 = a1 - c1
                if close1 and room < 2:
                    continue
                for c2 in range(a2 + 1):
                    close2 = a2 - c2
                    if close2 and room < 1:
                        continue
                    need_close = 2 * close1 + close2
                    if need_close > jokers_left:
                        continue
                    for x in range(a3 + 1):
                        close3 = a3 - x
                        going = c1 + c2 + x
                        stopping = close1 + close2 + close3
                        for started in range(max(0, in_runs - going), in_runs + 1):
                            inner = going - (in_runs - started)
                            for s2 in range(started + 1 if number >= 3 else 1):
                                for s1 in range(started - s2 + 1 if number >= 2 else 1):
                                    s0 = started - s1 - s2
                                    if s0 and close3:
                                        continue
                                    fixed = inner + s1 + 2 * s2 + need_close
                                    spare_room = stopping * room - need_close
                                    top = min(jokers_left - fixed, spare_room)
                                    for extra in range(top + 1):
                                        jokers = fixed + extra
                                        spare = jokers_left - jokers
                                        if inner and gap - 1 > spare:
                                            continue
                                        n1, n2, n3 = s0, c1 + s1, c2 + x + s2
                                        if n1 > 7 or n2 > 7 or n3 > 7:
                                            continue
                                        if max(0, n1 + n2 - next1) + max(0, n1 - next2) > spare:
                                            continue
                                        value = number * (real + inner)
                                        value += s1 * (number - 1) + s2 * (2 * number - 3)
                                        needs = [2] * close1 + [1] * close2 + [0] * close3
                                        space = 0
                                        for f in trailing(needs, extra, room):
                                            value += f * number + f * (f - 1) // 2
                                            space += room - f
                                        out.append(
                                            (
                                                n1 | (n2 << 3) | (n3 << 6),
                                                jokers,
                                                to_groups,
                                                real - table,
                                                value,
                                                (c1, c2, x, s0, s1, s2, inner, extra),
                                                space,
                                            )
                                        )
    return tuple(out)


@cache
def group_jokers(in_groups: int, twos: int, jokers_left: int) -> tuple[int, ...]:
    """The joker counts that make the groups of one number feasible: some count ``G`` of
    groups has ``max tiles per colour <= G`` and ``3G <= tiles + jokers <= 4G``."""
    out = []
    widest = 2 if twos else (1 if in_groups else 0)
    for jokers in range(jokers_left + 1):
        total = in_groups + jokers
        if total == 0:
            out.append(0)
            continue
        if jokers and not in_groups:
            continue
        groups = max(widest, (total + 3) // 4)
        if 3 * groups <= total:
            out.append(jokers)
    return tuple(out)
