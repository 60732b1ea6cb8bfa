"""A clean stop (SIGTERM, SIGINT): interactions taken are finished and answered, new ones
are answered "restarting" in the reader's language, the channel updates under way are
sent, the process exits 0 within 10 s; past that it gives up and exits 1, saying what it
left. The restarted bot carries on. Real ``rummy-bot run`` processes (``BotProcess``) on
one SQLite file, and the bot in this event loop for what needs no process.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord
from data import Store
from tests.e2e.cluster import ClusterGame, Saved, versions_contiguous
from tests.e2e.consistency import inconsistent_games
from tests.e2e.harness import BotHarness, BotProcess
from tests.e2e.players import is_hand
from tests.e2e.scrape import free_port, get

RESTARTING_EN = "The bot is restarting: try again in a minute."
RESTARTING_FR = "Le bot redémarre : réessayez dans une minute."


@pytest.fixture
def fake(fake: FakeDiscord) -> FakeDiscord:
    """The fake Discord of tests/e2e/conftest.py; a process's first pictures take seconds
    on a busy machine: the people wait up to 30 s for an answer."""
    fake.settle_timeout = 30.0
    return fake


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    """The test's own view of the bot's database (the bot process writes it)."""
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


async def started(fake: FakeDiscord, db_path: Path, port: int | None = None) -> BotProcess:
    process = BotProcess(fake, db_path, env={"METRICS_PORT": str(port)} if port else {})
    await process.start()
    await process.connected([None])
    return process


async def logged(process: BotProcess, text: str, timeout: float = 10.0) -> None:
    """Wait until the process's output holds ``text``."""
    deadline = time.monotonic() + timeout
    while text not in process.output:
        assert time.monotonic() < deadline, f"never logged {text!r}:\n{process.output}"
        await asyncio.sleep(0.02)


async def to_a_draw(game: ClusterGame) -> Saved:
    """Play until a person is to draw, a few turns in."""
    return await game.play(stop=lambda s: s.row.version >= 8 and s.game is not None
                           and s.game.phase.value == "draw")


def table_bodies(fake: FakeDiscord, channel: int) -> int:
    """How many bodies the bot sent for the channel's table message."""
    return sum(len(m.payloads) for m in fake.channel_messages(channel)
               if any(c.startswith("rami:table:") for c in m.custom_ids()))


async def test_a_stop_finishes_what_it_took_refuses_the_rest_and_the_bot_carries_on(
        fake: FakeDiscord, db_path: Path, store: Store) -> None:
    port = free_port()
    process = await started(fake, db_path, port)
    channel = fake.channels[0]
    game = ClusterGame(fake, store, channel, seed=3)
    await game.open()
    before = await to_a_draw(game)
    assert game.humans is not None and before.current_user is not None
    person = game.humans[before.current_user].user
    edits = table_bodies(fake, channel)

    # The draw is saved, then its answer and its table edit are held up by Discord's rate
    # limits: both are under way when the host stops the bot.
    fake.rate_limit("callback", 2.0)
    fake.rate_limit("edit", 2.0, channel=channel)
    taken = await fake.slash(person, channel, "rummy draw", source="stock", wait=False)
    await fake.wait_for(lambda: fake.faults.hits)
    assert process.process is not None
    stopped_at = time.monotonic()
    process.process.send_signal(signal.SIGTERM)
    await logged(process, "stopping:")
    assert await get(port, "/readyz") == (503, "stopping\n")  # send it nothing more

    zoe = fake.add_user("zoé", locale="fr")
    late = [await fake.slash(person, channel, "rummy hand", wait=False),
            await fake.slash(zoe, channel, "rummy rules", wait=False)]
    for it, text in zip(late, (RESTARTING_EN, RESTARTING_FR), strict=True):
        reply = (await fake.settle(it)).reply
        assert reply.ephemeral and reply.text() == text
    assert is_hand((await fake.settle(taken)).reply)  # answered after the rate limit

    assert await process.exit_status(15) == 0
    assert time.monotonic() - stopped_at < 10
    assert "stop given up" not in process.output
    assert table_bodies(fake, channel) > edits  # the table edit under way was sent
    drawn = await game.now()
    assert drawn.row.version == before.row.version + 1  # the draw, and nothing else
    assert drawn.game is not None and drawn.game.phase.value == "play"

    again = await started(fake, db_path)  # the restarted bot carries on: the person…
    log = await store.game_log(game.game_id)
    assert (await game.play()).over  # …discards, and the match is played to its end
    assert (await store.game_log(game.game_id))[:len(log)] == log  # nothing lost
    assert versions_contiguous(await store.game_log(game.game_id))
    assert await inconsistent_games(store) == []
    assert await again.stop() == 0


async def test_a_stop_that_cannot_finish_gives_up_and_says_what_it_left(
        fake: FakeDiscord, db_path: Path, store: Store) -> None:
    process = await started(fake, db_path)
    channel = fake.channels[0]
    game = ClusterGame(fake, store, channel, seed=5)
    await game.open()
    before = await to_a_draw(game)
    assert game.humans is not None and before.current_user is not None
    stuck = fake.rate_limit("edit", 60.0, times=None, channel=channel)  # never shown
    it = await fake.slash(game.humans[before.current_user].user, channel, "rummy draw",
                          source="stock")
    assert is_hand(it.reply)
    await fake.wait_for(lambda: fake.faults.hits)
    assert process.process is not None
    stopped_at = time.monotonic()
    process.process.send_signal(signal.SIGTERM)

    assert await process.exit_status(20) == 1
    assert time.monotonic() - stopped_at < 11.5
    assert "stop given up" in process.output
    assert f"channels_unpublished=1 channels={channel}:table(doing table)" in process.output

    fake.heal(stuck)
    edits = table_bodies(fake, channel)
    again = await started(fake, db_path)  # not retried by itself; started again, it shows
    await fake.wait_for(lambda: table_bodies(fake, channel) > edits, timeout=20)  # the table
    assert (await game.now()).row.version == before.row.version + 1
    assert await again.stop() == 0


async def test_autocomplete_and_clicks_while_stopping_get_the_restarting_answer(
        fake: FakeDiscord, db_path: Path) -> None:
    harness = BotHarness(fake, db_path)
    bot = await harness.start()
    alice = fake.add_user("alice")
    lobby = (await fake.slash(alice, fake.channels[0], "rummy new")).reply
    bot.gate.close()
    assert await fake.autocomplete(alice, fake.channels[0], "rummy discard", "card",
                                   card="7") == []
    click = await fake.click(alice, lobby, "rami:lobby:ai:")
    assert click.reply.ephemeral and click.reply.text() == RESTARTING_EN
    assert bot.gate.refused == 2
    assert await bot.shut_down() == []
    await harness.stop()
