"""The fake Discord's REST API: the routes a slash-command bot calls, under ``/api/v10``.

Users and the application, the gateway's address with the session start budget
(``GET /gateway/bot``), command sync (global and guild), interaction callbacks, webhook
follow-ups and their edits and deletes (refused as Discord refuses them: 404 code 10015
before the interaction is answered or for an unknown one, 401 code 50027 once its token is
15 minutes old by the state's clock), application emojis (:mod:`~bot.discord_app.fake.emojis`),
channel messages (sent, edited, deleted, read), direct messages
(:mod:`~bot.discord_app.fake.dms`: the DM channel opened, 403 code 50007). Any other
route answers 404 and is listed in ``unknown_routes``, so that a test can fail on what the
fake lacks. Every request is checked against Discord's OpenAPI description
(:mod:`~bot.discord_app.fake.openapi`), each mismatch listed in ``spec_violations``.
Before a call is served, an armed fault may answer it instead
(:mod:`~bot.discord_app.fake.faults`); a channel message call needs the bot's permissions
there (403); a body over one of Discord's size limits gets Discord's 400
(:mod:`~bot.discord_app.fake.limits`); an edit of a message older than an hour, past a few
in a row, Discord's 429 code 30046 (:mod:`~bot.discord_app.fake.edits`).
"""

from __future__ import annotations

import collections
import json
import time
from typing import Any

from aiohttp import web

from bot.discord_app.fake.faults import error_response, missing_access, rate_limited
from bot.discord_app.fake.limits import COMPONENTS_V2, broken_limits, form_error, too_large
from bot.discord_app.fake.modals import broken_modal
from bot.discord_app.fake.model import LOADING, Attachment, Interaction, Message, snowflake
from bot.discord_app.fake.openapi import SentRequest, Violation, default_checker
from bot.discord_app.fake.state import DiscordState

JSON = "application/json"
ARRIVED_AT = web.RequestKey("arrived_at", float)  # when a request reached the fake


class Refused(Exception):
    """A call Discord would refuse: its answer is ``response``."""

    def __init__(self, response: web.Response) -> None:
        super().__init__(response.status)
        self.response = response


def check_limits(body: dict[str, Any], files: list[Attachment],
                 edited: Message | None = None) -> None:
    """Raises :class:`Refused` (400, or 413 for a file) when a body breaks a size limit,
    or a rule of layout messages (``edited``: the message an edit body is for, whose flag
    ``IS_COMPONENTS_V2`` the edit can neither add nor remove)."""
    found = too_large(files)
    if found is not None:
        raise Refused(error_response(413, found))
    flags = body.get("flags")
    asked = None if flags is None else bool(int(flags) & COMPONENTS_V2)
    layout = asked
    if edited is not None:
        layout = bool(edited.flags & COMPONENTS_V2)
        placeholder = bool(edited.flags & LOADING)  # a deferred answer takes either form
        if asked is not None and asked != layout and not placeholder:
            refusal = form_error([flag_change(adds=asked)])
            assert refusal is not None
            raise Refused(error_response(400, refusal))
        if placeholder and asked is not None:
            layout = asked
    broken = broken_limits(body, layout=bool(layout),
                           files=attachment_names(body, files, edited))
    if broken is not None:
        raise Refused(error_response(400, broken))


def flag_change(*, adds: bool) -> tuple[str, str, str]:
    """Discord's error on an edit that adds the flag ``IS_COMPONENTS_V2`` to a message
    posted without it, or removes it (``adds`` False)."""
    if adds:
        return ("flags", "MESSAGE_CANNOT_ADD_COMPONENTS_V2_FLAG",
                "Cannot add the IS_COMPONENTS_V2 flag to a message sent without it")
    return ("flags", "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed once set")


def attachment_names(body: dict[str, Any], files: list[Attachment],
                     edited: Message | None) -> list[str]:
    """The names of the attachments a message will have once ``body`` is applied (what
    its components may name as ``attachment://``)."""
    uploaded = [f.filename for f in files]
    if edited is None:
        return uploaded
    listed = body.get("attachments")
    if isinstance(listed, list):
        ids = {str(a.get("id")) for a in listed if isinstance(a, dict)}
        return [a.filename for a in edited.attachments if str(a.id) in ids] + uploaded
    return uploaded or [a.filename for a in edited.attachments]


