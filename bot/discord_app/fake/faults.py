"""The fake Discord misbehaving on request: failed REST calls, rate limits, missing
permissions, as the real Discord answers them.

A test arms a :class:`Fault` (``FakeDiscord.fail``, ``rate_limit``) for one kind of
request (:data:`KINDS`), optionally in one channel, for a number of requests or until it
is disarmed; the next matching requests get its answer instead of being served, and
``hits`` lists them. A channel's bot permissions (``FakeDiscord.set_bot_permissions``)
are checked on channel messages with Discord's 403 codes.

What discord.py does with each answer (2.7), which is what these faults are for:

- 429 with a ``Via`` header (Discord's proxies add one): it sleeps ``retry_after`` and
  tries again, at most five times in all; a global one (``X-RateLimit-Global``) holds
  every request meanwhile. Without ``Via`` (Cloudflare's bans have none) it raises
  ``HTTPException`` at once.
- 500, 502, 504: it sleeps 1, 3, 5, 7, 9 seconds and tries again (five tries), then
  raises ``DiscordServerError``; 503 it raises at once.
- 403: ``Forbidden``; 404: ``NotFound``; 400: ``HTTPException``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from aiohttp import web

JSON = "application/json"

# The kinds of request a fault can aim at (what the bot's REST calls are, by route).
KINDS = (
    "send",  # POST /channels/{channel}/messages
    "edit",  # PATCH /channels/{channel}/messages/{message}
    "delete",  # DELETE /channels/{channel}/messages/{message}
    "callback",  # POST /interactions/{id}/{token}/callback (the first answer)
    "followup",  # POST /webhooks/{app}/{token}
    "webhook_edit",  # PATCH /webhooks/{app}/{token}/messages/{message|@original}
    "other",  # anything else (login, command sync…)
)

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15

_REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
            504: "Gateway Timeout"}


@dataclass
class Fault:
    """What some requests get instead of being served.

    ``times``: how many matching requests it answers (None: until ``disarm``); ``channel``:
    only requests about that channel (None: any). A 429 carries ``retry_after`` seconds,
    ``is_global`` and, unless ``via`` is False, the ``Via`` header.
    """

    kind: str
    status: int
    times: int | None = 1
    channel: int | None = None
    retry_after: float = 0.0
    is_global: bool = False
    via: bool = True
    code: int = 0
    message: str = ""

    def response(self) -> web.Response:
        """The answer Discord would give, headers included."""
        if self.status == 429:
            return self._rate_limited()
        if self.status >= 500:
            # Discord's edge answers server errors with a page, not JSON.
            return web.Response(status=self.status, text=_REASONS.get(self.status, "error"),
                                content_type="text/plain")
        body = {"message": self.message or f"{self.status}: {_REASONS.get(self.status, '')}",
                "code": self.code}
        return error_response(self.status, body)

    def _rate_limited(self) -> web.Response:
        body = {"message": "You are being rate limited.", "retry_after": self.retry_after,
                "global": self.is_global, "code": 0}
        headers = {"Retry-After": str(max(1, round(self.retry_after))),
                   "X-RateLimit-Scope": "global" if self.is_global else "user"}
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers.update({
                "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
                "X-RateLimit-Bucket": f"fake-{self.kind}",
            })
        if self.via:
            headers["Via"] = "1.1 google"
        return web.Response(status=429, body=json.dumps(body).encode(), content_type=JSON,
                            headers=headers)


def error_response(status: int, body: dict[str, object]) -> web.Response:
    """A JSON error as Discord sends it."""
    return web.Response(status=status, body=json.dumps(body).encode(), content_type=JSON)


class Faults:
    """The armed faults, checked before every REST call is served."""

    def __init__(self) -> None:
        self.armed: list[Fault] = []
        self.hits: list[tuple[str, int]] = []  # (kind, status) of every faulty answer

    def arm(self, fault: Fault) -> Fault:
        """Answer the next matching requests with ``fault``.

        Raises ``ValueError`` for an unknown kind.
        """
        if fault.kind not in KINDS:
            raise ValueError(f"unknown request kind {fault.kind!r}: one of {', '.join(KINDS)}")
        self.armed.append(fault)
        return fault

    def disarm(self, fault: Fault | None = None) -> None:
        """Stop ``fault`` (None: every fault)."""
        self.armed = [] if fault is None else [f for f in self.armed if f is not fault]

    def answer(self, kind: str, channel: int | None) -> web.Response | None:
        """The faulty answer to a request of ``kind`` about ``channel``, if one is armed."""
        for fault in self.armed:
            if fault.kind != kind or fault.channel not in (None, channel):
                continue
            if fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self.disarm(fault)
            self.hits.append((kind, fault.status))
            return fault.response()
        return None


def missing_access(permissions: int, *, sends: bool, files: bool, embeds: bool) -> int | None:
    """Discord's error code when a channel message call lacks a permission (None: allowed).

    Reading the channel needs View Channel (50001, Missing Access); a new message, Send
    Messages; files, Attach Files; embeds, Embed Links (50013, Missing Permissions).
    """
    if not permissions & VIEW_CHANNEL:
        return 50001
    if sends and not permissions & SEND_MESSAGES:
        return 50013
    if files and not permissions & ATTACH_FILES:
        return 50013
    if embeds and not permissions & EMBED_LINKS:
        return 50013
    return None
