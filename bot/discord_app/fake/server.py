"""The fake Discord server: ties the state, the REST API and the gateway together on
127.0.0.1, acts as the guild's users (slash commands, clicks, menus, autocomplete), and
misbehaves on request (failed or rate-limited calls, missing permissions, a dropped
gateway).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from bot.discord_app.fake.faults import Fault, Hold
from bot.discord_app.fake.gateway import Gateway
from bot.discord_app.fake.modals import submit_data
from bot.discord_app.fake.model import Interaction, Message, User, option_type, snowflake
from bot.discord_app.fake.openapi import Violation, default_checker
from bot.discord_app.fake.rest import RestApi
from bot.discord_app.fake.state import DiscordState


class FakeDiscord(DiscordState):
    """The fake server. ``await start()``, then point the bot at ``api_base``/``gateway_url``."""

    def __init__(self, guild_locale: str = "en-US", token: str = "test-token",
                 channel_count: int = 3, *, retain: bool = True,
                 clock: Callable[[], float] = time.time,
                 check_requests: bool = True, global_limit: int | None = None) -> None:
        super().__init__(guild_locale, token, channel_count, retain=retain, clock=clock)
        # check_requests=False: no check against Discord's description (it needs the dev
        # extra's jsonschema), as a host's ``rummy-bot try`` runs. global_limit: Discord's
        # global limit enforced (50 requests per second on Discord; None: not enforced).
        self.rest = RestApi(self, check_requests=check_requests, global_limit=global_limit)
        self.gateway = Gateway(self)
        self._runner: web.AppRunner | None = None
        # How long acting as a user waits for the bot's answer; a test of real processes
        # on a loaded machine may allow more (the bot has deferred within 3 s anyway).
        self.settle_timeout = 10.0

    # ----------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1 (``port``, ``api_base``, ``gateway_url``).

        Raises ``RuntimeError`` when requests are to be checked and ``jsonschema`` is not
        installed.
        """
        if self.rest.check_requests:
            try:
                default_checker()  # the description read once, before any request
            except ImportError as exc:
                raise RuntimeError("checking requests against Discord's description needs "
                                   "jsonschema (pip install -e '.[dev]'), or "
                                   "FakeDiscord(check_requests=False)") from exc
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        """Close the bots' connections and stop listening."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def unknown_routes(self) -> list[str]:
        """The REST calls the fake could not answer (``"METHOD /path"``)."""
        return self.rest.unknown_routes

    @property
    def spec_violations(self) -> list[Violation]:
        """Every way a REST call did not match Discord's OpenAPI description (method,
        path, and the failing field with the schema's complaint), in order."""
        return self.rest.spec_violations

    @property
    def identifies(self) -> int:
        """How many times a bot identified on the gateway (one per connection)."""
        return self.gateway.identifies

    @property
    def sockets(self) -> set[web.WebSocketResponse]:
        """The bots' open gateway connections."""
        return self.gateway.sockets

    @property
    def identified(self) -> list[tuple[int, int] | None]:
        """The shard ``(id, count)`` of every IDENTIFY so far, in order (None: unsharded)."""
        return self.gateway.identified

    def gateway_deliveries(self, event: str) -> list[tuple[int, int] | None]:
        """The shard of the connection each ``event`` dispatched went to, in order."""
        return [shard for name, shard in self.gateway.deliveries if name == event]

    def connected_shards(self) -> list[tuple[int, int] | None]:
        """The shard of each open, identified gateway connection (None: unsharded)."""
        return self.gateway.connected_shards()

    @property
    def resumes(self) -> int:
        """How many times a bot asked to resume its session."""
        return self.gateway.resumes

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a gateway event to every connected bot, a guild's event only to the
        connections of its shard (``AssertionError`` if none is connected)."""
        await self.gateway.dispatch(event, data)

    # ----------------------------------------------------------------- misbehaving
    def fail(self, kind: str, status: int, *, times: int | None = 1,
             channel: int | None = None, code: int = 0) -> Fault:
        """Answer the next ``times`` requests of ``kind`` (``"send"``, ``"edit"``,
        ``"delete"``, ``"callback"``, ``"followup"``, ``"webhook_edit"``,
        ``"webhook_delete"``, ``"other"``; in ``channel`` only when given) with ``status``
        (None times: until ``heal``).

        Raises ``ValueError`` for an unknown kind.
        """
        return self.faults.arm(Fault(kind, status, times=times, channel=channel, code=code))

    def rate_limit(self, kind: str, retry_after: float, *, times: int | None = 1,
                   is_global: bool = False, via: bool = True,
                   channel: int | None = None, code: int = 0) -> Fault:
        """Answer the next ``times`` requests of ``kind`` with a 429: per route, or global
        (``is_global``), or a resource's own limit with its ``code`` (30046: an edit of a
        message older than an hour); ``via=False`` leaves out the ``Via`` header, as
        Cloudflare's bans do (discord.py then gives up at once instead of waiting
        ``retry_after``)."""
        return self.faults.arm(Fault(kind, 429, times=times, channel=channel,
                                     retry_after=retry_after, is_global=is_global, via=via,
                                     code=code))

    def hold(self, kind: str, *, channel: int | None = None) -> Hold:
        """Serve the requests of ``kind`` (in ``channel`` only, when given) but hold their
        answers until ``release()`` (or ``heal()``): Discord did it, its answer is on its
        way. Its ``served`` event is set once one is held.

        Raises ``ValueError`` for an unknown kind.
        """
        return self.faults.hold(Hold(kind, channel))

    def heal(self, fault: Fault | None = None) -> None:
        """Stop ``fault`` (None: every fault, and release every answer held)."""
        self.faults.disarm(fault)

    def set_bot_permissions(self, channel_id: int, permissions: int | None) -> None:
        """The bot's permissions in a channel (None: every permission again); interactions
        there carry them as ``app_permissions``, and channel message calls need them."""
        if permissions is None:
            self.bot_permissions.pop(channel_id, None)
        else:
            self.bot_permissions[channel_id] = permissions

    def drop_gateway(self) -> None:
        """Cut the bots' gateway connections, as a network failure does."""
        self.gateway.drop()

    def hold_shard(self, shard: tuple[int, int]) -> None:
        """Cut one shard off the gateway until :meth:`release_shard` (its attempts to
        identify or resume are cut too); the other shards carry on."""
        self.gateway.hold(shard)

    def release_shard(self, shard: tuple[int, int]) -> None:
        """Let a held shard connect again."""
        self.gateway.release(shard)

    async def reconnect_gateway(self) -> None:
        """Send RECONNECT (op 7) to every bot."""
        await self.gateway.reconnect()

    async def invalidate_session(self, resumable: bool = False) -> None:
        """Send INVALID_SESSION (op 9) to every bot."""
        await self.gateway.invalidate(resumable)

    # ----------------------------------------------------------------- acting as users
    def _interaction_payload(
        self, it: Interaction, data: dict[str, Any], locale: str | None
    ) -> dict[str, Any]:
        """An interaction as Discord sends it: from a guild channel (the guild, the member,
        context 0) or from the bot's DM with a member (no guild, the user, context 1)."""
        payload: dict[str, Any] = {
            "id": str(it.id),
            "application_id": str(self.app_id),
            "type": it.kind,
            "token": it.token,
            "version": 1,
        }
        if self.dms.is_dm(it.channel_id):
            payload.update(self.dms.interaction_fields(it.channel_id, it.user))
        else:
            guild_id = self.guild_of(it.channel_id).id
            payload.update({
                "guild_id": str(guild_id),
                "channel_id": str(it.channel_id),
                "channel": self.channel_payload(it.channel_id),
                "member": it.user.member(),
                "guild_locale": self.guild_locale,
                "authorizing_integration_owners": {"0": str(guild_id)},
                "context": 0,
            })
        payload.update({
            "app_permissions": str(self.permissions_in(it.channel_id)),
            "locale": locale or it.user.locale,
            "entitlements": [],
            "attachment_size_limit": 25 * 1024 * 1024,
            "data": data,
        })
        if it.message is not None:
            payload["message"] = it.message.payload()
        return payload

    def new_interaction(
        self, kind: int, user: User, channel_id: int, message: Message | None = None
    ) -> Interaction:
        """An interaction of ``kind`` by ``user``, known to the fake (its answers land on
        it) but not yet sent."""
        it = Interaction(
            snowflake(), f"tok{snowflake()}", kind, user, channel_id, time.perf_counter(), message
        )
        it.created_at = self.clock()
        self.interactions[it.token] = it
        return it

    def _command_data(self, path: list[str], options: dict[str, Any]) -> dict[str, Any]:
        if not any(c["name"] == path[0] for c in self.guild_commands or self.global_commands):
            raise AssertionError(f"command {path[0]!r} was not synced")
        return self.command_data(path, [{"name": k, "type": option_type(v), "value": v}
                                        for k, v in options.items()])

    def _declared_options(self, path: list[str]) -> list[dict[str, Any]]:
        """The options the synced command ``path`` declares (none for an unknown one)."""
        level: list[dict[str, Any]] = self.guild_commands or self.global_commands
        for name in path:
            found = next((c for c in level if c["name"] == name), None)
            if found is None:
                return []
            level = found.get("options", [])
        return level

    def command_data(self, path: list[str], options: list[dict[str, Any]]) -> dict[str, Any]:
        """A slash command's data with ``options`` as given (any type, any value): ``path``
        names a synced command (``["rummy", "discard"]``) or anything else (an unknown
        command, with a new id)."""
        registered = self.guild_commands or self.global_commands
        root = next((c for c in registered if c["name"] == path[0]), None)
        leaf_options = options
        for name in reversed(path[1:]):
            leaf_options = [{"name": name, "type": 1, "options": leaf_options}]
        data: dict[str, Any] = {
            "id": root["id"] if root else str(snowflake()), "name": path[0], "type": 1,
            "options": leaf_options,
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

    async def settle(self, it: Interaction, timeout: float | None = None) -> Interaction:
        """Wait until the bot answered ``it`` (a deferred reply: until it was filled in),
        at most ``timeout`` seconds (default ``settle_timeout``)."""
        await asyncio.wait_for(it.settled.wait(), timeout or self.settle_timeout)
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
        it = self.new_interaction(2, user, channel_id)
        it.label = "/" + command
        data = self._command_data(command.split(), options)
        return await self._send_interaction(it, data, locale, wait)

    async def command(self, user: User, channel_id: int, data: dict[str, Any], *,
                      locale: str | None = None, wait: bool = True) -> Interaction:
        """Invoke a slash command whose ``data`` is built already (:meth:`command_data`,
        with the ``resolved`` members and channels its options name)."""
        it = self.new_interaction(2, user, channel_id)
        path, options = [data["name"]], data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            path.append(options[0]["name"])
            options = options[0].get("options") or []
        it.label = "/" + " ".join(path)
        return await self._send_interaction(it, data, locale, wait)

    async def autocomplete(
        self, user: User, channel_id: int, command: str, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """The choices the bot offers for option ``focused`` (its typed text in options)."""
        it = self.new_interaction(4, user, channel_id)
        data = self._command_data(command.split(), options)
        leaf = data["options"]
        while leaf and leaf[0]["type"] == 1:
            leaf = leaf[0]["options"]
        declared = {o["name"]: o["type"] for o in self._declared_options(command.split())}
        for option in leaf:
            if option["name"] == focused:
                # As Discord: the option keeps its declared type (4 for an integer) and
                # carries the text typed so far, a string.
                option["focused"] = True
                option["type"] = declared.get(focused, 3)
                option["value"] = str(option["value"])
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
        it = self.new_interaction(3, user, message.channel_id, message)
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
        it = self.new_interaction(3, user, message.channel_id, message)
        it.label = ":".join(component["custom_id"].split(":")[:3])
        data = {"custom_id": component["custom_id"], "component_type": 3, "values": values}
        return await self._send_interaction(it, data, None, wait)

    async def submit(self, user: User, opened: Interaction, values: dict[str, Any] | None = None,
                     *, wait: bool = True, locale: str | None = None) -> Interaction:
        """Fill in and submit the form the bot answered ``opened`` with (its ``modal``):
        ``values`` by ``custom_id`` (text, a radio's value, a list for a select or a check
        box group, True/False for a check box), the others as the form showed them
        (:func:`~bot.discord_app.fake.modals.submit_data`; ``ValueError`` for what the
        client could not send). A form opened from a message's component carries it."""
        if opened.modal is None:
            raise AssertionError(f"interaction {opened.id} was answered with no form "
                                 f"(type {opened.response_type})")
        data = submit_data(opened.modal, values or {}, self.channel_payload)
        it = self.new_interaction(5, user, opened.channel_id, opened.message)
        it.label = "form " + ":".join(str(data["custom_id"]).split(":")[:3])
        return await self._send_interaction(it, data, locale, wait)
