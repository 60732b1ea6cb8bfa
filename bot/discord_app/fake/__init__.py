"""A fake Discord on 127.0.0.1 that the real discord.py client talks to (moved from tests)."""

from bot.discord_app.fake.server import (
    ALL_PERMISSIONS,
    EPHEMERAL,
    LOADING,
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    Attachment,
    FakeDiscord,
    Interaction,
    Message,
    User,
    snowflake,
)

__all__ = [
    "ALL_PERMISSIONS",
    "EPHEMERAL",
    "LOADING",
    "MANAGE_GUILD",
    "MEMBER_PERMISSIONS",
    "Attachment",
    "FakeDiscord",
    "Interaction",
    "Message",
    "User",
    "snowflake",
]