# Routes free of the global limit: interaction callbacks, their follow-ups and webhook.
GLOBAL_EXEMPT = ("interactions", "webhooks")
TOKEN_LIFE = 15 * 60.0  # seconds an interaction's token is accepted


def request_kind(method: str, parts: list[str]) -> str:
    """The kind of request, as faults name it (:data:`~bot.discord_app.fake.faults.KINDS`)."""
    match (method, parts):
        case ("POST", ["channels", _, "messages"]):
            return "send"
        case ("PATCH", ["channels", _, "messages", _]):
            return "edit"
        case ("DELETE", ["channels", _, "messages", _]):
            return "delete"
        case ("POST", ["interactions", _, _, "callback"]):
            return "callback"
        case ("POST", ["webhooks", _, _]):
            return "followup"
        case ("PATCH", ["webhooks", _, _, "messages", _]):
            return "webhook_edit"
        case ("DELETE", ["webhooks", _, _, "messages", _]):
            return "webhook_delete"
    return "other"


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON reply that discord.py decodes."""
    # Exactly "application/json": with "; charset=utf-8" discord.py sees a string.
    return web.Response(status=status, body=json.dumps(data).encode(), content_type=JSON)


async def sent_request(request: web.Request) -> SentRequest:
    """A request as the description's checker reads it (its body stays readable)."""
    path = "/" + request.match_info["tail"]
    query = list(request.query.items())
    if not request.body_exists:
        return SentRequest(request.method, path, query, content_type="")
    raw: str | bytes | None
    if request.content_type == "multipart/form-data":
        form = await request.post()
        files = [key for key, value in form.items() if isinstance(value, web.FileField)]
        fields = {key: str(value) for key, value in form.items()
                  if key != "payload_json" and not isinstance(value, web.FileField)}
        payload = form.get("payload_json")
        raw = None if payload is None else str(payload)
    else:
        files, fields, raw = [], {}, await request.read()
    try:
        body = json.loads(raw) if raw else None
    except ValueError:
        return SentRequest(request.method, path, query, content_type=request.content_type,
                           file_parts=files, form_fields=fields, body_not_json=True)
    return SentRequest(request.method, path, query, body, request.content_type, files, fields)


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
    if request.body_exists:
        return await request.json(), []
    return {}, []


