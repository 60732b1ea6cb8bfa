"""Sets of tile rummy: groups and runs, what their jokers stand for, and their value.

Glossary: a *set* is a group or a run on the table. A *group* is 3 or 4 tiles of one
number, every colour different. A *run* is 3 or more consecutive numbers of one colour;
the 1 never follows the 13. A *joker* stands for one definite tile: in a run its place
decides it; in a group it stands for a missing colour.

Reading jokers: a run is read in the order written for the jokers that fill gaps; extra
jokers written before the first number tile go below it, the others above it (moved to
the other end when they would pass 1 or 13). A set holding one number tile and jokers
(``r5 jk jk``) may be a run or a group: it is read the way worth more (the player may
declare either), a run on a tie. A set of jokers only stands for no definite tile and is
illegal (it can only happen with house rules giving more than two jokers).

Every tile rule set reads sets the same way; the one rule read here is what a joker left
on a rack counts (``RuleSet.joker_hand_value``, 30 in the preset).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalMeld
from engine.rules import RuleSet
from engine.tiles.tile import TILE_JOKER, Colour, Tile

MIN_SET = 3
MAX_NUMBER = 13


def rack_value(tiles: Sequence[Tile], rules: RuleSet) -> int:
    """The end-of-round value of a rack: numbers face value, jokers ``joker_hand_value``."""
    joker = rules.joker_hand_value
    return sum(joker if tile.is_joker else tile.number for tile in tiles)


@dataclass(frozen=True, slots=True)
class TileSet:
    """One valid set, in table order (a run from low to high, a group jokers last)."""

    kind: str  # "run" or "group"
    tiles: tuple[Tile, ...]
    stands_for: tuple[Tile | None, ...]  # per position: the tile a joker stands for
    value: int  # opening value: the numbers, each joker counting as the tile it stands for


def analyse_set(tiles: Sequence[Tile], rules: RuleSet | None = None) -> TileSet:
    """Check that ``tiles`` form one group or run and say how it reads.

    Raises:
        IllegalMeld: with the reason as its code (``tiles.too_short``,
            ``tiles.only_jokers``, ``tiles.group_size``, ``tiles.group_colour``,
            ``tiles.mixed``, ``tiles.run_duplicate``, ``tiles.run_gap``,
            ``tiles.run_too_long``).
    """
    del rules  # every tile rule set reads sets the same way
    text = " ".join(str(tile) for tile in tiles)
    if len(tiles) < MIN_SET:
        raise IllegalMeld("tiles.too_short", tiles=text)
    numbers = [tile for tile in tiles if not tile.is_joker]
    if not numbers:
        raise IllegalMeld("tiles.only_jokers", tiles=text)
    same_number = len({tile.number for tile in numbers}) == 1
    same_colour = len({tile.colour for tile in numbers}) == 1
    if same_number and same_colour and len(numbers) == 1:
        # One number tile and jokers: a run or a group, whichever is worth more.
        candidates: list[TileSet] = []
        for reader in (_read_run, _read_group):
            with contextlib.suppress(IllegalMeld):
                candidates.append(reader(tiles, text))
        if not candidates:
            return _read_group(tiles, text)  # raises the group's reason
        return max(candidates, key=lambda s: (s.value, s.kind == "run"))
    if same_number:
        return _read_group(tiles, text)
    if same_colour:
        return _read_run(tiles, text)
    raise IllegalMeld("tiles.mixed", tiles=text)


def tile_set_value(tiles: Sequence[Tile], rules: RuleSet | None = None) -> int:
    """The opening value of one group or run (a joker counts as the tile it stands for).

    Raises:
        IllegalMeld: the tiles are not a valid set; the code says why.
    """
    return analyse_set(tiles, rules).value


def is_valid_set(tiles: Sequence[Tile]) -> bool:
    """Whether ``tiles`` form one valid group or run."""
    try:
        analyse_set(tiles)
    except IllegalMeld:
        return False
    return True


def check_table(sets: Sequence[Sequence[Tile]], rules: RuleSet | None = None) -> list[TileSet]:
    """Every set of a table, checked.

    Raises:
        IllegalMeld: some set is not valid; ``params["set"]`` is its 1-based number.
    """
    checked = []
    for index, tiles in enumerate(sets):
        try:
            checked.append(analyse_set(tiles, rules))
        except IllegalMeld as error:
            raise IllegalMeld("tiles.invalid_set", set=index + 1,
                              reason=error.as_msg()) from error
    return checked


def _read_group(tiles: Sequence[Tile], text: str) -> TileSet:
    numbers = [tile for tile in tiles if not tile.is_joker]
    if len(tiles) > len(Colour):
        raise IllegalMeld("tiles.group_size", tiles=text)
    colours = [tile.colour for tile in numbers]
    if len(set(colours)) != len(colours):
        raise IllegalMeld("tiles.group_colour", tiles=text)
    number = numbers[0].number
    missing = [colour for colour in Colour if colour not in colours]
    jokers = len(tiles) - len(numbers)
    ordered = tuple(numbers) + (TILE_JOKER,) * jokers
    stands: tuple[Tile | None, ...] = (None,) * len(numbers) + tuple(
        Tile(number, colour) for colour in missing[:jokers]
    )
    return TileSet("group", ordered, stands, number * len(tiles))


def _read_run(tiles: Sequence[Tile], text: str) -> TileSet:
    numbers = sorted((tile for tile in tiles if not tile.is_joker), key=lambda t: t.number)
    values = [tile.number for tile in numbers]
    if len(set(values)) != len(values):
        raise IllegalMeld("tiles.run_duplicate", tiles=text)
    if len(tiles) > MAX_NUMBER:
        raise IllegalMeld("tiles.run_too_long", tiles=text)
    jokers = len(tiles) - len(numbers)
    gaps = values[-1] - values[0] + 1 - len(values)
    if gaps > jokers:
        raise IllegalMeld("tiles.run_gap", tiles=text)
    extra = jokers - gaps
    leading = 0
    for tile in tiles:
        if not tile.is_joker:
            break
        leading += 1
    below = min(leading, extra)
    above = extra - below
    if values[-1] + above > MAX_NUMBER:
        below += values[-1] + above - MAX_NUMBER
        above = MAX_NUMBER - values[-1]
    if values[0] - below < 1:
        above += 1 - (values[0] - below)
        below = values[0] - 1
    start = values[0] - below
    colour = numbers[0].colour
    assert colour is not None
    present = {tile.number: tile for tile in numbers}
    ordered: list[Tile] = []
    stands: list[Tile | None] = []
    for number in range(start, start + len(tiles)):
        if number in present:
            ordered.append(present[number])
            stands.append(None)
        else:
            ordered.append(TILE_JOKER)
            stands.append(Tile(number, colour))
    value = sum(range(start, start + len(tiles)))
    return TileSet("run", tuple(ordered), tuple(stands), value)
