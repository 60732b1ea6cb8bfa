"""The two catalogs of texts, the engine's (the words of the rules) and the interfaces'
(``bot.*`` for Discord, ``local.*`` for the terminal, in bot/locales): each complete in
every language, the same placeholders and plural forms everywhere, French in French, no key
in both, and every key the code names found in one of them."""

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

import bot
import bot.session  # SessionError: its default code is a key too
from engine import i18n
from engine.errors import RummyError
from engine.i18n import Catalog, Msg, count, t, use_catalog
from tests.engine.helpers import english_words

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = {"engine": (i18n.LOCALE_DIR, i18n.DOMAIN), "interfaces": (bot.LOCALE_DIR, bot.DOMAIN)}
PO_FILES = [(name, path) for name, (folder, domain) in CATALOGS.items()
            for path in sorted(folder.glob(f"*/LC_MESSAGES/{domain}.po"))]


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


def source(name: str) -> dict[str, Message]:
    folder, domain = CATALOGS[name]
    return entries(read(folder / "en" / "LC_MESSAGES" / f"{domain}.po"))


SOURCES = {name: source(name) for name in CATALOGS}
ALL_KEYS = {key for found in SOURCES.values() for key in found}


def lang_of(path: Path) -> str:
    return path.parent.parent.name


def po_id(case: tuple[str, Path]) -> str:
    return f"{case[0]}-{lang_of(case[1])}"


@pytest.mark.parametrize("name", CATALOGS)
def test_each_catalog_has_english_and_french(name: str) -> None:
    assert {lang_of(path) for catalog, path in PO_FILES if catalog == name} == {"en", "fr"}
    assert i18n.languages() == ("en", "fr")


def test_the_engine_holds_the_rules_and_the_interfaces_their_words() -> None:
    assert len(SOURCES["engine"]) > 300 and len(SOURCES["interfaces"]) > 400
    assert sorted(key for key in SOURCES["engine"] if key.startswith(("bot.", "local."))) == []
    assert sorted(key for key in SOURCES["interfaces"]
                  if not key.startswith(("bot.", "local."))) == []


def test_no_key_is_in_both_catalogs() -> None:
    assert sorted(set(SOURCES["engine"]) & set(SOURCES["interfaces"])) == []


def test_the_bot_adds_the_interfaces_catalog() -> None:
    assert (bot.LOCALE_DIR, bot.DOMAIN) in i18n.added_catalogs()
    assert i18n.catalog().keys == ALL_KEYS


@pytest.mark.parametrize("case", PO_FILES, ids=po_id)
def test_every_language_has_every_key_and_nothing_else(case: tuple[str, Path]) -> None:
    name, path = case
    found = entries(read(path))
    assert sorted(set(SOURCES[name]) - set(found)) == []
    assert sorted(set(found) - set(SOURCES[name])) == []
    empty = [key for key, message in found.items() if not all(forms(message))]
    assert empty == []


@pytest.mark.parametrize("case", PO_FILES, ids=po_id)
def test_every_language_uses_the_placeholders_and_plurals_of_english(
    case: tuple[str, Path],
) -> None:
    name, path = case
    found = entries(read(path))
    differ = {}
    for key, message in found.items():
        english = SOURCES[name][key]
        theirs = set().union(*(fields(text) for text in forms(message)))
        ours = set().union(*(fields(text) for text in forms(english)))
        if theirs != ours:
            differ[key] = (sorted(ours), sorted(theirs))
        assert message.pluralizable == english.pluralizable, key
    assert differ == {}


@pytest.mark.parametrize("name", CATALOGS)
def test_plural_entries_are_chosen_by_count(name: str) -> None:
    plural = [key for key, message in SOURCES[name].items() if message.pluralizable]
    assert len(plural) >= 10
    for key in plural:
        assert all("count" in fields(text) for text in forms(SOURCES[name][key])), key


@pytest.mark.parametrize("case", PO_FILES, ids=po_id)
def test_the_compiled_catalogs_are_those_of_the_po_files(case: tuple[str, Path]) -> None:
    """The install compiles the .po files: a stale .mo would show old texts."""
    _, path = case
    lang = lang_of(path)
    for key, message in entries(read(path)).items():
        if message.pluralizable:
            assert i18n.catalog().template(key, lang, 1) == forms(message)[0], key
        else:
            assert i18n.catalog().template(key, lang) == message.string, key


def _without_placeholders(template: str) -> str:
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


@pytest.mark.parametrize("case", [case for case in PO_FILES if lang_of(case[1]) == "fr"],
                         ids=po_id)
def test_no_french_message_holds_an_english_word(case: tuple[str, Path]) -> None:
    found = {}
    for key, message in entries(read(case[1])).items():
        words = [word for text in forms(message)
                 for word in english_words(_without_placeholders(text))]
        if words:
            found[key] = words
    assert found == {}


