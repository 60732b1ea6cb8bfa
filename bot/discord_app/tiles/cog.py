"""Tile rummy's turn on Discord: ``/rummy tiles …`` (``/rami tuiles …``) and the rack's
buttons (:mod:`.components`).

``play`` lays new sets of rack tiles and confirms them in one go (the opening in one
command); ``new``, ``add``, ``move``, ``split``, ``takeback`` edit the draft step by step,
``undo`` and ``reset`` take edits back, ``confirm`` lays the draft; ``draw`` ends the turn
(the draft is discarded), ``pass`` when the pool is empty; ``hint`` shows the best play
privately, ``arrange`` fits tiles into the draft for the player to confirm. Set numbers
are 1-based as shown. Autocomplete offers the caller's own tiles and sets; it is only a
hint: every handler reads and checks the text again.

Several-step handlers leave the game as it was when a step is refused: ``play`` is one
engine action, and ``arrange`` builds the draft edit by edit as one change. One player's
tile handlers run one at a time (a lock per channel and player), so two clicks at once on
*Arrange for me* cannot interleave their edits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core.answering import (
    Replies,
    check_channel,
    check_owner,
    snapshot_of,
)
from bot.discord_app.core.components import owner_of, selection_of
from bot.discord_app.core.feature import Feature, Route, Routed
from bot.discord_app.core.i18n import loc, t
from bot.discord_app.core.replies import Reply, error_reply
from bot.discord_app.core.text import MAX_CHOICE_NAME, meld_choices
from bot.discord_app.hand import HandMessages, piece_choices
from bot.discord_app.hand.present import action_note
from bot.discord_app.tiles import present
from bot.discord_app.tiles.components import TileButton, TileButtonAction
from bot.session import SessionError, check_length, display_order, read_pieces
from bot.session.card_clicks import opening_melds
from bot.session.tile_edits import arranged, best_play, draft_sets, table_sets
from engine import NotationError, parse_tiles
from engine.rules import Kind
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Play,
    Reset,
    Split,
    TakeBack,
    TileAction,
    Undo,
)
from engine.tiles.tile import Tile
from engine.views import PlayerView

if TYPE_CHECKING:
    from bot.session import Tables
    from bot.session.prefs import Preferences

# The one-word actions, by the button (or command) that plays them.
SIMPLE: dict[str, Callable[[], TileAction]] = {
    TileButtonAction.UNDO: Undo, TileButtonAction.RESET: Reset,
    TileButtonAction.CONFIRM: Confirm, TileButtonAction.DRAW: DrawTile,
    TileButtonAction.PASS: Pass}
SetNumber = app_commands.Range[int, 1, 200]


class TileTurn(Feature):
    """Tile rummy's commands (the ``/rummy tiles`` group) and the rack's buttons."""

    tiles = app_commands.Group(name=loc("bot.cmd.tiles"), description=loc("bot.cmd.tiles.desc"))

    def __init__(self, tables: Tables, prefs: Preferences, replies: Replies,
                 hands: HandMessages) -> None:
        self.tables, self.prefs, self.replies, self.hands = tables, prefs, replies, hands
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    def routes(self) -> dict[type[Routed], Route]:
        return {TileButton: self.on_button}

    def _lock(self, interaction: discord.Interaction, channel: int) -> asyncio.Lock:
        key = (channel, interaction.user.id)
        return self._locks.setdefault(key, asyncio.Lock())

    async def _rack(self, interaction: discord.Interaction,
                    channel: int) -> tuple[PlayerView, list[int]]:
        """The caller's view of the tile game of ``channel`` (the interaction's, or the
        one a rack's button names: a rack shown in a DM) and their rack's display order.

        Raises:
            SessionError: no game here, not seated, or a card game.
        """
        view = await self.tables.hand(channel, interaction.user.id)
        if view.kind is not Kind.TILES:
            raise SessionError("bot.tiles.not_tiles")
        sort = (await self.prefs.player(interaction.user.id)).sort
        return view, display_order(view, sort)

    async def _apply(self, interaction: discord.Interaction, channel: int,
                     actions: Sequence[TileAction], lang: str, *, update: bool = False,
                     note: str | None = None) -> Reply:
        """Apply ``actions`` to the game of ``channel`` as one change: all of them, or
        none when one is refused."""
        view = await self.tables.act_many(channel, interaction.user.id, actions)
        if note is None and len(actions) == 1:
            note = action_note(actions[0], view, lang)
        return await self.hands.reply(interaction, view, lang, note, update=update,
                                      table=channel)

    async def _hint(self, channel: int, view: PlayerView, lang: str) -> Reply:
        if view.current != view.seat:
            return error_reply(t("bot.tiles.not_your_turn", lang))
        rules = (await snapshot_of(self.tables, channel)).rules
        solution = await asyncio.to_thread(best_play, view, rules)
        return present.hint(solution, not view.seats[view.seat].has_opened, lang)

    async def _arrange(self, interaction: discord.Interaction, channel: int,
                       view: PlayerView, tiles: Sequence[Tile], lang: str, *,
                       update: bool = False) -> Reply:
        """Fit ``tiles`` into the draft (``arrange``), then build it edit by edit."""
        if view.current != view.seat:
            return error_reply(t("bot.tiles.not_your_turn", lang))
        rules = (await snapshot_of(self.tables, channel)).rules
        edits = await asyncio.to_thread(arranged, view, tiles, rules)
        if edits is None:
            return error_reply(t("bot.tiles.no_arrangement", lang, count=len(tiles),
                                 tiles=present.tiles_text(tiles)))
        note = t("bot.note.tiles.arranged", lang, count=len(tiles),
                 tiles=present.tiles_text(tiles))
        return await self._apply(interaction, channel, edits, lang, update=update,
                                 note=note)

    async def _edit(self, interaction: discord.Interaction, what: str,
                    make: Callable[[PlayerView, list[int], str], TileAction]) -> None:
        """A draft edit or one-word action: ``make(view, order, lang)`` reads it."""
        channel = interaction.channel_id or 0
        async with self.replies.to(interaction, f"tiles.{what}", after=self.hands.keep
                                   ) as answer, self._lock(interaction, channel):
            view, order = await self._rack(interaction, channel)
            action = make(view, order, answer.lang)
            answer.reply = await self._apply(interaction, channel, [action], answer.lang)

    # ------------------------------------------------------------------ autocomplete
    async def _tiles(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        mine = self.tables.hand(interaction.channel_id or 0, interaction.user.id)
        hinted = await self.replies.hint(interaction, mine)
        if hinted is None:
            return []
        view, lang = hinted
        head, bar, last = current.rpartition("|")
        choices = piece_choices(view, lang, last.lstrip(), several=True)
        if not bar:
            return choices
        prefix = head + "| "
        return [Choice(name=value, value=value)
                for value in ((prefix + c.value)[:MAX_CHOICE_NAME] for c in choices)]

    async def _set(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        """The sets of the caller's draft (else of the table) matching what they typed."""
        mine = self.tables.hand(interaction.channel_id or 0, interaction.user.id)
        hinted = await self.replies.hint(interaction, mine)
        if hinted is None:
            return []
        view, lang = hinted
        return meld_choices(view.draft if view.draft is not None else view.melds,
                            current, lang)

    # ------------------------------------------------------------------ commands
    async def play(self, interaction: discord.Interaction, sets: str) -> None:
        """New sets of rack tiles (``|`` between sets) laid and confirmed in one go (also
        ``/rummy meld`` in a tile game)."""
        channel = interaction.channel_id or 0
        async with self.replies.to(interaction, "tiles.play", after=self.hands.keep
                                   ) as answer, self._lock(interaction, channel):
            view, order = await self._rack(interaction, channel)
            new = [read_pieces(part, view, order, Tile, answer.lang)
                   for part in check_length(sets).split("|") if part.strip()]
            if not new:
                raise NotationError("notation.no_tile")
            play = Play.between(table_sets(view), (*draft_sets(view), *new))
            answer.reply = await self._apply(interaction, channel, [play], answer.lang)

    @tiles.command(name=loc("bot.cmd.tplay"), description=loc("bot.cmd.tplay.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"))
    @app_commands.describe(tiles=loc("bot.opt.sets.desc"))
    @app_commands.autocomplete(tiles=_tiles)
    async def play_command(self, interaction: discord.Interaction, tiles: str) -> None:
        await self.play(interaction, tiles)

    @tiles.command(name=loc("bot.cmd.tnew"), description=loc("bot.cmd.tnew.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"))
    @app_commands.autocomplete(tiles=_tiles)
    async def new(self, interaction: discord.Interaction, tiles: str) -> None:
        await self._edit(interaction, "new", lambda view, order, lang: NewSet(
            read_pieces(tiles, view, order, Tile, lang)))

    @tiles.command(name=loc("bot.cmd.tadd"), description=loc("bot.cmd.tadd.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"), set=loc("bot.opt.set"),
                         front=loc("bot.opt.front"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"), set=loc("bot.opt.set.desc"),
                           front=loc("bot.opt.front.desc"))
    @app_commands.autocomplete(tiles=_tiles, set=_set)  # type: ignore[misc]
    async def add(self, interaction: discord.Interaction, tiles: str, set: SetNumber,
                  front: bool = False) -> None:
        await self._edit(interaction, "add", lambda view, order, lang: Add(
            read_pieces(tiles, view, order, Tile, lang), set - 1, front))

    @tiles.command(name=loc("bot.cmd.tmove"), description=loc("bot.cmd.tmove.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"), source=loc("bot.opt.from"),
                         target=loc("bot.opt.to"), front=loc("bot.opt.front"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"), source=loc("bot.opt.from.desc"),
                           target=loc("bot.opt.to.desc"), front=loc("bot.opt.front.desc"))
    @app_commands.autocomplete(source=_set, target=_set)
    async def move(self, interaction: discord.Interaction, tiles: str, source: SetNumber,
                   target: SetNumber | None = None, front: bool = False) -> None:
        # The tiles named are on the draft, not the rack: read as written.
        await self._edit(interaction, "move", lambda view, order, lang: Move(
            tuple(parse_tiles(check_length(tiles))), source - 1,
            None if target is None else target - 1, front))

    @tiles.command(name=loc("bot.cmd.tsplit"), description=loc("bot.cmd.tsplit.desc"))
    @app_commands.rename(set=loc("bot.opt.set"), at=loc("bot.opt.at"))
    @app_commands.describe(set=loc("bot.opt.set.desc"), at=loc("bot.opt.at.desc"))
    @app_commands.autocomplete(set=_set)
    async def split(self, interaction: discord.Interaction, set: SetNumber,
                    at: app_commands.Range[int, 1, 13]) -> None:
        await self._edit(interaction, "split", lambda view, order, lang: Split(set - 1, at - 1))

    @tiles.command(name=loc("bot.cmd.ttakeback"), description=loc("bot.cmd.ttakeback.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"), set=loc("bot.opt.set"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"), set=loc("bot.opt.set.desc"))
    @app_commands.autocomplete(set=_set)
    async def takeback(self, interaction: discord.Interaction, tiles: str,
                       set: SetNumber) -> None:
        await self._edit(interaction, "takeback", lambda view, order, lang: TakeBack(
            read_pieces(tiles, view, order, Tile, lang), set - 1))

    @tiles.command(name=loc("bot.cmd.tundo"), description=loc("bot.cmd.tundo.desc"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._edit(interaction, "undo", lambda view, order, lang: Undo())

    @tiles.command(name=loc("bot.cmd.treset"), description=loc("bot.cmd.treset.desc"))
    async def reset(self, interaction: discord.Interaction) -> None:
        await self._edit(interaction, "reset", lambda view, order, lang: Reset())

    @tiles.command(name=loc("bot.cmd.tconfirm"), description=loc("bot.cmd.tconfirm.desc"))
    async def confirm(self, interaction: discord.Interaction) -> None:
        await self._edit(interaction, "confirm", lambda view, order, lang: Confirm())

    @tiles.command(name=loc("bot.cmd.tdraw"), description=loc("bot.cmd.tdraw.desc"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._edit(interaction, "draw", lambda view, order, lang: DrawTile())

    @tiles.command(name=loc("bot.cmd.tpass"), description=loc("bot.cmd.tpass.desc"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._edit(interaction, "pass", lambda view, order, lang: Pass())

    @tiles.command(name=loc("bot.cmd.thint"), description=loc("bot.cmd.thint.desc"))
    async def hint(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel_id or 0
        async with self.replies.to(interaction, "tiles.hint") as answer:
            view, _ = await self._rack(interaction, channel)
            answer.reply = await self._hint(channel, view, answer.lang)

    @tiles.command(name=loc("bot.cmd.tarrange"), description=loc("bot.cmd.tarrange.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"))
    @app_commands.autocomplete(tiles=_tiles)
    async def arrange(self, interaction: discord.Interaction, tiles: str) -> None:
        channel = interaction.channel_id or 0
        async with self.replies.to(interaction, "tiles.arrange", after=self.hands.keep
                                   ) as answer, self._lock(interaction, channel):
            view, order = await self._rack(interaction, channel)
            picked = read_pieces(tiles, view, order, Tile, answer.lang)
            answer.reply = await self._arrange(interaction, channel, view, picked,
                                               answer.lang)

    # ------------------------------------------------------------------ components
    async def on_button(self, interaction: discord.Interaction, button: TileButton) -> None:
        """A button of the rack, in its game's channel or in a DM (a rack shown by a
        notification): the game is the one the button names, as the hand's buttons."""
        channel = button.channel_id
        async with self.replies.to(interaction, f"tiles.button.{button.action}",
                                   after=self.hands.keep
                                   ) as answer, self._lock(interaction, channel):
            check_channel(interaction, channel)
            check_owner(interaction, owner_of(interaction.message))
            view, _ = await self._rack(interaction, channel)
            if button.action is TileButtonAction.HINT:
                answer.reply = await self._hint(channel, view, answer.lang)
            elif button.action in SIMPLE:
                answer.reply = await self._apply(interaction, channel,
                                                 [SIMPLE[button.action]()], answer.lang,
                                                 update=True)
            elif button.action is TileButtonAction.OPEN:  # the initial meld proposed
                rules = (await snapshot_of(self.tables, channel)).rules
                sets = [tuple(p for p in s if isinstance(p, Tile))
                        for s in opening_melds(selection_of(interaction.message), rules)]
                play = Play.between(table_sets(view), (*table_sets(view), *sets))
                answer.reply = await self._apply(interaction, channel, [play], answer.lang,
                                                 update=True)
            else:
                picked = [parse_tiles(v.partition(":")[2] or v)[0]
                          for v in selection_of(interaction.message).get("a", [])]
                if not picked and view.current == view.seat:  # else: not their turn
                    answer.reply = error_reply(t(
                        "bot.tiles.pick", answer.lang,
                        button=t("bot.tiles.button.arrange", answer.lang)))
                    return
                answer.reply = await self._arrange(interaction, channel, view, picked,
                                                   answer.lang, update=True)
