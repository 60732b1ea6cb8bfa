"""RAMI_SEED: a bot's matches are dealt from the seed, so real processes' games replay."""

from __future__ import annotations

from bot.config import load_settings
from bot.discord_app.client import make_bot


def seeds(env: dict[str, str], count: int = 3) -> list[int] | None:
    """The first match seeds of a bot made with ``env`` (None: it draws fresh ones)."""
    bot = make_bot(load_settings({"DISCORD_TOKEN": "t", **env}, env_file=None))
    source = bot._seed_source
    return None if source is None else [source() for _ in range(count)]


def test_a_seed_deals_the_same_matches_each_run_and_each_process_its_own() -> None:
    first = seeds({"RAMI_SEED": "7"})
    assert first is not None and len(set(first)) == 3
    assert seeds({"RAMI_SEED": "7"}) == first
    assert seeds({"RAMI_SEED": "8"}) != first
    cluster = {"RAMI_SEED": "7", "SHARD_COUNT": "4", "CLUSTER_COUNT": "2"}
    assert seeds({**cluster, "CLUSTER_ID": "0"}) != seeds({**cluster, "CLUSTER_ID": "1"})


def test_without_a_seed_the_deals_are_fresh() -> None:
    assert seeds({}) is None
