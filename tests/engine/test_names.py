"""Players' names: a person's as given; those the game gives seats saved in no language
and put in words in the reader's."""

from __future__ import annotations

import pytest

from engine.names import YOU, computer_name, shown_name, stand_in_name


@pytest.mark.parametrize(("saved", "en", "fr"), [
    (computer_name(1), "CPU 1", "Ordi 1"),
    (computer_name(12), "CPU 12", "Ordi 12"),
    (YOU, "You", "Vous"),
    (stand_in_name("Alice"), "Alice (CPU)", "Alice (ordi)"),
    ("CPU 2 ★★★", "CPU 2", "Ordi 2"),        # as earlier versions saved a computer
    ("CPU 3", "CPU 3", "Ordi 3"),
    ("Bob (CPU)", "Bob (CPU)", "Bob (ordi)"),  # and a seat a computer took over
    ("Chloé", "Chloé", "Chloé"),              # a person's name, as given
    ("[cpu x]", "[cpu x]", "[cpu x]"),
    ("CPU fan ★", "CPU fan ★", "CPU fan ★"),
])
def test_names_are_shown_in_the_readers_language(saved: str, en: str, fr: str) -> None:
    assert shown_name(saved, "en") == en
    assert shown_name(saved, "fr") == fr


def test_saved_names_hold_no_word_of_any_language() -> None:
    for saved in (computer_name(1), YOU, stand_in_name("Alice")):
        assert "CPU" not in saved and "Ordi" not in saved and "Vous" not in saved
