"""The cards and tiles as the application's emojis, through the fake Discord: a first
start uploads them, a restart uploads nothing, a changed picture replaces only its own
emoji, a refused upload leaves the bot serving with cards written as text, and the hand's
menus and the moves show the emojis."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.config import Cluster
from bot.discord_app import emoji_upload
from bot.discord_app.core import emojis
from bot.discord_app.core.emojis import emoji_name
from bot.discord_app.fake import FakeDiscord
from render.emoji import all_pngs
from tests.e2e.harness import BotHarness

FACES = len(all_pngs())


async def started(runner: BotHarness) -> emoji_upload.Loaded:
    bot = await runner.start()
    return await bot.emoji_loading


async def test_first_start_uploads_the_set_and_a_restart_nothing(
        fake: FakeDiscord, tmp_path: Path) -> None:
    fake.emojis.add("party_parrot")  # someone else's emoji on the application
    runner = BotHarness(fake, tmp_path / "rami.sqlite3", emojis=True)
    try:
        loaded = await started(runner)
        assert loaded.uploaded == FACES == len(fake.emojis.created) and loaded.failed == 0
        assert fake.emojis.names == {*fake.emojis.created, "party_parrot"}
        await runner.stop()
        loaded = await started(runner)
        assert (loaded.uploaded, loaded.deleted, loaded.shown) == (0, 0, FACES)
        assert len(fake.emojis.created) == FACES and not fake.emojis.deleted
    finally:
        await runner.stop()


async def test_a_changed_picture_uploads_only_it_and_deletes_its_old_version(
        fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = BotHarness(fake, tmp_path / "rami.sqlite3", emojis=True)
    try:
        await started(runner)
        await runner.stop()
        redrawn = dict(all_pngs())
        old = emoji_name("cQs", redrawn["cQs"])
        redrawn["cQs"] = all_pngs()["cKs"]  # a new design of the queen of spades
        monkeypatch.setattr(emoji_upload, "all_pngs", lambda: redrawn)
        loaded = await started(runner)
        new = emoji_name("cQs", redrawn["cQs"])
        assert (loaded.uploaded, loaded.deleted) == (1, 1)
        assert fake.emojis.created[FACES:] == [new] and fake.emojis.deleted == [old]
        assert len(fake.emojis.names) == FACES
    finally:
        await runner.stop()


async def test_a_refused_upload_leaves_the_bot_serving_with_text(
        fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake.emojis.refuse_uploads = (400, {"message": "Maximum number of emojis reached (2000)",
                                        "code": 30018})
    runner = BotHarness(fake, tmp_path / "rami.sqlite3", emojis=True)
    try:
        with caplog.at_level(logging.WARNING, "rami.bot"):
            loaded = await started(runner)
        assert (loaded.uploaded, loaded.shown, loaded.failed) == (0, 0, FACES)
        (line,) = [r.getMessage() for r in caplog.records if "emojis" in r.getMessage()]
        assert "written as text" in line and "code=30018" in line
        channel, alice = await _table_started(fake, runner)
        hand = (await fake.slash(alice, channel, "rummy hand")).reply
        assert all("emoji" not in option for option in hand.component("rami:pick:a:")["options"])
        assert "<:r_" not in hand.text()
    finally:
        await runner.stop()


async def test_the_hand_menu_and_the_moves_show_the_emojis(
        fake: FakeDiscord, tmp_path: Path) -> None:
    runner = BotHarness(fake, tmp_path / "rami.sqlite3", emojis=True)
    try:
        await started(runner)
        channel, alice = await _table_started(fake, runner)
        hand = (await fake.slash(alice, channel, "rummy hand")).reply
        shown = hand.component("rami:pick:a:")["options"]
        assert shown and all(int(option["emoji"]["id"]) in fake.emojis.by_id
                             for option in shown)
        assert all(option["emoji"]["name"].startswith("r_c") for option in shown)
        table = " ".join(m.text() for m in fake.channel_messages(channel))
        assert "discard pile: <:r_c" in table  # the pile's card as its emoji
        await fake.slash(alice, channel, "rummy draw", source="stock")
        card = shown[0]["value"].partition(":")[2]  # the code: English reads it too
        it = await fake.slash(alice, channel, "rummy discard", card=card)
        (face,) = [o["emoji"] for o in shown if o["value"] == shown[0]["value"]]
        assert f"<:{face['name']}:{face['id']}>" in it.reply.text()  # "You discarded …"
        await runner.idle()
        table = " ".join(m.text() for m in fake.channel_messages(channel))
        assert "discarded <:r_c" in table  # the last move (the computer's), its emoji
    finally:
        await runner.stop()
        emojis.use({})


async def test_another_cluster_reads_the_emojis_and_uploads_nothing(
        fake: FakeDiscord, tmp_path: Path) -> None:
    first = BotHarness(fake, tmp_path / "rami.sqlite3", emojis=True)
    try:
        await started(first)
    finally:
        await first.stop()
    other = BotHarness(fake, tmp_path / "other.sqlite3", emojis=True,
                       cluster=Cluster(cluster_id=1, cluster_count=2))
    try:
        loaded = await started(other)
        assert (loaded.uploaded, loaded.shown) == (0, FACES)
        assert len(fake.emojis.created) == FACES
    finally:
        await other.stop()


async def _table_started(fake: FakeDiscord, runner: BotHarness) -> tuple[int, object]:
    channel = fake.channels[0]
    alice = fake.add_user("alice")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="classic")).reply
    await fake.click(alice, lobby, "rami:lobby:ai:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await runner.idle()
    return channel, alice


async def test_a_reader_reads_again_while_cluster_0_is_still_uploading(
        fake: FakeDiscord, harness: BotHarness) -> None:
    bot = harness.bot
    assert bot is not None
    reading = asyncio.create_task(
        emoji_upload.load(bot, uploads=False, read_again=(0.2, 0.5, 1.0, 2.0, 4.0)))
    await fake.wait_for(lambda: fake.emojis.lists == 1)  # the reader found none
    uploaded = await emoji_upload.load(bot, uploads=True)  # cluster 0, meanwhile
    read = await reading
    assert uploaded.uploaded == FACES and (read.shown, read.uploaded) == (FACES, 0)
    emojis.use({})
