"""A follow-up waits for its interaction's answer (Discord refuses one sent before with
404 code 10015) without holding the answer back; an interaction whose answer failed, one
whose token is old, or one from a direct message carries no follow-up."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Iterator
from typing import Any
from unittest.mock import MagicMock

import discord
import pytest
from discord.webhook.async_ import async_context

from bot.discord_app.core.followups import USABLE_FOR, Followups
from bot.discord_app.core.replies import Answer, Reply
from tests.data.helpers import Clock

CHANNEL = 42


class Adapter:
    """Discord's interaction endpoint as discord.py's webhook adapter reaches it: each
    interaction's answer runs what :func:`interaction` gave it."""

    def __init__(self) -> None:
        self.answers: dict[int, Callable[[], Awaitable[dict[str, Any]]]] = {}

    async def create_interaction_response(self, interaction_id: int, token: str,
                                          **_: Any) -> dict[str, Any]:
        return await self.answers[interaction_id]()


@pytest.fixture(autouse=True)
def adapter() -> Iterator[Adapter]:
    fake = Adapter()
    reset = async_context.set(fake)  # type: ignore[arg-type]
    yield fake
    async_context.reset(reset)


_ids = itertools.count(1)


def interaction(order: list[str], *, guild: int | None = 7,
                fails: bool = False) -> MagicMock:
    """A command's interaction in ``CHANNEL``, whose answer is noted in ``order`` when sent
    (and refused by Discord when ``fails``)."""
    it = MagicMock(spec=discord.Interaction)
    it.type = discord.InteractionType.application_command
    it.channel_id, it.guild_id, it.id = CHANNEL, guild, next(_ids)
    it._state.allowed_mentions = None
    it.response.is_done.return_value = False

    async def send_message() -> dict[str, Any]:
        await asyncio.sleep(0)  # Discord's answer takes a moment
        if fails:
            response = MagicMock(status=500, reason="Internal Server Error")
            raise discord.HTTPException(response, "down")
        order.append("answered")
        return {"interaction": {"id": str(it.id), "type": 2}}

    async_context.get().answers[it.id] = send_message  # type: ignore[attr-defined]
    return it


async def english(_: discord.Interaction) -> str:
    return "en"


async def answer(followups: Followups, it: MagicMock, started: asyncio.Event | None = None,
                 go: asyncio.Event | None = None) -> Answer:
    """Answer ``it`` as a handler does, its body waiting for ``go`` once ``started``."""
    reply = Answer(it, "test", english)
    followups.note(reply)
    async with reply:
        if started is not None and go is not None:
            started.set()
            await go.wait()
        reply.reply = Reply(content="done", ephemeral=True)
    return reply


async def follow_up(followups: Followups, order: list[str]) -> bool:
    token = await followups.token(CHANNEL)
    order.append("follow-up" if token is not None else "channel")
    return token is not None


async def test_the_follow_up_waits_for_the_answer() -> None:
    order: list[str] = []
    followups = Followups(Clock())
    started, go = asyncio.Event(), asyncio.Event()
    answering = asyncio.create_task(answer(followups, interaction(order), started, go))
    await started.wait()  # the handler runs: its event reaches the publisher now
    publishing = asyncio.create_task(follow_up(followups, order))
    await asyncio.sleep(0)
    assert order == []  # waiting, and not holding the answer back
    go.set()
    await answering
    assert await publishing
    assert order == ["answered", "follow-up"]


async def test_a_failed_answer_leaves_the_channel_route() -> None:
    order: list[str] = []
    followups = Followups(Clock())
    sent = await answer(followups, interaction(order, fails=True))
    assert sent.failed and sent.answered.is_set()
    assert not await follow_up(followups, order)


async def test_an_unanswered_interaction_gives_way_to_the_one_before() -> None:
    order: list[str] = []
    followups = Followups(Clock(), answer_wait=0.01)
    await answer(followups, interaction(order))
    started, go = asyncio.Event(), asyncio.Event()
    slow = asyncio.create_task(answer(followups, interaction(order), started, go))
    await started.wait()
    token = await followups.token(CHANNEL)  # the slow one is not answered in time
    assert token is not None and token.answer.answered.is_set()
    go.set()
    await slow


async def test_a_token_is_used_for_fourteen_minutes_only() -> None:
    order: list[str] = []
    clock = Clock()
    followups = Followups(clock)
    await answer(followups, interaction(order))
    clock.advance(USABLE_FOR - 1)
    token = await followups.token(CHANNEL)
    assert token is not None and followups.young(token)
    clock.advance(1)
    assert await followups.token(CHANNEL) is None and not followups.young(token)


async def test_a_direct_message_carries_no_follow_up_to_the_channel() -> None:
    order: list[str] = []
    followups = Followups(Clock())
    await answer(followups, interaction(order, guild=None))
    assert await followups.token(CHANNEL) is None


async def test_a_refused_token_is_forgotten() -> None:
    order: list[str] = []
    followups = Followups(Clock())
    await answer(followups, interaction(order))
    token = await followups.token(CHANNEL)
    assert token is not None
    followups.forget(token)
    assert await followups.token(CHANNEL) is None
