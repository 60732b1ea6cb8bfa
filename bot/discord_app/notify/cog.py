"""Turn notifications by direct message (issue 27): the front end of
:class:`bot.session.notices.Notifier`. It sends a due notice to the member's DM (the
server, the channel, the game, a link to the table message; on the first one how to turn
them off) with its buttons: *Show my hand*, answered in the DM with the same hand message,
buttons and menus as in the channel (checked against the game as it is now), and *Turn
off*. A member whose DMs are closed (403, code 50007) is reported to the notifier, which
keeps their preference and does not try again for a day.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.discord_app.core.answering import Replies
from bot.discord_app.core.feature import Feature, Route, Routed
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Reply
from bot.discord_app.core.text import escaped
from bot.discord_app.hand import HandMessages
from bot.discord_app.notify.components import NotifyAction, NotifyButton
from bot.discord_app.notify.present import notice_text, table_link
from bot.session.notices import Notifier, Outcome
from bot.session.prefs import player_language
from data.notices import Notice, NoticeKind

if TYPE_CHECKING:
    from bot.session import Snapshot, Tables
    from bot.session.prefs import Preferences
    from data import Store

log = logging.getLogger("rami.bot")

CANNOT_MESSAGE_USER = 50007  # Discord's code: the member accepts no DM from the bot


class Notifications(Feature):
    """Sends the notices of this bot's tables and takes their buttons' clicks."""

    def __init__(self, client: discord.Client, tables: Tables, prefs: Preferences,
                 replies: Replies, hands: HandMessages, store: Store, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.client, self.tables, self.prefs = client, tables, prefs
        self.replies, self.hands = replies, hands
        self.notifier = Notifier(tables, prefs, store, clock=clock)
        self.notifier.sender = self.send
        tables.subscribe(self.notifier.on_event)

    def routes(self) -> dict[type[Routed], Route]:
        return {NotifyButton: self.on_button}

    async def send(self, notice: Notice, snapshot: Snapshot | None, first: bool) -> Outcome:
        """Send ``notice`` to its member's DM; what became of it."""
        prefs = await self.prefs.player(notice.user_id)
        lang = player_language(prefs.language, None,
                               (await self.prefs.guild(notice.guild_id)).language)
        guild = self.client.get_guild(notice.guild_id)
        place = guild.get_channel(notice.channel_id) if guild is not None else None
        ui = snapshot.ui if snapshot is not None else None
        message = ui.table_message or ui.lobby_message if ui is not None else None
        text = notice_text(
            notice.kind, lang, server=guild.name if guild is not None else str(notice.guild_id),
            channel=f"#{escaped(place.name)}" if place is not None else f"<#{notice.channel_id}>",
            game=t(f"variant.{snapshot.variant}", lang) if snapshot is not None else "",
            link=table_link(notice.guild_id, notice.channel_id, message), first=first,
            left=max(0.0, snapshot.deadline - max(notice.due_at, self.notifier.clock()))
            if snapshot is not None and snapshot.deadline is not None else 0.0)
        view = discord.ui.View(timeout=None)
        if notice.kind is not NoticeKind.END:
            view.add_item(NotifyButton(NotifyAction.HAND, notice.channel_id, lang))
        view.add_item(NotifyButton(NotifyAction.OFF, notice.channel_id, lang))
        reply = Reply(text, view=view)  # fitted to Discord's limits
        try:
            dm = await self.client.create_dm(discord.Object(notice.user_id))
            await dm.send(reply.content or "", view=view,
                          allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code == CANNOT_MESSAGE_USER:
                return Outcome.CLOSED
            log.warning("notice refused user=%s code=%s", notice.user_id, error.code)
            return Outcome.FAILED
        except discord.HTTPException as error:
            log.warning("notice not sent user=%s status=%s", notice.user_id, error.status)
            return Outcome.FAILED
        return Outcome.SENT

    async def on_button(self, interaction: discord.Interaction, button: NotifyButton) -> None:
        """*Show my hand* (in the DM, as the game is now) or *Turn off*."""
        async with self.replies.to(interaction, f"notify.{button.action}",
                                   after=self.hands.keep) as answer:
            if button.action is NotifyAction.OFF:
                await self.prefs.update_player(interaction.user.id, notify="off")
                answer.reply = Reply(t("bot.notify.turned_off", answer.lang), ephemeral=True)
                return
            view = await self.tables.hand(button.channel_id, interaction.user.id)
            answer.reply = await self.hands.reply(interaction, view, answer.lang,
                                                  table=button.channel_id)

    def start(self) -> None:
        """Send the due notices from now on (the bot is ready)."""
        self.notifier.start()

    async def close(self) -> None:
        await self.notifier.close()
