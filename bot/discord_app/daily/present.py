"""What the daily championship shows on Discord: a try and its end, a day's ranking, the
close's post and the server's settings, as replies.

Pure functions from the session's values (:mod:`bot.session.daily`) to
:class:`~bot.discord_app.core.replies.Reply` objects, with the pictures and components they are
given; a try is a layout message made of the hand's blocks
(:func:`bot.discord_app.hand.present.hand`, its components named after the try) and the
table's (:func:`bot.discord_app.table.present.table_blocks`), as their own messages show
them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.discord_app.core import layout as layouts
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.core.text import COLOUR, escaped
from bot.discord_app.daily.components import (
    TryButton,
    TryPick,
    try_over_buttons,
    try_over_view,
)
from bot.discord_app.hand.present import hand as hand_message
from bot.discord_app.table.present import move_text, table_blocks, table_embed
from bot.session.daily import (
    TRIES_A_DAY,
    ClosedDay,
    DayInfo,
    DayRanking,
    TryState,
    close_text,
)
from bot.session.daily.words import ranking_lines, result_lines
from bot.session.dates import long_date
from data import ChallengeResult, GuildSettings
from engine.i18n import count
from engine.names import shown_name
from render import DailyEntry, render_daily_ranking

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
MAX_TEXT = 2000  # Discord's limit of a message's text
HAND_FILE, TABLE_FILE = "hand.png", "table.png"  # the pictures' names (render's)


def _name(text: str) -> str:
    """A name as these messages show it: markdown and mentions escaped."""
    return escaped(text)


def title(day: DayInfo, lang: str) -> str:
    """The championship's day, as titles name it."""
    return t("bot.daily.title", lang, day=long_date(day.day, lang))


def _header(state: TryState, lang: str) -> str:
    return t("bot.daily.header", lang, title=title(state.day, lang), number=state.number,
             tries=TRIES_A_DAY, time=state.day.close_text, zone=state.day.zone)


def _moves(state: TryState, lang: str) -> list[str]:
    """The computers' moves since the player's, as the table's move lines."""
    return [move_text(_name(shown_name(state.seats[seat].name, lang)), move, lang)
            for seat, move in state.moves]


def _fit(head: Sequence[str], moves: Sequence[str], tail: Sequence[str],
         most: int = MAX_TEXT) -> str:
    """The lines within ``most`` characters: the oldest computer moves go first."""
    moves = list(moves)
    while True:
        text = "\n".join([*head, *moves, *tail])
        if len(text) <= most or not moves:
            return text[:most]
        moves.pop(0)


Attached = Mapping[str, tuple[str, str]]  # the pictures a message shows: name → (name, alt)


def try_message(state: TryState, lang: str, *, sort: str,
                note: str | None = None, selected: dict[str, set[str]] | None = None,
                hand_picture: Picture | None = None,
                table_picture: Picture | None = None, layout: bool = True,
                attached: Attached | None = None) -> Reply:
    """A try as its player sees it, privately: the day, what the computers just did, the
    hand with its menus and buttons, and the table; a finished try's result instead of
    the hand.

    ``layout``: as a layout message, the hand's and the table's blocks as their own
    messages show them (else the message as sent before layouts, content and an embed:
    an edit cannot give it the layout flag); ``attached``: the pictures the edited
    message already shows, by file name, referenced again when not drawn anew."""
    head = [_header(state, lang)]
    if state.dropped is not None:
        head.append(t("bot.daily.dropped", lang, day=long_date(state.dropped, lang)))
    shown = dict(attached or {})
    if state.result is not None:
        return _try_over(state, lang, head, table_picture, layout, shown)
    if note:
        head.append(note)
    hand_shown = None if hand_picture is not None else shown.get(HAND_FILE)
    hand = hand_message(state.view, state.ref, lang, sort=sort,
                        names=[seat.name for seat in state.seats], selected=selected,
                        picture=hand_picture, button=TryButton, pick=TryPick, layout=layout,
                        rules=state.rules, attached=hand_shown)
    if hand.layout is None:
        embed, table = _table_embed(state, lang, table_picture)
        return Reply(content=_fit(head, _moves(state, lang), [hand.content or ""]),
                     embeds=[embed], pictures=[*hand.pictures, *table], view=hand.view,
                     ephemeral=True)
    return _try_layout(state, lang, head, (), layouts.blocks_of(hand.layout), (),
                       [*hand.pictures], table_picture, shown)


