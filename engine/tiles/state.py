"""The state of a tile round and its saved form, written and read back field by field.

Tiles are written in their notation (``k5 r13 jk``); the draft and its undo steps are
saved with the round, so a player editing the table finds it as they left it. Reading
checks every field and the whole pool (racks, pool and table make up the variant's
tiles): a bad document raises ``ValueError`` (or ``KeyError``, ``TypeError``…), which
:meth:`engine.tiles.round.TileRound.from_dict` turns into ``CorruptGame``; a round is
never half loaded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.rules import RuleSet
from engine.tiles.actions import Sets
from engine.tiles.draft import Draft
from engine.tiles.sets import analyse_set
from engine.tiles.tile import Tile, format_tiles, full_pool, parse_tile
from engine.views import Piece

FORMAT = 1


class TileState:
    """Everything a tile round remembers; :class:`engine.tiles.round.TileRound` adds the
    rules of play. The pool keeps its top first."""

    def __init__(self, rules: RuleSet, seats: int, first: int, number: int) -> None:
        self.rules = rules
        self.seats = seats
        self.first = first
        self.number = number
        self.racks: list[list[Tile]] = [[] for _ in range(seats)]
        self.pool: list[Tile] = []  # top first
        self.table: list[tuple[Tile, ...]] = []
        self.owners: list[int | None] = []
        self.opened = [False] * seats
        self.turn = first
        self.passes = 0  # passes in a row
        self.turns = 1  # turns begun this round
        self.drawn: list[Tile | None] = [None] * seats  # the tile each seat drew last turn
        self.draft: Draft | None = None
        self.winner: int | None = None
        self.reason: str | None = None  # "went_out" or "blocked" once over

    def all_pieces(self) -> list[Piece]:
        out: list[Piece] = [tile for rack in self.racks for tile in rack]
        out.extend(self.pool)
        out.extend(tile for s in self.table for tile in s)
        return out


def round_to_dict(state: TileState) -> dict[str, Any]:
    """The round as JSON-ready data (tiles in notation; the draft and its undo steps)."""
    draft = None
    if state.draft is not None:
        draft = {
            "sets": _sets_out(state.draft.sets),
            "placed": format_tiles(state.draft.placed),
            "history": [
                {"sets": _sets_out(sets), "placed": format_tiles(placed)}
                for sets, placed in state.draft.history
            ],
        }
    return {
        "kind": "tiles", "format": FORMAT, "seats": state.seats, "first": state.first,
        "number": state.number, "current": state.turn,
        "racks": [format_tiles(rack) for rack in state.racks],
        "pool": format_tiles(state.pool), "table": _sets_out(state.table),
        "owners": list(state.owners), "opened": list(state.opened), "passes": state.passes,
        "turns": state.turns,
        "drawn": [None if tile is None else str(tile) for tile in state.drawn],
        "draft": draft, "reason": state.reason, "winner": state.winner,
    }  # fmt: skip


def round_from_dict(state: TileState, data: Any) -> None:
    """Fill ``state`` (a round of ``state.rules``) from :func:`round_to_dict`'s document.

    Raises:
        ValueError: (or KeyError, TypeError, IndexError) the document is malformed or
            inconsistent; ``state`` must then be dropped.
    """
    if not isinstance(data, dict) or data.get("kind") != "tiles":
        raise ValueError("not a tile round")
    seats = state.seats = _int(data["seats"], 2, 8)
    state.first = _int(data["first"], 0, seats - 1)
    state.number = _int(data["number"], 1, 10**6)
    state.turn = _int(data["current"], 0, seats - 1)
    state.racks = [_tiles_in(text) for text in _list(data["racks"], seats)]
    state.pool = _tiles_in(data["pool"])
    state.table = [analyse_set(s).tiles for s in _sets_in(data["table"])]
    owners = _list(data["owners"], len(state.table))
    if not all(o is None or (isinstance(o, int) and 0 <= o < seats) for o in owners):
        raise ValueError("bad owners")
    state.owners = owners
    state.opened = [_bool(x) for x in _list(data["opened"], seats)]
    state.passes = _int(data["passes"], 0, seats)
    state.turns = _int(data["turns"], 1, 10**6)
    drawn = _list(data["drawn"], seats)
    state.drawn = [None if t is None else parse_tile(str(t)) for t in drawn]
    reason = data.get("reason")
    if reason not in (None, "went_out", "blocked"):
        raise ValueError(f"bad reason {reason!r}")
    state.reason = reason
    winner = data.get("winner")
    state.winner = None if winner is None else _int(winner, 0, seats - 1)
    if Counter(state.all_pieces()) != Counter(full_pool(state.rules.decks, state.rules.jokers)):
        raise ValueError("the tiles do not make up the pool")
    raw = data.get("draft")
    if raw is not None:
        if reason is not None:
            raise ValueError("a draft in a finished round")
        state.draft = _draft_in(raw, state)


def _draft_in(raw: Any, state: TileState) -> Draft:
    history = [
        (_sets_in(step["sets"]), tuple(_tiles_in(step["placed"]))) for step in raw["history"]
    ]
    draft = Draft(_sets_in(raw["sets"]), tuple(_tiles_in(raw["placed"])), history)
    for sets, placed in [(draft.sets, draft.placed), *history]:
        if Counter(placed) - Counter(state.racks[state.turn]):
            raise ValueError("draft tiles not on the rack")
        on_table = Counter(t for s in state.table for t in s) + Counter(placed)
        if Counter(t for s in sets for t in s) != on_table:
            raise ValueError("draft tiles do not match table and rack")
    return draft


def _sets_out(sets: Sequence[Sequence[Tile]]) -> list[str]:
    return [format_tiles(s) for s in sets]


def _sets_in(data: Any) -> Sets:
    if not isinstance(data, list):
        raise ValueError("expected a list of sets")
    return tuple(tuple(_tiles_in(text)) for text in data)


def _tiles_in(text: Any) -> list[Tile]:
    if not isinstance(text, str):
        raise ValueError("expected tiles")
    return [parse_tile(token) for token in text.split()]


def _list(data: Any, count: int) -> list[Any]:
    if not isinstance(data, list) or len(data) != count:
        raise ValueError(f"expected a list of {count}")
    return data


def _int(data: Any, low: int, high: int) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or not low <= data <= high:
        raise ValueError(f"expected a number {low}..{high}, got {data!r}")
    return data


def _bool(data: Any) -> bool:
    if not isinstance(data, bool):
        raise ValueError("expected true or false")
    return data
