"""The floor under the bot's CPU per interaction: a discord.py bot that plays no game.

    python bench/floor_bot.py      # run by bench/floor_bench.py, pointed at its fake Discord

It answers every interaction as Rami does — ``/rummy hand`` with a private message, a
click or a pick by editing the clicked message, each a layout message (the flag
``IS_COMPONENTS_V2``: one container with the picture attached, the texts, the hand's menu
and buttons) — and after each answer sends the channel requests Rami sends per
interaction on average (``bench/bot_bench.py`` counts them): a table edit with its
picture (a layout too), a turn reminder (a layout mentioning the player) sent and the
previous one deleted, an earlier hand message refreshed; as Rami, a reminder goes as a
public follow-up of the interaction just answered (``followup``) or as a channel message
(``send``), and is deleted through the token it was sent with (``webhook_delete``) or the
channel route (``delete``). Its pictures are fixed bytes
and it keeps no game: what it costs is discord.py, aiohttp and asyncio doing Rami's
traffic, the part of Rami's CPU no change inside Rami can remove while it speaks to
Discord through discord.py.

The mix per interaction comes from ``FLOOR_MIX``
(``edit,send,delete,webhook_edit,followup,webhook_delete`` requests per interaction, the
missing ones none; default Rami's: ``0.79,0.09,0.0,0.06,0.20,0.19``) and the sizes from
``FLOOR_SIZES`` (KiB of the answer's and the table's pictures, default ``23.6,18.5``).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import random

import discord
import yarl
from discord import app_commands
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

NO_PINGS = discord.AllowedMentions.none()
KINDS = ("edit", "send", "delete", "webhook_edit", "followup", "webhook_delete")
DEFAULT_MIX = "0.79,0.09,0.0,0.06,0.20,0.19"


def _png(kib: float, seed: int) -> bytes:
    """``kib`` KiB of PNG-looking bytes (nothing decodes them: only their size counts)."""
    body = random.Random(seed).randbytes(int(kib * 1024))
    return b"\x89PNG\r\n\x1a\n" + body


def _hand_view() -> discord.ui.LayoutView:
    """A hand message as Rami sends it since its messages are layouts (``core/layout.py``):
    one container holding the picture, the texts, the card menu and two rows of buttons.
    Stopped, as Rami's are, so that discord.py keeps no view per message."""
    ui = discord.ui
    cards = ["A♠", "2♥", "3♥", "4♥", "7♣", "8♣", "9♣", "10♦", "V♦", "D♠", "R♠", "R♥", "🃏"]
    menu: ui.ActionRow[ui.LayoutView] = ui.ActionRow(ui.Select(
        custom_id="rami:pick:a:1", placeholder="Pick cards to meld or discard",
        min_values=1, max_values=len(cards),
        options=[discord.SelectOption(label=f"{n}. {c}", value=f"{n}:{c}")
                 for n, c in enumerate(cards, 1)]))
    labels = ("Draw from stock", "Take the discard", "Meld", "Lay off", "Swap a joker",
              "Discard", "Sort")
    rows: list[ui.ActionRow[ui.LayoutView]] = [
        ui.ActionRow(*(ui.Button(label=label, custom_id=f"rami:hand:{label}:1")
                       for label in labels[start:start + 4])) for start in (0, 4)]
    gallery: ui.MediaGallery[ui.LayoutView] = ui.MediaGallery()
    gallery.add_item(media="attachment://hand.png", description="Your hand")
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(
        ui.TextDisplay("**Your hand** — your turn: draw a card."), gallery,
        ui.TextDisplay("You drew 7♣. Pick the card to discard."), menu, *rows,
        accent_colour=0x2E7D32))
    view.stop()
    return view


def _table_view() -> discord.ui.LayoutView:
    """The table message as Rami's: a container with the picture, its texts and buttons."""
    ui = discord.ui
    gallery: ui.MediaGallery[ui.LayoutView] = ui.MediaGallery()
    gallery.add_item(media="attachment://table.png", description="The table")
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(
        ui.TextDisplay("**Rami 51** · round 2 · Alice to play"), gallery,
        ui.TextDisplay("Last move: Bob discarded 7♣."),
        ui.ActionRow(*(ui.Button(label=label, custom_id=f"rami:table:{label}:1")
                       for label in ("My hand", "Rules", "Scores"))),
        accent_colour=0x1565C0))
    view.stop()
    return view


def _ping_view(user_id: int) -> discord.ui.LayoutView:
    """The turn reminder: a layout whose text mentions the player to act."""
    ui = discord.ui
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(
        ui.TextDisplay(f"<@{user_id}> it is your turn: draw a card (stock or discard pile), "
                       "then discard."),
        ui.ActionRow(ui.Button(label="My hand", custom_id="rami:table:My hand:1"))))
    view.stop()
    return view


