"""A hand message's refresh (the player's turn has come) and an answer on that message
(a pick in its menus) never cross: the answer waits for a refresh under way, and a
refresh that starts while the answer is being built keeps its picks. Otherwise a refresh
built before a pick lands after it and wipes the pick: the next click finds nothing
picked."""

from __future__ import annotations

import asyncio
from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
import pytest

from bot.discord_app.core.replies import Reply
from bot.discord_app.hand import HandMessages
from data import Store

CHANNEL, USER = 10, 20
PICKED = {"a": {"0:7h"}}


class Recorded(HandMessages):
    """Hand messages whose building and editing the test holds and watches."""

    def __init__(self) -> None:
        store = Mock(spec_set=Store)
        kept = Mock(message_id=5, language="en", token="token", application_id=1)
        store.hand_message = AsyncMock(return_value=kept)
        tables = Mock(spec_set=["store", "hand"])
        tables.store, tables.hand = store, AsyncMock(return_value=Mock())
        super().__init__(tables, Mock(), Mock(spec_set=discord.Client))
        self.steps: list[str] = []
        self.built_with: list[dict[str, set[str]] | None] = []
        self.hold_edit: asyncio.Event | None = None
        self.hold_build: asyncio.Event | None = None
        self.editing, self.building = asyncio.Event(), asyncio.Event()
        self._uploaded.edit = self._edit  # type: ignore[method-assign]

    async def _message(self, view: Any, channel_id: int, user_id: int, lang: str, *,
                       note: str | None = None, selected: dict[str, set[str]] | None = None,
                       picture: bool = True, attached: tuple[str, str] | None = None,
                       layout: bool = True) -> Reply:
        self.built_with.append(selected)
        self.building.set()
        if self.hold_build is not None:
            await self.hold_build.wait()
        return Reply(content="hand", ephemeral=True)

    async def _edit(self, *args: Any) -> None:
        self.editing.set()
        if self.hold_edit is not None:
            await self.hold_edit.wait()
        self.steps.append("refresh edited")


def interaction() -> Any:
    it: Any = Mock(spec_set=discord.Interaction)
    it.channel_id, it.user = CHANNEL, Mock(id=USER)
    # the hand message clicked: a layout, without a picture
    it.message = Mock(attachments=[], flags=discord.MessageFlags(components_v2=True))
    return it


@pytest.fixture
def hands() -> Recorded:
    return Recorded()


async def test_an_answer_waits_for_the_refresh_under_way(hands: Recorded) -> None:
    hands.hold_edit = asyncio.Event()
    refresh = asyncio.create_task(hands.refresh(CHANNEL, USER))
    await hands.editing.wait()  # the refresh's edit is on its way to Discord
    answer = asyncio.create_task(
        hands.reply(interaction(), Mock(), "en", update=True, selected=PICKED, picture=False))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert not answer.done() and hands.built_with == [None]  # the answer waits
    hands.hold_edit.set()
    await refresh
    await answer
    hands.steps.append("answer built")
    assert hands.steps == ["refresh edited", "answer built"]
    assert hands.built_with == [None, PICKED]


async def test_a_refresh_during_an_answer_keeps_its_picks(hands: Recorded) -> None:
    hands.hold_build = asyncio.Event()
    answer = asyncio.create_task(
        hands.reply(interaction(), Mock(), "en", update=True, selected=PICKED, picture=False))
    await hands.building.wait()  # the answer is being built
    hands.hold_build.clear()
    refresh = asyncio.create_task(hands.refresh(CHANNEL, USER))
    hands.hold_build.set()
    await asyncio.gather(answer, refresh)
    assert hands.built_with == [PICKED, PICKED]  # the refresh shows the pick too


async def test_the_refresh_locks_are_forgotten_once_done(hands: Recorded) -> None:
    await asyncio.gather(hands.refresh(CHANNEL, USER), hands.refresh(CHANNEL, USER))
    assert hands._refreshing == {} and hands._refreshes == {}
