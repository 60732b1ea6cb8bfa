"""A failed send never loses the table: each public message is retried on its own, the
table converges to the saved game, and a channel where the bot may not post says so to
the person acting (issue 15, point 4)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord_app.core import pictures
from bot.discord_app.fake import (
    ALL_PERMISSIONS,
    ATTACH_FILES,
    EMBED_LINKS,
    SEND_MESSAGES,
    Attachment,
    FakeDiscord,
    Interaction,
    User,
)
from tests.e2e.channel import (
    current_player_id,
    refuse_new_messages,
    reminders,
    table_is_current,
    tables,
)
from tests.e2e.harness import BotHarness
from tests.e2e.players import Human, wait_for_turn
from tests.e2e.test_behaviour import open_table, whose_turn


async def next_human_turn(fake: FakeDiscord, harness: BotHarness, channel: int,
                          users: tuple[User, ...], player: User) -> User:
    """``player`` plays a whole turn; returns the human whose turn comes next."""
    humans = {u.id: Human(fake, harness, u, channel, "slash", 3) for u in users}
    await humans[player.id].play_turn()
    following = await wait_for_turn(harness, channel, humans)
    assert following is not None, "the round ended"
    return following.user


async def test_a_failed_reminder_skips_nothing_and_comes_once_discord_is_back(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    await harness.idle()
    before = reminders(fake, channel)
    assert [m.content.startswith(f"<@{player.id}>") for m in before] == [True]
    down = refuse_new_messages(fake, channel)

    following = await next_human_turn(fake, harness, channel, (alice, bob), player)
    await harness.idle()
    assert ("followup", 404) in fake.faults.hits and ("send", 503) in fake.faults.hits
    assert await table_is_current(fake, harness, channel)  # edited all the same
    assert reminders(fake, channel) == before  # the new one is not there, nor marked sent

    for fault in down:
        fake.heal(fault)
    await harness.idle(retries=True)
    (now,) = reminders(fake, channel)
    assert now.content.startswith(f"<@{following.id}>")
    assert [int(u) for u in now.allowed_mentions["users"]] == [following.id]  # type: ignore[index]


async def test_discord_py_retries_a_500_itself(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    fake.fail("followup", 500)  # the reminder is a follow-up of the move's interaction
    following = await next_human_turn(fake, harness, channel, (alice, bob), player)
    await harness.idle(retries=True)
    assert fake.faults.hits == [("followup", 500)]
    (reminder,) = reminders(fake, channel)
    assert reminder.content.startswith(f"<@{following.id}>")


@pytest.mark.parametrize(("status", "times"), [(503, 4), (502, 1)])
async def test_failed_table_edits_converge_to_the_saved_game(
        fake: FakeDiscord, harness: BotHarness, status: int, times: int) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    (table,) = tables(fake, channel)
    fake.fail("edit", status, times=times, channel=channel)
    await next_human_turn(fake, harness, channel, (alice, bob), player)
    await harness.idle(retries=True)
    assert ("edit", status) in fake.faults.hits
    assert tables(fake, channel) == [table]  # edited in place, not posted again
    assert await table_is_current(fake, harness, channel)


@pytest.mark.parametrize(("is_global", "via"), [(False, True), (True, True), (False, False)])
async def test_rate_limits_delay_the_table_but_never_lose_it(
        fake: FakeDiscord, harness: BotHarness, is_global: bool, via: bool) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    for kind in ("edit", "send"):
        fake.rate_limit(kind, 0.05, times=2, is_global=is_global, via=via, channel=channel)
    following = await next_human_turn(fake, harness, channel, (alice, bob), player)
    await harness.idle(retries=True)
    assert fake.faults.hits.count(("edit", 429)) == 2
    assert await table_is_current(fake, harness, channel)
    (reminder,) = reminders(fake, channel)
    assert reminder.content.startswith(f"<@{following.id}>")


async def test_moves_made_while_the_table_is_first_posted_edit_it_never_post_another(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first table picture is slow (a cold process on a busy machine) and the people
    play on meanwhile: the table message posted is then edited to show their moves, not
    posted a second time (a new table was asked for once, at the start)."""
    drawing, drawn = asyncio.Event(), asyncio.Event()
    draw = pictures.draw_for_channel

    async def held(function: Any, *args: Any, **kwargs: Any) -> pictures.Picture:
        if function is pictures.table_picture and not drawn.is_set():
            drawing.set()
            await drawn.wait()
        return await draw(function, *args, **kwargs)

    monkeypatch.setattr(pictures, "draw_for_channel", held)
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51", target=1)).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await asyncio.wait_for(drawing.wait(), 10)
    player, _ = await whose_turn(harness, channel, alice, bob)
    await next_human_turn(fake, harness, channel, (alice, bob), player)
    assert tables(fake, channel) == []  # still being drawn
    drawn.set()
    await harness.idle()
    (table,) = tables(fake, channel)
    assert len(table.payloads) == 2  # posted, then edited to the moves made meanwhile
    assert await table_is_current(fake, harness, channel)


