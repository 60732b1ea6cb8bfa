"""Themes, backs and languages are looked up by name; a bad name says what is valid."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.views import PlayerView
from render import (
    BACKS,
    THEMES,
    get_back,
    get_theme,
    render_hand,
    render_leaderboard,
    render_scores,
    render_table,
)


def test_the_required_themes_and_backs_exist() -> None:
    assert {"classic", "four-colour", "dark"} <= set(THEMES)
    assert {"blue", "red", "green"} <= set(BACKS)


def test_names_are_case_blind_and_four_color_is_an_alias() -> None:
    assert get_theme("Classic") is THEMES["classic"]
    assert get_theme("four-color") is THEMES["four-colour"]
    assert get_back("RED") is BACKS["red"]


def test_an_unknown_theme_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown theme 'neon'.*classic, four-colour, dark"):
        get_theme("neon")


def test_an_unknown_back_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown card back 'gold'.*blue, red, green"):
        get_back("gold")


@pytest.mark.parametrize(
    "call",
    [
        lambda v: render_hand(v, theme="neon"),
        lambda v: render_hand(v, back="gold"),
        lambda v: render_hand(v, lang="de"),
        lambda v: render_hand(v, sort="colourful"),
        lambda v: render_table(v, theme="neon"),
        lambda v: render_table(v, back="gold"),
        lambda v: render_table(v, lang="de"),
        lambda v: render_scores(v, theme="neon"),
        lambda v: render_leaderboard([], title="x", theme="neon"),
        lambda v: render_leaderboard([], title="x", lang="de"),
    ],
)
def test_every_picture_rejects_bad_names(
    hand_view: PlayerView, call: Callable[[PlayerView], object]
) -> None:
    with pytest.raises(ValueError, match="choose one of"):
        call(hand_view)


def test_a_discord_locale_gives_its_language(hand_view: PlayerView) -> None:
    assert render_hand(hand_view, lang="fr-FR").alt.startswith("Votre main")
    assert render_hand(hand_view, lang="en-GB").alt.startswith("Your hand")
