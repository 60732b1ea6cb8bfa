"""What a channel shows of its game, read from the fake Discord: the table message, the
turn reminders, and whether the table shows the game as it is saved."""

from __future__ import annotations

from bot.discord_app.core.replies import Reply
from bot.discord_app.fake import FakeDiscord, Fault, Message
from bot.discord_app.table import present as table_present
from tests.e2e.harness import BotHarness
from tests.e2e.players import with_component
from tests.e2e.tile_players import table_message

REMINDER_END = "your turn."


def reminders(fake: FakeDiscord, channel: int) -> list[Message]:
    """The turn reminders still in the channel."""
    return [m for m in fake.posted_messages(channel) if m.content.endswith(REMINDER_END)]


def refuse_new_messages(fake: FakeDiscord, channel: int, status: int = 503) -> list[Fault]:
    """Discord takes no new message in ``channel`` until healed: a channel message gets
    ``status``, a follow-up's token is refused (404 code 10015, so the bot falls back to
    the channel, which fails as well)."""
    return [fake.fail("send", status, times=None, channel=channel),
            fake.fail("followup", 404, times=None, code=10015)]


def tables(fake: FakeDiscord, channel: int) -> list[Message]:
    """Every table message still in the channel, oldest first."""
    return with_component(fake, channel, "rami:table:hand:")


def shown_lines(reply: Reply) -> list[str]:
    """The lines a reply shows, layout or embeds, as the fake's ``Message.text`` reads
    them from a message."""
    return reply.text().split("\n")


async def table_is_current(fake: FakeDiscord, harness: BotHarness, channel: int) -> bool:
    """The channel's table message shows the saved game: whose turn, the piles, every
    seat's count and score and every meld (the last-move line aside)."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.view is not None
    expected = shown_lines(table_present.table(snapshot, "en"))
    try:
        shown = table_message(fake, channel).text().split("\n")
    except AssertionError:
        return False  # no table message at all
    # Every line the saved game shows, in order; the message may add its last move.
    extra = [line for line in shown if line not in expected]
    return [line for line in shown if line in expected] == expected and len(extra) <= 1


async def current_player_id(harness: BotHarness, channel: int) -> int | None:
    """The user whose turn it is (None: a computer's, or between rounds)."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    seat = snapshot.current_seat
    return seat.user_id if seat is not None else None
