"""The computer levels in words: named and read in every language."""

from __future__ import annotations

import pytest

from engine.ai import LEVELS, Level, LevelNames, level_name, read_level
from engine.errors import RuleError


@pytest.mark.parametrize(("level", "en", "fr"), [
    ("easy", "easy", "facile"), ("medium", "medium", "moyen"), ("hard", "hard", "difficile"),
])
def test_each_level_has_a_name_in_each_language(level: str, en: str, fr: str) -> None:
    assert (level_name(level, "en"), level_name(level, "fr")) == (en, fr)


@pytest.mark.parametrize(("text", "lang", "level"), [
    ("difficile", "fr", "hard"), ("  Difficile ", "fr", "hard"), ("FACILE", "en", "easy"),
    ("moyen", "fr", "medium"), ("hard", "fr", "hard"), ("★★★", "fr", "hard"),
    ("medium", "en", "medium"),
])
def test_a_level_is_read_in_any_language(text: str, lang: str, level: str) -> None:
    assert read_level(text, lang) == level


@pytest.mark.parametrize(("lang", "listed"), [
    ("en", "easy, medium, hard"), ("fr", "facile, moyen, difficile"),
])
def test_an_unknown_level_lists_the_levels_in_the_readers_language(lang: str,
                                                                   listed: str) -> None:
    with pytest.raises(RuleError) as error:
        read_level("genius", lang)
    assert error.value.code == "ai.level"
    assert "genius" in error.value.message(lang) and listed in error.value.message(lang)
    assert LevelNames().text(lang) == listed
    assert set(LEVELS) == {"easy", "medium", "hard"}


def test_a_level_is_its_saved_code_and_every_level_has_a_profile() -> None:
    from engine.ai import card_levels, tile_plans

    assert [str(level) for level in Level] == ["easy", "medium", "hard"]
    assert Level("hard") is Level.HARD and read_level("difficile", "fr") is Level.HARD
    assert set(card_levels.PROFILES) == set(tile_plans.PROFILES) == set(Level)
