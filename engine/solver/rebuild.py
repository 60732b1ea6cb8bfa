"""From a search's best play (:data:`engine.solver.state.Plan`: the option chosen at each
step) back to tiles: the runs and groups of the new table, and the rack tiles laid.
"""

from __future__ import annotations

from engine.solver.options import COLOURS, NUMBERS, trailing
from engine.solver.problem import Counts
from engine.solver.state import Plan
from engine.tiles.sets import analyse_set
from engine.tiles.tile import TILE_JOKER, Colour, Tile

Laid = tuple[list[tuple[Tile, ...]], Counts, int]  # sets, rack tiles used, jokers laid


def rebuild(found: Plan, table: Counts) -> Laid:
    """Turn a search's best play into sets: (sets, rack tiles used per tile, jokers laid
    in all). ``table``: the table tiles of the position it was found in."""
    runs: list[list[list[Tile]]] = [[] for _ in range(COLOURS)]
    sets: list[tuple[Tile, ...]] = []
    used = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
    to_groups: list[list[Tile]] = [[] for _ in range(COLOURS)]
    for number, colour, group_jokers, option in found[1]:
        if colour < 0:
            sets.extend(_groups(to_groups, group_jokers))
            to_groups = [[] for _ in range(COLOURS)]
            continue
        open_runs = runs[colour]
        if option is None:
            sets.extend(tuple(run) for run in open_runs)
            runs[colour] = []
            continue
        _, _, grouped, rack_used, _, detail, _ = option
        c1, c2, x, s0, s1, s2, inner, extra = detail
        used[colour][number] += rack_used
        tile = Tile(number, Colour(colour))
        real = table[colour][number] + rack_used
        ones = [run for run in open_runs if len(run) == 1]
        twos = [run for run in open_runs if len(run) == 2]
        longs = [run for run in open_runs if len(run) >= 3]
        stopping = ones[c1:] + twos[c2:] + longs[x:]
        needs = [3 - len(run) if len(run) < 3 else 0 for run in stopping]
        for run, count in zip(stopping, trailing(needs, extra, NUMBERS + 1 - number), strict=True):
            sets.append((*run, *([TILE_JOKER] * count)))
        going = ones[:c1] + twos[:c2] + longs[:x]
        in_runs = real - grouped
        fed = in_runs - s0 - s1 - s2
        for index, run in enumerate(going):
            run.append(tile if index < fed else TILE_JOKER)
        assert len(going) == fed + inner
        fresh = [[tile] for _ in range(s0)]
        fresh += [[TILE_JOKER, tile] for _ in range(s1)]
        fresh += [[TILE_JOKER, TILE_JOKER, tile] for _ in range(s2)]
        runs[colour] = going + fresh
        to_groups[colour] = [tile] * grouped
    for colour_runs in runs:
        sets.extend(tuple(run) for run in colour_runs)
    sets = _absorb(sets, found[3])
    jokers_used = found[2]
    return sets, used, jokers_used


def _absorb(sets: list[tuple[Tile, ...]], jokers: int) -> list[tuple[Tile, ...]]:
    """Lay ``jokers`` more jokers where sets have room (3-groups, runs below 13)."""
    out = list(sets)
    for _ in range(jokers):
        for index, tiles in enumerate(out):
            read = analyse_set(tiles)
            if read.kind == "group" and len(tiles) == 3:
                out[index] = (*tiles, TILE_JOKER)
                break
            if read.kind == "run":
                top = read.stands_for[-1] or read.tiles[-1]
                if top.number < NUMBERS:
                    out[index] = (*read.tiles, TILE_JOKER)
                    break
        else:
            raise AssertionError("no room for a joker")
    return out


def _groups(tiles: list[list[Tile]], jokers: int) -> list[tuple[Tile, ...]]:
    real = sum(len(group) for group in tiles)
    total = real + jokers
    if total == 0:
        return []
    widest = max(len(group) for group in tiles)
    count = total // 3  # as many groups as possible: the 3-groups leave room for jokers
    assert count >= widest and 4 * count >= total
    groups: list[list[Tile]] = [[] for _ in range(count)]
    index = 0
    for colour_tiles in tiles:
        for tile in colour_tiles:
            groups[index % count].append(tile)
            index += 1
    for _ in range(jokers):
        smallest = min(groups, key=len)
        smallest.append(TILE_JOKER)
    return [tuple(group) for group in groups]


def mirror_set(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """A set found with the numbers read the other way (13 as 1), as it really is."""
    return tuple(
        tile if tile.colour is None else Tile(NUMBERS + 1 - tile.number, tile.colour)
        for tile in reversed(tiles)
    )


def placed(used: Counts, jokers: int) -> tuple[Tile, ...]:
    """The rack tiles ``used`` (counts by colour and number) and ``jokers``, sorted by
    colour and number, jokers last."""
    out = [
        Tile(n, Colour(c))
        for c in range(COLOURS)
        for n in range(1, NUMBERS + 1)
        for _ in range(used[c][n])
    ]
    return (*out, *([TILE_JOKER] * jokers))
