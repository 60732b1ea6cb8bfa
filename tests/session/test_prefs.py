"""Preferences: a theme, card back or sort is one render draws, checked before it is saved,
with the refusal in the player's language; a saved one render no longer draws falls back."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import render
from bot.session import Preferences, SessionError
from data import PlayerPrefs, Store
from engine.hand_order import Sort

USER = 5
DRAWN = [("theme", name) for name in render.THEMES] + [
    ("back", name) for name in render.BACKS] + [("sort", name) for name in tuple(Sort)]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "rami.sqlite3") as opened:
        yield opened


@pytest.mark.parametrize(("key", "name"), DRAWN)
async def test_every_theme_back_and_sort_render_draws_is_saved(store: Store, key: str,
                                                               name: str) -> None:
    prefs = Preferences(store)
    saved = await prefs.update_player(USER, **{key: name})
    assert getattr(saved, key) == name
    assert getattr(await store.player_prefs(USER), key) == name


def test_the_defaults_are_drawn() -> None:
    defaults = PlayerPrefs()
    assert (defaults.theme, defaults.back, defaults.sort) in {
        (theme, back, sort) for theme in render.THEMES for back in render.BACKS
        for sort in tuple(Sort)}


@pytest.mark.parametrize(("key", "name", "choices"), [
    ("theme", "neon", render.THEMES),
    ("back", "plaid", render.BACKS),
    ("sort", "colour", tuple(Sort)),
])
async def test_a_name_render_does_not_draw_is_refused_before_saving(
        store: Store, key: str, name: str, choices: tuple[str, ...]) -> None:
    prefs = Preferences(store)
    await prefs.update_player(USER, theme="dark")
    with pytest.raises(SessionError) as caught:
        await prefs.update_player(USER, **{key: name}, language="fr")
    assert caught.value.code == "session.bad_pref"
    for lang in ("en", "fr"):
        text = caught.value.message(lang)
        assert name in text and ", ".join(choices) in text
    assert "l'option" in caught.value.message("fr")
    assert await store.player_prefs(USER) == PlayerPrefs(theme="dark")  # nothing written


async def test_a_saved_name_render_no_longer_draws_falls_back_loudly(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    await store.update_player_prefs(USER, theme="retired", back="red")  # the store: shape only
    with caplog.at_level(logging.WARNING, logger="rami.session"):
        assert await Preferences(store).player(USER) == PlayerPrefs(back="red")
    assert "theme" in caplog.text
