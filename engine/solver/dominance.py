"""The pruning rules of the layered dynamic program: states another state of the same
layer dominates are dropped, as they can never lead to a better play.

The compiled core (``_dpcore.c``) applies the same two rules to its layers.
"""

from __future__ import annotations

from functools import cache

from engine.solver.state import (
    COLOUR_BITS,
    COLOUR_MASK,
    JOKER_MASK,
    JOKER_SHIFT,
    ROOM_MASK,
    ROOM_SHIFT,
)


@cache
def dominators(local: int) -> tuple[int, ...]:
    """The local run states one step stronger than ``local``: one more run of 3+, or one
    run a step longer (1 to 2, 2 to 3+). A stronger state can do whatever ``local`` can
    (a longer run can follow a shorter one, taking as jokers after its end the ones the
    shorter would need, and a run of 3+ may stop at once); one step is enough to catch
    most dominated states cheaply."""
    a1, a2, a3 = local & 7, (local >> 3) & 7, (local >> 6) & 7
    out = []
    if a1 + a2 + a3 < 4:
        out.append(local + (1 << 6))
    if a1:
        out.append(local - 1 + (1 << 3))
    if a2:
        out.append(local - (1 << 3) + (1 << 6))
    return tuple(out)


def drop_dominated(states: dict[int, int], colour: int) -> dict[int, int]:
    """Drop the states another state beats in ``colour``'s runs (same everything else,
    a score at least as high); every check is made before anything is dropped."""
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


def drop_joker_dominated(states: dict[int, int], total: int) -> None:
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