class Channel:
    """What the floor bot keeps of a channel: its table, reminder and latest answer."""

    def __init__(self) -> None:
        self.table: int | None = None
        # Posted, not yet deleted: each with the interaction it followed (None: a channel
        # message).
        self.reminders: list[tuple[int, discord.Interaction | None]] = []
        self.answered: discord.Interaction | None = None
        self.debt = dict.fromkeys(KINDS, 0.0)
        self.lock = asyncio.Lock()


class FloorBot(discord.Client):
    def __init__(self, mix: dict[str, float], sizes: tuple[float, float]) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # as Rami's client
        super().__init__(intents=intents, allowed_mentions=NO_PINGS)
        self.tree = app_commands.CommandTree(self)
        self.mix = mix
        self.hand_png, self.table_png = _png(sizes[0], 1), _png(sizes[1], 2)
        self.hand_view, self.table_view = _hand_view(), _table_view()
        self.channels: dict[int, Channel] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        rummy = app_commands.Group(name="rummy", description="Play rummy")

        @rummy.command(name="hand", description="Your hand")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                file=self._hand_file(), view=self.hand_view, ephemeral=True)
            self._publish(interaction)

        self.tree.add_command(rummy)

    def _hand_file(self) -> discord.File:
        return discord.File(io.BytesIO(self.hand_png), filename="hand.png",
                            description="Your hand")

    async def setup_hook(self) -> None:
        guild = discord.Object(int(os.environ["DISCORD_DEV_GUILD"]))
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return  # the command tree answers the commands
        await interaction.response.edit_message(attachments=[self._hand_file()],
                                                view=self.hand_view)
        self._publish(interaction)

    def _publish(self, interaction: discord.Interaction) -> None:
        """The channel's requests for one interaction, in a task of their own (as Rami's
        publisher works apart from the answers)."""
        channel = self.channels.setdefault(interaction.channel_id or 0, Channel())
        task = asyncio.create_task(self._channel_work(interaction, channel))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _channel_work(self, interaction: discord.Interaction, channel: Channel) -> None:
        async with channel.lock:
            due = []
            for kind in KINDS:
                channel.debt[kind] += self.mix[kind]
                if channel.debt[kind] >= 1:
                    channel.debt[kind] -= 1
                    due.append(kind)
            channel_id = interaction.channel_id or 0
            if channel.table is None or "edit" in due:
                await self._table(channel_id, channel)
            for kind in ("send", "followup"):
                if kind in due:
                    await self._remind(interaction, channel, followup=kind == "followup")
            for kind in ("delete", "webhook_delete"):
                if kind in due and len(channel.reminders) > 1:
                    await self._forget_reminder(channel_id, channel,
                                                webhook=kind == "webhook_delete")
            if "webhook_edit" in due and channel.answered is not None:
                await channel.answered.edit_original_response(view=self.hand_view)
            channel.answered = interaction

    async def _remind(self, interaction: discord.Interaction, channel: Channel, *,
                      followup: bool) -> None:
        """A turn reminder: a public follow-up of ``interaction`` (answered already), or a
        channel message; as Rami sends them, no message object made of the answer."""
        with handle_message_parameters(
                view=_ping_view(interaction.user.id),
                allowed_mentions=discord.AllowedMentions(users=True)) as params:
            if followup:
                webhook = interaction.followup
                sent = await async_context.get().execute_webhook(
                    webhook.id, interaction.token, session=webhook.session,
                    payload=params.payload, multipart=params.multipart,
                    files=params.files, wait=True, with_components=True)
                assert sent is not None
                channel.reminders.append((int(sent["id"]), interaction))
            else:
                sent = await self.http.send_message(interaction.channel_id or 0,
                                                    params=params)
                channel.reminders.append((int(sent["id"]), None))

    async def _forget_reminder(self, channel_id: int, channel: Channel, *,
                               webhook: bool) -> None:
        """Delete the oldest reminder: through the token it was sent with when ``webhook``
        and it was a follow-up, else through the channel route."""
        message_id, followed = channel.reminders.pop(0)
        if webhook and followed is not None:
            hook = followed.followup
            await async_context.get().delete_webhook_message(
                hook.id, followed.token, message_id, session=hook.session)
        else:
            await self.http.delete_message(channel_id, message_id)

    async def _table(self, channel_id: int, channel: Channel) -> None:
        params = handle_message_parameters(
            file=discord.File(io.BytesIO(self.table_png), filename="table.png",
                              description="The table"),
            view=self.table_view, allowed_mentions=NO_PINGS)
        with params:
            if channel.table is None:
                sent = await self.http.send_message(channel_id, params=params)
                channel.table = int(sent["id"])
            else:
                await self.http.edit_message(channel_id, channel.table, params=params)


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        os.environ["DISCORD_GATEWAY_URL"])
    given = [float(x) for x in os.environ.get("FLOOR_MIX", DEFAULT_MIX).split(",")]
    mix = dict(zip(KINDS, given + [0.0] * (len(KINDS) - len(given)), strict=True))
    hand_kib, table_kib = map(float, os.environ.get("FLOOR_SIZES", "23.6,18.5").split(","))
    FloorBot(mix, (hand_kib, table_kib)).run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
