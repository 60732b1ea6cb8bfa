"""Every action of a turn, card variants and tile rummy alike.

:data:`Action` is the one type a game (:meth:`engine.game.Game.apply`), its rounds, the
computer players and the front ends pass around; the actions themselves are in
:mod:`engine.cards.actions` (``Draw``, ``Meld``…) and :mod:`engine.tiles.actions`
(``NewSet``, ``Confirm``…). A round refuses an action it does not play with
``IllegalMove``.
"""

from __future__ import annotations

from typing import Never, NoReturn, TypeAlias

from engine.cards.actions import CardAction
from engine.tiles.actions import TileAction

Action: TypeAlias = CardAction | TileAction


def unhandled(action: Never) -> NoReturn:
    """The last case of a ``match`` over :data:`Action` (or a part of it): mypy refuses a
    call reached by an action type no case handled (the argument is not ``Never``), so a
    new action fails type checking wherever an output forgets it; at run time a value
    that is no action at all raises.

    Raises:
        TypeError: always (``action`` is not an action).
    """
    raise TypeError(f"not an action: {action!r}")


__all__ = ["Action", "CardAction", "TileAction", "unhandled"]
