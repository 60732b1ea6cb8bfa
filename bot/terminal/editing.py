"""Reading the terminal game's lines: with line editing on a terminal, plainly otherwise.

On a terminal (standard input and output both), lines are read with :mod:`readline`: the
arrows move and recall, Ctrl-L clears, the history is kept in a file beside the games'
file (``data/local.sqlite3.history``), and Tab completes the words the help lists (the
commands and action words in the reader's language, then the keywords, sorts, levels and
the cards or tiles in hand). A script piped in is read line by line, as typed.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Protocol, TextIO

from engine.notation_words import fold

HISTORY_LENGTH = 1000


@dataclass(frozen=True, slots=True)
class Words:
    """What Tab completes: a line's first word, and the words after it."""

    first: Sequence[str]
    rest: Sequence[str]


def matches(before: str, text: str, words: Words) -> list[str]:
    """The completions of ``text`` (the word being typed, after ``before`` on the line):
    a command or action word first, then the other words; case and accents ignored."""
    pool = words.first if not before.strip() else words.rest
    wanted = fold(text)
    return sorted({word for word in pool if fold(word).startswith(wanted)}, key=fold)


class LineReader(Protocol):
    def read(self, prompt: str) -> str:
        """The next line typed after ``prompt`` (with its newline), or ``""`` at the end
        of the input."""
        ...

    def close(self) -> None:
        """Keep what must be kept (the history)."""
        ...


class PlainReader:
    """Lines read as they come (a script piped in, a test)."""

    def __init__(self, lines: TextIO, out: TextIO) -> None:
        self.lines = lines
        self.out = out

    def read(self, prompt: str) -> str:
        print(prompt, end=" ", file=self.out)
        self.out.flush()
        return self.lines.readline()

    def close(self) -> None:
        pass


class EditingReader:
    """Lines read with :mod:`readline`: editing, history in ``history``, completion of
    ``words()``."""

    def __init__(self, readline: ModuleType, history: Path | None,
                 words: Callable[[], Words]) -> None:
        self.readline = readline
        self.history = history
        self.words = words
        self._found: list[str] = []
        readline.set_completer_delims(" \t|")
        readline.set_completer(self._complete)
        binding = "bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else \
            "tab: complete"
        readline.parse_and_bind(binding)
        readline.set_history_length(HISTORY_LENGTH)
        if history is not None and history.exists():
            with contextlib.suppress(OSError):
                readline.read_history_file(str(history))

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:
            before = self.readline.get_line_buffer()[: self.readline.get_begidx()]
            self._found = matches(before, text, self.words())
        return self._found[state] if state < len(self._found) else None

    def read(self, prompt: str) -> str:
        try:
            return input(prompt + " ") + "\n"
        except EOFError:
            return ""

    def close(self) -> None:
        if self.history is None:
            return
        with contextlib.suppress(OSError):
            self.history.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(str(self.history))


def reader(lines: TextIO, out: TextIO, history: Path | None,
           words: Callable[[], Words]) -> LineReader:
    """An editing reader when ``lines`` and ``out`` are this process's terminal (and
    :mod:`readline` is there), else a plain one."""
    if lines is sys.stdin and out is sys.stdout and _isatty(lines) and _isatty(out):
        try:
            import readline
        except ImportError:  # Windows without pyreadline: plain lines
            pass
        else:
            return EditingReader(readline, history, words)
    return PlainReader(lines, out)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False
