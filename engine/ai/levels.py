"""The computer players' levels: their codes, their stars, their names in every language.

A level is a :class:`Level`, saved as its code (``easy``, ``medium``, ``hard``); players
read and type its name in their language (catalog ``level.<code>``: ``facile``,
``moyen``, ``difficile``), and its stars (★ to ★★★) mark a computer seat's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import RuleError
from engine.i18n import quote, reading_order, t
from engine.notation_words import fold


class Level(StrEnum):
    """A computer player's level; its value is the code saved in games and logs."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


LEVELS: tuple[Level, ...] = tuple(Level)
STARS = {Level.EASY: "★", Level.MEDIUM: "★★", Level.HARD: "★★★"}


def level_name(level: str, lang: str = "en") -> str:
    """The name of ``level`` (a :class:`Level` or its code) in ``lang`` (``difficile``
    for ``hard`` in French); an unknown code is shown as it is."""
    return t(f"level.{level}", lang) if level in LEVELS else level


@dataclass(frozen=True, slots=True)
class LevelNames:
    """The levels listed in the language of the message quoting them (``easy, medium,
    hard`` / ``facile, moyen, difficile``): a message parameter."""

    def text(self, lang: str = "en") -> str:
        return ", ".join(level_name(level, lang) for level in LEVELS)


def read_level(text: str, lang: str = "en") -> Level:
    """The level named by ``text``: its name in any language (the reader's first,
    case and accents ignored), its code or its stars.

    Raises:
        RuleError: ``text`` names no level (``ai.level``, listing the names in the
            reader's language).
    """
    wanted = fold(text.strip())
    for language in reading_order(lang):
        for level in LEVELS:
            if wanted in (fold(level_name(level, language)), level, STARS[level]):
                return level
    raise RuleError("ai.level", level=quote(text), levels=LevelNames())
