"""At LOG_LEVEL=DEBUG the log of a whole match holds no game document: no hand, no stock
order, no seed (the database library logs every call it runs at that level)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord
from bot.logs import setup_logging
from tests.e2e.harness import BotHarness
from tests.e2e.players import play_match

SEED = 987_654_321


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """Every record of every logger, at DEBUG, as the bot writes them."""
    root = logging.getLogger()
    level = root.level
    stream = io.StringIO()
    handler = setup_logging("DEBUG", "kv", [], stream=stream)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


async def test_a_whole_match_at_debug_level_logs_no_game_document(
        fake: FakeDiscord, db_path: Path, debug_log: io.StringIO) -> None:
    harness = BotHarness(fake, db_path, seed_source=lambda: SEED)
    await harness.start()
    try:
        channel = fake.channels[0]
        await play_match(fake, harness, "classic", 1, channel)
        await harness.idle()
        assert harness.bot is not None
        stored = await harness.bot.store.game(1)
    finally:
        await harness.stop()
    assert stored is not None
    document = json.loads(stored.state)["game"]
    log = debug_log.getvalue()
    assert "aiosqlite" in log and "level=debug" in log  # the library did log, at DEBUG
    secrets = [str(SEED), str(document["round"]["seed"]), '"hands"', '"stock"',
               document["round"]["discard"]]
    for secret in secrets:
        assert secret not in log, f"the log shows {secret!r}"
