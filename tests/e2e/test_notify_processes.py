"""A notification never sent twice by two bot processes (issue 27), end to end: two
discord.py clients on one fake Discord and one database, each interaction given to one of
them in turn (``spread``: both serve the same channel), one direct message per turn; also
when both pollers are due at the same moment (the suite's clock, moved by the test), while
both pollers run, and across a restart of one of them."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord, Message, User
from bot.session.notices import Notifier, Outcome
from data.notices import Notice, NoticeKind
from tests.data.helpers import Clock
from tests.e2e.harness import BotHarness
from tests.e2e.players import Human, wait_for_turn

DELAY = 60.0  # alice's notify: "1m"
TURN = "Your turn"
Sent = list[tuple[Notice, Outcome | None]]


@pytest.fixture
def clock() -> Clock:
    """The bots' time, moved by the tests only (the fake Discord keeps its own)."""
    return Clock(time.time())


@pytest.fixture
async def pair(fake: FakeDiscord, db_path: Path, postgres_url: str,
               clock: Clock) -> AsyncIterator[tuple[BotHarness, BotHarness]]:
    """Two bot processes on one PostgreSQL database (the store several processes share:
    each checks a table against its row and hears the others' changes of preferences),
    every interaction given to one of them in turn."""
    first, second = (BotHarness(fake, db_path, clock=clock, database_url=postgres_url)
                     for _ in range(2))
    await first.start()
    await second.start()
    fake.gateway.spread = True
    try:
        yield first, second
    finally:
        await second.stop()
        await first.stop()


def notifier(harness: BotHarness) -> Notifier:
    assert harness.bot is not None
    return harness.bot.features.notifications.notifier


async def pollers_stopped(*harnesses: BotHarness) -> None:
    """The test says when each process looks for due notices."""
    for harness in harnesses:
        await notifier(harness).close()


def turn_notices(fake: FakeDiscord, user: User) -> list[Message]:
    return [m for m in fake.direct_messages(user) if TURN in m.content]


def sent(*results: Sent) -> list[NoticeKind]:
    return [notice.kind for result in results for notice, outcome in result
            if outcome is Outcome.SENT]


async def both_due_at_once(first: BotHarness, second: BotHarness) -> list[NoticeKind]:
    """Both processes look for due notices at the same moment: what was sent."""
    moment = notifier(first).clock()
    results = await asyncio.gather(notifier(first).send_due(moment),
                                   notifier(second).send_due(moment))
    return sent(*results)


async def alice_to_play(fake: FakeDiscord, first: BotHarness) -> tuple[User, Human]:
    """alice (notified after a minute) and a computer at a rami51 table, started; returns
    her once it is her turn."""
    channel = fake.channels[0]
    alice = fake.add_user("alice")
    assert (await fake.slash(alice, channel, "rummy prefs", notify="1m")).reply.ephemeral
    lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51")).reply
    seated = await fake.click(alice, lobby, "rami:lobby:ai:")
    assert seated.response_type == 7, seated.reply.text()
    started = await fake.click(alice, lobby, "rami:lobby:start:")
    assert started.response_type == 7, started.reply.text()
    human = Human(fake, first, alice, channel, "slash", seed=3)
    assert await wait_for_turn(first, channel, {alice.id: human}) is human
    return alice, human


async def next_turn(first: BotHarness, second: BotHarness, human: Human) -> None:
    """alice plays her turn (her interactions spread over both processes) and the
    computer its own, until she is to play again (both processes saved what they did)."""
    await human.play_turn()
    assert await wait_for_turn(first, human.channel, {human.user.id: human}) is human
    await first.idle()
    await second.idle()


async def test_two_processes_due_at_the_same_moment_send_one_dm_per_turn(
        fake: FakeDiscord, pair: tuple[BotHarness, BotHarness], clock: Clock) -> None:
    first, second = pair
    await pollers_stopped(first, second)
    alice, human = await alice_to_play(fake, first)
    assert await both_due_at_once(first, second) == [NoticeKind.START]  # due at once
    assert await both_due_at_once(first, second) == []  # her turn's: in a minute
    for turn in range(1, 4):
        clock.advance(DELAY + 1)
        assert await both_due_at_once(first, second) == [NoticeKind.TURN]
        assert await both_due_at_once(first, second) == []
        assert len(turn_notices(fake, alice)) == turn
        await next_turn(first, second, human)
    assert fake.dms.opened <= 2  # her DM channel opened once per process, not per notice


async def test_two_running_pollers_send_one_dm_per_turn_across_a_restart(
        fake: FakeDiscord, pair: tuple[BotHarness, BotHarness], clock: Clock) -> None:
    first, second = pair
    looks = [counted(notifier(first)), counted(notifier(second))]
    alice, human = await alice_to_play(fake, first)
    for turn in (1, 2, 3):
        wanted = [count[0] + 3 for count in looks]
        clock.advance(DELAY + 1)  # both pollers due now: woken, both look (three times)
        await looked(first, second, looks, wanted)
        assert len(turn_notices(fake, alice)) == turn
        if turn == 1:  # the second process restarts: it sends none of the turns sent
            await second.restart()
            looks[1] = counted(notifier(second))
            assert await notifier(second).send_due() == []
        await next_turn(first, second, human)
    kinds = [n.kind for n in await first.bot.store.notices_of(alice.id)]  # type: ignore[union-attr]
    assert kinds.count(NoticeKind.TURN) == 4  # three sent, the fourth turn's due later
    assert len(turn_notices(fake, alice)) == 3


async def looked(first: BotHarness, second: BotHarness, looks: list[list[int]],
                 wanted: list[int]) -> None:
    """Wake both pollers until each has looked for due notices ``wanted`` times (a
    poller sleeps up to :data:`~bot.session.notices.POLL_INTERVAL` when nothing is due;
    the bound is for a broken test, not a pace)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while any(count[0] < most for count, most in zip(looks, wanted, strict=True)):
        assert loop.time() < deadline, f"the pollers looked {looks}, not {wanted}"
        for harness in (first, second):
            notifier(harness)._wake.set()
        await asyncio.sleep(0.005)


def counted(poller: Notifier) -> list[int]:
    """How many times ``poller`` has looked for due notices (one counter)."""
    looks = [0]
    look: Callable[[float | None], Awaitable[Sent]] = poller.send_due

    async def send_due(now: float | None = None) -> Sent:
        try:
            return await look(now)
        finally:
            looks[0] += 1

    poller.send_due = send_due  # type: ignore[method-assign]
    return looks
