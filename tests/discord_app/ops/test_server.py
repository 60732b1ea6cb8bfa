"""The health and metrics server: what each path answers, a stuck event loop, bad
addresses refused with one line."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator

import aiohttp
import pytest

from bot.config import ConfigError
from bot.discord_app.ops.server import OpsServer


class BotLoop:
    """An event loop in a thread of its own, as the bot's is to the server's thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.reasons: list[str] = []

    async def readiness(self) -> list[str]:
        return list(self.reasons)

    def block(self) -> threading.Event:
        """Keep the loop busy (a CPU-bound handler, a blocking call) until the event
        returned is set."""
        release = threading.Event()
        self.loop.call_soon_threadsafe(release.wait, 60)
        return release

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


def start_on(bot: BotLoop, server: OpsServer) -> None:
    """Start ``server`` from the bot's loop, as the bot does (its errors raised here)."""
    async def start() -> None:
        server.start()

    asyncio.run_coroutine_threadsafe(start(), bot.loop).result(30)


@pytest.fixture
def bot() -> Iterator[BotLoop]:
    running = BotLoop()
    yield running
    running.close()


@pytest.fixture
def server(bot: BotLoop) -> Iterator[OpsServer]:
    serving = OpsServer("127.0.0.1", 0, bot.readiness,
                        lambda: (b"rami_up 1\n", "text/plain; version=0.0.4"))
    start_on(bot, serving)
    yield serving
    serving.stop()


async def get(server: OpsServer, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(
            f"http://127.0.0.1:{server.port}{path}") as response:
        return response.status, await response.text()


async def test_healthz_answers_while_the_loop_runs(server: OpsServer) -> None:
    assert await get(server, "/healthz") == (200, "ok\n")


async def test_healthz_says_a_stuck_loop_within_a_second_or_so(
        bot: BotLoop, server: OpsServer) -> None:
    release = bot.block()
    status, text = await get(server, "/healthz")
    assert (status, text) == (503, "the event loop did not answer within 1 s\n")
    release.set()
    assert (await get(server, "/healthz"))[0] == 200  # the loop is back


async def test_readyz_lists_what_keeps_the_bot_from_serving(
        bot: BotLoop, server: OpsServer) -> None:
    assert await get(server, "/readyz") == (200, "ready\n")
    bot.reasons = ["shard 2 not connected to the gateway", "stopping"]
    assert await get(server, "/readyz") == (
        503, "shard 2 not connected to the gateway\nstopping\n")


async def test_metrics_are_served_as_given(server: OpsServer) -> None:
    assert await get(server, "/metrics") == (200, "rami_up 1\n")


def test_a_port_in_use_is_refused_in_one_line(bot: BotLoop) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ConfigError) as refused:
            start_on(bot, OpsServer("127.0.0.1", port, bot.readiness))
    assert str(refused.value) == (f"METRICS_PORT {port} is in use on 127.0.0.1: choose "
                                  "another port, or stop what listens there")


@pytest.mark.parametrize("host", ["192.0.2.1", "no-such-host.invalid"])
def test_a_host_that_cannot_be_bound_is_refused_in_one_line(bot: BotLoop, host: str) -> None:
    with pytest.raises(ConfigError) as refused:
        start_on(bot, OpsServer(host, 0, bot.readiness))
    text = str(refused.value)
    assert text.startswith(f"METRICS_HOST {host!r} cannot be bound (") and "\n" not in text
