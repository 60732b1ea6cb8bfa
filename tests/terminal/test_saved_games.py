"""Every unfinished terminal game stays saved: starting another never ends one; they are
listed, resumed by name, and the terminal says which one goes on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.terminal.helpers import hand_lines, play

RAMI51 = ["--variant", "rami51", "--players", "3", "--seed", "5", "--plain"]


def test_starting_another_game_keeps_the_first_and_both_can_be_resumed() -> None:
    _, first = play(RAMI51, "draw\ndiscard\nhand\nquit\n")
    assert "New game rami51-1: Rami 51 with You, CPU 1, CPU 2." in first
    assert first.rstrip().endswith(
        "Game rami51-1 saved: rummy-bot play --game rami51-1 resumes it. Goodbye.")
    _, tiles = play(["--variant", "tiles", "--seed", "2", "--plain"], "quit\n")
    assert "New game tiles-2: Tile rummy with You, CPU 1." in tiles
    assert "Also saved: rami51-1" in tiles

    _, listed = play(["--list"], "")
    assert listed.splitlines()[0] == "Your unfinished games, the last played first:"
    assert listed.index("tiles-2: Tile rummy, round 1, You, CPU 1") < listed.index(
        "rami51-1: Rami 51, round 1, You, CPU 1, CPU 2")

    _, again = play(["--plain"], "quit\n")  # the last played goes on, and says so
    assert "Resuming tiles-2: Tile rummy, round 1, with You, CPU 1." in again
    assert "Also saved: rami51-1" in again

    _, back = play(["--plain", "--game", "rami51-1"], "hand\nquit\n")
    assert "Resuming rami51-1: Rami 51, round 1" in back
    assert hand_lines(back)[-1] == hand_lines(first)[-1]
    _, by_number = play(["--plain", "--game", "1"], "quit\n")
    assert "Resuming rami51-1" in by_number


def test_an_unknown_game_name_is_refused_with_the_names_there_are(
        capsys: pytest.CaptureFixture[str]) -> None:
    play(RAMI51, "quit\n")
    status, text = play(["--game", "classic-9"], "")
    assert status == 2 and text == ""
    err = capsys.readouterr().err
    assert "There is no unfinished game called “classic-9”; yours: rami51-1" in err


def test_a_finished_match_is_no_longer_listed_and_its_number_is_free_again() -> None:
    play(["--variant", "tiles", "--seed", "5", "--plain"], "draw\n" * 80 + "pass\n" * 80)
    _, listed = play(["--list"], "")
    assert listed.strip() == "No unfinished game: rummy-bot play starts one."
    _, fresh = play(["--plain"], "quit\n")  # nothing to resume: a new game
    assert "New game classic-1" in fresh


def test_the_game_keeps_its_language_and_the_player_their_sort(local_db: Path) -> None:
    _, french = play(["--lang", "fr", "--seed", "3", "--plain"], "trier\nquitter\n")
    ranked = hand_lines(french)[-1]
    _, again = play(["--plain"], "main\nquitter\n")
    assert "Reprise de classic-1" in again  # French, without --lang
    assert hand_lines(again)[-1] == ranked  # sorted by rank, as left
    assert local_db.exists()


def test_a_new_game_option_cannot_go_with_a_saved_game_choice(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        play(["--game", "classic-1", "--variant", "rami51"], "")
    assert stop.value.code == 2
    assert "--variant is for a new game" in capsys.readouterr().err


def test_the_list_speaks_the_language_of_the_game_played_last() -> None:
    _, _ = play(["--variant", "rami51", "--seed", "3", "--lang", "fr", "--plain"], "quitter\n")
    _, listed = play(["--list"], "")
    assert listed.startswith("Vos parties en cours, la dernière jouée d'abord :\n")
    line = listed.splitlines()[1]
    assert line.startswith("  rami51-1 : Rami 51, manche 1, Vous, Ordi 1 (jouée le ")
    assert re.search(r"le \d{1,2} [a-zéû]+ \d{4} à \d\d:\d\d\)$", line), line
    _, english = play(["--list", "--lang", "en"], "")
    assert english.startswith("Your unfinished games")
