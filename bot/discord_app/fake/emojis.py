"""The fake Discord's application emojis: ``/applications/{app}/emojis[/{emoji_id}]``.

Listed (``{"items": [...]}``), created from a name and an image data URI, read, renamed
and deleted, as Discord does, with its validation: a name of 2-32 characters of
``[A-Za-z0-9_]`` not already taken, a PNG, JPEG, GIF or WEBP data URI of at most 256 KiB
(400, code 50035 "Invalid Form Body" naming the field), at most 2,000 emojis (400, code
30018 "Maximum number of emojis reached"); an unknown emoji is 404 code 10014.
``refuse_uploads`` makes every creation answer that error body instead (a test's
outage or limit).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from aiohttp import web

from bot.discord_app.fake.model import User, snowflake

EMOJI_SIZE_LIMIT = 256 * 1024
APPLICATION_LIMIT = 2000
_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
_DATA_URI = re.compile(r"data:image/(png|jpeg|jpg|gif|webp);base64,(.+)", re.DOTALL)


def _answer(data: Any, status: int = 200) -> web.Response:
    return web.Response(status=status, body=json.dumps(data).encode(),
                        content_type="application/json")


def _form_error(field: str, code: str, message: str) -> web.Response:
    return _answer({"message": "Invalid Form Body", "code": 50035,
                    "errors": {field: {"_errors": [{"code": code, "message": message}]}}}, 400)


class ApplicationEmojis:
    """The emojis of the application, by id (with their pictures' bytes)."""

    def __init__(self, owner: User) -> None:
        self.owner = owner
        self.by_id: dict[int, dict[str, Any]] = {}
        self.images: dict[int, bytes] = {}
        self.created: list[str] = []  # names, in the order they were uploaded
        self.deleted: list[str] = []
        self.lists = 0  # times the list was read
        self.refuse_uploads: tuple[int, dict[str, Any]] | None = None

    def add(self, name: str, image: bytes = b"\x89PNG\r\n\x1a\n") -> dict[str, Any]:
        """An emoji put there by someone else (a test's set-up)."""
        emoji_id = snowflake()
        emoji: dict[str, Any] = {
            "id": str(emoji_id), "name": name, "roles": [], "require_colons": True,
            "managed": False, "animated": False, "available": True,
            "user": self.owner.payload()}
        self.by_id[emoji_id] = emoji
        self.images[emoji_id] = image
        return emoji

    @property
    def names(self) -> set[str]:
        return {emoji["name"] for emoji in self.by_id.values()}

    async def handle(self, method: str, rest: list[str],
                     request: web.Request) -> web.Response | None:
        """Answer a call under ``/applications/{app}/emojis`` (``rest``: what follows)."""
        match (method, rest):
            case ("GET", []):
                self.lists += 1
                return _answer({"items": list(self.by_id.values())})
            case ("POST", []):
                return self._create(await request.json())
            case (_, [emoji_id]) if emoji_id.isdigit() and int(emoji_id) in self.by_id:
                return await self._one(method, int(emoji_id), request)
            case ("GET" | "PATCH" | "DELETE", [_]):
                return _answer({"message": "Unknown Emoji", "code": 10014}, 404)
        return None

    def _create(self, body: dict[str, Any]) -> web.Response:
        if self.refuse_uploads is not None:
            status, error = self.refuse_uploads
            return _answer(error, status)
        name, image = body.get("name"), body.get("image")
        refused = self._bad_name(name)
        if refused is not None:
            return refused
        found = _DATA_URI.fullmatch(image) if isinstance(image, str) else None
        if found is None:
            return _form_error("image", "IMAGE_INVALID", "Invalid image data")
        try:
            data = base64.b64decode(found[2], validate=True)
        except (binascii.Error, ValueError):
            return _form_error("image", "IMAGE_INVALID", "Invalid image data")
        if len(data) > EMOJI_SIZE_LIMIT:
            return _form_error("image", "BINARY_TYPE_MAX_SIZE",
                               "File cannot be larger than 256.0 kb.")
        if len(self.by_id) >= APPLICATION_LIMIT:
            return _answer({"message": f"Maximum number of emojis reached ({APPLICATION_LIMIT})",
                            "code": 30018}, 400)
        assert isinstance(name, str)
        emoji = self.add(name, data)
        self.created.append(name)
        return _answer(emoji, 201)

    def _bad_name(self, name: object) -> web.Response | None:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            return _form_error("name", "BASE_TYPE_BAD_LENGTH" if isinstance(name, str)
                               and not 2 <= len(name) <= 32 else "STRING_TYPE_REGEX",
                               "Must be between 2 and 32 in length and match [A-Za-z0-9_]")
        if name in self.names:
            return _form_error("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                               "Application emoji with that name already exists.")
        return None

    async def _one(self, method: str, emoji_id: int, request: web.Request) -> web.Response:
        emoji = self.by_id[emoji_id]
        if method == "GET":
            return _answer(emoji)
        if method == "DELETE":
            self.deleted.append(self.by_id.pop(emoji_id)["name"])
            self.images.pop(emoji_id, None)
            return web.Response(status=204)
        body = await request.json()
        if "name" in body and body["name"] != emoji["name"]:
            refused = self._bad_name(body["name"])
            if refused is not None:
                return refused
            emoji["name"] = body["name"]
        return _answer(emoji)
