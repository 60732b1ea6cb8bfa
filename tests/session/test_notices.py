"""The notices' pure parts (issue 27): quiet hours in a member's time zone (a range may
pass midnight), the checks of the new preferences, and the poller's stop."""

from __future__ import annotations

import asyncio
import datetime
import zoneinfo
from typing import Any, cast

import pytest

from bot.session.notices import Notifier, quiet_until, reminders
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


class IdleStore:
    """A store with no notice due; says when the poller has looked (it then waits)."""

    def __init__(self) -> None:
        self.looked = asyncio.Event()

    async def claim_notices(self, now: float) -> list[Any]:
        return []

    async def purge_notices(self, before: float) -> int:
        return 0

    async def next_notice_due(self) -> float | None:
        self.looked.set()
        return None


async def test_the_poller_stops_when_closed_as_a_notice_wakes_it() -> None:
    # A notice scheduled (the wake-up set) in the same moment as the bot closes: Python
    # 3.11's asyncio.wait_for returned the wake-up and lost the cancel, so the poller
    # went on and close() never returned (the bot's stop hung).
    store = IdleStore()
    notifier = Notifier(cast(Any, None), cast(Any, None), cast(Any, store))
    notifier.start()
    await store.looked.wait()  # the poller waits for a wake-up
    notifier._wake.set()
    closing = asyncio.ensure_future(notifier.close())
    done, _ = await asyncio.wait({closing}, timeout=10)
    assert closing in done, "the poller went on after close()"
    assert notifier._task is None


def test_reminders_come_half_way_and_shortly_before_the_end() -> None:
    assert reminders("turn:1:1:3", 1000.0, 4600.0) == [("turn:1:1:3:half", 2800.0),
                                                       ("turn:1:1:3:soon", 4240.0)]
    three_days = 3 * 86_400.0  # a tenth would be 7.2 hours: an hour before, at most
    assert reminders("t", 0.0, three_days) == [("t:half", three_days / 2),
                                               ("t:soon", three_days - 3600.0)]
    assert reminders("t", 0.0, 599.0) == []  # a short turn: its notice is enough
    assert reminders("t", 0.0, 600.0) == [("t:half", 300.0), ("t:soon", 540.0)]
