"""Reading a slash command typed in the terminal, as Discord's client checks it before sending.

Glossary: a *definition* is a command as the bot registered it with Discord (the JSON of
``PUT /applications/…/commands``: names, their translations, options with their types,
choices and bounds); a *path* is the command's names down to the subcommand
(``rummy tiles add``); an *option* is one of the subcommand's typed values.

``/rummy meld cards:7h 8h 9h`` is read against the definitions the fake Discord holds:
each name in English or in the reader's language (``/rami poser cartes:7c 8c 9c``), any
case, accents ignored; options ``name:value`` (a value runs to the next ``name:``), or
their values in order without names (``/rummy new rami51 500``: one word each, the last
option taking the rest). As Discord's client does, a command is refused before it is sent
when it names no command, misses a required option, names an option twice, or gives a
value of the wrong type, outside its bounds or not among its choices; members are named
by their name (``@bob``) and channels by theirs (``#table-2``). Nothing is sent then: the
refusal (:class:`BadInput`) says what would work.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import RummyError
from engine.i18n import t
from engine.notation_words import fold

SUBCOMMAND, GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, NUMBER = 1, 2, 3, 4, 5, 6, 7, 10
Definition = Mapping[str, Any]
_NAMED = re.compile(r"^([^\s:]+):(.*)$", re.S)
_WHOLE = re.compile(r"^[+-]?\d{1,16}$")
_OPTION_NAME = re.compile(r"^[^\W\d_][\w-]*$")  # "21:00" is a value, "cards:" an option


class BadInput(RummyError):
    """A line of ``rummy-bot try`` that cannot be done: nothing was sent, nothing changed."""

    default_code = "local.try.bad_input"


@dataclass(frozen=True, slots=True)
class Typed:
    """One option's value as Discord sends it (``type`` as the definition says)."""

    name: str
    type: int
    value: str | int | float | bool


@dataclass(frozen=True, slots=True)
class Command:
    """A slash command ready to send: its path (the registered names) and options."""

    path: tuple[str, ...]
    options: tuple[Typed, ...]


def shown(definition: Definition, lang: str) -> str:
    """A command's or option's name as a reader of ``lang`` sees it."""
    return str((definition.get("name_localizations") or {}).get(lang) or definition["name"])


def description(definition: Definition, lang: str) -> str:
    return str((definition.get("description_localizations") or {}).get(lang)
               or definition.get("description") or "")


def _named(definitions: Sequence[Definition], word: str) -> Definition | None:
    """The definition ``word`` names, in its registered name or any translation."""
    wanted = fold(word)
    for definition in definitions:
        names = [definition["name"], *(definition.get("name_localizations") or {}).values()]
        if wanted in (fold(name) for name in names):
            return definition
    return None


def _children(definition: Definition) -> list[Definition]:
    return [o for o in definition.get("options") or [] if o.get("type") in (SUBCOMMAND, GROUP)]


def usage(definition: Definition, path: Sequence[str], lang: str) -> str:
    """``/rummy layoff cards: meld:`` in the reader's words (optional options in
    brackets)."""
    parts = []
    for option in definition.get("options") or []:
        name = f"{shown(option, lang)}:"
        parts.append(name if option.get("required") else f"[{name}]")
    return " ".join(["/" + " ".join(path), *parts])


def listing(definitions: Sequence[Definition], lang: str) -> list[str]:
    """Every command down to its subcommands, with its options and what it does."""
    lines: list[str] = []

    def walk(definition: Definition, path: list[str]) -> None:
        here = [*path, shown(definition, lang)]
        children = _children(definition)
        if children:
            for child in children:
                walk(child, here)
        else:
            lines.append(f"{usage(definition, here, lang)}  — {description(definition, lang)}")

    for definition in definitions:
        walk(definition, [])
    return lines


def read(line: str, definitions: Sequence[Definition], lang: str, *,
         members: Mapping[str, int], channels: Mapping[str, int]) -> Command:
    """The command ``line`` (``/rummy meld cards:7h 8h 9h``) names.

    ``members`` and ``channels``: the ids of the members and channels by name, for the
    options that name one.

    Raises:
        BadInput: it names no command, or its options are not what Discord would send.
    """
    words = line.strip().removeprefix("/").split()
    if not words:
        raise BadInput("local.try.slash.empty",
                       commands=", ".join("/" + shown(d, lang) for d in definitions))
    root = _named(definitions, words[0])
    if root is None:
        raise BadInput("local.try.slash.unknown", command="/" + words[0],
                       commands=", ".join("/" + shown(d, lang) for d in definitions))
    node, path, shown_path, rest = root, [root["name"]], [shown(root, lang)], words[1:]
    while children := _children(node):
        choices = ", ".join(shown(child, lang) for child in children)
        if not rest:
            raise BadInput("local.try.slash.which", command="/" + " ".join(shown_path),
                           choices=choices)
        child = _named(children, rest[0])
        if child is None:
            raise BadInput("local.try.slash.no_sub", command="/" + " ".join(shown_path),
                           word=rest[0], choices=choices)
        node, rest = child, rest[1:]
        path.append(child["name"])
        shown_path.append(shown(child, lang))
    given = _options(node, rest, shown_path, lang)
    typed = tuple(_typed(option, text, lang, members, channels)
                  for option, text in given)
    missing = [shown(o, lang) for o in node.get("options") or []
               if o.get("required") and o["name"] not in {t.name for t in typed}]
    if missing:
        raise BadInput("local.try.slash.missing", options=", ".join(missing),
                       usage=usage(node, shown_path, lang))
    return Command(tuple(path), typed)


