"""The floor under the bot's CPU per interaction: a discord.py bot that plays no game.

    python bench/floor_bot.py      # run by bench/floor_bench.py, pointed at its fake Discord

It answers every interaction as Rami does — ``/rummy hand`` with a private message, a
click or a pick by editing the clicked message, each a layout message (the flag
``IS_COMPONENTS_V2``) shaped as Rami's hand message of a Rami 51 game: one container
with the cards numbered, the picture attached, two card menus with an emoji per card,
what the turn asks and eight buttons, alternately 14 and 13 cards — and after each
answer sends the channel requests Rami sends per interaction on average
(``bench/bot_bench.py`` counts them): a table edit with its picture (a layout shaped as
Rami's table message), a turn reminder (a layout mentioning the player) sent and the
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
import itertools
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


# A hand as Rami shows it (a Rami 51 hand just drawn, 14 cards; 13 after a discard):
# each card with its custom emoji, as Rami's application emojis name them.
HAND = ("3♣", "6♣", "3♠", "6♠", "7♠", "J♠", "Q♠", "10♥", "J♥", "4♦", "6♦", "7♦", "Q♦", "K♦")
CODES = ("3c", "6c", "3s", "6s", "7s", "Js", "Qs", "10h", "Jh", "4d", "6d", "7d", "Qd", "Kd")


def _card_emoji(number: int) -> discord.PartialEmoji:
    return discord.PartialEmoji(name=f"r_c{CODES[number]}_{number:06x}",
                                id=1_300_000_000_000_000_000 + number)


def _hand_view(cards: int) -> discord.ui.LayoutView:
    """A hand message as Rami sends it since its messages are layouts (``core/layout.py``,
    ``hand/present.py``): one container holding the cards numbered, the picture, two card
    menus (a first and a second meld) each with every card and its emoji, what the turn
    asks, and eight buttons in two rows. Stopped, as Rami's are, so that discord.py keeps
    no view per message."""
    ui = discord.ui
    shown = HAND[:cards]
    numbered = "  ".join(f"`{n}` {card}" for n, card in enumerate(shown, 1))
    menus: list[ui.ActionRow[ui.LayoutView]] = [ui.ActionRow(ui.Select(
        custom_id=f"rami:pick:{slot}:1300000000000000004:1300000000000000132",
        placeholder=placeholder, min_values=0, max_values=len(shown),
        options=[discord.SelectOption(label=f"{n}. {card}", value=f"{n}:{CODES[n - 1]}",
                                      emoji=_card_emoji(n - 1))
                 for n, card in enumerate(shown, 1)]))
        for slot, placeholder in (("a", "Cards to meld, lay off or discard"),
                                  ("b", "Cards of a second meld"))]
    labels = ("Draw from stock", "Take the discard", "Meld", "Lay off", "Swap a joker",
              "Discard", "Sort: suit", "Suggest an opening")
    rows: list[ui.ActionRow[ui.LayoutView]] = [
        ui.ActionRow(*(ui.Button(label=label, custom_id=f"rami:hand:{label}:1300000000000000004")
                       for label in labels[start:start + 5])) for start in (0, 5)]
    gallery: ui.MediaGallery[ui.LayoutView] = ui.MediaGallery()
    gallery.add_item(media="attachment://hand.png", description=(
        f"Your hand, {cards} cards: {' '.join(shown)}. Just drawn: 7♠. Opening: 51 points "
        "to lay."))
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(
        ui.TextDisplay(f"**Your hand ({cards} cards)**\n{numbered}"), gallery, *menus,
        ui.TextDisplay("You drew <:r_c7s_c4fb23:1300000000000000034>.\nMeld or lay off if "
                       "you can, then discard one card.\nYour opening needs 51 points."),
        *rows, accent_colour=0x2E7D32))
    view.stop()
    return view


def _table_view() -> discord.ui.LayoutView:
    """The table message as Rami's (``table/present.py``): a container with whose turn
    and the piles, the picture, the seats, the melds and two buttons."""
    ui = discord.ui
    gallery: ui.MediaGallery[ui.LayoutView] = ui.MediaGallery()
    seats = ("p3a: 13 cards, 0 points, not opened yet", "p3b: 13 cards, 0 points, not opened "
             "yet", "CPU 1 · easy: 13 cards, 0 points, not opened yet",
             "CPU 2 · medium: 13 cards, 0 points, not opened yet")
    gallery.add_item(media="attachment://table.png", description=(
        "Table, Rami 51, round 1. p3a's turn. Stock: 55. Discard: 1, discard pile top 8♦. "
        "Players: " + "; ".join(seats) + ". No meld on the table yet."))
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(
        ui.TextDisplay("### Rami 51, round 1\n<@1300000000000000130> to play.\nStock: 55 "
                       "cards · discard pile: <:r_c8d_178251:1300000000000000067>"),
        gallery, ui.TextDisplay("\n".join(seats)), ui.Separator(),
        ui.TextDisplay("**Melds on the table**\nNo melds yet."),
        ui.ActionRow(*(ui.Button(label=label, custom_id=f"rami:table:{label}:1")
                       for label in ("My hand", "Score"))),
        accent_colour=0x3BA55D))
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
        # Rami's hands alternate between 14 cards (drawn) and 13 (discarded).
        self.hand_views = itertools.cycle((_hand_view(14), _hand_view(13)))
        self.table_view = _table_view()
        self.channels: dict[int, Channel] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        rummy = app_commands.Group(name="rummy", description="Play rummy")

        @rummy.command(name="hand", description="Your hand")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                file=self._hand_file(), view=next(self.hand_views), ephemeral=True)
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
                                                view=next(self.hand_views))
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
                await channel.answered.edit_original_response(view=next(self.hand_views))
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
