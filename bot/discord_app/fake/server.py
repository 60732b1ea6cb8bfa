"""A fake Discord (REST + gateway on 127.0.0.1) that the real discord.py client talks to.

It knows one guild with text channels and members. Tests act as Discord users: they
invoke slash commands, click buttons, pick from select menus and ask for autocomplete;
the fake sends ``INTERACTION_CREATE`` over the gateway and records what the bot answers
(interaction callbacks, follow-ups, channel messages, edits), with the raw payloads, so a
test can check flags (64 = ephemeral), allowed mentions and attachments.

Surface (see ../../../shared/DISCORD-TESTING.md): ``GET /users/@me``,
``GET /oauth2/applications/@me``, ``PUT`` global and guild commands, interaction
callbacks, webhook follow-ups and ``@original`` edits, channel messages; the gateway speaks
HELLO / IDENTIFY / READY / GUILD_CREATE / HEARTBEAT / RESUME in plain JSON text frames.
Any other route answers 404 and is listed in ``unknown_routes`` so a test can fail on it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

EPHEMERAL = 64
LOADING = 128
ALL_PERMISSIONS = (1 << 50) - 1
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = 0x0000_0000_0004_0C40  # view channel, send messages, read history…
JSON = "application/json"

_ids = itertools.count(1_300_000_000_000_000_000)


def snowflake() -> int:
    return next(_ids)


def _iso() -> str:
    return "2026-01-01T00:00:00.000000+00:00"


@dataclass
class User:
    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS
    locale: str = "en-US"
    bot: bool = False

    def payload(self) -> dict[str, Any]:
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
        return {
            "user": self.payload(),
            "roles": [],
            "joined_at": _iso(),
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
    filename: str
    data: bytes
    description: str | None


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
    deleted: bool = False
    payloads: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def apply(self, body: dict[str, Any], files: list[Attachment]) -> None:
        """Apply a create or edit body (absent keys are left as they were)."""
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
        if files:
            self.attachments = files
        elif body.get("attachments") == []:
            self.attachments = []

    def text(self) -> str:
        """Content plus every embed's title, description and fields, for assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields", []):
                parts += [f.get("name") or "", f.get("value") or ""]
            if embed.get("footer"):
                parts.append(embed["footer"].get("text") or "")
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.flat_components() if "custom_id" in c]

    def flat_components(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for row in self.components:
            out.extend(row.get("components", []) if row.get("type") == 1 else [row])
        return out

    def component(self, custom_id_prefix: str) -> dict[str, Any]:
        for c in self.flat_components():
            if c.get("custom_id", "").startswith(custom_id_prefix):
                return c
        raise KeyError(f"no component {custom_id_prefix!r} in {self.custom_ids()}")

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": _iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(i),
                    "filename": a.filename,
                    "size": len(a.data),
                    "url": f"https://cdn.invalid/{a.filename}",
                    "proxy_url": f"https://cdn.invalid/{a.filename}",
                    "description": a.description,
                }
                for i, a in enumerate(self.attachments)
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
    kind: int  # 2 command, 3 component, 4 autocomplete
    user: User
    channel_id: int
    sent_at: float
    message: Message | None = None  # the clicked message (components)
    label: str = ""  # the command path or the custom_id family, for reports
    response_type: int | None = None
    responded_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
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