def _options(node: Definition, words: list[str], path: list[str], lang: str
             ) -> list[tuple[Definition, str]]:
    """Each option given and its text: ``name:value`` runs, or values in order."""
    options = list(node.get("options") or [])
    given: list[tuple[Definition, list[str]]] = []
    positional: list[str] = []
    for word in words:
        found = _NAMED.match(word)
        option = _named(options, found.group(1)) if found else None
        if found and option is not None:
            if any(option is seen for seen, _ in given):
                raise BadInput("local.try.slash.twice", option=f"{shown(option, lang)}:")
            given.append((option, [found.group(2)] if found.group(2) else []))
        elif given:
            given[-1][1].append(word)
        elif found and _OPTION_NAME.match(found.group(1)):
            if not options:
                raise BadInput("local.try.slash.no_options", command="/" + " ".join(path))
            raise BadInput("local.try.slash.no_option", option=f"{found.group(1)}:",
                           usage=usage(node, path, lang))
        else:
            positional.append(word)
    if positional:
        free = [o for o in options if not any(o is seen for seen, _ in given)]
        if not free:
            raise BadInput("local.try.slash.no_options", command="/" + " ".join(path))
        if len(positional) > len(free):  # the last option takes the rest
            positional[len(free) - 1:] = [" ".join(positional[len(free) - 1:])]
        given = [(option, [word]) for option, word in zip(free, positional, strict=False)] + given
    return [(option, " ".join(text)) for option, text in given]


def _typed(option: Definition, text: str, lang: str, members: Mapping[str, int],
           channels: Mapping[str, int]) -> Typed:
    """The value of ``option`` read from ``text``, checked as Discord's client checks it."""
    kind, name = int(option["type"]), f"{shown(option, lang)}:"
    if not text:
        raise BadInput("local.try.slash.empty_value", option=name)
    value: str | int | float | bool
    if kind in (INTEGER, NUMBER):
        value = _number(text, kind, name)
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise BadInput("local.try.slash.range", option=name, value=text,
                           low=low if low is not None else "…",
                           high=high if high is not None else "…")
    elif kind == BOOLEAN:
        value = _boolean(text, name, lang)
    elif kind == USER:
        value = str(_by_name(members, text.removeprefix("@"), name, "local.try.slash.member"))
    elif kind == CHANNEL:
        value = str(_by_name(channels, text.removeprefix("#"), name, "local.try.slash.channel"))
    else:
        value = text
        low, high = option.get("min_length"), option.get("max_length")
        if (low is not None and len(text) < low) or (high is not None and len(text) > high):
            raise BadInput("local.try.slash.length", option=name,
                           low=low if low is not None else 0, high=high or 6000)
    if option.get("choices"):
        value = _choice(option, value, text, lang)
    return Typed(option["name"], kind, value)


def _number(text: str, kind: int, name: str) -> int | float:
    if kind == INTEGER and _WHOLE.match(text):
        return int(text)
    if kind == NUMBER:
        try:
            number = float(text.replace(",", "."))
        except ValueError:
            pass
        else:
            if number == number and abs(number) != float("inf"):
                return number
    raise BadInput("local.try.slash.number", option=name, value=text)


def _boolean(text: str, name: str, lang: str) -> bool:
    for language in (lang, "en"):
        for answer, key in ((True, "local.try.read.yes"), (False, "local.try.read.no")):
            if fold(text) in (fold(word) for word in t(key, language).split()):
                return answer
    raise BadInput("local.try.slash.boolean", option=name, value=text,
                   yes=t("local.try.read.yes", lang).split()[0],
                   no=t("local.try.read.no", lang).split()[0])


def _by_name(ids: Mapping[str, int], text: str, name: str, key: str) -> int:
    for known, number in ids.items():
        if fold(known) == fold(text):
            return number
    raise BadInput(key, option=name, value=text, known=", ".join(ids))


def _choice(option: Definition, value: str | int | float | bool, text: str,
            lang: str) -> str | int | float | bool:
    """The choice's value named by ``text`` (its value, its name or a translation)."""
    for choice in option["choices"]:
        names = [str(choice["value"]), choice["name"],
                 *(choice.get("name_localizations") or {}).values()]
        if fold(text) in (fold(name) for name in names) or choice["value"] == value:
            return choice["value"]  # type: ignore[no-any-return]
    known = ", ".join(str(choice["value"]) if _same(str(choice["value"]), shown(choice, lang))
                      else f"{choice['value']} ({shown(choice, lang)})"
                      for choice in option["choices"])
    raise BadInput("local.try.slash.choice", option=f"{shown(option, lang)}:", value=text,
                   choices=known)


def _same(value: str, name: str) -> bool:
    """Whether a choice's name only spells its value (``Rami 51`` for ``rami51``)."""
    return fold(value).replace(" ", "") == fold(name).replace(" ", "")


def resolved(command: Command, members: Mapping[int, dict[str, Any]],
             channels: Mapping[int, dict[str, Any]]) -> dict[str, Any]:
    """The ``resolved`` part of the command's data: the members and channels its options
    name, as Discord sends them (``members``: user id → the member object with its user;
    ``channels``: channel id → the channel object)."""
    found: dict[str, Any] = {}
    for option in command.options:
        if option.type == USER:
            member = dict(members[int(option.value)])
            user = member.pop("user")
            found.setdefault("users", {})[str(option.value)] = user
            found.setdefault("members", {})[str(option.value)] = member
        elif option.type == CHANNEL:
            channel = {**channels[int(option.value)], "permissions": str((1 << 50) - 1)}
            found.setdefault("channels", {})[str(option.value)] = channel
    return found
