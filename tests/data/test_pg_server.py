"""The test server's helpers do not depend on the PATH the run was given."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import pg_server


def _program(folder: Path, name: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_runuser_is_found_in_sbin_when_the_path_leaves_it_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sbin = _program(tmp_path / "sbin", "runuser")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))  # as `env -i PATH=/usr/bin:/bin`
    monkeypatch.setattr(pg_server, "_SBIN", (str(tmp_path / "sbin"),))
    assert pg_server._runuser() == str(sbin)


def test_runuser_on_the_path_comes_first(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    on_path = _program(tmp_path / "bin", "runuser")
    _program(tmp_path / "sbin", "runuser")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(pg_server, "_SBIN", (str(tmp_path / "sbin"),))
    assert pg_server._runuser() == str(on_path)


def test_no_runuser_anywhere_says_where_it_looked(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(pg_server, "_SBIN", (str(tmp_path / "sbin"),))
    with pytest.raises(pg_server.PostgresUnavailable, match="no runuser on the PATH nor in"):
        pg_server._runuser()
