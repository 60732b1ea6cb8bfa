"""The table as a layout message (issue 25): a table posted as an embed before layouts
cannot gain the flag by an edit, so it is posted again once as a layout, the old one
deleted, and the saved row says so (a restart posts nothing more)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.fake import FakeDiscord, Message
from bot.discord_app.table import present as table_present
from bot.discord_app.table.components import table_view
from bot.session import Snapshot
from tests.e2e.channel import table_is_current, tables
from tests.e2e.harness import BotHarness
from tests.e2e.players import Human, assert_ok, wait_for_turn
from tests.e2e.test_behaviour import open_table, whose_turn


def old_table(snapshot: Snapshot, lang: str, last_move: str | None = None,
              picture: Picture | None = None) -> Reply:
    """The table message as the bot posted it before layouts: an embed and a row."""
    assert snapshot.view is not None
    embed = table_present.table_embed(snapshot.view, snapshot.variant, snapshot.seats, lang,
                                      None, last_move)
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    return Reply(embeds=[embed], pictures=[picture] if picture is not None else [],
                 view=table_view(snapshot.channel_id, lang))


def table_posts(fake: FakeDiscord, channel: int) -> list[Message]:
    """Every table message ever posted in the channel, deleted ones too."""
    return [m for m in fake.channel_log if m.channel_id == channel
            and any(i.startswith("rami:table:hand:") for i in m.custom_ids())]


async def test_a_table_is_a_layout_with_its_picture_and_buttons(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, _, _ = await open_table(fake, harness)
    (table,) = tables(fake, channel)
    assert table.is_layout and not table.embeds and not table.content
    (picture,) = table.pictures()
    assert picture[0] == "attachment://table.png" and picture[1]  # alt text
    assert table.components[0]["type"] == 17 and table.components[0].get("accent_color")
    assert await table_is_current(fake, harness, channel)
    # A button inside the layout is clicked as any other.
    assert_ok(await fake.click(alice, table, "rami:table:hand:"))


async def test_a_table_posted_as_an_embed_is_posted_again_once_as_a_layout(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_present, "table", old_table)  # the bot before layouts
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    (old,) = tables(fake, channel)
    assert not old.is_layout and old.embeds
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.ui.table_layout is None  # the old format
    monkeypatch.undo()

    await harness.restart()  # the upgrade
    await harness.idle(retries=True)
    deletes = fake.rest.requests["delete"]
    (new,) = tables(fake, channel)
    assert new.is_layout and old.deleted
    assert table_posts(fake, channel) == [old, new]  # posted again once
    assert not any(p.get("flags") for p in old.payloads[1:])  # never edited to a layout

    # The game goes on in the layout, edited in place; a restart posts nothing more.
    player, _ = await whose_turn(harness, channel, alice, bob)
    hand = assert_ok(await fake.click(player, new, "rami:table:hand:"))
    assert_ok(await fake.click(player, hand, "rami:hand:draw:"))
    await harness.restart()
    await harness.idle(retries=True)
    assert table_posts(fake, channel) == [old, new] and not new.deleted
    assert fake.rest.requests["delete"] == deletes
    assert await table_is_current(fake, harness, channel)


def lobby_posts(fake: FakeDiscord, channel: int) -> list[Message]:
    """Every lobby message ever sent in the channel (the command's answer, channel posts),
    deleted ones too."""
    return [m for m in fake.all_messages() if m.channel_id == channel and not m.ephemeral
            and any(i.startswith("rami:lobby:join:") for i in m.custom_ids())]


async def test_a_lobby_posted_as_an_embed_is_posted_again_once_as_a_layout(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = table_present.lobby
    monkeypatch.setattr(table_present, "lobby",  # the bot before layouts
                        lambda snapshot, lang, played, turn_s=None: lobby(
                            snapshot, lang, played, turn_s, layout=False))
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    old = (await fake.slash(alice, channel, "rummy new", variant="rami51", target=1)).reply
    assert not old.is_layout and old.embeds
    monkeypatch.undo()
    await harness.restart()  # the upgrade

    joined = await fake.click(bob, old, "rami:lobby:join:")
    assert joined.response_type == 7 and not old.is_layout  # edited in its own form
    await harness.idle(retries=True)
    posts = lobby_posts(fake, channel)
    assert len(posts) == 2 and posts[0] is old and old.deleted
    new = posts[1]
    assert new.is_layout and ("bob" in new.text() or f"<@{bob.id}>" in new.text())

    title = new.text().split("\n")[0]
    await fake.click(alice, new, "rami:lobby:start:")
    await harness.idle(retries=True)  # the table posted and saved before the restart
    await harness.restart()
    await harness.idle(retries=True)
    assert not new.deleted and new.is_layout and "started" in new.text().lower()
    lobbies = [m for m in fake.all_messages() if m.channel_id == channel
               and m.text().split("\n")[0] == title]
    assert lobbies == [new]  # nothing posted again (old's title was an embed's)
    (table,) = tables(fake, channel)
    assert table.is_layout


async def test_a_player_who_wants_text_only_gets_no_pictures_in_private(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    saved = await fake.slash(alice, channel, "rummy prefs", **{"text-only": True})
    assert saved.reply.ephemeral and "Pictures: none (text only)" in saved.reply.text()
    (table,) = tables(fake, channel)
    mine = assert_ok(await fake.click(alice, table, "rami:table:hand:"))
    theirs = assert_ok(await fake.click(bob, table, "rami:table:hand:"))
    assert not mine.attachments and theirs.attachments  # bob kept his pictures
    assert "`1`" in mine.text()  # the hand in words, numbered as the menus
    assert table.attachments  # the public table is everyone's: it keeps its picture
    french = await fake.slash(alice, channel, "rummy prefs", locale="fr")
    assert "Images : aucune (texte seul)" in french.reply.text()
    back = await fake.slash(alice, channel, "rummy prefs", **{"text-only": False})
    assert "Pictures: shown" in back.reply.text()
    again = assert_ok(await fake.click(alice, table, "rami:table:hand:"))
    assert again.attachments


async def test_a_hand_is_a_layout_with_its_picture_menus_and_buttons(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, other = await whose_turn(harness, channel, alice, bob)
    mine = assert_ok(await fake.slash(player, channel, "rummy hand"))
    assert mine.is_layout and mine.ephemeral and not mine.content and not mine.embeds
    (picture,) = mine.pictures()
    assert picture[0] == "attachment://hand.png" and picture[1]  # alt text
    assert mine.components[0]["type"] == 17 and mine.components[0].get("accent_color")
    assert "Your turn" in mine.text() and "`1`" in mine.text()
    ids = mine.custom_ids()
    assert any(i.startswith("rami:pick:a:") for i in ids)
    assert any(i.startswith("rami:hand:draw:") for i in ids)
    theirs = assert_ok(await fake.slash(other, channel, "rummy hand"))
    assert theirs.is_layout and not theirs.components[0].get("accent_color")  # not theirs
    first = mine.component("rami:pick:a:")["options"][0]["value"]
    picked = await fake.select(player, mine, "rami:pick:a:", [first])
    assert picked.response_type == 7
    assert mine.pictures() == [picture] and len(mine.attachments) == 1  # still shown


async def test_a_hand_sent_as_an_embed_is_sent_again_once_as_a_layout(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.discord_app.hand as hands_module

    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    drawn = hands_module.hand

    def as_before(*args: Any, **options: Any) -> Reply:  # the bot before the upgrade
        return drawn(*args, **{**options, "layout": False})

    monkeypatch.setattr(hands_module, "hand", as_before)
    it = await fake.slash(player, channel, "rummy hand")
    old = assert_ok(it)
    assert not old.is_layout and old.content
    monkeypatch.setattr(hands_module, "hand", drawn)
    assert harness.bot is not None
    store = harness.bot.store
    async with asyncio.timeout(5):  # the message is kept for refreshes once answered
        while (kept := await store.hand_message(channel, player.id)) is None:
            await asyncio.sleep(0.005)
    assert kept is not None and kept.message_id == old.id and not kept.layout

    drew = await fake.click(player, old, "rami:hand:draw:")  # answered in its own form
    assert drew.response_type == 7 and not old.is_layout and "You drew" in old.text()
    await harness.idle()

    await harness.bot.features.hands.refresh(channel, player.id)
    assert old.deleted
    new = it.followups[-1]
    assert new is not old and new.is_layout and new.ephemeral
    assert "You drew" in new.text() and new.attachments
    again = await store.hand_message(channel, player.id)
    assert again is not None and again.message_id == new.id and again.layout
    assert again.expires_at == kept.expires_at  # the same token, the same life

    await harness.bot.features.hands.refresh(channel, player.id)  # now edited in place
    assert it.followups[-1] is new and not new.deleted
    first = new.component("rami:pick:a:")["options"][0]["value"]
    picked = await fake.select(player, new, "rami:pick:a:", [first])
    assert picked.response_type == 7 and new.is_layout and new.pictures()


async def test_the_lay_off_button_beside_a_meld_lays_off_on_that_meld(
        fake: FakeDiscord, harness: BotHarness) -> None:
    """Two people play a round by buttons as the hard computer would; every other lay-off
    is made with the button the hand shows beside the meld the picked cards fit (each
    such press checks that the button is there and that the meld grew by those cards)."""
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="classic", target=1)).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    humans = {user.id: Human(fake, harness, user, channel, "buttons", seed=seed)
              for seed, user in enumerate((alice, bob), 1)}
    for human in humans.values():
        human.level = "hard"  # lays off whenever it can
    while (human := await wait_for_turn(harness, channel, humans)) is not None:
        await human.play_turn()
    assert sum(h.lay_off_buttons for h in humans.values()) >= 1
