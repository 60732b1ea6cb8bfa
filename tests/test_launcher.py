"""Starting the bot: the command line, a missing token, a rejected token."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot import launcher as runner
from bot.discord_app.fake import FakeDiscord


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        entry.main(["--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    for word in ("run", "play", "simulate", "migrate", "DISCORD_TOKEN", "DATABASE_URL", ".env"):
        assert word in text


def test_play_and_simulate_go_to_their_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.simulator.simulate
    import bot.terminal.app

    calls: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(bot.terminal.app, "main", lambda argv: calls.append(("play", argv)) or 0)
    monkeypatch.setattr(bot.simulator.simulate, "main",
                        lambda argv: calls.append(("sim", argv)) or 3)
    assert entry.main(["play", "--variant", "rami51"]) == 0
    assert entry.main(["simulate", "-n", "2"]) == 3
    assert calls == [("play", ["--variant", "rami51"]), ("sim", ["-n", "2"])]


def test_missing_token_says_how_and_plays_locally(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.terminal.app

    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr(bot.terminal.app, "main", lambda argv: 0)
    assert runner.main([]) == 0
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "Bot -> Reset Token" in err
    assert "local game" in err


async def test_rejected_token_one_line_exit_2_token_never_printed(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    token = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GabcDE.wrongwrongwrongwrongwrongwrongwrong"
    env = {**os.environ, "DISCORD_TOKEN": token, "DISCORD_API_BASE": fake.api_base,
           "DISCORD_GATEWAY_URL": fake.gateway_url, "RAMI_DB_PATH": str(tmp_path / "db.sqlite3"),
           "LOG_LEVEL": "DEBUG"}
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=env,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        await fake.stop()
    assert process.returncode == 2
    text = (out + err).decode()
    assert token not in text and "wrongwrong" not in text
    lines = [line for line in err.decode().splitlines() if "Reset Token" in line]
    assert len(lines) == 1 and lines[0].startswith("Discord rejected DISCORD_TOKEN")
