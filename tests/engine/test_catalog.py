"""The one catalog of texts: complete in every language, the same placeholders everywhere,
real plural forms, every key the code names, and a language added by one file."""

from __future__ import annotations

import shutil
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.catalog import Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine import i18n
from engine.i18n import LOCALE_DIR, Catalog, Msg, count, t, use_catalog

ROOT = Path(__file__).resolve().parents[2]
PO_FILES = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/rami.po"))


def read(path: Path) -> PoCatalog:
    with path.open("rb") as stream:
        # The language and plural rule come from the header; a malformed entry fails.
        return read_po(stream, abort_invalid=True)


def forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def entries(catalog: PoCatalog) -> dict[str, Message]:
    return {message.id[0] if isinstance(message.id, tuple) else message.id: message
            for message in catalog if message.id}


SOURCE = entries(read(LOCALE_DIR / "en" / "LC_MESSAGES" / "rami.po"))


def test_there_are_english_and_french_catalogs() -> None:
    assert {path.parent.parent.name for path in PO_FILES} == {"en", "fr"}
    assert i18n.languages() == ("en", "fr")
    assert len(SOURCE) > 500


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.parent.parent.name)
def test_every_language_has_every_key_and_nothing_else(path: Path) -> None:
    found = entries(read(path))
    assert sorted(set(SOURCE) - set(found)) == []
    assert sorted(set(found) - set(SOURCE)) == []
    empty = [key for key, message in found.items() if not all(forms(message))]
    assert empty == []


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.parent.parent.name)
def test_every_language_uses_the_placeholders_of_english(path: Path) -> None:
    found = entries(read(path))
    differ = {}
    for key, message in found.items():
        theirs = set().union(*(fields(text) for text in forms(message)))
        ours = set().union(*(fields(text) for text in forms(SOURCE[key])))
        if theirs != ours:
            differ[key] = (sorted(ours), sorted(theirs))
        assert message.pluralizable == SOURCE[key].pluralizable, key
    assert differ == {}


def test_plural_entries_are_chosen_by_count() -> None:
    plural = [key for key, message in SOURCE.items() if message.pluralizable]
    assert len(plural) >= 15
    for key in plural:
        assert all("count" in fields(text) for text in forms(SOURCE[key])), key


@pytest.mark.parametrize(("lang", "number", "expected"), [
    ("en", 0, "Your hand (0 cards)"), ("en", 1, "Your hand (1 card)"),
    ("en", 2, "Your hand (2 cards)"), ("fr", 0, "Votre main (0 carte)"),
    ("fr", 1, "Votre main (1 carte)"), ("fr", 2, "Votre main (2 cartes)"),
])
def test_real_plural_forms(lang: str, number: int, expected: str) -> None:
    assert t("bot.hand.title", lang, count=number) == expected


def test_a_message_quotes_another_in_its_own_language() -> None:
    seat = Msg("bot.table.seat.opening", name="Ada", pieces=count("cards", 1),
               score=count("points", 12), status=Msg("seat.not_opened"))
    assert seat.text("en") == "Ada: 1 card, 12 points, not opened yet"
    assert seat.text("fr") == "Ada : 1 carte, 12 points, pas encore posé"


def test_an_unknown_key_or_language_falls_back() -> None:
    assert t("no.such.key", "fr") == "no.such.key"
    assert t("score.title", "xx") == t("score.title", "en") == "Score sheet"


def test_the_compiled_catalogs_are_those_of_the_po_files() -> None:
    """The install compiles the .po files: a stale .mo would show old texts."""
    for path in PO_FILES:
        lang = path.parent.parent.name
        for key, message in entries(read(path)).items():
            if message.pluralizable:
                assert i18n.catalog().template(key, lang, 1) == forms(message)[0], key
            else:
                assert i18n.catalog().template(key, lang) == message.string, key


def _literal_keys() -> Iterator[tuple[str, str, int]]:
    keywords = {name: (1,) for name in (
        "t", "Msg", "loc", "RummyError", "NotationError", "IllegalMeld", "IllegalMove",
        "RuleError", "CorruptGame", "SessionError", "error_reply")}
    for package in ("engine", "render", "data", "bot"):
        for filename, line, key, _, _ in extract_from_dir(  # warns of f-strings: not keys
            ROOT / package, method_map=[("**.py", "python")], keywords=keywords,
            comment_tags=(), strip_comment_tags=True,
        ):
            yield key, f"{package}/{filename}", line


def _known(key: str) -> bool:
    """Whether ``key`` is a catalog key, or several run together: Babel joins the strings
    of ``t("a.b" if x else "a.c")`` into one (``a.ba.c``)."""
    if key in SOURCE:
        return True
    return any(key[:end] in SOURCE and _known(key[end:]) for end in range(1, len(key)))


def test_every_key_the_code_names_is_in_the_catalog() -> None:
    """Babel extracts the keys the code passes literally; each must be translated."""
    found = list(_literal_keys())
    assert len(found) > 300
    missing = [(key, where, line) for key, where, line in found
               if "." in key and " " not in key and not _known(key)]
    assert missing == []


def test_a_language_is_added_by_adding_one_file(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    shutil.copytree(LOCALE_DIR, locales)
    german = PoCatalog(locale="de")
    german.add("score.title", "Spielbericht")
    german.add(("bot.hand.title", "bot.hand.title"),
               ("Deine Hand ({count} Karte)", "Deine Hand ({count} Karten)"))
    german.add("bot.cmd.discard", "abwerfen")
    target = locales / "de" / "LC_MESSAGES" / "rami.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as stream:  # what the install does with a de.po
        write_mo(stream, german)
    try:
        use_catalog(Catalog(locales))
        assert i18n.languages() == ("en", "de", "fr")
        assert t("score.title", "de") == "Spielbericht"
        assert t("bot.hand.title", "de", count=1) == "Deine Hand (1 Karte)"
        assert t("bot.hand.title", "de", count=3) == "Deine Hand (3 Karten)"
        assert t("bot.lobby.joined", "de") == t("bot.lobby.joined", "en")  # not translated yet
        assert i18n.language_of("de-DE") == "de"
    finally:
        use_catalog(None)
    assert i18n.languages() == ("en", "fr")
