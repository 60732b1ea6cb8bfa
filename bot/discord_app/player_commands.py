"""``/rummy prefs``, ``leaderboard``, ``stats`` and ``forget-me``: what a player keeps.

Preferences go through :class:`bot.prefs.Preferences`, so the next hand picture uses
them at once. The leaderboard is public (a picture with its alt text and a short text
table); everything else only concerns the caller and is private. ``forget-me`` asks
first, with buttons only the caller may press (persistent: they work after a restart).
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.admin import VARIANT_CHOICES, VARIANTS, controller_of, store_of
from bot.discord_app.i18n import language_choices, language_name, loc, t
from bot.discord_app.replies import Picture, Reply, error_reply
from engine import RummyError
from engine.i18n import count
from render import BACKS, SORTS, THEMES, LeaderboardEntry, render_leaderboard

if TYPE_CHECKING:
    from data import LeaderboardRow, PlayerPrefs

# What render draws (bot.session.prefs checks a change against the same names).
THEME_NAMES = tuple(THEMES)
BACK_NAMES = tuple(BACKS)
THEME_CHOICES = [Choice(name=loc(f"bot.admin.theme.{n}"), value=n) for n in THEME_NAMES]
BACK_CHOICES = [Choice(name=loc(f"bot.admin.back.{n}"), value=n) for n in BACK_NAMES]
SORT_CHOICES = [Choice(name=loc(f"sort.{n}"), value=n) for n in SORTS]
LANGUAGE_CHOICES = language_choices()
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
        t("bot.board.line", lang, rank=row.rank, name=discord.utils.escape_markdown(row.name),
          won=count("won", row.matches_won), played=row.matches_played,
          rounds=count("rounds_won", row.rounds_won), points=count("points", row.points))
        for row in rows
    ]


def board_picture(rows: list[LeaderboardRow], title: str, theme: str, lang: str) -> Picture:
    entries = [LeaderboardEntry(rank=row.rank, name=row.name, matches=row.matches_played,
                                wins=row.matches_won, points=row.points) for row in rows]
    drawn = render_leaderboard(entries, title=title, theme=theme, lang=lang)
    return Picture(drawn.png, drawn.alt, drawn.filename)


@app_commands.rename(theme=loc("bot.admin.opt.theme"), back=loc("bot.admin.opt.back"),
                     sort=loc("bot.admin.opt.sort"), language=loc("bot.admin.opt.language"))
@app_commands.describe(theme=loc("bot.admin.opt.theme.desc"), back=loc("bot.admin.opt.back.desc"),
                       sort=loc("bot.admin.opt.sort.desc"),
                       language=loc("bot.admin.opt.language.desc"))
@app_commands.choices(theme=THEME_CHOICES, back=BACK_CHOICES, sort=SORT_CHOICES,
                      language=LANGUAGE_CHOICES)
async def prefs_command(interaction: discord.Interaction, theme: str | None = None,
                        back: str | None = None, sort: str | None = None,
                        language: str | None = None) -> None:
    """Change some preferences (none given: show them); privately."""
    controller = controller_of(interaction)

    async def work(lang: str) -> Reply:
        changes: dict[str, object] = {k: v for k, v in (("theme", theme), ("back", back),
                                                         ("sort", sort)) if v is not None}
        if language is not None:
            changes["language"] = None if language == "auto" else language
        if not changes:
            prefs = await controller.prefs.player(interaction.user.id)
            return Reply(content=f"**{t('bot.prefs.title', lang)}**\n{prefs_text(prefs, lang)}",
                         ephemeral=True)
        try:
            prefs = await controller.prefs.update_player(interaction.user.id, **changes)
        except ValueError as error:  # choices are a hint: the session and store check
            detail = error.message(lang) if isinstance(error, RummyError) else str(error)
            return error_reply(t("bot.prefs.bad", lang, detail=detail))
        lang = await controller.language(interaction)  # the new language answers
        return Reply(content="\n".join([t("bot.prefs.saved", lang), prefs_text(prefs, lang)]),
                     ephemeral=True)

    await controller.run(interaction, "prefs", work)


@app_commands.rename(name=loc("bot.opt.variant"), period=loc("bot.admin.opt.period"))
@app_commands.describe(name=loc("bot.opt.variant.desc"), period=loc("bot.admin.opt.period.desc"))
@app_commands.choices(name=VARIANT_CHOICES, period=PERIOD_CHOICES)
async def leaderboard_command(interaction: discord.Interaction, name: str | None = None,
                              period: str = "all") -> None:
    """The server's best players, for everyone to see."""
    controller = controller_of(interaction)

    async def work(lang: str) -> Reply:
        if name is not None and name not in VARIANTS:
            return error_reply(t("bot.error.bad_variant", lang, name=name,
                                 names=", ".join(VARIANTS)))
        chosen_period = period if period in ("all", "month", "week") else "all"
        rows = await store_of(interaction).leaderboard(
            interaction.guild_id or 0, name, chosen_period,  # type: ignore[arg-type]
            limit=BOARD_SIZE)
        scope = t(f"variant.{name}", lang) if name else t("bot.board.all_variants", lang)
        when = t(f"bot.admin.choice.{chosen_period}", lang)
        if not rows:
            return Reply(content=t("bot.board.empty", lang, scope=scope, period=when),
                         ephemeral=True)
        title = t("bot.board.title", lang, scope=scope, period=when)
        theme = (await controller.prefs.player(interaction.user.id)).theme
        picture = await asyncio.to_thread(board_picture, rows, title, theme, lang)
        return Reply(content="\n".join([f"**{title}**", *board_lines(rows, lang)]),
                     pictures=[picture])

    await controller.run(interaction, "leaderboard", work)


