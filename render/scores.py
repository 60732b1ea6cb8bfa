"""The match score sheet (round by round) and the ranking pictures: the server's
leaderboard and the daily championship's ranking, one table drawn by one composer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from engine.i18n import t
from engine.names import shown_name
from engine.views import PublicView, RoundScore
from render.draw import Anchor, background, blend, draw_text, fit, panel, text_width, two_lines
from render.labels import colon
from render.themes import MEDAL_INK, MEDALS, RGB, Theme

MARGIN = 20
TITLE = 56
ROW = 36
FIRST_COL = 96
PLAYER_COL = 132
FOOTER = 44


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """One line of a leaderboard."""

    rank: int  # 1-based; equal ranks for ties
    name: str
    matches: int
    wins: int
    points: int


@dataclass(frozen=True, slots=True)
class DailyEntry:
    """One line of a day's championship ranking."""

    rank: int  # 1-based; equal ranks for ties
    name: str
    score: int
    turns: int
    tries: int


@dataclass(frozen=True, slots=True)
class _Ranked:
    """One line of any ranking: its place, its player and its figures."""

    rank: int
    name: str
    values: tuple[int, ...]


def _leaders(totals: Sequence[int], high_wins: bool) -> set[int]:
    if not totals:
        return set()
    best = max(totals) if high_wins else min(totals)
    return {seat for seat, total in enumerate(totals) if total == best}


def _title(image: Image.Image, theme: Theme, text: str, detail: str) -> None:
    x = MARGIN + 4
    x += draw_text(image, (x, 16), text, 24, theme.text, bold=True)
    if detail:
        draw_text(image, (x + 12, 20), detail, 19, theme.text_dim)


def _name(image: Image.Image, name: str, at: tuple[int, int], room: int, colour: RGB, *,
          size: int = 18, anchor: Anchor = "centre") -> None:
    """A player's name in a column ``room`` wide: on one line, else on two smaller lines
    (cut with “…” only beyond them; the alt text always has it whole)."""
    x, middle = at
    if text_width(name, size, True) <= room:
        draw_text(image, at, name, size, colour, bold=True, anchor=anchor, middle=True)
        return
    for line, y in zip(two_lines(name, 14, True, room), (middle - 8, middle + 8), strict=True):
        draw_text(image, (x, y), line, 14, colour, bold=True, anchor=anchor, middle=True)


