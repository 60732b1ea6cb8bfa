"""The score sheet, the leaderboard and the daily championship's ranking."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from engine.views import RoundScore
from render import (
    DailyEntry,
    LeaderboardEntry,
    render_daily_ranking,
    render_leaderboard,
    render_scores,
)
from render.gallery import write_samples
from tests.render.helpers import decode, public

ROUNDS = (
    RoundScore(1, (0, 23, 41), 0, False, "went_out"),
    RoundScore(2, (12, 0, 200), 1, True, "went_out"),
    RoundScore(3, (5, 8, 3), None, False, "stock_exhausted"),
)


def test_the_score_sheet_lists_rounds_totals_and_the_target() -> None:
    picture = render_scores(public(3, rounds=ROUNDS))
    decode(picture)
    assert picture.filename == "scores.png"
    assert "Round 1: Alice 0 (went out), Bruno 23, Chloé 41." in picture.alt
    assert "Round 2: Alice 12, Bruno 0 (went out, rami sec), Chloé 200." in picture.alt
    assert "Total: Alice 17, Bruno 31, Chloé 244." in picture.alt
    assert "Leader: Alice." in picture.alt
    assert "Ends at 1000 · lowest total wins." in picture.alt


def test_more_rounds_make_a_taller_sheet() -> None:
    short = render_scores(public(3, rounds=ROUNDS[:1]))
    long = render_scores(public(3, rounds=ROUNDS))
    assert long.height > short.height
    assert long.width == short.width


def test_a_sheet_before_any_round_in_french() -> None:
    picture = render_scores(public(2), lang="fr", theme="dark")
    decode(picture)
    assert "Aucune manche terminée." in picture.alt


def test_the_leaderboard_lists_every_row() -> None:
    rows = [LeaderboardEntry(1, "Alice", 10, 6, 900), LeaderboardEntry(2, "Bruno", 8, 2, 400)]
    picture = render_leaderboard(rows, title="Server ranking")
    decode(picture)
    assert picture.filename == "leaderboard.png"
    assert picture.alt == (
        "Server ranking: 1. Alice, matches 10, wins 6, points 900; "
        "2. Bruno, matches 8, wins 2, points 400."
    )


def test_an_empty_leaderboard() -> None:
    picture = render_leaderboard([], title="Classement", lang="fr")
    decode(picture)
    assert picture.alt == "Classement : Personne n'a encore joué."


def test_the_daily_ranking_lists_score_turns_and_tries() -> None:
    rows = [DailyEntry(1, "Alice", 45, 7, 3), DailyEntry(2, "Bruno", -12, 9, 1)]
    picture = render_daily_ranking(rows, title="4 March")
    image = decode(picture)
    assert picture.filename == "daily.png" and image.width == 2 * 20 + 64 + 300 + 370
    assert picture.alt == ("4 March: 1. Alice, score 45, turns 7, tries 3; "
                           "2. Bruno, score -12, turns 9, tries 1.")
    french = render_daily_ranking(rows[:1], title="4 mars", lang="fr")
    assert french.alt == "4 mars : 1. Alice, score 45, tours 7, essais 3."


def test_the_doc_samples_are_written(tmp_path: Path) -> None:
    written = write_samples(tmp_path)
    names = {path.name for path in written}
    assert {
        "hand-classic.png",
        "hand-four-colour.png",
        "hand-dark.png",
        "rack.png",
        "table.png",
        "tile-table.png",
        "scores.png",
        "leaderboard.png",
        "daily.png",
    } <= names
    for path in written:
        with Image.open(path) as image:
            assert image.format == "PNG"
        assert path.stat().st_size < 100_000
