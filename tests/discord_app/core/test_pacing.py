"""Discord's global limit kept on this side: the requests that count against it wait
their turn as they are sent, in order, and the interactions' routes never wait."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from types import SimpleNamespace
from typing import cast

import aiohttp
import pytest
import yarl
from multidict import CIMultiDict

from bot.discord_app.core.pacing import (
    GlobalPacer,
    counts_globally,
    pacing_trace,
    process_share,
)


class FakeTime:
    """The suite's clock for the pacer: a sleep lets the other tasks run, then moves it
    on."""

    def __init__(self) -> None:
        self.now = 100.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        assert seconds > 0
        await asyncio.sleep(0)
        self.now += seconds


async def test_no_window_holds_more_than_the_limit_and_callers_go_in_order() -> None:
    time = FakeTime()
    pacer = GlobalPacer(3, 1.0, clock=time.clock, sleep=time.sleep)
    went: list[tuple[int, float]] = []

    async def request(number: int) -> None:
        await pacer.wait()
        went.append((number, time.now - 100.0))

    await asyncio.gather(*(request(number) for number in range(7)))
    assert went == [(0, 0.0), (1, 0.0), (2, 0.0), (3, 1.0), (4, 1.0), (5, 1.0), (6, 2.0)]
    assert pacer.waited == pytest.approx(1.0 * 3 + 2.0)


async def test_a_request_waits_only_for_what_is_left_of_the_window() -> None:
    time = FakeTime()
    pacer = GlobalPacer(2, 1.0, clock=time.clock, sleep=time.sleep)
    assert await pacer.wait() == 0.0
    time.now += 0.25
    assert await pacer.wait() == 0.0
    time.now += 0.5  # the first went 0.75 s ago: the third goes 0.25 s from now
    assert await pacer.wait() == pytest.approx(0.25)
    time.now += 5.0  # a quiet while: the window is empty again
    assert await pacer.wait() == 0.0


def start(trace: aiohttp.TraceConfig, url: str) -> Awaitable[None]:
    """What aiohttp awaits as it sends a request to ``url`` with ``trace``."""
    (started,) = trace.on_request_start
    params = aiohttp.TraceRequestStartParams("POST", yarl.URL(url), CIMultiDict())
    return started(cast(aiohttp.ClientSession, None), SimpleNamespace(), params)


async def test_requests_counting_globally_wait_as_they_are_sent_and_the_others_go() -> None:
    time = FakeTime()
    trace = pacing_trace(GlobalPacer(1, 1.0, clock=time.clock, sleep=time.sleep))
    api = "https://discord.com/api/v10"
    went: list[tuple[str, float]] = []
    for path in ("/channels/1/messages", "/interactions/2/t/callback", "/webhooks/3/t",
                 "/webhooks/3/t/messages/@original", "/channels/1/messages/4"):
        await start(trace, api + path)
        went.append((path, time.now - 100.0))
    await start(trace, "https://cdn.discordapp.com/attachments/1/2/hand.png")
    assert went == [("/channels/1/messages", 0.0), ("/interactions/2/t/callback", 0.0),
                    ("/webhooks/3/t", 0.0), ("/webhooks/3/t/messages/@original", 0.0),
                    ("/channels/1/messages/4", 1.0)]  # the second of the window waited
    assert time.now == 101.0  # the CDN's picture went at once


@pytest.mark.parametrize(("path", "counts"), [
    ("/api/v10/channels/1/messages", True), ("/api/v10/users/@me/channels", True),
    ("/api/v10/channels/1/webhooks", True), ("/api/v10/applications/5/emojis", True),
    ("/api/channels/1/messages", True), ("/api/v10/interactions/2/t/callback", False),
    ("/api/v10/webhooks/3/t", False), ("/", False), ("/attachments/1/2/a.png", False)])
def test_which_requests_count_against_the_global_limit(path: str, counts: bool) -> None:
    assert counts_globally(path) is counts


async def test_a_trace_given_keeps_its_callbacks_the_pacer_first() -> None:
    metrics = aiohttp.TraceConfig()

    async def timed(*args: object) -> None: ...

    metrics.on_request_start.append(timed)
    traced = pacing_trace(GlobalPacer(5), metrics)
    assert traced is metrics and len(metrics.on_request_start) == 2
    assert metrics.on_request_start[1] is timed


@pytest.mark.parametrize(("processes", "share"), [
    (1, (45, 1.0)), (2, (22, 1.0)), (3, (15, 1.0)), (45, (1, 1.0)), (90, (1, 2.0))])
def test_a_clusters_processes_share_the_tokens_limit(processes: int,
                                                     share: tuple[int, float]) -> None:
    requests, window = process_share(processes)
    assert (requests, window) == share
    assert requests * processes / window <= 45  # the token's, all processes together


@pytest.mark.parametrize(("limit", "window"), [(0, 1.0), (5, 0.0), (5, float("nan"))])
def test_a_pacer_that_would_let_nothing_through_is_refused(limit: int, window: float) -> None:
    with pytest.raises(ValueError, match="at least 1 request"):
        GlobalPacer(limit, window)
