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
from engine.cards.actions import Discard, Draw
from engine.cards.card import Card
from engine.game import Game
from engine.rules import Kind
from engine.tiles.actions import DrawTile, Pass
from engine.views import Phase

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


def skip_action(game: Game, seat: int, rng: random.Random) -> Action:
    """The move that lets a timed-out turn pass (the ``skip`` time-out, issue 27), with
    the rules kept: tiles, a draw from the pool (its draft dropped), or a pass when the
    pool is empty; cards, a draw from the stock, then that card discarded as it came
    (the hand holds what it held). A move the rules refuse there (a card taken from the
    discard pile before the time-out that may not go back) is the easy player's.

    Raises:
        SessionError: ``session.computer_stuck``, no legal move found.
    """
    candidates: tuple[Action, ...]
    if game.rules.kind is Kind.TILES:
        candidates = (DrawTile(), Pass())
    elif game.phase is Phase.DRAW:
        candidates = (Draw("stock"),)
    else:
        hand = game.view(seat).hand
        last = hand[-1] if hand else None  # the card drawn last
        candidates = (Discard(last),) if isinstance(last, Card) else ()
    for action in candidates:
        if game.is_legal(seat, action):
            return action
    return computer_action(game, seat, Level.EASY, rng)
