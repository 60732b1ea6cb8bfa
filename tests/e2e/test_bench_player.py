"""The benchmark's players read the bot's real answers: the card a draw brought (shown as
its emoji), and the hand menu's option of that card, by a button and by a command. When
they could not, every game of ``bench/bot_bench.py`` stalled after its first turn and
the figures were of lobbies."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from bot.discord_app.fake import FakeDiscord
from tests.bench_modules import bench_module
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_ok, menu_values
from tests.e2e.test_behaviour import open_table, whose_turn


@pytest.fixture
def bot_bench() -> Iterator[ModuleType]:
    """bench/bot_bench.py as a module."""
    with bench_module("bot_bench") as module:
        yield module


async def test_the_bench_player_finds_the_card_it_drew(
        fake: FakeDiscord, harness: BotHarness, bot_bench: ModuleType) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    hand = assert_ok(await fake.slash(player, channel, "rummy hand"))
    drew = await fake.click(player, hand, "rami:hand:draw:")
    view = await harness.bot.tables.hand(channel, player.id)
    assert view.drawn is not None
    card = bot_bench._drawn(drew)
    assert card is not None
    found = bot_bench._options_of(drew.reply, card)
    assert found[0] in menu_values(drew.reply, "rami:pick:a:", (view.drawn,))
    await fake.select(player, drew.reply, "rami:pick:a:", found[:1])
    assert_ok(await fake.click(player, drew.reply, "rami:hand:discard:"))
    after = await harness.bot.tables.hand(channel, player.id)
    assert after.discard_top == view.drawn and len(after.hand) == len(view.hand) - 1


async def test_the_bench_player_discards_by_command_the_card_it_drew(
        fake: FakeDiscord, harness: BotHarness, bot_bench: ModuleType) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    drew = await fake.slash(player, channel, "rummy draw", source="stock")
    view = await harness.bot.tables.hand(channel, player.id)
    card = bot_bench._drawn(drew)
    assert card is not None and view.drawn is not None
    await fake.slash(player, channel, "rummy discard", card=card)
    after = await harness.bot.tables.hand(channel, player.id)
    assert after.discard_top == view.drawn and len(after.hand) == len(view.hand) - 1


def test_a_card_not_in_the_menu_stops_the_bench(bot_bench: ModuleType) -> None:
    message = bot_bench.Message(1, 2, None)
    message.components = [{"type": 1, "components": [{
        "type": 3, "custom_id": "rami:pick:a:1",
        "options": [{"label": "1. 3♣", "value": "1:3c"}]}]}]
    assert bot_bench._options_of(message, "3c") == ["1:3c"]
    assert bot_bench._options_of(message, "3♣") == ["1:3c"]
    with pytest.raises(RuntimeError, match="'Qs', is not in the hand's menu"):
        bot_bench._options_of(message, "Qs")
