"""What the fake Discord stores: users, messages with their attachments, interactions.

Each value knows its own Discord JSON form (``payload()``); a ``Message`` keeps every body
the bot sent for it, and an ``Interaction`` everything the bot answered to it, so that a
test or the benchmark can check what a player would see.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

EPHEMERAL = 64  # message flag: only the interaction's user sees it
LOADING = 128  # message flag: a deferred reply still "thinking"
COMPONENTS_V2 = 1 << 15  # message flag: made of layout components (no content, no embeds)
ALL_PERMISSIONS = (1 << 50) - 1
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = 0x0000_0000_0004_0C40  # view channel, send messages, read history…

# One clock for the timestamps of members and threads: nothing in the bot reads them, and
# fixed values keep payloads comparable from run to run. A message's is its id's.
TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"
DISCORD_EPOCH_MS = 1_420_070_400_000  # 2015-01-01: Discord's ids count milliseconds from it

_ids = itertools.count(1_300_000_000_000_000_000)


def option_type(value: object) -> int:
    """The type of a command option Discord sends with ``value``: boolean 5, integer 4,
    number 10, else string 3."""
    if isinstance(value, bool):
        return 5
    return 4 if isinstance(value, int) else 10 if isinstance(value, float) else 3


def snowflake() -> int:
    """A new id, unique in this process (ids are shared by every fake Discord)."""
    return next(_ids)


def timed_snowflake(at: float) -> int:
    """A new id of something created at ``at`` (seconds since 1970), as Discord makes them:
    the milliseconds since 2015 above the lower 22 bits (here a counter, so that ids made
    in the same millisecond differ). Unique in this process, as :func:`snowflake`."""
    return (int(at * 1000) - DISCORD_EPOCH_MS) << 22 | next(_ids) & 0x3F_FFFF


def snowflake_time(snowflake: int) -> float:
    """When the thing with this id was created (seconds since 1970)."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


# Guild ids are chosen so that a test knows a guild's shard, ``(id >> 22) % shard_count``:
# their upper bits count from a multiple of every shard count up to 16, below the ids of
# ``snowflake()``.
_EVERY_COUNT = 720_720  # the least common multiple of 1..16
_GUILD_BASE = _EVERY_COUNT * 300_000
_guild_slot = 0