def _round_cell(
    image: Image.Image,
    theme: Theme,
    result: RoundScore,
    seat: int,
    centre: int,
    top: int,
    lang: str,
) -> None:
    points = result.points[seat] if seat < len(result.points) else 0
    winner = result.winner == seat
    text = f"★ {points}" if winner else str(points)
    colour = theme.accent if winner else theme.text
    width = draw_text(
        image, (centre, top + ROW // 2), text, 19, colour, bold=winner, anchor="centre", middle=True
    )
    if winner and result.rami_sec:
        draw_text(
            image,
            (centre + width // 2 + 6, top + ROW // 2),
            t("picture.rami_sec", lang),
            13,
            theme.good,
            bold=True,
            middle=True,
        )


def compose_scores(view: PublicView, theme: Theme, lang: str) -> tuple[Image.Image, str]:
    """The score sheet in RGB and its alt text (see :func:`render_scores`)."""
    players = len(view.seats)
    width = max(520, 2 * MARGIN + FIRST_COL + players * PLAYER_COL)
    rows = max(1, len(view.rounds))
    height = TITLE + ROW * (rows + 2) + 8 + FOOTER
    image = background(width, height, theme.felt, theme.felt_dark)
    _title(image, theme, t("score.title", lang), t(f"variant.{view.variant}", lang))
    totals = view.totals or tuple(seat.score for seat in view.seats)
    leaders = _leaders(totals, view.high_wins) if view.rounds else set()
    table = (MARGIN, TITLE, width - MARGIN, TITLE + ROW * (rows + 2) + 4)
    panel(image, table, 12, theme.panel, theme.panel_line, 1)
    left = MARGIN + FIRST_COL

    def centre(seat: int) -> int:
        return left + seat * PLAYER_COL + PLAYER_COL // 2

    for seat, info in enumerate(view.seats):
        colour = theme.accent if seat in leaders else theme.text
        _name(image, shown_name(info.name, lang), (centre(seat), TITLE + ROW // 2 + 2),
              PLAYER_COL - 12, colour)
    stripe = blend(theme.panel, theme.felt, 0.45)
    for i, result in enumerate(view.rounds):
        top = TITLE + ROW * (i + 1) + 2
        if i % 2 == 0:
            image.paste(stripe, (MARGIN + 2, top, width - MARGIN - 2, top + ROW))
        draw_text(
            image,
            (MARGIN + 14, top + ROW // 2),
            t("picture.round", lang, n=result.number),
            17,
            theme.text_dim,
            middle=True,
        )
        for seat in range(players):
            _round_cell(image, theme, result, seat, centre(seat), top, lang)
    if not view.rounds:
        draw_text(
            image,
            (width // 2, TITLE + ROW + ROW // 2 + 2),
            t("picture.no_rounds", lang),
            18,
            theme.text_dim,
            anchor="centre",
            middle=True,
        )
    top = TITLE + ROW * (rows + 1) + 2
    image.paste(theme.panel_line, (MARGIN + 2, top, width - MARGIN - 2, top + 2))
    draw_text(
        image,
        (MARGIN + 14, top + ROW // 2 + 2),
        t("picture.total", lang),
        19,
        theme.text,
        bold=True,
        middle=True,
    )
    for seat in range(players):
        total = totals[seat] if seat < len(totals) else 0
        colour = theme.accent if seat in leaders else theme.text
        draw_text(
            image,
            (centre(seat), top + ROW // 2 + 2),
            str(total),
            21,
            colour,
            bold=True,
            anchor="centre",
            middle=True,
        )
    footer = _target_text(view, lang)
    draw_text(image, (MARGIN + 4, height - FOOTER + 10), footer, 18, theme.text_dim)
    return image, _scores_alt(view, totals, leaders, footer, lang)


def _target_text(view: PublicView, lang: str) -> str:
    if view.target > 0:
        key = "picture.target_high" if view.high_wins else "picture.target_low"
        return t(key, lang, n=view.target)
    return t("picture.single_high" if view.high_wins else "picture.single_low", lang)


def _scores_alt(
    view: PublicView, totals: Sequence[int], leaders: set[int], footer: str, lang: str
) -> str:
    names = [shown_name(seat.name, lang) for seat in view.seats]
    parts = [f"{t('score.title', lang)}, {t(f'variant.{view.variant}', lang)}."]
    for result in view.rounds:
        cells = []
        for seat, name in enumerate(names):
            points = result.points[seat] if seat < len(result.points) else 0
            mark = f" ({t('picture.went_out', lang)})" if result.winner == seat else ""
            if result.winner == seat and result.rami_sec:
                mark = f" ({t('picture.went_out', lang)}, {t('picture.rami_sec', lang)})"
            cells.append(f"{name} {points}{mark}")
        parts.append(f"{t('picture.round', lang, n=result.number)}{colon(lang)}{', '.join(cells)}.")
    if not view.rounds:
        parts.append(t("picture.no_rounds", lang) + ".")
    total_text = ", ".join(
        f"{name} {totals[i] if i < len(totals) else 0}" for i, name in enumerate(names)
    )
    parts.append(f"{t('picture.total', lang)}{colon(lang)}{total_text}.")
    if leaders:
        leader = ", ".join(names[i] for i in sorted(leaders))
        parts.append(f"{t('picture.leader', lang).capitalize()}{colon(lang)}{leader}.")
    parts.append(footer + ".")
    return " ".join(parts)



# The columns of each ranking: catalog key (``picture.<key>``) and width.
_NAME_COLUMNS = (("rank", 64), ("player", 300))
_BOARD_COLUMNS = (("matches", 120), ("wins", 120), ("pts", 130))
_DAILY_COLUMNS = (("score", 130), ("turns", 120), ("tries", 120))
Columns = tuple[tuple[str, int], ...]


def compose_leaderboard(
    rows: Sequence[LeaderboardEntry], title: str, theme: Theme, lang: str
) -> tuple[Image.Image, str]:
    """The leaderboard in RGB and its alt text (see :func:`render_leaderboard`)."""
    ranked = [_Ranked(row.rank, row.name, (row.matches, row.wins, row.points)) for row in rows]
    return _compose_ranking(ranked, _BOARD_COLUMNS, title, theme, lang)


def compose_daily_ranking(
    rows: Sequence[DailyEntry], title: str, theme: Theme, lang: str
) -> tuple[Image.Image, str]:
    """A day's championship ranking in RGB and its alt text (see
    :func:`render_daily_ranking`)."""
    ranked = [_Ranked(row.rank, row.name, (row.score, row.turns, row.tries)) for row in rows]
    return _compose_ranking(ranked, _DAILY_COLUMNS, title, theme, lang)


def _compose_ranking(
    rows: Sequence[_Ranked], figures: Columns, title: str, theme: Theme, lang: str
) -> tuple[Image.Image, str]:
    columns = (*_NAME_COLUMNS, *figures)
    width = 2 * MARGIN + sum(w for _, w in columns)
    height = TITLE + ROW * (max(1, len(rows)) + 1) + 8 + MARGIN
    image = background(width, height, theme.felt, theme.felt_dark)
    _title(image, theme, fit(title, 24, True, width - 2 * MARGIN), "")
    panel(
        image,
        (MARGIN, TITLE, width - MARGIN, height - MARGIN),
        12,
        theme.panel,
        theme.panel_line,
        1,
    )
    x = MARGIN
    for key, column in columns:
        anchor: Anchor = "left" if key == "player" else "centre"
        at = x + 14 if key == "player" else x + column // 2
        draw_text(
            image,
            (at, TITLE + ROW // 2 + 2),
            t(f"picture.{key}", lang),
            17,
            theme.text_dim,
            bold=True,
            anchor=anchor,
            middle=True,
        )
        x += column
    stripe = blend(theme.panel, theme.felt, 0.45)
    for i, row in enumerate(rows):
        top = TITLE + ROW * (i + 1) + 2
        if i % 2 == 0:
            image.paste(stripe, (MARGIN + 2, top, width - MARGIN - 2, top + ROW))
        _ranking_row(image, theme, row, figures, top)
    if not rows:
        draw_text(
            image,
            (width // 2, TITLE + ROW + ROW // 2),
            t("picture.leaderboard_empty", lang),
            18,
            theme.text_dim,
            anchor="centre",
            middle=True,
        )
    return image, _ranking_alt(rows, figures, title, lang)


def _ranking_row(
    image: Image.Image, theme: Theme, row: _Ranked, figures: Columns, top: int
) -> None:
    middle = top + ROW // 2
    x = MARGIN
    rank_w = _NAME_COLUMNS[0][1]
    medal = MEDALS.get(row.rank)
    if medal is not None:
        cx = x + rank_w // 2
        panel(image, (cx - 14, middle - 14, cx + 14, middle + 14), 14, medal)
        draw_text(
            image,
            (cx, middle),
            str(row.rank),
            16,
            MEDAL_INK,
            bold=True,
            anchor="centre",
            middle=True,
        )
    else:
        draw_text(
            image,
            (x + rank_w // 2, middle),
            str(row.rank),
            17,
            theme.text_dim,
            anchor="centre",
            middle=True,
        )
    x += rank_w
    name_w = _NAME_COLUMNS[1][1]
    _name(image, row.name, (x + 14, middle), name_w - 20, theme.text, size=19, anchor="left")
    x += name_w
    for value, (_, column) in zip(row.values, figures, strict=True):
        draw_text(
            image,
            (x + column // 2, middle),
            str(value),
            18,
            theme.text,
            anchor="centre",
            middle=True,
        )
        x += column


def _ranking_alt(rows: Sequence[_Ranked], figures: Columns, title: str, lang: str) -> str:
    if not rows:
        return f"{title}{colon(lang)}{t('picture.leaderboard_empty', lang)}."
    lines = [
        ", ".join([f"{row.rank}. {row.name}", *(
            f"{t(f'picture.{key}', lang).lower()} {value}"
            for (key, _), value in zip(figures, row.values, strict=True))])
        for row in rows
    ]
    return f"{title}{colon(lang)}{'; '.join(lines)}."
