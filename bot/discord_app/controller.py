"""The handlers of a card game's turn: the hand, draw, meld, lay off, swap, discard.

Slash commands (``bot.discord_app.commands``) and the hand's components
(``bot.discord_app.views``) both land here, so a button and its command do exactly the
same thing. Every handler answers through :meth:`Service.run`, the one error path; the
lobby and the table have their own handlers (``bot.discord_app.table_controller``), tile
rummy too (``bot.discord_app.tile_controller``), peers over the same service.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord_app import present
from bot.discord_app.i18n import t
from bot.discord_app.replies import Reply, error_reply
from bot.discord_app.service import or_none
from bot.discord_app.views import selection_of
from bot.session import check_length, display_order, read_card, read_pieces
from bot.session.card_clicks import HandAction, click_action, cycle_sort
from engine import Card, NotationError
from engine.actions import Action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.i18n import quote
from engine.notation_words import Word, fold, words_read
from engine.rules import Kind

if TYPE_CHECKING:
    from bot.discord_app.service import Service
    from bot.discord_app.tile_controller import TileUI

SOURCES = {Word.STOCK: "stock", Word.PILE: "discard"}  # the notation's words of the piles


class Controller:
    """A card game's turn: interactions into session calls and replies."""

    def __init__(self, service: Service, tiles: TileUI) -> None:
        self.service = service
        self.tables = service.tables
        self.prefs = service.prefs
        self.tiles = tiles  # /rummy meld in a tile game lays new sets

    async def _act(self, interaction: discord.Interaction, action: Action, lang: str,
                   *, update: bool = False) -> Reply:
        view = await self.tables.act(interaction.channel_id or 0, interaction.user.id, action)
        note = present.action_note(action, view, lang)
        return await self.service.hand_reply(interaction, view, lang, note, update=update)

    # ------------------------------------------------------------------ hand and actions
    async def hand(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            view = await self.service.player_view(interaction)
            return await self.service.hand_reply(interaction, view, lang)

        await self.service.run(interaction, "hand", work)

    async def draw(self, interaction: discord.Interaction, source: str | None) -> None:
        async def work(lang: str) -> Reply:
            # The menu gives "stock" or "discard"; a typed word of any language works too.
            pile = words_read(tuple(SOURCES), lang).get(fold(source or "stock"))
            if pile is None:
                return error_reply(t("bot.error.bad_source", lang, source=quote(source or "")))
            return await self._act(interaction, Draw(SOURCES[pile]), lang)  # type: ignore[arg-type]

        await self.service.run(interaction, "draw", work)

    async def meld(self, interaction: discord.Interaction, cards: str) -> None:
        snapshot = await self.tables.snapshot(interaction.channel_id or 0)
        if snapshot is not None and self.tables.rules_of(snapshot).kind is Kind.TILES:
            await self.tiles.play(interaction, cards)  # new sets of tiles, confirmed
            return

        async def work(lang: str) -> Reply:
            view = await self.service.player_view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            melds = tuple(read_pieces(part, view, display_order(view, sort), Card, lang)
                          for part in check_length(cards).split("|") if part.strip())
            if not melds:
                raise NotationError("notation", token=quote(cards))
            return await self._act(interaction, Meld(melds), lang)

        await self.service.run(interaction, "meld", work)

    async def layoff(self, interaction: discord.Interaction, cards: str, meld: int) -> None:
        async def work(lang: str) -> Reply:
            view = await self.service.player_view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            pieces = read_pieces(cards, view, display_order(view, sort), Card, lang)
            return await self._act(interaction, LayOff(pieces, meld - 1), lang)

        await self.service.run(interaction, "layoff", work)

    async def swap(self, interaction: discord.Interaction, meld: int, card: str) -> None:
        async def work(lang: str) -> Reply:
            view = await self.service.player_view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            return await self._act(interaction,
                                   SwapJoker(read_card(card, view, display_order(view, sort),
                                                       lang), meld - 1), lang)

        await self.service.run(interaction, "swap", work)

    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        async def work(lang: str) -> Reply:
            view = await self.service.player_view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            discard = Discard(read_card(card, view, display_order(view, sort), lang))
            return await self._act(interaction, discard, lang)

        await self.service.run(interaction, "discard", work)

    async def hand_button(self, interaction: discord.Interaction, action: str,
                          channel_id: int) -> None:
        async def work(lang: str) -> Reply:
            self.service.same_channel(interaction, channel_id)
            self.service.own_hand(interaction)
            if action == "sort":
                await cycle_sort(self.prefs, interaction.user.id)
                view = await self.service.player_view(interaction)
                return await self.service.hand_reply(interaction, view, lang, update=True)
            rules = await self.service.table_rules(interaction) if action == "meld" else None
            chosen = click_action(HandAction(action), selection_of(interaction.message), rules)
            return await self._act(interaction, chosen, lang, update=True)

        await self.service.run(interaction, f"hand.{action}", work)

    async def pick(self, interaction: discord.Interaction, slot: str, channel_id: int,
                   values: Sequence[str], owner: int | None = None) -> None:
        """Remember a menu pick in the hand message itself (its default options); a pick
        on ``owner``'s hand by anyone else is refused privately."""
        async def work(lang: str) -> Reply:
            self.service.same_channel(interaction, channel_id)
            self.service.own_hand(interaction, owner)
            selected = {k: set(v) for k, v in selection_of(interaction.message).items()}
            selected[slot] = set(values)
            view = await self.service.player_view(interaction)
            return await self.service.hand_reply(interaction, view, lang, update=True,
                                                 selected=selected, picture=False)

        await self.service.run(interaction, f"pick.{slot}", work)

    # ------------------------------------------------------------------ autocomplete
    async def card_choices(self, interaction: discord.Interaction, current: str,
                           *, several: bool) -> list[discord.app_commands.Choice[str]]:
        """Cards of the caller's own hand completing what they typed (a hint only)."""
        view = await or_none(self.service.player_view(interaction))
        lang = await or_none(self.service.language(interaction))
        if view is None or lang is None:
            return []
        if several:
            head, _, last = current.rpartition(" ")
            head = (head + " ") if head else ""
        else:
            head, last = "", current.strip()
        used = head.split()
        sort = "suit"
        order = display_order(view, sort)
        texts = [present.piece_text(view.hand[i], lang) for i in order]
        typed = [present.piece_text(view.hand[i], lang, ascii=True).lower() for i in order]
        seen: set[str] = set()
        choices = []
        for text, ascii_text in zip(texts, typed, strict=True):
            if text in seen or used.count(text) >= texts.count(text):
                continue
            if last and not (text.lower().startswith(last.lower())
                             or ascii_text.startswith(last.lower())):
                continue
            seen.add(text)
            value = (head + text)[:100]
            choices.append(discord.app_commands.Choice(name=value, value=value))
        return choices[:25]

    async def meld_choices(self, interaction: discord.Interaction,
                           current: str) -> list[discord.app_commands.Choice[int]]:
        snapshot = await or_none(self.tables.snapshot(interaction.channel_id or 0))
        lang = await or_none(self.service.language(interaction))
        if snapshot is None or snapshot.view is None or lang is None:
            return []
        return present.meld_choices(snapshot.view.melds, current, lang)
