"""Tries: the same deal and computer moves for a server's players, ten a day, the close's
line, restarts, refusals, and who may see a ranking."""

from __future__ import annotations

import pytest

from bot.session import Player, SessionError
from bot.session.daily import Daily, TryState
from data import Store
from engine import IllegalMove
from engine.actions import Action
from engine.cards.actions import Discard, Draw
from tests.session.daily.helpers import (
    ALICE,
    BOB,
    GUILD,
    Clock,
    at,
    finish_try,
    new_daily,
    play_to_end,
    refused,
)


async def test_two_players_of_a_server_get_the_same_deal(daily: Daily) -> None:
    alice, bob = await daily.play(GUILD, ALICE), await daily.play(GUILD, BOB)
    assert alice.view.hand == bob.view.hand
    assert alice.view.discard_top == bob.view.discard_top
    assert alice.seats[1:] == bob.seats[1:] and alice.seats[0].name == "Alice"
    assert (alice.day, alice.number, alice.tries_left) == (bob.day, 1, 9)
    assert alice.day.day == "2026-03-03" and alice.day.close_text == "21:00"


async def test_the_same_moves_meet_the_same_computer_moves(daily: Daily) -> None:
    alice: list[tuple[int, Action]] = []
    bob: list[tuple[int, Action]] = []
    first = await finish_try(daily, GUILD, ALICE, alice)
    second = await finish_try(daily, GUILD, BOB, bob)
    assert alice == bob and any(seat != 0 for seat, _ in alice)
    assert first.result is not None and second.result is not None
    assert (first.result.score, first.result.turns) == (second.result.score,
                                                        second.result.turns)
    assert first.result.counted and first.result.players == 1 and second.result.players == 2


async def test_two_servers_get_different_deals(daily: Daily) -> None:
    here, there = await daily.play(GUILD, ALICE), await daily.play(GUILD + 1, ALICE)
    assert here.view.hand != there.view.hand


async def test_the_next_day_brings_a_new_deal(daily: Daily, clock: Clock) -> None:
    today = await daily.play(GUILD, ALICE)
    await finish_try(daily, GUILD, ALICE)
    clock.now = at(2026, 3, 3, 21)
    tomorrow = await daily.play(GUILD, ALICE)
    assert tomorrow.day.day == "2026-03-04" and tomorrow.number == 1
    assert tomorrow.view.hand != today.view.hand


async def test_a_try_survives_an_hours_pause_and_a_restart(store: Store, clock: Clock) -> None:
    before = new_daily(store, clock)
    state = await before.play(GUILD, ALICE)
    state = await before.act(GUILD, ALICE.user_id, [Draw("stock")], ref=state.ref)
    clock.now += 3600  # the player pauses for an hour
    after = new_daily(store, clock)  # a new process on the same file
    again = await after.play(GUILD, ALICE)
    assert (again.view.hand, again.number, again.ref) == (state.view.hand, 1, state.ref)
    assert await after.current(GUILD, ALICE.user_id) == again


async def test_a_refused_action_changes_nothing(daily: Daily, store: Store) -> None:
    state = await daily.play(GUILD, ALICE)
    before = await store.challenge_try_in_progress(GUILD, ALICE.user_id)
    with pytest.raises(IllegalMove):
        await daily.act(GUILD, ALICE.user_id, [Discard(state.view.hand[0])])  # not drawn yet
    with refused("daily.old_try"):
        await daily.act(GUILD, ALICE.user_id, [Draw("stock")], ref=state.ref + 1)
    with refused("session.no_action"):
        await daily.act(GUILD, ALICE.user_id, [])
    assert await store.challenge_try_in_progress(GUILD, ALICE.user_id) == before
    with refused("daily.no_try"):
        await daily.act(GUILD, BOB.user_id, [Draw("stock")])


async def fill_tries(daily: Daily, store: Store, player: Player) -> TryState:
    """The player starts today's first try, then nine more are played (in the store)."""
    state = await daily.play(GUILD, player)
    for number in range(1, 10):
        key = (GUILD, state.day.day, player.user_id, number)
        await store.finish_challenge_try(key, "{}", number, 10)
        await store.start_challenge_try(GUILD, state.day.day, player.user_id, player.name, "{}")
    return state


async def test_the_eleventh_try_is_refused_with_the_next_deals_time(daily: Daily,
                                                                     store: Store) -> None:
    state = await fill_tries(daily, store, ALICE)
    await store.finish_challenge_try((GUILD, state.day.day, ALICE.user_id, 10), "{}", 0, 9)
    with pytest.raises(SessionError) as error:
        await daily.play(GUILD, ALICE)
    assert error.value.code == "daily.no_tries"
    assert error.value.params == {"count": 10, "time": "21:00", "zone": "Europe/Paris"}
    assert "21:00" in error.value.message("en") and "21:00" in error.value.message("fr")
    assert (await daily.play(GUILD, BOB)).number == 1  # the others play on


