"""The terminal game's tables: the session layer on a local SQLite file.

The terminal drives the same :class:`bot.session.Tables` as the Discord bot, so a move
is checked, saved and answered by the computer players exactly as on Discord. Each
terminal game is a table of its own (a "channel" numbered from 1) in the local file, so
starting a game never ends another: every unfinished game stays saved, is listed
(:meth:`LocalTable.games`) by its name (``rami51-2``: the variant and the number) and
can be resumed. The terminal plays anything of :class:`TerminalTable`'s shape: such a
table, or a try of the daily championship (:class:`bot.terminal.daily.LocalDaily`).

The terminal reads line by line, so this class runs the session's event loop between two
lines: computer turns (no pause) are played while the loop runs, and their moves are
handed to the terminal one by one to print, each with the table it was played on (a tile
play is shown as what it changed there). Ctrl-C during that work is held back until the
work is done and saved, then raised: a game is never left half-played.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from collections import deque
from collections.abc import Coroutine, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from bot.session import (
    Event,
    EventKind,
    Player,
    Preferences,
    SessionError,
    Snapshot,
    Status,
    TableDoc,
    Tables,
)
from bot.terminal import launch
from data import Store
from engine import CorruptGame
from engine.actions import Action
from engine.ai import Level
from engine.ai.tile_plans import view_table
from engine.game import Game
from engine.i18n import Msg
from engine.notation import is_action
from engine.rules import RuleSet
from engine.tiles.actions import Sets
from engine.views import Phase, PlayerView, PublicView

T = TypeVar("T")

GUILD = 0  # the terminal's one "server"
HUMAN_ID = 1
DEFAULT_DB = "data/local.sqlite3"


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A computer seat's move, played and saved, with the table it was played on."""

    seat: int
    action: Action
    before: Sets  # the tile sets on the table before the move (none in card games)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished terminal game as the list shows it."""

    channel: int
    variant: str
    players: tuple[str, ...]
    round_number: int
    updated_at: float  # Unix seconds of the last saved move

    @property
    def name(self) -> str:
        """What the player types to resume it: ``rami51-2``."""
        return game_name(self.variant, self.channel)


def game_name(variant: str, channel: int) -> str:
    """The name of the terminal game played on ``channel``: the variant and the number."""
    return f"{variant}-{channel}"


