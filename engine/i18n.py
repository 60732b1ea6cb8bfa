"""The catalogs of texts: every word a player reads, in every language, from gettext files.

Glossary: a *key* names one message (``move.not_in_hand``); a *catalog* is a folder of
gettext files of one *domain*, ``<folder>/<lang>/LC_MESSAGES/<domain>.po``, each compiled
to its ``.mo`` at install (``setup.py`` runs Babel) and read with the standard library's
:mod:`gettext`; a *language* is one such file. The engine's own catalog,
``engine/locales/<lang>/LC_MESSAGES/rami.po``, holds the words of the rules (errors, cards,
notation, rules text, variants, names, levels, pictures). A host adds its own words in a
catalog beside it with :func:`add_catalog` (the bot's packages add ``bot/locales``, domain
``rami_bot``: the words of Discord, ``bot.*``, and of the terminal, ``local.*``, when
``bot`` is imported); :func:`t`, :meth:`Msg.text` and ``RummyError.message`` search every
catalog, so a key is looked up the same wherever it lives. A key lives in one catalog only
(the first folder holding it wins; the tests forbid a key in two).

In every catalog English (``en``) is the source: it holds every key of that catalog, and
any other language falls back to it for a key it lacks. A translator adds a language by
adding one ``.po`` file to each catalog: the languages are the files found, in any catalog,
never a list in the code (a language that one catalog lacks reads that catalog in English).

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
from collections.abc import Mapping, Sequence
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
    """Every language of one or more catalog folders; in each, English is the fallback.

    ``Catalog(directory, domain)`` reads ``directory/<lang>/LC_MESSAGES/<domain>.mo`` and
    then every catalog in ``beside`` (a sequence of ``(folder, domain)``; by default the
    catalogs the hosts added with :func:`add_catalog`). A key is read from the first
    catalog whose English holds it; a language that catalog lacks reads its English.

    Raises:
        FileNotFoundError: a folder holds no compiled English catalog (``<domain>.mo``);
            the message says how to build it.
    """

    def __init__(
        self,
        directory: Path = LOCALE_DIR,
        domain: str = DOMAIN,
        *,
        beside: Sequence[tuple[Path, str]] | None = None,
    ) -> None:
        self.directory = directory
        self.sources: tuple[tuple[Path, str], ...] = (
            (directory, domain), *(_hosts if beside is None else beside))
        # One {language: translation} per catalog, and the catalog of each key.
        self._owner: dict[str, dict[str, gettext.GNUTranslations]] = {}
        plurals: set[str] = set()
        found: set[str] = set()
        for folder, name in reversed(self.sources):  # the first catalog's keys win
            translations = _read_catalog(folder, name)
            found.update(translations)
            # gettext keeps a plural entry under (key, form): the keys chosen by ``count``.
            source = translations[SOURCE_LANGUAGE]
            entries: dict[Any, str] = source._catalog  # type: ignore[attr-defined]
            ours = {key[0] for key in entries if isinstance(key, tuple)}
            keys = {key for key in entries if isinstance(key, str) and key} | ours
            plurals = (plurals - keys) | ours
            self._owner.update(dict.fromkeys(keys, translations))
        self._first = translations  # the first catalog's, where an unknown key is read
        self.plurals = frozenset(plurals)
        self.keys = frozenset(self._owner)
        # English first, then the others by their code.
        self.languages: tuple[str, ...] = (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))
        # Each (key, language)'s template once read (not the plurals: theirs is a count's).
        self._templates: dict[tuple[str, str], str] = {}

    def template(self, key: str, lang: str, number: int | None = None) -> str:
        """The raw template of ``key`` in ``lang`` (English where ``lang`` is unknown or
        lacks it; the key itself where English lacks it too)."""
        if key in self.plurals:
            return self._translation(key, lang).ngettext(key, key, 1 if number is None else number)
        found = self._templates.get((key, lang))
        if found is None:
            found = self._translation(key, lang).gettext(key)
            if lang in self.languages and key in self.keys:  # bounded: the catalog's own
                self._templates[(key, lang)] = found
        return found

    def _translation(self, key: str, lang: str) -> gettext.GNUTranslations:
        """The translations of ``lang`` holding ``key`` (English's where ``lang`` has none)."""
        translations = self._owner.get(key, self._first)
        return translations.get(lang) or translations[SOURCE_LANGUAGE]

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
        """Whether ``lang``'s own file of the catalog holding ``key`` translates it (no
        fallback)."""
        translation = self._owner.get(key, self._first).get(lang)
        if translation is None:
            return False
        entries: Mapping[Any, str] = translation._catalog  # type: ignore[attr-defined]
        return key in entries or (key, 0) in entries


def _read_catalog(directory: Path, domain: str) -> dict[str, gettext.GNUTranslations]:
    """Every compiled language of one catalog folder, each falling back to its English."""
    found = {
        path.parent.parent.name: path
        for path in sorted(directory.glob(f"*/LC_MESSAGES/{domain}.mo"))
    }
    if SOURCE_LANGUAGE not in found:
        raise FileNotFoundError(
            f"no compiled catalog {directory}/{SOURCE_LANGUAGE}/LC_MESSAGES/{domain}.mo: "
            "install the package (pip install -e . or make), which compiles the .po files"
        )
    translations: dict[str, gettext.GNUTranslations] = {}
    for lang, path in found.items():
        with path.open("rb") as stream:
            translations[lang] = gettext.GNUTranslations(stream)
    for lang, translation in translations.items():
        if lang != SOURCE_LANGUAGE:
            translation.add_fallback(translations[SOURCE_LANGUAGE])
    return translations


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
_replaced: list[bool] = [False]  # whether _active holds a catalog given to use_catalog
_hosts: list[tuple[Path, str]] = []  # the catalogs added by add_catalog, in their order


def catalog() -> Catalog:
    """The catalog in use: the package's own and the hosts' (:func:`add_catalog`), loaded
    on first use."""
    if not _active:
        _active.append(Catalog())
    return _active[0]


def use_catalog(replacement: Catalog | None) -> None:
    """Use another catalog from now on (None: the package's own again); for tests and for
    hosts that ship more languages. A :class:`Catalog` built without ``beside`` searches
    the hosts' catalogs too."""
    _active.clear()
    if replacement is not None:
        _active.append(replacement)
    _replaced[0] = replacement is not None
    language_of.cache_clear()


def add_catalog(directory: Path, domain: str) -> None:
    """Search the catalog ``directory/<lang>/LC_MESSAGES/<domain>.mo`` too, beside the
    engine's: a host's own words (the bot adds its interfaces' catalog when imported). Its
    keys are then found by :func:`t`, :meth:`Msg.text` and ``RummyError.message``, its
    languages counted in :func:`languages`; adding the same catalog again changes nothing.
    The package's catalog is read afresh on next use (a catalog given to
    :func:`use_catalog` is kept as it was built).

    The folder is read when the catalog is next loaded, which raises
    ``FileNotFoundError`` if it holds no compiled English file."""
    source = (Path(directory), domain)
    if source not in _hosts:
        _hosts.append(source)
        _reload()


def remove_catalog(directory: Path, domain: str) -> None:
    """Stop searching a catalog added by :func:`add_catalog` (one never added: nothing)."""
    source = (Path(directory), domain)
    if source in _hosts:
        _hosts.remove(source)
        _reload()


def added_catalogs() -> tuple[tuple[Path, str], ...]:
    """The catalogs the hosts added (:func:`add_catalog`), as ``(folder, domain)``."""
    return tuple(_hosts)


def _reload() -> None:
    """Read the package's catalog afresh on next use (not one given to use_catalog)."""
    if not _replaced[0]:
        _active.clear()
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
