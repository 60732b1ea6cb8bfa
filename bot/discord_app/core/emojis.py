"""Cards and tiles as the application's emojis: their names, what to upload or delete,
and the emojis this process shows.

Naming: ``r_<key>_<hash>``, the face's key (:func:`render.emoji.face_key`: ``cQs``,
``cQs_fr``, ``tr7``) and the first :data:`HASH_CHARS` hex digits of the SHA-256 of its
picture. The name alone says whether Discord holds the picture drawn now: a restart
compares names (one request: the application's list) and uploads nothing, a changed
design gives new names to the faces it changed only. A name that does not match
:data:`NAME` is not Rami's (another tool's emoji on the same application) and is never
deleted.

Which emojis a message shows is this process's state (:func:`use`, set at the start by
:mod:`~bot.discord_app.emoji_upload`); until then, or for a face Discord refused, the
text shows the card as words and symbols (``Q♠``), as it always did.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import discord

from engine.cards.card import Card
from engine.tiles.tile import Tile
from render.emoji import face_key

HASH_CHARS = 6
PREFIX = "r_"
NAME = re.compile(r"r_(?P<key>[ct][A-Za-z0-9]{1,3}(?:_[a-z]{2})?)_(?P<hash>[0-9a-f]{6})")
NAME_RULE = re.compile(r"[A-Za-z0-9_]{2,32}")  # Discord's rule for an emoji's name
APPLICATION_LIMIT = 2000  # emojis an application holds at most


def picture_hash(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()[:HASH_CHARS]


def emoji_name(key: str, png: bytes) -> str:
    """The name of face ``key`` drawn as ``png``: ``r_cQs_1a2b3c``."""
    name = f"{PREFIX}{key}_{picture_hash(png)}"
    assert NAME.fullmatch(name) and NAME_RULE.fullmatch(name), name
    return name


def key_of(name: str) -> str | None:
    """The face key of one of Rami's emoji names (None: not Rami's)."""
    found = NAME.fullmatch(name)
    return found["key"] if found else None


@dataclass(frozen=True, slots=True)
class Held:
    """An emoji the application holds."""

    id: int
    name: str


@dataclass(frozen=True, slots=True)
class Plan:
    """What to do with the application's emojis so it holds the faces drawn now.

    ``keep``: face key → the emoji already showing it; ``upload``: face keys to upload
    (key → name); ``delete``: Rami's emojis of an old picture or of no face now;
    ``over_limit``: faces left out, the application's 2,000 being reached.
    """

    keep: dict[str, Held]
    upload: dict[str, str]
    delete: list[Held]
    over_limit: list[str]


def plan(wanted: Mapping[str, bytes], held: Iterable[Held],
         limit: int = APPLICATION_LIMIT) -> Plan:
    """What to upload and delete so that the application, holding ``held``, shows every
    face of ``wanted`` (key → PNG). Emojis that are not Rami's are kept and count
    towards ``limit``."""
    names = {key: emoji_name(key, png) for key, png in wanted.items()}
    keep: dict[str, Held] = {}
    delete: list[Held] = []
    others = 0
    for emoji in held:
        key = key_of(emoji.name)
        if key is None:
            others += 1
        elif names.get(key) == emoji.name and key not in keep:
            keep[key] = emoji
        else:
            delete.append(emoji)
    missing = [key for key in names if key not in keep]
    room = max(0, limit - others - len(keep))
    upload = {key: names[key] for key in missing[:room]}
    return Plan(keep, upload, delete, missing[room:])


class Shown:
    """The emojis this process writes in its messages, by face key."""

    def __init__(self) -> None:
        self.by_key: dict[str, discord.PartialEmoji] = {}
        self.version = 0  # one more at each use(): what was shown before is stale

    def use(self, emojis: Mapping[str, Held]) -> None:
        """Show ``emojis`` (face key → emoji) from now on, and no other."""
        self.by_key = {key: discord.PartialEmoji(name=emoji.name, id=emoji.id)
                       for key, emoji in emojis.items()}
        self.version += 1

    def of(self, piece: Card | Tile, lang: str) -> discord.PartialEmoji | None:
        """The emoji of ``piece`` for a reader of ``lang`` (None: none loaded)."""
        return self.by_key.get(face_key(piece, lang)) if self.by_key else None


SHOWN = Shown()  # this process's: the start fills it (every bot of a process shares it)


def use(emojis: Mapping[str, Held]) -> None:
    SHOWN.use(emojis)


def emoji_of(piece: Card | Tile, lang: str) -> discord.PartialEmoji | None:
    return SHOWN.of(piece, lang)


def in_text(piece: Card | Tile, lang: str) -> str | None:
    """``<:name:id>``, the emoji of ``piece`` in a message's text (None: none loaded)."""
    emoji = SHOWN.of(piece, lang)
    return None if emoji is None else f"<:{emoji.name}:{emoji.id}>"
