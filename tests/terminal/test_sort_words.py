"""``sort`` in the reader's words: every sort word the help shows works, the answer says
which order was chosen, and a word that names no sort is answered with the words of the
reader's language."""

from __future__ import annotations

import re

import pytest

from engine.i18n import t
from tests.terminal.helpers import between_prompts, play

CASES = [  # language, variant, the words the help shows, the order each gives
    ("en", "classic", {"suit": "by suit", "rank": "by rank"}),
    ("en", "tiles", {"colour": "by colour", "number": "by number"}),
    ("fr", "classic", {"couleur": "par couleur", "valeur": "par valeur"}),
    ("fr", "tiles", {"couleur": "par couleur", "nombre": "par nombre"}),
]


@pytest.mark.parametrize(("lang", "name", "words"), CASES)
def test_every_sort_word_of_the_help_works(lang: str, name: str, words: dict[str, str]) -> None:
    kind = "tiles" if name == "tiles" else "cards"
    help_text = t(f"local.help.{kind}", lang)
    shown = re.search(r"(?:sort|trier) \[(\w+)\|(\w+)\]", help_text)
    assert shown is not None and set(shown.groups()) == set(words)
    verb = "trier" if lang == "fr" else "sort"
    script = "".join(f"{verb} {word}\n" for word in words) + "quit\n"
    _, text = play(["--variant", name, "--seed", "3", "--lang", lang, "--plain"], script)
    answers = between_prompts(text)
    for answer, order in zip(answers, words.values(), strict=False):
        said = "Trié" if lang == "fr" else "Sorted"
        assert answer.startswith(f"{said} {order}.\n")


@pytest.mark.parametrize(("lang", "name", "expected"), [
    ("en", "classic", "“up” is not a way to sort: choose suit or rank, or sort alone to switch."),
    ("en", "tiles", "“up” is not a way to sort: choose colour or number, or sort alone to "
                    "switch."),
    ("fr", "classic", "« up » n'est pas un tri : choisissez couleur ou valeur, ou trier seul "
                      "pour alterner."),
    ("fr", "tiles", "« up » n'est pas un tri : choisissez couleur ou nombre, ou trier seul "
                    "pour alterner."),
])
def test_a_word_that_is_no_sort_is_answered_in_the_readers_words(
        lang: str, name: str, expected: str) -> None:
    verb = "trier" if lang == "fr" else "sort"
    _, text = play(["--variant", name, "--seed", "3", "--lang", lang, "--plain"],
                   f"{verb} up\nquit\n")
    assert between_prompts(text)[0].splitlines()[0] == expected


def test_sort_alone_switches_and_says_to_which_order() -> None:
    _, text = play(["--variant", "classic", "--seed", "3", "--plain"], "sort\nsort\nquit\n")
    first, second = between_prompts(text)[:2]
    assert {first.splitlines()[0], second.splitlines()[0]} == {"Sorted by suit.",
                                                               "Sorted by rank."}
