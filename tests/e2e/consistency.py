"""Every saved game agrees with its log: its version counts the log's entries, its document
reads back, and replaying the logged actions from its seed deals and plays exactly the
match it saved. What a crash, a restart or a hostile input must never break."""

from __future__ import annotations

import json
import re

from bot.session import TableDoc
from data import GameStatus, Store
from engine import CorruptGame, RummyError
from engine.game import Game
from engine.notation import parse_action

_SEAT_ACTION = re.compile(r"seat (\d+): (.+)")


async def inconsistent_games(store: Store) -> list[str]:
    """What is wrong with any game the store holds (empty: every one is consistent)."""
    problems: list[str] = []
    game_id = 0
    while (stored := await store.game(game_id := game_id + 1)) is not None:  # ids: 1, 2, 3…
        if stored.status is GameStatus.CORRUPT:
            continue
        log = await store.game_log(stored.id)
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
