"""A click reaches its component class without discord.py rebuilding the clicked
message's whole view (``core/dispatch.py``): a menu's picks and a button still work."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_ok
from tests.e2e.test_behaviour import open_table, whose_turn


def refuse(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the clicked message's view was rebuilt")


async def test_a_pick_and_a_click_need_no_view_of_the_clicked_message(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.ui.View, "from_message", refuse)
    monkeypatch.setattr(discord.ui.LayoutView, "from_message", refuse)
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    mine = assert_ok(await fake.slash(player, channel, "rummy hand"))
    first = mine.component("rami:pick:a:")["options"][0]["value"]
    picked = await fake.select(player, mine, "rami:pick:a:", [first])
    assert picked.response_type == 7  # the hand edited in place
    shown = [o for o in mine.component("rami:pick:a:")["options"] if o.get("default")]
    assert [o["value"] for o in shown] == [first]  # the pick reached the bot
    drew = assert_ok(await fake.click(player, mine, "rami:hand:draw:"))
    assert "drew" in drew.text().lower() or "drawn" in drew.text().lower()
