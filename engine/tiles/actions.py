"""The actions of a tile rummy turn, as immutable values.

A turn is either a *play* or a *draw*. A play is edited step by step as a *draft* of the
table: ``NewSet``, ``Add``, ``Move``, ``Split``, ``TakeBack`` change the draft, ``Undo``
takes back the last change, ``Reset`` goes back to the start of the turn, ``Confirm``
lays the draft (only a valid table confirms). ``Play`` proposes a whole new table in one
action (the computer players and the "arrange it for me" helper use it). ``DrawTile``
draws one tile and ends the turn (the draft is discarded); with an empty pool the player
``Pass``es. Set indexes are 0-based (the players' commands show ``index + 1``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.tiles.tile import Tile, format_tiles


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

    def __str__(self) -> str:
        return f"new set {format_tiles(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Add:
    """Add rack tiles to the draft set at index ``set``; the tiles written before the
    set's own tiles go in front when ``front`` is true, else at its end."""

    tiles: tuple[Tile, ...]
    set: int
    front: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles(self.tiles))

    def __str__(self) -> str:
        return f"add {format_tiles(self.tiles)} to {self.set + 1}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move tiles from draft set ``source`` to draft set ``target`` (None: a new set)."""

    tiles: tuple[Tile, ...]
    source: int
    target: int | None = None
    front: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles(self.tiles))

    def __str__(self) -> str:
        where = "a new set" if self.target is None else str(self.target + 1)
        return f"move {format_tiles(self.tiles)} from {self.source + 1} to {where}"


@dataclass(frozen=True, slots=True)
class Split:
    """Cut draft set ``set`` in two before its tile at 0-based position ``at``."""

    set: int
    at: int

    def __str__(self) -> str:
        return f"split {self.set + 1} at {self.at + 1}"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take tiles placed from the rack this turn back from draft set ``set``."""

    tiles: tuple[Tile, ...]
    set: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles(self.tiles))

    def __str__(self) -> str:
        return f"take back {format_tiles(self.tiles)} from {self.set + 1}"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last change of the draft."""

    def __str__(self) -> str:
        return "undo"


@dataclass(frozen=True, slots=True)
class Reset:
    """Go back to the table and rack as they were at the start of the turn."""

    def __str__(self) -> str:
        return "reset"


@dataclass(frozen=True, slots=True)
class Confirm:
    """Lay the draft: it must be a valid table holding at least one rack tile."""

    def __str__(self) -> str:
        return "confirm"


@dataclass(frozen=True, slots=True)
class Play:
    """Propose a whole new table at once (every table tile kept, rack tiles added);
    checked and laid as ``Confirm`` would."""

    table: tuple[tuple[Tile, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", tuple(tuple(s) for s in self.table))

    def __str__(self) -> str:
        return "play " + " | ".join(format_tiles(s) for s in self.table)


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Draw one tile from the pool; ends the turn (the draft is discarded)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """With an empty pool: end the turn without playing (the draft is discarded)."""

    def __str__(self) -> str:
        return "pass"


EditAction = NewSet | Add | Move | Split | TakeBack
TileAction = EditAction | Undo | Reset | Confirm | Play | DrawTile | Pass