class TerminalTable(Protocol):
    """What the terminal plays: a :class:`LocalTable`, or a try of the daily championship
    (:class:`bot.terminal.daily.LocalDaily`)."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def version(self) -> int: ...

    @property
    def sort(self) -> str: ...

    @property
    def saved(self) -> Msg: ...

    def public_view(self) -> PublicView: ...

    def view(self) -> PlayerView: ...

    def snapshot(self) -> Snapshot: ...

    def outcome_winners(self) -> tuple[int, ...]: ...

    def apply_all(self, actions: Sequence[Action]) -> None: ...

    def computer_move(self) -> ComputerMove | None: ...

    def next_round(self) -> None: ...

    def levels(self) -> tuple[Level | None, ...]: ...

    def set_level(self, level: Level) -> None: ...

    def set_sort(self, sort: str) -> None: ...


def default_db() -> Path:
    """Where terminal games are saved: ``RAMI_LOCAL_DB``, else ``data/local.sqlite3``."""
    return Path(os.environ.get("RAMI_LOCAL_DB") or DEFAULT_DB)


@contextlib.contextmanager
def hold_interrupts() -> Iterator[None]:
    """Hold a Ctrl-C back until the block is done, then hand it to the SIGINT handler the
    block found (Python's own raises :class:`KeyboardInterrupt`). Main thread only: where
    signals are delivered.

    A game started with SIGINT ignored (under ``nohup``, or as a shell's background job)
    was asked to ignore Ctrl-C: it is left ignored, held or not.
    """
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN):
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        signal.raise_signal(signal.SIGINT)  # now, to the handler that was there


class LocalTable:
    """The terminal's games in one local file, and the one being played: the human at
    seat 1 (index 0), computer players after."""

    def __init__(self, loop: asyncio.AbstractEventLoop, store: Store, tables: Tables) -> None:
        self.loop = loop
        self.store = store
        self.tables = tables
        self.prefs = Preferences(store)
        self.channel = 0  # the game being played; 0: none chosen yet
        self._moves: deque[ComputerMove] = deque()
        self._table: Sets = ()  # the tile sets on the table after the last change
        tables.subscribe(self._on_event)

    @classmethod
    def open(cls, db: Path, seed: int) -> LocalTable:
        """The local file's games, none chosen yet (:meth:`start` or :meth:`resume` one);
        ``seed`` deals the next new game."""
        loop = asyncio.new_event_loop()
        try:
            with hold_interrupts():
                store = loop.run_until_complete(Store.open(db))
        except BaseException:
            loop.close()
            raise
        return cls(loop, store, Tables(store, ai_delay=0, seed_source=lambda: seed,
                                       turn_timeout=0))

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        with hold_interrupts():
            return self.loop.run_until_complete(coro)

    def close(self) -> None:
        """Stop the computer players and close the store (every move is already saved)."""
        with hold_interrupts():
            self.loop.run_until_complete(self.tables.close())
            self.loop.run_until_complete(self.store.close())
        self.loop.close()

    # -- choosing the game ----------------------------------------------------------------

    def games(self) -> list[SavedGame]:
        """The unfinished games of the file, the last played first (a damaged one is left
        out: the session isolates it when it is opened)."""
        found = []
        for stored in self._run(self.store.active_games()):
            try:
                doc, game = TableDoc.from_json(stored.state)
            except CorruptGame:
                continue
            if doc.status is Status.PLAYING and game is not None:
                found.append(SavedGame(stored.channel_id, doc.variant,
                                       tuple(seat.name for seat in doc.seats),
                                       game.round_number, stored.updated_at))
        return sorted(found, key=lambda saved: (-saved.updated_at, saved.channel))

    def find(self, name: str) -> SavedGame:
        """The unfinished game called ``name`` (``rami51-2``, or just its number ``2``).

        Raises:
            SessionError: no such game (``local.no_such_game``, naming those there are).
        """
        games = self.games()
        wanted = name.strip().lower()
        for saved in games:
            if wanted in (saved.name.lower(), str(saved.channel)):
                return saved
        names = ", ".join(saved.name for saved in games) or "—"
        raise SessionError("local.no_such_game", name=name, names=names,
                           listing=launch.command("play --list"))

    def start(self, rules: RuleSet, players: int, level: Level, name: str, lang: str) -> str:
        """Deal a new game on a number no unfinished game uses; returns its name.

        Raises:
            RummyError: impossible settings (player count, level…); nothing is dealt.
        """
        busy = {saved.channel for saved in self.games()}
        channel = next(number for number in range(1, len(busy) + 2) if number not in busy)
        tables = self.tables
        snapshot = self._run(tables.snapshot(channel))
        if snapshot is not None and snapshot.status is Status.LOBBY:  # left while dealing
            self._run(tables.cancel(channel, HUMAN_ID, is_moderator=True))
        self._run(tables.open_lobby(channel, GUILD, Player(HUMAN_ID, name), rules.name))
        try:
            for _ in range(players - 1):
                self._run(tables.add_computer(channel, HUMAN_ID, level))
            self._run(tables.start(channel, HUMAN_ID))
        except BaseException:
            self._run(tables.cancel(channel, HUMAN_ID, is_moderator=True))
            raise
        self._run(tables.set_ui(channel, lang=lang))
        self._choose(channel)
        return game_name(rules.name, channel)

    def language_of(self, saved: SavedGame) -> str | None:
        """The language ``saved`` was started in (None if it was saved before that was
        remembered)."""
        snapshot = self._run(self.tables.snapshot(saved.channel))
        return snapshot.ui.lang if snapshot is not None else None

    def resume(self, saved: SavedGame) -> None:
        """Go on with ``saved`` where it was left (its computer turns start again).

        Raises:
            SessionError: the game is no longer there (``local.no_such_game``).
        """
        if saved.channel not in self._run(self.tables.resume(saved.channel)):
            raise SessionError("local.no_such_game", name=saved.name, names="—",
                               listing=launch.command("play --list"))
        self._choose(saved.channel)

    def _choose(self, channel: int) -> None:
        self.channel = channel
        self._moves.clear()
        self._table = view_table(self.public_view())

    async def _on_event(self, event: Event) -> None:
        if event.snapshot.channel_id != self.channel:
            return
        before, seat = self._table, event.seat
        if event.snapshot.view is not None:
            self._table = view_table(event.snapshot.view)
        if (event.kind is EventKind.ACTION and seat is not None and is_action(event.move)
                and event.snapshot.seats[seat].is_computer):
            self._moves.append(ComputerMove(seat, event.move, before))

    # -- what the terminal asks ---------------------------------------------------------

    def snapshot(self) -> Snapshot:
        snapshot = self._run(self.tables.snapshot(self.channel))
        assert snapshot is not None, "no game chosen"
        return snapshot

    @property
    def name(self) -> str:
        return game_name(self.snapshot().variant, self.channel)

    @property
    def saved(self) -> Msg:
        """What the terminal says when the player leaves: the game is saved, and how to
        resume it."""
        name = self.name
        return Msg("local.saved", name=name, command=launch.command(f"play --game {name}"))

    @property
    def rules(self) -> RuleSet:
        return self.snapshot().rules

    @property
    def lang(self) -> str | None:
        """The language the game was started in (None for a game saved before it was
        remembered)."""
        return self.snapshot().ui.lang

    def public_view(self) -> PublicView:
        view = self.snapshot().view
        assert view is not None
        return view

    @property
    def phase(self) -> Phase:
        return self.public_view().phase

    @property
    def version(self) -> int:
        """How many changes the game has had: a new number means something to show."""
        return self.snapshot().version

    def view(self) -> PlayerView:
        """The human's view (the terminal shows no other seat's hand)."""
        return self._run(self.tables.hand(self.channel, HUMAN_ID))

    def outcome_winners(self) -> tuple[int, ...]:
        game: Game | None = self.tables.game_copy(self.channel)
        outcome = game.outcome() if game is not None else None
        return tuple(outcome.winners) if outcome is not None else ()

    @property
    def sort(self) -> str:
        """How the player sorts their hand (``suit`` or ``rank``), kept between games."""
        return str(self._run(self.prefs.player(HUMAN_ID)).sort)

    def set_sort(self, sort: str) -> None:
        """Save the player's sort.

        Raises:
            SessionError: a sort the pictures do not draw.
        """
        self._run(self.prefs.update_player(HUMAN_ID, sort=sort))

    # -- what the terminal does ---------------------------------------------------------

    def apply_all(self, actions: Sequence[Action]) -> None:
        """Play one command's actions together (saved before it returns): all of them,
        or none when one is refused."""
        self._run(self.tables.act_many(self.channel, HUMAN_ID, actions))

    def computer_move(self) -> ComputerMove | None:
        """The next computer move to show (played and saved already), or None once the
        computer players have nothing more to do."""
        if not self._moves:
            self._run(self.tables.idle(self.channel))
        return self._moves.popleft() if self._moves else None

    def next_round(self) -> None:
        self._run(self.tables.next_round(self.channel, HUMAN_ID))

    def levels(self) -> tuple[Level | None, ...]:
        """Each seat's computer level (None for the human)."""
        return tuple(seat.level for seat in self.snapshot().seats)

    def set_level(self, level: Level) -> None:
        """Every computer seat plays at ``level`` from now on; the game goes on."""
        for seat, who in enumerate(self.snapshot().seats):
            if who.is_computer:
                self._run(self.tables.set_level(self.channel, HUMAN_ID, seat, level))
