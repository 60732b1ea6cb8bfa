"""The base of the action values: ``str(action)`` is the action in notation.

The card and tile actions derive from :class:`Notated`, so that ``str(Meld(...))`` is
``meld 7♥ 8♥ 9♥`` as python-chess's ``str(move)`` is its UCI text; ``repr`` stays the
dataclass call that rebuilds the value. The notation itself is :mod:`engine.notation`.
"""

from __future__ import annotations


class Notated:
    """Mixin of the action dataclasses: their text is their English notation."""

    __slots__ = ()

    def __str__(self) -> str:
        # Imported here: the notation reads the action classes, which derive from this one.
        from engine.notation import format_action, is_action

        if not is_action(self):
            return object.__repr__(self)
        return format_action(self, "en")
