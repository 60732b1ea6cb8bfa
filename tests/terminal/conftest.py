"""Fixtures of the terminal tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def local_db(a_run_of_its_own: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves its terminal games in a database of its own (set once the
    environment is cleared: see tests/conftest.py)."""
    path = tmp_path / "local.sqlite3"
    monkeypatch.setenv("RAMI_LOCAL_DB", str(path))
    return path


@pytest.fixture(autouse=True)
def not_started_by_make(monkeypatch: pytest.MonkeyPatch) -> None:
    """The goodbye's command follows how the game was started: not by `make run` here."""
    monkeypatch.delenv("RAMI_STARTED_BY", raising=False)
