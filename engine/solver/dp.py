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
from functools import cache
from types import ModuleType


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

# Bit layout of a state.
COLOUR_BITS = 9  # per colour: a1 (bits 0-2), a2 (3-5), a3 (6-8): open runs of length 1, 2, 3+
COLOUR_MASK = (1 << COLOUR_BITS) - 1
JOKER_SHIFT = 36  # jokers used so far (3 bits)
GROUP_SHIFT = 39  # number tiles sent to groups at this number (4 bits)
TWO_SHIFT = 43  # colours that sent two tiles to groups at this number (3 bits)
VALUE_SHIFT = 46  # opening value so far, capped at the minimum (8 bits)
GROUP_MASK = (1 << 39) - 1 | (((1 << 128) - 1) << VALUE_SHIFT)  # clears R and twos
SHORT_MASK = sum(0b111111 << (COLOUR_BITS * c) for c in range(4))  # runs of length 1 or 2
JOKER_MASK = 7 << JOKER_SHIFT
VALUE_MASK = 255 << VALUE_SHIFT
ROOM_SHIFT = 54  # jokers the closed sets could still take (capped at the jokers in play)
ROOM_MASK = 7 << ROOM_SHIFT
NUMBERS = 13
COLOURS = 4


Option = tuple[int, int, int, int, int, tuple[int, ...], int]


def trailing(needs: list[int], extra: int, room: int) -> list[int]:
    """Jokers after the last number tile of each run that stops now (``needs``: the least
    each must take), the ``extra`` ones stacked on the first runs with room."""
    out = list(needs)
    for index in range(len(out)):
        take = min(extra, room - out[index])
        out[index] += take
        extra -= take
    return out


# colour_options' answers by argument tuple: a plain dict of tuples of ints, which the
# cyclic garbage collector stops tracking (functools.cache keys stay tracked, and a full
# collection over thousands of them cost tens of milliseconds in the middle of a solve).
_OPTIONS: dict[tuple[int, int, int, int, int, int, int, int], tuple[Option, ...]] = {}


def colour_options(
    local: int,
    table: int,
    rack: int,
    jokers_left: int,
    number: int,
    next1: int = 2,
    next2: int = 2,
    gap: int = 1,
) -> tuple[Option, ...]:
    """What one colour may do at ``number`` from local run state ``local`` (cached):
    see :func:`_colour_options`."""
    key = (local, table, rack, jokers_left, number, next1, next2, gap)
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS[key] = _colour_options(*key)
    return found


def _colour_options(
    local: int,
    table: int,
    rack: int,
    jokers_left: int,
    number: int,
    next1: int,
    next2: int,
    gap: int,
) -> tuple[Option, ...]:
    """What one colour may do at ``number`` from local run state ``local``.

    Returns ``(new_local, jokers, tiles_to_groups, rack_used, value, detail, space)`` where
    ``detail = (c1, c2, x, s0, s1, s2, p, extra)``: runs of length 1, 2 and 3+ going on
    (the others stop), new runs started with 0, 1 or 2 jokers before their first number
    tile, jokers inside runs at this number, and extra jokers after stopping runs.

    Jokers are placed in one canonical way, so no joker ever waits alone in a state:
    jokers before a run's first number tile are laid with that tile; jokers after its
    last number tile are laid when it stops (above it, never past 13); a joker inside a
    run needs a number tile of the colour ahead (``gap``: distance to the next number
    with a tile of this colour, large when none). ``table`` tiles are all used, up to
    ``rack`` more. A run of 3+ is never stopped while a new run starts without joker
    (going on is as good). ``next1``/``next2``: tiles of the colour at the next two
    numbers, to drop short runs that cannot reach length 3.
    """
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
    """:func:`colour_options` through a smaller cache key when ``exact`` is false (no
    opening value needed, at most two jokers in play): the numbers 3 to 10 then play
    alike (room for every joker on either side) and gaps past the jokers left alike.
    The option lists are the same but for the value, which only openings read."""
    if not exact:
        if 3 <= number <= 10:
            number = 3
        gap = min(gap, jokers_left + 2)
    key = (local, table, rack, jokers_left, number, next1, next2, gap)
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS[key] = _colour_options(*key)
    return found


@cache
def group_jokers(in_groups: int, twos: int, jokers_left: int) -> tuple[int, ...]:
    """The joker counts that make the groups of one number feasible."""
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


