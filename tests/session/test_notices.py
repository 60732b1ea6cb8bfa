"""The notices' pure parts (issue 27): quiet hours in a member's time zone (a range may
pass midnight) and the checks of the new preferences."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest

from bot.session.notices import quiet_until
from data import PlayerPrefs
from data.settings import validate_changes


def at(text: str, zone: str = "UTC") -> float:
    return datetime.datetime.fromisoformat(text).replace(
        tzinfo=zoneinfo.ZoneInfo(zone)).timestamp()


@pytest.mark.parametrize(("now", "quiet", "zone", "until"), [
    ("2026-12-02 23:30", "22:00-07:30", "UTC", "2026-12-03 07:30"),  # past midnight
    ("2026-12-03 06:00", "22:00-07:30", "UTC", "2026-12-03 07:30"),
    ("2026-12-03 07:30", "22:00-07:30", "UTC", None),  # the end is not inside
    ("2026-12-03 12:00", "22:00-07:30", "UTC", None),
    ("2026-12-03 13:15", "13:00-14:00", "UTC", "2026-12-03 14:00"),
    ("2026-12-03 13:15", "13:00-14:00", "Europe/Paris", "2026-12-03 14:00"),
])
def test_quiet_hours_hold_until_they_end(now: str, quiet: str, zone: str,
                                         until: str | None) -> None:
    prefs = PlayerPrefs(quiet_hours=quiet, timezone=zone)
    held = quiet_until(at(now, zone), prefs)
    assert held == (None if until is None else at(until, zone))


def test_no_quiet_hours_hold_nothing() -> None:
    assert quiet_until(at("2026-12-03 03:00"), PlayerPrefs()) is None


@pytest.mark.parametrize(("changes", "named"), [
    ({"notify": "sometimes"}, "notify"),
    ({"quiet_hours": "25:00-07:00"}, "quiet_hours"),
    ({"quiet_hours": "22:00-22:00"}, "quiet_hours"),
    ({"quiet_hours": "10pm-7am"}, "quiet_hours"),
    ({"timezone": "Mars/Olympus"}, "timezone"),
])
def test_bad_notification_preferences_are_refused_by_name(changes: dict[str, object],
                                                          named: str) -> None:
    with pytest.raises(ValueError, match=named):
        validate_changes(PlayerPrefs, changes)


def test_good_notification_preferences_pass() -> None:
    assert validate_changes(PlayerPrefs, {"notify": "10m", "quiet_hours": "22:00-07:30",
                                          "timezone": "Europe/Paris"}) == {
        "notify": "10m", "quiet_hours": "22:00-07:30", "timezone": "Europe/Paris"}
