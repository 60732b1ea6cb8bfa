"""Shared helpers of the session tests: a table snapshot as a front end receives it."""

from __future__ import annotations

import random

from bot.session import Seat, Snapshot, Status, TableUi
from engine import variant
from engine.ai import choose_action
from engine.game import Game
from engine.views import Phase


def finished_round(name: str, seed: int = 3) -> Snapshot:
    """The snapshot of a two-player table (ann, and the easy computer bob) whose first
    round the computer player played to its end for both seats."""
    game = Game.new(variant(name), ["ann", "bob"], seed)
    rng = random.Random(seed)
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.current
        game.apply(seat, choose_action(game.view(seat), game.rules, "easy", rng))
    hands = tuple(game.round.hand(seat) for seat in range(2))
    return Snapshot(channel_id=1, guild_id=2, game_id=3, status=Status.PLAYING, variant=name,
                    created_by=1, seats=(Seat("ann", 1), Seat("bob", None, "easy")),
                    view=game.public_view(), ui=TableUi(), version=1, hands=hands)