def _try_layout(state: TryState, lang: str, head: Sequence[str], tail: Sequence[str],
                before: Sequence[layouts.Block], after: Sequence[layouts.Block],
                pictures: list[Picture], table_picture: Picture | None,
                shown: Attached) -> Reply:
    """A try as a layout: the day, the computers' moves and ``tail`` (a finished try's
    result), the blocks ``before`` the table (the hand's), the table, the blocks
    ``after`` it (a finished try's buttons); the oldest moves left out when the texts
    would pass Discord's 4,000 characters."""
    table_shown = shown.get(TABLE_FILE)
    if table_picture is not None:
        pictures.append(table_picture)
        table_shown = (table_picture.filename, table_picture.alt)
    words = layouts.text("")
    table = table_blocks(state.view, state.view.variant, state.seats, lang,
                         picture=table_shown)
    view = layouts.layout([words, *before, layouts.separator(), *table, *after],
                          accent=COLOUR.value)
    room = layouts.MOST_TEXT - layouts.text_size(view)
    words.content = _fit(head, _moves(state, lang), tail, room) or "\u200b"
    return Reply(layout=view, pictures=pictures, ephemeral=True)


def _table_embed(state: TryState, lang: str,
                 picture: Picture | None) -> tuple[discord.Embed, list[Picture]]:
    embed = table_embed(state.view, state.view.variant, state.seats, lang)
    if picture is None:
        return embed, []
    embed.set_image(url=f"attachment://{picture.filename}")
    return embed, [picture]


def _try_over(state: TryState, lang: str, head: list[str], table_picture: Picture | None,
              layout: bool, shown: Attached) -> Reply:
    lines = [line.text(lang) for line in result_lines(state, _name)]
    again = state.tries_left > 0
    if layout:
        buttons = layouts.row(*try_over_buttons(state.ref, lang, again=again))
        return _try_layout(state, lang, head, lines, (), [buttons], [], table_picture, shown)
    embed, table = _table_embed(state, lang, table_picture)
    return Reply(content=_fit(head, _moves(state, lang), lines), embeds=[embed],
                 pictures=table, view=try_over_view(state.ref, lang, again=again),
                 ephemeral=True)


def ranking_picture(rows: Sequence[ChallengeResult], heading: str, lang: str,
                    theme: str = "classic") -> Picture:
    """The picture of a day's ranking (drawn off the event loop by the caller)."""
    entries = [DailyEntry(row.rank, shown_name(row.name, lang), row.best_score, row.turns,
                          row.tries)
               for row in rows]
    drawn = render_daily_ranking(entries, title=heading, theme=theme, lang=lang)
    return Picture(drawn.png, drawn.alt, drawn.filename)


def ranking(board: DayRanking, lang: str, picture: Picture | None) -> Reply:
    """A day's ranking for a player who played: the best, their own place, the picture."""
    heading = f"### {t('bot.daily.ranking.title', lang, title=title(board.day, lang))}"
    rows = [line.text(lang) for line in ranking_lines(board, _name)]
    return Reply(layout=_ranked(heading, picture, rows, []),
                 pictures=[picture] if picture is not None else [], ephemeral=True)


def _ranked(heading: str, picture: Picture | None, rows: Sequence[str],
            after: Sequence[str]) -> discord.ui.LayoutView:
    shown = None if picture is None else (picture.filename, picture.alt)
    return layouts.ranking(heading, shown, rows, after, accent=COLOUR.value)


def close_post(closed: ClosedDay, lang: str, picture: Picture | None) -> Reply:
    """The close's public post: the final first three, with the picture."""
    heading = f"### {t('bot.daily.close.title', lang, title=title(closed.day, lang))}"
    rows = [t("bot.daily.close.line", lang, medal=MEDALS.get(row.rank, f"{row.rank}."),
              name=f"<@{row.user_id}>", score=row.best_score,
              turns=count("turns", row.turns))
            for row in closed.podium] or [t("bot.daily.close.empty", lang)]
    after = [t("bot.daily.close.players", lang, count=closed.players),
             t("bot.daily.close.next", lang)]
    return Reply(layout=_ranked(heading, picture, rows, after),
                 pictures=[picture] if picture is not None else [])


def settings_text(settings: GuildSettings, lang: str) -> str:
    """The server's championship settings, one per line."""
    channel = settings.daily_channel
    return "\n".join([
        f"**{t('bot.daily.settings.title', lang)}**",
        t("bot.daily.settings.game", lang,
          variant=t(f"variant.{settings.daily_variant}", lang),
          computers=count("computers", settings.daily_opponents),
          level=t(f"bot.level.{settings.daily_level}", lang)),
        t("bot.daily.settings.close", lang,
          time=close_text(settings.daily_close),
          zone=settings.daily_timezone),
        t("bot.daily.settings.channel", lang, channel=f"<#{channel}>") if channel
        else t("bot.daily.settings.no_channel", lang),
        t("bot.daily.settings.next_deal", lang),
    ])
