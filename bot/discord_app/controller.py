"""The bot's handlers: parse an interaction, call the session layer, present, reply.

Slash commands (``bot.discord_app.commands``) and components (``bot.discord_app.views``)
both land here, so a button and its command do exactly the same thing. Every handler
goes through :func:`bot.discord_app.replies.answer`, the one error path.
"""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import TYPE_CHECKING, cast

import discord

from bot.discord_app import present
from bot.discord_app.i18n import t
from bot.discord_app.replies import Reply, answer, error_reply
from bot.discord_app.tile_controller import TileUI
from bot.discord_app.views import COMPUTER_LEVELS, selection_of
from bot.session.hand import pieces_from_text
from bot.session.tables import Player, SessionError, Snapshot, Tables
from engine import Action, Card, NotationError, RuleSet, RummyError, classify, parse_card
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from engine.rules import Kind
from engine.views import PlayerView

if TYPE_CHECKING:
    from bot.discord_app.publisher import Publisher
    from bot.session.prefs import Preferences

log = logging.getLogger("rami.bot")

HAND_TOKEN_LIFETIME = 14 * 60.0  # seconds; Discord's interaction tokens last 15 minutes
SORT_CYCLE = {"suit": "rank", "rank": "own", "own": "suit"}
LEVEL_WORDS = {"facile": "easy", "moyen": "medium", "difficile": "hard"}
SOURCES = {"stock": "stock", "talon": "stock", "pioche": "stock", "discard": "discard",
           "defausse": "discard", "défausse": "discard", "discard pile": "discard"}


