"""The fuzzer (tests/e2e/fuzz.py) for a few seconds of random and malformed interactions,
restarts and kills included. Longer, or another seed, on demand (the options of
tests/e2e/conftest.py): ``.venv/bin/python -m pytest -o addopts="" -s tests/e2e/test_fuzz.py
--fuzz-seconds 600 --fuzz-seed 7``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord
from tests.e2e.fuzz import Fuzzer
from tests.e2e.harness import BotHarness


async def test_the_bot_survives_random_and_malformed_interactions(
        fake: FakeDiscord, db_path: Path, pytestconfig: pytest.Config) -> None:
    seconds = float(pytestconfig.getoption("--fuzz-seconds", default=4.0))
    seed = int(pytestconfig.getoption("--fuzz-seed", default=15))
    # A short turn time-out plays absent players, so games reach round and match ends.
    harness = BotHarness(fake, db_path, turn_timeout=0.3)
    await harness.start()
    try:
        found = await Fuzzer(fake, harness, seed).run(seconds)
    finally:
        await harness.stop()
    print(f"fuzz seed={seed} seconds={seconds:g}: {found.summary()}")
    assert not found.problems, "\n".join(found.problems[:30])
