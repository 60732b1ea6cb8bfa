"""Asking a bot process's health and metrics server, as a host's tools do."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable

import aiohttp
from prometheus_client.parser import text_string_to_metric_families


def free_port() -> int:
    """A port of 127.0.0.1 free a moment ago (for ``METRICS_PORT``)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def get(port: int, path: str) -> tuple[int, str]:
    """``GET http://127.0.0.1:port/path``: the status and the text."""
    async with aiohttp.ClientSession() as session, session.get(
            f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def until_answer(port: int, path: str, wanted: Callable[[int, str], bool],
                       timeout: float = 30.0) -> tuple[int, str]:
    """Ask ``path`` until its answer is ``wanted`` (a status and a text); that answer."""
    deadline = time.monotonic() + timeout
    while not wanted(*(answer := await get(port, path))):
        assert time.monotonic() < deadline, answer
        await asyncio.sleep(0.1)
    return answer


async def until_ready(port: int, timeout: float = 30.0) -> None:
    """Wait until ``/readyz`` says ready."""
    await until_answer(port, "/readyz", lambda status, text: (status, text) == (200, "ready\n"),
                       timeout)


async def figures(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """``/metrics`` read: each sample by its name and labels (sorted)."""
    status, text = await get(port, "/metrics")
    assert status == 200, text
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def figure(seen: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
           **labels: str) -> float:
    """One sample of ``seen`` (0 when absent)."""
    return seen.get((name, tuple(sorted(labels.items()))), 0.0)


def total(seen: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    """The sum of the samples called ``name`` whose labels include ``labels``."""
    wanted = set(labels.items())
    return sum(value for (sample, keys), value in seen.items()
               if sample == name and wanted <= set(keys))
