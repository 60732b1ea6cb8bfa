"""What a channel shows of its game, read from the fake Discord: the table message, the
turn reminders, and whether the table shows the game as it is saved."""

from __future__ import annotations

from bot.discord_app.fake import FakeDiscord, Message
from bot.discord_app.table import present as table_present
from tests.e2e.harness import BotHarness
from tests.e2e.players import with_component
from tests.e2e.tile_players import table_message

REMINDER_END = "your turn."


def reminders(fake: FakeDiscord, channel: int) -> list[Message]:
    """The turn reminders still in the channel."""
    return [m for m in fake.channel_messages(channel) if m.content.endswith(REMINDER_END)]


def tables(fake: FakeDiscord, channel: int) -> list[Message]:
    """Every table message still in the channel, oldest first."""
    return with_component(fake, channel, "rami:table:hand:")


async def table_is_current(fake: FakeDiscord, harness: BotHarness, channel: int) -> bool:
    """The channel's table message shows the saved game: whose turn, the piles, every
    seat's count and score and every meld (the last-move line aside)."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.view is not None
    expected = table_present.table(snapshot, "en").embeds[0]
    try:
        shown = table_message(fake, channel).embeds[0]
    except AssertionError:
        return False  # no table message at all
    lines = (expected.description or "").split("\n")
    return (shown.get("fields") == expected.to_dict().get("fields")
            and shown.get("description", "").split("\n")[:len(lines)] == lines)


async def current_player_id(harness: BotHarness, channel: int) -> int | None:
    """The user whose turn it is (None: a computer's, or between rounds)."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    seat = snapshot.current_seat
    return seat.user_id if seat is not None else None