def group_children(
    key: int, total_jokers: int, number: int, opening: int | None
) -> list[tuple[int, int]]:
    """The states after jokers join the groups of ``number`` in state ``key``, each with
    how many joined (the step after the four colours, in both searches): the group
    counters reset, the jokers count as used, the room the groups leave for more jokers
    is added and, in an opening (``opening``: its minimum), the jokers' value too, capped
    at the minimum like every value in a state."""
    in_groups = (key >> GROUP_SHIFT) & 15
    twos = (key >> TWO_SHIFT) & 7
    used = (key >> JOKER_SHIFT) & 7
    base = key & GROUP_MASK
    out = []
    for jokers in group_jokers(in_groups, twos, total_jokers - used):
        child = base + (jokers << JOKER_SHIFT)
        laid = in_groups + jokers
        if laid:
            # Groups are made as many as possible, so the 3-groups leave room.
            room = (child >> ROOM_SHIFT) & 7
            more = min(total_jokers, room + 4 * (laid // 3) - laid)
            child += (more - room) << ROOM_SHIFT
        if opening is not None and jokers:
            # Without jokers the value stays: every colour step already capped it.
            value = min(opening, ((child >> VALUE_SHIFT) & 255) + jokers * number)
            child = (child & ~VALUE_MASK) | (value << VALUE_SHIFT)
        out.append((child, jokers))
    return out


# (number, colour or -1, child -> (parent, choice))
Layer = tuple[int, int, dict[int, tuple[int, int]]]


@cache
def dominates(strong: int, weak: int) -> bool:
    """Whether local run state ``strong`` can do whatever ``weak`` can from here on.

    Runs are matched longest to longest: every run of ``weak`` needs a run of ``strong``
    at least as long (a longer run can follow it, taking as jokers after its end the
    ones the shorter would need), and ``strong``'s unmatched runs must be of 3+ (they
    may stop at once).
    """
    if strong == weak:
        return False

    def lengths(local: int) -> list[int]:
        a1, a2, a3 = local & 7, (local >> 3) & 7, (local >> 6) & 7
        return [3] * a3 + [2] * a2 + [1] * a1

    a, b = lengths(strong), lengths(weak)
    if len(a) < len(b):
        return False
    return all(x >= y for x, y in zip(a, b, strict=False)) and all(x == 3 for x in a[len(b):])


@cache
def dominators(local: int) -> tuple[int, ...]:
    """The local run states one step stronger than ``local``: one more run of 3+, or one
    run a step longer (1 to 2, 2 to 3+). Enough to catch most dominated states cheaply."""
    a1, a2, a3 = local & 7, (local >> 3) & 7, (local >> 6) & 7
    out = []
    if a1 + a2 + a3 < 4:
        out.append(local + (1 << 6))
    if a1:
        out.append(local - 1 + (1 << 3))
    if a2:
        out.append(local - (1 << 3) + (1 << 6))
    return tuple(out)


def _drop_dominated(states: dict[int, int], colours: range) -> dict[int, int]:
    """Drop the states another state beats in one colour's runs (same everything else,
    a score at least as high)."""
    for colour in colours:
        shift = COLOUR_BITS * colour
        beaten = []
        get = states.get
        steps: dict[int, tuple[int, ...]] = {}  # local -> key deltas to its dominators
        for key, score in states.items():
            local = (key >> shift) & COLOUR_MASK
            deltas = steps.get(local)
            if deltas is None:
                deltas = steps[local] = tuple(
                    (strong - local) << shift for strong in dominators(local)
                )
            for delta in deltas:
                if get(key + delta, -1) >= score:
                    beaten.append(key)
                    break
        for key in beaten:
            del states[key]
    return states


def _drop_joker_dominated(states: dict[int, int], total: int) -> None:
    """Drop states beaten by one that used fewer jokers or has more room for them: it
    can do all the other does and lay its extra jokers in the room."""
    buckets: dict[int, list[tuple[int, int, int, int]]] = {}
    for key, score in states.items():
        used = (key >> JOKER_SHIFT) & 7
        room = min((key >> ROOM_SHIFT) & 7, total - used)
        buckets.setdefault(key & ~(JOKER_MASK | ROOM_MASK), []).append((used, room, score, key))
    for items in buckets.values():
        if len(items) < 2:
            continue
        for used, room, score, key in items:
            for o_used, o_room, o_score, o_key in items:
                if (
                    o_key != key
                    and o_score >= score
                    and o_used <= used
                    and o_used + o_room >= used + room
                    and (o_used < used or o_room > room)
                ):
                    del states[key]
                    break


# One layer of the best path: (number, colour or -1 for the groups, the state before, the
# choice: an option's index, -1 for "nothing there", or the jokers joining the groups).
PathStep = tuple[int, int, int, int]
Found = tuple[int, int, list[PathStep], int]  # score, final state, path, jokers absorbed


def _gap(tiles: list[int], number: int) -> int:
    for ahead in range(number + 1, NUMBERS + 1):
        if tiles[ahead]:
            return ahead - number
    return 99  # (number, colour or -1 for groups, child -> parent)


def run_dp(
    table: list[list[int]],
    rack: list[list[int]],
    table_jokers: int,
    rack_jokers: int,
    weights: list[list[int]],
    joker_weight: int,
    opening: int | None,
    floor: int = 0,
) -> Found | None:
    """Best score and final state, with the path of choices that reaches it, and how
    many jokers are then laid where closed sets have room.

    ``table``/``rack``/``weights`` are indexed ``[colour][number]`` (number 1..13).
    ``opening``: when set, the placed tiles' value must reach it (rack-only openings).
    ``floor``: only plays scoring at least this much are looked for (states that cannot
    reach it, even placing every remaining rack tile, are dropped: branch and bound).
    Returns None when no arrangement uses every table tile (and reaches ``floor``).

    Runs the compiled program (:mod:`engine.solver._dpcore`: the same states, the same answer,
    10 to 15 times quicker) when it was built at install time, else the Python one
    below (``RAMI_PURE_PYTHON=1`` forces it; tests set ``_CORE`` to None for it).
    """
    if _CORE is not None:
        found: Found | None = _CORE.run(table, rack, table_jokers, rack_jokers, weights,
                                         joker_weight, opening, floor, option_list)  # fmt: skip
        return found
    total_jokers = table_jokers + rack_jokers
    exact = opening is not None or total_jokers > 2
    # Most a state can still gain after each (number, colour) step.
    ahead = rack_jokers * max(joker_weight, 0)
    still: dict[tuple[int, int], int] = {}
    for number in range(NUMBERS, 0, -1):
        for colour in range(COLOURS - 1, -1, -1):
            still[(number, colour)] = ahead
            ahead += rack[colour][number] * weights[colour][number]
    layers: list[Layer] = []
    cur: dict[int, int] = {0: 0}
    ahead_tiles = [
        [table[c][n] + rack[c][n] if 1 <= n <= NUMBERS else 0 for n in range(NUMBERS + 3)]
        for c in range(COLOURS)
    ]
    gaps = [[_gap(ahead_tiles[c], n) for n in range(NUMBERS + 1)] for c in range(COLOURS)]
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
                    if local & 0b111111:
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
            cur = _drop_dominated(nxt, range(colour, colour + 1))
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
            _drop_joker_dominated(cur, total_jokers)
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


def decisions(
    found: Found,
    table: list[list[int]],
    rack: list[list[int]],
    total_jokers: int,
) -> list[Step]:
    """The choices along the best path, first number first: for a colour step its option
    (None: nothing there, long runs stop), for a group step the jokers joining groups."""
    ahead_tiles = [
        [table[c][n] + rack[c][n] if 1 <= n <= NUMBERS else 0 for n in range(NUMBERS + 3)]
        for c in range(COLOURS)
    ]
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
            options = option_list(
                local,
                table[colour][number],
                rack[colour][number],
                left,
                number,
                ahead_tiles[colour][number + 1],
                ahead_tiles[colour][number + 2],
                _gap(ahead_tiles[colour], number),
                True,  # the same list as the search's, with exact values
            )
            out.append((number, colour, 0, options[choice]))
    return out


Plan = tuple[int, list[Step], int, int]  # score, choices, jokers laid in all, jokers absorbed


def plan_of(found: Found, table: list[list[int]], rack: list[list[int]], total: int) -> Plan:
    """The layered search's result as a :data:`Plan`."""
    used = ((found[1] >> JOKER_SHIFT) & 7) + found[3]
    return (found[0], decisions(found, table, rack, total), used, found[3])
