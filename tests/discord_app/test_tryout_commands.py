"""``rummy-bot try`` reads a typed slash command as Discord's client would: names in either
language, options ``name:value`` or in order, typed and checked; a command the client would
refuse is refused before anything is sent."""

from __future__ import annotations

from typing import Any

import pytest

import bot  # noqa: F401  (the interfaces' catalog)
from bot.discord_app.tryout.commands import BadInput, Command, Typed, listing, read, resolved

BOB, CHANNEL = 42, 7


def option(kind: int, name: str, fr: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "name": name, "description": name,
            "name_localizations": {"fr": fr}, **extra}


VARIANTS = [{"name": "Classic rummy", "value": "classic",
             "name_localizations": {"fr": "Rami classique"}},
            {"name": "Rami 51", "value": "rami51"}]
DEFINITIONS = [{
    "name": "rummy", "name_localizations": {"fr": "rami"}, "description": "Play",
    "options": [
        option(1, "new", "nouvelle", options=[
            option(3, "variant", "variante", choices=VARIANTS),
            option(4, "target", "objectif", min_value=0, max_value=100_000)]),
        option(1, "join", "rejoindre"),
        option(1, "meld", "poser", options=[option(3, "cards", "cartes", required=True)]),
        option(1, "layoff", "ajouter", options=[
            option(3, "cards", "cartes", required=True),
            option(4, "meld", "combinaison", required=True, min_value=1, max_value=200)]),
        option(2, "tiles", "tuiles", options=[
            option(1, "add", "ajouter", options=[
                option(3, "tiles", "tuiles", required=True),
                option(4, "set", "serie", required=True),
                option(5, "front", "devant")])]),
        option(1, "stats", "statistiques", options=[option(6, "member", "membre")]),
        option(1, "close", "cloture", options=[option(3, "at", "a"),
                                                 option(7, "channel", "salon")]),
    ],
}]
MEMBERS = {"alice": 41, "bob": BOB}
CHANNELS = {"table-1": CHANNEL}


def typed(line: str, lang: str = "en") -> Command:
    return read(line, DEFINITIONS, lang, members=MEMBERS, channels=CHANNELS)


@pytest.mark.parametrize(("line", "lang", "path", "options"), [
    ("/rummy meld cards:7h 8h 9h | qs qh qd", "en", ("rummy", "meld"),
     [("cards", 3, "7h 8h 9h | qs qh qd")]),
    ("/rami poser cartes:7c 8c 9c", "fr", ("rummy", "meld"), [("cards", 3, "7c 8c 9c")]),
    ("/RUMMY Meld 7h 8h 9h", "en", ("rummy", "meld"), [("cards", 3, "7h 8h 9h")]),
    ("/rummy new rami51 500", "en", ("rummy", "new"),
     [("variant", 3, "rami51"), ("target", 4, 500)]),
    ("/rummy new variant:Rami classique", "fr", ("rummy", "new"), [("variant", 3, "classic")]),
    ("/rami nouvelle objectif:0", "fr", ("rummy", "new"), [("target", 4, 0)]),
    ("/rummy layoff cards:10h jh meld:3", "en", ("rummy", "layoff"),
     [("cards", 3, "10h jh"), ("meld", 4, 3)]),
    ("/rummy tiles add k5 2 oui", "fr", ("rummy", "tiles", "add"),
     [("tiles", 3, "k5"), ("set", 4, 2), ("front", 5, True)]),
    ("/rummy stats member:@bob", "en", ("rummy", "stats"), [("member", 6, str(BOB))]),
    ("/rummy close at:21:00 channel:#table-1", "en", ("rummy", "close"),
     [("at", 3, "21:00"), ("channel", 7, str(CHANNEL))]),
    ("/rummy close 21:00", "en", ("rummy", "close"), [("at", 3, "21:00")]),
])
def test_a_command_is_read_with_its_typed_options(
        line: str, lang: str, path: tuple[str, ...],
        options: list[tuple[str, int, object]]) -> None:
    assert typed(line, lang) == Command(path, tuple(Typed(*o) for o in options))  # type: ignore[arg-type]


@pytest.mark.parametrize(("line", "said"), [
    ("/", "A slash command follows the /: /rummy."),
    ("/poker", "No command /poker; there are /rummy"),
    ("/rummy", "/rummy needs one of: new, join, meld, layoff, tiles, stats, close."),
    ("/rummy tiles", "/rummy tiles needs one of: add."),
    ("/rummy fold", "/rummy has no “fold”"),
    ("/rummy meld", "/rummy meld cards: — missing: cards."),
    ("/rummy layoff cards:7h", "/rummy layoff cards: meld: — missing: meld."),
    ("/rummy meld cards:7h cards:8h", "cards: is given twice."),
    ("/rummy meld cards:", "cards: has no value."),
    ("/rummy join now", "/rummy join takes no options."),
    ("/rummy new colour:red", "No option colour: here: /rummy new [variant:] [target:]"),
    ("/rummy new target:lots", "target: takes a number, not “lots”."),
    ("/rummy new target:100001", "target: takes 0 to 100000, not 100001."),
    ("/rummy new variant:poker",
     "variant: takes one of classic (Classic rummy), rami51; not “poker”."),
    ("/rummy tiles add k5 1 maybe", "front: takes yes or no, not “maybe”."),
    ("/rummy stats member:zoe", "member: names a member: alice, bob; not “zoe”."),
    ("/rummy close channel:#nowhere", "channel: names a channel: table-1; not “nowhere”."),
])
def test_a_command_the_client_would_refuse_says_what_would_work(line: str, said: str) -> None:
    with pytest.raises(BadInput) as refused:
        typed(line)
    assert said in refused.value.message("en")


def test_refusals_and_names_are_in_the_readers_language() -> None:
    with pytest.raises(BadInput) as refused:
        typed("/rami ajouter cartes:7c", "fr")
    assert refused.value.message("fr") == (
        "/rami ajouter cartes: combinaison: — il manque : combinaison.")
    assert listing(DEFINITIONS, "fr")[0] == "/rami nouvelle [variante:] [objectif:]  — new"


def test_a_member_named_comes_with_the_resolved_member_as_discord_sends_it() -> None:
    member = {"user": {"id": str(BOB), "username": "bob"}, "roles": [], "nick": None}
    found = resolved(typed("/rummy stats member:bob"), {BOB: member}, {})
    assert found == {"users": {str(BOB): {"id": str(BOB), "username": "bob"}},
                     "members": {str(BOB): {"roles": [], "nick": None}}}
