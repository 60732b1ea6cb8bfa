"""What a hostile member, a careless moderator or an odd client sends: huge and odd text,
names made of markdown, threads, clicks on someone else's hand, forged ids. Every one gets
a short, clear answer (never "something went wrong", never Discord's "did not respond"),
and nothing changes."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.discord_app.fake import MANAGE_GUILD, MEMBER_PERMISSIONS, FakeDiscord, snowflake
from bot.session import Status
from engine.i18n import t
from tests.e2e import raw
from tests.e2e.harness import BotHarness
from tests.e2e.players import lobby_with_a_computer
from tests.e2e.test_behaviour import refused

INTERNAL = t("bot.error.internal", "en")
HUGE = "x" * 6000


async def started(fake: FakeDiscord, harness: BotHarness, variant: str = "classic") -> object:
    alice, lobby = await lobby_with_a_computer(fake, fake.channels[0], variant, "aieasy")
    await fake.click(alice, lobby, "rami:lobby:start:")
    assert harness.bot is not None
    await harness.bot.tables.idle(fake.channels[0])
    await harness.idle()  # the table posted and its message id saved
    return alice


@pytest.mark.parametrize(("command", "options", "said"), [
    ("rummy discard", {"card": HUGE}, "too long to read: 6000 characters"),
    ("rummy meld", {"cards": "|" * 6000}, "too long to read: 6000 characters"),
    ("rummy layoff", {"cards": HUGE, "meld": 1}, "too long to read"),
    ("rummy swap", {"card": HUGE, "meld": 1}, "too long to read"),
    ("rummy draw", {"source": HUGE}, "xxx…"),
    ("rummy discard", {"card": "²"}, "“²” is not a card"),
    ("rummy discard", {"card": "9" * 200}, "is not a position in your hand"),
    ("rummy tiles new", {"tiles": HUGE}, "This is a card game"),
    ("rummy level", {"seat": 2, "level": HUGE}, "xxx…"),
])  # fmt: skip
async def test_huge_and_odd_text_gets_a_short_clear_refusal(
        fake: FakeDiscord, harness: BotHarness, command: str, options: dict[str, object],
        said: str) -> None:
    alice = await started(fake, harness)
    assert harness.bot is not None
    before = await harness.bot.store.active_game(fake.channels[0])
    text = refused(await fake.slash(alice, fake.channels[0], command, **options))  # type: ignore[arg-type]
    assert said in text and len(text) < 400 and INTERNAL not in text, text
    assert await harness.bot.store.active_game(fake.channels[0]) == before


@pytest.mark.parametrize(("command", "options", "said"), [
    ("rummy settings rule", {"parameter": HUGE, "value": HUGE}, "is not a rule parameter"),
    ("rummy settings rule", {"parameter": "target", "value": "9" * 5000},
     "Target score must be between 0 and 100000"),
    ("rummy settings rule", {"parameter": "jokers", "value": "25000000"},
     "jokers must be between 0 and 16"),
    ("rummy settings rule-reset", {"parameter": HUGE}, "xxx…"),
])  # fmt: skip
async def test_a_careless_moderator_gets_the_engines_short_message(
        fake: FakeDiscord, harness: BotHarness, command: str, options: dict[str, object],
        said: str) -> None:
    mod = fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    assert harness.bot is not None
    before = await harness.bot.store.guild_settings(fake.guild_id)
    text = refused(await fake.slash(mod, fake.channels[0], command, **options))  # type: ignore[arg-type]
    assert said in text and len(text) < 1000 and INTERNAL not in text, text
    assert await harness.bot.store.guild_settings(fake.guild_id) == before


async def test_names_are_escaped_wherever_a_message_shows_them(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    evil = fake.add_user("[Free Nitro](https://evil.example)")
    lobby = (await fake.slash(evil, channel, "rummy new", variant="classic")).reply
    await fake.click(evil, lobby, "rami:lobby:aieasy:")
    await fake.click(evil, lobby, "rami:lobby:start:")
    assert harness.bot is not None
    await harness.bot.tables.idle(channel)
    drew = await fake.slash(evil, channel, "rummy draw")
    await harness.idle()
    public = "\n".join(m.text() for m in fake.posted_messages(channel))
    assert r"\[Free Nitro](https://evil.example)" in public  # seats and the last move
    assert "[Free Nitro](https://evil.example)" not in public.replace(
        r"\[Free Nitro](https://evil.example)", "")
    assert drew.reply.ephemeral
    ended = await fake.slash(evil, channel, "rummy end")
    assert r"\[Free Nitro]" in ended.reply.text()


async def test_a_thread_under_an_allowed_channel_may_hold_a_game(
        fake: FakeDiscord, harness: BotHarness) -> None:
    mod = fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    allowed, other = fake.channels[0], fake.channels[1]
    await fake.slash(mod, allowed, "rummy settings channels", action="add")
    alice = fake.add_user("alice")
    opened = await raw.slash(fake, alice, "rummy new", place="thread",
                             channel_id=snowflake(), parent_id=allowed, variant="classic")
    assert not opened.reply.ephemeral and f"<@{alice.id}>" in opened.reply.text()
    text = refused(await raw.slash(fake, alice, "rummy new", place="thread",
                                   channel_id=snowflake(), parent_id=other))
    assert "not allowed in this channel" in text


async def test_an_unseated_moderator_changes_a_computers_level(
        fake: FakeDiscord, harness: BotHarness) -> None:
    await started(fake, harness)
    channel = fake.channels[0]
    stranger = fake.add_user("stranger")
    assert "not seated" in refused(await fake.slash(stranger, channel, "rummy level", seat=2,
                                                    level="hard"))
    mod = fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    changed = await fake.slash(mod, channel, "rummy level", seat=2, level="hard")
    assert "now plays at level" in changed.reply.text()
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.seats[1].level == "hard"


async def test_a_pick_or_a_click_on_someone_elses_hand_is_refused_privately(
        fake: FakeDiscord, harness: BotHarness) -> None:
    alice = await started(fake, harness)
    channel = fake.channels[0]
    hand = (await fake.slash(alice, channel, "rummy hand")).reply  # type: ignore[arg-type]
    assert any(c.endswith(f":{alice.id}") for c in hand.custom_ids()  # type: ignore[attr-defined]
               if c.startswith("rami:pick:"))
    bodies = len(hand.payloads)
    mallory = fake.add_user("mallory")
    value = hand.component("rami:pick:a:")["options"][0]["value"]
    picked = await fake.select(mallory, hand, "rami:pick:a:", [value])
    assert picked.response_type == 4 and "belongs to another player" in refused(picked)
    clicked = await fake.click(mallory, hand, "rami:hand:draw:")
    assert "belongs to another player" in refused(clicked)
    assert len(hand.payloads) == bodies  # alice's hand message was left as it was
    mine = await fake.select(alice, hand, "rami:pick:a:", [value])  # type: ignore[arg-type]
    assert mine.response_type == 7


async def test_forged_and_stale_interactions_are_answered(
        fake: FakeDiscord, harness: BotHarness) -> None:
    user = fake.add_user("odd")
    stale = t("bot.error.stale", "en")
    lobby = (await fake.slash(user, fake.channels[0], "rummy new")).reply
    for it in (
        await raw.click(fake, user, "rami:lobby:dance:1"),  # no such component
        await raw.click(fake, user, "rami:lobby:join:1"),  # no message to click on
        await raw.click(fake, user, f"rami:hand:draw:{fake.channels[0]}", message=lobby),
        await raw.click(fake, user, "rami:pick:a:1", message=lobby, values=["1:7h"]),
        await raw.slash(fake, user, "bogus command"),
    ):
        assert refused(it) == stale
    form = await raw.send(fake, user, raw.MODAL, {"custom_id": "rami:form", "components": []})
    assert refused(await fake.settle(form)) == stale
    direct = await raw.slash(fake, user, "rummy new", place="dm", channel_id=snowflake())
    assert refused(direct) == t("bot.error.guild_only", "en")


async def test_the_first_turn_of_a_match_times_out_though_the_table_was_posted(
        fake: FakeDiscord, db_path: Path) -> None:
    harness = BotHarness(fake, db_path, turn_timeout=0.2)
    await harness.start()
    try:
        channel = fake.channels[0]
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        lobby = (await fake.slash(alice, channel, "rummy new", variant="classic")).reply
        await fake.click(bob, lobby, "rami:lobby:join:")
        await fake.click(alice, lobby, "rami:lobby:start:")
        # Nobody plays; the table message is posted (and its id saved) meanwhile.
        await fake.wait_for(lambda: any("(time ran out)" in m.text()
                                        for m in fake.channel_messages(channel)))
        # The table message is in the channel before its id is saved: wait for the save.
        await harness.idle()
        assert harness.bot is not None
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None and snapshot.status is Status.PLAYING
        assert snapshot.ui.table_message is not None
    finally:
        await harness.stop()
        await asyncio.sleep(0)


async def test_options_discord_would_not_send_are_answered_and_log_no_error(
        fake: FakeDiscord, harness: BotHarness, caplog: pytest.LogCaptureFixture) -> None:
    moderator = fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    wrong = raw.command_data(fake, "rummy settings rule", [
        {"name": "parameter", "type": 3, "value": True},
        {"name": "value", "type": 3, "value": "3"}])
    typed = await fake.settle(await raw.send(fake, moderator, raw.COMMAND, wrong))
    assert refused(typed) == t("bot.error.stale", "en")
    # An autocomplete for an option that offers none (Discord never sends one).
    focused = raw.command_data(fake, "rummy settings timeout", [
        {"name": "seconds", "type": 4, "value": "3", "focused": True}])
    hint = await fake.settle(await raw.send(fake, moderator, raw.AUTOCOMPLETE, focused))
    assert hint.choices == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