class Controller:
    """Turns interactions into session calls and replies."""

    def __init__(self, tables: Tables, prefs: Preferences, publisher: Publisher) -> None:
        self.tables = tables
        self.prefs = prefs
        self.publisher = publisher
        # Each player's latest hand message, refreshed when their turn comes back:
        # (channel, user) -> (interaction whose token edits it, message id, language, time).
        self._hands: dict[tuple[int, int], tuple[discord.Interaction, int, str, float]] = {}
        self._pending_hands: dict[int, tuple[int, int, str]] = {}
        publisher.on_turn = self.refresh_hand
        self.tile_ui = TileUI(self)

    # ------------------------------------------------------------------ helpers
    async def language(self, interaction: discord.Interaction) -> str:
        """The language of the reply (:func:`bot.prefs.player_language`)."""
        return await self.prefs.language(interaction.user.id, interaction.locale.value,
                                         interaction.guild_id)

    async def run(
        self,
        interaction: discord.Interaction,
        what: str,
        work: Callable[[str], Awaitable[Reply]],
        *,
        public: bool = False,
    ) -> int | None:
        """Answer ``interaction`` with ``work(lang)``; returns the reply's message id."""
        try:
            lang = await self.language(interaction)
        except Exception:
            log.exception("language lookup failed user=%s", interaction.user.id)
            lang = "en"
        if interaction.channel_id is None or interaction.guild_id is None:
            return await answer(interaction, _const(error_reply(t("bot.error.guild_only", lang))),
                                lang=lang, what=what)
        message_id = await answer(interaction, lambda: work(lang), lang=lang, what=what,
                                  public=public)
        pending = self._pending_hands.pop(interaction.id, None)
        if pending is not None and message_id is not None:
            channel, user, hand_lang = pending
            self._hands[(channel, user)] = (interaction, message_id, hand_lang, time.monotonic())
        return message_id

    @staticmethod
    def player(interaction: discord.Interaction) -> Player:
        return Player(interaction.user.id, interaction.user.display_name)

    @staticmethod
    def is_moderator(interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions.manage_guild)

    async def _hand_reply(
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
        prefs = await self.prefs.player(interaction.user.id)
        names = [seat.name for seat in view.seats]
        drawn = None
        if picture:
            drawn = await present.draw(present.hand_picture, view, lang, sort=prefs.sort,
                                       theme=prefs.theme, back=prefs.back)
        reply = present.hand(view, interaction.channel_id or 0, lang, sort=prefs.sort,
                             note=note, names=names, selected=selected, picture=drawn)
        self._pending_hands[interaction.id] = (interaction.channel_id or 0, interaction.user.id,
                                               lang)
        if update:
            return Reply(content=reply.content, pictures=reply.pictures, view=reply.view,
                         ephemeral=True, update=True)
        return reply

    async def _act(self, interaction: discord.Interaction, action: Action, lang: str,
                   *, update: bool = False) -> Reply:
        view = await self.tables.act(interaction.channel_id or 0, interaction.user.id, action)
        note = present.action_note(action, view, lang)
        return await self._hand_reply(interaction, view, lang, note, update=update)

    async def _rules(self, interaction: discord.Interaction) -> RuleSet:
        snapshot = await self.tables.snapshot(interaction.channel_id or 0)
        if snapshot is None:
            raise SessionError("session.no_game")
        return cast(RuleSet, self.tables.rules_of(snapshot))

    async def _view(self, interaction: discord.Interaction) -> PlayerView:
        return await self.tables.hand(interaction.channel_id or 0, interaction.user.id)

    async def refresh_hand(self, channel_id: int, user_id: int) -> None:
        """Bring the player's latest hand message up to date (their turn has come).

        Discord lets an interaction's token edit its messages for 15 minutes; an older
        hand message is left as it is (the turn reminder says to open the hand again).
        """
        entry = self._hands.get((channel_id, user_id))
        if entry is None:
            return
        interaction, message_id, lang, when = entry
        if time.monotonic() - when > HAND_TOKEN_LIFETIME:
            del self._hands[(channel_id, user_id)]
            return
        try:
            view = await self.tables.hand(channel_id, user_id)
            prefs = await self.prefs.player(user_id)
            picture = await present.draw(present.hand_picture, view, lang, sort=prefs.sort,
                                         theme=prefs.theme, back=prefs.back)
            reply = present.hand(view, channel_id, lang, sort=prefs.sort,
                                 names=[seat.name for seat in view.seats], picture=picture)
            await interaction.followup.edit_message(
                message_id, content=reply.content, attachments=reply.files(),
                view=reply.view or discord.utils.MISSING, allowed_mentions=reply.allowed_mentions)
        except (RummyError, discord.HTTPException) as error:
            log.info("hand not refreshed channel=%s user=%s error=%s", channel_id, user_id,
                     type(error).__name__)
            self._hands.pop((channel_id, user_id), None)

    # ------------------------------------------------------------------ lobby
    async def new(self, interaction: discord.Interaction, variant: str | None,
                  target: int | None) -> None:
        channel, guild = interaction.channel_id or 0, interaction.guild_id or 0
        opened: list[Snapshot] = []

        async def work(lang: str) -> Reply:
            snapshot = await self.tables.open_lobby(channel, guild, self.player(interaction),
                                                    variant, target)
            opened.append(snapshot)
            return present.lobby(snapshot, lang, self._target(snapshot))

        message_id = await self.run(interaction, "new", work, public=True)
        if opened and message_id is not None:
            lang = await self.language(interaction)
            await self.tables.set_ui(channel, lobby_message=message_id, lang=lang)

    def _target(self, snapshot: Snapshot) -> int | None:
        target = getattr(self.tables.rules_of(snapshot), "target", None)
        return int(target) if isinstance(target, int) else None

    async def join(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            await self.tables.join(interaction.channel_id or 0, self.player(interaction))
            return Reply(content=t("bot.lobby.joined", lang), ephemeral=True)

        await self.run(interaction, "join", work)

    async def leave(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            await self.tables.leave(interaction.channel_id or 0, interaction.user.id)
            return Reply(content=t("bot.lobby.left", lang), ephemeral=True)

        await self.run(interaction, "leave", work)

    async def start(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            await self.tables.start(interaction.channel_id or 0, interaction.user.id,
                                    is_moderator=self.is_moderator(interaction))
            return Reply(content=t("bot.lobby.started", lang), ephemeral=True)

        await self.run(interaction, "start", work)

    async def end(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            await self.tables.end(interaction.channel_id or 0, interaction.user.id,
                                  is_moderator=self.is_moderator(interaction))
            return Reply(content=t("bot.match.ended", lang,
                                   player=interaction.user.display_name), ephemeral=True)

        await self.run(interaction, "end", work)

    async def lobby_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None:
        async def work(lang: str) -> Reply:
            self._same_channel(interaction, channel_id)
            user = interaction.user.id
            moderator = self.is_moderator(interaction)
            if action == "join":
                snapshot = await self.tables.join(channel_id, self.player(interaction))
            elif action == "leave":
                snapshot = await self.tables.leave(channel_id, user)
                if await self.tables.snapshot(channel_id) is None:  # nobody left: closed
                    return _update(present.lobby_closed(snapshot, lang, "bot.lobby.cancelled"))
            elif action in COMPUTER_LEVELS:
                snapshot = await self.tables.add_computer(channel_id, user,
                                                          COMPUTER_LEVELS[action])
            elif action == "start":
                snapshot = await self.tables.start(channel_id, user, is_moderator=moderator)
                return _update(present.lobby_closed(snapshot, lang, "bot.lobby.started"))
            else:
                snapshot_before = await self.tables.snapshot(channel_id)
                await self.tables.cancel(channel_id, user, is_moderator=moderator)
                if snapshot_before is None:
                    raise SessionError("session.no_game")
                return _update(present.lobby_closed(snapshot_before, lang, "bot.lobby.cancelled"))
            return _update(present.lobby(snapshot, lang, self._target(snapshot)))

        await self.run(interaction, f"lobby.{action}", work)

    async def level(self, interaction: discord.Interaction, seat: int, level: str) -> None:
        """Change a computer seat's level (1-based seat as listed); the game goes on."""
        async def work(lang: str) -> Reply:
            key = LEVEL_WORDS.get(level.strip().lower(), level.strip().lower())
            snapshot = await self.tables.set_level(interaction.channel_id or 0,
                                                   interaction.user.id, seat - 1, key)
            return Reply(content=t("bot.level.changed", lang, name=snapshot.seats[seat - 1].name,
                                   level=t(f"bot.level.{key}", lang)), ephemeral=True)

        await self.run(interaction, "level", work)

    async def computer_choices(self, interaction: discord.Interaction,
                               current: str) -> list[discord.app_commands.Choice[int]]:
        """The computer seats of the table (a hint only; the session checks again)."""
        try:
            snapshot = await self.tables.snapshot(interaction.channel_id or 0)
        except Exception:
            return []
        if snapshot is None:
            return []
        return [
            discord.app_commands.Choice(name=f"{index}: {seat.name} ({seat.level})"[:100],
                                        value=index)
            for index, seat in enumerate(snapshot.seats, 1)
            if seat.is_computer and (not current or str(index).startswith(current.strip()))
        ][:25]

    @staticmethod
    def _same_channel(interaction: discord.Interaction, channel_id: int) -> None:
        if interaction.channel_id != channel_id:
            raise SessionError("session.no_game")

    # ------------------------------------------------------------------ table
    async def table(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            snapshot = await self.tables.snapshot(interaction.channel_id or 0)
            if snapshot is None:
                raise SessionError("session.no_game")
            if snapshot.view is None:
                return present.lobby(snapshot, lang, self._target(snapshot))
            await self.publisher.repost(snapshot)
            return Reply(content=t("bot.table.reposted", lang), ephemeral=True)

        await self.run(interaction, "table", work)

    async def score(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            snapshot = await self.tables.snapshot(interaction.channel_id or 0)
            if snapshot is None:
                raise SessionError("session.no_game")
            return await self._score_sheet(snapshot, lang)

        await self.run(interaction, "score", work)

    @staticmethod
    async def _score_sheet(snapshot: Snapshot, lang: str) -> Reply:
        view = snapshot.view
        picture = None
        if view is not None and view.rounds:
            picture = await present.draw(present.scores_picture, view, lang)
        return present.score_sheet(snapshot, lang, picture)

    async def table_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None:
        async def work(lang: str) -> Reply:
            self._same_channel(interaction, channel_id)
            if action == "hand":
                return await self._hand_reply(interaction, await self._view(interaction), lang)
            if action == "score":
                snapshot = await self.tables.snapshot(channel_id)
                if snapshot is None:
                    raise SessionError("session.no_game")
                return await self._score_sheet(snapshot, lang)
            if action == "next":
                await self.tables.next_round(channel_id, interaction.user.id)
            else:
                await self.tables.rematch(channel_id, interaction.user.id)
            return Reply(view=discord.ui.View(), update=True)

        await self.run(interaction, f"table.{action}", work)

    async def rules(self, interaction: discord.Interaction, variant: str | None) -> None:
        async def work(lang: str) -> Reply:
            return present.rules(present.variant_key(variant), lang)

        await self.run(interaction, "rules", work)

    async def rules_button(self, interaction: discord.Interaction, variant: str) -> None:
        async def work(lang: str) -> Reply:
            return _update(present.rules(present.variant_key(variant), lang))

        await self.run(interaction, "rules.button", work)

    # ------------------------------------------------------------------ hand and actions
    async def hand(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            return await self._hand_reply(interaction, await self._view(interaction), lang)

        await self.run(interaction, "hand", work)

    async def draw(self, interaction: discord.Interaction, source: str | None) -> None:
        async def work(lang: str) -> Reply:
            key = (source or "stock").strip().lower()
            if key not in SOURCES:
                return error_reply(t("bot.error.bad_source", lang, source=source))
            return await self._act(interaction, Draw(SOURCES[key]), lang)  # type: ignore[arg-type]

        await self.run(interaction, "draw", work)

    async def meld(self, interaction: discord.Interaction, cards: str) -> None:
        snapshot = await self.tables.snapshot(interaction.channel_id or 0)
        if snapshot is not None and self.tables.rules_of(snapshot).kind is Kind.TILES:
            await self.tile_ui.play(interaction, cards)  # new sets of tiles, confirmed
            return

        async def work(lang: str) -> Reply:
            view = await self._view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            melds = tuple(tuple(parse_pieces(part, view, sort)) for part in cards.split("|")
                          if part.strip())
            if not melds:
                raise NotationError("notation", token=cards)
            return await self._act(interaction, Meld(melds), lang)

        await self.run(interaction, "meld", work)

    async def layoff(self, interaction: discord.Interaction, cards: str, meld: int) -> None:
        async def work(lang: str) -> Reply:
            view = await self._view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            pieces = tuple(parse_pieces(cards, view, sort))
            return await self._act(interaction, LayOff(pieces, meld - 1), lang)

        await self.run(interaction, "layoff", work)

    async def swap(self, interaction: discord.Interaction, meld: int, card: str) -> None:
        async def work(lang: str) -> Reply:
            view = await self._view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            return await self._act(interaction,
                                   SwapJoker(one_piece(card, view, sort), meld - 1), lang)

        await self.run(interaction, "swap", work)

    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        async def work(lang: str) -> Reply:
            view = await self._view(interaction)
            sort = (await self.prefs.player(interaction.user.id)).sort
            return await self._act(interaction, Discard(one_piece(card, view, sort)), lang)

        await self.run(interaction, "discard", work)

    async def hand_button(self, interaction: discord.Interaction, action: str,
                          channel_id: int) -> None:
        async def work(lang: str) -> Reply:
            self._same_channel(interaction, channel_id)
            picked = selection_of(interaction.message)
            button = t(f"bot.button.{action}", lang)
            if action == "draw":
                return await self._act(interaction, Draw("stock"), lang, update=True)
            if action == "take":
                return await self._act(interaction, Draw("discard"), lang, update=True)
            if action == "sort":
                prefs = await self.prefs.player(interaction.user.id)
                await self.prefs.update_player(interaction.user.id,
                                               sort=SORT_CYCLE.get(prefs.sort, "suit"))
                return await self._hand_reply(interaction, await self._view(interaction), lang,
                                              update=True)
            first = [_card_of_value(v) for v in picked.get("a", [])]
            second = [_card_of_value(v) for v in picked.get("b", [])]
            meld = [int(v) for v in picked.get("m", []) if v.isdigit()]
            if not first:
                return error_reply(t("bot.error.pick_cards", lang, button=button))
            if action == "meld":
                rules = await self._rules(interaction)
                melds = tuple(arrange_meld(m, rules) for m in (first, second) if m)
                return await self._act(interaction, Meld(melds), lang, update=True)
            if action == "discard":
                if len(first) != 1:
                    return error_reply(t("bot.error.pick_one", lang))
                return await self._act(interaction, Discard(first[0]), lang, update=True)
            if not meld:
                return error_reply(t("bot.error.pick_meld", lang, button=button))
            if action == "layoff":
                return await self._act(interaction, LayOff(tuple(first), meld[0] - 1), lang,
                                       update=True)
            if len(first) != 1:
                return error_reply(t("bot.error.pick_one_swap", lang))
            return await self._act(interaction, SwapJoker(first[0], meld[0] - 1), lang,
                                   update=True)

        await self.run(interaction, f"hand.{action}", work)

    async def pick(self, interaction: discord.Interaction, slot: str, channel_id: int,
                   values: Sequence[str]) -> None:
        """Remember a menu pick in the hand message itself (its default options)."""
        async def work(lang: str) -> Reply:
            self._same_channel(interaction, channel_id)
            selected = {k: set(v) for k, v in selection_of(interaction.message).items()}
            selected[slot] = set(values)
            view = await self._view(interaction)
            return await self._hand_reply(interaction, view, lang, update=True,
                                          selected=selected, picture=False)

        await self.run(interaction, f"pick.{slot}", work)

    # ------------------------------------------------------------------ autocomplete
    async def card_choices(self, interaction: discord.Interaction, current: str,
                           *, several: bool) -> list[discord.app_commands.Choice[str]]:
        """Cards of the caller's own hand completing what they typed (a hint only)."""
        try:
            view = await self._view(interaction)
        except Exception:
            return []
        if several:
            head, _, last = current.rpartition(" ")
            head = (head + " ") if head else ""
        else:
            head, last = "", current.strip()
        used = head.split()
        sort = "suit"
        order = present.display_order(view, sort)
        texts = [present.piece_text(view.hand[i]) for i in order]
        seen: set[str] = set()
        choices = []
        for text in texts:
            ascii_text = _ascii(text)
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
        try:
            snapshot = await self.tables.snapshot(interaction.channel_id or 0)
        except Exception:
            return []
        if snapshot is None or snapshot.view is None:
            return []
        return [
            discord.app_commands.Choice(
                name=f"{m.number}: {present.pieces_text(m.pieces)}"[:100], value=m.number)
            for m in snapshot.view.melds
            if not current or str(m.number).startswith(current.strip())
        ][:25]


def _const(reply: Reply) -> Callable[[], Awaitable[Reply]]:
    async def work() -> Reply:
        return reply

    return work


def _update(reply: Reply) -> Reply:
    return Reply(content=reply.content, embeds=reply.embeds, pictures=reply.pictures,
                 view=reply.view, update=True)


def _ascii(text: str) -> str:
    return (text.replace("♣", "c").replace("♠", "s").replace("♥", "h").replace("♦", "d")
            .lower())


def _card_of_value(value: str) -> Card:
    """A menu value ``"3:10♥"`` (position:card) back to its card."""
    return parse_card(value.partition(":")[2] or value)


def parse_pieces(text: str, view: PlayerView, sort: str) -> list[Card]:
    """Cards written in notation or as positions in the hand as displayed (``3 4 5``).

    Raises:
        NotationError: a token is neither a card nor a position in the hand.
    """
    return pieces_from_text(
        text, view, present.display_order(view, sort), Card,
        lambda token: [parse_card(token)], wrong_code="notation",
        empty=lambda: NotationError("notation", token=text),
    )


def one_piece(text: str, view: PlayerView, sort: str) -> Card:
    cards = parse_pieces(text, view, sort)
    if len(cards) != 1:
        raise NotationError("bot.error.one_card", token=text)
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

