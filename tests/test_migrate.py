"""``rummy-bot migrate``: the configured database migrated, its version said; a database
that cannot be opened is named (never its password) with a failing exit status."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import __main__ as entry
from data import LATEST_VERSION


def test_migrate_brings_the_configured_file_up_to_date(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("RAMI_DB_PATH", str(tmp_path / "db" / "rami.sqlite3"))
    assert entry.main(["migrate"]) == 0
    out = capsys.readouterr().out
    assert f"schema version {LATEST_VERSION} of {LATEST_VERSION}" in out
    assert (tmp_path / "db" / "rami.sqlite3").is_file()


def test_migrate_names_a_database_it_cannot_open_without_the_password(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgresql://rami:s3cret@127.0.0.1:1/rami")
    assert entry.main(["migrate"]) == 1
    err = capsys.readouterr().err
    assert "cannot open 'postgresql://rami:***@127.0.0.1:1/rami'" in err
    assert "s3cret" not in err
