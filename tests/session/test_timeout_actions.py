"""What a turn that times out does (issue 27): the server's ``timeout_action`` plays it
with the easy computer, lets it pass (``skip``) or, after ``timeout_seat_after`` in a row,
gives the seat to a computer (``seat``); the time-outs in a row are saved with the game,
reset when the player acts, and hold across a restart. The clock is the test's."""

from __future__ import annotations

from collections import Counter

from bot.session import EventKind, Tables
from bot.session.document import TableDoc
from bot.session.model import TIMED_OUT_SEAT
from data import Store
from engine.cards.actions import Draw
from tests.session.helpers import ALICE, BOB, CHANNEL, GUILD, Clock, make_tables, recorded
from tests.session.test_deadlines import TIMEOUT, current, two_humans


async def saved(store: Store) -> TableDoc:
    stored = await store.active_game(CHANNEL)
    assert stored is not None
    return TableDoc.from_json(stored.state)[0]


async def time_out(tables: Tables, clock: Clock) -> None:
    clock.advance(TIMEOUT)
    assert await tables.play_overdue() == [CHANNEL]


async def test_play_is_the_default_and_counts_the_time_outs_in_a_row(store: Store) -> None:
    clock = Clock()
    tables = await two_humans(store, clock)
    first = await current(tables)
    await time_out(tables, clock)
    assert (await saved(store)).timeouts_of(first) == 1
    await time_out(tables, clock)  # the other player's turn
    assert (await saved(store)).timeouts_of(1 - first) == 1
    # The player acts: their count goes back to 0, the other's stays.
    player = (ALICE, BOB)[first].user_id
    await tables.act(CHANNEL, player, Draw("stock"))
    doc = await saved(store)
    assert (doc.timeouts_of(first), doc.timeouts_of(1 - first)) == (0, 1)
    await tables.close()


async def test_skip_draws_a_card_and_discards_it_as_it_came(store: Store) -> None:
    await store.update_guild_settings(GUILD, timeout_action="skip")
    clock = Clock()
    tables = await two_humans(store, clock)
    first = await current(tables)
    before = Counter((await tables.hand(CHANNEL, (ALICE, BOB)[first].user_id)).hand)
    stock = (await tables.snapshot(CHANNEL)).view.stock_size  # type: ignore[union-attr]
    events = recorded(tables)
    await time_out(tables, clock)
    view = (await tables.hand(CHANNEL, (ALICE, BOB)[first].user_id))
    assert Counter(view.hand) == before  # nothing melded, the hand as it was
    assert view.stock_size == stock - 1 and view.discards[-1][0] == first
    moves = [type(e.move).__name__ for e in events if e.kind is EventKind.TIMEOUT]
    assert moves == ["Draw", "Discard"]
    assert await current(tables) != first
    await tables.close()


async def test_skip_draws_a_tile(store: Store) -> None:
    await store.update_guild_settings(GUILD, timeout_action="skip")
    clock = Clock()
    tables = await two_humans(store, clock, "tiles")
    first = await current(tables)
    size = len((await tables.hand(CHANNEL, (ALICE, BOB)[first].user_id)).hand)
    events = recorded(tables)
    await time_out(tables, clock)
    assert len((await tables.hand(CHANNEL, (ALICE, BOB)[first].user_id)).hand) == size + 1
    assert [type(e.move).__name__ for e in events
            if e.kind is EventKind.TIMEOUT] == ["DrawTile"]
    await tables.close()


async def test_seat_goes_to_a_computer_after_time_outs_in_a_row_across_a_restart(
        store: Store) -> None:
    await store.update_guild_settings(GUILD, timeout_action="seat", timeout_seat_after=2)
    clock = Clock()
    tables = await two_humans(store, clock)
    first = await current(tables)
    await time_out(tables, clock)  # first's 1st: played by the easy computer
    await time_out(tables, clock)  # the other's 1st
    await tables.close()
    assert (await saved(store)).timeouts == (1, 1)
    revived = make_tables(store, clock=clock, turn_timeout=TIMEOUT)
    events = recorded(revived)
    await time_out(revived, clock)  # first's 2nd in a row: the seat goes
    await revived.idle(CHANNEL)
    left = [e for e in events if e.kind is EventKind.LEFT]
    assert [(e.seat, e.action) for e in left] == [(first, TIMED_OUT_SEAT)]
    doc = await saved(store)
    assert doc.seats[first].is_computer and not doc.seats[1 - first].is_computer
    assert doc.timeouts_of(first) == 0
    assert await current(revived) == 1 - first  # the computer played the turn
    await revived.close()


async def test_a_document_without_counts_reads_as_none_and_counts_round_trip(
        store: Store) -> None:
    clock = Clock()
    tables = await two_humans(store, clock)
    stored = await store.active_game(CHANNEL)
    assert stored is not None and '"timeouts"' not in stored.state  # as before issue 27
    doc, game = TableDoc.from_json(stored.state)
    assert doc.timeouts == () and doc.timeouts_of(1) == 0
    again = TableDoc.from_json(doc.with_timeouts(1, 3).to_json(game))[0]
    assert again.timeouts == (0, 3) and again.with_timeouts(1, 0).timeouts == ()
    await tables.close()


async def test_a_channel_of_its_own_times_turns_out_after_its_own_seconds(
        store: Store) -> None:
    await store.update_guild_settings(GUILD, turn_timeout_s=90,
                                      channel_timeouts={CHANNEL: 45})
    clock = Clock()
    tables = await two_humans(store, clock, turn_timeout=None)
    stored = await store.active_game(CHANNEL)
    assert stored is not None and stored.deadline == clock.now + 45
    assert await tables.turn_seconds(GUILD, CHANNEL) == 45
    assert await tables.turn_seconds(GUILD, CHANNEL + 1) == await tables.turn_seconds(
        GUILD) == 90
    await tables.close()
