"""Running the bot for real, seen from the host: ``/healthz``, ``/readyz`` and
``/metrics`` of real ``rummy-bot run`` processes, and the settings that stop a start."""

from __future__ import annotations

import socket
from pathlib import Path

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.scrape import free_port, get, until_answer, until_ready


async def cluster_1_of_2(fake: FakeDiscord, tmp_path: Path) -> tuple[BotProcess, int]:
    """``rummy-bot run`` as cluster 1 of 2 (shards 1 and 3 of 4) serving health and metrics
    on a free port, started and connected; the process and its port."""
    port = free_port()
    process = BotProcess(fake, tmp_path / "rami.sqlite3", "--shard-count", "4",
                         "--cluster-id", "1", "--cluster-count", "2",
                         env={"METRICS_PORT": str(port)})
    await process.start()
    try:
        await process.connected([(1, 4), (3, 4)])
    except BaseException:
        await process.stop()
        raise
    return process, port


async def test_a_sharded_process_is_healthy_then_ready_on_its_shards(
        sharded_fake: FakeDiscord, tmp_path: Path) -> None:
    process, port = await cluster_1_of_2(sharded_fake, tmp_path)
    try:
        assert await get(port, "/healthz") == (200, "ok\n")
        await until_ready(port)
        assert "serving health and metrics host=127.0.0.1 port=" in process.output
    finally:
        assert await process.stop() == 0
    assert "stopped" in process.output


async def test_readyz_names_a_dropped_shard_until_it_is_back(
        sharded_fake: FakeDiscord, tmp_path: Path) -> None:
    process, port = await cluster_1_of_2(sharded_fake, tmp_path)
    try:
        await until_ready(port)
        sharded_fake.hold_shard((3, 4))
        answer = await until_answer(port, "/readyz", lambda status, _: status == 503)
        assert answer == (503, "shard 3 not connected to the gateway\n")
        assert await get(port, "/healthz") == (200, "ok\n")  # alive, only not ready
        sharded_fake.release_shard((3, 4))
        await until_ready(port, timeout=60)  # the bot's own back-off decides when
        await process.connected([(1, 4), (3, 4)])
    finally:
        assert await process.stop() == 0


async def test_a_port_in_use_stops_the_start_with_one_line(
        fake: FakeDiscord, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = BotProcess(fake, tmp_path / "rami.sqlite3", env={"METRICS_PORT": str(port)})
        await process.start()
        assert await process.exit_status(30) == 2
    said = [line for line in process.output.splitlines() if "METRICS_PORT" in line]
    assert said == [f"rummy-bot: METRICS_PORT {port} is in use on 127.0.0.1: choose "
                    "another port, or stop what listens there"]
    assert fake.identifies == 0  # refused before connecting


async def test_a_port_that_is_not_a_number_stops_the_start_with_one_line(
        fake: FakeDiscord, tmp_path: Path) -> None:
    process = BotProcess(fake, tmp_path / "rami.sqlite3", env={"METRICS_PORT": "metrics"})
    await process.start()
    assert await process.exit_status(30) == 2
    assert process.output.strip() == (
        "rummy-bot: METRICS_PORT must be a port number from 1 to 65535, or unset "
        "(no health or metrics served), not 'metrics'")
