"""Errors raised by the engine, one class per kind, each a ``ValueError``.

Every error carries a stable ``code`` (a key of the text catalog, :mod:`engine.i18n`) and
named ``params``, so that the bot and the terminal game show it in the player's language
(``error.message("fr")``); ``str(error)`` is the English text.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.i18n import Msg, t


class RummyError(ValueError):
    """Base of every engine error: a code, parameters, and texts in two languages."""

    default_code: ClassVar[str] = "error"

    def __init__(self, code: str | None = None, /, **params: Any) -> None:
        self.code = code or self.default_code
        self.params = params
        # The text is rendered only when asked for: legality checks raise many errors.
        super().__init__(self.code)

    def __str__(self) -> str:
        return self.message("en")

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` (English where the catalog lacks that language)."""
        return t(self.code, lang, **self.params)

    def as_msg(self) -> Msg:
        """The message still to be put in words, to quote inside another one."""
        return Msg(self.code, **self.params)


class NotationError(RummyError):
    """Text that is not a card or tile; quotes the bad token and what is accepted."""

    default_code = "notation"


class IllegalMeld(RummyError):
    """Cards or tiles that do not form a valid group or run under the rules."""

    default_code = "illegal_meld"


class IllegalMove(RummyError):
    """An action the rules forbid now; the game is left exactly as it was."""

    default_code = "illegal_move"


class RuleError(RummyError):
    """An unknown rule parameter, variant or impossible value."""

    default_code = "rule"


class CorruptGame(RummyError):
    """A saved game document that is malformed, tampered with or of an unknown version."""

    default_code = "corrupt_game"
