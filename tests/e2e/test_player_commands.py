"""``/rummy prefs``, ``leaderboard``, ``stats`` and ``forget-me`` through the fake Discord."""

from __future__ import annotations

import io

from PIL import Image

from bot.discord_app.client import RamiBot
from bot.discord_app.fake import FakeDiscord, Message, User
from data import MatchSeat, PlayerPrefs
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_hands_private, assert_ok
from tests.e2e.test_behaviour import open_table, refused


def bot_of(harness: BotHarness) -> RamiBot:
    assert harness.bot is not None
    return harness.bot


def corner(message: Message) -> tuple[int, ...]:
    """The top-left pixel of the message's picture (the theme's background)."""
    image = Image.open(io.BytesIO(message.attachments[0].data)).convert("RGB")
    return tuple(image.getpixel((2, 2)))  # type: ignore[arg-type]


async def test_theme_and_language_change_the_next_hand(fake: FakeDiscord,
                                                       harness: BotHarness) -> None:
    channel, alice, _, _ = await open_table(fake, harness)
    classic = assert_ok(await fake.slash(alice, channel, "rummy hand"))

    changed = await fake.slash(alice, channel, "rummy prefs", theme="dark", back="red")
    assert changed.reply.ephemeral
    assert "dark" in changed.reply.text() and "red" in changed.reply.text()
    dark = assert_ok(await fake.slash(alice, channel, "rummy hand"))
    assert corner(dark) != corner(classic)

    french = await fake.slash(alice, channel, "rummy prefs", language="fr")
    assert french.reply.ephemeral and "Enregistré" in french.reply.text()
    assert "Votre main" in assert_ok(await fake.slash(alice, channel, "rummy hand")).text()
    automatic = await fake.slash(alice, channel, "rummy prefs", language="auto")
    assert "Saved" in automatic.reply.text()

    shown = await fake.slash(alice, channel, "rummy prefs")
    assert shown.reply.ephemeral and "Your preferences" in shown.reply.text()
    assert await bot_of(harness).store.player_prefs(alice.id) == PlayerPrefs(theme="dark",
                                                                            back="red")
    assert_hands_private(fake)


async def record_matches(harness: BotHarness, guild: int, alice: User, bob: User) -> None:
    """alice wins two Rami 51 matches, bob one; a computer seat plays in each."""
    store = bot_of(harness).store
    for alice_won in (True, False, True):
        await store.finish_match(None, guild, "rami51", [
            MatchSeat(alice.id, "alice", 80 if alice_won else 300, alice_won, 2, 1, 80),
            MatchSeat(bob.id, "bob", 300 if alice_won else 80, not alice_won, 1, 0, 300),
            MatchSeat(None, "Computer 1", 400, False, 0, 0, 400),
        ])


