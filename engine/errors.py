"""Errors raised by the engine, one class per kind, each a ``ValueError``.

Every error carries a stable ``code`` and named ``params`` so that the bot and the
terminal game can show it in the player's language (``error.message("fr")``);
``str(error)`` is the English text. Modules register their own message templates
with :func:`register_messages`; templates use ``str.format`` named placeholders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

Language = str  # "en" or "fr"
LANGUAGES: tuple[Language, ...] = ("en", "fr")

_CATALOG: dict[str, dict[Language, str]] = {}


def register_messages(messages: Mapping[str, Mapping[Language, str]]) -> None:
    """Add message templates ``{code: {"en": ..., "fr": ...}}`` to the catalog.

    Raises:
        ValueError: a template lacks a language or a code is registered twice
            with different text.
    """
    for code, texts in messages.items():
        missing = [lang for lang in LANGUAGES if lang not in texts]
        if missing:
            raise ValueError(f"message {code!r} lacks {', '.join(missing)}")
        known = _CATALOG.get(code)
        if known is not None and known != dict(texts):
            raise ValueError(f"message {code!r} registered twice with different text")
        _CATALOG[code] = dict(texts)


def message_codes() -> frozenset[str]:
    """Every registered message code (tests check each has both languages)."""
    return frozenset(_CATALOG)


def render_message(code: str, lang: Language = "en", **params: Any) -> str:
    """The text of message ``code`` in ``lang`` (English when ``lang`` is unknown)."""
    texts = _CATALOG.get(code)
    if texts is None:
        return code
    template = texts.get(lang) or texts["en"]
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


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

    def message(self, lang: Language = "en") -> str:
        """The message in ``lang`` ("en" or "fr")."""
        return render_message(self.code, lang, **self.params)


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


register_messages(
    {
        "error": {"en": "Something went wrong.", "fr": "Une erreur s'est produite."},
        "notation": {
            "en": "{token!r} is not a card.",
            "fr": "{token!r} n'est pas une carte.",
        },
        "illegal_meld": {
            "en": "That is not a valid meld.",
            "fr": "Ce n'est pas une combinaison valide.",
        },
        "illegal_move": {
            "en": "That move is not allowed now.",
            "fr": "Ce coup n'est pas permis maintenant.",
        },
        "rule": {"en": "Invalid rule setting.", "fr": "Réglage de règle invalide."},
        "corrupt_game": {
            "en": "The saved game is damaged: {detail}",
            "fr": "La partie enregistrée est abîmée : {detail}",
        },
    }
)
