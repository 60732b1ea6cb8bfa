"""The terminal game, driven by a script of commands on its standard input."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from bot.terminal import app as local
from tests.terminal.helpers import play


def test_a_human_who_always_draws_and_discards_plays_a_match_to_the_end() -> None:
    script = "draw\ndiscard\n\n" * 2000  # Enter alone deals the next round
    status, text = play(["--variant", "classic", "--players", "2", "--seed", "4", "--plain"],
                        script)
    assert status == 0
    assert "The match is over" in text
    assert "Goodbye" not in text.split("The match is over")[-1]


def test_the_game_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    def game(db: str) -> str:
        argv = ["--seed", "9", "--plain", "--level", "hard", "--db", str(tmp_path / db)]
        return play(argv, "draw\ndiscard\n\n" * 30)[1]

    assert game("one.sqlite3") == game("two.sqlite3")


def test_end_of_input_quits_cleanly() -> None:
    status, text = play(["--seed", "1", "--plain"], "hand\n")
    assert status == 0
    assert text.rstrip().endswith("Goodbye.")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "is not a card"), ("fr", "n'est pas une carte")],
)
def test_errors_are_the_engine_messages_in_the_players_language(lang: str, expected: str) -> None:
    status, text = play(["--seed", "1", "--plain", "--lang", lang], "draw\ndiscard zz\nquit\n")
    assert status == 0
    assert expected in text


def test_an_illegal_move_is_refused_and_the_game_goes_on() -> None:
    status, text = play(["--seed", "1", "--plain"], "discard\ndraw\nhand\nquit\n")
    assert status == 0
    assert "draw" in text.lower()
    assert text.count("Your hand") >= 2


def test_help_lists_the_action_words() -> None:
    _, text = play(["--seed", "1", "--plain"], "?\nquit\n")
    for word in ("draw", "meld", "layoff", "swap", "discard", "sort", "quit"):
        assert word in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("play", "split", "undo", "confirm")),
    ("fr", ("jouer", "couper", "annuler", "valider")),
])
def test_tile_help_is_written_out_before_any_tile_command(lang: str, words: tuple[str, ...]
                                                          ) -> None:
    _, text = play(["--variant", "tiles", "--seed", "1", "--plain", "--lang", lang], "?\nquit\n")
    assert "local.help" not in text  # a message code instead of its text
    for word in words:
        assert word in text


def test_the_level_can_change_mid_game() -> None:
    _, text = play(["--seed", "2", "--plain"], "level hard\ndraw\ndiscard\nlevel easy\nquit\n")
    assert "level hard" in text and "level easy" in text


def test_colours_are_ansi_when_asked_and_never_when_plain() -> None:
    _, text = play(["--seed", "2", "--colour", "always"], "hand\nquit\n")
    assert "\033[" in text
    _, plain = play(["--seed", "2", "--plain", "--colour", "always"], "hand\nquit\n")
    assert "\033[" not in plain


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colours_by_default_only_on_a_terminal_and_without_no_color(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert "\033[" not in play(["--seed", "2"], "quit\n")[1]  # a file or a pipe
    terminal = Tty()
    local.run(["--seed", "2", "--new"], io.StringIO("quit\n"), terminal)
    assert "\033[" in terminal.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    terminal = Tty()
    local.run(["--seed", "2", "--new"], io.StringIO("quit\n"), terminal)
    assert "\033[" not in terminal.getvalue()


@pytest.mark.parametrize("name", ["rami51", "rami30", "gameduell"])
def test_every_card_variant_can_be_played_from_the_terminal(name: str) -> None:
    status, text = play(["--variant", name, "--seed", "3", "--plain"], "draw\ndiscard\n" * 40)
    assert status == 0
    assert "Your hand" in text


def test_a_tile_game_can_be_played_to_the_end() -> None:
    script = "?\ndraw\n" * 80 + "pass\n" * 80
    status, text = play(["--variant", "tiles", "--seed", "5", "--plain"], script)
    assert status == 0
    assert "The match is over" in text
    assert "play <tiles>" in text


def test_tile_commands_are_parsed_and_refused_cleanly() -> None:
    status, text = play(
        ["--variant", "tiles", "--seed", "5", "--plain", "--lang", "fr"],
        "new k1\nsplit 1\nadd zz 1\nundo\nreset\nconfirm\nquit\n",
    )
    assert status == 0
    assert "« split 1 » ne se lit pas : écrivez couper <n° de série> <position>." in text
    assert "n'est pas une tuile" in text


def test_pictures_of_the_hand_and_table_are_saved_as_png(tmp_path: Path) -> None:
    folder = tmp_path / "pics"
    status, text = play(["--seed", "2", "--plain", "--pictures", str(folder)],
                        "draw\npictures\nquit\n")
    assert status == 0
    assert "Pictures saved" in text
    for name in ("hand.png", "table.png"):
        assert (folder / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


SET_LINE = re.compile(r"^ +\d+\) (.+?)(?:   \(.*\))?$")


def _tile_plays(text: str) -> list[tuple[list[str], str, list[str]]]:
    """Every computer tile play of a plain English transcript: the table listed before
    it, its line, the table listed after it."""
    listings: list[list[str]] = []
    plays: list[tuple[int, str]] = []
    listing = False
    for line in text.splitlines():
        found = SET_LINE.match(line)
        if found or "(no meld on the table)" in line:
            if not listing:
                listings.append([])
            listing = True
            listings[-1] += [found.group(1)] if found else []
            continue
        listing = False
        if re.search(r"CPU \d played ", line):
            plays.append((len(listings) - 1, line))
    return [(listings[i], line, listings[i + 1]) for i, line in plays if i + 1 < len(listings)]


def _sorted(tiles: str) -> tuple[str, ...]:
    return tuple(sorted(tiles.split()))


def test_a_computer_tile_play_is_shown_as_what_it_changed() -> None:
    _, text = play(["--variant", "tiles", "--seed", "5", "--plain", "--level", "hard"],
                   "draw\n" * 40)
    plays = _tile_plays(text)
    assert len(plays) >= 3
    for before, line, after in plays:
        found = re.search(r" played (.+?)(?: in place of \d+ sets? of the table: (.+))?   "
                          r"\(from the rack: (.+)\)\.$", line)
        assert found is not None, line
        written = [_sorted(s) for s in found.group(1).split(" | ")]
        replaced = [int(n) for n in re.findall(r"set (\d+) \(", found.group(2) or "")]
        new = Counter(map(_sorted, after)) - Counter(map(_sorted, before))
        gone = Counter(map(_sorted, before)) - Counter(map(_sorted, after))
        assert Counter(written) == new  # the sets made or changed, not the whole table
        assert Counter(_sorted(before[n - 1]) for n in replaced) == gone
        rack = Counter(" ".join(after).split()) - Counter(" ".join(before).split())
        assert Counter(found.group(3).split()) == rack
    assert any(len(before) > 0 for before, _, _ in plays)  # shown on a table already laid


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "CPU 1 played k6 o6 r6 | b6 b7 b8   (from the rack: k6 o6 r6 b6 b7 b8)."),
    ("fr", "Ordi 1 a posé k6 o6 r6 | b6 b7 b8   (du chevalet : k6 o6 r6 b6 b7 b8)."),
])
def test_computer_moves_are_written_in_the_players_language(lang: str, line: str) -> None:
    _, text = play(["--variant", "tiles", "--seed", "5", "--plain", "--level", "hard",
                    "--lang", lang], "draw\n" * 8)
    assert line in text
    assert ("CPU 1 drew a tile." if lang == "en" else "Ordi 1 a pioché une tuile.") in text


def test_a_refused_command_changes_nothing() -> None:
    _, text = play(["--seed", "1", "--plain"], "hand\nlayoff 7h\nswap 7h 9\nfly\nhand\nquit\n")
    hands = {line.split("Your hand:")[1] for line in text.splitlines() if "Your hand:" in line}
    assert len(hands) == 1
    assert "“layoff 7h” cannot be read: write layoff <cards> <meld number>." in text
    assert "“fly” is not a command" in text


def test_every_option_of_play_says_what_it_takes_and_its_default() -> None:
    parser = local.build_parser()
    flags = {"help", "plain", "new", "list", "daily"}  # on or off: nothing to default
    for action in parser._actions:
        if action.dest in flags:
            continue
        assert action.help and "default" in action.help, action.dest
    text = parser.format_help()
    assert "classic 2–6" in text and "tiles 2–4" in text and "{easy,medium,hard}" in text


def test_pictures_without_a_folder_are_saved_beside_the_games_and_said_where(
        local_db: Path) -> None:
    _, text = play(["--seed", "3", "--plain"], "pictures\nquit\n")
    folder = local_db.parent / "pictures"
    assert f"Pictures saved in {folder}: hand.png and table.png" in text
    assert (folder / "hand.png").read_bytes().startswith(b"\x89PNG")
    assert (folder / "table.png").exists()


@pytest.mark.skipif(shutil.which("git") is None, reason="no git here")
def test_the_default_pictures_folder_is_one_git_ignores(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.terminal.app import pictures_folder

    monkeypatch.delenv("RAMI_LOCAL_DB")
    root = Path(__file__).resolve().parents[2]
    folder = pictures_folder(None)
    assert folder == Path("data/pictures")
    ignored = subprocess.run(["git", "check-ignore", "-q", str(folder / "hand.png")],
                             cwd=root, check=False)
    assert ignored.returncode in (0, 128)  # 128: not a git checkout (a source archive)
