"""Engine actions as the game log and the table's last move show them: the engine's
notation (:mod:`engine.notation`), a confirmed draft as the play it lays."""

from __future__ import annotations

from bot.session.tile_edits import draft_play
from engine.actions import Action
from engine.game import Game
from engine.notation import format_action
from engine.tiles.actions import Confirm


def describe_action(action: Action) -> str:
    """An action in the engine's English notation, e.g. ``meld 7♥ 8♥ 9♥ | Q♠ Q♥ Q♦``
    (:func:`engine.notation.format_action`); for the game log and ``Event.action``."""
    return format_action(action)


def shown_action(game: Game, seat: int, action: Action) -> Action:
    """What the log and the move lines show of ``action`` about to be played: a confirmed
    draft as the :class:`~engine.tiles.actions.Play` it lays (what changes on the table),
    anything else as it is."""
    if isinstance(action, Confirm):
        return draft_play(game.view(seat)) or action
    return action
