"""The bot's start-up warm-up: palettes always; the hands and the tables' pieces drawn
ahead, the start-up's objects frozen out of the collector's sight and full collections
made rarer only for a bot that owns its process."""

from __future__ import annotations

import gc

import pytest

import render
from bot.config import load_settings
from bot.discord_app.client import OLD_COLLECTIONS_EVERY, make_bot


@pytest.mark.parametrize("owns_process", [True, False])
async def test_the_pictures_are_warmed_and_frozen_only_for_the_bots_own_process(
        monkeypatch: pytest.MonkeyPatch, owns_process: bool) -> None:
    done: list[object] = []
    monkeypatch.setattr(render, "warm_up", lambda themes: done.append(("palette", *themes)))
    monkeypatch.setattr(render, "warm_hands",
                        lambda theme, langs: done.append(("hands", theme, *langs)))
    monkeypatch.setattr(render, "warm_tables",
                        lambda theme, langs: done.append(("tables", theme, *langs)))
    monkeypatch.setattr(gc, "freeze", lambda: done.append("freeze"))
    monkeypatch.setattr(gc, "get_threshold", lambda: (700, 10, 10))
    monkeypatch.setattr(gc, "set_threshold",
                        lambda *thresholds: done.append(("thresholds", *thresholds)))
    bot = make_bot(load_settings({"DISCORD_TOKEN": "t"}, env_file=None),
                   warm_pictures=owns_process)
    await bot._warm_up()
    palettes = [("palette", name) for name in render.THEMES]
    if owns_process:
        assert done == [*palettes, ("hands", "classic", "en"), ("hands", "classic", "fr"),
                        ("tables", "classic", "en"), ("tables", "classic", "fr"), "freeze",
                        ("thresholds", 700, 10, OLD_COLLECTIONS_EVERY)]
    else:
        assert done == palettes
