"""The fake Discord misbehaves as Discord does, as the real discord.py client sees it: rate
limits, server errors, missing permissions, size limits, message edits and deletes, the
limit on edits of messages older than an hour, and a gateway that drops, asks to reconnect
or invalidates the session."""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp
import discord
import pytest

from bot.discord_app.core.pacing import DISCORD_GLOBAL_LIMIT
from bot.discord_app.fake import (
    ALL_PERMISSIONS,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    DiscordState,
    FakeDiscord,
)
from tests.data.helpers import Clock
from tests.e2e.harness import BotHarness


def channel_of(harness: BotHarness, channel_id: int) -> discord.PartialMessageable:
    assert harness.bot is not None
    return harness.bot.get_partial_messageable(channel_id)


async def test_edit_and_delete_have_their_real_effects(fake: FakeDiscord,
                                                       harness: BotHarness) -> None:
    channel = channel_of(harness, fake.channels[0])
    sent = await channel.send("first")
    await channel.get_partial_message(sent.id).edit(content="second")
    assert fake.messages[sent.id].content == "second"
    assert (await channel.fetch_message(sent.id)).content == "second"
    await channel.get_partial_message(sent.id).delete()
    assert fake.channel_messages(fake.channels[0]) == []
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(sent.id)
    with pytest.raises(discord.NotFound):
        await channel.get_partial_message(sent.id).edit(content="third")


@pytest.mark.parametrize("is_global", [False, True])
async def test_a_rate_limit_with_via_is_waited_out(fake: FakeDiscord, harness: BotHarness,
                                                   is_global: bool) -> None:
    fake.rate_limit("send", 0.05, times=2, is_global=is_global)
    sent = await channel_of(harness, fake.channels[0]).send("after the wait")
    assert fake.messages[sent.id].content == "after the wait"
    assert fake.faults.hits == [("send", 429), ("send", 429)]


async def test_a_rate_limit_without_via_is_not_retried_by_discord_py(
        fake: FakeDiscord, harness: BotHarness) -> None:
    fake.rate_limit("send", 0.05, via=False)
    with pytest.raises(discord.HTTPException) as raised:
        await channel_of(harness, fake.channels[0]).send("refused")
    assert raised.value.status == 429
    assert fake.channel_messages(fake.channels[0]) == []


async def test_server_errors(fake: FakeDiscord, harness: BotHarness) -> None:
    channel = channel_of(harness, fake.channels[0])
    fake.fail("send", 503)
    with pytest.raises(discord.DiscordServerError):  # 503: discord.py does not retry
        await channel.send("lost")
    fake.fail("send", 502)  # retried by discord.py after a second
    await channel.send("kept")
    assert [m.content for m in fake.channel_messages(fake.channels[0])] == ["kept"]
    assert fake.faults.hits == [("send", 503), ("send", 502)]


