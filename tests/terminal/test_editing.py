"""Line editing on a terminal: Tab completes the words the help lists (in the reader's
language, the cards in hand too), and the lines typed are remembered in a history beside
the games' file; a script piped in is read as it comes."""

from __future__ import annotations

import io
import os
import pty
import signal
import sys
from pathlib import Path

from bot.terminal import editing
from bot.terminal.app import history_file
from tests.terminal.helpers import play
from tests.terminal.test_interrupt import _env, _read_until

WORDS = editing.Words(first=["piocher", "poser", "défausser", "trier", "table"],
                      rest=["couleur", "valeur", "10♥", "D♠", "facile"])


def test_the_first_word_completes_among_commands_and_action_words() -> None:
    assert editing.matches("", "p", WORDS) == ["piocher", "poser"]
    assert editing.matches("", "DEF", WORDS) == ["défausser"]  # case and accents ignored


def test_a_later_word_completes_among_keywords_sorts_levels_and_pieces() -> None:
    assert editing.matches("trier ", "c", WORDS) == ["couleur"]
    assert editing.matches("poser ", "d", WORDS) == ["D♠"]
    assert editing.matches("poser ", "t", WORDS) == []  # a command is no argument


def test_the_terminal_offers_the_words_of_its_help_in_french() -> None:
    from bot.terminal import app as local
    from bot.terminal.ui import Terminal

    seen: list[editing.Words] = []

    def capture(self: Terminal, lines: object) -> int:
        seen.append(self.words())
        return 0

    original = Terminal.run
    Terminal.run = capture  # type: ignore[method-assign]
    try:
        local.run(["--variant", "rami51", "--seed", "3", "--lang", "fr"], io.StringIO(""),
                  io.StringIO())
    finally:
        Terminal.run = original  # type: ignore[method-assign]
    words = seen[0]
    assert {"piocher", "poser", "défausser", "trier", "niveau", "quitter"} <= set(words.first)
    assert {"couleur", "valeur", "difficile", "pioche", "défausse"} <= set(words.rest)
    assert len([word for word in words.rest if word[-1] in "♣♠♥♦" or word == "JK"]) >= 13


def test_a_script_piped_in_is_read_plainly() -> None:
    lines, out = io.StringIO("draw\n"), io.StringIO()
    assert isinstance(editing.reader(lines, out, None, lambda: WORDS), editing.PlainReader)
    _, text = play(["--seed", "3", "--plain"], "draw\nquit\n")
    assert "You drew" in text


def test_on_a_terminal_tab_completes_and_the_history_is_kept(local_db: Path) -> None:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game in a terminal of its own
        os.execve(sys.executable, [sys.executable, "-m", "bot", "play", "--seed", "3"],
                  _env(local_db))
    try:
        _read_until(fd, b"\n> ")
        os.write(fd, b"tab\t\n")  # "tab" + Tab: "table"
        shown = _read_until(fd, b"Discard pile:")
        assert b"table" in shown
        os.write(fd, b"quit\n")  # typed ahead, read at the next prompt
        _read_until(fd, b"Goodbye.")
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.waitpid(pid, 0)
        os.close(fd)
    history = history_file(local_db).read_text()
    assert "table" in history and "quit" in history
