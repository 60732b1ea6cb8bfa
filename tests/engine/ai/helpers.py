"""Helpers for the computer-player tests: seeded playouts through the real engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.ai import choose_action
from engine.game import Game
from engine.rules import RuleSet
from engine.views import Phase

LevelOf = Callable[[int, int], str]  # (seat, action number) -> level
P = TypeVar("P")


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


def look_alike_decks(
    deck: Sequence[P], hand_size: int, seed: int, *, face_up: int, reshuffle: int
) -> tuple[list[P], list[P]]:
    """Two orders of ``deck`` for two players that seat 0 cannot tell apart: ``deck``
    shuffled with ``seed``, and that order again with what seat 0 does not see (seat 1's
    hand, every other piece of the deal, and the stock after the ``face_up`` pieces the
    deal turns up) shuffled with ``reshuffle``."""
    shown = list(deck)
    random.Random(seed).shuffle(shown)
    other = list(shown)
    dealt = 2 * hand_size
    hidden = [i for i in range(dealt) if i % 2 == 1] + list(range(dealt + face_up, len(shown)))
    moved = [other[i] for i in hidden]
    random.Random(reshuffle).shuffle(moved)
    for i, piece in zip(hidden, moved, strict=True):
        other[i] = piece
    return shown, other