async def test_leaderboard_lists_players_in_order(fake: FakeDiscord,
                                                  harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await record_matches(harness, fake.guild_id, alice, bob)

    for options in ({"board": "wins"}, {"variant": "rami51", "period": "week", "board": "wins"}):
        board = (await fake.slash(carol, channel, "rummy leaderboard", **options)).reply
        assert not board.ephemeral  # for the whole channel
        picture = board.attachments[0]
        assert picture.filename == "leaderboard.png"
        assert picture.description and "alice" in picture.description  # alt text
        lines = board.text().splitlines()
        assert lines[1].startswith("1. alice: 2 won of 3")
        assert lines[2].startswith("2. bob: 1 won of 3")
        assert "Computer" not in board.text()

    empty = await fake.slash(carol, channel, "rummy leaderboard", variant="classic",
                             board="wins")
    assert empty.reply.ephemeral and "No finished match" in empty.reply.text()
    french = await fake.slash(carol, channel, "rummy leaderboard", locale="fr", board="wins")
    assert french.reply.text().startswith("### Classement")


async def test_the_leaderboard_ranks_by_rating_by_default(fake: FakeDiscord,
                                                          harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await record_matches(harness, fake.guild_id, alice, bob)

    board = (await fake.slash(carol, channel, "rummy leaderboard", variant="rami51")).reply
    assert not board.ephemeral
    lines = board.content.splitlines()
    assert lines[0] == "**Skill ratings · Rami 51**"
    assert lines[1].startswith("1. alice: ") and lines[1].endswith("3 played, provisional")
    assert lines[2].startswith("2. bob: ")
    assert "Computer" not in board.content and "μ − 3σ" in lines[-1]
    mixed = (await fake.slash(carol, channel, "rummy leaderboard")).reply
    assert mixed.content.splitlines()[1].startswith("1. alice (Rami 51): ")
    french = (await fake.slash(carol, channel, "rummy leaderboard", locale="fr")).reply
    assert french.content.splitlines()[1].endswith("3 jouées, provisoire")

    period = (await fake.slash(carol, channel, "rummy leaderboard", period="week")).reply
    assert period.ephemeral and "no period" in period.text() and "this week" in period.text()
    empty = (await fake.slash(carol, channel, "rummy leaderboard", variant="classic")).reply
    assert empty.ephemeral and "No rated match" in empty.text()


async def test_stats_per_variant(fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await record_matches(harness, fake.guild_id, alice, bob)

    mine = (await fake.slash(alice, channel, "rummy stats")).reply
    assert mine.ephemeral
    assert "Rami 51: 3 played, 2 won, 6 rounds won, 240 points, 3 rami secs" in mine.text()
    assert "All variants: 3 played" in mine.text()
    assert "Skill rating, Rami 51: " in mine.text() and "3 played, provisional" in mine.text()
    [line] = mine.attachments  # the rating's line over the matches
    assert line.filename == "rating.png"
    assert line.description is not None
    assert line.description.startswith("Skill rating of alice over the last 3 matches: from ")
    french = (await fake.slash(alice, channel, "rummy stats", locale="fr")).reply
    assert french.attachments[0].description.startswith(  # type: ignore[union-attr]
        "Cote de alice sur les 3 dernières parties : de ")
    nothing = (await fake.slash(carol, channel, "rummy stats")).reply
    assert nothing.ephemeral and "has not finished a match" in nothing.text()


async def test_stats_in_text_only_say_the_rating_line_in_words(fake: FakeDiscord,
                                                                harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await record_matches(harness, fake.guild_id, alice, bob)
    await fake.slash(alice, channel, "rummy prefs", **{"text-only": True})

    mine = (await fake.slash(alice, channel, "rummy stats")).reply
    assert mine.ephemeral and not mine.attachments
    [line] = [line for line in mine.text().splitlines() if "skill rating, last 3" in line]
    assert line.startswith("alice · Rami 51 · skill rating, last 3 matches: ")
    assert line.count(" → ") == 2  # a rating after each of the three matches
    french = (await fake.slash(alice, channel, "rummy stats", locale="fr")).reply
    assert not french.attachments
    assert "alice · Rami 51 · cote sur les 3 dernières parties : " in french.text()
    theirs = (await fake.slash(bob, channel, "rummy stats")).reply
    assert theirs.attachments  # bob did not ask for text: his line is a picture


async def test_forget_me_asks_and_only_the_caller_confirms(fake: FakeDiscord,
                                                           harness: BotHarness) -> None:
    bot, channel = bot_of(harness), fake.channels[0]
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await record_matches(harness, fake.guild_id, alice, bob)
    await fake.slash(alice, channel, "rummy prefs", theme="dark")

    asked = (await fake.slash(alice, channel, "rummy forget-me")).reply
    assert asked.ephemeral and "cannot be undone" in asked.text()
    assert asked.custom_ids() == [f"rami:forget:yes:{alice.id}", f"rami:forget:no:{alice.id}"]

    # Someone else's click is refused privately and deletes nothing.
    stranger = await fake.click(carol, asked, "rami:forget:yes:")
    assert "Only the player who asked" in refused(stranger)
    assert (await bot.store.player_stats(fake.guild_id, alice.id)).matches_played == 3

    kept = await fake.click(alice, asked, "rami:forget:no:")
    assert kept.response_type == 7 and "Nothing was deleted" in asked.text()
    assert (await bot.store.player_prefs(alice.id)).theme == "dark"

    asked = (await fake.slash(alice, channel, "rummy forget-me")).reply
    done = await fake.click(alice, asked, "rami:forget:yes:")
    assert done.response_type == 7 and asked.ephemeral and "Done" in asked.text()
    assert asked.custom_ids() == []
    assert (await bot.store.player_stats(fake.guild_id, alice.id)).matches_played == 0
    assert await bot.store.player_prefs(alice.id) == PlayerPrefs()
    shown = await fake.slash(alice, channel, "rummy prefs")  # the cache forgot them too
    assert "Theme: classic" in shown.reply.text()
    board = (await fake.slash(bob, channel, "rummy leaderboard")).reply
    assert "alice" not in board.text() and board.text().splitlines()[1].startswith("1. bob")


async def test_forget_me_button_works_after_a_restart(fake: FakeDiscord,
                                                      harness: BotHarness) -> None:
    channel, alice = fake.channels[0], fake.add_user("alice")
    await fake.slash(alice, channel, "rummy prefs", sort="rank")
    asked = (await fake.slash(alice, channel, "rummy forget-me")).reply
    await harness.restart()
    done = await fake.click(alice, asked, "rami:forget:yes:")
    assert done.response_type == 7 and "Done" in asked.text()
    assert await bot_of(harness).store.player_prefs(alice.id) == PlayerPrefs()
