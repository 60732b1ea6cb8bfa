"""``/rummy prefs``, ``leaderboard``, ``stats`` and ``forget-me``: what a player keeps.

Preferences go through :class:`bot.session.prefs.Preferences`, so the next hand picture
uses them at once. The leaderboard is public (a picture with its alt text and a short
text table); everything else only concerns the caller and is private. ``forget-me`` asks
first, with buttons only the caller may press (persistent: they work after a restart).
:class:`PlayerCommands` is built with the service and the store when the bot is; it
makes the commands and the forget-me button class bound to them.
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.choices import BuiltCommand
from bot.discord_app.i18n import language_name, loc, t
from bot.discord_app.present import escaped
from bot.discord_app.replies import Picture, Reply, error_reply
from engine import RummyError
from engine.hand_order import Sort
from engine.i18n import count, quote
from render import BACKS, THEMES, LeaderboardEntry, render_leaderboard

if TYPE_CHECKING:
    from bot.discord_app.service import Service
    from data import LeaderboardRow, PlayerPrefs, Store

# What render draws (bot.session.prefs checks a change against the same names).
THEME_NAMES = tuple(THEMES)
BACK_NAMES = tuple(BACKS)
THEME_CHOICES = [Choice(name=loc(f"bot.admin.theme.{n}"), value=n) for n in THEME_NAMES]
BACK_CHOICES = [Choice(name=loc(f"bot.admin.back.{n}"), value=n) for n in BACK_NAMES]
SORT_CHOICES = [Choice(name=loc(f"sort.{n}"), value=str(n)) for n in Sort]
PERIOD_CHOICES = [Choice(name=loc(f"bot.admin.choice.{p}"), value=p)
                  for p in ("all", "month", "week")]
BOARD_SIZE = 10


def prefs_text(prefs: PlayerPrefs, lang: str) -> str:
    language = (language_name(prefs.language) if prefs.language
                else t("bot.prefs.auto", lang))
    return t("bot.prefs.line", lang, theme=t(f"bot.admin.theme.{prefs.theme}", lang),
             back=t(f"bot.admin.back.{prefs.back}", lang), sort=t(f"sort.{prefs.sort}", lang),
             language=language)


def board_lines(rows: list[LeaderboardRow], lang: str) -> list[str]:
    return [
        t("bot.board.line", lang, rank=row.rank, name=escaped(row.name),
          won=count("won", row.matches_won), played=row.matches_played,
          rounds=count("rounds_won", row.rounds_won), points=count("points", row.points))
        for row in rows
    ]


def board_picture(rows: list[LeaderboardRow], title: str, theme: str, lang: str) -> Picture:
    entries = [LeaderboardEntry(rank=row.rank, name=row.name, matches=row.matches_played,
                                wins=row.matches_won, points=row.points) for row in rows]
    drawn = render_leaderboard(entries, title=title, theme=theme, lang=lang)
    return Picture(drawn.png, drawn.alt, drawn.filename)


def _stats_line(stats: Any, label: str, lang: str) -> str:
    return t("bot.stats.line", lang, variant=label, played=count("played", stats.matches_played),
             won=count("won", stats.matches_won), rounds=count("rounds_won", stats.rounds_won),
             points=count("points", stats.points), secs=count("rami_secs", stats.rami_secs))


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"rami:forget:(?P<answer>yes|no):(?P<user>\d+)"):
    """Confirm or cancel ``forget-me``; only the player who asked may press it.

    Only the subclass made by :class:`PlayerCommands` is sent and registered: it knows
    what to delete.
    """

    def __init__(self, user_id: int, answer: str, lang: str = "en") -> None:
        confirm = answer == "yes"
        super().__init__(discord.ui.Button(
            label=t("bot.forget.confirm" if confirm else "bot.forget.cancel", lang),
            style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
            custom_id=f"rami:forget:{answer}:{user_id}"))
        self.user_id = user_id
        self.answer = answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(int(match["user"]), match["answer"])


class PlayerCommands:
    """What a player keeps, answered through ``service`` from ``store``.

    ``variants`` are the choices of a variant, ``languages`` of a language.
    """

    def __init__(self, service: Service, store: Store, *, variants: list[Choice[str]],
                 languages: list[Choice[str]]) -> None:
        self.service, self.store = service, store
        self.variants, self.languages = variants, languages
        self.variant_names = tuple(choice.value for choice in variants)
        commands = self

        class Forget(ForgetButton, template=ForgetButton.__discord_ui_compiled_template__):
            async def callback(self, interaction: discord.Interaction) -> None:
                await commands.forget_answer(interaction, self.user_id, self.answer)

        self.forget_button: type[ForgetButton] = Forget

    def add_to(self, group: app_commands.Group) -> None:
        """Put the player's commands in the ``/rummy`` group."""
        for command in (_prefs_command(self), _leaderboard_command(self),
                        _stats_command(self), _forget_command(self)):
            group.add_command(command)

    async def prefs(self, interaction: discord.Interaction, theme: str | None,
                    back: str | None, sort: str | None, language: str | None) -> None:
        """Change some preferences (none given: show them); privately."""
        prefs_of = self.service.prefs

        async def work(lang: str) -> Reply:
            changes: dict[str, object] = {k: v for k, v in (("theme", theme), ("back", back),
                                                             ("sort", sort)) if v is not None}
            if language is not None:
                changes["language"] = None if language == "auto" else language
            if not changes:
                prefs = await prefs_of.player(interaction.user.id)
                return Reply(content=f"**{t('bot.prefs.title', lang)}**\n"
                             f"{prefs_text(prefs, lang)}", ephemeral=True)
            try:
                prefs = await prefs_of.update_player(interaction.user.id, **changes)
            except ValueError as error:  # choices are a hint: the session and store check
                detail = error.message(lang) if isinstance(error, RummyError) else str(error)
                return error_reply(t("bot.prefs.bad", lang, detail=detail))
            lang = await self.service.language(interaction)  # the new language answers
            return Reply(content="\n".join([t("bot.prefs.saved", lang),
                                            prefs_text(prefs, lang)]), ephemeral=True)

        await self.service.run(interaction, "prefs", work)

    async def leaderboard(self, interaction: discord.Interaction, name: str | None,
                          period: str) -> None:
        """The server's best players, for everyone to see."""
        async def work(lang: str) -> Reply:
            if name is not None and name not in self.variant_names:
                return error_reply(t("bot.error.bad_variant", lang, name=quote(name),
                                     names=", ".join(self.variant_names)))
            chosen_period = period if period in ("all", "month", "week") else "all"
            rows = await self.store.leaderboard(
                interaction.guild_id or 0, name, chosen_period,  # type: ignore[arg-type]
                limit=BOARD_SIZE)
            scope = t(f"variant.{name}", lang) if name else t("bot.board.all_variants", lang)
            when = t(f"bot.admin.choice.{chosen_period}", lang)
            if not rows:
                return Reply(content=t("bot.board.empty", lang, scope=scope, period=when),
                             ephemeral=True)
            title = t("bot.board.title", lang, scope=scope, period=when)
            theme = (await self.service.prefs.player(interaction.user.id)).theme
            picture = await asyncio.to_thread(board_picture, rows, title, theme, lang)
            return Reply(content="\n".join([f"**{title}**", *board_lines(rows, lang)]),
                         pictures=[picture])

        await self.service.run(interaction, "leaderboard", work)

    async def stats(self, interaction: discord.Interaction,
                    member: discord.Member | None) -> None:
        """A player's statistics per variant on this server, and their daily
        championship's closed days, privately."""
        who = member or interaction.user

        async def work(lang: str) -> Reply:
            store, guild = self.store, interaction.guild_id or 0
            name = escaped(who.display_name)
            total = await store.player_stats(guild, who.id)
            daily = await store.challenge_stats(guild, who.id)
            if total.matches_played == 0 and daily.days == 0:
                return Reply(content=t("bot.stats.none", lang, name=name), ephemeral=True)
            lines = [f"**{t('bot.stats.title', lang, name=name)}**"]
            for variant_name in self.variant_names:
                stats = await store.player_stats(guild, who.id, variant_name)
                if stats.matches_played:
                    lines.append(_stats_line(stats, t(f"variant.{variant_name}", lang), lang))
            if total.matches_played:
                lines.append(_stats_line(total, t("bot.stats.total", lang), lang))
            if daily.days:
                lines.append(t("bot.stats.daily", lang, days=count("days", daily.days),
                               firsts=count("firsts", daily.wins),
                               podiums=count("podiums", daily.podiums), best=daily.best_rank))
            return Reply(content="\n".join(lines), ephemeral=True)

        await self.service.run(interaction, "stats", work)

    async def forget(self, interaction: discord.Interaction) -> None:
        """Ask before deleting the caller's preferences and statistics."""
        async def work(lang: str) -> Reply:
            view = discord.ui.View(timeout=None)
            view.add_item(self.forget_button(interaction.user.id, "yes", lang))
            view.add_item(self.forget_button(interaction.user.id, "no", lang))
            return Reply(content=t("bot.forget.ask", lang), view=view, ephemeral=True)

        await self.service.run(interaction, "forget", work)

    async def forget_answer(self, interaction: discord.Interaction, user_id: int,
                            answer: str) -> None:
        """A click on a forget-me button (``answer``: yes or no) asked by ``user_id``."""
        async def work(lang: str) -> Reply:
            if interaction.user.id != user_id:
                return error_reply(t("bot.forget.not_yours", lang))
            if answer != "yes":
                return Reply(content=t("bot.forget.kept", lang), view=discord.ui.View(),
                             update=True)
            deleted = await self.store.delete_user_data(user_id)
            self.service.prefs.forget_player(user_id)
            return Reply(content=t("bot.forget.done", lang, count=deleted.total),
                         view=discord.ui.View(), update=True)

        await self.service.run(interaction, f"forget.{answer}", work)


