"""What a player's own commands show: their preferences, a leaderboard (a picture and its
text table), their statistics. Pure functions."""

from __future__ import annotations

from typing import Any

from bot.discord_app.core import layout as layouts
from bot.discord_app.core.i18n import language_name, t
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.core.text import COLOUR, escaped
from data import LeaderboardRow, PlayerPrefs
from engine.i18n import count
from render import LeaderboardEntry, render_leaderboard


def prefs_text(prefs: PlayerPrefs, lang: str) -> str:
    language = (language_name(prefs.language) if prefs.language
                else t("bot.prefs.auto", lang))
    line = t("bot.prefs.line", lang, theme=t(f"bot.admin.theme.{prefs.theme}", lang),
             back=t(f"bot.admin.back.{prefs.back}", lang), sort=t(f"sort.{prefs.sort}", lang),
             language=language)
    pictures = t("bot.prefs.text_only.on" if prefs.text_only else "bot.prefs.text_only.off",
                 lang)
    notices = t("bot.notify.prefs_line", lang, notify=t(f"bot.notify.choice.{prefs.notify}", lang),
                quiet=prefs.quiet_hours or "-", timezone=prefs.timezone)
    return f"{line}\n{pictures}\n{notices}"


def board_lines(rows: list[LeaderboardRow], lang: str) -> list[str]:
    return [
        t("bot.board.line", lang, rank=row.rank, name=escaped(row.name),
          won=count("won", row.matches_won), played=row.matches_played,
          rounds=count("rounds_won", row.rounds_won), points=count("points", row.points))
        for row in rows
    ]


def board(rows: list[LeaderboardRow], title: str, picture: Picture, lang: str) -> Reply:
    """The public leaderboard as a layout: the title, the picture, a text per player."""
    view = layouts.ranking(f"### {title}", (picture.filename, picture.alt),
                           board_lines(rows, lang), accent=COLOUR.value)
    return Reply(layout=view, pictures=[picture])


def board_picture(rows: list[LeaderboardRow], title: str, theme: str, lang: str) -> Picture:
    entries = [LeaderboardEntry(rank=row.rank, name=row.name, matches=row.matches_played,
                                wins=row.matches_won, points=row.points) for row in rows]
    drawn = render_leaderboard(entries, title=title, theme=theme, lang=lang)
    return Picture(drawn.png, drawn.alt, drawn.filename)


def stats_line(stats: Any, label: str, lang: str) -> str:
    return t("bot.stats.line", lang, variant=label, played=count("played", stats.matches_played),
             won=count("won", stats.matches_won), rounds=count("rounds_won", stats.rounds_won),
             points=count("points", stats.points), secs=count("rami_secs", stats.rami_secs))
