"""Every label of every picture fits its box, for 2 to 6 players and in every language:
each text drawn is measured against the picture or box it is drawn on and against the
other texts there, and the names of the seats are shown whole."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import pytest
from PIL import Image

import render.hand
import render.hand_cells
import render.scores
import render.table
from engine import variant
from engine.game import Game
from engine.i18n import t
from engine.names import computer_name, shown_name
from engine.tiles.actions import NewSet
from engine.tiles.tile import Tile
from engine.views import RoundScore
from render import (
    DailyEntry,
    LeaderboardEntry,
    render_daily_ranking,
    render_hand,
    render_leaderboard,
    render_scores,
    render_table,
)
from render.draw import Anchor, text_height
from tests.render.helpers import public


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 on the image it was drawn on
    image: int  # which image (a picture, or a seat, meld or piles box cached apart)
    size: tuple[int, int]  # that image's width and height


@pytest.fixture
def labels(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Label]]:
    """Every text the picture modules draw from now on, with where it went."""
    drawn: list[Label] = []
    alive: list[Image.Image] = []  # kept, so that no later image takes the id of one drawn on
    real = render.draw.draw_text

    def recording(image: Image.Image, xy: tuple[int, int], text: str, size: int,
                  colour: tuple[int, int, int], *, bold: bool = False,
                  anchor: Anchor = "left", middle: bool = False) -> int:
        width = real(image, xy, text, size, colour, bold=bold, anchor=anchor, middle=middle)
        if text:
            x, y = xy
            x0 = {"left": x, "centre": x - width // 2, "right": x - width}[anchor]
            height = text_height(size, bold)
            y0 = y - height // 2 if middle else y
            drawn.append(Label(text, (x0, y0, x0 + width, y0 + height), id(image), image.size))
            alive.append(image)
        return width

    for module in (render.table, render.scores, render.hand, render.hand_cells):
        monkeypatch.setattr(module, "draw_text", recording)
    render.table.clear_caches()  # the blocks drawn again, so that their texts are seen
    render.hand.clear_caches()
    yield drawn


def assert_all_fit(drawn: Sequence[Label]) -> None:
    assert drawn
    for label in drawn:
        x0, y0, x1, y1 = label.box
        width, height = label.size
        assert 0 <= x0 <= x1 <= width and 0 <= y0 <= y1 <= height, label
    for i, one in enumerate(drawn):
        for other in drawn[i + 1:]:
            if one.image == other.image:
                a, b = one.box, other.box
                overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert overlap[0] <= 0 or overlap[1] <= 2, (one, other)  # 2 px: line spacing


def names(players: int, lang: str) -> list[str]:
    """Names as saved: a long human name, then computers (shown ``CPU 1`` or ``Ordi 1``)."""
    return ["Marie-Charlotte", *(computer_name(n) for n in range(1, players))]


CASES = [(players, lang, kind) for players in range(2, 7) for lang in ("en", "fr")
         for kind in ("rami51", "tiles") if players <= variant(kind).max_players]


@pytest.mark.parametrize(("players", "lang", "kind"), CASES)
def test_every_table_label_fits_and_every_name_shows_whole(
        labels: list[Label], players: int, lang: str, kind: str) -> None:
    seated = names(players, lang)
    view = Game.new(variant(kind), seated, 3).view(0)
    render_table(view, lang=lang)
    assert_all_fit(labels)
    shown = [label.text for label in labels]
    assert f"▶ {seated[0]} ({t('picture.you', lang)})" in shown
    for name in seated[1:]:
        assert shown_name(name, lang) in shown, f"{name} is cut: {shown}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pile_labels_fit_their_column_at_their_largest(labels: list[Label],
                                                          lang: str) -> None:
    view = public(3)
    render_table(replace(view, discard_size=104, stock_size=0, reshuffles=3), lang=lang)
    render_table(replace(view, discard_top=None, discard_size=0), lang=lang)
    assert_all_fit(labels)
    shown = " ".join(label.text for label in labels)
    assert t("picture.discard", lang, n=104) in shown and "…" not in shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_draft_with_an_unfinished_set_fits_and_says_so(labels: list[Label],
                                                         lang: str) -> None:
    game = Game.new(variant("tiles"), names(4, lang), 5)
    tiles = [p for p in game.view(0).hand if isinstance(p, Tile)]
    game.apply(0, NewSet(tuple(tiles[:2])))
    picture = render_table(game.view(0), lang=lang)
    assert_all_fit(labels)
    assert t("picture.unfinished", lang) in [label.text for label in labels]
    assert f"1 ({t('picture.unfinished', lang)})" in picture.alt


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", ["rami51", "tiles"])
def test_hand_labels_fit_from_a_short_hand_to_a_long_one(labels: list[Label], lang: str,
                                                         kind: str) -> None:
    view = Game.new(variant(kind), names(2, lang), 4).view(0)
    for count in (1, 3, len(view.hand)):
        render_hand(replace(view, hand=view.hand[:count]), lang=lang)
    assert_all_fit(labels)


LONG = "Maximilian Alexander von Habsburg-Lothringen"


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_score_sheet_names_fit_on_one_or_two_lines(labels: list[Label], players: int,
                                                   lang: str) -> None:
    view = public(players, rounds=[RoundScore(1, tuple(range(players)), 0, True, "went_out")])
    seats = tuple(replace(s, name=LONG) if s.seat == 1 else s for s in view.seats)
    picture = render_scores(replace(view, seats=seats), lang=lang)
    assert_all_fit(labels)
    assert LONG in picture.alt


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_leaderboard_name_goes_on_two_lines_and_whole_in_the_alt_text(
        labels: list[Label], lang: str) -> None:
    rows = [LeaderboardEntry(1, "Alice", 10, 7, 300), LeaderboardEntry(2, LONG, 9, 5, 250),
            LeaderboardEntry(3, "x" * 80, 1, 0, 5)]
    picture = render_leaderboard(rows, title="Leaderboard", lang=lang)
    assert_all_fit(labels)
    shown = [label.text for label in labels]
    assert "Alice" in shown
    assert "Maximilian Alexander von" in shown and "Habsburg-Lothringen" in shown
    assert any(text.endswith("…") for text in shown)  # beyond two lines, cut
    assert LONG in picture.alt and "x" * 80 in picture.alt


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_name_of_the_daily_ranking_goes_on_two_lines_too(
        labels: list[Label], lang: str) -> None:
    rows = [DailyEntry(1, "Alice", 45, 7, 3), DailyEntry(2, LONG, -12, 9, 10),
            DailyEntry(3, "x" * 80, -200, 30, 1)]
    picture = render_daily_ranking(rows, title=t("bot.daily.title", lang, day="2026-03-03"),
                                   lang=lang)
    assert_all_fit(labels)
    shown = [label.text for label in labels]
    assert "Alice" in shown
    assert "Maximilian Alexander von" in shown and "Habsburg-Lothringen" in shown
    assert LONG in picture.alt and "x" * 80 in picture.alt
