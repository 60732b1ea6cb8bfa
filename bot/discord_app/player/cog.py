"""``/rummy prefs``, ``leaderboard``, ``stats`` and ``forget-me``: what a player keeps.

Preferences go through :class:`bot.session.prefs.Preferences`, so the next hand picture
uses them at once. The leaderboard is public (a picture with its alt text and a short
text table); everything else only concerns the caller and is private. ``forget-me`` asks
first, with buttons only the caller may press (persistent: they work after a restart).
:class:`PlayerCommands` is built with the store and the shared answering when the bot
is.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core.answering import Replies
from bot.discord_app.core.choices import LANGUAGES, VARIANTS, variant_names
from bot.discord_app.core.feature import Feature, Route, Routed
from bot.discord_app.core.i18n import loc, t
from bot.discord_app.core.replies import Reply, error_reply
from bot.discord_app.core.text import escaped
from bot.discord_app.player.components import ForgetButton
from bot.discord_app.player.present import board as wins_board
from bot.discord_app.player.present import board_picture, prefs_text, stats_line
from bot.discord_app.ratings.present import board_lines as rating_board_lines
from bot.discord_app.ratings.present import history_picture as rating_history_picture
from bot.discord_app.ratings.present import history_text as rating_history_text
from bot.discord_app.ratings.present import stats_lines as rating_stats_lines
from data.settings import NOTIFY_CHOICES as NOTIFY_NAMES
from engine import RummyError
from engine.hand_order import Sort
from engine.i18n import count, quote
from render import BACKS, THEMES

if TYPE_CHECKING:
    from bot.session.prefs import Preferences
    from data import Store

# What render draws (bot.session.prefs checks a change against the same names).
THEME_CHOICES = [Choice(name=loc(f"bot.admin.theme.{n}"), value=n) for n in THEMES]
BACK_CHOICES = [Choice(name=loc(f"bot.admin.back.{n}"), value=n) for n in BACKS]
SORT_CHOICES = [Choice(name=loc(f"sort.{n}"), value=str(n)) for n in Sort]
NOTIFY_CHOICES = [Choice(name=loc(f"bot.notify.choice.{n}"), value=n) for n in NOTIFY_NAMES]
PERIODS = ("all", "month", "week")
PERIOD_CHOICES = [Choice(name=loc(f"bot.admin.choice.{p}"), value=p) for p in PERIODS]
BOARDS = ("rating", "wins")  # the leaderboard by skill rating (the default), by wins
BOARD_CHOICES = [Choice(name=loc(f"bot.admin.choice.{b}"), value=b) for b in BOARDS]
BOARD_SIZE = 10


class PlayerCommands(Feature):
    """What a player keeps: preferences, the leaderboards, statistics, forgetting them."""

    def __init__(self, store: Store, prefs: Preferences, replies: Replies) -> None:
        self.store, self.prefs, self.replies = store, prefs, replies

    def routes(self) -> dict[type[Routed], Route]:
        return {ForgetButton: self.on_forget_button}

    @app_commands.command(name=loc("bot.admin.cmd.prefs"),
                          description=loc("bot.admin.cmd.prefs.desc"))
    @app_commands.rename(theme=loc("bot.admin.opt.theme"), back=loc("bot.admin.opt.back"),
                         sort=loc("bot.admin.opt.sort"), language=loc("bot.admin.opt.language"),
                         text_only=loc("bot.admin.opt.text_only"),
                         notify=loc("bot.notify.opt"), quiet=loc("bot.notify.opt.quiet"),
                         timezone=loc("bot.notify.opt.timezone"))
    @app_commands.describe(theme=loc("bot.admin.opt.theme.desc"),
                           back=loc("bot.admin.opt.back.desc"),
                           sort=loc("bot.admin.opt.sort.desc"),
                           language=loc("bot.admin.opt.language.desc"),
                           text_only=loc("bot.admin.opt.text_only.desc"),
                           notify=loc("bot.notify.opt.desc"),
                           quiet=loc("bot.notify.opt.quiet.desc"),
                           timezone=loc("bot.notify.opt.timezone.desc"))
    @app_commands.choices(theme=THEME_CHOICES, back=BACK_CHOICES, sort=SORT_CHOICES,
                          language=LANGUAGES, notify=NOTIFY_CHOICES)
    async def prefs_command(self, interaction: discord.Interaction, theme: str | None = None,
                            back: str | None = None, sort: str | None = None,
                            language: str | None = None,
                            text_only: bool | None = None, notify: str | None = None,
                            quiet: str | None = None, timezone: str | None = None) -> None:
        """Change some preferences (none given: show them); privately."""
        async with self.replies.to(interaction, "prefs") as answer:
            changes: dict[str, object] = {k: v for k, v in (
                ("theme", theme), ("back", back), ("sort", sort), ("notify", notify),
                ("timezone", timezone)) if v is not None}
            if language is not None:
                changes["language"] = None if language == "auto" else language
            if text_only is not None:
                changes["text_only"] = text_only
            if quiet is not None:  # "-" (or nothing typed but spaces): no quiet hours
                changes["quiet_hours"] = None if quiet.strip() in ("", "-") else quiet.strip()
            if not changes:
                shown = await self.prefs.player(interaction.user.id)
                answer.reply = Reply(content=f"**{t('bot.prefs.title', answer.lang)}**\n"
                                     f"{prefs_text(shown, answer.lang)}"
                                     f"{await self._dm_note(interaction.user.id, answer.lang)}",
                                     ephemeral=True)
                return
            try:
                saved = await self.prefs.update_player(interaction.user.id, **changes)
            except ValueError as error:  # choices are a hint: the session and store check
                detail = (error.message(answer.lang) if isinstance(error, RummyError)
                          else str(error))
                answer.reply = error_reply(t("bot.prefs.bad", answer.lang, detail=detail))
                return
            lang = await self.replies.language(interaction)  # the new language answers
            answer.reply = Reply(content="\n".join([t("bot.prefs.saved", lang),
                                                    prefs_text(saved, lang)]), ephemeral=True)

    async def _dm_note(self, user_id: int, lang: str) -> str:
        """A line saying the member's DMs refused the bot's last notification, if they did."""
        member = await self.store.dm_member(user_id)
        return "" if member.closed_at is None else "\n" + t("bot.notify.closed", lang)

    @app_commands.command(name=loc("bot.admin.cmd.leaderboard"),
                          description=loc("bot.admin.cmd.leaderboard.desc"))
    @app_commands.rename(name=loc("bot.opt.variant"), period=loc("bot.admin.opt.period"),
                         board=loc("bot.admin.opt.board"))
    @app_commands.describe(name=loc("bot.opt.variant.desc"),
                           period=loc("bot.admin.opt.period.desc"),
                           board=loc("bot.admin.opt.board.desc"))
    @app_commands.choices(name=VARIANTS, period=PERIOD_CHOICES, board=BOARD_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, name: str | None = None,
                          period: str | None = None, board: str = "rating") -> None:
        """The server's best players, for everyone to see: by skill rating, or by wins."""
        async with self.replies.to(interaction, "leaderboard") as answer:
            lang = answer.lang
            names = variant_names()
            if name is not None and name not in names:
                answer.reply = error_reply(t("bot.error.bad_variant", lang, name=quote(name),
                                             names=", ".join(names)))
                return
            chosen_period = period if period in PERIODS else "all"
            if board != "wins":
                if chosen_period != "all":
                    answer.reply = error_reply(t(
                        "bot.rating.period", lang,
                        period=t(f"bot.admin.choice.{chosen_period}", lang)))
                    return
                answer.reply = await self._rating_board(interaction.guild_id or 0, name, lang)
                return
            rows = await self.store.leaderboard(
                interaction.guild_id or 0, name, chosen_period,  # type: ignore[arg-type]
                limit=BOARD_SIZE)
            scope = t(f"variant.{name}", lang) if name else t("bot.board.all_variants", lang)
            when = t(f"bot.admin.choice.{chosen_period}", lang)
            if not rows:
                answer.reply = Reply(content=t("bot.board.empty", lang, scope=scope,
                                               period=when), ephemeral=True)
                return
            title = t("bot.board.title", lang, scope=scope, period=when)
            theme = (await self.prefs.player(interaction.user.id)).theme
            picture = await asyncio.to_thread(board_picture, rows, title, theme, lang)
            answer.reply = wins_board(rows, title, picture, lang)

    async def _rating_board(self, guild_id: int, variant: str | None, lang: str) -> Reply:
        rows = await self.store.rating_board(guild_id, variant, limit=BOARD_SIZE)
        scope = t(f"variant.{variant}", lang) if variant else t("bot.board.all_variants", lang)
        if not rows:
            return Reply(content=t("bot.rating.empty", lang, scope=scope), ephemeral=True)
        lines = rating_board_lines(rows, lang, by_variant=variant is not None)
        return Reply(content="\n".join([f"**{t('bot.rating.title', lang, scope=scope)}**",
                                        *lines, f"-# {t('bot.rating.note', lang)}"])[:2000])

    @app_commands.command(name=loc("bot.admin.cmd.stats"),
                          description=loc("bot.admin.cmd.stats.desc"))
    @app_commands.rename(member=loc("bot.admin.opt.member"))
    @app_commands.describe(member=loc("bot.admin.opt.member.desc"))
    async def stats(self, interaction: discord.Interaction,
                    member: discord.Member | None = None) -> None:
        """A player's statistics per variant on this server, and their daily
        championship's closed days, privately."""
        who = member or interaction.user
        async with self.replies.to(interaction, "stats") as answer:
            lang, store, guild = answer.lang, self.store, interaction.guild_id or 0
            name = escaped(who.display_name)
            total = await store.player_stats(guild, who.id)
            daily = await store.challenge_stats(guild, who.id)
            if total.matches_played == 0 and daily.days == 0:
                answer.reply = Reply(content=t("bot.stats.none", lang, name=name),
                                     ephemeral=True)
                return
            lines = [f"**{t('bot.stats.title', lang, name=name)}**"]
            for variant_name in variant_names():
                stats = await store.player_stats(guild, who.id, variant_name)
                if stats.matches_played:
                    lines.append(stats_line(stats, t(f"variant.{variant_name}", lang), lang))
            if total.matches_played:
                lines.append(stats_line(total, t("bot.stats.total", lang), lang))
            rated = await store.player_ratings(guild, who.id)
            lines += rating_stats_lines(rated, lang)
            pictures = []
            if rated:  # the line of the variant they played most
                most = max(rated, key=lambda row: (row.matches, row.variant))
                history = await store.rating_history(guild, who.id, most.variant)
                reader = await self.prefs.player(interaction.user.id)
                if reader.text_only:  # the same line in words, no picture
                    lines.append(rating_history_text(history, who.display_name, most.variant,
                                                     lang))
                else:
                    pictures.append(await asyncio.to_thread(
                        rating_history_picture, history, who.display_name, most.variant,
                        reader.theme, lang))
            if daily.days:
                lines.append(t("bot.stats.daily", lang, days=count("days", daily.days),
                               firsts=count("firsts", daily.wins),
                               podiums=count("podiums", daily.podiums), best=daily.best_rank))
            answer.reply = Reply(content="\n".join(lines), ephemeral=True, pictures=pictures)

    @app_commands.command(name=loc("bot.admin.cmd.forget"),
                          description=loc("bot.admin.cmd.forget.desc"))
    async def forget(self, interaction: discord.Interaction) -> None:
        """Ask before deleting the caller's preferences and statistics."""
        async with self.replies.to(interaction, "forget") as answer:
            view = discord.ui.View(timeout=None)
            view.add_item(ForgetButton(interaction.user.id, "yes", answer.lang))
            view.add_item(ForgetButton(interaction.user.id, "no", answer.lang))
            answer.reply = Reply(content=t("bot.forget.ask", answer.lang), view=view,
                                 ephemeral=True)

    async def on_forget_button(self, interaction: discord.Interaction,
                               button: ForgetButton) -> None:
        """A click on a forget-me button (yes or no) asked by ``button.user_id``."""
        async with self.replies.to(interaction, f"forget.{button.answer}") as answer:
            lang = answer.lang
            if interaction.user.id != button.user_id:
                answer.reply = error_reply(t("bot.forget.not_yours", lang))
                return
            if button.answer != "yes":
                answer.reply = Reply(content=t("bot.forget.kept", lang),
                                     view=discord.ui.View(), update=True)
                return
            deleted = await self.store.delete_user_data(button.user_id)
            self.prefs.forget_player(button.user_id)
            answer.reply = Reply(content=t("bot.forget.done", lang, count=deleted.total),
                                 view=discord.ui.View(), update=True)
