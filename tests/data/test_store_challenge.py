"""The daily championship in the store: the secret, days, tries, rankings, closes, statistics."""

from __future__ import annotations

import pytest

from data import (
    ChallengeBusy,
    ChallengeClosed,
    ChallengeLimit,
    ChallengeResult,
    ChallengeStats,
    Store,
    TryNotPlaying,
    TryStatus,
)
from tests.data.helpers import CLOSES_AT, Clock, Where, play_challenge

ANN, BOB, CAT = 101, 102, 103
GUILD = 9
DAY = "2026-11-30"


async def test_the_secret_is_made_once_and_kept(where: Where) -> None:
    async with await Store.open(where) as store:
        first = await store.daily_secret()
        assert len(first) == 32 and first == await store.daily_secret()
    async with await Store.open(where) as store:
        assert await store.daily_secret() == first


async def test_a_day_keeps_its_first_setup(store: Store) -> None:
    opened = await store.add_challenge_day(GUILD, DAY, '{"deal": 1}', CLOSES_AT)
    again = await store.add_challenge_day(GUILD, DAY, '{"deal": 2}', CLOSES_AT + 60)
    assert again == opened and opened.setup == '{"deal": 1}' and not opened.closed
    assert await store.challenge_day(GUILD, DAY) == opened
    assert await store.challenge_day(GUILD + 1, DAY) is None
    assert await store.current_challenge_day(GUILD) == opened
    assert await store.current_challenge_day(GUILD, now=CLOSES_AT) is None


async def test_a_try_is_saved_then_finished(store: Store, clock: Clock) -> None:
    await store.add_challenge_day(GUILD, DAY, "{}", CLOSES_AT)
    started = await store.start_challenge_try(GUILD, DAY, ANN, "Ann", '{"move": 0}')
    assert (started.number, started.status, started.version) == (1, TryStatus.PLAYING, 0)
    assert await store.challenge_try_in_progress(GUILD, ANN) == started
    key = (GUILD, DAY, ANN, 1)
    assert await store.save_challenge_try(key, '{"move": 1}') == 1
    saved = await store.challenge_try_in_progress(GUILD, ANN)
    assert saved is not None and (saved.state, saved.version) == ('{"move": 1}', 1)
    clock.advance(60)
    assert await store.finish_challenge_try(key, '{"move": 2}', 25, 7) is TryStatus.COUNTED
    assert await store.challenge_try_in_progress(GUILD, ANN) is None
    with pytest.raises(TryNotPlaying):
        await store.save_challenge_try(key, "{}")
    [result] = await store.challenge_ranking(GUILD, DAY)
    assert result == ChallengeResult(1, ANN, "Ann", 25, 7, clock.now, 1)


async def test_one_try_at_a_time_ten_a_day(store: Store) -> None:
    await store.add_challenge_day(GUILD, DAY, "{}", CLOSES_AT)
    await store.start_challenge_try(GUILD, DAY, ANN, "Ann", "{}")
    with pytest.raises(ChallengeBusy):
        await store.start_challenge_try(GUILD, DAY, ANN, "Ann", "{}")
    await store.abandon_challenge_try((GUILD, DAY, ANN, 1))
    await play_challenge(store, GUILD, ANN, DAY, range(9))
    assert await store.challenge_tries_used(GUILD, ANN, DAY) == 10
    with pytest.raises(ChallengeLimit):
        await store.start_challenge_try(GUILD, DAY, ANN, "Ann", "{}")
    assert await store.challenge_try_in_progress(GUILD, ANN) is None
    # Another day, another server: tries of their own.
    await play_challenge(store, GUILD, ANN, "2026-12-01", [1])
    await play_challenge(store, GUILD + 1, ANN, DAY, [1])


async def test_no_try_starts_on_a_closed_or_unknown_day(store: Store, clock: Clock) -> None:
    with pytest.raises(ChallengeClosed):
        await store.start_challenge_try(GUILD, DAY, ANN, "Ann", "{}")
    await store.add_challenge_day(GUILD, DAY, "{}", clock.now + 10)
    clock.advance(10)
    with pytest.raises(ChallengeClosed):
        await store.start_challenge_try(GUILD, DAY, ANN, "Ann", "{}")


