"""A state of the solver's programs, and the steps that change it.

Numbers are visited from 1 to 13 and, inside a number, colours one by one. A state says,
for every colour, how many runs are open and how long they are so far (1, 2, or 3 and
more: only a run of 3+ may end), how many jokers are used, inside a number how many
number tiles went to groups (their count and how many colours gave two), the room closed
sets still have for jokers, and in an opening the value reached, capped at the minimum.
Every state is one ``int`` (the compiled core, ``_dpcore.c``, uses the same bits).
"""

from __future__ import annotations

from engine.solver.options import COLOURS, Option, group_jokers
from engine.solver.problem import Problem

# Bit layout of a state.
COLOUR_BITS = 9  # per colour: a1 (bits 0-2), a2 (3-5), a3 (6-8): open runs of length 1, 2, 3+
COLOUR_MASK = (1 << COLOUR_BITS) - 1
SHORT_RUNS = 0b111111  # a colour's runs of length 1 or 2, which may not end
JOKER_SHIFT = 36  # jokers used so far (3 bits)
GROUP_SHIFT = 39  # number tiles sent to groups at this number (4 bits)
TWO_SHIFT = 43  # colours that sent two tiles to groups at this number (3 bits)
VALUE_SHIFT = 46  # opening value so far, capped at the minimum (8 bits)
GROUP_MASK = (1 << 39) - 1 | (((1 << 128) - 1) << VALUE_SHIFT)  # clears R and twos
SHORT_MASK = sum(SHORT_RUNS << (COLOUR_BITS * c) for c in range(COLOURS))
RUNS_MASK = (1 << (COLOUR_BITS * COLOURS)) - 1  # every colour's runs
JOKER_MASK = 7 << JOKER_SHIFT
VALUE_MASK = 255 << VALUE_SHIFT
ROOM_SHIFT = 54  # jokers the closed sets could still take (capped at the jokers in play)
ROOM_MASK = 7 << ROOM_SHIFT


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


# A colour's move from a state: (delta to the child state, gain, option index or -1,
# in an opening the value it lays, which may take the child past the minimum).
Move = tuple[int, int, int, int]


def move_bits(colour: int) -> int:
    """The bits of a state that ``colour``'s moves depend on (:func:`colour_moves`): its
    runs, the jokers used and the room for more. States equal on them have the same
    moves, so the searches keep one list for them all."""
    return (COLOUR_MASK << (COLOUR_BITS * colour)) | JOKER_MASK | ROOM_MASK


def colour_moves(problem: Problem, number: int, colour: int, key: int) -> list[Move]:
    """The moves of ``colour`` at ``number`` from state ``key``, in option order (the
    step of both searches and, in C, of the compiled core): each child state is ``key``
    plus its delta, which changes the colour's runs, the jokers used and the tiles sent
    to groups, adds the room the runs stopping leave for jokers (no more than are in
    play) and, in an opening, the value laid: a child of a move laying value is then
    :func:`capped` at the minimum. The gain is the rack tiles' weight; the index (-1
    when nothing can happen there) the option's."""
    shift = COLOUR_BITS * colour
    local = (key >> shift) & COLOUR_MASK
    if problem.idle[colour][number]:
        # No tile and no joker: runs of 3+ stop, shorter ones die.
        return [] if local & SHORT_RUNS else [(-(local << shift), 0, -1, 0)]
    total = problem.total_jokers
    room = (key >> ROOM_SHIFT) & 7
    opening = problem.opening
    weight = problem.weights[colour][number]
    left = total - ((key >> JOKER_SHIFT) & 7)
    out: list[Move] = []
    for index, (new_local, jokers, to_groups, used, worth, _, space) in enumerate(
        problem.options(colour, number, local, left, problem.exact)
    ):
        delta = (
            ((new_local - local) << shift)
            + (jokers << JOKER_SHIFT)
            + (to_groups << GROUP_SHIFT)
            + ((to_groups == 2) << TWO_SHIFT)
        )
        if space and room < total:
            delta += (min(total, room + space) - room) << ROOM_SHIFT
        if opening is None:
            worth = 0  # only an opening keeps the value in its states
        delta += worth << VALUE_SHIFT
        out.append((delta, used * weight, index, worth))
    return out


def capped(child: int, opening: int) -> int:
    """State ``child`` of a colour move laying value in an opening, its value capped at
    the minimum ``opening`` (states past it are alike). Not in the moves' deltas: they
    would then depend on the value reached, and be many more lists."""
    value = (child >> VALUE_SHIFT) & 255
    return child - ((value - opening) << VALUE_SHIFT) if value > opening else child


def closing(problem: Problem, key: int, joker_weight: int) -> tuple[int, int] | None:
    """How a state after the last number ends: the jokers not laid yet go where closed
    sets have room (the table's must, the rack's when ``joker_weight`` is positive).
    Returns (the rack jokers laid times ``joker_weight``, the jokers so laid), or None
    when the state cannot end: a short run open, table jokers with no room, or an
    opening short of its minimum."""
    if key & SHORT_MASK:
        return None
    used = (key >> JOKER_SHIFT) & 7
    room = (key >> ROOM_SHIFT) & 7
    most = min(problem.total_jokers, used + room)
    table_jokers = problem.table_jokers
    if most < table_jokers:
        return None
    if problem.opening is not None and ((key >> VALUE_SHIFT) & 255) < problem.opening:
        return None
    laid = most if joker_weight > 0 else max(used, table_jokers)
    return (laid - table_jokers) * joker_weight, laid - used


# A step of a best path: (number, colour or -1 for the groups, the state before, the
# choice: an option's index, -1 for "nothing there", or the jokers joining the groups).
PathStep = tuple[int, int, int, int]
# A choice of a best play: (number, colour or -1 for the groups, jokers joining the
# groups, the colour's option or None when nothing is there and runs of 3+ stop).
Step = tuple[int, int, int, Option | None]
Plan = tuple[int, list[Step], int, int]  # score, choices, jokers laid in all, jokers absorbed


def as_plan(problem: Problem, score: int, path: list[PathStep], last: int, absorbed: int) -> Plan:
    """A search's best play as a :data:`Plan`, from its ``path`` of steps first number
    first, its last state and the jokers then ``absorbed`` where closed sets had room."""
    # One loop, no call a step: every solve goes through here 65 times.
    steps: list[Step] = []
    append = steps.append
    options = problem.options
    total = problem.total_jokers
    for number, colour, parent, choice in path:
        if colour < 0:
            append((number, -1, choice, None))
        elif choice < 0:
            append((number, colour, 0, None))
        else:
            local = (parent >> (COLOUR_BITS * colour)) & COLOUR_MASK
            left = total - ((parent >> JOKER_SHIFT) & 7)
            # The list the search read, with exact values (the rebuild reads them).
            append((number, colour, 0, options(colour, number, local, left, True)[choice]))
    return score, steps, ((last >> JOKER_SHIFT) & 7) + absorbed, absorbed
