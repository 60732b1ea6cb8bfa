"""A state of the solver's programs, and the steps that change it.

Numbers are visited from 1 to 13 and, inside a number, colours one by one. A state says,
for every colour, how many runs are open and how long they are so far (1, 2, or 3 and
more: only a run of 3+ may end), how many jokers are used, inside a number how many
number tiles went to groups (their count and how many colours gave two), the room closed
sets still have for jokers, and in an opening the value reached, capped at the minimum.
Every state is one ``int`` (the compiled core, ``_dpcore.c``, uses the same bits).
"""

from __future__ import annotations

from engine.solver.options import COLOURS, group_jokers

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
