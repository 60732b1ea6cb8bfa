"""Two processes holding the same tables over one database (Discord may hand a shard to
two processes at once): the row wins, a game never forks, and its log has no gap or
duplicate. Each test runs on SQLite and PostgreSQL as a shared store (a cached table is
checked against its row before use); those about a save that meets a moved row run with
that check off too, which is the race the check cannot close (another process saves
between the check and the save): the operation runs again on the fresh state."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.session import Player, SessionError, Status, Tables
from data import StaleState, Store
from engine import RummyError
from engine.actions import Action
from engine.ai import Level, choose_action
from engine.cards.actions import Draw
from engine.views import Phase
from tests.session.helpers import ALICE, BOB, CHANNEL, GUILD, make_tables

Processes = tuple[Tables, Tables]
COMPUTER_SEAT = 1  # Alice opens the lobby, then adds the computer



def check_versions(monkeypatch: pytest.MonkeyPatch, checked: bool) -> None:
    """Whether the stores count as shared (SQLite too, here: two stores on one file)."""
    monkeypatch.setattr(Store, "shared", property(lambda _store: checked))




@pytest.fixture
async def processes(where: Path | str,
                    monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Processes]:
    """Two processes, each its own store and tables, on one database, Alice and Bob
    seated at a started rami51 table both hold in memory."""
    check_versions(monkeypatch, True)
    async with await Store.open(where) as first_store, await Store.open(where) as second_store:
        first, second = make_tables(first_store), make_tables(second_store)
        await first.open_lobby(CHANNEL, GUILD, ALICE, "rami51")
        await second.join(CHANNEL, BOB)
        await first.start(CHANNEL, ALICE.user_id)
        assert (await second.snapshot(CHANNEL)) == (await first.snapshot(CHANNEL))
        try:
            yield first, second
        finally:
            await first.close()
            await second.close()


@pytest.fixture(params=[True, False], ids=["checked", "unchecked"])
def racing(request: pytest.FixtureRequest, processes: Processes,
           monkeypatch: pytest.MonkeyPatch) -> Processes:
    """The two processes, with the version check before use on or off."""
    check_versions(monkeypatch, request.param)
    return processes


async def to_play(tables: Tables) -> Player:
    """The player whose turn it is, as ``tables`` holds the game."""
    view = await tables.hand(CHANNEL, ALICE.user_id)
    return ALICE if view.current == view.seat else BOB


async def log_versions(tables: Tables) -> list[int]:
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None
    return [entry.version for entry in await tables.store.game_log(snapshot.game_id)]


async def test_moves_through_either_process_alternate(processes: Processes) -> None:
    rng = random.Random(5)
    players = {ALICE.user_id: processes[0], BOB.user_id: processes[1]}
    for _ in range(12):  # six turns: each seat's draws and discards through its process
        for user_id, tables in players.items():
            view = await tables.hand(CHANNEL, user_id)
            if view.current != view.seat or view.phase not in (Phase.DRAW, Phase.PLAY):
                continue
            snapshot = await tables.snapshot(CHANNEL)
            assert snapshot is not None
            action = choose_action(view, snapshot.rules, "easy", rng)
            await tables.act(CHANNEL, user_id, action)
    first, second = [await tables.snapshot(CHANNEL) for tables in processes]
    assert first == second and first is not None and first.version > 12
    versions = await log_versions(processes[0])
    assert versions == list(range(1, first.version + 1))  # no gap, no duplicate


async def test_the_same_move_at_once_is_played_once(racing: Processes) -> None:
    player = await to_play(racing[0])
    before = await log_versions(racing[0])
    outcomes = await asyncio.gather(
        *(tables.act(CHANNEL, player.user_id, Draw("stock")) for tables in racing),
        return_exceptions=True)
    refused = [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], RummyError)
    assert not isinstance(refused[0], SessionError)  # the engine's refusal: drawn already
    assert await log_versions(racing[1]) == [*before, len(before) + 1]
    assert (await racing[0].snapshot(CHANNEL)) == (await racing[1].snapshot(CHANNEL))


async def test_a_move_made_stale_runs_again_on_the_fresh_state(racing: Processes) -> None:
    first, second = racing
    player = await to_play(first)
    await first.act(CHANNEL, player.user_id, Draw("stock"))
    with pytest.raises(RummyError) as refused:  # the second process held the old state
        await second.act(CHANNEL, player.user_id, Draw("discard"))
    assert not isinstance(refused.value, SessionError)
    fresh = await second.hand(CHANNEL, player.user_id)
    assert fresh.phase is Phase.PLAY and fresh == await first.hand(CHANNEL, player.user_id)


async def test_a_second_race_says_the_table_changed(racing: Processes,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = racing

    async def always_stale(game_id: int, *args: object, **kwargs: object) -> int:
        raise StaleState(game_id, 0, 1)

    before = await log_versions(first)
    monkeypatch.setattr(second.store, "save", always_stale)
    with pytest.raises(SessionError) as caught:
        await second.leave(CHANNEL, BOB.user_id)
    assert caught.value.code == "session.changed_elsewhere"
    assert caught.value.message("en") == "The table just changed; look at it again and retry."
    assert "réessayez" in caught.value.message("fr")
    assert await log_versions(first) == before  # nothing saved
    seats = (await first.snapshot(CHANNEL)).seats  # type: ignore[union-attr]
    assert [seat.user_id for seat in seats] == [ALICE.user_id, BOB.user_id]


async def test_a_game_ended_elsewhere_is_no_game_here(racing: Processes) -> None:
    first, second = racing
    player = await to_play(second)
    await first.cancel(CHANNEL, ALICE.user_id)
    with pytest.raises(SessionError) as caught:  # a legal move, as the old state says
        await second.act(CHANNEL, player.user_id, Draw("stock"))
    assert caught.value.code == "session.no_game"
    assert await second.snapshot(CHANNEL) is None


async def test_a_new_table_opened_elsewhere_is_the_one_played(processes: Processes) -> None:
    first, second = processes
    await first.cancel(CHANNEL, ALICE.user_id)
    await first.open_lobby(CHANNEL, GUILD, ALICE, "rami51")
    joined = await second.join(CHANNEL, BOB)  # the old table is forgotten, the new one used
    assert joined.status is Status.LOBBY and len(joined.seats) == 2
    with pytest.raises(SessionError) as caught:  # both at once: one lobby, not two
        await second.open_lobby(CHANNEL, GUILD, BOB, "rami51")
    assert caught.value.code == "session.game_exists"
    assert (await first.snapshot(CHANNEL)) == joined


@pytest.mark.parametrize("checked", [True, False], ids=["checked", "unchecked"])
async def test_a_computer_turn_played_by_another_process_is_not_played_again(
        where: Path | str, monkeypatch: pytest.MonkeyPatch, checked: bool) -> None:
    check_versions(monkeypatch, True)
    async with await Store.open(where) as first_store, await Store.open(where) as second_store:
        first, second = make_tables(first_store), make_tables(second_store)
        try:
            await first.open_lobby(CHANNEL, GUILD, ALICE, "rami51")
            await first.add_computer(CHANNEL, ALICE.user_id)
            # Both processes' computer turns wait an hour: the test says when each plays.
            # (With the first's at once, it could finish the computer's whole turn before
            # the second had loaded the table, which then was not stale.)
            first.ai_delay = second.ai_delay = HOUR
            await first.start(CHANNEL, ALICE.user_id)
            rng = random.Random(3)
            while True:  # Alice plays through the first process until the computer is to play
                view = await first.hand(CHANNEL, ALICE.user_id)
                if view.current != view.seat:
                    break
                snapshot = await first.snapshot(CHANNEL)
                assert snapshot is not None
                await first.act(CHANNEL, ALICE.user_id,
                                choose_action(view, snapshot.rules, "easy", rng))
            # The second process loads the table at the computer's turn (its own timer for
            # that turn waits an hour); then the first plays that turn to its end.
            stale = await second.snapshot(CHANNEL)
            assert stale is not None and stale.view is not None
            assert stale.seats[stale.view.current].is_computer
            first.ai_delay = 0.0
            await first._computer_turn(CHANNEL)
            assert await first.idle(CHANNEL)
            played = await log_versions(first)
            assert stale is not None and stale.version < played[-1]
            check_versions(monkeypatch, checked)
            second.ai_delay = 0.0
            await second._computer_turn(CHANNEL)  # its own timer for that turn: nothing to do
            assert await log_versions(first) == played
            check_versions(monkeypatch, True)
            assert (await second.snapshot(CHANNEL)) == (await first.snapshot(CHANNEL))
        finally:
            await first.close()
            await second.close()


HOUR = 3600.0  # a computer turn that waits this long is never played by the test


async def computer_to_play(first: Tables, second: Tables) -> None:
    """Alice and a computer at a rami51 table both processes hold; Alice plays through the
    first process until the computer is to play (the first's computer turns wait an hour,
    the second's too)."""
    first.ai_delay = second.ai_delay = HOUR
    await first.open_lobby(CHANNEL, GUILD, ALICE, "rami51")
    await first.add_computer(CHANNEL, ALICE.user_id)
    await first.start(CHANNEL, ALICE.user_id)
    await second.snapshot(CHANNEL)
    rng = random.Random(3)
    while (view := await first.hand(CHANNEL, ALICE.user_id)).current == view.seat:
        snapshot = await first.snapshot(CHANNEL)
        assert snapshot is not None
        await first.act(CHANNEL, ALICE.user_id,
                        choose_action(view, snapshot.rules, "easy", rng))


async def computer_played(tables: Tables) -> bool:
    """The computer made a move since its level was last changed."""
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None
    log = await tables.store.game_log(snapshot.game_id)
    changed = max(entry.version for entry in log if entry.action.startswith("level "))
    return any(entry.version > changed and entry.actor is None and entry.action.startswith("seat")
               for entry in log)


async def moved_elsewhere(tables: Tables) -> None:
    """A save of the game through ``tables`` that leaves the computer to play: Alice sets
    its level (the game and its turn go on unchanged)."""
    await tables.set_level(CHANNEL, ALICE.user_id, COMPUTER_SEAT, Level.HARD)


@pytest.fixture
async def two(where: Path | str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Processes]:
    """Two processes' tables on one database, nothing open yet."""
    check_versions(monkeypatch, True)
    async with await Store.open(where) as first_store, await Store.open(where) as second_store:
        first, second = make_tables(first_store), make_tables(second_store)
        try:
            yield first, second
        finally:
            await first.close()
            await second.close()


async def test_a_computer_turn_survives_a_reload_of_its_table(two: Processes) -> None:
    first, second = two
    await computer_to_play(first, second)
    first.ai_delay = 0.0  # its computer turn, scheduled already, still waits an hour
    await moved_elsewhere(second)
    await first.snapshot(CHANNEL)  # the first reloads the table the second moved
    assert await first.idle(CHANNEL)  # and still has the computer's turn to play
    assert await computer_played(first)


async def test_a_computer_move_made_stale_is_played_on_the_fresh_state(
        two: Processes, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = two
    await computer_to_play(first, second)
    decide = first._decide

    async def saved_elsewhere_meanwhile(*args: Any) -> Action:
        monkeypatch.setattr(first, "_decide", decide)  # once
        await moved_elsewhere(second)  # after the first checked its row
        return await decide(*args)

    monkeypatch.setattr(first, "_decide", saved_elsewhere_meanwhile)
    first.ai_delay = 0.0
    await first._computer_turn(CHANNEL)  # its save finds the row moved
    assert await first.idle(CHANNEL)  # the turn is played on the row as saved
    assert await computer_played(first)