async def test_a_try_across_the_close_does_not_count(daily: Daily, store: Store,
                                                     clock: Clock) -> None:
    clock.now = at(2026, 3, 3, 20, 50)
    started = await daily.play(GUILD, ALICE)
    await finish_try(daily, GUILD, BOB)  # finished before the close: counts
    clock.now = at(2026, 3, 3, 21, 0, 1)
    late = await play_to_end(daily, GUILD, ALICE, started)
    assert late.result is not None and not late.result.counted
    assert late.day.day == "2026-03-03" and late.result.place is None
    assert [row.user_id for row in await store.challenge_ranking(GUILD, "2026-03-03")] == [
        BOB.user_id]


async def test_an_unfinished_try_of_a_closed_day_is_left_behind(daily: Daily, store: Store,
                                                                 clock: Clock) -> None:
    await daily.play(GUILD, ALICE)
    clock.now = at(2026, 3, 4, 9)
    fresh = await daily.play(GUILD, ALICE)
    assert (fresh.dropped, fresh.day.day, fresh.number) == ("2026-03-03", "2026-03-04", 1)
    assert await store.challenge_tries_used(GUILD, ALICE.user_id, "2026-03-03") == 1
    assert (await daily.play(GUILD, ALICE)).dropped is None


async def test_the_days_deal_stays_when_the_settings_change(daily: Daily, store: Store,
                                                            clock: Clock) -> None:
    first = await daily.play(GUILD, ALICE)
    await store.update_guild_settings(GUILD, daily_opponents=3, daily_level="easy")
    assert (await daily.play(GUILD, BOB)).seats[1:] == first.seats[1:]
    clock.now = at(2026, 3, 4, 12)
    tomorrow = await daily.play(GUILD, BOB)
    assert [seat.level for seat in tomorrow.seats[1:]] == ["easy"] * 3


async def test_a_close_moved_later_does_not_reopen_a_closed_day(daily: Daily, store: Store,
                                                                clock: Clock) -> None:
    await finish_try(daily, GUILD, ALICE)
    clock.now = at(2026, 3, 3, 21, 30)
    assert await daily.close_due() == []  # closed; no channel to post in
    await store.update_guild_settings(GUILD, daily_close=23 * 60)
    assert (await daily.play(GUILD, ALICE)).day.day == "2026-03-04"


async def test_the_ranking_is_for_those_who_played(daily: Daily, clock: Clock) -> None:
    with refused("daily.play_first"):
        await daily.ranking(GUILD, ALICE.user_id)
    await daily.play(GUILD, ALICE)
    empty = await daily.ranking(GUILD, ALICE.user_id)  # tried, nothing finished yet
    assert (empty.rows, empty.mine, empty.closed) == ((), None, False)
    await finish_try(daily, GUILD, ALICE)
    await finish_try(daily, GUILD, BOB)
    ranking = await daily.ranking(GUILD, BOB.user_id)
    assert ranking.players == 2 and ranking.mine is not None
    assert {row.user_id for row in ranking.rows} == {ALICE.user_id, BOB.user_id}
    clock.now = at(2026, 3, 4, 12)
    with refused("daily.play_first"):
        await daily.ranking(GUILD, BOB.user_id)  # today's: not tried yet
    past = await daily.ranking(GUILD, BOB.user_id, "2026-03-03")
    assert past.players == 2 and past.day.day == "2026-03-03"
    with refused("daily.play_ever"):
        await daily.ranking(GUILD, 99, "2026-03-03")
    with refused("daily.no_day"):
        await daily.ranking(GUILD, BOB.user_id, "2026-02-01")
    with refused("daily.bad_day"):
        await daily.ranking(GUILD, BOB.user_id, "yesterday")
    assert await daily.recent_days(GUILD) == ["2026-03-03"]


async def test_a_damaged_try_is_left_behind_by_play(daily: Daily, store: Store) -> None:
    state = await daily.play(GUILD, ALICE)
    await store.save_challenge_try((GUILD, state.day.day, ALICE.user_id, 1), '{"format": 9}')
    with refused("daily.corrupt"):
        await daily.current(GUILD, ALICE.user_id)
    fresh = await daily.play(GUILD, ALICE)
    assert fresh.number == 2 and fresh.dropped is None
    assert await store.challenge_ranking(GUILD, state.day.day) == []  # nothing counted


async def test_the_ranking_shows_the_top_ten_and_the_callers_place(daily: Daily,
                                                                    store: Store) -> None:
    players = [Player(100 + n, f"p{n}") for n in range(12)]
    for score, player in enumerate(players):  # p0 scores least: twelfth
        state = await daily.play(GUILD, player)
        await store.finish_challenge_try((GUILD, state.day.day, player.user_id, 1), "{}",
                                         score, 10)
    last = await daily.ranking(GUILD, players[0].user_id)
    assert [row.name for row in last.rows] == [f"p{n}" for n in range(11, 1, -1)]
    assert last.players == 12 and last.mine is not None and last.mine.rank == 12
    first = await daily.ranking(GUILD, players[11].user_id)
    assert first.mine == first.rows[0]
