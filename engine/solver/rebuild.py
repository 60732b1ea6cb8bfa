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

# Every tile by [colour][number], made once: a rebuild runs after every solve, and making
# its tiles anew (an enum call and a checked dataclass each) was most of its time.
_TILES = [[Tile(n, Colour(c)) if n else TILE_JOKER for n in range(NUMBERS + 1)]
          for c in range(COLOURS)]  # fmt: skip


def rebuild(found: Plan, table: Counts) -> Laid:
    """Turn a search's best play into sets: (sets, rack tiles used per tile, jokers laid
    in all). ``table``: the table tiles of the position it was found in."""
    runs: list[list[list[Tile]]] = [[] for _ in range(COLOURS)]
    sets: list[tuple[Tile, ...]] = []
    used = [[0] * (NUMBERS + 1) for _ in range(COLOURS)]
    to_groups: list[list[Tile]] = [[] for _ in range(COLOURS)]
    grouping = False  # whether a tile went to this number's groups
    for number, colour, group_jokers, option in found[1]:
        if colour < 0:
            if grouping or group_jokers:
                sets.extend(_groups(to_groups, group_jokers))
                to_groups = [[] for _ in range(COLOURS)]
                grouping = False
            continue
        open_runs = runs[colour]
        if option is None:
            if open_runs:
                sets.extend(tuple(run) for run in open_runs)
                runs[colour] = []
            continue
        rack_used = option[3]
        real = table[colour][number] + rack_used
        if not real and not open_runs:
            continue  # nothing there and no run going on: the option is to do nothing
        grouped = option[2]
        c1, c2, x, s0, s1, s2, inner, extra = option[5]
        used[colour][number] += rack_used
        tile = _TILES[colour][number]
        if open_runs:
            ones = [run for run in open_runs if len(run) == 1]
            twos = [run for run in open_runs if len(run) == 2]
            longs = [run for run in open_runs if len(run) >= 3]
            stopping = ones[c1:] + twos[c2:] + longs[x:]
            if stopping:
                needs = [3 - len(run) if len(run) < 3 else 0 for run in stopping]
                room = NUMBERS + 1 - number
                for run, count in zip(stopping, trailing(needs, extra, room), strict=True):
                    sets.append((*run, *((TILE_JOKER,) * count)))
            going = ones[:c1] + twos[:c2] + longs[:x]
            fed = real - grouped - s0 - s1 - s2
            for index, run in enumerate(going):
                run.append(tile if index < fed else TILE_JOKER)
            assert len(going) == fed + inner
        else:
            going = []
        if s0:
            going += [[tile] for _ in range(s0)]
        if s1:
            going += [[TILE_JOKER, tile] for _ in range(s1)]
        if s2:
            going += [[TILE_JOKER, TILE_JOKER, tile] for _ in range(s2)]
        runs[colour] = going
        if grouped:
            to_groups[colour] = [tile] * grouped
            grouping = True
    for colour_runs in runs:
        sets.extend(tuple(run) for run in colour_runs)
    if found[3]:
        sets = _absorb(sets, found[3])
    return sets, used, found[2]


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
        tile
        for row, tiles in zip(used, _TILES, strict=True)
        for count, tile in zip(row, tiles, strict=True)
        if count
        for _ in range(count)
    ]
    return (*out, *([TILE_JOKER] * jokers))
