"""A hand message sent is kept in the store for its refreshes: once per message and
language while its token is fresh, again when the message, the language or the time
changes, never for a refusal."""

from __future__ import annotations

from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
import pytest

from bot.discord_app.core.replies import Answer, Reply, Sent
from bot.discord_app.hand import KEEP_AGAIN_AFTER, HandMessages
from data import Store

CHANNEL, USER = 10, 20


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def hands(clock: Clock) -> HandMessages:
    store = Mock(spec_set=Store)
    store.save_hand_message = AsyncMock()
    tables = Mock(spec_set=["store", "hand"])
    tables.store = store
    return HandMessages(tables, Mock(), Mock(spec_set=discord.Client), clock=clock)


def sent(message_id: int, lang: str = "en", *, refused: bool = False,
         hand: tuple[int, int] | None = (CHANNEL, USER)) -> Answer:
    """What an answer that sent a hand message holds once sent."""
    interaction: Any = Mock(spec_set=discord.Interaction)
    interaction.token, interaction.application_id = f"token-{message_id}", 1
    answer = Answer(interaction, "hand", AsyncMock(return_value=lang))
    answer.lang, answer.refused = lang, refused
    answer.reply = Reply(content="hand", ephemeral=True, hand=hand)
    answer.sent = Sent(message_id)
    return answer


def saves(hands: HandMessages) -> list[tuple[int, str]]:
    calls = hands.tables.store.save_hand_message.await_args_list  # type: ignore[attr-defined]
    return [(call.kwargs["message_id"], call.kwargs["language"]) for call in calls]


async def test_the_clicks_of_a_turn_keep_the_message_once(
        hands: HandMessages, clock: Clock) -> None:
    for _ in range(3):  # draw, pick, discard: the same message, edited in place
        await hands.keep(sent(5))
        clock.now += 10
    assert saves(hands) == [(5, "en")]


async def test_the_message_is_kept_again_once_its_token_ages(
        hands: HandMessages, clock: Clock) -> None:
    await hands.keep(sent(5))
    clock.now += KEEP_AGAIN_AFTER
    await hands.keep(sent(5))
    assert saves(hands) == [(5, "en"), (5, "en")]


async def test_another_message_or_language_is_kept_at_once(hands: HandMessages) -> None:
    await hands.keep(sent(5))
    await hands.keep(sent(6))  # /rummy hand: a new message
    await hands.keep(sent(6, "fr"))  # the player now reads French
    assert saves(hands) == [(5, "en"), (6, "en"), (6, "fr")]


async def test_a_refusal_or_a_reply_that_is_no_hand_keeps_nothing(
        hands: HandMessages) -> None:
    await hands.keep(sent(5, refused=True))
    await hands.keep(sent(5, hand=None))
    assert saves(hands) == []


async def test_a_message_another_process_forgot_is_kept_again(
        hands: HandMessages) -> None:
    await hands.keep(sent(5))
    hands.tables.store.hand_message = AsyncMock(return_value=None)  # type: ignore[attr-defined]
    await hands.refresh(CHANNEL, USER)  # the store holds none any more
    await hands.keep(sent(5))
    assert saves(hands) == [(5, "en"), (5, "en")]