# The commands, declared around a :class:`PlayerCommands` when it is built (the variant
# and language choices are the engine's and the catalog's at that time).
def _prefs_command(commands: PlayerCommands) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.prefs"),
                          description=loc("bot.admin.cmd.prefs.desc"))
    @app_commands.rename(theme=loc("bot.admin.opt.theme"), back=loc("bot.admin.opt.back"),
                         sort=loc("bot.admin.opt.sort"), language=loc("bot.admin.opt.language"))
    @app_commands.describe(theme=loc("bot.admin.opt.theme.desc"),
                           back=loc("bot.admin.opt.back.desc"),
                           sort=loc("bot.admin.opt.sort.desc"),
                           language=loc("bot.admin.opt.language.desc"))
    @app_commands.choices(theme=THEME_CHOICES, back=BACK_CHOICES, sort=SORT_CHOICES,
                          language=commands.languages)
    async def prefs(interaction: discord.Interaction, theme: str | None = None,
                    back: str | None = None, sort: str | None = None,
                    language: str | None = None) -> None:
        await commands.prefs(interaction, theme, back, sort, language)

    return prefs


def _leaderboard_command(commands: PlayerCommands) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.leaderboard"),
                          description=loc("bot.admin.cmd.leaderboard.desc"))
    @app_commands.rename(name=loc("bot.opt.variant"), period=loc("bot.admin.opt.period"))
    @app_commands.describe(name=loc("bot.opt.variant.desc"),
                           period=loc("bot.admin.opt.period.desc"))
    @app_commands.choices(name=commands.variants, period=PERIOD_CHOICES)
    async def leaderboard(interaction: discord.Interaction, name: str | None = None,
                          period: str = "all") -> None:
        await commands.leaderboard(interaction, name, period)

    return leaderboard


def _stats_command(commands: PlayerCommands) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.stats"),
                          description=loc("bot.admin.cmd.stats.desc"))
    @app_commands.rename(member=loc("bot.admin.opt.member"))
    @app_commands.describe(member=loc("bot.admin.opt.member.desc"))
    async def stats(interaction: discord.Interaction,
                    member: discord.Member | None = None) -> None:
        await commands.stats(interaction, member)

    return stats


def _forget_command(commands: PlayerCommands) -> BuiltCommand:
    @app_commands.command(name=loc("bot.admin.cmd.forget"),
                          description=loc("bot.admin.cmd.forget.desc"))
    async def forget(interaction: discord.Interaction) -> None:
        await commands.forget(interaction)

    return forget
