"""The goodbye says a command that works for how the game was started: ``make run
ARGS=…`` after ``make run``, the program's path when ``rummy-bot`` is not on the PATH."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from bot.terminal import launch
from tests.terminal.helpers import play


def _program(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "rummy-bot"
    program.write_text("#!/bin/sh\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def test_after_make_run_the_command_is_make_run() -> None:
    env = {"RAMI_STARTED_BY": "make run", "PATH": ""}
    assert launch.command("play --game classic-1", env=env, argv0=".venv/bin/rummy-bot") == (
        'make run ARGS="play --game classic-1"')


def test_a_program_off_the_path_is_named_by_its_path(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    program = _program(tmp_path / ".venv" / "bin")
    said = launch.command("play --game classic-1", env={"PATH": "/nowhere"},
                          argv0=str(program))
    assert said == f"{os.path.join('.venv', 'bin', 'rummy-bot')} play --game classic-1"


def test_a_program_on_the_path_is_named_alone(tmp_path: Path) -> None:
    program = _program(tmp_path / "bin")
    said = launch.command("play", env={"PATH": str(program.parent)}, argv0=str(program))
    assert said == "rummy-bot play"


def test_python_m_bot_is_said_with_its_python(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    python = tmp_path / ".venv" / "bin" / "python"
    said = launch.command("play --daily", env={"PATH": "/nowhere"},
                          argv0="/src/bot/__main__.py", python=str(python))
    assert said == f"{os.path.join('.venv', 'bin', 'python')} -m bot play --daily"


def test_the_goodbye_after_make_run_says_make_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAMI_STARTED_BY", "make run")
    monkeypatch.setattr(sys, "argv", [".venv/bin/rummy-bot", "play"])
    _, text = play(["--seed", "3", "--plain"], "quit\n")
    assert text.rstrip().endswith(
        'Game classic-1 saved: make run ARGS="play --game classic-1" resumes it. Goodbye.')
