"""Every saved game agrees with its log: its version counts the log's entries, its document
reads back, and replaying the logged actions from its seed deals and plays exactly the
match it saved. What a crash, a restart or a hostile input must never break."""

from __future__ import annotations

import json
import re

from bot.session import TableDoc
from data import GameStatus, LogEntry, Store, StoredGame
from engine import CorruptGame, RummyError
from engine.game import Game
from engine.notation import parse_action

_SEAT_ACTION = re.compile(r"seat (\d+): (.+)")
_READS = 100  # a game saved without pause for this long is a runaway bot


async def inconsistent_games(store: Store) -> list[str]:
    """What is wrong with any game the store holds (empty: every one is consistent)."""
    problems: list[str] = []
    game_id = 0
    while (read := await _game_and_log(store, game_id := game_id + 1)) is not None:  # 1, 2…
        stored, log = read
        if stored.status is GameStatus.CORRUPT:
            continue
        where = f"game {stored.id} ({stored.status})"
        if stored.version != len(log):
            problems.append(f"{where}: version {stored.version}, {len(log)} log entries")
        try:
            doc, saved = TableDoc.from_json(stored.state)
        except CorruptGame as error:
            problems.append(f"{where}: unreadable document: {error}")
            continue
        try:
            replayed = _replay(doc, saved, [entry.action for entry in log])
        except (RummyError, ValueError, AssertionError) as error:
            problems.append(f"{where}: the log does not replay: {error!r}")
            continue
        if _match(replayed) != _match(saved):
            problems.append(f"{where}: replaying the log gives another game")
    return problems


async def _game_and_log(store: Store, game_id: int) -> tuple[StoredGame, list[LogEntry]] | None:
    """The game's row and its log as of one moment (None: no such game). They are two
    reads, and the bots may still be saving (what the channel shows of a finished match,
    say): the row is read again after the log, and both once more when a save came in
    between. A version only grows, so a row that stood still has exactly that log."""
    for _ in range(_READS):
        stored = await store.game(game_id)
        if stored is None:
            return None
        log = await store.game_log(game_id)
        again = await store.game(game_id)
        if again is not None and again.version == stored.version:
            return stored, log
    raise AssertionError(f"game {game_id} never stood still for {_READS} reads")


def _replay(doc: TableDoc, saved: Game | None, actions: list[str]) -> Game | None:
    """The match the logged actions make from the table's seed (None: never dealt)."""
    game: Game | None = None
    players = list(saved.players) if saved is not None else []
    rules = saved.rules if saved is not None else doc.rules

    def dealt() -> Game:
        return Game.new(rules, players, doc.seed)

    for action in actions:
        if action == "start":
            game = dealt()
        elif action == "next_round":
            game = game or dealt()
            game.start_next_round()
        elif (seat_action := _SEAT_ACTION.fullmatch(action)) is not None:
            game = game or dealt()  # a rematch's row is created dealt
            seat = int(seat_action[1])
            for step in seat_action[2].split(" ; "):
                game.apply(seat, parse_action(step, "en", kind=rules.kind))
    return game


def _match(game: Game | None) -> object:
    return None if game is None else json.loads(game.to_json())
