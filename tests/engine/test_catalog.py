"""How the catalogs are read: real plural forms, a message quoting another in its own
language, fallbacks, a language added by one file, and a host's catalog searched beside the
engine's (:func:`engine.i18n.add_catalog`). What the catalogs hold is checked in
tests/test_catalogs.py."""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.mofile import write_mo

from engine import i18n
from engine.errors import IllegalMove
from engine.i18n import (
    DOMAIN,
    LOCALE_DIR,
    Catalog,
    Msg,
    add_catalog,
    count,
    remove_catalog,
    t,
    use_catalog,
)

Entries = Mapping[str, str | tuple[str, str]]
# The plural rules of the catalogs' headers (Babel's own for French has a third form).
PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);"}


def write_catalog(folder: Path, domain: str, texts: Mapping[str, Entries]) -> Path:
    """A compiled catalog in ``folder``: ``{lang: {key: text or (one, many)}}``, as the
    install writes it from the .po files."""
    for lang, entries in texts.items():
        book = PoCatalog(locale=lang)
        if lang in PLURAL_FORMS:
            book.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
        for key, text in entries.items():
            book.add((key, key) if isinstance(text, tuple) else key, text)
        target = folder / lang / "LC_MESSAGES" / f"{domain}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as stream:
            write_mo(stream, book)
    return folder


HOST = {
    "en": {"host.hello": "Hello {name}", "host.hand": ("Your hand ({count} card)",
                                                       "Your hand ({count} cards)"),
           "host.seat": "{name}: {pieces}, {status}"},
    "fr": {"host.hello": "Bonjour {name}", "host.hand": ("Votre main ({count} carte)",
                                                         "Votre main ({count} cartes)"),
           "host.seat": "{name} : {pieces}, {status}"},
}


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Path]:
    """A host's catalog (domain ``host``, English and French) added for the test."""
    folder = write_catalog(tmp_path / "host", "host", HOST)
    add_catalog(folder, "host")
    try:
        yield folder
    finally:
        remove_catalog(folder, "host")


def engine_only() -> Catalog:
    return Catalog(beside=())


def test_the_engine_catalog_alone_speaks_english_and_french() -> None:
    book = engine_only()
    assert book.languages == ("en", "fr")
    assert not any(key.startswith(("bot.", "local.")) for key in book.keys)
    assert book.text("score.title", "fr") == "Feuille de marque"


@pytest.mark.parametrize(("lang", "number", "expected"), [
    ("en", 0, "0 cards"), ("en", 1, "1 card"), ("en", 2, "2 cards"),
    ("fr", 0, "0 carte"), ("fr", 1, "1 carte"), ("fr", 2, "2 cartes"),
])
def test_real_plural_forms(lang: str, number: int, expected: str) -> None:
    assert t("count.cards", lang, count=number) == expected


def test_an_unknown_key_or_language_falls_back() -> None:
    assert t("no.such.key", "fr") == "no.such.key"
    assert t("score.title", "xx") == t("score.title", "en") == "Score sheet"


def test_a_host_catalog_is_searched_by_t_msg_and_errors(host: Path) -> None:
    assert t("host.hello", "fr", name="Ada") == "Bonjour Ada"
    assert Msg("host.hello", name="Ada").text("en") == "Hello Ada"
    assert IllegalMove("host.hello", name="Ada").message("fr") == "Bonjour Ada"
    assert [t("host.hand", "fr", count=n) for n in (1, 2)] == [
        "Votre main (1 carte)", "Votre main (2 cartes)"]
    assert t("score.title", "fr") == "Feuille de marque"  # the engine's words still found
    assert i18n.catalog().has("host.hello", "fr") and not i18n.catalog().has("host.x", "fr")
    assert i18n.added_catalogs()[-1] == (host, "host")


def test_a_message_quotes_another_from_the_other_catalog(host: Path) -> None:
    seat = Msg("host.seat", name="Ada", pieces=count("cards", 1), status=Msg("seat.not_opened"))
    assert seat.text("en") == "Ada: 1 card, not opened yet"
    assert seat.text("fr") == "Ada : 1 carte, pas encore posé"


def test_a_removed_catalog_is_no_longer_searched(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "host", "host", HOST)
    add_catalog(folder, "host")
    add_catalog(folder, "host")  # twice: still once
    assert i18n.added_catalogs().count((folder, "host")) == 1
    assert t("host.hello", "en", name="Ada") == "Hello Ada"
    remove_catalog(folder, "host")
    assert t("host.hello", "en") == "host.hello"


def test_a_language_in_one_catalog_only_reads_the_other_in_english(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "host", "host", {
        **HOST, "de": {"host.hello": "Hallo {name}"}})
    book = Catalog(beside=[(folder, "host")])
    assert book.languages == ("en", "de", "fr")
    assert book.text("host.hello", "de", name="Ada") == "Hallo Ada"
    assert book.text("host.hand", "de", count=2) == "Your hand (2 cards)"  # not translated
    assert book.text("score.title", "de") == "Score sheet"  # the engine has no German


def test_a_key_in_two_catalogs_is_read_from_the_first(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "host", "host", {
        "en": {"score.title": "Not this one", "host.only": "Mine"}})
    book = Catalog(beside=[(folder, "host")])
    assert book.text("score.title", "en") == "Score sheet"
    assert book.text("host.only", "fr") == "Mine"


def test_a_catalog_without_english_is_refused(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "host", "host", {"fr": {"host.hello": "Bonjour"}})
    with pytest.raises(FileNotFoundError, match=r"en/LC_MESSAGES/host\.mo"):
        Catalog(beside=[(folder, "host")])


def test_a_language_is_added_by_adding_one_file(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    shutil.copytree(LOCALE_DIR, locales)
    write_catalog(locales, DOMAIN, {"de": {
        "score.title": "Spielbericht",
        "count.cards": ("{count} Karte", "{count} Karten")}})  # what the install does
    try:
        use_catalog(Catalog(locales, beside=()))
        assert i18n.languages() == ("en", "de", "fr")
        assert t("score.title", "de") == "Spielbericht"
        assert t("count.cards", "de", count=1) == "1 Karte"
        assert t("count.cards", "de", count=3) == "3 Karten"
        assert t("seat.not_opened", "de") == t("seat.not_opened", "en")  # not translated yet
        assert i18n.language_of("de-DE") == "de"
    finally:
        use_catalog(None)
    assert "de" not in i18n.languages()
