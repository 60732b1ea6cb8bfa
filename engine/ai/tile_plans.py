"""What the three levels want to lay in tile rummy, as a plan: the whole table after the turn.

- easy: before opening, the opening the solver finds in the rack (new sets only, as the
  rules want); after it, new sets made of rack tiles only.
- medium: like easy, then single rack tiles added to the ends of sets on the table
  (no set is broken up).
- hard: the exact solver on table and rack together, rearranging the whole table (at
  every size), to lay the most tiles (ties: the most points).

A plan never takes a tile off the table and always adds at least one rack tile; the
engine still checks it when it is played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.levels import Level
from engine.rules import RuleSet
from engine.solver.exact import solve
from engine.tiles.sets import is_valid_set
from engine.tiles.tile import Tile
from engine.views import PlayerView, PublicView

TileTable = tuple[tuple[Tile, ...], ...]

@dataclass(frozen=True, slots=True)
class TileProfile:
    """What a level does once it has opened (every level opens with the solver's opening:
    the rules want new sets only then, so there is nothing to choose)."""

    # Lay single rack tiles at the ends of table sets too: easy sees only its own rack,
    # so that it stays simple; medium and hard see the table.
    extends_sets: bool
    # Let the exact solver rearrange the table sets near the rack: only hard, the one
    # level meant to play to win (and the only one that may take a solver's time).
    rearranges_table: bool


PROFILES: dict[Level, TileProfile] = {
    Level.EASY: TileProfile(extends_sets=False, rearranges_table=False),
    Level.MEDIUM: TileProfile(extends_sets=True, rearranges_table=False),
    Level.HARD: TileProfile(extends_sets=True, rearranges_table=True),
}


@dataclass(frozen=True, slots=True)
class TilePlan:
    """The table as it should stand at the end of the turn, and the rack tiles it uses."""

    table: TileTable
    placed: tuple[Tile, ...]


def view_table(view: PlayerView | PublicView) -> TileTable:
    """The sets on the table (as confirmed) of a view of tile rummy (none in card games)."""
    return tuple(tuple(p for p in meld.pieces if isinstance(p, Tile)) for meld in view.melds)


def plan_turn(view: PlayerView, rules: RuleSet, level: Level) -> TilePlan | None:
    """The play of ``level`` this turn, or None to draw (or pass with an empty pool)."""
    table = view_table(view)
    rack = [piece for piece in view.hand if isinstance(piece, Tile)]
    if not rack:
        return None
    opened = view.seats[view.seat].has_opened
    if not opened:
        found = solve(table, rack, rules, "opening", players=len(view.seats))
        if found is None:
            return None
        return _checked(table, found.table, rack)
    profile = PROFILES[level]
    simple = _rack_first(table, rack, rules, extend=profile.extends_sets)
    if not profile.rearranges_table:
        return simple
    # The exact solver on the whole table at every size: a table of 95 tiles takes it
    # under 20 ms (docs/TILES.md), so no set is left out of the rearranging any more.
    found = solve(table, rack, rules, "tiles")
    if found is None:
        return simple
    plan = _checked(table, found.table, rack)
    if plan is not None and (simple is None or _better(plan, simple)):
        return plan
    return simple


def _better(plan: TilePlan, other: TilePlan) -> bool:
    """More rack tiles laid, then more points."""
    def key(p: TilePlan) -> tuple[int, int]:
        return len(p.placed), sum(t.number for t in p.placed)

    return key(plan) > key(other)


def _rack_first(
    table: TileTable, rack: list[Tile], rules: RuleSet, *, extend: bool
) -> TilePlan | None:
    """New sets of rack tiles only, then (``extend``) single tiles added to set ends."""
    new_sets: TileTable = ()
    left = list(rack)
    own = solve([], rack, rules, "tiles")
    if own is not None:
        new_sets = own.table
        for tile in own.placed:
            left.remove(tile)
    grown = list(table)
    if extend:
        grown, left = _extend_ends(grown, left)
    result = (*grown, *new_sets)
    if len(left) == len(rack):
        return None
    return _checked(table, result, rack)


def _extend_ends(table: list[tuple[Tile, ...]], rack: list[Tile]) -> tuple[
    list[tuple[Tile, ...]], list[Tile]
]:
    """Add rack tiles one by one at either end of table sets while they stay valid."""
    left = list(rack)
    changed = True
    while changed:
        changed = False
        for tile in sorted(set(left), key=lambda t: t.sort_key):
            if tile.is_joker:
                continue  # keep jokers for new sets
            for index, tiles in enumerate(table):
                for grown in ((*tiles, tile), (tile, *tiles)):
                    if is_valid_set(grown):
                        table[index] = grown
                        left.remove(tile)
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    return table, left


def _checked(
    old: TileTable, new: Sequence[Sequence[Tile]], rack: Sequence[Tile]
) -> TilePlan | None:
    """The plan, if it keeps every table tile and adds only rack tiles (at least one)."""
    before = Counter(tile for tiles in old for tile in tiles)
    after = Counter(tile for tiles in new for tile in tiles)
    added = after - before
    if before - after or not added or added - Counter(rack):
        return None
    if not all(is_valid_set(tiles) for tiles in new):
        return None
    return TilePlan(tuple(tuple(tiles) for tiles in new), tuple(added.elements()))
