"""Every action of a turn, card variants and tile rummy alike.

:data:`Action` is the one type a game (:meth:`engine.game.Game.apply`), its rounds, the
computer players and the front ends pass around; the actions themselves are in
:mod:`engine.cards.actions` (``Draw``, ``Meld``…) and :mod:`engine.tiles.actions`
(``NewSet``, ``Confirm``…). A round refuses an action it does not play with
``IllegalMove``.
"""

from __future__ import annotations

from typing import TypeAlias

from engine.cards.actions import CardAction
from engine.tiles.actions import TileAction

Action: TypeAlias = CardAction | TileAction

__all__ = ["Action", "CardAction", "TileAction"]
