"""The bot's figures in Prometheus' text format (``/metrics``, :mod:`prometheus_client`).

Each bot has its own :class:`Metrics` (its own registry, never the library's global one),
so every process of a cluster serves its own figures, and several bots in one process
(the tests) do not mix theirs. Label values are bounded: names the code chooses (what was
answered, a route family, a store operation, a status, a variant, a shard id), never a
user, channel or guild id; a name outside the expected shape, or past
:data:`MOST_NAMES` of them, counts as ``other``.

The metrics (each described in docs/OPERATIONS.md): ``rami_interactions_total{kind,
outcome}`` (answered, refused, failed; ``kind="stopping"`` while stopping),
``rami_reply_seconds{type}``, ``rami_event_loop_lag_seconds`` and its minute's
``…_max_seconds``, ``rami_games{status,variant}``, ``rami_discord_requests_total{route,
status}``, ``rami_discord_rate_limits_total{route,scope}``, ``rami_store_writes_total
{operation,outcome}``, ``rami_store_write_seconds{operation}``, ``rami_painter_queue``,
``rami_shard{shard}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from types import SimpleNamespace
from typing import Any

import aiohttp
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)

# No ``*_created`` series beside each counter: half the lines, and nothing scrapes them.
disable_created_metrics()  # type: ignore[no-untyped-call]

MOST_NAMES = 200  # distinct values a label may take before the rest count as "other"
SAMPLE_EVERY = 1.0  # seconds between two looks at the event loop
_NAME = re.compile(r"[a-z0-9_.:-]{1,48}")
_ROUTE = re.compile(r"[A-Z]{3,7} [a-z0-9_@/-]{1,60}")
_ID = re.compile(r"^\d+$")
REPLY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
WRITE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
# Discord's routes, by their first segment: the family, and which later segments are ids
# or tokens (never a label value).
_FAMILIES = {"channels", "interactions", "webhooks", "applications", "gateway", "users",
             "oauth2", "guilds"}


class Names:
    """The values one label may take: a name of the expected shape, the first
    :data:`MOST_NAMES` of them; anything else is ``other``."""

    def __init__(self, shape: re.Pattern[str] = _NAME) -> None:
        self._seen: set[str] = set()
        self._shape = shape

    def __call__(self, name: str) -> str:
        if name in self._seen:
            return name
        if not self._shape.fullmatch(name) or len(self._seen) >= MOST_NAMES:
            return "other"
        self._seen.add(name)
        return name


def route_family(method: str, path: str) -> str:
    """A REST call's method and route family, ids and tokens left out:
    ``POST /channels/{id}/messages`` → ``POST channels/messages``,
    ``POST /interactions/{id}/{token}/callback`` → ``POST interactions/callback``."""
    parts = [p for p in path.split("/") if p]
    while parts and parts[0] in ("api", "v10", "v9"):
        parts.pop(0)
    if not parts or parts[0] not in _FAMILIES:
        return f"{method} other"
    family = parts[0]
    if family in ("interactions", "webhooks"):
        words = [family, *(p for p in parts[3:] if not _ID.match(p) and p != "@original")]
    else:
        words = [p for p in parts if not _ID.match(p) and p != "@me"]
    return f"{method} {'/'.join(words[:3])}"


class Metrics:
    """One bot's figures and their registry (see the module)."""

    def __init__(self, shard_ids: list[int] | None) -> None:
        self.registry = registry = CollectorRegistry()
        self.interactions = Counter(
            "rami_interactions", "Interactions answered, by what was answered and how.",
            ["kind", "outcome"], registry=registry)
        self.reply_seconds = Histogram(
            "rami_reply_seconds", "Seconds from taking an interaction to its answer sent.",
            ["type"], buckets=REPLY_BUCKETS, registry=registry)
        self.loop_lag = Gauge("rami_event_loop_lag_seconds",
                              "How late the event loop ran a timer (the last sample).",
                              registry=registry)
        self.loop_lag_max = Gauge("rami_event_loop_lag_max_seconds",
                                  "The most the event loop was late in the last minute.",
                                  registry=registry)
        self.games = Gauge("rami_games", "Tables this process holds, by status and variant.",
                           ["status", "variant"], registry=registry)
        self.requests = Counter(
            "rami_discord_requests", "REST requests to Discord, by route family and status.",
            ["route", "status"], registry=registry)
        self.rate_limits = Counter(
            "rami_discord_rate_limits", "Discord's 429 answers, by route family and scope.",
            ["route", "scope"], registry=registry)
        self.writes = Counter("rami_store_writes", "The store's writes, by operation.",
                              ["operation", "outcome"], registry=registry)
        self.write_seconds = Histogram(
            "rami_store_write_seconds", "Seconds a store write took, queueing included.",
            ["operation"], buckets=WRITE_BUCKETS, registry=registry)
        self.painter_queue = Gauge("rami_painter_queue",
                                   "Pictures asked for and not drawn yet.", registry=registry)
        shard = Gauge("rami_shard", "1 for each shard this process runs.", ["shard"],
                      registry=registry)
        for shard_id in shard_ids if shard_ids is not None else [None]:
            shard.labels(shard="none" if shard_id is None else str(shard_id)).set(1)
        self._kinds, self._routes, self._operations = Names(), Names(_ROUTE), Names()
        self._variants = Names()
        self._games_shown: set[tuple[str, str]] = set()
        self._children: dict[tuple[Any, ...], Any] = {}
        self._lags: list[tuple[float, float]] = []  # (when, lag) of the last minute

    # ------------------------------------------------------------------ what is told
    def _child(self, metric: Any, *values: str) -> Any:
        """``metric.labels(*values)``, kept: the library's lookup takes a lock and checks
        the values each time, a few microseconds on every interaction and request."""
        key = (id(metric), *values)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*values)
        return child

    def answered(self, kind: str, outcome: str, interaction_type: str, seconds: float) -> None:
        """An interaction answered (``outcome``: answered, refused or failed)."""
        self._child(self.interactions, self._kinds(kind), outcome).inc()
        self._child(self.reply_seconds, interaction_type).observe(seconds)

    def refused_while_stopping(self) -> None:
        self.interactions.labels(kind="stopping", outcome="refused").inc()

    def store_write(self, operation: str, seconds: float, ok: bool) -> None:
        """The store's observer (``Store.on_write``)."""
        name = self._operations(operation)
        self._child(self.writes, name, "ok" if ok else "failed").inc()
        self._child(self.write_seconds, name).observe(seconds)

    def request(self, method: str, path: str, status: int,
                headers: Any = None) -> None:
        """A REST request to Discord ended with ``status`` (its answer's ``headers``)."""
        route = self._routes(route_family(method, path))
        self._child(self.requests, route, str(status) if 100 <= status < 600 else "other").inc()
        if status == 429:
            scope = (headers.get("X-RateLimit-Scope") if headers is not None else None) or (
                "global" if headers is not None and headers.get("X-RateLimit-Global")
                else "unknown")
            scope = scope if scope in ("user", "global", "shared") else "unknown"
            self._child(self.rate_limits, route, scope).inc()

    def http_trace(self) -> aiohttp.TraceConfig:
        """An aiohttp trace that counts every request discord.py makes (``http_trace``)."""
        trace = aiohttp.TraceConfig()

        async def ended(session: aiohttp.ClientSession, context: SimpleNamespace,
                        params: aiohttp.TraceRequestEndParams) -> None:
            response = params.response
            self.request(params.method, params.url.path, response.status, response.headers)

        async def refused(session: aiohttp.ClientSession, context: SimpleNamespace,
                          params: aiohttp.TraceRequestExceptionParams) -> None:
            # An answer a check raised on before discord.py read it (an edit refused for
            # the message's age: core/channel_api.py) ends the request with that error.
            response = getattr(params.exception, "response", None)
            if isinstance(response, aiohttp.ClientResponse):
                self.request(params.method, params.url.path, response.status,
                             response.headers)

        trace.on_request_end.append(ended)
        trace.on_request_exception.append(refused)
        return trace

    # ------------------------------------------------------------------ what is looked at
    def lag(self, lag: float, now: float | None = None) -> None:
        """How late the event loop ran the sampler's timer."""
        now = time.monotonic() if now is None else now
        self.loop_lag.set(lag)
        self._lags = [(when, seen) for when, seen in self._lags if now - when < 60]
        self._lags.append((now, lag))
        self.loop_lag_max.set(max(seen for _, seen in self._lags))

    def state(self, census: dict[tuple[str, str], int], painting: int) -> None:
        """What the bot holds now: its tables by status and variant, the painters' queue
        (read on the bot's loop, before each scrape)."""
        shown = set()
        for (status, variant), count in census.items():
            key = (status, self._variants(variant))
            self.games.labels(status=key[0], variant=key[1]).set(count)
            shown.add(key)
        for gone in self._games_shown - shown:
            self.games.labels(status=gone[0], variant=gone[1]).set(0)
        self._games_shown |= shown
        self.painter_queue.set(painting)

    def exposition(self) -> tuple[bytes, str]:
        """The text Prometheus scrapes, and its content type (any thread)."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


class Sampler:
    """Looks at the event loop every :data:`SAMPLE_EVERY` seconds: how late its timer
    ran (the lag)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self._task: asyncio.Task[None] | None = None

    def start(self) -> Sampler:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="metrics")
        return self

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            began = loop.time()
            await asyncio.sleep(SAMPLE_EVERY)
            self.metrics.lag(max(0.0, loop.time() - began - SAMPLE_EVERY))
