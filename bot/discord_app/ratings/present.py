"""What the ratings look like in a message: the rating board's lines, each seat's rating
before and after a match, a player's ratings in ``/rummy stats``. Pure functions.

A rating is shown as its conservative value (the ordinal, mu - 3 sigma, what the boards
sort by) with one decimal in the reader's way of writing numbers (``12,3`` in French).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.numbers import format_decimal

from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Picture
from bot.discord_app.core.text import escaped
from data import RatingChange, RatingRow
from engine.i18n import count
from engine.names import shown_name
from render import render_rating_history


def number(value: float, lang: str, *, signed: bool = False) -> str:
    """``value`` with one decimal as ``lang`` writes it (``+1.5`` when ``signed``)."""
    text = format_decimal(round(value, 1) + 0.0, format="0.0", locale=lang)
    return f"+{text}" if signed and round(value, 1) > 0 else text


def board_lines(rows: Sequence[RatingRow], lang: str, *, by_variant: bool) -> list[str]:
    """One line per row: rank, name (and the variant when the board mixes them), the
    rating, mu and sigma, the matches played and the provisional mark."""
    lines = []
    for row in rows:
        name = escaped(row.name)
        if not by_variant:
            name = t("bot.rating.who", lang, name=name, variant=t(f"variant.{row.variant}", lang))
        key = "bot.rating.line.provisional" if row.provisional else "bot.rating.line"
        lines.append(t(key, lang, rank=row.rank, name=name, rating=number(row.ordinal, lang),
                       mu=number(row.mu, lang), sigma=number(row.sigma, lang),
                       played=count("played", row.matches)))
    return lines


def match_lines(changes: Sequence[RatingChange], names: Sequence[str], lang: str) -> list[str]:
    """Each seat's rating before and after the match (``names``: the seats' saved names),
    under a heading; nothing when the match moved no rating."""
    if not changes:
        return []
    lines = [f"**{t('bot.rating.match.title', lang)}**"]
    for change in changes:
        name = escaped(shown_name(names[change.seat], lang)) if change.seat < len(names) else "?"
        delta = change.ordinal_after - change.ordinal_before
        lines.append(t("bot.rating.match.line", lang, name=name,
                       before=number(change.ordinal_before, lang),
                       after=number(change.ordinal_after, lang),
                       delta=number(delta, lang, signed=True)))
    return lines


def stats_lines(rows: Sequence[RatingRow], lang: str) -> list[str]:
    """A player's rating in each variant they played."""
    return [t("bot.rating.stats.provisional" if row.provisional else "bot.rating.stats", lang,
              variant=t(f"variant.{row.variant}", lang), rating=number(row.ordinal, lang),
              mu=number(row.mu, lang), sigma=number(row.sigma, lang),
              played=count("played", row.matches))
            for row in rows]


def history_picture(history: Sequence[RatingChange], name: str, variant: str, theme: str,
                    lang: str) -> Picture:
    """The line of a player's rating after each of their last matches in ``variant``
    (``history``: oldest first, at least one), with its alt text."""
    title = t("bot.rating.history.title", lang, name=name,
              variant=t(f"variant.{variant}", lang), count=len(history))
    drawn = render_rating_history([change.ordinal_after for change in history], title=title,
                                  name=name, theme=theme, lang=lang)
    return Picture(drawn.png, drawn.alt, drawn.filename)


def history_text(history: Sequence[RatingChange], name: str, variant: str, lang: str) -> str:
    """What :func:`history_picture` draws, in words (the text-only preference): its
    title and the rating after each match, oldest first."""
    title = t("bot.rating.history.title", lang, name=escaped(name),
              variant=t(f"variant.{variant}", lang), count=len(history))
    ratings = " → ".join(number(change.ordinal_after, lang) for change in history)
    return t("bot.rating.history.text", lang, title=title, ratings=ratings)
