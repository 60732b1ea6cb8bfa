"""One round of tile rummy: the :class:`engine.round.Round` of the ``tiles`` variant.

Glossary: the *pool* is the face-down reserve (top first); a *rack* is a player's
tiles; the *table* is the list of sets laid; the *draft* is the table as the current
player edits it this turn (:mod:`engine.tiles.draft`), saved with the round.

A turn: edit the draft and ``Confirm`` (or ``Play`` a change at once), or ``DrawTile``
(ends the turn, discards the draft); with an empty pool ``Pass``. Opening: rack tiles
only, in new sets worth the opening minimum, the table untouched. After opening any
rearrangement is allowed if every set of the final table is valid and at least one rack
tile was added; no table tile returns to a rack. When every player has passed in a row
the round is blocked. Scoring (numbers face value, joker ``joker_hand_value``): going
out, the winner gains the others' racks and each other loses their own; blocked, the
lowest rack gains the difference from each other and each other loses it; a tie for the
lowest is a draw (no points).

``hand(seat)`` is the rack without the tiles the seat has placed on its draft;
``hand_sizes()`` counts confirmed racks (what the others see).
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Self

from engine.actions import Action
from engine.cards.actions import Draw
from engine.errors import CorruptGame, IllegalMeld, IllegalMove, RuleError
from engine.round import Round, TurnState
from engine.rules import RuleSet
from engine.tiles.actions import (
    Confirm,
    DrawTile,
    EditAction,
    Pass,
    Play,
    Reset,
    Sets,
    TileAction,
    Undo,
)
from engine.tiles.draft import Draft
from engine.tiles.sets import analyse_set, rack_value, tile_set_value
from engine.tiles.state import TileState, round_from_dict, round_to_dict
from engine.tiles.tile import Tile, format_tiles, full_pool
from engine.views import MeldView, Phase, Piece, RoundScore


def tile_pool(rules: RuleSet) -> list[Tile]:
    """Every tile of the variant: ``decks`` copies of 1-13 in four colours, then jokers."""
    return full_pool(rules.decks, rules.jokers)


def _key(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda tile: tile.sort_key))


class TileRound(TileState):
    """A round of tile rummy. Build it with :meth:`deal` or :meth:`from_dict`."""

    # ------------------------------------------------------------------ dealing

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        seats: int,
        first: int,
        number: int,
        rng: random.Random,
        deck: Sequence[Piece] | None = None,
    ) -> Self:
        """Deal 14 tiles to each seat, one at a time from ``first``; the rest is the pool.

        Raises:
            RuleError: ``deck`` is not exactly the variant's tiles, or the seat count is
                wrong for the variant.
        """
        size = rules.hand_size(seats)
        expected = tile_pool(rules)
        if deck is None:
            tiles = list(expected)
            rng.shuffle(tiles)
        else:
            tiles = [tile for tile in deck if isinstance(tile, Tile)]
            if len(tiles) != len(deck) or Counter(tiles) != Counter(expected):
                raise RuleError("tiles.deck", tiles=len(expected))
        state = cls(rules, seats, first, number)
        for index in range(size * seats):
            state.racks[(first + index) % seats].append(tiles[index])
        state.pool = tiles[size * seats :]
        return state

    # ------------------------------------------------------------------ playing

    @property
    def current(self) -> int:
        return self.turn

    @property
    def phase(self) -> Phase:
        return Phase.ROUND_OVER if self.reason is not None else Phase.PLAY

    def opening_minimum(self) -> int:
        """The points an opening needs (the two-player figure with two seats)."""
        return self.rules.opening_for(self.seats)

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``.

        Raises:
            IllegalMove: the action is not allowed now (the code says why); nothing changed.
        """
        if self.reason is not None:
            raise IllegalMove("move.round_over")
        if seat != self.turn:
            raise IllegalMove("tiles.not_your_turn", seat=self.turn + 1)
        if isinstance(action, EditAction):  # a change of the draft
            draft = self.draft or Draft.start(self.table)
            frozen = 0 if self.opened[seat] else len(self.table)
            trial = Draft(draft.sets, draft.placed, list(draft.history))
            trial.edit(action, self.racks[seat], frozen)
            self.draft = trial
        elif isinstance(action, Undo):
            if self.draft is None:
                raise IllegalMove("tiles.nothing_to_undo")
            trial = Draft(self.draft.sets, self.draft.placed, list(self.draft.history))
            trial.undo()
            self.draft = trial
        elif isinstance(action, Reset):
            self.draft = None
        elif isinstance(action, Confirm):
            if self.draft is None:
                raise IllegalMove("tiles.nothing_placed")
            self._lay(seat, self.draft.sets, Counter(self.draft.placed))
        elif isinstance(action, Play):
            table = action.table_after(self.table)
            self._lay(seat, table, self._placed_by(seat, table))
        elif isinstance(action, DrawTile) or _is_stock_draw(action):
            if not self.pool:
                raise IllegalMove("tiles.pool_empty")
            tile = self.pool.pop(0)
            self.racks[seat].append(tile)
            self.drawn[seat] = tile
            self.passes = 0
            self._next()
        elif isinstance(action, Pass):
            if self.pool:
                raise IllegalMove("tiles.pass_with_pool")
            self.passes += 1
            self.drawn[seat] = None
            if self.passes >= self.seats:
                self.reason = "blocked"
                self.draft = None
                lowest = min(self._values())
                if self._values().count(lowest) == 1:
                    self.winner = self._values().index(lowest)
            else:
                self._next()
        else:
            raise IllegalMove("tiles.unknown_action", action=type(action).__name__)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``apply(seat, action)`` would succeed (nothing changes)."""
        try:
            self.clone().apply(seat, action)
        except IllegalMove:
            return False
        return True

    def legal_moves(self) -> list[TileAction]:
        """The simple moves of the current seat: draw, or pass with an empty pool."""
        if self.reason is not None:
            return []
        return [DrawTile()] if self.pool else [Pass()]

    def clone(self) -> Self:
        """An independent copy."""
        return self.from_dict(self.to_dict(), self.rules)

    def _placed_by(self, seat: int, table: Sequence[Sequence[Tile]]) -> Counter[Tile]:
        """The rack tiles a proposed table adds (checked against table and rack)."""
        new = Counter(tile for s in table for tile in s)
        old = Counter(tile for s in self.table for tile in s)
        missing = old - new
        if missing:
            raise IllegalMove("tiles.table_tile_taken", tiles=format_tiles(missing.elements()))
        added = new - old
        rack = Counter(self.racks[seat])
        if added - rack:
            raise IllegalMove("tiles.not_on_rack", tiles=format_tiles((added - rack).elements()))
        return added

    def _lay(self, seat: int, sets: Sets, placed: Counter[Tile]) -> None:
        """Check a whole new table and lay it; the turn passes on (or the round ends)."""
        if not placed:
            raise IllegalMove("tiles.nothing_placed")
        laid: list[tuple[Tile, ...]] = []
        for index, tiles in enumerate(sets):
            try:
                laid.append(analyse_set(tiles, self.rules).tiles)
            except IllegalMeld as error:
                raise IllegalMove("tiles.invalid_table", set=index + 1,
                                  reason=error.as_msg()) from None
        owners: list[int | None] = []
        old = Counter(_key(s) for s in self.table)
        old_owner = {_key(s): owner for s, owner in zip(self.table, self.owners, strict=True)}
        if not self.opened[seat]:
            kept = Counter(_key(s) for s in laid) & old
            if kept != old:
                raise IllegalMove("tiles.opening_table_untouched", set=0)
            fresh = list(laid)
            for s in self.table:
                fresh.remove(next(f for f in fresh if _key(f) == _key(s)))
            if Counter(tile for s in fresh for tile in s) != placed:
                raise IllegalMove("tiles.opening_rack_only")
            value = sum(tile_set_value(s, self.rules) for s in fresh)
            needed = self.opening_minimum()
            if value < needed:
                raise IllegalMove("tiles.opening_short", count=value, needed=needed)
            laid = [*self.table, *fresh]
        for s in laid:
            key = _key(s)
            if old[key]:
                old[key] -= 1
                owners.append(old_owner[key])
            else:
                owners.append(seat if Counter(s) <= placed else None)
        rack = Counter(self.racks[seat])
        rack.subtract(placed)
        remaining = list(self.racks[seat])
        for tile in placed.elements():
            remaining.remove(tile)
        self.table = laid
        self.owners = owners
        self.racks[seat] = remaining
        self.opened[seat] = True
        self.draft = None
        self.passes = 0
        self.drawn[seat] = None
        if not remaining:
            self.reason = "went_out"
            self.winner = seat
        else:
            self._next()

    def _next(self) -> None:
        self.draft = None
        self.turns += 1
        self.turn = (self.turn + 1) % self.seats

    def _values(self) -> list[int]:
        return [rack_value(rack, self.rules) for rack in self.racks]

    def result(self) -> RoundScore | None:
        """Points per seat once the round is over."""
        if self.reason is None:
            return None
        values = self._values()
        points = [0] * self.seats
        if self.reason == "went_out":
            assert self.winner is not None
            for seat, value in enumerate(values):
                if seat != self.winner:
                    points[seat] = -value
                    points[self.winner] += value
        elif self.winner is not None:
            low = values[self.winner]
            for seat, value in enumerate(values):
                if seat != self.winner:
                    points[seat] = -(value - low)
                    points[self.winner] += value - low
        return RoundScore(self.number, tuple(points), self.winner, False, self.reason)

    # -------------------------------------------------------------------- views

    def hand(self, seat: int) -> tuple[Piece, ...]:
        rack = list(self.racks[seat])
        if self.draft is not None and seat == self.turn:
            for tile in self.draft.placed:
                rack.remove(tile)
        return tuple(rack)

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(rack) for rack in self.racks)

    def has_opened(self, seat: int) -> bool:
        return self.opened[seat]

    def melds(self) -> tuple[MeldView, ...]:
        return _views(self.table, self.owners)

    def discard_top(self) -> Piece | None:
        return None

    def discard_size(self) -> int:
        return 0

    def stock_size(self) -> int:
        return len(self.pool)

    def turn_count(self) -> int:
        return self.turns

    def reshuffles(self) -> int:
        return 0

    def discards(self) -> tuple[tuple[int, Piece], ...]:
        return ()

    def pickups(self) -> tuple[tuple[int, Piece], ...]:
        return ()

    def turn_state(self, seat: int) -> TurnState:
        """``drawn`` (the tile drawn last turn), ``opening_needed`` (what the opening
        still needs counting the valid new sets of the draft), ``draft`` (the current
        seat's draft as views; None when not editing)."""
        draft = None
        needed = 0
        if not self.opened[seat]:
            needed = self.opening_minimum()
        if self.draft is not None and seat == self.turn and self.reason is None:
            draft = _views(self.draft.sets, [None] * len(self.draft.sets))
            if not self.opened[seat]:
                fresh = self.draft.sets[len(self.table) :]
                worth = 0
                for tiles in fresh:
                    with contextlib.suppress(IllegalMeld):
                        worth += tile_set_value(tiles, self.rules)
                needed = max(0, needed - worth)
        return {
            "drawn": self.drawn[seat],
            "taken_from_discard": None,
            "must_lay": None,
            "opening_needed": needed,
            "draft": draft,
        }

    # ------------------------------------------------------------------- saving

    def to_dict(self) -> dict[str, Any]:
        """The round as JSON-ready data (tiles in notation; the draft and its undo steps)."""
        return round_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: RuleSet) -> Self:
        """Rebuild a round saved by :meth:`to_dict`, checking it.

        Raises:
            CorruptGame: the document is malformed or inconsistent.
        """
        state = cls(rules, 2, 0, 1)
        try:
            round_from_dict(state, data)
        except CorruptGame:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
            raise CorruptGame("corrupt_game", detail=f"tiles round: {error}") from None
        return state


# --------------------------------------------------------------------- helpers


def _is_stock_draw(action: Action) -> bool:
    """A card variant's draw from the stock, which the shared "draw" command sends to any
    game: in tile rummy it draws a tile."""
    return isinstance(action, Draw) and action.source == "stock"


def _views(sets: Sequence[Sequence[Tile]], owners: Sequence[int | None]) -> tuple[MeldView, ...]:
    out = []
    for index, (tiles, owner) in enumerate(zip(sets, owners, strict=True)):
        try:
            read = analyse_set(tiles)
            out.append(MeldView(index + 1, read.tiles, read.stands_for, read.kind, owner))
        except IllegalMeld:
            out.append(MeldView(index + 1, tuple(tiles), (None,) * len(tiles), "invalid", owner))
    return tuple(out)


def _implements_round(tile_round: TileRound) -> Round:
    """Never called: mypy checks here that TileRound implements the Round protocol."""
    return tile_round