class FakeDiscord:
    """The fake server. ``await start()``, then point the bot at ``api_base``/``gateway_url``."""

    def __init__(self, guild_locale: str = "en-US", token: str = "test-token",
                 channel_count: int = 3) -> None:
        self.token = token
        self.app_id = snowflake()
        self.bot_user = User(snowflake(), "Rami", bot=True, permissions=ALL_PERMISSIONS)
        self.guild_id = snowflake()
        self.guild_locale = guild_locale
        self.owner = User(snowflake(), "owner", permissions=ALL_PERMISSIONS)
        self.users: dict[int, User] = {self.owner.id: self.owner}
        self.channels: list[int] = [snowflake() for _ in range(channel_count)]
        self.messages: dict[int, Message] = {}
        self.channel_log: list[Message] = []  # channel messages in creation order
        self.interactions: dict[str, Interaction] = {}  # by token
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: list[dict[str, Any]] = []
        self.command_syncs = 0
        self.unknown_routes: list[str] = []
        self.listeners: list[Callable[[Message], None]] = []  # told of new channel messages
        self.identifies = 0
        self.sockets: set[web.WebSocketResponse] = set()
        self._seq = 0
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ----------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def add_user(
        self, name: str, *, permissions: int = MEMBER_PERMISSIONS, locale: str = "en-US"
    ) -> User:
        user = User(snowflake(), name, permissions=permissions, locale=locale)
        self.users[user.id] = user
        return user

    # ----------------------------------------------------------------- REST
    @staticmethod
    def _json(data: Any, status: int = 200) -> web.Response:
        # Exactly "application/json": with "; charset=utf-8" discord.py sees a string.
        return web.Response(status=status, body=json.dumps(data).encode(), content_type=JSON)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[Attachment]]:
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            body = json.loads(str(form.get("payload_json") or "{}"))
            files: list[Attachment] = []
            descriptions = {
                str(a.get("id")): a.get("description") for a in body.get("attachments", []) or []
            }
            if "data" in body and isinstance(body["data"], dict):
                descriptions.update(
                    {str(a.get("id")): a.get("description")
                     for a in body["data"].get("attachments", []) or []}
                )
            for key, value in form.items():
                if key.startswith("files[") and isinstance(value, web.FileField):
                    index = key[len("files["):-1]
                    files.append(
                        Attachment(value.filename, value.file.read(), descriptions.get(index))
                    )
            return body, files
        if request.can_read_body:
            return await request.json(), []
        return {}, []

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        parts = request.match_info["tail"].strip("/").split("/")
        method = request.method
        try:
            handled = await self._route(method, parts, request)
        except KeyError as exc:
            return self._json({"message": f"Unknown {exc}", "code": 10008}, 404)
        if handled is None:
            self.unknown_routes.append(f"{method} /{'/'.join(parts)}")
            return self._json({"message": "404: Not Found", "code": 0}, 404)
        async with self._changed:
            self._changed.notify_all()
        return handled

    async def _route(
        self, method: str, parts: list[str], request: web.Request
    ) -> web.StreamResponse | None:
        if request.headers.get("Authorization") != f"Bot {self.token}" and parts[0] not in (
                "interactions", "webhooks"):
            return self._json({"message": "401: Unauthorized", "code": 0}, 401)
        match (method, parts):
            case ("GET", ["users", "@me"]):
                return self._json(self.bot_user.payload())
            case ("GET", ["oauth2", "applications", "@me"]):
                return self._json(self._application())
            case ("PUT", ["applications", _, "commands"]):
                self.command_syncs += 1
                self.global_commands = self._register(await request.json())
                return self._json(self.global_commands)
            case ("PUT", ["applications", _, "guilds", _, "commands"]):
                self.command_syncs += 1
                self.guild_commands = self._register(await request.json())
                return self._json(self.guild_commands)
            case ("GET", ["applications", _, "commands"]):
                return self._json(self.global_commands)
            case ("GET", ["applications", _, "guilds", _, "commands"]):
                return self._json(self.guild_commands)
            case ("POST", ["interactions", _, token, "callback"]):
                return await self._callback(self.interactions[token], request)
            case ("POST", ["webhooks", _, token]):
                return await self._followup(self.interactions[token], request)
            case (_, ["webhooks", _, token, "messages", which]):
                return await self._webhook_message(method, self.interactions[token], which, request)
            case ("POST", ["channels", channel, "messages"]):
                body, files = await self._body(request)
                message = self._new_message(int(channel), body, files)
                self.channel_log.append(message)
                for listener in self.listeners:
                    listener(message)
                return self._json(message.payload())
            case ("PATCH", ["channels", _, "messages", mid]):
                message = self.messages[int(mid)]
                body, files = await self._body(request)
                message.apply(body, files)
                return self._json(message.payload())
            case ("DELETE", ["channels", _, "messages", mid]):
                self.messages[int(mid)].deleted = True
                return web.Response(status=204)
            case ("GET", ["channels", _, "messages", mid]):
                return self._json(self.messages[int(mid)].payload())
            case ("POST", ["channels", _, "typing"]):
                return web.Response(status=204)
        return None

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(self.app_id),
            "name": "Rami",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
        }

    def _register(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            {
                "id": str(snowflake()),
                "application_id": str(self.app_id),
                "version": "1",
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                "type": 1,
                **command,
            }
            for command in commands
        ]

    def _new_message(
        self, channel_id: int, body: dict[str, Any], files: list[Attachment], flags: int = 0
    ) -> Message:
        message = Message(snowflake(), channel_id, self.bot_user, flags=flags)
        message.apply(body, files)
        self.messages[message.id] = message
        return message

    async def _callback(self, it: Interaction, request: web.Request) -> web.Response:
        if it.response_type is not None:
            return self._json({"message": "Interaction has already been acknowledged.",
                               "code": 40060}, 400)
        payload, files = await self._body(request)
        kind = int(payload["type"])
        data = payload.get("data") or {}
        it.response_type = kind
        it.responded_at = time.perf_counter()
        resource: dict[str, Any] = {"type": kind}
        if kind == 4:  # channel message
            it.original = self._new_message(it.channel_id, data, files)
            it.original.interaction_id = it.id
            resource["message"] = it.original.payload()
        elif kind == 5:  # deferred channel message ("thinking")
            flags = int(data.get("flags") or 0) | LOADING
            it.original = self._new_message(it.channel_id, {}, [], flags=flags)
            it.original.interaction_id = it.id
            resource["message"] = it.original.payload()
        elif kind == 7 and it.message is not None:  # update the clicked message
            it.message.apply(data, files)
            it.original = it.message
            resource["message"] = it.message.payload()
        elif kind == 6 and it.message is not None:  # deferred update
            it.original = it.message
        elif kind == 8:  # autocomplete result
            it.choices = data.get("choices", [])
        it.responded.set()
        if kind in (4, 7, 8):
            it.settled.set()
        original = it.original
        body = {
            "interaction": {
                "id": str(it.id),
                "type": it.kind,
                "response_message_id": str(original.id) if original else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(original and original.ephemeral),
            },
            "resource": resource,
        }
        return self._json(body)

    async def _followup(self, it: Interaction, request: web.Request) -> web.Response:
        body, files = await self._body(request)
        message = self._new_message(it.channel_id, body, files)
        message.interaction_id = it.id
        it.followups.append(message)
        it.settled.set()
        return self._json(message.payload())

    async def _webhook_message(
        self, method: str, it: Interaction, which: str, request: web.Request
    ) -> web.StreamResponse:
        message = it.original if which == "@original" else self.messages[int(which)]
        if message is None:
            raise KeyError("message")
        if method == "GET":
            return self._json(message.payload())
        if method == "DELETE":
            message.deleted = True
            return web.Response(status=204)
        body, files = await self._body(request)
        message.flags &= ~LOADING
        message.apply(body, files)
        it.settled.set()
        return self._json(message.payload())

    # ----------------------------------------------------------------- gateway
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets.add(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45_000}}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                op = data.get("op")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    self.identifies += 1
                    await self._send(ws, "READY", self._ready())
                    await self._send(ws, "GUILD_CREATE", self._guild())
                    async with self._changed:
                        self._changed.notify_all()
                elif op == 6:
                    await self._send(ws, "RESUMED", {})
        finally:
            self.sockets.discard(ws)
        return ws

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    def _ready(self) -> dict[str, Any]:
        return {
            "v": 10,
            "user": self.bot_user.payload(),
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }

    def _channel(self, channel_id: int) -> dict[str, Any]:
        return {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": f"table-{self.channels.index(channel_id) + 1}",
            "position": self.channels.index(channel_id),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def _guild(self) -> dict[str, Any]:
        return {
            "id": str(self.guild_id),
            "name": "Rami test server",
            "icon": None,
            "owner_id": str(self.owner.id),
            "region": "europe",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(self.guild_id),
                    "name": "@everyone",
                    "color": 0,
                    "hoist": False,
                    "position": 0,
                    "permissions": str(MEMBER_PERMISSIONS),
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "preferred_locale": self.guild_locale,
            "premium_tier": 0,
            "nsfw_level": 0,
            "unavailable": False,
            "member_count": len(self.users) + 1,
            "large": False,
            "joined_at": _iso(),
            "channels": [self._channel(c) for c in self.channels],
            "threads": [],
            "members": [self.bot_user.member()] + [u.member() for u in self.users.values()],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        if not self.sockets:
            raise AssertionError("no bot is connected to the fake gateway")
        for ws in list(self.sockets):
            await self._send(ws, event, data)

    # ----------------------------------------------------------------- acting as users
    def _interaction_payload(
        self, it: Interaction, data: dict[str, Any], locale: str | None
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(it.id),
            "application_id": str(self.app_id),
            "type": it.kind,
            "token": it.token,
            "version": 1,
            "guild_id": str(self.guild_id),
            "channel_id": str(it.channel_id),
            "channel": self._channel(it.channel_id),
            "member": it.user.member(),
            "app_permissions": str(ALL_PERMISSIONS),
            "locale": locale or it.user.locale,
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 25 * 1024 * 1024,
            "data": data,
        }
        if it.message is not None:
            payload["message"] = it.message.payload()
        return payload

    def _new_interaction(
        self, kind: int, user: User, channel_id: int, message: Message | None = None
    ) -> Interaction:
        it = Interaction(
            snowflake(), f"tok{snowflake()}", kind, user, channel_id, time.perf_counter(), message
        )
        self.interactions[it.token] = it
        return it

    def _command_data(self, path: list[str], options: dict[str, Any]) -> dict[str, Any]:
        registered = self.guild_commands or self.global_commands
        root = next((c for c in registered if c["name"] == path[0]), None)
        if root is None:
            raise AssertionError(f"command {path[0]!r} was not synced")
        leaf_options = [
            {"name": k, "type": 4 if isinstance(v, int) else 3, "value": v}
            for k, v in options.items()
        ]
        for name in reversed(path[1:]):
            leaf_options = [{"name": name, "type": 1, "options": leaf_options}]
        data: dict[str, Any] = {
            "id": root["id"], "name": path[0], "type": 1, "options": leaf_options,
        }
        if self.guild_commands:
            data["guild_id"] = str(self.guild_id)
        return data

    async def _send_interaction(
        self, it: Interaction, data: dict[str, Any], locale: str | None, wait: bool
    ) -> Interaction:
        await self.dispatch("INTERACTION_CREATE", self._interaction_payload(it, data, locale))
        if wait:
            await self.settle(it)
        return it

    async def settle(self, it: Interaction, timeout: float = 10.0) -> Interaction:
        """Wait until the bot answered ``it`` (a deferred reply: until it was filled in)."""
        await asyncio.wait_for(it.settled.wait(), timeout)
        return it

    async def slash(
        self,
        user: User,
        channel_id: int,
        command: str,
        *,
        locale: str | None = None,
        wait: bool = True,
        **options: Any,
    ) -> Interaction:
        """Invoke ``/rummy new variant:…``: ``command`` is the space-separated path."""
        it = self._new_interaction(2, user, channel_id)
        it.label = "/" + command
        data = self._command_data(command.split(), options)
        return await self._send_interaction(it, data, locale, wait)

    async def autocomplete(
        self, user: User, channel_id: int, command: str, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """The choices the bot offers for option ``focused`` (its typed text in options)."""
        it = self._new_interaction(4, user, channel_id)
        data = self._command_data(command.split(), options)
        leaf = data["options"]
        while leaf and leaf[0]["type"] == 1:
            leaf = leaf[0]["options"]
        for option in leaf:
            if option["name"] == focused:
                option["focused"] = True
                option["type"] = 3
        await self._send_interaction(it, data, None, True)
        return it.choices or []

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        wait: bool = True,
        locale: str | None = None,
    ) -> Interaction:
        """Click the button ``custom_id`` (or the first whose id starts with it) on ``message``."""
        component = message.component(custom_id)
        it = self._new_interaction(3, user, message.channel_id, message)
        it.label = ":".join(component["custom_id"].split(":")[:3])
        data = {"custom_id": component["custom_id"], "component_type": 2}
        return await self._send_interaction(it, data, locale, wait)

    async def select(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: list[str],
        *,
        wait: bool = True,
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` (or a prefix of it) on ``message``."""
        component = message.component(custom_id)
        it = self._new_interaction(3, user, message.channel_id, message)
        it.label = ":".join(component["custom_id"].split(":")[:3])
        data = {"custom_id": component["custom_id"], "component_type": 3, "values": values}
        return await self._send_interaction(it, data, None, wait)

    # ----------------------------------------------------------------- observing
    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked after every REST call)."""

        async def check() -> Any:
            async with self._changed:
                while not (result := predicate()):
                    await self._changed.wait()
                return result

        return await asyncio.wait_for(check(), timeout)

    def channel_messages(self, channel_id: int) -> list[Message]:
        return [m for m in self.channel_log if m.channel_id == channel_id and not m.deleted]

    def all_messages(self) -> list[Message]:
        return list(self.messages.values())
