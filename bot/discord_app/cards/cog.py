"""A card game's turn on Discord: ``/rummy hand``, ``draw``, ``meld``, ``layoff``, ``swap``,
``discard`` and the buttons and menus of the private hand (:mod:`.components`).

A command and its button do exactly the same thing, and every handler answers once
through the one error path (:meth:`~bot.discord_app.core.answering.Replies.to`). A
click reads: the component's callback → :class:`CardTurn`'s method → one call into the
session layer (:meth:`bot.session.Tables.act`) → the engine; then the hand is shown again.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.cards.components import (
    HandButton,
    HandPick,
    LayOffButton,
    LeaveOutButton,
)
from bot.discord_app.core.answering import Replies, check_channel, check_owner, snapshot_of
from bot.discord_app.core.components import owner_of, selection_of
from bot.discord_app.core.feature import Feature, Route, Routed
from bot.discord_app.core.i18n import loc, t
from bot.discord_app.core.replies import Reply, error_reply
from bot.discord_app.core.text import meld_choices
from bot.discord_app.hand import HandMessages, piece_choices
from bot.discord_app.hand.present import action_note
from bot.session import check_length, display_order, read_card, read_pieces
from bot.session.card_clicks import (
    HandAction,
    click_action,
    cycle_sort,
    suggested_picks,
    without_meld,
)
from engine import Card, NotationError
from engine.actions import Action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.i18n import quote
from engine.notation_words import Word, fold, words_read
from engine.rules import Kind
from engine.views import PlayerView

if TYPE_CHECKING:
    from bot.discord_app.tiles.cog import TileTurn
    from bot.session import Tables
    from bot.session.prefs import Preferences

SOURCES = {Word.STOCK: "stock", Word.PILE: "discard"}  # the notation's words of the piles
SOURCE_CHOICES = [
    Choice(name=loc("bot.choice.stock"), value="stock"),
    Choice(name=loc("bot.choice.discard"), value="discard"),
]
MeldNumber = app_commands.Range[int, 1, 200]


class CardTurn(Feature):
    """The commands and components of a card game's turn (``/rummy meld`` in a tile game
    lays new sets: ``tiles`` takes it)."""

    def __init__(self, tables: Tables, prefs: Preferences, replies: Replies,
                 hands: HandMessages, tiles: TileTurn) -> None:
        self.tables, self.prefs, self.replies, self.hands = tables, prefs, replies, hands
        self.tiles = tiles

    def routes(self) -> dict[type[Routed], Route]:
        return {HandButton: self.on_button, HandPick: self.on_pick,
                LayOffButton: self.on_lay_off, LeaveOutButton: self.on_leave_out}

    async def _act(self, interaction: discord.Interaction, action: Action, lang: str,
                   *, update: bool = False) -> Reply:
        view = await self.tables.act(interaction.channel_id or 0, interaction.user.id, action)
        return await self.hands.reply(interaction, view, lang, action_note(action, view, lang),
                                      update=update)

    async def _order(self, interaction: discord.Interaction,
                     channel: int | None = None) -> tuple[PlayerView, list[int]]:
        """The caller's view and their hand's display order (positions as numbered;
        ``channel``: the game's, when not the interaction's)."""
        channel = (interaction.channel_id or 0) if channel is None else channel
        view = await self.tables.hand(channel, interaction.user.id)
        sort = (await self.prefs.player(interaction.user.id)).sort
        return view, display_order(view, sort)

    # ------------------------------------------------------------------ autocomplete
    async def _cards(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.card_choices(interaction, current, several=True)

    async def _card(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.card_choices(interaction, current, several=False)

    async def _meld(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        channel = interaction.channel_id or 0
        hinted = await self.replies.hint(interaction, snapshot_of(self.tables, channel))
        if hinted is None or (view := hinted[0].view) is None:
            return []
        return meld_choices(view.melds, current, hinted[1])

    async def card_choices(self, interaction: discord.Interaction, current: str,
                           *, several: bool) -> list[Choice[str]]:
        """Cards of the caller's own hand completing what they typed (a hint only)."""
        mine = self.tables.hand(interaction.channel_id or 0, interaction.user.id)
        hinted = await self.replies.hint(interaction, mine)
        if hinted is None:
            return []
        view, lang = hinted
        return piece_choices(view, lang, current, several=several)

    # ------------------------------------------------------------------ commands
    @app_commands.command(name=loc("bot.cmd.hand"), description=loc("bot.cmd.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "hand", after=self.hands.keep) as answer:
            view = await self.tables.hand(interaction.channel_id or 0, interaction.user.id)
            answer.reply = await self.hands.reply(interaction, view, answer.lang)

    @app_commands.command(name=loc("bot.cmd.draw"), description=loc("bot.cmd.draw.desc"))
    @app_commands.rename(source=loc("bot.opt.source"))
    @app_commands.describe(source=loc("bot.opt.source.desc"))
    @app_commands.choices(source=SOURCE_CHOICES)
    async def draw(self, interaction: discord.Interaction, source: str | None = None) -> None:
        async with self.replies.to(interaction, "draw", after=self.hands.keep) as answer:
            # The menu gives "stock" or "discard"; a typed word of any language works too.
            pile = words_read(tuple(SOURCES), answer.lang).get(fold(source or "stock"))
            if pile is None:
                answer.reply = error_reply(t("bot.error.bad_source", answer.lang,
                                             source=quote(source or "")))
                return
            chosen = Draw(SOURCES[pile])  # type: ignore[arg-type]
            answer.reply = await self._act(interaction, chosen, answer.lang)

    @app_commands.command(name=loc("bot.cmd.meld"), description=loc("bot.cmd.meld.desc"))
    @app_commands.rename(cards=loc("bot.opt.cards"))
    @app_commands.describe(cards=loc("bot.opt.cards.desc"))
    @app_commands.autocomplete(cards=_cards)
    async def meld(self, interaction: discord.Interaction, cards: str) -> None:
        snapshot = await self.tables.snapshot(interaction.channel_id or 0)
        if snapshot is not None and snapshot.rules.kind is Kind.TILES:
            await self.tiles.play(interaction, cards)  # new sets of tiles, confirmed
            return
        async with self.replies.to(interaction, "meld", after=self.hands.keep) as answer:
            view, order = await self._order(interaction)
            melds = tuple(read_pieces(part, view, order, Card, answer.lang)
                          for part in check_length(cards).split("|") if part.strip())
            if not melds:
                raise NotationError("notation", token=quote(cards))
            answer.reply = await self._act(interaction, Meld(melds), answer.lang)

    @app_commands.command(name=loc("bot.cmd.layoff"), description=loc("bot.cmd.layoff.desc"))
    @app_commands.rename(cards=loc("bot.opt.cards"), meld=loc("bot.opt.meld"))
    @app_commands.describe(cards=loc("bot.opt.cards.desc"), meld=loc("bot.opt.meld.desc"))
    @app_commands.autocomplete(cards=_cards, meld=_meld)  # type: ignore[misc]
    async def layoff(self, interaction: discord.Interaction, cards: str,
                     meld: MeldNumber) -> None:
        async with self.replies.to(interaction, "layoff", after=self.hands.keep) as answer:
            view, order = await self._order(interaction)
            pieces = read_pieces(cards, view, order, Card, answer.lang)
            answer.reply = await self._act(interaction, LayOff(pieces, meld - 1), answer.lang)

    @app_commands.command(name=loc("bot.cmd.swap"), description=loc("bot.cmd.swap.desc"))
    @app_commands.rename(meld=loc("bot.opt.meld"), card=loc("bot.opt.card"))
    @app_commands.describe(meld=loc("bot.opt.meld.desc"), card=loc("bot.opt.card.desc"))
    @app_commands.autocomplete(meld=_meld, card=_card)  # type: ignore[misc]
    async def swap(self, interaction: discord.Interaction, meld: MeldNumber,
                   card: str) -> None:
        async with self.replies.to(interaction, "swap", after=self.hands.keep) as answer:
            view, order = await self._order(interaction)
            swap = SwapJoker(read_card(card, view, order, answer.lang), meld - 1)
            answer.reply = await self._act(interaction, swap, answer.lang)

    @app_commands.command(name=loc("bot.cmd.discard"), description=loc("bot.cmd.discard.desc"))
    @app_commands.rename(card=loc("bot.opt.card"))
    @app_commands.describe(card=loc("bot.opt.card.desc"))
    @app_commands.autocomplete(card=_card)
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        async with self.replies.to(interaction, "discard", after=self.hands.keep) as answer:
            view, order = await self._order(interaction)
            chosen = Discard(read_card(card, view, order, answer.lang))
            answer.reply = await self._act(interaction, chosen, answer.lang)

    # ------------------------------------------------------------------ components
    async def on_button(self, interaction: discord.Interaction, button: HandButton) -> None:
        """A button of the hand (sort: of the tile rack too)."""
        async with self.replies.to(interaction, f"hand.{button.action}",
                                   after=self.hands.keep) as answer:
            check_channel(interaction, button.channel_id)
            check_owner(interaction, owner_of(interaction.message))
            if button.action is HandAction.SORT:
                await cycle_sort(self.prefs, interaction.user.id)
                view = await self.tables.hand(button.channel_id, interaction.user.id)
                answer.reply = await self.hands.reply(interaction, view, answer.lang,
                                                      update=True, table=button.channel_id)
                return
            if button.action is HandAction.SUGGEST:  # the picks change, not the game
                view, order = await self._order(interaction, button.channel_id)
                table = await snapshot_of(self.tables, button.channel_id)
                # The hard computer's partitioner: tens of ms on a hand of one suit and
                # jokers, so off the event loop as the computers' turns are.
                picks = await asyncio.to_thread(suggested_picks, view, order, table.rules)
                answer.reply = await self.hands.reply(
                    interaction, view, answer.lang, update=True, picture=False,
                    selected=picks, table=button.channel_id)
                return
            rules = None
            if button.action in (HandAction.MELD, HandAction.OPEN):
                snapshot = await self.tables.snapshot(button.channel_id)
                rules = None if snapshot is None else snapshot.rules
            chosen = click_action(button.action, selection_of(interaction.message), rules)
            view = await self.tables.act(button.channel_id, interaction.user.id, chosen)
            answer.reply = await self.hands.reply(
                interaction, view, answer.lang, action_note(chosen, view, answer.lang),
                update=True, table=button.channel_id)

    async def on_lay_off(self, interaction: discord.Interaction,
                         button: LayOffButton) -> None:
        """A lay-off button beside a table meld: the cards picked in the first menu laid
        off on that meld (as the Lay off button with that meld picked)."""
        async with self.replies.to(interaction, "hand.layoff_on",
                                   after=self.hands.keep) as answer:
            check_channel(interaction, button.channel_id)
            check_owner(interaction, owner_of(interaction.message))
            picked = {**selection_of(interaction.message), "m": [str(button.meld)]}
            chosen = click_action(HandAction.LAYOFF, picked, None)
            view = await self.tables.act(button.channel_id, interaction.user.id, chosen)
            answer.reply = await self.hands.reply(
                interaction, view, answer.lang, action_note(chosen, view, answer.lang),
                update=True, table=button.channel_id)

    async def on_leave_out(self, interaction: discord.Interaction,
                           button: LeaveOutButton) -> None:
        """A "Leave out" button beside a meld of the opening proposed: that meld's cards
        are no longer picked (the message's menus), and the hand is shown again."""
        async with self.replies.to(interaction, "hand.leave_out",
                                   after=self.hands.keep) as answer:
            check_channel(interaction, button.channel_id)
            check_owner(interaction, owner_of(interaction.message))
            view = await self.tables.hand(button.channel_id, interaction.user.id)
            rules = (await snapshot_of(self.tables, button.channel_id)).rules
            selected = without_meld(selection_of(interaction.message), rules, button.meld)
            answer.reply = await self.hands.reply(interaction, view, answer.lang, update=True,
                                                  selected=selected, picture=False,
                                                  table=button.channel_id)

    async def on_pick(self, interaction: discord.Interaction, menu: HandPick) -> None:
        """Remember a menu pick in the hand message itself (its default options); a pick
        on ``owner``'s hand by anyone else is refused privately."""
        async with self.replies.to(interaction, f"pick.{menu.slot}",
                                   after=self.hands.keep) as answer:
            check_channel(interaction, menu.channel_id)
            check_owner(interaction, menu.owner if menu.owner is not None
                        else owner_of(interaction.message))
            selected = {k: set(v) for k, v in selection_of(interaction.message).items()}
            data = cast("dict[str, Any]", interaction.data or {})
            selected[menu.slot] = {str(v) for v in data.get("values", [])}
            view = await self.tables.hand(menu.channel_id, interaction.user.id)
            answer.reply = await self.hands.reply(interaction, view, answer.lang, update=True,
                                                  selected=selected, picture=False,
                                                  table=menu.channel_id)
