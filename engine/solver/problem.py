"""A position as the solver's programs read it: tile counts, jokers, what each rack tile
is worth and, for an opening, the value to reach.

Every program (the layered and the depth-first search, both bounds, the routing between
them) takes one :class:`Problem` instead of the same seven arguments each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import add

from engine.solver.options import COLOURS, NUMBERS, Option, option_list

Counts = list[list[int]]  # indexed [colour][number], numbers 1..13 (index 0 unused)

# The weights' scale: a goal counts whole tiles or points, each worth SCALE, plus a
# tie-break below SCALE (points for "tiles", one per tile for "value").
SCALE = 1000

_NO_TILE_AHEAD = 99  # the gap when no tile of a colour follows (larger than any joker run)


@dataclass(frozen=True, slots=True)
class Problem:
    """One position: ``table`` tiles must all be laid, ``rack`` tiles may be; a rack tile
    laid scores its ``weights`` entry and a rack joker laid ``joker_weight``; with an
    ``opening`` (its minimum), the new sets must be worth at least that."""

    table: Counts
    rack: Counts
    table_jokers: int
    rack_jokers: int
    weights: Counts
    joker_weight: int
    opening: int | None = None
    # Read in the searches' inner loops, so computed once here rather than by properties.
    total_jokers: int = field(init=False, repr=False, compare=False)
    exact: bool = field(init=False, repr=False, compare=False)
    # Tiles of each colour at each number, table and rack (0 up to two past 13), and
    # the distance from each number to the next that has one: what the moves look at.
    ahead: Counts = field(init=False, repr=False, compare=False)
    gaps: Counts = field(init=False, repr=False, compare=False)
    # Whether nothing can happen in a colour at a number: no tile there, no joker.
    idle: list[list[bool]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        jokers = self.table_jokers + self.rack_jokers
        ahead = [
            [0, *map(add, table[1 : NUMBERS + 1], rack[1 : NUMBERS + 1]), 0, 0]
            for table, rack in zip(self.table, self.rack, strict=True)
        ]
        # Every solve makes one (the compiled route reads little of it): kept quick.
        set_field = object.__setattr__
        set_field(self, "total_jokers", jokers)
        # option_list's exact lists: an opening reads the values, more than two jokers
        # the room beside runs.
        set_field(self, "exact", self.opening is not None or jokers > 2)
        set_field(self, "ahead", ahead)
        set_field(self, "gaps", [_gaps(row) for row in ahead])
        never = [False] * (NUMBERS + 1)
        set_field(self, "idle", [never] * COLOURS if jokers else [
            [not tiles for tiles in row[: NUMBERS + 1]] for row in ahead
        ])  # fmt: skip

    def options(
        self, colour: int, number: int, local: int, left: int, exact: bool
    ) -> tuple[Option, ...]:
        """:func:`option_list` for ``colour`` at ``number``, runs ``local`` open and
        ``left`` jokers to spend, in this position."""
        ahead = self.ahead[colour]
        return option_list(
            local, self.table[colour][number], self.rack[colour][number], left, number,
            ahead[number + 1], ahead[number + 2], self.gaps[colour][number], exact,
        )  # fmt: skip

    def mirrored(self) -> Problem:
        """The same position with the numbers read the other way (13 as 1): runs run
        the other way, so a search may find its way sooner."""
        return Problem(
            mirror(self.table), mirror(self.rack), self.table_jokers, self.rack_jokers,
            mirror(self.weights), self.joker_weight, self.opening,
        )  # fmt: skip


def _gaps(ahead: list[int]) -> list[int]:
    """The distance from each number to the next with a tile in ``ahead``."""
    gaps = [_NO_TILE_AHEAD] * (NUMBERS + 1)
    following = 0  # the nearest number above with a tile
    for number in range(NUMBERS, 0, -1):
        if following:
            gaps[number] = following - number
        if ahead[number]:
            following = number
    if following:
        gaps[0] = following
    return gaps


def mirror(counts: Counts) -> Counts:
    """``counts`` with the numbers 1..13 read the other way."""
    return [[row[0], *reversed(row[1 : NUMBERS + 1]), *row[NUMBERS + 1 :]] for row in counts]
