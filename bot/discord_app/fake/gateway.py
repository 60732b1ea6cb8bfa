"""The fake Discord's gateway: one WebSocket per connected bot, plain JSON text frames.

HELLO, then IDENTIFY → READY + GUILD_CREATE (the one guild, its channels and members),
HEARTBEAT → HEARTBEAT_ACK, RESUME → RESUMED (or INVALID_SESSION when ``refuse_resume``);
``dispatch`` sends any event, such as ``INTERACTION_CREATE``, to every connected bot.
It misbehaves on request: ``drop`` cuts every connection without a close frame (the bot
resumes), ``reconnect`` sends RECONNECT (op 7), ``invalidate`` INVALID_SESSION (op 9).
Events dispatched while no bot is connected are not replayed on RESUME. No compression,
no sharding, no heartbeat deadline.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import WSMsgType, web

from bot.discord_app.fake.model import MEMBER_PERMISSIONS, TIMESTAMP
from bot.discord_app.fake.state import DiscordState


class Gateway:
    """Speaks the gateway protocol to the bots connected to ``state``'s guild."""

    def __init__(self, state: DiscordState) -> None:
        self.state = state
        self.sockets: set[web.WebSocketResponse] = set()
        self.identifies = 0
        self.resumes = 0
        self.refuse_resume = False  # answer RESUME with INVALID_SESSION (must identify)
        self._transports: dict[web.WebSocketResponse, Any] = {}
        self._seq = 0

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The aiohttp handler of ``/gateway``: serves one connection until it closes."""
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets.add(ws)
        self._transports[ws] = request.transport
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
                    await self.state.changed()
                elif op == 6:
                    self.resumes += 1
                    if self.refuse_resume:
                        await ws.send_str(json.dumps({"op": 9, "d": False}))
                    else:
                        await self._send(ws, "RESUMED", {})
                    await self.state.changed()
        finally:
            self.sockets.discard(ws)
            self._transports.pop(ws, None)
            await self.state.changed()
        return ws

    def drop(self) -> None:
        """Cut every connection at once, as a network failure does (no close frame)."""
        for ws in list(self.sockets):
            transport = self._transports.get(ws)
            if transport is not None:
                transport.abort()

    async def reconnect(self) -> None:
        """Ask every bot to reconnect (RECONNECT, op 7): it closes and resumes."""
        for ws in list(self.sockets):
            await ws.send_str(json.dumps({"op": 7, "d": None}))

    async def invalidate(self, resumable: bool = False) -> None:
        """Invalidate every bot's session (INVALID_SESSION, op 9): it identifies again,
        or resumes when ``resumable``."""
        for ws in list(self.sockets):
            await ws.send_str(json.dumps({"op": 9, "d": resumable}))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send the event ``event`` to every connected bot.

        Raises ``AssertionError`` when no bot is connected.
        """
        if not self.sockets:
            raise AssertionError("no bot is connected to the fake gateway")
        for ws in list(self.sockets):
            await self._send(ws, event, data)

    async def close(self) -> None:
        """Close every connection (the bots see the gateway go away)."""
        for ws in list(self.sockets):
            await ws.close()

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    def _ready(self) -> dict[str, Any]:
        state = self.state
        return {
            "v": 10,
            "user": state.bot_user.payload(),
            "guilds": [{"id": str(state.guild_id), "unavailable": True}],
            "session_id": "fake-session",
            # The client resumes there after READY: it must be this local server.
            "resume_gateway_url": state.gateway_url,
            "application": {"id": str(state.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }

    def _guild(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": str(state.guild_id),
            "name": "Rami test server",
            "icon": None,
            "owner_id": str(state.owner.id),
            "region": "europe",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(state.guild_id),
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
            "preferred_locale": state.guild_locale,
            "premium_tier": 0,
            "nsfw_level": 0,
            "unavailable": False,
            "member_count": len(state.users) + 1,
            "large": False,
            "joined_at": TIMESTAMP,
            "channels": [state.channel_payload(c) for c in state.channels],
            "threads": [],
            "members": [state.bot_user.member()] + [u.member() for u in state.users.values()],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
