"""The fake Discord misbehaving on request: failed REST calls, rate limits, missing
permissions, as the real Discord answers them.

A test arms a :class:`Fault` (``FakeDiscord.fail``, ``rate_limit``) for one kind of
request (:data:`KINDS`), optionally in one channel, for a number of requests or until it
is disarmed; the next matching requests get its answer instead of being served, and
``hits`` lists them. A channel's bot permissions (``FakeDiscord.set_bot_permissions``)
are checked on channel messages with Discord's 403 codes.

What discord.py does with each answer (2.7), which is what these faults are for:

- 429 with a ``Via`` header (Discord's proxies add one): it sleeps ``retry_after`` and
  tries again, at most five times in all, then raises ``HTTPException``; a global one
  (``X-RateLimit-Global``) holds every request meanwhile. It reads ``retry_after`` from
  the JSON body only (a body without it raises ``KeyError`` out of the request), never
  ``Retry-After`` nor ``X-RateLimit-Scope``, and its code (30046…) only in the error it
  raises at the end. Without ``Via`` (Cloudflare's bans have none) it raises
  ``HTTPException`` at once.
- 500, 502, 504: it sleeps 1, 3, 5, 7, 9 seconds and tries again (five tries), then
  raises ``DiscordServerError``; 503 it raises at once.
- 403: ``Forbidden``; 404: ``NotFound``; 400: ``HTTPException``.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

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
    "webhook_delete",  # DELETE /webhooks/{app}/{token}/messages/{message|@original}
    "other",  # anything else (login, command sync…)
)

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15

OLD_MESSAGE_EDITS = 30046  # Discord's code: too many edits of messages older than an hour
# What Discord's 429s that carry a code say.
LIMIT_MESSAGES = {
    OLD_MESSAGE_EDITS: "Maximum number of edits to messages older than 1 hour reached. "
                       "Try again later.",
}

_REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
            504: "Gateway Timeout"}


@dataclass
class Fault:
    """What some requests get instead of being served.

    ``times``: how many matching requests it answers (None: until ``disarm``); ``channel``:
    only requests about that channel (None: any). A 429 carries ``retry_after`` seconds,
    ``is_global`` and, unless ``via`` is False, the ``Via`` header; with a ``code`` it is a
    resource's own limit (scope ``shared``), such as 30046 for an edit of a message older
    than an hour (:mod:`~bot.discord_app.fake.edits`).
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
        if self.code:  # a resource's own limit
            return rate_limited(self.retry_after, bucket=f"fake-{self.kind}", scope="shared",
                                via=self.via, code=self.code,
                                message=self.message or LIMIT_MESSAGES.get(self.code, ""))
        return rate_limited(self.retry_after, bucket=f"fake-{self.kind}",
                            scope="global" if self.is_global else "user", via=self.via)


def rate_limited(retry_after: float, *, bucket: str, scope: str = "user", via: bool = True,
                 code: int = 0, message: str = "You are being rate limited.") -> web.Response:
    """Discord's 429: ``retry_after`` in the body and (rounded up to a whole second, at
    least one) in ``Retry-After``; ``scope`` global (``X-RateLimit-Global``, no bucket),
    user (the route's bucket is spent) or shared (a resource's own limit, the route's
    bucket not spent: ``code`` says which limit); ``Via`` unless ``via`` is False."""
    body = {"message": message, "retry_after": retry_after, "global": scope == "global",
            "code": code}
    headers = {"Retry-After": str(max(1, round(retry_after))), "X-RateLimit-Scope": scope}
    if scope == "global":
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.update({
            "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0" if scope == "user" else "4",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}", "X-RateLimit-Bucket": bucket,
        })
    if via:
        headers["Via"] = "1.1 google"
    return web.Response(status=429, body=json.dumps(body).encode(), content_type=JSON,
                        headers=headers)


def error_response(status: int, body: dict[str, object]) -> web.Response:
    """A JSON error as Discord sends it."""
    return web.Response(status=status, body=json.dumps(body).encode(), content_type=JSON)


@dataclass
class Hold:
    """Requests of ``kind`` (in ``channel`` only, when given) served, then their answers
    held until :meth:`release`: what Discord did is done, its answer on its way, as when
    the network is slow; ``served`` is set once one is held."""

    kind: str
    channel: int | None = None
    served: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def release(self) -> None:
        self.released.set()


class Faults:
    """The armed faults, checked before every REST call is served, and the answers held
    after it is."""

    def __init__(self) -> None:
        self.armed: list[Fault] = []
        self.hits: list[tuple[str, int]] = []  # (kind, status) of every faulty answer
        self.holds: list[Hold] = []

    def hold(self, hold: Hold) -> Hold:
        """Hold the answers of the requests ``hold`` matches until it is released.

        Raises ``ValueError`` for an unknown kind.
        """
        _known(hold.kind)
        self.holds.append(hold)
        return hold

    async def held(self, kind: str, channel: int | None) -> None:
        """Wait until every hold matching a served request of ``kind`` is released."""
        for hold in [h for h in self.holds if h.kind == kind
                     and h.channel in (None, channel)]:
            hold.served.set()
            await hold.released.wait()

    def arm(self, fault: Fault) -> Fault:
        """Answer the next matching requests with ``fault``.

        Raises ``ValueError`` for an unknown kind.
        """
        _known(fault.kind)
        self.armed.append(fault)
        return fault

    def disarm(self, fault: Fault | None = None) -> None:
        """Stop ``fault`` (None: every fault, and every hold released)."""
        self.armed = [] if fault is None else [f for f in self.armed if f is not fault]
        if fault is None:
            for hold in self.holds:
                hold.release()
            self.holds = []

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


def _known(kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown request kind {kind!r}: one of {', '.join(KINDS)}")


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
