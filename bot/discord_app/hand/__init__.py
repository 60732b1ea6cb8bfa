"""A player's private hand message: drawn, sent, kept, and refreshed when their turn
comes back.

The card turn, the tile turn and the table's *My hand* button answer with
:meth:`HandMessages.reply`; once sent, :meth:`HandMessages.keep` keeps the message and the
interaction token that edits it in the store (:meth:`data.Store.save_hand_message`), not
in this process's memory: whichever process serves the channel when the turn comes back
(this one, or its replacement after a crash) refreshes the hand
(:meth:`HandMessages.refresh`). A token is a secret: it is never logged.

The hand is a layout message (:func:`~bot.discord_app.hand.present.hand_layout`). One kept
before the upgrade is an embed, which cannot gain the flag ``IS_COMPONENTS_V2`` by an
edit: its refresh sends the hand anew as a follow-up of the same interaction, keeps that
one, and deletes the old.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord.app_commands import Choice

from bot.discord_app.core import pictures
from bot.discord_app.core.channel_api import Kept, Uploads, attachment_ids
from bot.discord_app.core.followups import USABLE_FOR, edit_message
from bot.discord_app.core.replies import Answer, Picture, Reply
from bot.discord_app.core.text import MAX_CHOICE_NAME, MAX_CHOICES, piece_text
from bot.discord_app.hand.opening import proposed
from bot.discord_app.hand.present import hand
from bot.session import display_order
from engine import RummyError
from engine.views import PlayerView

if TYPE_CHECKING:
    from bot.session import Tables
    from bot.session.prefs import Preferences
    from data import HandMessage, PlayerPrefs

log = logging.getLogger("rami.bot")

HAND_TOKEN_LIFETIME = USABLE_FOR  # seconds: a minute short of a token's 15 minutes
KEPT_HAND_PICTURES = 1000  # the latest hand pictures kept (~30 KB each: 30 MB at most)
# A token kept for the same message this recently still edits it for 12 minutes: the
# clicks of one turn (draw, pick, discard) keep it once, not once each.
KEEP_AGAIN_AFTER = 120.0  # seconds


def piece_choices(view: PlayerView, lang: str, current: str, *,
                  several: bool) -> list[Choice[str]]:
    """Pieces of the player's own hand completing what they typed, for an autocomplete
    (``several``: the last word of a list of pieces; a hint only, the command reads the
    text again)."""
    if several:
        head, _, last = current.rpartition(" ")
        head = (head + " ") if head else ""
    else:
        head, last = "", current.strip()
    used = head.split()
    order = display_order(view, "suit")
    texts = [piece_text(view.hand[i], lang) for i in order]
    typed = [piece_text(view.hand[i], lang, ascii=True).lower() for i in order]
    seen: set[str] = set()
    choices = []
    for text, ascii_text in zip(texts, typed, strict=True):
        if text in seen or used.count(text) >= texts.count(text):
            continue
        if last and not (text.lower().startswith(last.lower())
                         or ascii_text.startswith(last.lower())):
            continue
        seen.add(text)
        value = (head + text)[:MAX_CHOICE_NAME]
        choices.append(Choice(name=value, value=value))
    return choices[:MAX_CHOICES]


class HandMessages:
    """Every player's latest hand message, for one bot."""

    def __init__(self, tables: Tables, prefs: Preferences, client: discord.Client, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.tables = tables
        self.prefs = prefs
        self.client = client  # its connection edits hand messages from a stored token
        self._clock = clock
        # What this process last kept of each player's hand message: its id, language and
        # when (by the clock), so that a click answered on the same message soon after
        # writes nothing.
        self._kept: dict[tuple[int, int], tuple[int, str, float]] = {}
        # What each player's latest hand message shows picked in its menus: a refresh that
        # lands after the player picked (its turn event came late) keeps their picks.
        self._selections: dict[tuple[int, int], dict[str, set[str]]] = {}
        # Each player's latest hand picture and what it was drawn from: the hand message
        # is sent again at each turn and often shows the same hand (drawing it costs ~10 ms).
        self._pictures: dict[tuple[int, int], tuple[tuple[object, ...], Picture]] = {}
        # Where each player's latest hand picture was uploaded: a refresh of that message
        # showing the same picture keeps the attachment by id.
        self._uploaded: Uploads[tuple[int, int]] = Uploads(KEPT_HAND_PICTURES)
        # The refresh of each player's hand message under way: an answer on that message
        # waits for it, so that a refresh built before a pick never lands after the pick.
        self._refreshing: dict[tuple[int, int], asyncio.Lock] = {}
        self._refreshes: dict[tuple[int, int], int] = {}  # each lock's holder and waiters

    async def reply(self, interaction: discord.Interaction, view: PlayerView, lang: str,
                    note: str | None = None, *, update: bool = False,
                    selected: dict[str, set[str]] | None = None,
                    picture: bool = True, table: int | None = None) -> Reply:
        """The caller's private hand message (``update``: in place of the clicked one;
        ``picture``: drawn, else the message keeps the one it shows; ``table``: the
        channel of its game, when not the interaction's: a hand shown in a direct
        message)."""
        channel = table if table is not None else interaction.channel_id or 0
        user = interaction.user.id
        key = (channel, user)
        # What this answer shows picked, before anything else: a refresh that starts from
        # now on keeps it; one under way is waited for (its edit lands before this answer).
        self._selections[key] = selected or {}
        if (refreshing := self._refreshing.get(key)) is not None:
            async with refreshing:
                pass
        clicked = interaction.message
        attached = None  # the picture the clicked message shows, kept as it is
        if not picture and clicked is not None and clicked.attachments:
            shown = clicked.attachments[0]
            attached = (shown.filename, shown.description or "")
        # A hand sent as an embed before the upgrade is edited in its own form (an edit
        # cannot add the layout flag); its next refresh sends it anew as a layout.
        layout = not (update and clicked is not None and not clicked.flags.components_v2)
        reply = await self._message(view, channel, user, lang, note=note, selected=selected,
                                    picture=picture, attached=attached, layout=layout)
        return replace(reply, update=update, hand=key)

    async def keep(self, answer: Answer) -> None:
        """Once a hand message is sent (``answer``'s reply, when it was one), keep it and
        its token in the store for its refreshes (a failure costs only those: the reply is
        sent). The same message in the same language, kept by this process less than
        :data:`KEEP_AGAIN_AFTER` seconds ago, is not written again: its token still edits
        it for twelve minutes."""
        reply, sent = answer.reply, answer.sent
        if answer.refused or reply is None or reply.hand is None or sent is None:
            return
        shown = reply.pictures[0] if reply.pictures else None
        self._uploaded.note(reply.hand, sent.message_id, shown, sent.attachments)
        now = self._clock()
        last = self._kept.get(reply.hand)
        if last is not None and last[:2] == (sent.message_id, answer.lang) and (
                now - last[2] < KEEP_AGAIN_AFTER):
            return
        channel_id, user_id = reply.hand
        interaction = answer.interaction
        try:
            await self.tables.store.save_hand_message(
                channel_id, user_id, token=interaction.token, message_id=sent.message_id,
                language=answer.lang, lifetime_s=HAND_TOKEN_LIFETIME,
                application_id=interaction.application_id, layout=reply.is_layout)
        except Exception as error:  # never the token in the log: it is a secret
            log.warning("hand message not kept channel=%s user=%s error=%s", channel_id,
                        user_id, type(error).__name__)
            return
        self._kept.pop(reply.hand, None)
        self._kept[reply.hand] = (sent.message_id, answer.lang, now)  # the most recent
        if len(self._kept) > KEPT_HAND_PICTURES:
            del self._kept[next(iter(self._kept))]  # the least recent

    async def _message(self, view: PlayerView, channel_id: int, user_id: int, lang: str, *,
                       note: str | None = None, selected: dict[str, set[str]] | None = None,
                       picture: bool = True, attached: tuple[str, str] | None = None,
                       layout: bool = True) -> Reply:
        prefs = await self.prefs.player(user_id)
        drawn = None
        if picture and not prefs.text_only:  # text only: the hand's text says it all
            drawn = await self._picture(view, channel_id, user_id, lang, prefs)
        rules = opening = None
        if (selected or {}).get("a") or (selected or {}).get("b"):  # the melds they fit, or make
            snapshot = await self.tables.snapshot(channel_id)
            rules = None if snapshot is None else snapshot.rules
            if rules is not None and layout:  # its search: up to ~25 ms, off the loop
                opening = await asyncio.to_thread(proposed, view, selected or {}, rules)
        return hand(view, channel_id, lang, sort=prefs.sort, note=note,
                    names=[seat.name for seat in view.seats], selected=selected,
                    picture=drawn, owner=user_id, layout=layout, rules=rules,
                    attached=None if prefs.text_only else attached, opening=opening)

    async def _picture(self, view: PlayerView, channel_id: int, user_id: int, lang: str,
                       prefs: PlayerPrefs) -> Picture:
        """The player's hand picture, drawn only when it differs from the one kept."""
        key = pictures.hand_key(view, lang, sort=prefs.sort, theme=prefs.theme,
                                back=prefs.back)
        kept = self._pictures.pop((channel_id, user_id), None)
        if kept is not None and kept[0] == key:
            drawn = kept[1]
        else:
            drawn = await pictures.draw(pictures.hand_picture, view, lang, sort=prefs.sort,
                                        theme=prefs.theme, back=prefs.back)
        self._pictures[(channel_id, user_id)] = (key, drawn)  # now the most recent
        if len(self._pictures) > KEPT_HAND_PICTURES:
            del self._pictures[next(iter(self._pictures))]  # the least recent
        return drawn

    async def refresh(self, channel_id: int, user_id: int) -> None:
        """Bring the player's latest hand message up to date (their turn has come),
        keeping what it shows picked in its menus.

        Discord lets an interaction's token edit its messages for 15 minutes; an older
        hand message is left as it is (the turn reminder says to open the hand again).
        """
        key = (channel_id, user_id)
        lock = self._refreshing.setdefault(key, asyncio.Lock())
        self._refreshes[key] = self._refreshes.get(key, 0) + 1
        try:
            async with lock:
                await self._refresh(key, channel_id, user_id)
        finally:
            self._refreshes[key] -= 1
            if not self._refreshes[key]:  # none under way or waiting: forgotten
                del self._refreshes[key], self._refreshing[key]

    async def _refresh(self, key: tuple[int, int], channel_id: int, user_id: int) -> None:
        try:
            kept = await self.tables.store.hand_message(channel_id, user_id)
        except Exception as error:  # the store is away: the reminder still says to open it
            log.warning("hand message not read channel=%s user=%s error=%s", channel_id,
                        user_id, type(error).__name__)
            return
        if kept is None:  # none, or its token has expired (or another process forgot it)
            self._selections.pop(key, None)
            self._kept.pop(key, None)
            return
        try:
            view = await self.tables.hand(channel_id, user_id)
            reply = await self._message(view, channel_id, user_id, kept.language,
                                        selected=self._selections.get(key))
            shown = reply.pictures[0] if reply.pictures else None
            if reply.is_layout and not kept.layout:
                await self._send_anew(key, kept, reply)
                return

            async def edit(same: Kept | None) -> tuple[int, ...]:
                files: list[discord.File | Kept] = [same] if same is not None else [
                    *reply.files()]
                edited = await edit_message(self._webhook(kept), kept.message_id,
                                            reply, files)
                return attachment_ids(edited)

            await self._uploaded.edit(key, kept.message_id, shown, edit)
        except (RummyError, discord.HTTPException) as error:
            log.info("hand not refreshed channel=%s user=%s error=%s", channel_id, user_id,
                     type(error).__name__)
            self._selections.pop(key, None)
            self._kept.pop(key, None)
            with contextlib.suppress(Exception):  # it expires anyway
                await self.tables.store.forget_hand_message(channel_id, user_id)

    async def _send_anew(self, key: tuple[int, int], kept: HandMessage, reply: Reply) -> None:
        """Send the hand as a new follow-up of the kept message's interaction (an embed
        cannot become a layout by an edit), keep it in the old one's place for the rest
        of the token's life, then delete the old one.

        Raises:
            discord.HTTPException: Discord refused the follow-up.
        """
        application_id = kept.application_id or self.client.application_id or 0
        followup = discord.Webhook.from_state(
            {"id": application_id, "type": 3, "token": kept.token},
            state=self.client._connection)
        assert reply.layout is not None  # only a layout is sent anew
        sent = await followup.send(view=reply.layout, files=reply.files(), ephemeral=True,
                                   wait=True, allowed_mentions=reply.allowed_mentions)
        shown = reply.pictures[0] if reply.pictures else None
        self._uploaded.note(key, sent.id, shown, tuple(a.id for a in sent.attachments))
        self._kept.pop(key, None)
        try:
            await self.tables.store.save_hand_message(
                kept.channel_id, kept.user_id, token=kept.token, message_id=sent.id,
                language=kept.language, lifetime_s=kept.expires_at - kept.created_at,
                application_id=kept.application_id, now=kept.created_at, layout=True)
        except Exception as error:  # the new one is sent; only its refreshes are lost
            log.warning("hand message not kept channel=%s user=%s error=%s", kept.channel_id,
                        kept.user_id, type(error).__name__)
        with contextlib.suppress(discord.HTTPException):  # already gone: nothing to delete
            await self._webhook(kept).delete_message(kept.message_id)

    def _webhook(self, kept: HandMessage) -> discord.Webhook:
        """The interaction's follow-up webhook, rebuilt from the stored token: the same
        as ``interaction.followup`` (the client's connection, so that the hand's
        components are routed back to the bot)."""
        application_id = kept.application_id or self.client.application_id or 0
        return discord.Webhook.partial(application_id, kept.token, client=self.client)

