"""The draft of a tile rummy turn: the table as the current player is editing it.

A draft starts as a copy of the table. Edits (:mod:`engine.tiles.actions`) change its
sets and the multiset of rack tiles *placed* this turn; each edit pushes the previous
state on an undo stack. Nothing here checks that sets are valid: sets may be incomplete
while editing; :meth:`TileRound.confirm` checks the whole table. Every edit is checked
first and applied after, so a refused edit changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import IllegalMove
from engine.tiles.actions import (
    Add,
    EditAction,
    Move,
    NewSet,
    Sets,
    Split,
    TakeBack,
    no_such_set,
)
from engine.tiles.tile import Tile, format_tiles


@dataclass(slots=True)
class Draft:
    """Sets being edited, rack tiles placed this turn, and the undo stack."""

    sets: Sets
    placed: tuple[Tile, ...] = ()
    history: list[tuple[Sets, tuple[Tile, ...]]] = field(default_factory=list)

    @classmethod
    def start(cls, table: Sequence[Sequence[Tile]]) -> Draft:
        return cls(tuple(tuple(s) for s in table))

    def edit(self, action: EditAction, rack: Sequence[Tile], frozen: int) -> None:
        """Apply one edit. ``rack``: the player's rack (placed tiles included);
        ``frozen``: sets at the front the player may not touch yet (before opening).

        Raises:
            IllegalMove: the tiles are not where the edit takes them from, the set does
                not exist, or the edit touches a set the player may not touch.
        """
        sets = [list(s) for s in self.sets]
        placed = Counter(self.placed)
        if isinstance(action, NewSet):
            self._need_rack(action.tiles, rack, placed)
            sets.append(list(action.tiles))
            placed.update(action.tiles)
        elif isinstance(action, Add):
            self._need_set(action.set, len(sets), frozen)
            self._need_rack(action.tiles, rack, placed)
            target, adding = sets[action.set], list(action.tiles)
            sets[action.set] = [*adding, *target] if action.front else [*target, *adding]
            placed.update(action.tiles)
        elif isinstance(action, Move):
            self._need_set(action.source, len(sets), frozen)
            if action.target is not None:
                self._need_set(action.target, len(sets), frozen)
                if action.target == action.source:
                    raise IllegalMove("tiles.same_set", set=action.source + 1)
            source = sets[action.source]
            _remove(source, action.tiles, action.source)
            if action.target is None:
                sets.append(list(action.tiles))
            else:
                target = sets[action.target]
                moved = list(action.tiles)
                sets[action.target] = [*moved, *target] if action.front else [*target, *moved]
        elif isinstance(action, Split):
            self._need_set(action.set, len(sets), frozen)
            whole = sets[action.set]
            if not 0 < action.at < len(whole):
                raise IllegalMove("tiles.bad_split", set=action.set + 1, count=len(whole))
            sets[action.set : action.set + 1] = [whole[: action.at], whole[action.at :]]
        elif isinstance(action, TakeBack):
            self._need_set(action.set, len(sets), 0)
            wanted = Counter(action.tiles)
            if not wanted or any(placed[tile] < count for tile, count in wanted.items()):
                raise IllegalMove("tiles.not_yours", tiles=format_tiles(action.tiles))
            _remove(sets[action.set], action.tiles, action.set)
            placed.subtract(wanted)
        else:  # pragma: no cover - EditAction is closed
            raise IllegalMove("illegal_move")
        self.history.append((self.sets, self.placed))
        self.sets = tuple(tuple(s) for s in sets if s)
        self.placed = tuple(placed.elements())

    def undo(self) -> None:
        """Take back the last edit.

        Raises:
            IllegalMove: nothing to undo.
        """
        if not self.history:
            raise IllegalMove("tiles.nothing_to_undo")
        self.sets, self.placed = self.history.pop()

    @staticmethod
    def _need_rack(tiles: Sequence[Tile], rack: Sequence[Tile], placed: Counter[Tile]) -> None:
        if not tiles:
            raise IllegalMove("tiles.no_tiles")
        free = Counter(rack)
        free.subtract(placed)
        missing = []  # only the tiles the rack lacks, in the order written
        for tile in tiles:
            if free[tile] > 0:
                free[tile] -= 1
            else:
                missing.append(tile)
        if missing:
            raise IllegalMove("tiles.not_on_rack", tiles=format_tiles(missing))

    @staticmethod
    def _need_set(index: int, count: int, frozen: int) -> None:
        if not 0 <= index < count:
            raise no_such_set(index, count)
        if index < frozen:
            raise IllegalMove("tiles.opening_table_untouched", set=index + 1)


def _remove(target: list[Tile], tiles: Sequence[Tile], index: int) -> None:
    if not tiles:
        raise IllegalMove("tiles.no_tiles")
    have = Counter(target)
    for tile, count in Counter(tiles).items():
        if have[tile] < count:
            raise IllegalMove("tiles.not_in_set", tiles=format_tiles(tiles), set=index + 1)
    for tile in tiles:
        target.remove(tile)
