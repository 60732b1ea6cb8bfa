"""When a day closes and which day's deal is played, daylight-saving changes included."""

from __future__ import annotations

from datetime import date

import pytest

from bot.session import SessionError
from bot.session.daily import Closing, close_text, read_close
from tests.session.daily.helpers import at

NINE_PM = Closing(21 * 60, "Europe/Paris")
HOUR = 3600.0


@pytest.mark.parametrize(("now", "day"), [
    (at(2026, 3, 3, 12), date(2026, 3, 3)),
    (at(2026, 3, 3, 20, 59, 59), date(2026, 3, 3)),
    (at(2026, 3, 3, 21), date(2026, 3, 4)),  # the close starts the next day's deal
    (at(2026, 3, 3, 23, 30), date(2026, 3, 4)),
    (at(2026, 3, 4, 0, 5), date(2026, 3, 4)),
    (at(2026, 12, 31, 22), date(2027, 1, 1)),
])
def test_the_day_played_is_the_next_to_close(now: float, day: date) -> None:
    assert NINE_PM.day_at(now) == day


def test_a_close_is_a_time_on_the_zones_clock() -> None:
    assert NINE_PM.instant(date(2026, 1, 15)) == at(2026, 1, 15, 21)
    assert NINE_PM.instant(date(2026, 1, 15)) == at(2026, 1, 15, 20, zone="UTC")  # CET
    assert NINE_PM.instant(date(2026, 7, 15)) == at(2026, 7, 15, 19, zone="UTC")  # CEST


def test_days_are_23_and_25_hours_long_when_the_clocks_change() -> None:
    # Paris springs forward on 29 March 2026 and falls back on 25 October 2026.
    spring = NINE_PM.instant(date(2026, 3, 29)) - NINE_PM.instant(date(2026, 3, 28))
    autumn = NINE_PM.instant(date(2026, 10, 25)) - NINE_PM.instant(date(2026, 10, 24))
    assert (spring, autumn) == (23 * HOUR, 25 * HOUR)
    assert NINE_PM.day_at(at(2026, 3, 29, 3, 30)) == date(2026, 3, 29)
    assert NINE_PM.day_at(at(2026, 10, 25, 20, 59)) == date(2026, 10, 25)


def test_a_close_in_the_skipped_hour_comes_an_hour_later() -> None:
    half_past_two = Closing(2 * 60 + 30, "Europe/Paris")
    close = half_past_two.instant(date(2026, 3, 29))  # 02:30 does not exist that night
    assert close == at(2026, 3, 29, 3, 30)
    assert half_past_two.day_at(close - 1) == date(2026, 3, 29)
    assert half_past_two.day_at(close) == date(2026, 3, 30)


def test_a_close_in_the_repeated_hour_is_the_first_of_the_two() -> None:
    half_past_two = Closing(2 * 60 + 30, "Europe/Paris")
    close = half_past_two.instant(date(2026, 10, 25))  # 02:30 happens twice that night
    assert close == at(2026, 10, 25, 0, 30, zone="UTC")  # the summer-time one (UTC+2)
    assert half_past_two.day_at(close + HOUR) == date(2026, 10, 26)


@pytest.mark.parametrize("zone", ["America/New_York", "Australia/Sydney", "Asia/Kolkata", "UTC"])
def test_every_day_closes_once_in_any_zone(zone: str) -> None:
    closing = Closing(21 * 60, zone)
    instants = [closing.instant(date(2026, month, day)) for month in range(1, 13)
                for day in (1, 15)]
    for instant in instants:
        assert closing.day_at(instant - 1) != closing.day_at(instant)
    assert instants == sorted(instants)


@pytest.mark.parametrize(("text", "minute"), [
    ("21:00", 1260), ("21h", 1260), ("21h30", 1290), ("9", 540), (" 0:05 ", 5), ("23.59", 1439),
])
def test_closing_times_as_players_write_them(text: str, minute: int) -> None:
    assert read_close(text) == minute
    assert read_close(close_text(minute)) == minute


@pytest.mark.parametrize("text", ["24:00", "21:60", "nine", "", "21:0", "-1"])
def test_a_bad_closing_time_is_refused(text: str) -> None:
    with pytest.raises(SessionError) as refused:
        read_close(text)
    assert refused.value.code == "daily.bad_close"


def test_an_unknown_zone_is_a_clear_refusal() -> None:
    with pytest.raises(SessionError) as refused:
        Closing(60, "Mars/Olympus").instant(date(2026, 1, 1))
    assert refused.value.code == "daily.bad_zone"
