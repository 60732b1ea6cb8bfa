"""A notification's text (pure): what happened, where (the server, the channel, the
game), a link to the table message, and on the first one how to turn them off."""

from __future__ import annotations

from bot.discord_app.core.i18n import t
from bot.discord_app.core.text import duration_words, escaped
from data.notices import NoticeKind


def table_link(guild_id: int, channel_id: int, message_id: int | None) -> str:
    """Discord's link to the table message (to the channel when none is known)."""
    tail = f"/{message_id}" if message_id is not None else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


def notice_text(kind: NoticeKind, lang: str, *, server: str, channel: str, game: str,
                link: str, first: bool, left: float = 0.0) -> str:
    """The notification's content (``server`` escaped here, ``channel`` already shown as
    it should be; cut to Discord's limits by the reply); ``left``: the seconds the turn
    has left (a reminder's), said in words, to the minute past one."""
    rounded = round(left / 60) * 60 if left >= 60 else left
    text = t(f"bot.notify.{kind}", lang, server=escaped(server), channel=channel,
             game=game, link=link, left=duration_words(rounded, lang))
    if first:
        text += "\n" + t("bot.notify.first", lang)
    return text
