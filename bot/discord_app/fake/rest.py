"""The fake Discord's REST API: the routes a slash-command bot calls, under ``/api/v10``.

Users and the application, command sync (global and guild), interaction callbacks, webhook
follow-ups and their edits, channel messages. Any other route answers 404 and is listed
in ``unknown_routes``, so that a test can fail on what the fake lacks.
"""

from __future__ import annotations

import json
import time
from typing import Any

from aiohttp import web

from bot.discord_app.fake.model import LOADING, Attachment, Interaction, snowflake
from bot.discord_app.fake.state import DiscordState

JSON = "application/json"


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON reply that discord.py decodes."""
    # Exactly "application/json": with "; charset=utf-8" discord.py sees a string.
    return web.Response(status=status, body=json.dumps(data).encode(), content_type=JSON)


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Attachment]]:
    """The JSON body of a request and its files (multipart: ``payload_json`` + ``files[N]``)."""
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


class RestApi:
    """Answers the bot's REST calls from, and into, ``state``."""

    def __init__(self, state: DiscordState) -> None:
        self.state = state
        self.unknown_routes: list[str] = []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The aiohttp handler of ``/api/v10/{tail}``."""
        parts = request.match_info["tail"].strip("/").split("/")
        method = request.method
        try:
            handled = await self._route(method, parts, request)
        except KeyError as exc:
            return json_response({"message": f"Unknown {exc}", "code": 10008}, 404)
        if handled is None:
            self.unknown_routes.append(f"{method} /{'/'.join(parts)}")
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        await self.state.changed()
        return handled

    async def _route(
        self, method: str, parts: list[str], request: web.Request
    ) -> web.StreamResponse | None:
        state = self.state
        # Interaction and webhook routes are authorised by their token, as on Discord.
        if request.headers.get("Authorization") != f"Bot {state.token}" and parts[0] not in (
                "interactions", "webhooks"):
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        match (method, parts):
            case ("GET", ["users", "@me"]):
                return json_response(state.bot_user.payload())
            case ("GET", ["oauth2", "applications", "@me"]):
                return json_response(self._application())
            case ("PUT", ["applications", _, "commands"]):
                state.command_syncs += 1
                state.global_commands = self._register(await request.json())
                return json_response(state.global_commands)
            case ("PUT", ["applications", _, "guilds", _, "commands"]):
                state.command_syncs += 1
                state.guild_commands = self._register(await request.json())
                return json_response(state.guild_commands)
            case ("GET", ["applications", _, "commands"]):
                return json_response(state.global_commands)
            case ("GET", ["applications", _, "guilds", _, "commands"]):
                return json_response(state.guild_commands)
            case ("POST", ["interactions", _, token, "callback"]):
                return await self._callback(state.interactions[token], request)
            case ("POST", ["webhooks", _, token]):
                return await self._followup(state.interactions[token], request)
            case (_, ["webhooks", _, token, "messages", which]):
                return await self._webhook_message(
                    method, state.interactions[token], which, request)
            case ("POST", ["channels", channel, "messages"]):
                body, files = await read_body(request)
                return json_response(state.post_to_channel(int(channel), body, files).payload())
            case ("PATCH", ["channels", _, "messages", mid]):
                message = state.messages[int(mid)]
                body, files = await read_body(request)
                message.apply(body, files)
                return json_response(message.payload())
            case ("DELETE", ["channels", _, "messages", mid]):
                state.messages[int(mid)].deleted = True
                return web.Response(status=204)
            case ("GET", ["channels", _, "messages", mid]):
                return json_response(state.messages[int(mid)].payload())
            case ("POST", ["channels", _, "typing"]):
                return web.Response(status=204)
        return None

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(self.state.app_id),
            "name": "Rami",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.state.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
        }

    def _register(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            {
                "id": str(snowflake()),
                "application_id": str(self.state.app_id),
                "version": "1",
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                "type": 1,
                **command,
            }
            for command in commands
        ]

    async def _callback(self, it: Interaction, request: web.Request) -> web.Response:
        if it.response_type is not None:
            return json_response({"message": "Interaction has already been acknowledged.",
                                  "code": 40060}, 400)
        payload, files = await read_body(request)
        kind = int(payload["type"])
        data = payload.get("data") or {}
        it.response_type = kind
        it.responded_at = time.perf_counter()
        resource: dict[str, Any] = {"type": kind}
        if kind == 4:  # channel message
            it.original = self.state.new_message(it.channel_id, data, files)
            it.original.interaction_id = it.id
            resource["message"] = it.original.payload()
        elif kind == 5:  # deferred channel message ("thinking")
            flags = int(data.get("flags") or 0) | LOADING
            it.original = self.state.new_message(it.channel_id, {}, [], flags=flags)
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
        # The full body: with an empty one discord.py's send_message raises TypeError.
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
        return json_response(body)

    async def _followup(self, it: Interaction, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        message = self.state.new_message(it.channel_id, body, files)
        message.interaction_id = it.id
        it.followups.append(message)
        it.settled.set()
        return json_response(message.payload())

    async def _webhook_message(
        self, method: str, it: Interaction, which: str, request: web.Request
    ) -> web.StreamResponse:
        message = it.original if which == "@original" else self.state.messages[int(which)]
        if message is None:
            raise KeyError("message")
        if method == "GET":
            return json_response(message.payload())
        if method == "DELETE":
            message.deleted = True
            return web.Response(status=204)
        body, files = await read_body(request)
        message.flags &= ~LOADING
        message.apply(body, files)
        it.settled.set()
        return json_response(message.payload())