class RestApi:
    """Answers the bot's REST calls from, and into, ``state``."""

    def __init__(self, state: DiscordState, *, check_requests: bool = True,
                 global_limit: int | None = None) -> None:
        self.state = state
        self.check_requests = check_requests
        # Discord's global limit (requests per second per bot, None: not enforced), on
        # every route but the interactions' answers and their webhook; the requests it
        # counts, and those it refused with a global 429 (benchmarks).
        self.global_limit = global_limit
        self.global_requests = 0
        self.global_refused = 0
        self._global_window: collections.deque[float] = collections.deque()
        self.unknown_routes: list[str] = []
        # Every way a request did not match Discord's OpenAPI description (recorded, not
        # refused: what Discord itself refuses is the limits' and the routes' to say).
        self.spec_violations: list[Violation] = []
        # Requests per kind (:func:`request_kind`) and the bytes of their bodies (benchmarks).
        self.requests: collections.Counter[str] = collections.Counter()
        self.request_bytes: collections.Counter[str] = collections.Counter()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The aiohttp handler of ``/api/v10/{tail}``."""
        # When the request reached Discord: an interaction's answer is timed from here,
        # not from after this fake has read its form and checked it against the
        # description (work of this test server, not of the bot being timed).
        request[ARRIVED_AT] = time.perf_counter()
        parts = request.match_info["tail"].strip("/").split("/")
        method = request.method
        kind = request_kind(method, parts)
        self.requests[kind] += 1
        self.request_bytes[kind] += request.content_length or 0
        if self.check_requests:
            self.spec_violations += default_checker().check(await sent_request(request))
        faulty = self.state.faults.answer(kind, self._channel(parts))
        if faulty is not None:
            await self.state.changed()
            return faulty
        if parts[0] not in GLOBAL_EXEMPT:
            limited = self._over_global_limit()
            if limited is not None:
                return limited
            self.global_requests += 1
        try:
            handled = await self._route(method, parts, request)
        except KeyError as exc:
            return json_response({"message": f"Unknown {exc}", "code": 10008}, 404)
        except Refused as refusal:
            await self.state.changed()
            return refusal.response
        if handled is None:
            self.unknown_routes.append(f"{method} /{'/'.join(parts)}")
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        await self.state.changed()
        await self.state.faults.held(kind, self._channel(parts))
        return handled

    def _over_global_limit(self) -> web.Response | None:
        """Discord's global 429 when ``global_limit`` requests were served in the last
        second (a sliding window of real time: discord.py sleeps ``retry_after`` of it),
        else None and the request counts in the window."""
        if self.global_limit is None:
            return None
        now = time.monotonic()
        window = self._global_window
        while window and now - window[0] >= 1.0:
            window.popleft()
        if len(window) >= self.global_limit:
            self.global_refused += 1
            retry = round(1.0 - (now - window[0]), 3)
            return rate_limited(max(retry, 0.001), bucket="global", scope="global")
        window.append(now)
        return None

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
            case ("GET", ["gateway", "bot"]):
                return json_response({"url": state.gateway_url,
                                      "shards": state.recommended_shards,
                                      "session_start_limit": dict(state.session_start_limit)})
            case ("GET", ["gateway"]):
                return json_response({"url": state.gateway_url})
            case ("PUT" | "GET", ["applications", app, "commands"]):
                return await self._commands(method, int(app), None, request)
            case ("PUT" | "GET", ["applications", app, "guilds", guild, "commands"]):
                return await self._commands(method, int(app), int(guild), request)
            case (_, ["applications", app, "emojis", *rest]):
                if int(app) != state.app_id:  # another application's: not this token's
                    return json_response({"message": "Missing Access", "code": 50001}, 403)
                return await state.emojis.handle(method, rest, request)
            case ("POST", ["interactions", _, token, "callback"]):
                return await self._callback(state.interactions[token], request)
            case ("POST", ["webhooks", _, token]):
                return await self._followup(self._webhook(token), request)
            case (_, ["webhooks", _, token, "messages", which]):
                return await self._webhook_message(
                    method, self._webhook(token), which, request)
            case ("POST", ["users", "@me", "channels"]):
                body, _ = await read_body(request)
                return json_response(state.dms.open(int(body["recipient_id"])))
            case ("POST", ["channels", channel, "messages"]):
                body, files = await read_body(request)
                dm_refusal = state.dms.refusal(int(channel)) if state.dms.is_dm(
                    int(channel)) else None
                if dm_refusal is not None:
                    raise Refused(dm_refusal)
                self._check_access(int(channel), body, files, sends=True)
                check_limits(body, files)
                return json_response(state.post_to_channel(int(channel), body, files).payload())
            case ("PATCH", ["channels", channel, "messages", mid]):
                message = self._message(int(channel), mid)
                body, files = await read_body(request)
                self._check_access(int(channel), body, files, sends=False)
                check_limits(body, files, message)
                refused = state.old_edits.refusal(message, state.clock())
                if refused is not None:
                    raise Refused(refused)
                message.apply(body, files)
                return json_response(message.payload())
            case ("DELETE", ["channels", channel, "messages", mid]):
                message = self._message(int(channel), mid)
                self._check_access(int(channel), {}, [], sends=False)
                state.delete_message(message)
                return web.Response(status=204)
            case ("GET", ["channels", channel, "messages", mid]):
                return json_response(self._message(int(channel), mid).payload())
            case ("POST", ["channels", _, "typing"]):
                return web.Response(status=204)
        return None

    @staticmethod
    def _channel(parts: list[str]) -> int | None:
        """The channel a call is about, when its path names one."""
        if len(parts) > 1 and parts[0] == "channels" and parts[1].isdigit():
            return int(parts[1])
        return None

    def _message(self, channel_id: int, message_id: str) -> Message:
        """A message of the channel, not deleted (``KeyError``: Discord's 404)."""
        message = self.state.messages.get(int(message_id))
        if message is None or message.deleted or message.channel_id != channel_id:
            raise KeyError("message")
        return message

    def _check_access(self, channel_id: int, body: dict[str, Any], files: list[Attachment],
                      *, sends: bool) -> None:
        """Raises :class:`Refused` (403) when the bot lacks a permission the call needs."""
        code = missing_access(self.state.permissions_in(channel_id), sends=sends,
                              files=bool(files), embeds=bool(body.get("embeds")))
        if code is not None:
            text = "Missing Access" if code == 50001 else "Missing Permissions"
            raise Refused(error_response(403, {"message": text, "code": code}))

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

    async def _commands(self, method: str, app: int, guild: int | None,
                        request: web.Request) -> web.Response:
        """List (``with_localizations``: with the translations' dictionaries, else only
        the ``*_localized`` fields) or overwrite the application's commands."""
        state = self.state
        if app != state.app_id:  # another application's commands: not this token's
            return json_response({"message": "Missing Access", "code": 50001}, 403)
        if method == "GET":
            held = state.commands.get((app, guild), [])
            if request.query.get("with_localizations", "").lower() == "true":
                return json_response(held)
            return json_response([_localized(command) for command in held])
        state.command_syncs += 1
        state.command_puts.append(guild)
        state.commands[(app, guild)] = self._register(await request.json(), guild)
        return json_response(state.commands[(app, guild)])

    def _register(self, commands: list[dict[str, Any]],
                  guild: int | None) -> list[dict[str, Any]]:
        """The commands as Discord keeps them: with ids, defaults filled in, and options
        that are not required left without ``required``."""
        return [
            {
                "id": str(snowflake()),
                "application_id": str(self.state.app_id),
                "version": str(snowflake()),
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                "type": 1,
                "integration_types": [0],
                "contexts": None,
                **({} if guild is None else {"guild_id": str(guild)}),
                **command,
                **({"options": [_kept_option(o) for o in command["options"]]}
                   if command.get("options") else {}),
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
        if kind == 9:  # a form (fake.modals: its components and limits)
            broken = broken_modal(data)
            if broken is not None:
                raise Refused(error_response(400, broken))
        else:
            check_limits(data, files, it.message if kind == 7 else None)
        it.response_type = kind
        it.responded_at = request[ARRIVED_AT]
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
        elif kind == 9:  # a form shown to the member, until they submit it
            it.modal = data
        it.responded.set()
        if kind in (4, 7, 8, 9):
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

    def _webhook(self, token: str) -> Interaction:
        """The interaction whose token a webhook route names, as Discord checks it: 404 code
        10015 for an unknown one or one not answered yet, 401 code 50027 for a token
        older than :data:`TOKEN_LIFE` seconds (raises :class:`Refused`)."""
        it = self.state.interactions.get(token)
        if it is None or it.response_type is None:
            raise Refused(json_response({"message": "Unknown Webhook", "code": 10015}, 404))
        if self.state.clock() - it.created_at >= TOKEN_LIFE:
            raise Refused(json_response({"message": "Invalid Webhook Token", "code": 50027},
                                        401))
        return it

    async def _followup(self, it: Interaction, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        check_limits(body, files)
        message = self.state.post_followup(it, body, files)
        it.settled.set()
        return json_response(message.payload())

    async def _webhook_message(
        self, method: str, it: Interaction, which: str, request: web.Request
    ) -> web.StreamResponse:
        message = it.original if which == "@original" else self.state.messages.get(int(which))
        if message is None or message.deleted or message not in it.replies:
            raise KeyError("message")  # Discord's 404 code 10008
        if method == "GET":
            return json_response(message.payload())
        if method == "DELETE":
            self.state.delete_message(message)
            return web.Response(status=204)
        body, files = await read_body(request)
        check_limits(body, files, message)
        message.flags &= ~LOADING
        message.apply(body, files)
        it.settled.set()
        return json_response(message.payload())


def _kept_option(option: dict[str, Any]) -> dict[str, Any]:
    kept = {name: value for name, value in option.items()
            if not (name in ("required", "autocomplete") and value is False)}
    if option.get("options"):
        kept["options"] = [_kept_option(o) for o in option["options"]]
    return kept


def _localized(item: dict[str, Any]) -> dict[str, Any]:
    """A command (or option, or choice) as listed without ``with_localizations``."""
    shown = {name: value for name, value in item.items() if not name.endswith("_localizations")}
    for name in ("options", "choices"):
        if item.get(name):
            shown[name] = [_localized(inner) for inner in item[name]]
    for name in ("name", "description"):
        if f"{name}_localizations" in item:
            shown[f"{name}_localized"] = item[name]
    return shown