@pytest.mark.parametrize(("lang", "number", "expected"), [
    ("en", 0, "Your hand (0 cards)"), ("en", 1, "Your hand (1 card)"),
    ("en", 2, "Your hand (2 cards)"), ("fr", 0, "Votre main (0 carte)"),
    ("fr", 1, "Votre main (1 carte)"), ("fr", 2, "Votre main (2 cartes)"),
])
def test_real_plural_forms_of_the_interfaces(lang: str, number: int, expected: str) -> None:
    assert t("bot.hand.title", lang, count=number) == expected


def test_an_interface_message_quotes_the_engines_words() -> None:
    seat = Msg("bot.table.seat.opening", name="Ada", pieces=count("cards", 1),
               score=count("points", 12), status=Msg("seat.not_opened"))
    assert seat.text("en") == "Ada: 1 card, 12 points, not opened yet"
    assert seat.text("fr") == "Ada : 1 carte, 12 points, pas encore posé"


def test_a_session_error_is_told_from_the_interfaces_catalog() -> None:
    error = bot.session.SessionError("bot.error.pick_cards", button="OK")
    assert error.message("fr").startswith("Choisissez des cartes")


def _literal_keys(packages: tuple[str, ...]) -> Iterator[tuple[str, str, int]]:
    keywords = {name: (1,) for name in (
        "t", "Msg", "loc", "RummyError", "NotationError", "IllegalMeld", "IllegalMove",
        "RuleError", "CorruptGame", "SessionError", "error_reply", "BadInput")}
    for package in packages:
        for filename, line, key, _, _ in extract_from_dir(  # warns of f-strings: not keys
            ROOT / package, method_map=[("**.py", "python")], keywords=keywords,
            comment_tags=(), strip_comment_tags=True,
        ):
            yield key, f"{package}/{filename}", line


def _known(key: str, keys: set[str]) -> bool:
    """Whether ``key`` is a catalog key, or several run together: Babel joins the strings
    of ``t("a.b" if x else "a.c")`` into one (``a.ba.c``)."""
    if key in keys:
        return True
    return any(key[:end] in keys and _known(key[end:], keys) for end in range(1, len(key)))


def _missing(packages: tuple[str, ...], keys: set[str]) -> list[tuple[str, str, int]]:
    return [(key, where, line) for key, where, line in _literal_keys(packages)
            if "." in key and " " not in key and not _known(key, keys)]


def test_every_key_the_code_names_is_in_a_catalog() -> None:
    """Babel extracts the keys the code passes literally; each must be translated."""
    assert len(list(_literal_keys(("engine", "render", "data", "bot")))) > 300
    assert _missing(("engine", "render", "data", "bot"), ALL_KEYS) == []


def test_the_engine_and_the_pictures_need_only_the_engines_catalog() -> None:
    """engine, render and data never import the bot: their keys are the engine's."""
    assert _missing(("engine", "render", "data"), set(SOURCES["engine"])) == []


def _error_classes(cls: type[RummyError]) -> Iterator[type[RummyError]]:
    yield cls
    for sub in cls.__subclasses__():
        yield from _error_classes(sub)


def test_every_error_kind_has_its_default_text() -> None:
    codes = {cls.default_code for cls in _error_classes(RummyError)}
    assert "session" in codes
    assert sorted(codes - ALL_KEYS) == []


def test_a_language_is_added_by_adding_one_file_to_each_catalog(tmp_path: Path) -> None:
    copies = {}
    for name, (folder, domain) in CATALOGS.items():
        copies[name] = (tmp_path / name, domain)
        shutil.copytree(folder, tmp_path / name)
    german = {"engine": {"score.title": "Spielbericht"},
              "interfaces": {"bot.hand.title": ("Deine Hand ({count} Karte)",
                                                "Deine Hand ({count} Karten)")}}
    for name, (folder, domain) in copies.items():
        book = PoCatalog(locale="de")
        for key, text in german[name].items():
            book.add((key, key) if isinstance(text, tuple) else key, text)
        target = folder / "de" / "LC_MESSAGES" / f"{domain}.mo"
        target.parent.mkdir(parents=True)
        with target.open("wb") as stream:  # what the install does with a de.po
            write_mo(stream, book)
    try:
        engine_copy, _ = copies["engine"]
        use_catalog(Catalog(engine_copy, beside=[copies["interfaces"]]))
        assert i18n.languages() == ("en", "de", "fr")
        assert t("score.title", "de") == "Spielbericht"
        assert t("bot.hand.title", "de", count=1) == "Deine Hand (1 Karte)"
        assert t("bot.hand.title", "de", count=3) == "Deine Hand (3 Karten)"
        assert t("bot.lobby.joined", "de") == t("bot.lobby.joined", "en")  # not translated yet
        assert i18n.language_of("de-DE") == "de"
    finally:
        use_catalog(None)
    assert i18n.languages() == ("en", "fr")
