"""The picture of a player's skill rating over their last matches: a line of the rating
(its ordinal, mu - 3 sigma) after each match, oldest on the left, with the lowest and
highest values marked, and its alt text in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.i18n import t
from render.draw import background, draw_text, fit, panel
from render.labels import check_lang
from render.picture import Picture, finish
from render.themes import get_theme

WIDTH, HEIGHT = 560, 240
MARGIN, TITLE, AXIS = 20, 52, 64  # the left band holds the values' labels


def rating_text(value: float, lang: str) -> str:
    """``value`` with one decimal, with the decimal sign ``lang`` writes (``12,3``)."""
    text = f"{round(value, 1) + 0.0:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def render_rating_history(ratings: Sequence[float], *, title: str, name: str,
                          theme: str = "classic", lang: str = "en") -> Picture:
    """A line of ``ratings`` (one per match, oldest first) under ``title``; the alt text
    names ``name``, the matches, the first, last, lowest and highest values.

    Raises:
        ValueError: no rating, an unknown theme or language.
    """
    if not ratings:
        raise ValueError("a rating history has at least one match")
    chosen, lang = get_theme(theme), check_lang(lang)
    image = background(WIDTH, HEIGHT, chosen.felt, chosen.felt_dark)
    draw_text(image, (MARGIN, 16), fit(title, 18, True, WIDTH - 2 * MARGIN), 18, chosen.text,
              bold=True)
    box = (MARGIN, TITLE, WIDTH - MARGIN, HEIGHT - MARGIN)
    panel(image, box, 12, chosen.panel, chosen.panel_line, 1)
    low, high = min(ratings), max(ratings)
    span = (high - low) or 1.0
    left, right = box[0] + AXIS, box[2] - 16
    top, bottom = box[1] + 16, box[3] - 16

    def point(index: int, value: float) -> tuple[int, int]:
        x = left + (right - left) * index // max(1, len(ratings) - 1)
        return x, round(bottom - (bottom - top) * (value - low) / span)

    draw = ImageDraw.Draw(image)
    for value in (low, high):
        y = point(0, value)[1]
        draw.line([(left, y), (right, y)], fill=chosen.panel_line, width=1)
        draw_text(image, (left - 8, y), rating_text(value, lang), 15, chosen.text_dim,
                  anchor="right", middle=True)
    points = [point(index, value) for index, value in enumerate(ratings)]
    if len(points) > 1:
        draw.line(points, fill=chosen.accent, width=3, joint="curve")
    x, y = points[-1]
    draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=chosen.accent)
    alt = t("picture.rating.alt", lang, name=name, matches=len(ratings),
            first=rating_text(ratings[0], lang), last=rating_text(ratings[-1], lang),
            low=rating_text(low, lang), high=rating_text(high, lang))
    return finish(image, chosen, alt, "rating.png")



