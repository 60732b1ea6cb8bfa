"""``rummy-bot play --daily``: the daily championship in the terminal, one local "server".

The day's deal is the session layer's (:class:`bot.session.daily.Daily`), saved in the
terminal's local file like its other games: the same tries a day, the same close, the same
score and ranking as on Discord, the last try going on where it was left. The try is
played by the ordinary terminal (``play``, given by :mod:`bot.terminal.app`) on a
:class:`LocalDaily`, which has the terminal table's shape
(:class:`~bot.terminal.table.TerminalTable`); when it ends, its result and the day's
ranking are shown.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TextIO, TypeVar

from bot.session import Player, Preferences, SessionError, Snapshot, Status, TableUi
from bot.session.daily import TRIES_A_DAY, Daily, TryState
from bot.session.daily.words import ranking_lines, result_lines
from bot.session.dates import long_date
from bot.terminal import launch
from bot.terminal.table import (
    GUILD,
    HUMAN_ID,
    ComputerMove,
    TerminalTable,
    default_db,
    hold_interrupts,
)
from data import Store
from engine import RuleSet, RummyError
from engine.actions import Action
from engine.ai import Level
from engine.i18n import Msg, t
from engine.names import YOU
from engine.views import Phase, PlayerView, PublicView

T = TypeVar("T")


class LocalDaily:
    """The player's try of the day, as the terminal plays a table."""

    def __init__(self, loop: asyncio.AbstractEventLoop, store: Store, daily: Daily,
                 state: TryState) -> None:
        self.loop, self.store, self.daily, self.state = loop, store, daily, state
        self.prefs = Preferences(store)
        self.version = 0  # a change of the try (the player's or a computer's move) adds one
        self._moves: deque[ComputerMove] = deque()

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        with hold_interrupts():  # a Ctrl-C waits for the move to be saved
            return self.loop.run_until_complete(coro)

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    def public_view(self) -> PublicView:
        return self.state.view

    @property
    def phase(self) -> Phase:
        return self.state.view.phase

    def view(self) -> PlayerView:
        return self.state.view

    def snapshot(self) -> Snapshot:
        """The try as a table's snapshot (what the terminal shows at a round's end)."""
        over = self.state.result is not None
        return Snapshot(channel_id=0, guild_id=GUILD, game_id=0,
                        status=Status.MATCH_OVER if over else Status.PLAYING,
                        variant=self.rules.name, created_by=HUMAN_ID, seats=self.state.seats,
                        view=self.state.view, ui=TableUi(), version=self.version,
                        rules=self.rules, hands=self.state.hands)

    @property
    def saved(self) -> Msg:
        return Msg("local.daily.saved", command=launch.command("play --daily"))

    @property
    def sort(self) -> str:
        """How the player sorts their hand, as in their other terminal games."""
        return str(self._run(self.prefs.player(HUMAN_ID)).sort)

    def set_sort(self, sort: str) -> None:
        self._run(self.prefs.update_player(HUMAN_ID, sort=sort))

    def outcome_winners(self) -> tuple[int, ...]:
        rounds = self.state.view.rounds
        winner = rounds[-1].winner if rounds else None
        return () if winner is None else (winner,)

    def apply_all(self, actions: Sequence[Action]) -> None:
        """Play the player's actions, then the computers' answers (shown one by one)."""
        self.state = self._run(self.daily.act(GUILD, HUMAN_ID, actions, ref=self.state.ref))
        self.version += 1
        self._moves.extend(ComputerMove(seat, action, ()) for seat, action in self.state.moves)

    def computer_move(self) -> ComputerMove | None:
        if not self._moves:
            return None
        self.version += 1
        return self._moves.popleft()

    def next_round(self) -> None:
        raise SessionError("daily.one_round")  # a try is one round

    def levels(self) -> tuple[Level | None, ...]:
        """Each seat's computer level (None for the player)."""
        return tuple(seat.level for seat in self.state.seats)

    def set_level(self, level: Level) -> None:
        raise SessionError("daily.level_fixed")  # the day's computers are everyone's

    def close(self) -> None:
        self._run(self.store.close())  # every move is saved already
        self.loop.close()


def run(args: argparse.Namespace, stdout: TextIO, *,
        play: Callable[[TerminalTable], int], clock: Callable[[], float] = time.time,
        secret_source: Callable[[], bytes] | None = None) -> int:
    """Play (or go on with) the player's try of today's deal with ``play`` (the terminal,
    writing to ``stdout`` as this does); returns the exit status."""
    lang: str = args.lang or "en"
    loop = asyncio.new_event_loop()
    store = loop.run_until_complete(Store.open(args.db or default_db()))
    daily = Daily(store, clock=clock, secret_source=secret_source)
    you = Player(HUMAN_ID, YOU)  # shown as the reader's language says "you"
    try:
        loop.run_until_complete(daily.close_due())  # past days booked, nowhere to post
        resumed = _in_progress(loop, daily)
        state = loop.run_until_complete(daily.play(GUILD, you))
    except RummyError as error:
        print(error.message(lang), file=stdout)
        loop.run_until_complete(store.close())
        loop.close()
        return 0
    table = LocalDaily(loop, store, daily, state)
    try:
        _say(stdout, "local.daily.header", lang, day=long_date(state.day.day, lang),
             number=state.number, tries=TRIES_A_DAY, time=state.day.close_text, zone=state.day.zone)
        if state.dropped is not None:
            _say(stdout, "bot.daily.dropped", lang, day=long_date(state.dropped, lang))
        if resumed == state.ref:
            _say(stdout, "local.daily.resumed", lang)
        status = play(table)
        if table.state.result is not None:
            _show_end(table, lang, stdout)
        return status
    finally:
        table.close()


def _in_progress(loop: asyncio.AbstractEventLoop, daily: Daily) -> int | None:
    """The try in progress before this run, if any (to say that it goes on)."""
    try:
        return loop.run_until_complete(daily.current(GUILD, HUMAN_ID)).ref
    except SessionError:
        return None


def _show_end(table: LocalDaily, lang: str, out: TextIO) -> None:
    for line in result_lines(table.state):
        print(line.text(lang), file=out)
    board = table._run(table.daily.ranking(GUILD, HUMAN_ID, table.state.day.day))
    print(t("bot.daily.ranking.title", lang, title=t("bot.daily.title", lang,
                                                          day=long_date(board.day.day, lang))),
          file=out)
    for line in ranking_lines(board):
        print(f"  {line.text(lang)}", file=out)


def _say(out: TextIO, code: str, lang: str, **params: Any) -> None:
    print(t(code, lang, **params), file=out)
