"""Rounds, matches, statistics, leaderboards (indexed), deleting a player."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from data import (
    DELETED_NAME,
    Booking,
    GameNotFound,
    MatchExists,
    MatchSeat,
    PlayerStats,
    RoundRecord,
    SeatScore,
    StaleState,
    Store,
)
from data.scores import PLAYER_STATS_SQL, leaderboard_sql, period_start
from tests.data.helpers import Clock, play_challenge

ANN, BOB, CAT = 101, 102, 103
GUILD = 9


def seat(user: int | None, won: bool, rounds: int = 0, secs: int = 0, points: int = 0) -> MatchSeat:
    name = {ANN: "Ann", BOB: "Bob", CAT: "Cat"}.get(user or 0, "Computer")
    return MatchSeat(user, name, 100 - points, won, rounds, secs, points)


async def play_match(store: Store, variant: str, *seats: MatchSeat) -> int:
    game = await store.create_game(1, GUILD, ANN, variant, "{}")
    match_id = await store.finish_match(game.id, GUILD, variant, seats, end_state="{}")
    return match_id


async def test_rounds_round_trip_and_replace(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    first = (SeatScore(ANN, "Ann", 0, 0), SeatScore(None, "Computer", 35, 35))
    await store.record_round(game.id, 1, first)
    await store.record_round(game.id, 2, [SeatScore(ANN, "Ann", 12, 12), first[1]])
    await store.record_round(game.id, 2, [SeatScore(ANN, "Ann", 10, 10), first[1]])  # again
    assert await store.match_rounds(game.id) == [
        RoundRecord(game.id, 1, first),
        RoundRecord(game.id, 2, (SeatScore(ANN, "Ann", 10, 10), first[1])),
    ]
    with pytest.raises(GameNotFound):
        await store.record_round(999, 1, first)


async def test_match_round_trip_and_history(store: Store, clock: Clock) -> None:
    seats = (seat(ANN, True, 2, 1, 80), seat(None, False))
    first = await play_match(store, "rami51", *seats)
    clock.advance(60)
    second = await play_match(store, "rami30", seat(BOB, True), seat(ANN, False))
    history = await store.match_history(GUILD)
    assert [m.id for m in history] == [second, first]
    assert history[1].seats == seats and history[1].variant == "rami51"
    assert history[1].finished_at == clock.now - 60
    assert [m.id for m in await store.match_history(GUILD, variant="rami51")] == [first]
    assert [m.id for m in await store.match_history(GUILD, limit=1)] == [second]
    assert await store.match_history(GUILD + 1) == []
    assert await store.active_game(1) is None  # end_state ended the game


async def test_a_match_counts_once(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    await store.finish_match(game.id, GUILD, "rami51", [seat(ANN, True)])
    with pytest.raises(MatchExists):
        await store.finish_match(game.id, GUILD, "rami51", [seat(ANN, True)], end_state="{}")
    assert (await store.player_stats(GUILD, ANN)).matches_played == 1
    assert await store.active_game(1) is not None  # the failed call ended nothing


def booking(game_id: int, rounds: int, *, over: bool = False) -> Booking:
    """Rounds 1..``rounds`` of Ann against the computer (10 points a round to the
    computer), and the match Ann won when ``over``."""
    records = tuple(RoundRecord(game_id, number, (SeatScore(ANN, "Ann", 0, 0),
                                                  SeatScore(None, "Computer", 10, 10 * number)))
                    for number in range(1, rounds + 1))
    return Booking(records, (seat(ANN, True, rounds), seat(None, False)) if over else None)


async def test_a_save_books_its_rounds_and_match_in_its_transaction(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    version = await store.save(game.id, '{"round": 1}', actor=ANN, action="seat 0: discard",
                               expected_version=0, booking=booking(game.id, 1))
    assert version == 1
    assert await store.match_rounds(game.id) == list(booking(game.id, 1).rounds)
    assert await store.match_history(GUILD) == []
    # Rounds booked stay as they are; the match is booked with the save that ends it.
    await store.save(game.id, '{"round": 2}', actor=ANN, action="seat 0: discard",
                     expected_version=1, booking=booking(game.id, 2, over=True))
    assert await store.match_rounds(game.id) == list(booking(game.id, 2).rounds)
    [match] = await store.match_history(GUILD)
    assert match.game_id == game.id and match.seats == booking(game.id, 2, over=True).match
    await store.book(game.id, booking(game.id, 2, over=True))  # again: nothing changes
    assert len(await store.match_history(GUILD)) == 1
    assert (await store.player_stats(GUILD, ANN)).matches_played == 1


async def test_a_save_refused_books_nothing(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    await store.save(game.id, "{}", actor=ANN, action="seat 0: draw", expected_version=0)
    with pytest.raises(StaleState):
        await store.save(game.id, "{}", actor=ANN, action="seat 0: discard",
                         expected_version=0, booking=booking(game.id, 1, over=True))
    assert await store.match_rounds(game.id) == []
    assert await store.match_history(GUILD) == []


async def test_a_booking_of_another_game_is_refused(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    for bad in (booking(game.id + 1, 1), Booking(booking(game.id, 1).rounds, ())):
        with pytest.raises(ValueError):
            await store.save(game.id, "{}", actor=ANN, action="seat 0: discard", booking=bad)
        with pytest.raises(ValueError):
            await store.book(game.id, bad)
    with pytest.raises(GameNotFound):
        await store.book(999, booking(999, 1))
    assert (await store.game(game.id)).version == 0  # type: ignore[union-attr]


async def test_player_stats_per_variant(store: Store) -> None:
    await play_match(store, "rami51", seat(ANN, True, 3, 1, 50), seat(BOB, False, 1))
    await play_match(store, "rami51", seat(ANN, False, 1, 0, 0), seat(BOB, True, 2, 2, 40))
    await play_match(store, "rami30", seat(ANN, True, 2, 0, 30), seat(None, False))
    stats = await store.player_stats(GUILD, ANN)
    assert (stats.matches_played, stats.matches_won, stats.rounds_won, stats.points) == (
        3, 2, 6, 80,
    )  # fmt: skip
    only51 = await store.player_stats(GUILD, ANN, "rami51")
    assert (only51.matches_played, only51.matches_won, only51.rami_secs) == (2, 1, 1)
    assert await store.player_stats(GUILD, CAT) == PlayerStats(GUILD, CAT, None)
    assert await store.player_stats(GUILD + 1, ANN) == PlayerStats(GUILD + 1, ANN, None)


async def test_leaderboard_by_variant_and_period(store: Store, clock: Clock) -> None:
    # clock starts on Monday 2025-11-24; a match on the 20th is last week, same month.
    clock.now = datetime(2025, 10, 30, 12, tzinfo=UTC).timestamp()
    await play_match(store, "rami51", seat(CAT, True, 5), seat(ANN, False))
    clock.now = datetime(2025, 11, 20, 12, tzinfo=UTC).timestamp()
    await play_match(store, "rami51", seat(BOB, True, 1), seat(ANN, False))
    clock.now = datetime(2025, 11, 25, 12, tzinfo=UTC).timestamp()
    await play_match(store, "rami51", seat(ANN, True, 2), seat(BOB, False, 1))
    await play_match(store, "rami30", seat(ANN, True), seat(None, False))

    def board(rows: list) -> list[tuple[int, int, int]]:  # type: ignore[type-arg]
        return [(r.rank, r.user_id, r.matches_won) for r in rows]

    assert board(await store.leaderboard(GUILD, "rami51", "week")) == [(1, ANN, 1), (2, BOB, 0)]
    # Same wins, rounds won and rami secs: a shared rank.
    assert board(await store.leaderboard(GUILD, "rami51", "month")) == [(1, ANN, 1), (1, BOB, 1)]
    assert board(await store.leaderboard(GUILD, None, "week")) == [(1, ANN, 2), (2, BOB, 0)]
    all_time = await store.leaderboard(GUILD, None, "all")
    assert board(all_time) == [(1, ANN, 2), (2, CAT, 1), (3, BOB, 1)]
    assert (all_time[0].matches_played, all_time[0].rounds_won, all_time[0].name) == (4, 2, "Ann")
    top = await store.leaderboard(GUILD, "rami51", "all", limit=1)
    assert board(top) == [(1, CAT, 1)]
    assert await store.leaderboard(GUILD, "tiles") == []
    with pytest.raises(ValueError, match="period"):
        await store.leaderboard(GUILD, None, "year")  # type: ignore[arg-type]


async def test_leaderboard_ties_share_a_rank(store: Store) -> None:
    await play_match(store, "rami51", seat(ANN, True, 1), seat(BOB, False))
    await play_match(store, "rami51", seat(BOB, True, 1), seat(CAT, False))
    rows = await store.leaderboard(GUILD, "rami51")
    assert [(r.rank, r.user_id) for r in rows] == [(1, ANN), (1, BOB), (3, CAT)]


def test_period_start_is_utc_month_and_monday() -> None:
    now = datetime(2026, 11, 26, 15, 30, tzinfo=UTC).timestamp()  # a Thursday
    assert period_start("all", now) == 0.0
    assert period_start("month", now) == datetime(2026, 11, 1, tzinfo=UTC).timestamp()
    assert period_start("week", now) == datetime(2026, 11, 23, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("sql", "params", "index"),
    [
        (leaderboard_sql("sqlite", by_variant=True), (GUILD, "rami51", 0.0, 10),
         "match_seats_board_variant"),
        (leaderboard_sql("sqlite", by_variant=False), (GUILD, 0.0, 10), "match_seats_board_all"),
        # either index of the player's seats (0002's by variant, 0008's by time): a range
        # of that player in that guild
        (PLAYER_STATS_SQL, (ANN, GUILD, "rami51"), "match_seats_player|match_seats_history"),
    ],
)
async def test_statistics_queries_use_their_index(
    sqlite_store: Store, sqlite_path: Path, sql: str, params: tuple[object, ...], index: str
) -> None:
    # SQLite only: its query planner (INDEXED BY pins it there)
    for _ in range(3):
        await play_match(sqlite_store, "rami51", seat(ANN, True), seat(BOB, False))
    with sqlite3.connect(sqlite_path) as conn:
        conn.execute("ANALYZE")
        plan = " ".join(row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", params))
    used = [name for name in index.split("|") if f"USING INDEX {name}" in plan]
    assert used, plan
    assert "SCAN match_seats" not in plan.replace(f"USING INDEX {used[0]}", ""), plan


async def test_delete_user_data(store: Store) -> None:
    await store.update_player_prefs(ANN, theme="dark")
    await store.update_player_prefs(BOB, theme="dark")
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    await store.save(game.id, "{}", actor=ANN, action="draw")
    await store.save(game.id, "{}", actor=BOB, action="draw")
    await store.record_round(game.id, 1, [SeatScore(ANN, "Ann", 0, 0), SeatScore(BOB, "Bob", 9, 9)])
    await store.finish_match(
        game.id, GUILD, "rami51", [seat(ANN, True), seat(BOB, False)], end_state="{}"
    )
    await play_challenge(store, GUILD, ANN, "2026-11-30", [3, 4])
    assert await store.close_challenge_day(GUILD, "2026-11-30", None)

    deleted = await store.delete_user_data(ANN)

    assert (deleted.preferences, deleted.match_seats, deleted.round_scores) == (1, 1, 1)
    assert (deleted.challenge_tries, deleted.log_entries, deleted.games_created) == (2, 1, 1)
    assert deleted.challenge_results == 1
    assert deleted.ratings == 2  # the rating deleted, the match's change anonymised
    assert deleted.total == 10
    ended = await store.game(game.id)
    assert ended is not None and ended.created_by == 0
    assert (await store.player_prefs(ANN)).theme == "classic"
    assert (await store.player_stats(GUILD, ANN)).matches_played == 0
    assert [r.user_id for r in await store.leaderboard(GUILD)] == [BOB]
    assert await store.challenge_ranking(GUILD, "2026-11-30") == []
    assert (await store.challenge_stats(GUILD, ANN)).days == 0
    assert await store.player_ratings(GUILD, ANN) == []
    assert [r.user_id for r in await store.rating_board(GUILD)] == [BOB]
    [match] = await store.match_history(GUILD)
    assert [(s.user_id, s.name) for s in match.seats] == [(None, DELETED_NAME), (BOB, "Bob")]
    assert [e.actor for e in await store.game_log(game.id)] == [None, BOB, None]
    # Bob's data is untouched.
    assert (await store.player_prefs(BOB)).theme == "dark"
    assert (await store.player_stats(GUILD, BOB)).matches_played == 1
    assert (await store.delete_user_data(ANN)).total == 0


@pytest.mark.parametrize("limit", [0, -1, True, 2.5])
async def test_a_bad_limit_is_refused(store: Store, limit: int) -> None:
    with pytest.raises(ValueError, match="limit"):
        await store.leaderboard(GUILD, limit=limit)
    with pytest.raises(ValueError, match="limit"):
        await store.match_history(GUILD, limit=limit)
    with pytest.raises(ValueError, match="limit"):
        await store.recent_challenge_days(GUILD, limit=limit)


async def test_a_round_without_scores_is_refused(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    with pytest.raises(ValueError, match="round"):
        await store.record_round(game.id, 1, [])
    with pytest.raises(ValueError, match="round"):
        await store.record_round(game.id, 0, [SeatScore(ANN, "Ann", 0, 0)])
    assert await store.match_rounds(game.id) == []