def guild_snowflake(shard: tuple[int, int] | None = None) -> int:
    """A new guild id on shard ``(shard_id, shard_count)``; None: on shard 0 of every
    shard count up to 16 (the fake's first guild)."""
    global _guild_slot
    shard_id, count = shard if shard is not None else (0, _EVERY_COUNT)
    slot = _guild_slot + (shard_id - _guild_slot) % count
    _guild_slot = slot + 1
    return (_GUILD_BASE + slot) << 22


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events (Discord's rule)."""
    return (guild_id >> 22) % shard_count


@dataclass
class Guild:
    """A guild of the fake Discord: its text channels (every user is a member)."""

    id: int
    name: str
    channels: list[int]


@dataclass
class User:
    """A member of the fake guild (the bot itself is one, with ``bot=True``)."""

    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS
    locale: str = "en-US"
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        """The Discord user object."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member(self) -> dict[str, Any]:
        """The guild member object, with the permissions interactions carry."""
        return {
            "user": self.payload(),
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "permissions": str(self.permissions),
        }


@dataclass
class Attachment:
    """A file the bot uploaded with a message (multipart ``files[N]``)."""

    filename: str
    data: bytes
    description: str | None
    id: int = field(default_factory=snowflake)


@dataclass
class Message:
    """A message as the fake stores it; ``payloads`` keeps every body the bot sent for it."""

    id: int
    channel_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None
    interaction_id: int | None = None
    nonce: str | int | None = None  # an enforced nonce it was posted with
    deleted: bool = False
    payloads: list[dict[str, Any]] = field(default_factory=list)
    keep_payloads: bool = True  # False in long runs: only the message as it stands is kept
    # How much older Discord holds it than its id says (``DiscordState.age``: Discord's
    # clock ahead of the bot's).
    aged: float = 0.0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def posted_at(self) -> float:
        """When Discord holds it posted (seconds since 1970): its id's time, unless aged."""
        return snowflake_time(self.id) - self.aged

    def apply(self, body: dict[str, Any], files: list[Attachment]) -> None:
        """Apply a create or edit body (absent keys are left as they were)."""
        if self.keep_payloads:
            self.payloads.append(body)
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = body["embeds"] or []
        if "components" in body:
            self.components = body["components"] or []
        if "flags" in body and body["flags"] is not None:
            # Discord keeps the ephemeral flag of a message for its whole life.
            self.flags = int(body["flags"]) | (self.flags & EPHEMERAL)
        if "allowed_mentions" in body:
            self.allowed_mentions = body["allowed_mentions"]
        listed = body.get("attachments")
        if isinstance(listed, list):
            # As on Discord: the attachments listed by id stay, the others go, and the
            # files uploaded with the body are added.
            ids = {str(a.get("id")) for a in listed}
            self.attachments = [a for a in self.attachments if str(a.id) in ids] + files
        elif files:
            self.attachments = files

    @property
    def is_layout(self) -> bool:
        """Whether it has the flag ``IS_COMPONENTS_V2`` (layout components)."""
        return bool(self.flags & COMPONENTS_V2)

    def text(self) -> str:
        """Content plus every embed's title, description and fields, and every text
        display of a layout, for assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields", []):
                parts += [f.get("name") or "", f.get("value") or ""]
            if embed.get("footer"):
                parts.append(embed["footer"].get("text") or "")
        parts += [c.get("content") or "" for c in self.all_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        """The ``custom_id`` of every button and menu, in order."""
        return [c["custom_id"] for c in self.flat_components() if "custom_id" in c]

    def all_components(self) -> list[dict[str, Any]]:
        """Every component, nested ones included (rows, containers, sections and their
        accessories), in the order shown."""
        out: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                out.append(item)
                walk(item.get("components") or [])
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

        walk(self.components)
        return out

    def flat_components(self) -> list[dict[str, Any]]:
        """Every button and menu (and, in a message without layout, any other
        component), taken out of its row, container or section."""
        if not self.is_layout:
            out: list[dict[str, Any]] = []
            for row in self.components:
                out.extend(row.get("components", []) if row.get("type") == 1 else [row])
            return out
        return [c for c in self.all_components() if c.get("type") in (2, 3, 5, 6, 7, 8)]

    def pictures(self) -> list[tuple[str, str | None]]:
        """The pictures it shows, each ``(url, alt text)``: an embed's image, a layout's
        gallery items and thumbnails."""
        shown: list[tuple[str, str | None]] = [
            (e["image"]["url"], None) for e in self.embeds if e.get("image")]
        for c in self.all_components():
            if c.get("type") == 12:
                shown += [(i["media"]["url"], i.get("description")) for i in c.get("items", [])]
            elif c.get("type") == 11:
                shown.append((c["media"]["url"], c.get("description")))
        return shown

    def component(self, custom_id_prefix: str) -> dict[str, Any]:
        """The first component whose ``custom_id`` starts with the prefix.

        Raises ``KeyError`` (listing the ids there are) when none does.
        """
        for c in self.flat_components():
            if c.get("custom_id", "").startswith(custom_id_prefix):
                return c
        raise KeyError(f"no component {custom_id_prefix!r} in {self.custom_ids()}")

    def payload(self) -> dict[str, Any]:
        """The Discord message object (attachments point at a CDN that does not exist)."""
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": datetime.fromtimestamp(self.posted_at, UTC).isoformat(
                timespec="microseconds"),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(a.id),
                    "filename": a.filename,
                    "size": len(a.data),
                    "url": f"https://cdn.invalid/{a.filename}",
                    "proxy_url": f"https://cdn.invalid/{a.filename}",
                    "description": a.description,
                }
                for a in self.attachments
            ],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
        }


@dataclass
class Interaction:
    """One interaction sent to the bot and everything it answered."""

    id: int
    token: str
    kind: int  # 2 command, 3 component, 4 autocomplete, 5 a form's submit
    user: User
    channel_id: int
    sent_at: float
    message: Message | None = None  # the clicked message (components)
    label: str = ""  # the command path or the custom_id family, for reports
    # 4 reply, 5 defer, 6 defer update, 7 update, 8 choices, 9 a form (modal)
    response_type: int | None = None
    responded_at: float | None = None  # when the answer reached Discord (perf_counter)
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None  # the form it answered with (callback type 9)
    # When it was created, by Discord's clock: its token lives 15 minutes from then.
    created_at: float = 0.0
    responded: asyncio.Event = field(default_factory=asyncio.Event)
    settled: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def replies(self) -> list[Message]:
        """Every message this interaction produced, in order (original first)."""
        first = [self.original] if self.original is not None else []
        return first + self.followups

    @property
    def reply(self) -> Message:
        """The message that answers the interaction (deferred ones once edited)."""
        if self.original is not None and not (self.original.flags & LOADING):
            return self.original
        if self.followups:
            return self.followups[-1]
        raise AssertionError(f"interaction {self.id} has no reply (type {self.response_type})")
