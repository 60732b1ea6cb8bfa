"""Discord's global limit kept on this side: the requests that count against it wait here
for their turn rather than being sent to be refused.

Discord allows a bot token 50 requests per second on every route but the interactions'
own (their answers, follow-ups and webhook: ``/interactions/…`` and ``/webhooks/…``).
Past it, each request is answered 429, and discord.py waits and sends it again; under a
burst (200 games' tables edited at once) every request in flight is refused, retried and
refused again: 6,095 refusals in a minute at 200 games (bench/bot_bench.py), each a
round trip for nothing, and Discord restricts the address of a bot that makes 10,000
invalid requests in 10 minutes. So each request on those routes waits for a
:class:`GlobalPacer` as aiohttp sends it (:func:`pacing_trace`): at most ``limit`` in
any ``window`` seconds, in the order they came, the limit a tenth under Discord's (for
the jitter between here and Discord) and shared out between a cluster's processes
(:func:`process_share`).

The wait is at the sending itself (a retry waits again), so what leaves the process
keeps the limit whatever discord.py's buckets held back; an interaction's answer, the
gateway and the CDN never wait.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import aiohttp

DISCORD_GLOBAL_LIMIT = 50  # requests per second per bot token (Discord's)
TOKEN_LIMIT = DISCORD_GLOBAL_LIMIT * 9 // 10  # the bot's most (45): a tenth spare, for jitter
WINDOW = 1.0  # seconds
EXEMPT = frozenset({"interactions", "webhooks"})  # the routes outside the global limit
_API_ROUTE = re.compile(r"/api(?:/v\d+)?/([^/]+)")  # a route's first part


def process_share(cluster_count: int, token_limit: int = TOKEN_LIMIT) -> tuple[int, float]:
    """This process's share of the token's requests, when ``cluster_count`` processes
    serve the token: ``(requests, window)``, at most that many requests in any window of
    that many seconds (one a second or more; one every few seconds past ``token_limit``
    processes)."""
    processes = max(1, cluster_count)
    if processes <= token_limit:
        return token_limit // processes, WINDOW
    return 1, WINDOW * processes / token_limit


class GlobalPacer:
    """At most ``limit`` requests in any ``window`` seconds: :meth:`wait` returns once
    the caller's request may go, the callers served in the order they came."""

    def __init__(self, limit: int, window: float = WINDOW, *,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        if limit < 1 or not window > 0:
            raise ValueError(f"a pacer lets at least 1 request in a window above 0 s, "
                             f"not {limit} in {window}")
        self.limit, self.window = limit, window
        self._clock, self._sleep = clock, sleep
        self._sent: deque[float] = deque()  # when the requests of the last window went
        self._turn = asyncio.Lock()  # FIFO: one caller at a time looks, then waits
        self.waited = 0.0  # seconds the requests waited here, in all

    async def wait(self) -> float:
        """Wait until one more request fits in the window; returns the seconds waited."""
        began = self._clock()
        async with self._turn:
            while True:
                now = self._clock()
                sent = self._sent
                while sent and now - sent[0] >= self.window:
                    sent.popleft()
                if len(sent) < self.limit:
                    sent.append(now)
                    waited = now - began
                    self.waited += waited
                    return waited
                await self._sleep(sent[0] + self.window - now)


def counts_globally(path: str) -> bool:
    """Whether a request to ``path`` (a URL's) counts against the global limit: a route
    of Discord's API (``/api/v10/…``) but the interactions' and webhooks' own."""
    route = _API_ROUTE.match(path)
    return route is not None and route.group(1) not in EXEMPT


def pacing_trace(pacer: GlobalPacer,
                 trace: aiohttp.TraceConfig | None = None) -> aiohttp.TraceConfig:
    """An aiohttp trace (discord.py's ``http_trace``; ``trace``: one to add to) that makes
    each request counting against the global limit wait for ``pacer`` as it is sent:
    after discord.py's own bucket let it go, and again for a request it sends anew (a
    wait earlier, before the bucket's lock, would let requests bunch up behind it)."""
    trace = trace or aiohttp.TraceConfig()

    async def started(session: aiohttp.ClientSession, context: SimpleNamespace,
                      params: aiohttp.TraceRequestStartParams) -> None:
        if counts_globally(params.url.path):
            await pacer.wait()

    trace.on_request_start.insert(0, started)  # before the metrics time the request
    return trace