async def test_the_ranking_orders_by_score_then_turns_then_finish(store: Store,
                                                                   clock: Clock) -> None:
    await play_challenge(store, GUILD, ANN, DAY, [10, 40, 20], turns=9, name="Ann")
    clock.advance(1)
    await play_challenge(store, GUILD, BOB, DAY, [40], turns=8, name="Bob")
    await play_challenge(store, GUILD, CAT, DAY, [40], turns=9, name="Cat")
    await play_challenge(store, GUILD, CAT, "2026-11-29", [99])
    ranking = await store.challenge_ranking(GUILD, DAY)
    assert [(r.rank, r.name, r.best_score, r.turns, r.tries) for r in ranking] == [
        (1, "Bob", 40, 8, 1), (2, "Ann", 40, 9, 3), (3, "Cat", 40, 9, 1)]
    assert ranking[1].finished_at < ranking[2].finished_at  # Ann finished first
    assert await store.recent_challenge_days(GUILD) == [DAY, "2026-11-29"]
    assert await store.challenge_played(GUILD, CAT)
    assert not await store.challenge_played(GUILD + 1, CAT)


async def test_a_try_finished_after_the_close_does_not_count(store: Store,
                                                              clock: Clock) -> None:
    await store.add_challenge_day(GUILD, DAY, "{}", clock.now + 100)
    early = await store.start_challenge_try(GUILD, DAY, ANN, "Ann", "{}")
    late = await store.start_challenge_try(GUILD, DAY, BOB, "Bob", "{}")
    assert await store.finish_challenge_try((GUILD, DAY, ANN, early.number), "{}", 5,
                                            3) is TryStatus.COUNTED
    clock.advance(100)  # the close's time has come, even before the close itself ran
    assert await store.finish_challenge_try((GUILD, DAY, BOB, late.number), "{}", 50,
                                            3) is TryStatus.LATE
    assert [r.user_id for r in await store.challenge_ranking(GUILD, DAY)] == [ANN]


async def test_a_day_closes_once_and_books_each_place(store: Store, clock: Clock) -> None:
    await play_challenge(store, GUILD, ANN, DAY, [10], name="Ann")
    await play_challenge(store, GUILD, BOB, DAY, [30], name="Bob")
    assert await store.due_challenge_days(now=CLOSES_AT - 1) == []
    [due] = await store.due_challenge_days(now=CLOSES_AT)
    assert (due.guild_id, due.day) == (GUILD, DAY)
    closed = await store.close_challenge_day(GUILD, DAY, 555)
    assert closed is not None and [r.user_id for r in closed] == [BOB, ANN]
    assert await store.close_challenge_day(GUILD, DAY, 555) is None  # once
    assert await store.due_challenge_days(now=CLOSES_AT) == []
    [unposted] = await store.unposted_challenge_days()
    assert (unposted.channel_id, unposted.closed) == (555, True)
    await store.mark_challenge_posted(GUILD, DAY, 777)
    assert await store.unposted_challenge_days() == []
    day = await store.challenge_day(GUILD, DAY)
    assert day is not None and day.message_id == 777
    assert await store.challenge_stats(GUILD, BOB) == ChallengeStats(GUILD, BOB, 1, 1, 1, 1)
    assert await store.challenge_stats(GUILD, ANN) == ChallengeStats(GUILD, ANN, 1, 0, 1, 2)
    assert await store.challenge_stats(GUILD, CAT) == ChallengeStats(GUILD, CAT)


async def test_a_day_without_a_channel_is_not_to_be_posted(store: Store) -> None:
    await play_challenge(store, GUILD, ANN, DAY, [10])
    assert await store.close_challenge_day(GUILD, DAY, None) is not None
    assert await store.unposted_challenge_days() == []


@pytest.mark.parametrize("day", ["2026-13-01", "30/11/2026", "2026-1-1", ""])
async def test_a_bad_day_is_refused(store: Store, day: str) -> None:
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        await store.add_challenge_day(GUILD, day, "{}", CLOSES_AT)
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        await store.challenge_ranking(GUILD, day)


async def test_a_state_that_is_not_json_is_refused(store: Store) -> None:
    await store.add_challenge_day(GUILD, DAY, "{}", CLOSES_AT)
    with pytest.raises(ValueError, match="JSON"):
        await store.start_challenge_try(GUILD, DAY, ANN, "Ann", "not json")
    assert await store.challenge_tries_used(GUILD, ANN, DAY) == 0


async def test_the_next_close_is_the_earliest_open_day(store: Store) -> None:
    assert await store.next_challenge_close() is None
    await store.add_challenge_day(GUILD, DAY, "{}", CLOSES_AT)
    await store.add_challenge_day(GUILD + 1, DAY, "{}", CLOSES_AT - 3600)
    assert await store.next_challenge_close() == CLOSES_AT - 3600
    await store.close_challenge_day(GUILD + 1, DAY, None)
    assert await store.next_challenge_close() == CLOSES_AT


async def test_a_secret_given_is_kept_and_a_short_one_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="16 bytes"):
        await store.daily_secret(b"short")
    assert await store.daily_secret(b"k" * 16) == b"k" * 16
    assert await store.daily_secret(b"x" * 32) == b"k" * 16  # the first one stays
