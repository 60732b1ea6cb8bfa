"""The terminal game's table: the session layer on a local SQLite file.

The terminal drives the same :class:`bot.session.Tables` as the Discord bot, so a move
is checked, saved and answered by the computer players exactly as on Discord, and a
game left in the middle resumes the next time ``rummy-bot play`` starts. The terminal
reads line by line, so this class runs the session's event loop between two lines:
computer turns (no pause) are played while the loop runs, and their moves are handed to
the terminal one by one to print, each with the table it was played on (a tile play is
shown as what it changed there).
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from bot.session import Event, EventKind, Player, Status, Tables
from data import Store
from engine.actions import Action
from engine.ai.tile_plans import view_table
from engine.game import Game
from engine.notation import is_action
from engine.rules import RuleSet
from engine.tiles.actions import Sets
from engine.views import Phase, PlayerView, PublicView

T = TypeVar("T")

CHANNEL = GUILD = 0  # the terminal's one table
HUMAN_ID = 1
DEFAULT_DB = "data/local.sqlite3"


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A computer seat's move, played and saved, with the table it was played on."""

    seat: int
    action: Action
    before: Sets  # the tile sets on the table before the move (none in card games)


class TerminalTable(Protocol):
    """What the terminal plays: a :class:`LocalTable`, or a try of the daily championship
    (:class:`bot.terminal.daily.LocalDaily`)."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def phase(self) -> Phase: ...

    def public_view(self) -> PublicView: ...

    def view(self, seat: int = 0) -> PlayerView: ...

    def outcome_winners(self) -> tuple[int, ...]: ...

    def apply_all(self, actions: Sequence[Action]) -> None: ...

    def computer_move(self) -> ComputerMove | None: ...

    def next_round(self) -> None: ...

    def set_level(self, level: str) -> None: ...


def default_db() -> Path:
    """Where terminal games are saved: ``RAMI_LOCAL_DB``, else ``data/local.sqlite3``."""
    return Path(os.environ.get("RAMI_LOCAL_DB") or DEFAULT_DB)


class LocalTable:
    """One terminal game: the human at seat 1 (index 0), computer players after."""

    def __init__(self, loop: asyncio.AbstractEventLoop, store: Store, tables: Tables) -> None:
        self.loop = loop
        self.store = store
        self.tables = tables
        self._moves: deque[ComputerMove] = deque()
        self._table: Sets = ()  # the tile sets on the table after the last change
        tables.subscribe(self._on_event)

    @classmethod
    def open(cls, db: Path, rules: RuleSet, players: int, level: str, seed: int, name: str,
             *, resume: bool) -> tuple[LocalTable, bool]:
        """The saved game when ``resume`` and one is running, else a new one.

        Returns the table and whether it was resumed.

        Raises:
            RummyError: impossible settings (player count, level…); nothing is left open.
        """
        loop = asyncio.new_event_loop()
        store = loop.run_until_complete(Store.open(db))
        tables = Tables(store, ai_delay=0, seed_source=lambda: seed, turn_timeout=0)
        table = cls(loop, store, tables)
        try:
            resumed = table._resume() if resume else False
            if not resumed:
                table._new(rules, players, level, name)
            table._table = view_table(table.public_view())
        except BaseException:
            table.close()
            raise
        return table, resumed

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coro)

    def _resume(self) -> bool:
        if CHANNEL not in self._run(self.tables.resume()):
            return False
        snapshot = self._run(self.tables.snapshot(CHANNEL))
        return snapshot is not None and snapshot.status is Status.PLAYING

    def _new(self, rules: RuleSet, players: int, level: str, name: str) -> None:
        tables = self.tables
        if self._run(tables.snapshot(CHANNEL)) is not None:  # a lobby or a finished match
            self._run(tables.cancel(CHANNEL, HUMAN_ID, is_moderator=True))
        self._moves.clear()
        self._run(tables.open_lobby(CHANNEL, GUILD, Player(HUMAN_ID, name), rules.name))
        for _ in range(players - 1):
            self._run(tables.add_computer(CHANNEL, HUMAN_ID, level))
        self._run(tables.start(CHANNEL, HUMAN_ID))

    async def _on_event(self, event: Event) -> None:
        before, seat = self._table, event.seat
        if event.snapshot.view is not None:
            self._table = view_table(event.snapshot.view)
        if (event.kind is EventKind.ACTION and seat is not None and is_action(event.move)
                and event.snapshot.seats[seat].is_computer):
            self._moves.append(ComputerMove(seat, event.move, before))

    def close(self) -> None:
        """Stop the computer players and close the store (every move is already saved)."""
        self._run(self.tables.close())
        self._run(self.store.close())
        self.loop.close()

    # -- what the terminal asks ---------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        snapshot = self._run(self.tables.snapshot(CHANNEL))
        assert snapshot is not None
        return self.tables.rules_of(snapshot)  # type: ignore[no-any-return]

    def public_view(self) -> PublicView:
        snapshot = self._run(self.tables.snapshot(CHANNEL))
        assert snapshot is not None and snapshot.view is not None
        return snapshot.view

    @property
    def phase(self) -> Phase:
        return self.public_view().phase

    def view(self, seat: int = 0) -> PlayerView:
        """The human's view (the terminal shows no other seat's hand)."""
        return self._run(self.tables.hand(CHANNEL, HUMAN_ID))

    def outcome_winners(self) -> tuple[int, ...]:
        game: Game | None = self.tables.game_copy(CHANNEL)
        outcome = game.outcome() if game is not None else None
        return tuple(outcome.winners) if outcome is not None else ()

    # -- what the terminal does ---------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Play the human's ``action`` (saved before it returns)."""
        self._run(self.tables.act(CHANNEL, HUMAN_ID, action))

    def apply_all(self, actions: Sequence[Action]) -> None:
        """Play one command's actions together: all of them, or none when one is refused."""
        self._run(self.tables.act_many(CHANNEL, HUMAN_ID, actions))

    def computer_move(self) -> ComputerMove | None:
        """The next computer move to show (played and saved already), or None once the
        computer players have nothing more to do."""
        if not self._moves:
            self._run(self.tables.idle(CHANNEL))
        return self._moves.popleft() if self._moves else None

    def next_round(self) -> None:
        self._run(self.tables.next_round(CHANNEL, HUMAN_ID))

    def set_level(self, level: str) -> None:
        """Every computer seat plays at ``level`` from now on; the game goes on."""
        snapshot = self._run(self.tables.snapshot(CHANNEL))
        assert snapshot is not None
        for seat, who in enumerate(snapshot.seats):
            if who.is_computer:
                self._run(self.tables.set_level(CHANNEL, HUMAN_ID, seat, level))
