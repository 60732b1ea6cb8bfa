"""The exact dynamic program behind :mod:`engine.solver` (integer-encoded, no objects).

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

from functools import cache

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
NUMBERS = 13
COLOURS = 4


@cache
def colour_options(
    local: int, table: int, rack: int, jokers_left: int, next1: int = 2, next2: int = 2
) -> tuple[tuple[int, int, int, int, int], ...]:
    """What one colour may do at one number from local run state ``local``.

    Returns ``(new_local, jokers_in_runs, tiles_to_groups, rack_used, units)`` tuples:
    ``table`` tiles are all used, up to ``rack`` more, each real tile either joins a run
    or goes to a group; runs of length 1 or 2 must go on, runs of 3+ may stop; a run is
    never both stopped and started at one number (going on is always as good).
    ``next1``/``next2``: the most tiles of this colour at the next two numbers; runs
    that could not reach length 3 with them and the jokers left are not offered.
    """
    a1, a2, a3 = local & 7, (local >> 3) & 7, (local >> 6) & 7
    must = a1 + a2
    out = []
    for real in range(table, table + rack + 1):
        for to_groups in range(real + 1):
            in_runs = real - to_groups
            for going_on in range(a3 + 1):
                base = must + going_on
                start_min = max(0, in_runs - base)
                start_max = in_runs + jokers_left - base
                for started in range(start_min, start_max + 1):
                    if started and going_on < a3:
                        continue
                    jokers = base + started - in_runs
                    if jokers < 0 or jokers > jokers_left:
                        continue
                    n1, n2, n3 = started, a1, a2 + going_on
                    if n1 > 7 or n3 > 7:
                        continue
                    spare = jokers_left - jokers
                    if max(0, n1 + n2 - next1) + max(0, n1 - next2) > spare:
                        continue
                    new_local = n1 | (n2 << 3) | (n3 << 6)
                    out.append((new_local, jokers, to_groups, real - table, real + jokers))
    return tuple(out)


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


Layer = tuple[int, int, dict[int, int]]  # (number, colour or -1 for groups, child -> parent)


def run_dp(
    table: list[list[int]],
    rack: list[list[int]],
    table_jokers: int,
    rack_jokers: int,
    weights: list[list[int]],
    joker_weight: int,
    opening: int | None,
    floor: int = 0,
) -> tuple[int, int, list[Layer]] | None:
    """Best score and final state, with the parent maps to rebuild the sets.

    ``table``/``rack``/``weights`` are indexed ``[colour][number]`` (number 1..13).
    ``opening``: when set, the placed tiles' value must reach it (rack-only openings).
    ``floor``: only plays scoring at least this much are looked for (states that cannot
    reach it, even placing every remaining rack tile, are dropped: branch and bound).
    Returns None when no arrangement uses every table tile (and reaches ``floor``).
    """
    total_jokers = table_jokers + rack_jokers
    # Most a state can still gain after each (number, colour) step.
    ahead = rack_jokers * max(joker_weight, 0)
    still: dict[tuple[int, int], int] = {}
    for number in range(NUMBERS, 0, -1):
        for colour in range(COLOURS - 1, -1, -1):
            still[(number, colour)] = ahead
            ahead += rack[colour][number] * weights[colour][number]
    layers: list[Layer] = []
    cur: dict[int, int] = {0: 0}
    cap = opening or 0
    for number in range(1, NUMBERS + 1):
        for colour in range(COLOURS):
            shift = COLOUR_BITS * colour
            t = table[colour][number]
            r = rack[colour][number]
            w = weights[colour][number]
            next1 = table[colour][number + 1] + rack[colour][number + 1] if number < 13 else 0
            next2 = table[colour][number + 2] + rack[colour][number + 2] if number < 12 else 0
            if not (t or r or total_jokers):
                # Nothing can happen in this colour: runs of 3+ stop, shorter ones die.
                keep: dict[int, int] = {}
                parents: dict[int, int] = {}
                for key, score in cur.items():
                    local = (key >> shift) & COLOUR_MASK
                    if local & 0b111111:
                        continue
                    child = key - (local << shift)
                    if score > keep.get(child, -1):
                        keep[child] = score
                        parents[child] = key
                cur = keep
                layers.append((number, colour, parents))
                continue
            nxt: dict[int, int] = {}
            parents = {}
            moves: dict[tuple[int, int], list[tuple[int, int]]] = {}
            least = floor - still[(number, colour)]
            for key, score in cur.items():
                local = (key >> shift) & COLOUR_MASK
                left = total_jokers - ((key >> JOKER_SHIFT) & 7)
                plan = moves.get((local, left))
                if plan is None:
                    plan = []
                    for new_local, jokers, to_groups, used, units in colour_options(
                        local, t, r, left, next1, next2
                    ):
                        delta = (
                            ((new_local - local) << shift)
                            + (jokers << JOKER_SHIFT)
                            + (to_groups << GROUP_SHIFT)
                            + ((to_groups == 2) << TWO_SHIFT)
                        )
                        if opening is not None:
                            delta += (units * number) << VALUE_SHIFT
                        plan.append((delta, used * w))
                    moves[(local, left)] = plan
                for delta, gain in plan:
                    child = key + delta
                    if opening is not None:
                        value = (child >> VALUE_SHIFT) & 255
                        if value > cap:
                            child += (cap - value) << VALUE_SHIFT
                    gained = score + gain
                    if gained >= least and gained > nxt.get(child, -1):
                        nxt[child] = gained
                        parents[child] = key
            cur = nxt
            layers.append((number, colour, parents))
        # Jokers may join this number's groups; then the group counters reset.
        nxt = {}
        parents = {}
        for key, score in cur.items():
            in_groups = (key >> GROUP_SHIFT) & 15
            twos = (key >> TWO_SHIFT) & 7
            used = (key >> JOKER_SHIFT) & 7
            base = key & GROUP_MASK
            for jokers in group_jokers(in_groups, twos, total_jokers - used):
                child = base + (jokers << JOKER_SHIFT)
                if opening is not None and (in_groups or jokers):
                    value = ((child >> VALUE_SHIFT) & 255) + jokers * number
                    child = (child & ~VALUE_MASK) | (min(value, cap) << VALUE_SHIFT)
                if score > nxt.get(child, -1):
                    nxt[child] = score
                    parents[child] = key
        cur = nxt
        layers.append((number, -1, parents))
        if not cur:
            return None
    best_key = -1
    best = -1
    for key, score in cur.items():
        if key & SHORT_MASK:
            continue
        used = (key >> JOKER_SHIFT) & 7
        if used < table_jokers:
            continue
        if opening is not None and ((key >> VALUE_SHIFT) & 255) < cap:
            continue
        total = score + (used - table_jokers) * joker_weight
        if total > best and total >= floor:
            best, best_key = total, key
    if best_key < 0:
        return None
    return best, best_key, layers
