"""Helpers for the computer-player tests: seeded playouts through the real engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.ai import choose_action
from engine.game import Game
from engine.rules import RuleSet
from engine.views import Phase

LevelOf = Callable[[int, int], str]  # (seat, action number) -> level


def play_out(
    rules: RuleSet,
    levels: Sequence[str] | LevelOf,
    seed: int,
    *,
    rounds: int | None = None,
    max_actions: int = 50_000,
) -> tuple[Game, list[object]]:
    """Play a seeded game with computer players at every seat (an IllegalMove fails the
    test). Stops after ``rounds`` rounds, or at the end of the match."""
    seats = len(levels) if not callable(levels) else 2
    game = Game.new(rules, [f"cpu{seat}" for seat in range(seats)], seed)
    rng = random.Random(seed)
    actions: list[object] = []
    played_rounds = 0
    while len(actions) < max_actions:
        if game.phase is Phase.MATCH_OVER:
            break
        if game.phase is Phase.ROUND_OVER:
            played_rounds += 1
            if rounds is not None and played_rounds >= rounds:
                break
            game.start_next_round()
            continue
        seat = game.current
        level = levels(seat, len(actions)) if callable(levels) else levels[seat]
        action = choose_action(game.view(seat), rules, level, rng)
        game.apply(seat, action)
        actions.append(action)
    return game, actions
