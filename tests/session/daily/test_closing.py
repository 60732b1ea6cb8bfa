"""The close: made once whatever restarts, booked in the statistics, posted until said so."""

from __future__ import annotations

from bot.session.daily import Daily
from data import Store
from tests.session.daily.helpers import ALICE, BOB, GUILD, Clock, at, finish_try, new_daily

CHANNEL = 555


async def two_players(daily: Daily, store: Store, clock: Clock) -> None:
    """Alice, then Bob a minute later, play the same try: Alice ranks first."""
    await store.update_guild_settings(GUILD, daily_channel=CHANNEL)
    await finish_try(daily, GUILD, ALICE)
    clock.advance(60)
    await finish_try(daily, GUILD, BOB)


async def test_the_close_is_posted_once_even_after_a_restart_at_205959(
        store: Store, clock: Clock) -> None:
    await two_players(new_daily(store, clock), store, clock)
    clock.now = at(2026, 3, 3, 20, 59, 59)
    restarted = new_daily(store, clock)  # the bot comes back a second before the close
    assert await restarted.close_due() == []
    assert await restarted.next_close() == at(2026, 3, 3, 21)
    clock.now = at(2026, 3, 3, 21, 0, 1)
    [closed] = await restarted.close_due()
    assert (closed.day.day, closed.channel_id, closed.players) == ("2026-03-03", CHANNEL, 2)
    assert [row.rank for row in closed.podium] == [1, 2]
    assert closed.day.close_text == "21:00"
    await restarted.posted(closed, 9001)
    for _ in range(2):  # and again after another restart: nothing more to post
        assert await new_daily(store, clock).close_due() == []
    assert await restarted.next_close() is None


async def test_a_close_not_yet_posted_is_handed_out_again(store: Store, clock: Clock) -> None:
    await two_players(new_daily(store, clock), store, clock)
    clock.now = at(2026, 3, 3, 21, 30)
    [closed] = await new_daily(store, clock).close_due()
    # the bot stops before posting: the next one posts it, and it stays closed
    [again] = await new_daily(store, clock).close_due()
    assert again == closed
    ranking = await store.challenge_ranking(GUILD, "2026-03-03")
    assert [row.user_id for row in again.podium] == [row.user_id for row in ranking]


async def test_the_close_books_each_players_place(store: Store, clock: Clock) -> None:
    daily = new_daily(store, clock)
    await two_players(daily, store, clock)
    clock.now = at(2026, 3, 4, 8)  # nobody was up at 21:00: the close happens at start
    [closed] = await daily.close_due()
    winner, second = closed.podium
    assert (winner.user_id, second.user_id) == (ALICE.user_id, BOB.user_id)
    assert (await store.challenge_stats(GUILD, winner.user_id)).wins == 1
    stats = await store.challenge_stats(GUILD, second.user_id)
    assert (stats.days, stats.wins, stats.podiums, stats.best_rank) == (1, 0, 1, 2)
    ranking = await daily.ranking(GUILD, ALICE.user_id, "2026-03-03")
    assert ranking.closed and ranking.players == 2


async def test_without_a_channel_the_close_is_booked_not_posted(daily: Daily, store: Store,
                                                                clock: Clock) -> None:
    await finish_try(daily, GUILD, ALICE)
    clock.now = at(2026, 3, 3, 21)
    assert await daily.close_due() == []
    assert (await store.challenge_stats(GUILD, ALICE.user_id)).days == 1
