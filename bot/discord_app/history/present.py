"""What the history and the replays show: a page of matches, a match's rounds, the replay
at one step, a round's animation. Pure functions: records and replays in, replies out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import discord
from babel.dates import format_datetime
from discord.app_commands import Choice

from bot.discord_app.core.components import view_of
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Picture, Reply, cut
from bot.discord_app.core.text import MAX_CHOICE_NAME, MAX_CHOICES, piece_text, safe_name
from bot.discord_app.history.components import (
    MatchMenu,
    PageAction,
    PageButton,
    StepAction,
    StepButton,
)
from bot.discord_app.table.present import move_text
from bot.session.replay import Frame, Replay
from data import MatchRecord
from data.history import HistoryPage
from engine.names import shown_name
from engine.notation_words import fold
from engine.views import PublicView, RoundScore
from render.animation import render_round_animation

# Why a round ended without a winner (``RoundScore.reason``), as bot.session.results says.
_NO_WINNER = {"stock_exhausted": "bot.round.stock_exhausted", "blocked": "bot.round.blocked"}


def when(finished_at: float, lang: str, time_zone: str) -> str:
    """A match's end in the reader's language and the server's time zone (Babel's medium
    date and short time: « 2 déc. 2026, 18:05 », "Dec 2, 2026, 6:05 PM")."""
    moment = datetime.fromtimestamp(finished_at, UTC)
    try:
        zone = ZoneInfo(time_zone)
    except (ValueError, KeyError):  # the settings check it; a bad one reads as UTC
        zone = ZoneInfo("UTC")
    return str(format_datetime(moment, format="medium", tzinfo=zone, locale=lang))


def _winners(match: MatchRecord, lang: str) -> str:
    names = [safe_name(seat.name, lang) for seat in match.seats if seat.won]
    return ", ".join(names) or "—"


def match_line(match: MatchRecord, lang: str, time_zone: str) -> str:
    players = ", ".join(t("bot.history.seat", lang, name=safe_name(s.name, lang), total=s.total)
                        for s in match.seats)
    return t("bot.history.line", lang, number=match.id, date=when(match.finished_at, lang,
                                                                  time_zone),
             variant=t(f"variant.{match.variant}", lang), players=players,
             winner=_winners(match, lang))


def history_page(page: HistoryPage, name: str, member: int, variant: str | None, owner: int,
                 lang: str, time_zone: str) -> Reply:
    """A page of ``member``'s matches (``name`` as shown), with the buttons to the pages
    around it and the menu that opens one of its matches; for ``owner`` only."""
    scope = t(f"variant.{variant}", lang) if variant else t("bot.board.all_variants", lang)
    title = t("bot.history.title", lang, name=name, scope=scope, page=page.page + 1,
              pages=page.pages)
    lines = [f"**{title}**", *(match_line(m, lang, time_zone) for m in page.matches)]
    options = [
        _option(t("bot.history.option", lang, number=m.id,
                  variant=t(f"variant.{m.variant}", lang),
                  date=when(m.finished_at, lang, time_zone)), str(m.id))
        for m in page.matches
    ]
    items = [
        PageButton(PageAction.PREV, max(page.page - 1, 0), member, variant, owner,
                   label=t("bot.history.prev", lang), disabled=page.page == 0),
        PageButton(PageAction.NEXT, page.page + 1, member, variant, owner,
                   label=t("bot.history.next", lang), disabled=page.page + 1 >= page.pages),
        MatchMenu(owner, options, t("bot.history.pick", lang)),
    ]
    items[2].item.row = 1
    return Reply(content="\n".join(lines), view=view_of(*items), ephemeral=True, update=False)


def match_choice_name(match: MatchRecord, lang: str, time_zone: str) -> str:
    """A match as ``/rummy replay``'s autocomplete names it: number, date, variant and
    players (plain: a suggestion shows no markdown), in at most 100 characters."""
    players = ", ".join(shown_name(seat.name, lang) for seat in match.seats)
    return cut(t("bot.replay.choice", lang, number=match.id,
                 date=when(match.finished_at, lang, time_zone),
                 variant=t(f"variant.{match.variant}", lang), players=players), MAX_CHOICE_NAME)


def typed_match(typed: str) -> str:
    """What was typed in ``/rummy replay``'s match option, a number's ``#`` or ``n°``
    aside (``"#12"``, ``"n° 12"``: ``"12"``)."""
    return typed.strip().removeprefix("#").removeprefix("n°").strip()


def match_choices(matches: Sequence[MatchRecord], typed: str, lang: str,
                  time_zone: str) -> list[Choice[int]]:
    """The matches matching what was typed, in their order, at most 25: a number (``12``,
    ``#12``, ``n° 12``) those whose number starts so, other text those whose name holds it
    (a player, the variant, the date; case and accents aside)."""
    text = typed_match(typed)
    named = [(match, match_choice_name(match, lang, time_zone)) for match in matches]
    if text.isdecimal():
        chosen = [(m, name) for m, name in named if str(m.id).startswith(str(int(text)))]
    else:
        folded = fold(" ".join(text.split()))
        chosen = [(m, name) for m, name in named if folded in fold(name)]
    return [Choice(name=name, value=m.id) for m, name in chosen[:MAX_CHOICES]]


def _option(label: str, value: str) -> discord.SelectOption:
    return discord.SelectOption(label=label[:100], value=value)


def round_ending(score: RoundScore, players: Sequence[str], lang: str) -> str:
    """How a round ended (who went out, or why nobody did)."""
    if score.winner is None:
        return t(_NO_WINNER.get(score.reason, "bot.round.no_winner"), lang)
    if score.reason == "blocked":
        code = "bot.round.blocked_lowest"
    else:
        code = "bot.round.rami_sec" if score.rami_sec else "bot.round.went_out"
    return t(code, lang, player=safe_name(players[score.winner], lang))


def match_detail(match: MatchRecord, rounds: Sequence[RoundScore] | None,
                 players: Sequence[str], owner: int, lang: str, time_zone: str) -> Reply:
    """One match: its line, then each round, how it ended and every hand's points, and
    the button opening its replay (``rounds`` None: its saved game cannot be read)."""
    lines = [f"**{t('bot.history.match_title', lang, number=match.id)}**",
             match_line(match, lang, time_zone)]
    if rounds is None:
        lines.append(t("bot.history.no_rounds", lang))
    for score in rounds or ():
        points = ", ".join(t("bot.history.seat", lang, name=safe_name(name, lang), total=p)
                           for name, p in zip(players, score.points, strict=False))
        lines.append(t("bot.history.round", lang, number=score.number,
                       ending=round_ending(score, players, lang), points=points))
    view = view_of(StepButton(StepAction.OPEN, match.id, 0, owner,
                              label=t("bot.history.replay", lang), disabled=rounds is None))
    return Reply(content="\n".join(lines), view=view, ephemeral=True)


def step_text(replay: Replay, frame: Frame, lang: str) -> str:
    """The step's action in words (a deal: which round)."""
    step = frame.step
    if step.action is None or step.seat is None:
        return t("bot.replay.dealt", lang, round=step.round_number)
    return move_text(safe_name(replay.players[step.seat], lang), step.action, lang)


def replay_step(match: MatchRecord, replay: Replay, frame: Frame, owner: int, lang: str,
                picture: Picture | None, *, update: bool) -> Reply:
    """The replay at one step: the action in words, every hand, the table picture and the
    ⏮ ◀ ▶ ⏭ buttons (each naming the step it goes to)."""
    number, last = frame.step.number, replay.last
    head = t("bot.replay.title", lang, number=match.id, step=number, last=last,
             round=frame.step.round_number)
    lines = [f"**{head}**", step_text(replay, frame, lang)]
    for seat, hand in enumerate(frame.hands):
        shown = " ".join(piece_text(piece, lang) for piece in hand) or "—"
        lines.append(t("bot.replay.hand", lang, name=safe_name(replay.players[seat], lang),
                       hand=shown, total=frame.view.totals[seat]))
    targets = {StepAction.FIRST: 0, StepAction.PREV: max(number - 1, 0),
               StepAction.NEXT: min(number + 1, last), StepAction.LAST: last}
    buttons = [StepButton(action, match.id, target, owner,
                          disabled=(number == 0) if action in (StepAction.FIRST,
                                                               StepAction.PREV)
                          else number == last)
               for action, target in targets.items()]
    return Reply(content="\n".join(lines), view=view_of(*buttons),
                 pictures=[picture] if picture else [], ephemeral=True, update=update)


def animation_picture(views: Sequence[PublicView], max_bytes: int, theme: str, lang: str,
                      alt: str) -> Picture:
    """A round's animated GIF of at most ``max_bytes`` (drawn off the event loop)."""
    drawn = render_round_animation(views, max_bytes=max_bytes, theme=theme, lang=lang, alt=alt)
    return Picture(drawn.png, drawn.alt, drawn.filename)
