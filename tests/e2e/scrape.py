"""Asking a bot process's health and metrics server, as a host's tools do."""

from __future__ import annotations

import asyncio
import socket
import time

import aiohttp


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


async def until_ready(port: int, timeout: float = 30.0) -> None:
    """Wait until ``/readyz`` says ready."""
    deadline = time.monotonic() + timeout
    while (answer := await get(port, "/readyz")) != (200, "ready\n"):
        assert time.monotonic() < deadline, answer
        await asyncio.sleep(0.1)
