"""The host's window on a running bot: ``/healthz``, ``/readyz`` and ``/metrics`` over HTTP.

Served on ``METRICS_HOST:METRICS_PORT`` (127.0.0.1 unless said otherwise; nothing at all
while ``METRICS_PORT`` is unset) by a thread of its own with its own event loop, so that
a bot whose event loop is stuck still gets an answer, a 503 rather than a hang:

- ``GET /healthz``: 200 ``ok`` when the bot's event loop runs a callback within 1 s,
  else 503 (a supervisor restarts a process that stays unhealthy);
- ``GET /readyz``: 200 ``ready`` when the bot is connected to the gateway on every shard
  it runs and the store answers within 1 s, else 503 with a line per reason (starting,
  stopping, a shard not connected, the store silent): a load balancer or an orchestrator
  sends nothing to a process that is not ready, and waits for it during a rolling deploy;
- ``GET /metrics``: the process's figures in Prometheus' text format
  (:mod:`bot.discord_app.ops.metrics`).

A port in use or a host that cannot be bound stops the start with one line
(:class:`~bot.config.ConfigError`): :meth:`OpsServer.start` binds before the bot connects.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import errno
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from aiohttp import web

from bot.config import ConfigError

log = logging.getLogger("rami.bot.ops")

ANSWER_WITHIN = 1.0  # seconds the event loop (and the store) has to answer
READY_WITHIN = 3.0  # seconds the readiness check has in all
T = TypeVar("T")
Readiness = Callable[[], Coroutine[Any, Any, list[str]]]  # what keeps the bot from being ready
Exposition = Callable[[], tuple[bytes, str]]  # the metrics' body and content type
TEXT = "text/plain"


class OpsServer:
    """``/healthz``, ``/readyz`` and ``/metrics`` of the bot running on the event loop
    that calls :meth:`start`, on ``host:port`` (port 0: any free one; :attr:`port` says
    which once started)."""

    def __init__(self, host: str, port: int, readiness: Readiness,
                 metrics: Exposition | None = None,
                 refresh: Callable[[], Coroutine[Any, Any, None]] | None = None) -> None:
        self.host, self.port = host, port
        self.bot_loop: asyncio.AbstractEventLoop | None = None
        self.readiness = readiness
        self.metrics = metrics
        self.refresh = refresh  # run on the bot's loop before each scrape
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None

    def start(self) -> None:
        """Bind and serve, in a thread of its own (called on the bot's event loop).

        Raises:
            ConfigError: the port is in use, or the host cannot be bound.
        """
        self.bot_loop = asyncio.get_running_loop()
        bound: concurrent.futures.Future[int] = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._serve, args=(bound,), name="rami-ops",
                                        daemon=True)
        self._thread.start()
        try:
            self.port = bound.result(timeout=30)
        except OSError as error:
            self._thread.join(5)
            raise ConfigError(self._refusal(error)) from None
        log.info("serving health and metrics host=%s port=%d", self.host, self.port)

    def _refusal(self, error: OSError) -> str:
        if error.errno == errno.EADDRINUSE:
            return (f"METRICS_PORT {self.port} is in use on {self.host}: choose another "
                    "port, or stop what listens there")
        if error.errno in (errno.EACCES, errno.EPERM):
            return (f"METRICS_PORT {self.port} may not be bound by this user on "
                    f"{self.host}: choose a port above 1023")
        reason = error.strerror or str(error)
        return (f"METRICS_HOST {self.host!r} cannot be bound ({reason}): give an address "
                "of this machine, such as 127.0.0.1 or 0.0.0.0")

    def stop(self) -> None:
        """Stop serving (waits a little for the thread)."""
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(5)

    # ------------------------------------------------------------------ the thread
    def _serve(self, bound: concurrent.futures.Future[int]) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._run(bound))
        finally:
            loop.close()

    async def _run(self, bound: concurrent.futures.Future[int]) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except OSError as error:
            await runner.cleanup()
            bound.set_exception(error)
            return
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        port = next(int(address[1]) for address in runner.addresses)
        bound.set_result(port)
        try:
            await self._stop.wait()
        finally:
            await runner.cleanup()

    async def _on_bot_loop(self, work: Coroutine[Any, Any, T], within: float) -> T:
        """Run ``work`` on the bot's event loop and wait for it ``within`` seconds."""
        assert self.bot_loop is not None
        future = asyncio.run_coroutine_threadsafe(work, self.bot_loop)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), within)
        finally:
            future.cancel()

    async def _healthz(self, request: web.Request) -> web.Response:
        try:
            await self._on_bot_loop(_pong(), ANSWER_WITHIN)
        except (TimeoutError, RuntimeError):  # RuntimeError: the loop is closed
            return web.Response(status=503, text="the event loop did not answer within 1 s\n",
                                content_type=TEXT)
        return web.Response(text="ok\n", content_type=TEXT)

    async def _readyz(self, request: web.Request) -> web.Response:
        try:
            reasons = await self._on_bot_loop(self.readiness(), READY_WITHIN)
        except (TimeoutError, RuntimeError):
            reasons = ["the event loop did not answer"]
        if reasons:
            return web.Response(status=503, text="".join(f"{r}\n" for r in reasons),
                                content_type=TEXT)
        return web.Response(text="ready\n", content_type=TEXT)

    async def _metrics(self, request: web.Request) -> web.Response:
        if self.metrics is None:
            return web.Response(status=404, text="no metrics here\n", content_type=TEXT)
        if self.refresh is not None:
            # What is read from the bot's state is read there, now; a stuck loop leaves
            # those figures as last seen (its lag says why).
            with contextlib.suppress(TimeoutError, RuntimeError):
                await self._on_bot_loop(self.refresh(), ANSWER_WITHIN)
        body, content_type = self.metrics()
        return web.Response(body=body, headers={"Content-Type": content_type})


async def _pong() -> None:
    """Nothing: that the bot's event loop ran it is the answer."""
