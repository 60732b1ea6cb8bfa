"""The one catalog of texts: every word a player reads, in every language, from gettext files.

Glossary: a *key* names one message (``move.not_in_hand``); a *language* is a gettext
catalog ``engine/locales/<lang>/LC_MESSAGES/rami.po``, compiled to ``rami.mo`` at install
(``setup.py`` runs Babel) and read with the standard library's :mod:`gettext`. English
(``en.po``) is the source catalog: it holds every key, and any other language falls back
to it for a key it lacks. A translator adds a language by adding one ``.po`` file: the
languages are the catalogs found, never a list in the code.

Texts are ``str.format`` templates with named placeholders (``{card}``). A message whose
entry has plural forms (``msgid_plural``) is chosen by its ``count`` parameter with the
language's own plural rule (English 1 card / 2 cards; French 0 carte, 1 carte, 2 cartes).
A parameter may itself be a :class:`Msg`, or any :class:`Localized` value (cards, which
each language writes with its own letters), rendered in the same language, so that a
message can quote another (a reason, a count of cards) without knowing the language.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

log = logging.getLogger("rami.i18n")

DOMAIN = "rami"
QUOTE_LENGTH = 40  # a message quotes at most this much of what a player typed
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).with_name("locales")


@runtime_checkable
class Localized(Protocol):
    """A message parameter written differently in each language (a :class:`Msg`, cards)."""

    def text(self, lang: str = SOURCE_LANGUAGE) -> str: ...


class Msg:
    """A message still to be put in words: a key and its parameters (which may be
    :class:`Msg` themselves). ``Msg("count.cards", count=3).text("fr")`` is ``3 cartes``."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params

    def text(self, lang: str = SOURCE_LANGUAGE) -> str:
        return catalog().text(self.key, lang, **self.params)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        args = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Msg({self.key!r}{args})"


def quote(text: object) -> str:
    """What a player typed, to quote in a message: its spaces folded, cut to
    :data:`QUOTE_LENGTH` characters (an ellipsis says so). Every error that quotes typed
    input goes through it, so that a 6,000-character input gets a short message."""
    folded = " ".join(str(text).split())
    return folded if len(folded) <= QUOTE_LENGTH else folded[: QUOTE_LENGTH - 1] + "…"


def count(noun: str, number: int) -> Msg:
    """``number`` and its noun in the plural form the language needs (``count.cards``…)."""
    return Msg(f"count.{noun}", count=number)


class Catalog:
    """Every language found in one locale folder; English is the fallback of the others.

    Raises:
        FileNotFoundError: the folder holds no compiled English catalog (``rami.mo``);
            the message says how to build it.
    """

    def __init__(self, directory: Path = LOCALE_DIR) -> None:
        self.directory = directory
        found = {
            path.parent.parent.name: path
            for path in sorted(directory.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
        }
        if SOURCE_LANGUAGE not in found:
            raise FileNotFoundError(
                f"no compiled catalog {directory}/{SOURCE_LANGUAGE}/LC_MESSAGES/{DOMAIN}.mo: "
                "install the package (pip install -e . or make), which compiles the .po files"
            )
        self._translations: dict[str, gettext.GNUTranslations] = {}
        for lang, path in found.items():
            with path.open("rb") as stream:
                self._translations[lang] = gettext.GNUTranslations(stream)
        source = self._translations[SOURCE_LANGUAGE]
        for lang, translation in self._translations.items():
            if lang != SOURCE_LANGUAGE:
                translation.add_fallback(source)
        # gettext keeps a plural entry under (key, form): the keys chosen by ``count``.
        entries: dict[Any, str] = source._catalog  # type: ignore[attr-defined]
        self.plurals = frozenset(key[0] for key in entries if isinstance(key, tuple))
        self.keys = frozenset(key for key in entries if isinstance(key, str) and key) | self.plurals
        # English first, then the others by their code.
        self.languages: tuple[str, ...] = (SOURCE_LANGUAGE, *sorted(set(found) - {SOURCE_LANGUAGE}))

    def template(self, key: str, lang: str, number: int | None = None) -> str:
        """The raw template of ``key`` in ``lang`` (English where ``lang`` is unknown or
        lacks it; the key itself where English lacks it too)."""
        translation = self._translations.get(lang) or self._translations[SOURCE_LANGUAGE]
        if key in self.plurals:
            return translation.ngettext(key, key, 1 if number is None else number)
        return translation.gettext(key)

    def text(self, key: str, lang: str = SOURCE_LANGUAGE, /, **params: Any) -> str:
        """The message ``key`` in ``lang``, its placeholders filled with ``params``."""
        number = params.get("count")
        template = self.template(key, lang, number if isinstance(number, int) else None)
        if not params:
            return template
        values = {name: _localized(value, lang) for name, value in params.items()}
        try:
            return template.format_map(values)
        except (KeyError, IndexError, ValueError):
            log.error("message %s (%s) lacks a parameter: %s", key, lang, sorted(params))
            return template

    def has(self, key: str, lang: str) -> bool:
        """Whether ``lang``'s own catalog translates ``key`` (no fallback)."""
        translation = self._translations.get(lang)
        if translation is None:
            return False
        entries: Mapping[Any, str] = translation._catalog  # type: ignore[attr-defined]
        return key in entries or (key, 0) in entries


# The usual parameters, tested by their exact type first: an ``isinstance`` against the
# runtime-checkable protocol costs ~0.1 ms (it inspects the value's attributes), which
# made the catalog a tenth of the bot's event loop under load (bench/bot_bench.py).
_PLAIN = frozenset({str, int, float, bool})


def _localized(value: Any, lang: str) -> Any:
    """``value`` as a message parameter in ``lang``: a :class:`Localized` one written."""
    if type(value) in _PLAIN:
        return value
    if type(value) is Msg:
        return value.text(lang)
    return value.text(lang) if isinstance(value, Localized) else value


_active: list[Catalog] = []


def catalog() -> Catalog:
    """The catalog in use: the package's own, loaded on first use."""
    if not _active:
        _active.append(Catalog())
    return _active[0]


def use_catalog(replacement: Catalog | None) -> None:
    """Use another catalog from now on (None: the package's own again); for tests and for
    hosts that ship more languages."""
    _active.clear()
    if replacement is not None:
        _active.append(replacement)
    language_of.cache_clear()


def t(key: str, lang: str = SOURCE_LANGUAGE, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in (see :class:`Catalog`)."""
    return catalog().text(key, lang, **params)


def languages() -> tuple[str, ...]:
    """The languages a player may read: every catalog found, English first."""
    return catalog().languages


def reading_order(lang: str) -> tuple[str, ...]:
    """The languages whose words a reader of ``lang`` is understood in: ``lang`` first,
    then the others (English first), so that a French player may type ``draw`` too."""
    return tuple(dict.fromkeys((lang, *languages())))


@cache
def language_of(locale: str | None) -> str | None:
    """The catalog language of a locale (``fr-FR`` → ``fr``, ``en_GB`` → ``en``), or None
    when no catalog speaks it."""
    if not locale:
        return None
    code = str(locale).strip().lower().replace("_", "-").split("-", 1)[0]
    return code if code in catalog().languages else None