async def test_missing_permissions_get_discords_403(fake: FakeDiscord,
                                                    harness: BotHarness) -> None:
    target = fake.channels[1]
    channel = channel_of(harness, target)
    sent = await channel.send("before")
    fake.set_bot_permissions(target, ALL_PERMISSIONS & ~SEND_MESSAGES)
    with pytest.raises(discord.Forbidden) as raised:
        await channel.send("no")
    assert raised.value.code == 50013
    await channel.get_partial_message(sent.id).edit(content="editing needs no Send Messages")
    fake.set_bot_permissions(target, ALL_PERMISSIONS & ~VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as raised:
        await channel.get_partial_message(sent.id).delete()
    assert raised.value.code == 50001
    fake.set_bot_permissions(target, None)
    await channel.send("allowed again")
    alice = fake.add_user("alice")
    it = await fake.slash(alice, fake.channels[0], "rummy rules")
    assert it.reply.ephemeral  # other channels were never affected


@pytest.mark.parametrize(("body", "field", "described"), [
    # Discord's description allows 4000 characters (what a Nitro user may send), a bot 2000.
    ({"content": "x" * 2001}, "content", []),
    ({"embeds": [discord.Embed(description="x" * 4097)]}, "embeds",
     ["$.embeds[0].description: 4097 characters, over maxLength 4096"]),
    ({"embeds": [discord.Embed(title="t").add_field(name="n", value="v" * 1025)]}, "embeds",
     ["$.embeds[0].fields[0].value: 1025 characters, over maxLength 1024"]),
])
async def test_a_body_over_a_size_limit_gets_discords_400(
        fake: FakeDiscord, harness: BotHarness, body: dict[str, object], field: str,
        described: list[str]) -> None:
    with pytest.raises(discord.HTTPException) as raised:
        await channel_of(harness, fake.channels[0]).send(**body)  # type: ignore[arg-type]
    assert raised.value.status == 400 and raised.value.code == 50035
    assert field in raised.value.text and "or fewer in length" in raised.value.text
    assert fake.channel_messages(fake.channels[0]) == []
    assert [v.reason for v in fake.spec_violations] == described
    fake.spec_violations.clear()  # sent on purpose: the fixture would fail on them


async def answers(fake: FakeDiscord) -> bool:
    """The bot answers a slash command (through the gateway it is connected to now)."""
    alice = fake.add_user("alice")
    return (await fake.slash(alice, fake.channels[0], "rummy rules")).reply.ephemeral


async def test_a_dropped_gateway_is_resumed(fake: FakeDiscord, harness: BotHarness) -> None:
    fake.drop_gateway()
    await fake.wait_for(lambda: fake.resumes == 1 and fake.sockets)
    assert fake.identifies == 1
    assert await answers(fake)


async def test_reconnect_is_obeyed(fake: FakeDiscord, harness: BotHarness) -> None:
    await fake.reconnect_gateway()
    await fake.wait_for(lambda: fake.resumes == 1 and fake.sockets)
    assert await answers(fake)


async def test_an_invalid_session_means_identifying_again(fake: FakeDiscord,
                                                          harness: BotHarness) -> None:
    await fake.invalidate_session()
    await fake.wait_for(lambda: fake.identifies == 2 and fake.sockets)
    assert await answers(fake)
    # A resume refused (the session expired while the connection was down) too.
    fake.gateway.refuse_resume = True
    fake.drop_gateway()
    await fake.wait_for(lambda: fake.identifies == 3 and fake.sockets)
    assert fake.resumes == 1
    assert await answers(fake)


@pytest.mark.parametrize("retain", [True, False])
def test_a_post_sent_again_with_its_enforced_nonce_is_the_first_one(retain: bool) -> None:
    """As Discord does; also in long runs, where the fake keeps no payloads."""
    state = DiscordState(retain=retain)
    channel = state.channels[0]
    state.post_to_channel(channel, {"content": "plain"}, [])
    body = {"content": "top 3", "nonce": "daily20261201", "enforce_nonce": True}
    first = state.post_to_channel(channel, body, [])
    assert state.post_to_channel(channel, body, []) is first
    other = state.post_to_channel(channel, {**body, "nonce": "daily20261202"}, [])
    assert other is not first and len(state.channel_log) == 3


def test_message_ids_tell_when_discord_posted_them() -> None:
    """As Discord's ids do, by the fake's clock (which a test moves)."""
    clock = Clock(1_790_000_000.25)
    state = DiscordState(clock=clock)
    first = state.post_to_channel(state.channels[0], {"content": "now"}, [])
    clock.advance(3 * 3600)
    later = state.post_to_channel(state.channels[0], {"content": "later"}, [])
    assert first.posted_at == clock.now - 3 * 3600
    assert discord.utils.snowflake_time(first.id).timestamp() == first.posted_at
    assert later.posted_at == clock.now and later.id > first.id
    assert discord.utils.parse_time(later.payload()["timestamp"]).timestamp() == clock.now


def test_an_old_message_is_edited_three_times_in_six_seconds_then_refused() -> None:
    """Discord's limit on edits of messages older than an hour, per channel: the next
    edit gets a 429 with code 30046, a resource's own limit (scope shared)."""
    clock = Clock()
    state = DiscordState(clock=clock)
    channel, other = state.channels[:2]
    old = state.post_to_channel(channel, {"content": "old"}, [])
    elsewhere = state.post_to_channel(other, {"content": "old too"}, [])
    clock.advance(3600.5)
    young = state.post_to_channel(channel, {"content": "young"}, [])
    for _ in range(5):
        assert state.old_edits.refusal(young, clock.now) is None  # a young one: no limit
    for _ in range(3):
        assert state.old_edits.refusal(old, clock.now) is None
        clock.advance(1)
    refused = state.old_edits.refusal(old, clock.now)
    assert refused is not None and refused.status == 429
    assert json.loads(refused.text or "") == {
        "message": "Maximum number of edits to messages older than 1 hour reached. "
                   "Try again later.",
        "retry_after": 3.0, "global": False, "code": 30046}
    assert refused.headers["X-RateLimit-Scope"] == "shared" and "Via" in refused.headers
    assert refused.headers["Retry-After"] == "3"
    assert state.old_edits.refusal(elsewhere, clock.now) is None  # each channel its own
    clock.advance(3)
    assert state.old_edits.refusal(old, clock.now) is None  # the first edit left the window


def test_a_message_aged_by_discord_is_older_than_its_id_says() -> None:
    clock = Clock()
    state = DiscordState(clock=clock)
    message = state.post_to_channel(state.channels[0], {"content": "skewed"}, [])
    state.age(message, 2 * 3600)
    assert message.posted_at == clock.now - 2 * 3600
    assert discord.utils.snowflake_time(message.id).timestamp() == clock.now
    for _ in range(3):
        assert state.old_edits.refusal(message, clock.now) is None
    assert state.old_edits.refusal(message, clock.now) is not None


async def test_the_global_limit_is_waited_out_by_discord_py(fake: FakeDiscord,
                                                            harness: BotHarness) -> None:
    fake.rest.global_limit = 3  # requests per second (Discord's: 50)
    served = fake.rest.global_requests  # the bot's start-up's
    channel = channel_of(harness, fake.channels[0])
    sent = [await channel.send(f"message {number}") for number in range(6)]
    assert [fake.messages[m.id].content for m in sent] == [f"message {n}" for n in range(6)]
    assert fake.rest.global_refused >= 1  # refused once at least, then served after the wait
    assert fake.rest.global_requests - served == 6


async def test_a_burst_of_channel_requests_keeps_under_the_global_limit_unrefused(
        fake: FakeDiscord, harness: BotHarness) -> None:
    # The bot paces what counts against Discord's 50 a second itself: twice that at once
    # (200 games' tables edited together) is sent over two seconds, none refused and sent
    # again, where discord.py alone had every request in flight refused, then retried.
    fake.rest.global_limit = DISCORD_GLOBAL_LIMIT
    assert harness.bot is not None
    channel = channel_of(harness, fake.channels[0])
    burst = 2 * DISCORD_GLOBAL_LIMIT
    sent = await asyncio.gather(*(channel.send(f"message {n}") for n in range(burst)))
    assert sorted(fake.messages[m.id].content for m in sent) == sorted(
        f"message {n}" for n in range(burst))
    assert fake.rest.global_refused == 0
    assert harness.bot.global_pacer.waited > 0  # held back here, not at Discord


async def test_the_global_limit_answers_as_discord_and_spares_interactions(
        fake: FakeDiscord) -> None:
    fake.rest.global_limit = 1
    headers = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_base}/channels/{fake.channels[0]}/messages"
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"content": "one"}, headers=headers) as first:
            assert first.status == 200
        async with session.post(url, json={"content": "two"}, headers=headers) as second:
            assert second.status == 429
            assert second.headers["X-RateLimit-Global"] == "true"
            assert second.headers["X-RateLimit-Scope"] == "global"
            body = await second.json()
            assert body["global"] is True and 0 < body["retry_after"] <= 1.0
        callback = f"{fake.api_base}/interactions/1/unknown/callback"
        async with session.post(callback, json={"type": 4, "data": {}}) as answer:
            assert answer.status != 429  # interaction answers are free of the global limit
    assert fake.rest.global_refused == 1


async def test_an_answer_is_timed_at_its_arrival_not_after_the_fakes_own_checks(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    # The benchmarks' reply latency is the bot's: the fake reading the answer's form and
    # checking it against Discord's description comes after the time it keeps.
    from bot.discord_app.fake import rest

    checked: list[float] = []
    real = rest.default_checker()

    class Timed:
        def check(self, sent: rest.SentRequest) -> list[rest.Violation]:
            checked.append(time.perf_counter())
            return real.check(sent)

    monkeypatch.setattr(rest, "default_checker", Timed)
    before = time.perf_counter()
    it = await fake.slash(fake.add_user("alice"), fake.channels[0], "rummy rules")
    assert it.response_type == 4 and it.responded_at is not None and checked
    assert before < it.responded_at < checked[-1]
    assert fake.spec_violations == []
