"""Fixtures: a fake Discord on 127.0.0.1 and the real bot connected to it."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness, left_running, start_sharded_fake
from tests.e2e.players import assert_hands_private


def pytest_addoption(parser: pytest.Parser) -> None:
    """The fuzzer's run (tests/e2e/test_fuzz.py): a few seconds unless asked for more."""
    group = parser.getgroup("rami fuzzer")
    group.addoption("--fuzz-seconds", type=float, default=4.0,
                    help="how long tests/e2e/test_fuzz.py fuzzes the bot (default 4)")
    group.addoption("--fuzz-seed", type=int, default=15,
                    help="the fuzzer's seed: a run replays (default 15)")


def assert_served(server: FakeDiscord) -> None:
    """Every request the bot sent was one the fake knows, as Discord's OpenAPI
    description says it should be."""
    assert server.unknown_routes == [], f"routes the fake lacks: {server.unknown_routes}"
    assert not server.spec_violations, "requests unlike Discord's description:\n" + "\n".join(
        map(str, server.spec_violations))


@pytest.fixture(autouse=True)
async def no_process_left_running() -> AsyncIterator[None]:
    """A test stops (or kills) every bot process it started: one left running is killed
    and the test fails."""
    yield
    left = await left_running()
    assert not left, f"bot processes left running: {[p.log_path.name for p in left]}"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()
    assert_served(server)
    assert_hands_private(server)  # every test: no hand was ever sent in public


@pytest.fixture
async def sharded_fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord with one guild on each of 4 shards (the first guild on shard 0)."""
    server = await start_sharded_fake(4)
    yield server
    await server.stop()
    assert_served(server)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "rami.sqlite3"


@pytest.fixture
def clock() -> Callable[[], float]:
    """The bot's time (a module whose tests move it gives its own ``clock``)."""
    return time.time


@pytest.fixture
async def harness(fake: FakeDiscord, db_path: Path,
                  clock: Callable[[], float]) -> AsyncIterator[BotHarness]:
    runner = BotHarness(fake, db_path, clock=clock)
    await runner.start()
    yield runner
    await runner.stop()
