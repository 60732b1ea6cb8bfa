"""Turn deadlines: fixed when a human turn starts, saved with the game, moved only by the
end of that turn, and played for the absent player when they pass, on the first turn of
a match or a round and after a restart too. The clock is the test's: nothing sleeps
(but in the tests of close(), whose turns time out at once on the real clock)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.session import EventKind, SessionError, Status, Tables
from bot.session.prefs import Preferences
from data import GuildSettings, Store
from engine.actions import Action
from engine.cards.actions import Discard, Draw
from engine.tiles.actions import NewSet, Undo
from engine.tiles.tile import Tile
from engine.views import Phase
from tests.session.helpers import ALICE, BOB, CHANNEL, GUILD, Clock, make_tables, recorded

TIMEOUT = 60.0


async def two_humans(store: Store, clock: Callable[[], float], variant: str = "classic",
                     **options: object) -> Tables:
    options.setdefault("turn_timeout", TIMEOUT)
    tables = make_tables(store, clock=clock, **options)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, variant)
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    return tables


async def deadline(store: Store) -> float | None:
    stored = await store.active_game(CHANNEL)
    assert stored is not None
    return stored.deadline


async def current(tables: Tables) -> int:
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.view is not None
    return snapshot.view.current


async def test_the_first_turn_of_a_match_times_out_whatever_else_is_saved(
        store: Store) -> None:
    clock = Clock()
    tables = await two_humans(store, clock)
    events = recorded(tables)
    started = clock.now
    assert await deadline(store) == started + TIMEOUT
    first = await current(tables)
    # What used to cancel the timer: the front end saving its message ids, a lookup.
    clock.advance(30)
    await tables.set_ui(CHANNEL, table_message=555, lang="fr")
    await tables.snapshot(CHANNEL)
    assert await deadline(store) == started + TIMEOUT  # not re-armed, not extended
    clock.advance(29)
    assert await tables.play_overdue() == []
    clock.advance(1)
    assert await tables.play_overdue() == [CHANNEL]
    timeouts = [event for event in events if event.kind is EventKind.TIMEOUT]
    assert timeouts and {event.seat for event in timeouts} == {first}
    assert await current(tables) != first
    assert await deadline(store) == clock.now + TIMEOUT  # the next turn's own deadline
    await tables.close()


async def test_a_level_change_keeps_the_turn_deadline(store: Store) -> None:
    clock = Clock()
    tables = make_tables(store, clock=clock, turn_timeout=TIMEOUT)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    await tables.start(CHANNEL, ALICE.user_id)
    await tables.idle(CHANNEL)
    given = await deadline(store)
    assert given is not None and await current(tables) == 0
    clock.advance(10)
    await tables.set_level(CHANNEL, ALICE.user_id, 1, "hard")
    assert await deadline(store) == given
    await tables.close()


async def test_the_first_turn_of_every_round_times_out(store: Store) -> None:
    clock = Clock()
    tables = await two_humans(store, clock)
    for _ in range(400):  # nobody plays: every turn times out until the round ends
        clock.advance(TIMEOUT)
        await tables.play_overdue()
        snapshot = await tables.snapshot(CHANNEL)
        assert snapshot is not None and snapshot.view is not None
        if snapshot.view.phase is Phase.ROUND_OVER:
            break
    else:
        raise AssertionError("the round never ended")
    assert await deadline(store) is None  # nobody is to play until the next round
    await tables.next_round(CHANNEL, BOB.user_id)
    assert await deadline(store) == clock.now + TIMEOUT
    events = recorded(tables)
    clock.advance(TIMEOUT)
    assert await tables.play_overdue() == [CHANNEL]
    assert any(event.kind is EventKind.TIMEOUT for event in events)
    await tables.close()


async def test_tile_draft_edits_never_extend_the_turn(store: Store) -> None:
    clock = Clock()
    tables = await two_humans(store, clock, "tiles")
    player = ALICE if await current(tables) == 0 else BOB
    view = await tables.hand(CHANNEL, player.user_id)
    tile = next(piece for piece in view.hand if isinstance(piece, Tile))
    given = await deadline(store)
    for _ in range(20):  # new, undo, new, undo… for ever
        clock.advance(TIMEOUT / 20 - 0.01)
        await tables.act(CHANNEL, player.user_id, NewSet((tile,)))
        await tables.act(CHANNEL, player.user_id, Undo())
        assert await deadline(store) == given
    clock.advance(1)
    assert await tables.play_overdue() == [CHANNEL]
    assert await current(tables) != view.seat
    await tables.close()


async def test_a_restart_times_the_turn_out_at_its_saved_time_late_if_down(
        store: Store) -> None:
    clock = Clock()
    tables = await two_humans(store, clock)
    first = await current(tables)
    given = await deadline(store)
    await tables.close()
    clock.advance(3 * TIMEOUT)  # the bot was down when the turn was due
    revived = make_tables(store, clock=clock, turn_timeout=TIMEOUT)
    events = recorded(revived)
    await revived.resume()
    for _ in range(1000):  # the poller fires at once: the deadline has passed
        if any(event.kind is EventKind.TIMEOUT for event in events):
            break
        await asyncio.sleep(0.01)
    assert next(e.seat for e in events if e.kind is EventKind.TIMEOUT) == first
    assert await deadline(store) == clock.now + TIMEOUT != given
    await revived.close()


async def test_the_guild_setting_sets_the_deadline(store: Store) -> None:
    clock = Clock()
    await store.update_guild_settings(GUILD, turn_timeout_s=90)
    await two_humans(store, clock, turn_timeout=None)
    assert await deadline(store) == clock.now + 90


async def test_the_guild_setting_is_read_through_the_cache_given(store: Store) -> None:
    """The bot gives its settings cache (Preferences.guild): a human turn's start reads
    the time-out there, not from the store at every turn."""
    clock = Clock()
    await store.update_guild_settings(GUILD, turn_timeout_s=90)
    prefs = Preferences(store)
    read: list[int] = []
    original = store.guild_settings

    async def counted(guild_id: int) -> GuildSettings:
        read.append(guild_id)
        return await original(guild_id)

    store.guild_settings = counted  # type: ignore[method-assign]
    tables = await two_humans(store, clock, turn_timeout=None, guild_settings=prefs.guild)
    for _ in range(3):  # three human turns, each with its deadline from the setting
        seat = await current(tables)
        user = (ALICE, BOB)[seat].user_id
        await tables.act(CHANNEL, user, Draw("stock"))
        hand = (await tables.hand(CHANNEL, user)).hand
        await tables.act(CHANNEL, user, Discard(hand[-1]))
        assert await deadline(store) == clock.now + 90
    lobby_reads = 1  # opening the lobby reads the allowed channels and the rules, fresh
    assert len(read) == lobby_reads + 1  # then once into the cache, for every turn
    await tables.close()


async def test_a_computer_turn_and_a_lobby_have_no_deadline(store: Store) -> None:
    clock = Clock()
    tables = make_tables(store, clock=clock, turn_timeout=TIMEOUT)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    assert await deadline(store) is None
    await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    await tables.set_level(CHANNEL, ALICE.user_id, 1, "medium")
    assert await deadline(store) is None
    await tables.close()


async def test_a_moderator_changes_a_level_without_a_seat(store: Store) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    try:
        await tables.set_level(CHANNEL, BOB.user_id, 1, "hard")
    except SessionError as error:
        assert error.code == "session.not_seated"
    else:
        raise AssertionError("a stranger changed a level")
    snapshot = await tables.set_level(CHANNEL, BOB.user_id, 1, "hard", is_moderator=True)
    assert snapshot.seats[1].level == "hard" and snapshot.status is Status.LOBBY
    await tables.close()


async def test_a_thread_under_an_allowed_channel_is_allowed(store: Store) -> None:
    await store.update_guild_settings(GUILD, allowed_channels={CHANNEL})
    tables = make_tables(store)
    thread, elsewhere = 555, 556
    opened = await tables.open_lobby(thread, GUILD, ALICE, "classic", parent_id=CHANNEL)
    assert opened.channel_id == thread
    try:
        await tables.open_lobby(elsewhere, GUILD, ALICE, "classic", parent_id=999)
    except SessionError as error:
        assert error.code == "session.channel_not_allowed"
    else:
        raise AssertionError("a thread of another channel was allowed")
    await tables.close()


def _stuck_decision(tables: Tables, *, stubborn: bool = False) -> tuple[
        asyncio.Event, list[asyncio.Task[object]], asyncio.Event]:
    """Make the second computer decision of ``tables`` hang: in a timed-out turn, the
    discard after the draw, when the draw has already armed a fresh timer and the table
    no longer holds the task finishing the turn. Returns (reached, that task, release);
    a ``stubborn`` decision ignores cancellation until released."""
    reached, release = asyncio.Event(), asyncio.Event()
    caught: list[asyncio.Task[object]] = []
    decide = tables._decide
    calls = 0

    async def hanging(*args: Any) -> Action:
        nonlocal calls
        calls += 1
        if calls == 2:
            task = asyncio.current_task()
            assert task is not None
            caught.append(task)
            reached.set()
            while not release.is_set():
                try:
                    await release.wait()
                except asyncio.CancelledError:
                    if not stubborn:
                        raise
        return await decide(*args)

    tables._decide = hanging  # type: ignore[method-assign]
    return reached, caught, release


async def test_close_stops_a_timed_out_turn_its_table_no_longer_holds(store: Store) -> None:
    # A short time-out on the real clock: the first turn times out at once.
    tables = await two_humans(store, time.time, turn_timeout=0.01)
    reached, caught, _ = _stuck_decision(tables)
    await asyncio.wait_for(reached.wait(), 10)
    (finishing,) = caught
    held = {task for table in tables._tables.values() for task in table.tasks}
    assert finishing not in held  # the draw armed the next timer: what close() missed
    await asyncio.wait_for(tables.close(), 10)
    assert finishing.cancelled()
    assert not [task for task in asyncio.all_tasks() if not task.done()
                and task.get_name().startswith(("timer:", "computer:"))]
    await tables.set_ui(CHANNEL, table_message=555)  # a change after close arms nothing
    assert not [task for task in asyncio.all_tasks() if not task.done()
                and task.get_name().startswith(("timer:", "computer:"))]


async def test_close_finishes_within_its_bound_whatever_a_turn_does(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    tables = await two_humans(store, time.time, turn_timeout=0.01)
    tables.close_timeout = 0.2
    reached, caught, release = _stuck_decision(tables, stubborn=True)
    await asyncio.wait_for(reached.wait(), 10)
    started = time.monotonic()
    await asyncio.wait_for(tables.close(), 10)
    assert time.monotonic() - started < 5
    assert "turns still running after close" in caplog.text and "timer:" in caplog.text
    release.set()  # let the stubborn turn end before the store closes
    await asyncio.gather(*caught, return_exceptions=True)


async def test_a_three_day_time_out_is_honoured_across_a_restart(store: Store) -> None:
    """A server's turn time-out of three days (issue 27): the turn is not played a second
    early, and a restarted session layer plays it once the three days have passed."""
    three_days = 3 * 24 * 3600
    await store.update_guild_settings(GUILD, turn_timeout_s=three_days)
    clock = Clock()
    tables = await two_humans(store, clock, turn_timeout=None)
    started, first = clock.now, await current(tables)
    assert await deadline(store) == started + three_days
    clock.advance(three_days - 1)
    assert await tables.play_overdue() == []
    await tables.close()
    restarted = make_tables(store, clock=clock, turn_timeout=None)
    clock.advance(1)
    assert await restarted.play_overdue() == [CHANNEL]
    assert await current(restarted) != first
    assert await deadline(store) == clock.now + three_days  # the next turn's three days
    await restarted.close()
