"""A rule's values suggested in words (engine.rules.choice_values): yes/no and each
choice named in the reader's language, numbers with their bounds, only values the rule
set accepts, at most 25, names and values within Discord's 100 characters."""

from __future__ import annotations

import dataclasses

import pytest

from engine import RuleError, RuleSet, variant
from engine.rules import MAX_VALUE_CHOICES, choice_values
from engine.variants import variant_names

EDITABLE = [f.name for f in dataclasses.fields(RuleSet) if f.name not in ("name", "kind")]


def shown(key: str, typed: str, name: str = "rami51", lang: str = "en") -> list[tuple[str, str]]:
    return [(c.value, c.label.text(lang)) for c in choice_values(key, typed, variant(name), lang)]


def test_yes_no_in_words_the_value_of_now_first() -> None:
    assert shown("ace_high", "", "classic") == [("false", "no — as now"), ("true", "yes")]
    assert shown("ace_high", "", "classic", "fr") == [("false", "non — valeur actuelle"),
                                                      ("true", "oui")]


@pytest.mark.parametrize(("typed", "lang", "expected"), [
    ("ye", "en", ["true"]), ("oui", "en", ["true"]), ("no", "fr", ["false"]),
    ("vrai", "fr", ["true"]), ("zzz", "en", ["true", "false"]),  # nothing matches: both
])
def test_yes_no_filtered_by_what_was_typed(typed: str, lang: str, expected: list[str]) -> None:
    assert [value for value, _ in shown("ace_high", typed, "classic", lang)] == expected


def test_each_choice_in_words_filtered_by_words_or_value() -> None:
    every = shown("joker_swap", "", lang="fr")
    assert [value for value, _ in every] == ["after_opening", "never", "complete_group"]
    assert every[1] == ("never", "jamais")
    assert shown("joker_swap", "jam", lang="fr") == [("never", "jamais")]
    assert [value for value, _ in shown("joker_swap", "complete")] == ["complete_group"]


def test_a_wide_number_says_its_bounds_the_typed_one_first() -> None:
    assert shown("target", "77") == [
        ("77", "77 (a whole number from 0 to 100000)"),
        ("1000", "1000 (a whole number from 0 to 100000) — as now"),
        ("0", "0 (a whole number from 0 to 100000)"),
        ("100000", "100000 (a whole number from 0 to 100000)")]
    assert shown("opening_minimum", "", lang="fr")[0] == (
        "51", "51 (un nombre entier de 0 à 300) — valeur actuelle")
    # Out of bounds or not a number: never suggested, the bounds are.
    assert [value for value, _ in shown("target", "999999")] == ["1000", "0", "100000"]
    assert [value for value, _ in shown("target", "lots")] == ["1000", "0", "100000"]


def test_a_narrow_number_offers_every_value_accepted() -> None:
    assert [value for value, _ in shown("decks", "", "rami51")] == ["2", "3", "4"]  # 1: too few
    assert [value for value, _ in shown("jokers", "1", "rami51")] == [
        "1", "10", "11", "12", "13", "14", "15", "16"]
    assert shown("jokers", "", "tiles")[0][0] == "2"  # tiles: 0 to 7
    assert {value for value, _ in shown("jokers", "", "tiles")} == {str(n) for n in range(8)}


def test_hand_sizes_as_typed_and_as_now() -> None:
    assert shown("hand_sizes", "9", "rami30") == [
        ("2:9, 3:9, 4:9", "2:9, 3:9, 4:9 (cards dealt for each number of players)"),
        ("2:13, 3:13, 4:10",
         "2:13, 3:13, 4:10 (cards dealt for each number of players) — as now")]
    assert [value for value, _ in shown("hand_sizes", "2:40", "rami30")] == ["2:13, 3:13, 4:10"]


def test_an_unknown_parameter_has_none() -> None:
    assert shown("name", "") == [] and shown("nothing", "") == []


@pytest.mark.parametrize("name", variant_names())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_suggestion_is_accepted_and_fits(name: str, lang: str) -> None:
    rules = variant(name)
    for key in EDITABLE:
        for typed in ("", "1", "x", "5", "yes"):
            choices = choice_values(key, typed, rules, lang)
            assert 1 <= len(choices) <= MAX_VALUE_CHOICES, (key, typed)
            for choice in choices:
                assert len(choice.value) <= 100 and 1 <= len(choice.label.text(lang)) <= 100
                try:
                    rules.with_overrides(**{key: choice.value})
                except RuleError as error:
                    raise AssertionError((name, key, choice.value)) from error
