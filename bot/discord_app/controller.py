"""The handlers of a card game's turn: the hand, draw, meld, lay off, swap, discard.

Slash commands (``bot.discord_app.commands``) and the hand's components
(``bot.discord_app.views``) both land here, so a button and its command do exactly the
same thing. Every handler answers through :meth:`Service.run`, the one error path; the
lobby and the table have their own handlers (``bot.discord_app.table_controller``), tile
rummy too (``bot.discord_app.tile_controller``), peers over the same service.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord_app import present
from bot.discord_app.i18n import t
from bot.discord_app.replies import Reply, error_reply
from bot.discord_app.service import or_none
from bot.discord_app.views import selection_of
from bot.session import SessionError, check_length, display_order, read_card, read_pieces
from engine import Card, NotationError, RuleSet, RummyError, classify
from engine.actions import Action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.cards.card import read_codes
from engine.i18n import Msg, quote
from engine.notation_words import Word, fold, words_read
from engine.numbers import whole
from engine.rules import Kind

if TYPE_CHECKING:
    from bot.discord_app.service import Service
    from bot.discord_app.tile_controller import TileUI
    from bot.session.prefs import Preferences

SORT_CYCLE = {"suit": "rank", "rank": "own", "own": "suit"}
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
        if snapshot is not None and snapshot.rules.kind is Kind.TILES:
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
            rules = (await self.service.snapshot(interaction.channel_id or 0)).rules if (
                action == "meld") else None
            chosen = click_action(action, selection_of(interaction.message), rules)
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


async def cycle_sort(prefs: Preferences, user_id: int) -> None:
    """The hand's Sort button: the player's next way of sorting, saved."""
    current = (await prefs.player(user_id)).sort
    await prefs.update_player(user_id, sort=SORT_CYCLE.get(current, "suit"))


def click_action(action: str, picked: dict[str, list[str]], rules: RuleSet | None) -> Action:
    """The card action a hand button stands for (draw, take, meld, layoff, swap, discard),
    made of what is ``picked`` in the message's menus (``rules``: for a meld's order).

    Raises:
        SessionError: what the button needs is not picked (the message says what).
    """
    if action in ("draw", "take"):
        return Draw("discard" if action == "take" else "stock")
    button = Msg(f"bot.button.{action}")
    first = [_card_of_value(v) for v in picked.get("a", [])]
    second = [_card_of_value(v) for v in picked.get("b", [])]
    meld = [n for n in (whole(v) for v in picked.get("m", [])) if n is not None]
    if not first:
        raise SessionError("bot.error.pick_cards", button=button)
    if action == "meld":
        assert rules is not None
        return Meld(tuple(arrange_meld(cards, rules) for cards in (first, second) if cards))
    if action == "discard":
        if len(first) != 1:
            raise SessionError("bot.error.pick_one")
        return Discard(first[0])
    if not meld:
        raise SessionError("bot.error.pick_meld", button=button)
    if action == "layoff":
        return LayOff(tuple(first), meld[0] - 1)
    if len(first) != 1:
        raise SessionError("bot.error.pick_one_swap")
    return SwapJoker(first[0], meld[0] - 1)


def _card_of_value(value: str) -> Card:
    """A menu value ``"3:Qh"`` (position:card code, the same in every language) back to
    its card; older menus hold ``"3:Q♥"``, which reads the same.

    Raises:
        NotationError: not one card's code (a value no menu of the bot holds).
    """
    cards = read_codes(check_length(value.partition(":")[2] or value))
    if len(cards) != 1:
        raise NotationError("notation.card", token=quote(value))
    return cards[0]


def arrange_meld(cards: Sequence[Card], rules: RuleSet) -> tuple[Card, ...]:
    """Cards picked in a menu (which keeps no order) in an order that makes a meld.

    Jokers are tried in every place between and around the real cards sorted by rank
    (ace high, then ace low), the high end first; the first valid arrangement wins. Cards
    that form no meld are returned sorted, for the engine to explain what is wrong.
    """
    reals = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    orders = [sorted(reals, key=lambda c: 14 if c.rank == 1 else c.rank),
              sorted(reals, key=lambda c: c.rank)]
    for order in orders:
        if not jokers:
            candidates: Iterable[tuple[Card, ...]] = [tuple(order)]
        else:
            size = len(cards)
            candidates = (
                _with_jokers(order, jokers, places)
                for places in reversed(list(
                    itertools.combinations(range(size), len(jokers))))
            )
        for candidate in candidates:
            try:
                classify(candidate, rules)
            except RummyError:
                continue
            return candidate
    return tuple(orders[1] + jokers)


def _with_jokers(reals: list[Card], jokers: list[Card], places: tuple[int, ...]
                 ) -> tuple[Card, ...]:
    out: list[Card] = []
    it = iter(reals)
    jk = iter(jokers)
    for index in range(len(reals) + len(jokers)):
        out.append(next(jk) if index in places else next(it))
    return tuple(out)

