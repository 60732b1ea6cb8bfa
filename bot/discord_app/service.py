"""What every handler of the Discord front end shares: answering, the player, their hand.

The card handlers (:mod:`bot.discord_app.controller`), the lobby and table handlers
(:mod:`bot.discord_app.table_controller`) and tile rummy's (:mod:`bot.discord_app.
tile_controller`) are peers over one :class:`Service`: it answers an interaction through
the one error path (:func:`bot.discord_app.replies.answer`) in the player's language,
reads the player's view and the table's rules, builds the private hand message and keeps
it up to date when the player's turn comes back.

The interaction token that edits a player's hand message is kept in the store
(:meth:`data.Store.save_hand_message`), not in this process's memory: whichever process
serves the channel when the turn comes back (this one, or its replacement after a crash)
refreshes the hand. A token is a secret: it is never logged.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.discord_app import permissions, pictures, present
from bot.discord_app.channel_api import Kept, Uploads
from bot.discord_app.i18n import t
from bot.discord_app.replies import Picture, Reply, answer, error_reply
from bot.discord_app.views import owner_of
from bot.session import Player, SessionError
from engine import RummyError

if TYPE_CHECKING:
    from bot.discord_app.views import Components
    from bot.session import Snapshot, Tables
    from bot.session.prefs import Preferences
    from data import HandMessage, PlayerPrefs
    from engine.views import PlayerView

log = logging.getLogger("rami.bot")
T = TypeVar("T")

HAND_TOKEN_LIFETIME = 14 * 60.0  # seconds; Discord's interaction tokens last 15 minutes
KEPT_HAND_PICTURES = 1000  # the latest hand pictures kept (~30 KB each: 30 MB at most)

Work = Callable[[str], Awaitable[Reply]]  # the reply, given the player's language


class Service:
    """The interaction plumbing and the hand message, shared by every handler."""

    def __init__(self, tables: Tables, prefs: Preferences, components: Components, *,
                 client: discord.Client) -> None:
        self.tables = tables
        self.prefs = prefs
        self.components = components
        self.client = client  # its connection edits hand messages from a stored token
        # The hand message an interaction is answering with, kept in the store once sent:
        # interaction id -> (channel, user, language, the picture it shows, if it sends one).
        self._pending_hands: dict[int, tuple[int, int, str, Picture | None]] = {}
        # What each player's latest hand message shows picked in its menus: a refresh that
        # lands after the player picked (its turn event came late) keeps their picks.
        self._selections: dict[tuple[int, int], dict[str, set[str]]] = {}
        # Each player's latest hand picture and what it was drawn from: the hand message
        # is sent again at each turn and often shows the same hand (drawing it costs ~10 ms).
        self._hand_pictures: dict[tuple[int, int], tuple[tuple[object, ...], Picture]] = {}
        # Where each player's latest hand picture was uploaded: a refresh of that message
        # showing the same picture keeps the attachment by id.
        self._uploaded: Uploads[tuple[int, int]] = Uploads(KEPT_HAND_PICTURES)

    # ------------------------------------------------------------------ answering
    async def language(self, interaction: discord.Interaction) -> str:
        """The language of the reply (:func:`bot.session.prefs.player_language`)."""
        return await self.prefs.language(interaction.user.id, interaction.locale.value,
                                         interaction.guild_id)

    async def run(self, interaction: discord.Interaction, what: str, work: Work, *,
                  public: bool = False, warn: bool = True) -> int | None:
        """Answer ``interaction`` with ``work(lang)``; returns the reply's message id.

        Outside a server the answer is a refusal; errors become private messages
        (:func:`bot.discord_app.replies.answer`), so this raises nothing. When the
        channel has a table the bot may not show (a permission missing), the caller is
        told privately, unless ``warn`` is False (the reply said it already).
        """
        try:
            lang = await self.language(interaction)
        except Exception:
            log.exception("language lookup failed user=%s", interaction.user.id)
            lang = "en"
        if interaction.channel_id is None or interaction.guild_id is None:
            sent = await answer(interaction, _const(error_reply(t("bot.error.guild_only", lang))),
                                lang=lang, what=what)
            return None if sent is None else sent.message_id
        sent = await answer(interaction, lambda: work(lang), lang=lang, what=what,
                            public=public)
        if warn:
            await self.warn_permissions(interaction, lang)
        pending = self._pending_hands.pop(interaction.id, None)
        if pending is not None and sent is not None:
            channel_id, user_id, hand_lang, picture = pending
            self._uploaded.note((channel_id, user_id), sent.message_id, picture,
                                sent.attachments)
            await self._keep_hand(interaction, sent.message_id, channel_id, user_id, hand_lang)
        return None if sent is None else sent.message_id

    async def _keep_hand(self, interaction: discord.Interaction, message_id: int,
                         channel_id: int, user_id: int, lang: str) -> None:
        """Keep the hand message just sent and its token in the store, for its refreshes
        (a failure costs only those: the reply is sent)."""
        try:
            await self.tables.store.save_hand_message(
                channel_id, user_id, token=interaction.token, message_id=message_id,
                language=lang, lifetime_s=HAND_TOKEN_LIFETIME,
                application_id=interaction.application_id)
        except Exception as error:  # never the token in the log: it is a secret
            log.warning("hand message not kept channel=%s user=%s error=%s", channel_id,
                        user_id, type(error).__name__)

    async def stale(self, interaction: discord.Interaction) -> None:
        """Answer a click or form nothing else takes: it is out of date, privately."""
        async def work(lang: str) -> Reply:
            return error_reply(t("bot.error.stale", lang))

        await self.run(interaction, "stale", work)

    async def warn_permissions(self, interaction: discord.Interaction, lang: str) -> None:
        """Tell the caller privately which permission keeps the bot from showing the
        channel's table (nothing when it lacks none, or when there is no table)."""
        lacking = permissions.missing(interaction)
        if not lacking or await self.tables.snapshot(interaction.channel_id or 0) is None:
            return
        try:
            await interaction.followup.send(permissions.warning(lacking, lang), ephemeral=True)
        except discord.HTTPException as error:
            log.info("permission warning not sent user=%s error=%s", interaction.user.id,
                     type(error).__name__)

    @staticmethod
    def player(interaction: discord.Interaction) -> Player:
        """The caller as the session layer knows players."""
        return Player(interaction.user.id, interaction.user.display_name)

    @staticmethod
    def is_moderator(interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions.manage_guild)

    @staticmethod
    def same_channel(interaction: discord.Interaction, channel_id: int) -> None:
        """Check that a component is used in the channel of its game.

        Raises:
            SessionError: the component names another channel's game.
        """
        if interaction.channel_id != channel_id:
            raise SessionError("session.no_game")

    @staticmethod
    def own_hand(interaction: discord.Interaction, owner: int | None = None) -> None:
        """Check that the hand message a click or a pick came from is the caller's
        (``owner``: the one the clicked menu names; else the message's menus say).

        Raises:
            SessionError: ``bot.error.not_yours``, someone else's hand message.
        """
        shown = owner if owner is not None else owner_of(interaction.message)
        if shown is not None and shown != interaction.user.id:
            raise SessionError("bot.error.not_yours")

    @staticmethod
    def home_channel(interaction: discord.Interaction) -> int | None:
        """The channel a thread belongs to (None outside a thread): for the server's
        channel restriction, a thread counts as its parent channel."""
        channel = interaction.channel
        return channel.parent_id if isinstance(channel, discord.Thread) else None

    # ------------------------------------------------------------------ the table
    async def player_view(self, interaction: discord.Interaction) -> PlayerView:
        """The caller's view of the channel's game.

        Raises:
            SessionError: no game here, or the caller does not play in it.
        """
        return await self.tables.hand(interaction.channel_id or 0, interaction.user.id)

    async def snapshot(self, channel_id: int) -> Snapshot:
        """The channel's table (its lobby, or its game).

        Raises:
            SessionError: no table here.
        """
        snapshot = await self.tables.snapshot(channel_id)
        if snapshot is None:
            raise SessionError("session.no_game")
        return snapshot

    # ------------------------------------------------------------------ the hand
    async def hand_reply(
        self,
        interaction: discord.Interaction,
        view: PlayerView,
        lang: str,
        note: str | None = None,
        *,
        update: bool = False,
        selected: dict[str, set[str]] | None = None,
        picture: bool = True,
    ) -> Reply:
        """The caller's private hand message (``update``: in place of the clicked one).

        The message is remembered once sent, to be refreshed when the turn comes back.
        """
        channel = interaction.channel_id or 0
        reply = await self._hand(view, channel, interaction.user.id, lang, note=note,
                                 selected=selected, picture=picture)
        shown = reply.pictures[0] if reply.pictures else None
        self._pending_hands[interaction.id] = (channel, interaction.user.id, lang, shown)
        self._selections[(channel, interaction.user.id)] = selected or {}
        if update:
            return Reply(content=reply.content, pictures=reply.pictures, view=reply.view,
                         ephemeral=True, update=True)
        return reply

    async def _hand(self, view: PlayerView, channel_id: int, user_id: int, lang: str, *,
                    note: str | None = None, selected: dict[str, set[str]] | None = None,
                    picture: bool = True) -> Reply:
        prefs = await self.prefs.player(user_id)
        drawn = None
        if picture:
            drawn = await self._hand_picture(view, channel_id, user_id, lang, prefs)
        return present.hand(view, channel_id, lang, self.components, sort=prefs.sort,
                            note=note, names=[seat.name for seat in view.seats],
                            selected=selected, picture=drawn, owner=user_id)

    async def _hand_picture(self, view: PlayerView, channel_id: int, user_id: int,
                            lang: str, prefs: PlayerPrefs) -> Picture:
        """The player's hand picture, drawn only when it differs from the one kept."""
        key = pictures.hand_key(view, lang, sort=prefs.sort, theme=prefs.theme,
                                back=prefs.back)
        kept = self._hand_pictures.pop((channel_id, user_id), None)
        if kept is not None and kept[0] == key:
            drawn = kept[1]
        else:
            drawn = await pictures.draw(pictures.hand_picture, view, lang, sort=prefs.sort,
                                        theme=prefs.theme, back=prefs.back)
        self._hand_pictures[(channel_id, user_id)] = (key, drawn)  # now the most recent
        if len(self._hand_pictures) > KEPT_HAND_PICTURES:
            del self._hand_pictures[next(iter(self._hand_pictures))]  # the least recent
        return drawn

    async def refresh_hand(self, channel_id: int, user_id: int) -> None:
        """Bring the player's latest hand message up to date (their turn has come),
        keeping what it shows picked in its menus.

        Discord lets an interaction's token edit its messages for 15 minutes; an older
        hand message is left as it is (the turn reminder says to open the hand again).
        """
        key = (channel_id, user_id)
        try:
            kept = await self.tables.store.hand_message(channel_id, user_id)
        except Exception as error:  # the store is away: the reminder still says to open it
            log.warning("hand message not read channel=%s user=%s error=%s", channel_id,
                        user_id, type(error).__name__)
            return
        if kept is None:  # none, or its token has expired
            self._selections.pop(key, None)
            return
        try:
            view = await self.tables.hand(channel_id, user_id)
            reply = await self._hand(view, channel_id, user_id, kept.language,
                                     selected=self._selections.get(key))
            shown = reply.pictures[0] if reply.pictures else None

            async def edit(same: Kept | None) -> tuple[int, ...]:
                edited = await self._webhook(kept).edit_message(
                    kept.message_id, content=reply.content,
                    attachments=[same] if same is not None else reply.files(),  # type: ignore[list-item]
                    view=reply.view or discord.utils.MISSING,
                    allowed_mentions=reply.allowed_mentions)
                return tuple(a.id for a in edited.attachments)

            await self._uploaded.edit(key, kept.message_id, shown, edit)
        except (RummyError, discord.HTTPException) as error:
            log.info("hand not refreshed channel=%s user=%s error=%s", channel_id, user_id,
                     type(error).__name__)
            self._selections.pop(key, None)
            with contextlib.suppress(Exception):  # it expires anyway
                await self.tables.store.forget_hand_message(channel_id, user_id)

    def _webhook(self, kept: HandMessage) -> discord.Webhook:
        """The interaction's follow-up webhook, rebuilt from the stored token: the same
        as ``interaction.followup`` (the client's connection, so that the hand's
        components are routed back to the bot)."""
        application_id = kept.application_id or self.client.application_id or 0
        return discord.Webhook.partial(application_id, kept.token, client=self.client)


async def or_none(lookup: Awaitable[T]) -> T | None:
    """What ``lookup`` finds, or None when it fails: an autocomplete offers hints only (the
    command checks everything again), and a hint that cannot be given is no error."""
    try:
        return await lookup
    except Exception:
        return None


def _const(reply: Reply) -> Callable[[], Awaitable[Reply]]:
    async def work() -> Reply:
        return reply

    return work
