"""A computer seat's move, checked: the chosen level's, else the easy player's.

The tables' computer turns (:mod:`bot.session.autoplay`) and the daily championship's
(:mod:`bot.session.daily`) both ask here, each with the randomness it owes its players.
"""

from __future__ import annotations

import logging
import random

from bot.session.describe import describe_action
from bot.session.model import SessionError
from engine.actions import Action
from engine.ai import Level, choose_action
from engine.game import Game

log = logging.getLogger("rami.session")


def computer_action(game: Game, seat: int, level: Level, rng: random.Random) -> Action:
    """What the computer at ``seat`` plays now, at ``level``, drawing from ``rng``.

    A move the engine would refuse is logged and replaced by the easy player's.

    Raises:
        SessionError: ``session.computer_stuck``, no level found a legal move.
    """
    view = game.view(seat)
    for attempt_level in (level, Level.EASY):
        action = choose_action(view, game.rules, attempt_level, rng)
        if game.is_legal(seat, action):
            return action
        log.error("computer player chose an illegal move level=%s action=%s",
                  attempt_level, describe_action(action))
    raise SessionError("session.computer_stuck")
