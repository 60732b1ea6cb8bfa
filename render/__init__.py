"""Rami's pictures: hands, racks, tables, score sheets and rankings, drawn with Pillow.

Every function takes engine views and returns a :class:`Picture` (PNG bytes, alt text,
size, file name). Cards, tiles and text are drawn by code with the bundled DejaVu fonts;
costly drawings are cached per theme and size, so a picture takes a few milliseconds.
"""

from render.paint import (
    hand_picture_key,
    render_daily_ranking,
    render_hand,
    render_leaderboard,
    render_scores,
    render_table,
)
from render.picture import Picture
from render.rating_chart import render_rating_history
from render.scores import DailyEntry, LeaderboardEntry
from render.themes import BACKS, THEMES, Back, Theme, get_back, get_theme
from render.warm import warm_hands, warm_tables, warm_up

__all__ = [
    "BACKS",
    "THEMES",
    "Back",
    "DailyEntry",
    "LeaderboardEntry",
    "Picture",
    "Theme",
    "get_back",
    "get_theme",
    "hand_picture_key",
    "render_daily_ranking",
    "render_hand",
    "render_leaderboard",
    "render_rating_history",
    "render_scores",
    "render_table",
    "warm_hands",
    "warm_tables",
    "warm_up",
]
