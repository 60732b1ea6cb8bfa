"""Ctrl-C at the prompt and a closed output end the game as cleanly as ``quit``: the game
saved, one line saying so, no traceback, exit status 0. A game started with SIGINT ignored
(``nohup``) ignores Ctrl-C.

Whatever SIGINT disposition the test run inherited (a shell's background job has SIGINT
ignored), a game is started as a terminal's foreground job has it unless a test says
otherwise, and an in-process test sets the handler it relies on and puts back the one
that was there.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType

import pytest

import bot
from bot.terminal import launch
from bot.terminal.table import hold_interrupts
from tests.signals import sigint_handled_by

GUARD = 60.0  # seconds: only against a hang, never a measure


def _read_until(fd: int, wanted: bytes) -> bytes:
    seen = b""
    while wanted not in seen:
        ready, _, _ = select.select([fd], [], [], GUARD)
        if not ready:
            raise AssertionError(f"no {wanted!r} in {seen!r}")
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
    return seen


def press_ctrl_c(fd: int) -> None:
    """Press Ctrl-C, as the terminal sends it, until the game answers: Python's readline
    misses a signal that comes between the prompt and its wait for a key (only a test
    types that fast)."""
    for _ in range(10):
        os.write(fd, b"\x03")
        ready, _, _ = select.select([fd], [], [], 2.0)
        if ready:
            return


def _interrupt(pid: int, fd: int) -> str:
    """Press Ctrl-C once at the prompt and read up to the goodbye; a game that does not
    end is killed, so a failure is reported instead of hanging the suite."""
    try:
        _read_until(fd, b"\n> ")
        press_ctrl_c(fd)
        return _read_until(fd, b"Goodbye.").decode()
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        raise


def _env(db: Path) -> dict[str, str]:
    return {**os.environ, "RAMI_LOCAL_DB": str(db), "NO_COLOR": "1"}


def _game_in_a_terminal(args: list[str], db: Path,
                        sigint: signal.Handlers = signal.SIG_DFL) -> tuple[int, int]:
    """Start ``rummy-bot play args`` in a terminal of its own with SIGINT at ``sigint``
    (the default: as a terminal's foreground job has it, whatever this process has);
    its process id and the terminal's end to talk to it."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game in a terminal of its own
        try:
            signal.signal(signal.SIGINT, sigint)  # exec keeps an ignored signal ignored
            os.execve(sys.executable, [sys.executable, "-m", "bot", "play", *args],
                      _env(db))
        finally:
            os._exit(127)  # never back into the test run
    return pid, fd


def _ended(pid: int, fd: int) -> int:
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status)


def _ctrl_c_at_the_prompt(args: list[str], db: Path) -> str:
    """Play ``rummy-bot play args`` in a terminal of its own, press Ctrl-C at the prompt;
    what it wrote, once it has ended with status 0."""
    pid, fd = _game_in_a_terminal(args, db)
    try:
        text = _interrupt(pid, fd)
    finally:
        status = _ended(pid, fd)
    assert status == 0, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    return text


@pytest.mark.parametrize(("args", "goodbye", "again"), [
    (["--seed", "3"], "Game classic-1 saved: {} resumes it. Goodbye.", "play --game classic-1"),
    (["--daily"], "Your try is saved: {} goes on with it. Goodbye.", "play --daily"),
])  # fmt: skip
def test_ctrl_c_at_the_prompt_saves_and_says_goodbye(args: list[str], goodbye: str, again: str,
                                                      local_db: Path) -> None:
    started = str(Path(bot.__file__).with_name("__main__.py"))  # python -m bot
    command = launch.command(again, env=_env(local_db), argv0=started, python=sys.executable)
    assert goodbye.format(command) in _ctrl_c_at_the_prompt(args, local_db)


def test_a_game_started_with_sigint_ignored_plays_on_after_a_ctrl_c(local_db: Path) -> None:
    pid, fd = _game_in_a_terminal(["--seed", "3"], local_db, sigint=signal.SIG_IGN)
    try:
        _read_until(fd, b"\n> ")
        os.write(fd, b"\x03")  # ignored, as nohup asked
        os.write(fd, b"hand\n")
        answer = _read_until(fd, b"\n> ").decode()  # the game still answers
        os.write(fd, b"quit\n")
        text = _read_until(fd, b"Goodbye.").decode()
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        status = _ended(pid, fd)
    assert status == 0
    assert "Goodbye." not in answer
    assert "Game classic-1 saved" in text and "KeyboardInterrupt" not in answer + text


def test_a_closed_output_ends_the_game_quietly(local_db: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "--seed", "3"], env=_env(local_db),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin and process.stdout and process.stderr
    process.stdout.readline()  # like `| head -1`: one line read, then the pipe closed
    process.stdout.close()
    try:
        process.stdin.write(b"hand\n" * 2000)
        process.stdin.close()
    except BrokenPipeError:
        pass  # it may have stopped reading already
    assert process.wait(GUARD) == 0
    err = process.stderr.read().decode()
    assert "Game classic-1 saved" in err
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_a_ctrl_c_during_work_is_held_until_the_work_is_done() -> None:
    done = []
    with sigint_handled_by(signal.default_int_handler):
        with pytest.raises(KeyboardInterrupt), hold_interrupts():
            signal.raise_signal(signal.SIGINT)
            done.append("saved")  # still runs: the interrupt waits for the block's end
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert done == ["saved"]


def test_a_held_ctrl_c_goes_to_the_handler_that_was_there() -> None:
    received: list[str] = []

    def handler(number: int, frame: FrameType | None) -> None:
        received.append("ctrl-c")

    with sigint_handled_by(handler):
        with hold_interrupts():
            signal.raise_signal(signal.SIGINT)
            assert received == []
        assert received == ["ctrl-c"]
        assert signal.getsignal(signal.SIGINT) is handler


def test_a_ctrl_c_stays_ignored_where_sigint_is_ignored() -> None:
    done = []
    with sigint_handled_by(signal.SIG_IGN):
        with hold_interrupts():
            signal.raise_signal(signal.SIGINT)
            done.append("saved")
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert done == ["saved"]
