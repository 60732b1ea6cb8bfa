"""The finished pictures: each composed in RGB by its module (:mod:`render.hand`,
:mod:`render.table`, :mod:`render.scores`), then encoded on its theme's palette
(:func:`render.picture.finish`).

The composers never encode: the palette of a theme is learnt from pictures they draw
(:func:`render.samples.palette_sample`), so encoding sits above them.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence

from engine.rules import Kind
from engine.views import PlayerView, PublicView
from render.hand import compose_hand, hand_key
from render.labels import check_lang
from render.picture import Picture, finish, to_palette
from render.scores import (
    DailyEntry,
    LeaderboardEntry,
    compose_daily_ranking,
    compose_leaderboard,
    compose_scores,
)
from render.table import compose_table
from render.themes import get_back, get_theme


def render_hand(
    view: PlayerView,
    *,
    theme: str = "classic",
    back: str = "blue",
    sort: str = "suit",
    order: Sequence[int] | None = None,
    lang: str = "en",
    playable: Collection[int] | None = None,
) -> Picture:
    """The picture of ``view.hand`` (cards or tiles) for its owner.

    ``sort``: a :class:`~engine.hand_order.Sort` (``suit``, ``rank``, or ``own`` with
    ``order``), drawn in :func:`engine.hand_order.sorted_hand`'s order, the same
    numbering as the text replies'. ``playable``: hand indexes (engine
    order) that can be laid now, shown in green. ``back`` is checked for consistency with
    the other pictures (no back shows in a hand).

    Raises:
        ValueError: an unknown theme, back, sort or language, or a bad ``order``.
    """
    chosen = get_theme(theme)
    get_back(back)
    image, alt = compose_hand(view, chosen, sort, order, check_lang(lang), playable,
                              functools.partial(to_palette, theme=chosen))
    tiles = view.kind is Kind.TILES
    return finish(image, chosen, alt, "rack.png" if tiles else "hand.png")


def hand_picture_key(
    view: PlayerView, *, theme: str = "classic", back: str = "blue", sort: str = "suit",
    order: Sequence[int] | None = None, lang: str = "en",
    playable: Collection[int] | None = None,
) -> tuple[object, ...]:
    """A key of what :func:`render_hand` draws with the same arguments: equal keys, equal
    pictures (the table, the other seats, whose turn it is do not show in a hand), so a
    caller may keep a picture and draw again only when the key changes.

    Raises:
        ValueError: an unknown sort or language.
    """
    return (theme, back, *hand_key(view, sort, order, check_lang(lang), playable))


def render_table(
    view: PublicView,
    *,
    theme: str = "classic",
    back: str = "blue",
    lang: str = "en",
    highlight_seat: int | None = None,
) -> Picture:
    """The picture of the table everybody sees (cards or tiles, from the pieces in ``view``).

    Every meld is numbered as the commands refer to it, with who laid it; a joker shows
    the card it stands for. ``highlight_seat`` outlines a seat and its melds (by default
    the owner's seat when ``view`` is a :class:`PlayerView`); a tile player's unconfirmed
    ``draft`` is drawn instead of the table when ``view`` carries one.

    Raises:
        ValueError: an unknown theme, back or language.
    """
    chosen = get_theme(theme)
    image, alt = compose_table(view, chosen, get_back(back), check_lang(lang), highlight_seat,
                               functools.partial(to_palette, theme=chosen))
    return finish(image, chosen, alt, "table.png")


def render_scores(view: PublicView, *, theme: str = "classic", lang: str = "en") -> Picture:
    """The match score sheet: points per round and seat, totals, the target and who leads.

    Raises:
        ValueError: an unknown theme or language.
    """
    chosen = get_theme(theme)
    image, alt = compose_scores(view, chosen, check_lang(lang))
    return finish(image, chosen, alt, "scores.png")


def render_leaderboard(
    rows: Sequence[LeaderboardEntry], *, title: str, theme: str = "classic", lang: str = "en"
) -> Picture:
    """A leaderboard: rank (medals for the first three), player, matches, wins, points.

    Raises:
        ValueError: an unknown theme or language.
    """
    chosen = get_theme(theme)
    image, alt = compose_leaderboard(rows, title, chosen, check_lang(lang))
    return finish(image, chosen, alt, "leaderboard.png")


def render_daily_ranking(
    rows: Sequence[DailyEntry], *, title: str, theme: str = "classic", lang: str = "en"
) -> Picture:
    """A day's championship ranking: rank (medals for the first three), player, best
    score, its turns, and the tries played.

    Raises:
        ValueError: an unknown theme or language.
    """
    chosen = get_theme(theme)
    image, alt = compose_daily_ranking(rows, title, chosen, check_lang(lang))
    return finish(image, chosen, alt, "daily.png")
