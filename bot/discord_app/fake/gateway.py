"""The fake Discord's gateway: one WebSocket per connection, plain JSON text frames.

HELLO, then IDENTIFY → READY + a GUILD_CREATE per guild (its channels and members),
HEARTBEAT → HEARTBEAT_ACK (:data:`ACK_DELAY` later, as over a network: an ack within
the instant reaches discord.py before it notes the heartbeat sent, and it then warns that
it "can't keep up"), RESUME → RESUMED (or INVALID_SESSION when ``refuse_resume``).
Sharding as Discord does it: an IDENTIFY with ``shard: [id, count]`` gets READY with that
shard and only the guilds where ``(guild_id >> 22) % count == id``; ``dispatch`` sends a
guild's event (``guild_id`` in its data, as ``INTERACTION_CREATE``) only to the
connections of its shard, any other event to every connection; a connection without
``shard`` has every guild. Connections may come from several bots (several processes) at
once. Each IDENTIFY spends one of ``session_start_limit["remaining"]``. When two
connections hold the same shard (a failover: Discord may let an old session run on while a
new one identifies), ``spread`` sends each guild event to ONE of them, in turn, so that
both processes handle the same channels' interactions; off, both get every event.
It misbehaves on request: ``drop`` cuts every connection without a close frame (the bot
resumes), ``reconnect`` sends RECONNECT (op 7), ``invalidate`` INVALID_SESSION (op 9).
Events dispatched while no bot is connected are not replayed on RESUME. No compression,
no heartbeat deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from aiohttp import WSMsgType, web

from bot.discord_app.fake.model import MEMBER_PERMISSIONS, TIMESTAMP, Guild, shard_of
from bot.discord_app.fake.state import DiscordState

Shard = tuple[int, int]  # (shard id, shard count)
ACK_DELAY = 0.05  # seconds between a HEARTBEAT and its HEARTBEAT_ACK


class Gateway:
    """Speaks the gateway protocol to the bots connected to ``state``'s guilds."""

    def __init__(self, state: DiscordState) -> None:
        self.state = state
        self.sockets: set[web.WebSocketResponse] = set()
        self.identifies = 0
        self.resumes = 0
        self.refuse_resume = False  # answer RESUME with INVALID_SESSION (must identify)
        self.identified: list[Shard | None] = []  # every IDENTIFY's shard, in order
        self.deliveries: list[tuple[str, Shard | None]] = []  # each dispatch's connection
        self.spread = False  # a guild event to one connection of its shard, in turn
        self.held: set[Shard | None] = set()  # shards cut off: their IDENTIFY or RESUME is cut
        self._turns = 0
        self._transports: dict[web.WebSocketResponse, Any] = {}
        self._shards: dict[web.WebSocketResponse, Shard | None] = {}  # by connection
        self._sessions: dict[str, Shard | None] = {}  # a RESUME names its session
        self._pending: set[asyncio.Task[None]] = set()
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
                    self._later(ws, {"op": 11}, ACK_DELAY)
                elif op == 2:
                    await self._identify(ws, data.get("d") or {})
                elif op == 6:
                    self.resumes += 1
                    session = str((data.get("d") or {}).get("session_id"))
                    self._shards[ws] = self._sessions.get(session)
                    if self._shards[ws] in self.held:
                        self._abort(ws)
                    elif self.refuse_resume:
                        await ws.send_str(json.dumps({"op": 9, "d": False}))
                    else:
                        await self._send(ws, "RESUMED", {})
                    await self.state.changed()
        finally:
            self.sockets.discard(ws)
            self._transports.pop(ws, None)
            self._shards.pop(ws, None)
            await self.state.changed()
        return ws

    def _later(self, ws: web.WebSocketResponse, frame: dict[str, Any], delay: float) -> None:
        """Send ``frame`` ``delay`` seconds from now (a closed connection drops it)."""
        async def later() -> None:
            await asyncio.sleep(delay)
            with contextlib.suppress(ConnectionError, RuntimeError):
                await ws.send_str(json.dumps(frame))

        task = asyncio.get_running_loop().create_task(later())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        """READY for the connection's shard, then its guilds; one session start spent."""
        raw = data.get("shard")
        shard = (int(raw[0]), int(raw[1])) if isinstance(raw, list) and len(raw) == 2 else None
        if shard in self.held:
            self._abort(ws)
            return
        self.identifies += 1
        self.identified.append(shard)
        limit = self.state.session_start_limit
        limit["remaining"] = max(0, limit["remaining"] - 1)
        self._shards[ws] = shard
        session = f"fake-session-{self.identifies}"
        self._sessions[session] = shard
        guilds = [g for g in self.state.guilds.values() if self._owns(shard, g.id)]
        await self._send(ws, "READY", self._ready(session, shard, guilds))
        for guild in guilds:
            await self._send(ws, "GUILD_CREATE", self._guild(guild))
        await self.state.changed()

    @staticmethod
    def _owns(shard: Shard | None, guild_id: int) -> bool:
        return shard is None or shard_of(guild_id, shard[1]) == shard[0]

    def connected_shards(self) -> list[Shard | None]:
        """The shard of each open, identified connection (None: unsharded)."""
        return [self._shards[ws] for ws in self.sockets if ws in self._shards]

    def drop(self) -> None:
        """Cut every connection at once, as a network failure does (no close frame)."""
        for ws in list(self.sockets):
            self._abort(ws)

    def hold(self, shard: Shard | None) -> None:
        """Cut ``shard``'s connections and every new one that identifies or resumes as
        it, until :meth:`release` (a shard whose network is down: no session starts)."""
        self.held.add(shard)
        for ws in list(self.sockets):
            if ws in self._shards and self._shards[ws] == shard:
                self._abort(ws)

    def release(self, shard: Shard | None) -> None:
        """Let ``shard`` connect again (its next attempt identifies or resumes)."""
        self.held.discard(shard)

    def _abort(self, ws: web.WebSocketResponse) -> None:
        """Cut the connection without a close frame, as a network failure does."""
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
        """Send the event ``event`` to every connected bot; an event of a guild
        (``guild_id`` in ``data``) only to the connections of the guild's shard.

        Raises ``AssertionError`` when no connection would receive it.
        """
        guild_id = data.get("guild_id")
        targets = [ws for ws in list(self.sockets) if guild_id is None
                   or self._owns(self._shards.get(ws), int(guild_id))]
        if not targets:
            where = "" if guild_id is None else f" for the shard of guild {guild_id}"
            raise AssertionError(f"no bot is connected to the fake gateway{where}")
        if self.spread and guild_id is not None:
            self._turns += 1
            targets = [targets[self._turns % len(targets)]]
        for ws in targets:
            self.deliveries.append((event, self._shards.get(ws)))
            await self._send(ws, event, data)

    async def close(self) -> None:
        """Close every connection (the bots see the gateway go away)."""
        for task in list(self._pending):
            task.cancel()
        for ws in list(self.sockets):
            await ws.close()

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    def _ready(self, session: str, shard: Shard | None, guilds: list[Guild]) -> dict[str, Any]:
        state = self.state
        ready: dict[str, Any] = {
            "v": 10,
            "user": state.bot_user.payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session,
            # The client resumes there after READY: it must be this local server.
            "resume_gateway_url": state.gateway_url,
            "application": {"id": str(state.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        return ready

    def _guild(self, guild: Guild) -> dict[str, Any]:
        state = self.state
        return {
            "id": str(guild.id),
            "name": guild.name,
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
                    "id": str(guild.id),
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
            "channels": [state.channel_payload(c) for c in guild.channels],
            "threads": [],
            "members": [state.bot_user.member()] + [u.member() for u in state.users.values()],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