async def test_a_deleted_table_message_is_posted_again(fake: FakeDiscord,
                                                       harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    (table,) = tables(fake, channel)
    fake.delete_message(table)  # a moderator tidied the channel
    await next_human_turn(fake, harness, channel, (alice, bob), player)
    await harness.idle()
    (posted,) = tables(fake, channel)
    assert posted.id != table.id and await table_is_current(fake, harness, channel)
    await harness.restart()  # its id was saved: edited again after a restart
    await harness.idle(retries=True)
    assert tables(fake, channel) == [posted]


def private_texts(it: Interaction) -> list[str]:
    return [m.text() for m in it.replies if m.ephemeral]


async def warned(fake: FakeDiscord, it: Interaction, name: str) -> bool:
    """The caller was told privately that the bot lacks ``name`` (a follow-up, which
    comes after the answer)."""
    await fake.wait_for(lambda: any(name in text for text in private_texts(it)))
    return True


@pytest.mark.parametrize(("taken", "name"), [
    (SEND_MESSAGES, "Send Messages"), (EMBED_LINKS, "Embed Links"),
    (ATTACH_FILES, "Attach Files"),
])
async def test_a_channel_where_the_bot_cannot_post_says_which_permission_is_missing(
        fake: FakeDiscord, harness: BotHarness, taken: int, name: str) -> None:
    channel = fake.channels[1]
    fake.set_bot_permissions(channel, ALL_PERMISSIONS & ~taken)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    opened = await fake.slash(alice, channel, "rummy new", variant="rami51")
    assert not opened.reply.ephemeral  # the lobby is the command's answer: it is there
    assert await warned(fake, opened, f"1 permission: {name}.")
    await fake.click(bob, opened.reply, "rami:lobby:join:")
    started = await fake.click(alice, opened.reply, "rami:lobby:start:")
    assert await warned(fake, started, name)
    await harness.idle()
    if taken == EMBED_LINKS:  # the table is a layout message: it needs no Embed Links
        (table,) = tables(fake, channel)
        assert table.is_layout and not table.embeds
        return
    assert tables(fake, channel) == []

    asked = await fake.slash(bob, channel, "rummy table")
    (answer,) = private_texts(asked)  # said once, and never "posted below"
    assert name in answer and "posted below" not in answer

    fake.set_bot_permissions(channel, None)  # a moderator fixed the channel
    await harness.idle(retries=True)
    assert await table_is_current(fake, harness, channel)
    (reminder,) = reminders(fake, channel)  # two humans: one of them is to play
    assert reminder.content.startswith(f"<@{await current_player_id(harness, channel)}>")
    again = await fake.slash(bob, channel, "rummy table")
    # Said once, with how long a turn may take (no time-out in these tests):
    assert private_texts(again) == ["The table is posted below.\nTurns have no time limit here."]
    assert len(tables(fake, channel)) == 2 and await table_is_current(fake, harness, channel)


async def test_a_table_discord_does_not_take_is_not_said_to_be_posted(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, _bob, _ = await open_table(fake, harness)
    down = fake.fail("send", 503, times=None, channel=channel)
    asked = await fake.slash(alice, channel, "rummy table")
    (answer,) = private_texts(asked)
    assert "posted below" not in answer and "keep trying" in answer
    fake.heal(down)
    await harness.idle(retries=True)
    assert len(tables(fake, channel)) == 2  # the repost went out once Discord took it
    assert await table_is_current(fake, harness, channel)


async def test_a_hand_is_drawn_again_only_when_it_changed(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    paint = pictures.hand_picture

    def counted(*args: Any, **kwargs: Any) -> pictures.Picture:
        drawn.append(1)
        return paint(*args, **kwargs)

    monkeypatch.setattr(pictures, "hand_picture", counted)
    channel, alice, bob, _ = await open_table(fake, harness)
    player, other = await whose_turn(harness, channel, alice, bob)
    first = (await fake.slash(other, channel, "rummy hand")).reply
    await fake.slash(player, channel, "rummy draw", source="stock")  # the other's hand stays
    again = (await fake.slash(other, channel, "rummy hand")).reply
    assert len(drawn) == 2  # the other's hand once, the player's after drawing
    assert [a.data for a in again.attachments] == [a.data for a in first.attachments]
    await fake.click(other, again, "rami:hand:sort:")  # sorted otherwise: drawn anew
    assert len(drawn) == 3


async def test_a_table_edit_keeps_the_picture_already_shown(fake: FakeDiscord,
                                                            harness: BotHarness) -> None:
    """An edit of the table whose picture did not change lists the attachment by id
    (Discord keeps it) instead of uploading it again; a move uploads the new picture."""
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    await harness.idle()
    (table,) = tables(fake, channel)
    [shown] = table.attachments
    edits = len(table.payloads)
    assert harness.bot is not None
    await harness.bot.features.publisher.refresh(channel)  # the same table, edited again
    await harness.idle()
    assert len(table.payloads) == edits + 1 and table.attachments[0] is shown
    await next_human_turn(fake, harness, channel, (alice, bob), player)
    await harness.idle()
    [moved] = table.attachments
    assert moved.id != shown.id and moved.data != shown.data
    assert await table_is_current(fake, harness, channel)


async def test_a_table_picture_replaced_meanwhile_is_uploaded_again(
        fake: FakeDiscord, harness: BotHarness) -> None:
    """Another process edited the table meanwhile (a failover): the attachment this one
    remembers is not the message's any more, so its picture is uploaded again rather
    than the table left without one."""
    channel, _, _, _ = await open_table(fake, harness)
    await harness.idle()
    (table,) = tables(fake, channel)
    [shown] = table.attachments
    table.attachments = [Attachment("table.png", b"another process's upload", None)]
    assert harness.bot is not None
    await harness.bot.features.publisher.refresh(channel)  # the same table, edited again
    await harness.idle()
    [again] = table.attachments
    assert again.data == shown.data and again.id != shown.id
    assert await table_is_current(fake, harness, channel)
