"""Tile rummy in the terminal: the rack called a rack, unfinished draft sets marked as soon
as they exist, the solver's hint and arrange, and help worded like the errors."""

from __future__ import annotations

import pytest

from bot.terminal.screen import describe
from engine.tiles.actions import Play
from engine.tiles.tile import parse_tiles
from tests.terminal.helpers import between_prompts, play

TILES = ["--variant", "tiles", "--plain"]


def test_the_rack_is_called_a_rack() -> None:
    _, text = play([*TILES, "--seed", "4"], "rack\nquit\n")
    assert "Your rack: 1:k6  2:k8" in text and "Your hand" not in text
    assert "CPU 1 · medium: 14 tiles" in text


def test_an_unfinished_draft_set_is_marked_as_soon_as_it_is_made() -> None:
    _, text = play([*TILES, "--seed", "4"], "new 1\nadd k8 1\nreset\nquit\n")
    made, added, reset = between_prompts(text)[:3]
    assert "Your draft (not laid yet):\n   1) k6   (not valid yet)" in made
    assert "   1) k6 k8   (not valid yet)" in added
    assert "not valid yet" not in reset and "(no meld on the table)" in reset


def test_a_set_named_on_an_empty_table_says_the_table_is_empty() -> None:
    _, text = play([*TILES, "--seed", "4"], "add 1 1\nquit\n")
    assert "There is no set on the table yet." in text


def test_hint_shows_the_best_play_and_plays_nothing() -> None:
    _, text = play([*TILES, "--seed", "5"], "hint\nrack\nquit\n")
    hint, rack = between_prompts(text)[:2]
    assert hint.startswith("Best play (7 tiles, 47 points): lay b2 b3 b4 b5 o10 o11 o12.\n"
                           "The table would be:\n   1) b2 b3 b4 b5\n   2) o10 o11 o12\n")
    assert rack.startswith("Your rack:") and len(rack.split()[2:]) == 14  # nothing laid


def test_arrange_fits_the_tiles_into_the_draft_to_confirm() -> None:
    _, text = play([*TILES, "--seed", "5"], "arrange b5 b3 o12 b2 o11 b4 o10\nconfirm\nquit\n")
    arranged, confirmed = between_prompts(text)[:2]
    assert arranged.startswith("7 tiles arranged on your draft (b5 b3 o12 b2 o11 b4 o10): "
                               "type confirm to lay them.")
    assert "   1) b2 b3 b4 b5" in arranged and "   2) o10 o11 o12" in arranged
    assert "Your draft" not in confirmed and "   1) b2 b3 b4 b5" in confirmed


def test_arrange_refuses_what_cannot_be_fitted_and_changes_nothing() -> None:
    _, text = play([*TILES, "--seed", "4"], "arrange 1 2 3\nquit\n")
    assert "3 tiles cannot be fitted into a valid table (k6 k8 k10). Nothing changed." in text
    assert "Your draft" not in text


@pytest.mark.parametrize(("lang", "words"), [("en", ("hint", "arrange <tiles>")),
                                             ("fr", ("conseil", "arranger <tuiles>"))])
def test_the_help_lists_hint_and_arrange(lang: str, words: tuple[str, ...]) -> None:
    _, text = play([*TILES, "--seed", "4", "--lang", lang], "?\nquit\n")
    assert all(word in text for word in words)
    assert "set#" not in text


def test_confirming_echoes_what_was_laid() -> None:
    _, text = play([*TILES, "--seed", "5"], "arrange b5 b3 o12 b2 o11 b4 o10\nconfirm\nquit\n")
    confirmed = between_prompts(text)[1]
    assert confirmed.startswith("You played b2 b3 b4 b5 | o10 o11 o12   (from the rack: ")
    assert "confirm" not in confirmed.splitlines()[0]


def test_a_replaced_set_is_named_by_the_number_the_reader_saw() -> None:
    seen = (tuple(parse_tiles("k1 k2 k3")), tuple(parse_tiles("b5 b6 b7")))
    # another computer laid r9 r10 r11 first: the table the move was played on
    before = (*seen, tuple(parse_tiles("r9 r10 r11")))
    move = Play((tuple(parse_tiles("b4 b5 b6 b7")), tuple(parse_tiles("r8 r9 r10 r11"))),
                (1, 2))
    line = describe("[cpu 2]", move, before, False, "en", seen=seen)
    assert line == ("CPU 2 played b4 b5 b6 b7 | r8 r9 r10 r11 in place of 2 sets of the table: "
                    "set 2 (b5 b6 b7), the set r9 r10 r11 laid just before   (from the rack: "
                    "b4 r8).")
    assert describe("[cpu 2]", move, before, False, "fr", seen=seen) == (
        "Ordi 2 a posé b4 b5 b6 b7 | r8 r9 r10 r11 à la place de 2 séries de la table : "
        "la série 2 (b5 b6 b7), la série r9 r10 r11 posée juste avant   (du chevalet : b4 r8).")
