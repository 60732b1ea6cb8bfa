"""The actions of a tile rummy turn, as immutable values.

A turn is either a *play* or a *draw*. A play is edited step by step as a *draft* of the
table: ``NewSet``, ``Add``, ``Move``, ``Split``, ``TakeBack`` change the draft, ``Undo``
takes back the last change, ``Reset`` goes back to the start of the turn, ``Confirm``
lays the draft (only a valid table confirms). ``Play`` lays a change of the table in one
action: the sets it adds and the table sets they replace (the computer players and the
"play" command use it; :meth:`Play.between` makes one from two whole tables). ``DrawTile``
draws one tile and ends the turn (the draft is discarded); with an empty pool the player
``Pass``es. Set indexes are 0-based (the players' commands show ``index + 1``).
:func:`engine.notation.format_action` writes an action, :func:`~engine.notation.parse_action`
reads it back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalMeld, IllegalMove
from engine.tiles.sets import analyse_set
from engine.tiles.tile import Tile

Sets = tuple[tuple[Tile, ...], ...]


def _tiles(value: object) -> tuple[Tile, ...]:
    if isinstance(value, Tile):
        return (value,)
    if not isinstance(value, (list, tuple)):
        raise TypeError("expected tiles")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class NewSet:
    """Put rack tiles on the draft as a new set (written in order: a run low to high)."""

    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles(self.tiles))


@dataclass(frozen=True, slots=True)
class Add:
    """Add rack tiles to the draft set at index ``set``; the tiles written before the
    set's own tiles go in front when ``front`` is true, else at its end."""

    tiles: tuple[Tile, ...]
    set: int
    front: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles(self.tiles))


@dataclass(frozen=True, slots=True)
class Move:
    """Move tiles from draft set ``source`` to draft set ``target`` (None: a new set)."""

    tiles: tuple[Tile, ...]
    source: int
    target: int | None = None
    front: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles(self.tiles))


@dataclass(frozen=True, slots=True)
class Split:
    """Cut draft set ``set`` in two before its tile at 0-based position ``at``."""

    set: int
    at: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take tiles placed from the rack this turn back from draft set ``set``."""

    tiles: tuple[Tile, ...]
    set: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles(self.tiles))


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last change of the draft."""


@dataclass(frozen=True, slots=True)
class Reset:
    """Go back to the table and rack as they were at the start of the turn."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Lay the draft: it must be a valid table holding at least one rack tile."""


@dataclass(frozen=True, slots=True)
class Play:
    """Change the table in one action: lay the sets ``added`` (each written in order) in
    place of the table sets at the 0-based indexes ``replacing`` (the sets broken up to
    make them); every other table set stays as it is. Checked and laid as ``Confirm``
    would: every table tile stays on the table, at least one rack tile is added, and
    before the opening nothing is replaced. ``replacing`` is kept sorted.

    Raises:
        ValueError: a negative index in ``replacing``.
    """

    added: Sets
    replacing: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "added", tuple(tuple(s) for s in self.added))
        replacing = tuple(sorted(set(self.replacing)))
        if replacing and replacing[0] < 0:
            raise ValueError("set indexes are 0-based: none is negative")
        object.__setattr__(self, "replacing", replacing)

    @classmethod
    def between(
        cls, table: Sequence[Sequence[Tile]], new_table: Sequence[Sequence[Tile]]
    ) -> Play:
        """The play that turns ``table`` into ``new_table``: the sets of ``new_table`` that
        are not on ``table`` (in their order), replacing the sets of ``table`` that are not
        in ``new_table``. A set is unchanged when it reads the same (the same tiles, each
        joker standing for the same tile), in whatever order it is written."""
        unused: dict[tuple[tuple[int, int, bool], ...], list[int]] = {}
        for index, tiles in enumerate(table):
            unused.setdefault(_reading(tiles), []).append(index)
        added = []
        for tiles in new_table:
            same = unused.get(_reading(tiles))
            if same:
                same.pop(0)
            else:
                added.append(tuple(tiles))
        return cls(tuple(added), tuple(index for left in unused.values() for index in left))

    def table_after(self, table: Sequence[Sequence[Tile]]) -> Sets:
        """The whole table once this play is laid on ``table``: the sets kept, in their
        order, then the sets added.

        Raises:
            IllegalMove: a replaced set is not on ``table`` (``tiles.no_such_set``, or
                ``tiles.no_sets`` on an empty table).
        """
        self._check(table)
        kept = (tuple(s) for index, s in enumerate(table) if index not in self.replacing)
        return (*kept, *self.added)

    def rack_tiles(self, table: Sequence[Sequence[Tile]]) -> tuple[Tile, ...]:
        """The tiles this play adds from the rack to ``table``: the tiles of ``added`` not
        taken from the replaced sets, in the order written.

        Raises:
            IllegalMove: a replaced set is not on ``table`` (``tiles.no_such_set``, or
                ``tiles.no_sets`` on an empty table).
        """
        self._check(table)
        taken = Counter(tile for index in self.replacing for tile in table[index])
        from_rack = []
        for tile in (tile for tiles in self.added for tile in tiles):
            if taken[tile]:
                taken[tile] -= 1
            else:
                from_rack.append(tile)
        return tuple(from_rack)

    def _check(self, table: Sequence[Sequence[Tile]]) -> None:
        for index in self.replacing:
            if index >= len(table):
                raise no_such_set(index, len(table))


def no_such_set(index: int, count: int) -> IllegalMove:
    """The refusal of set ``index`` (0-based) on a table or draft of ``count`` sets."""
    if count == 0:
        return IllegalMove("tiles.no_sets")
    return IllegalMove("tiles.no_such_set", set=index + 1, count=count)


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Draw one tile from the pool; ends the turn (the draft is discarded)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """With an empty pool: end the turn without playing (the draft is discarded)."""


EditAction = NewSet | Add | Move | Split | TakeBack
TileAction = EditAction | Undo | Reset | Confirm | Play | DrawTile | Pass


def _reading(tiles: Sequence[Tile]) -> tuple[tuple[int, int, bool], ...]:
    """What a set stands for, whatever the order written: per tile, the tile it stands
    for and whether it is a joker. An invalid set reads as written."""
    try:
        read = analyse_set(tiles)
    except IllegalMeld:
        return tuple((*tile.sort_key, tile.is_joker) for tile in tiles)
    pairs = zip(read.tiles, read.stands_for, strict=True)
    return tuple(sorted((*(stands or tile).sort_key, tile.is_joker) for tile, stands in pairs))
