"""Starting the bot: the command line, a missing token, a rejected token."""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot import launcher as runner
from bot.config import EXIT_BUDGET, EXIT_FAILED, EXIT_TOKEN, Stopped
from bot.discord_app.fake import FakeDiscord


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        entry.main(["--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    for word in ("run", "try", "play", "simulate", "migrate", "DISCORD_TOKEN", "DATABASE_URL",
                 ".env"):
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


def test_try_goes_to_its_module(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.discord_app.tryout.app

    calls: list[list[str]] = []
    monkeypatch.setattr(bot.discord_app.tryout.app, "main", lambda argv: calls.append(argv) or 0)
    assert entry.main(["try", "--lang", "fr"]) == 0
    assert calls == [["--lang", "fr"]]


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
    assert "local game" in err and "rummy-bot try" in err


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
    assert not fake.spec_violations, "\n".join(map(str, fake.spec_violations))
    assert process.returncode == 2
    text = (out + err).decode()
    assert token not in text and "wrongwrong" not in text
    lines = [line for line in err.decode().splitlines() if "Reset Token" in line]
    assert len(lines) == 1 and lines[0].startswith("Discord rejected DISCORD_TOKEN")


def test_backoff_doubles_from_5_s_to_10_min_with_jitter() -> None:
    backoff = runner.Backoff(rng=random.Random(7))
    delays = [backoff.delay(n) for n in range(1, 12)]
    bases = [5, 10, 20, 40, 80, 160, 320, 600, 600, 600, 600]
    assert all(0.8 * base <= d <= base for d, base in zip(delays, bases, strict=True))
    assert len(set(delays)) == len(delays)  # jittered: no two processes in step
    again = runner.Backoff(rng=random.Random(7))
    assert [again.delay(n) for n in range(1, 12)] == delays  # seeded: replays


def test_a_failing_start_is_retried_after_growing_waits_until_it_stops() -> None:
    statuses = iter([EXIT_FAILED, EXIT_FAILED, EXIT_FAILED, 0])
    now = [0.0]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        now[0] += seconds

    backoff = runner.Backoff(jitter=0)
    assert runner.run_with_backoff(lambda: next(statuses), backoff, sleep=sleep,
                                   clock=lambda: now[0]) == 0
    assert waits == [5, 10, 20]


def test_a_long_run_before_a_failure_starts_the_waits_again() -> None:
    runs = iter([(EXIT_FAILED, 1.0), (EXIT_FAILED, 1.0), (EXIT_FAILED, 3600.0),
                 (EXIT_BUDGET, 1.0)])
    now = [0.0]
    waits: list[float] = []

    def start() -> int:
        status, lasted = next(runs)
        now[0] += lasted
        return status

    assert runner.run_with_backoff(start, runner.Backoff(jitter=0), sleep=waits.append,
                                   clock=lambda: now[0]) == EXIT_BUDGET
    assert waits == [5, 10, 5]  # the budget refusal is not retried


def test_run_help_lists_the_cluster_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        entry.main(["run", "--help"])
    text = capsys.readouterr().out
    for word in ("--shard-count", "--cluster-id", "--cluster-count", "--no-sync",
                 "--min-identifies-left", "SHARD_COUNT"):
        assert word in text
    with pytest.raises(SystemExit):
        entry.main(["--help"])
    assert "sync" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "overrides", "sync_only"), [
    ([], {}, False),
    (["run", "--shard-count", "4", "--cluster-id", "1", "--cluster-count", "2"],
     {"SHARD_COUNT": "4", "CLUSTER_ID": "1", "CLUSTER_COUNT": "2"}, False),
    (["run", "--no-sync", "--min-identifies-left", "3"],
     {"SYNC_COMMANDS": "false", "MIN_IDENTIFIES_LEFT": "3"}, False),
    (["sync"], {}, True),
])
def test_the_command_line_becomes_settings(monkeypatch: pytest.MonkeyPatch, argv: list[str],
                                           overrides: dict[str, str], sync_only: bool) -> None:
    calls: list[tuple[object, bool]] = []
    monkeypatch.setattr(runner, "main", lambda argv, *, overrides, sync_only:
                        calls.append((overrides, sync_only)) or 0)
    assert entry.main(argv) == 0
    assert calls == [(overrides, sync_only)]


def test_bad_cluster_flags_say_what_is_right(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert entry.main(["run", "--shard-count", "2", "--cluster-count", "3"]) == EXIT_TOKEN
    assert "CLUSTER_COUNT (--cluster-count) must be at most SHARD_COUNT (2)" in (
        capsys.readouterr().err)


def test_sync_without_a_token_says_how(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert entry.main(["sync"]) == EXIT_TOKEN
    assert "rummy-bot sync needs DISCORD_TOKEN" in capsys.readouterr().err


@pytest.mark.parametrize("status", [0, EXIT_FAILED])
def test_a_stop_by_the_host_is_never_started_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, status: int) -> None:
    from bot.discord_app import main as discord_app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    runs: list[int] = []

    def run(settings: object) -> int:
        runs.append(status)
        raise Stopped(status)  # a signal; exit 1 when the stop ran out of time

    monkeypatch.setattr(discord_app, "run", run)
    assert runner.main([]) == status
    assert runs == [status]
