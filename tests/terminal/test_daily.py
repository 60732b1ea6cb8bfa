"""``rummy-bot play --daily``: the day's deal in the terminal, on the session's championship."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.terminal import app as local
from bot.terminal import daily
from bot.terminal.table import TerminalTable
from tests.session.daily.helpers import SECRET, Clock, at

DRAW_AND_DISCARD = "draw\ndiscard\n" * 300


def play(db: Path, clock: Clock, script: str, *options: str) -> tuple[int, str]:
    """Run ``play --daily`` on ``db`` at the clock's time, reading ``script``."""
    args = local.parse_args(["--daily", "--plain", "--db", str(db), *options])
    stdin, out = io.StringIO(script), io.StringIO()

    def terminal(table: TerminalTable) -> int:
        return local.Terminal(table, args.lang or "en", out, colour=False).run(stdin)

    status = daily.run(args, out, play=terminal, clock=clock, secret_source=lambda: SECRET)
    return status, out.getvalue()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "local.sqlite3"


def test_a_try_is_played_to_its_score_and_the_days_ranking(db: Path) -> None:
    status, text = play(db, Clock(at(2026, 3, 3, 12)), DRAW_AND_DISCARD)
    assert status == 0
    assert ("Daily championship of March 3, 2026: try 1 of 10, closes at 21:00 "
            "(Europe/Paris).") in text
    assert "Score of this try:" in text and "9 tries left today." in text
    assert "Daily championship of March 3, 2026: ranking" in text
    assert "  1. You: " in text and "Your place: 1 of 1" in text
    status, text = play(db, Clock(at(2026, 3, 3, 13)), "quit\n")
    assert "try 2 of 10" in text


def test_a_try_left_goes_on_where_it_was(db: Path) -> None:
    clock = Clock(at(2026, 3, 3, 12))
    first = play(db, clock, "draw\nhand\nquit\n")[1]
    again = play(db, clock, "quit\n")[1]
    assert "Your try goes on where you left it." in again and "try 1 of 10" in again
    assert first.split("Your hand")[-1].splitlines()[0] in again


def test_the_same_day_deals_the_same_game_in_french(db: Path, tmp_path: Path) -> None:
    clock = Clock(at(2026, 3, 3, 12))
    mine = play(db, clock, "quit\n", "--lang", "fr")[1]
    other = play(tmp_path / "other.sqlite3", clock, "quit\n", "--lang", "fr")[1]
    assert "Championnat du 3 mars 2026 : essai 1 sur 10, clôture à 21:00" in mine
    assert mine == other  # the same secret, server and day: the same deal


def test_the_computers_levels_stay(db: Path) -> None:
    text = play(db, Clock(at(2026, 3, 3, 12)), "level easy\nquit\n")[1]
    assert "keep their level" in text


def test_after_the_close_the_next_days_deal_is_played(db: Path) -> None:
    play(db, Clock(at(2026, 3, 3, 12)), "draw\nquit\n")
    text = play(db, Clock(at(2026, 3, 3, 21, 30)), "quit\n")[1]
    assert "Daily championship of March 4, 2026: try 1 of 10" in text
    assert "Your unfinished try of March 3, 2026 did not count" in text


def test_the_eleventh_try_is_refused(db: Path) -> None:
    clock = Clock(at(2026, 3, 3, 12))
    for _ in range(10):
        play(db, clock, DRAW_AND_DISCARD)
        clock.advance(60)
    status, text = play(db, clock, DRAW_AND_DISCARD)
    assert status == 0
    assert text.strip() == ("You have played your 10 tries of today's deal. "
                            "The next deal starts at 21:00 (Europe/Paris).")


def test_the_daily_deal_takes_no_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        local.parse_args(["--daily", "--variant", "classic"])
    assert stopped.value.code == 2
    assert "--daily plays the championship's own deal" in capsys.readouterr().err