@app_commands.rename(member=loc("bot.admin.opt.member"))
@app_commands.describe(member=loc("bot.admin.opt.member.desc"))
async def stats_command(interaction: discord.Interaction,
                        member: discord.Member | None = None) -> None:
    """A player's statistics per variant on this server, privately."""
    controller = controller_of(interaction)
    who = member or interaction.user

    async def work(lang: str) -> Reply:
        store, guild = store_of(interaction), interaction.guild_id or 0
        name = discord.utils.escape_markdown(who.display_name)
        total = await store.player_stats(guild, who.id)
        if total.matches_played == 0:
            return Reply(content=t("bot.stats.none", lang, name=name), ephemeral=True)
        lines = [f"**{t('bot.stats.title', lang, name=name)}**"]
        for variant_name in VARIANTS:
            stats = await store.player_stats(guild, who.id, variant_name)
            if stats.matches_played:
                lines.append(_stats_line(stats, t(f"variant.{variant_name}", lang), lang))
        lines.append(_stats_line(total, t("bot.stats.total", lang), lang))
        return Reply(content="\n".join(lines), ephemeral=True)

    await controller.run(interaction, "stats", work)


def _stats_line(stats: Any, label: str, lang: str) -> str:
    return t("bot.stats.line", lang, variant=label, played=count("played", stats.matches_played),
             won=count("won", stats.matches_won), rounds=count("rounds_won", stats.rounds_won),
             points=count("points", stats.points), secs=count("rami_secs", stats.rami_secs))


async def forget_command(interaction: discord.Interaction) -> None:
    """Ask before deleting the caller's preferences and statistics."""
    controller = controller_of(interaction)

    async def work(lang: str) -> Reply:
        view = discord.ui.View(timeout=None)
        view.add_item(ForgetButton(interaction.user.id, "yes", lang))
        view.add_item(ForgetButton(interaction.user.id, "no", lang))
        return Reply(content=t("bot.forget.ask", lang), view=view, ephemeral=True)

    await controller.run(interaction, "forget", work)


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"rami:forget:(?P<answer>yes|no):(?P<user>\d+)"):
    """Confirm or cancel ``forget-me``; only the player who asked may press it."""

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
                             item: discord.ui.Item[Any], match: re.Match[str],
                             /) -> ForgetButton:
        return cls(int(match["user"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        controller = controller_of(interaction)

        async def work(lang: str) -> Reply:
            if interaction.user.id != self.user_id:
                return error_reply(t("bot.forget.not_yours", lang))
            if self.answer != "yes":
                return Reply(content=t("bot.forget.kept", lang), view=discord.ui.View(),
                             update=True)
            deleted = await store_of(interaction).delete_user_data(self.user_id)
            controller.prefs.forget_player(self.user_id)
            return Reply(content=t("bot.forget.done", lang, count=deleted.total),
                         view=discord.ui.View(), update=True)

        await controller.run(interaction, f"forget.{self.answer}", work)


COMMANDS = (("prefs", prefs_command), ("leaderboard", leaderboard_command),
            ("stats", stats_command), ("forget", forget_command))


def add_player_commands(group: app_commands.Group) -> None:
    """Put fresh copies of the player's commands in the ``/rummy`` group."""
    for code, callback in COMMANDS:
        group.add_command(app_commands.Command(
            name=loc(f"bot.admin.cmd.{code}"), description=loc(f"bot.admin.cmd.{code}.desc"),
            callback=callback))
