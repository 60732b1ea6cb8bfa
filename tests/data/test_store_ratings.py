"""Skill ratings in the store, on both backends: moved by the transaction that stores a
match, once, the board by ordinal, a player's history, the rebuild."""

from __future__ import annotations

import asyncio
import itertools

import pytest

import data.ratings
from data import Booking, MatchSeat, RoundRecord, SeatScore, Store
from data.rating import NEW
from tests.data.helpers import Clock, Where, play_challenge, raw

ANN, BOB, CAT = 101, 102, 103
GUILD = 9
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat"}


def seat(user: int | None, total: int, won: bool = False, level: str | None = None) -> MatchSeat:
    return MatchSeat(user, NAMES.get(user or 0, "[cpu 1]"), total, won, int(won), 0, total,
                     level)


async def play(store: Store, *seats: MatchSeat, variant: str = "rami51",
               channel: int = 1) -> int:
    game = await store.create_game(channel, GUILD, ANN, variant, "{}")
    await store.finish_match(game.id, GUILD, variant, seats, end_state="{}")
    return game.id


def booking(game_id: int) -> Booking:
    rounds = (RoundRecord(game_id, 1, (SeatScore(ANN, "Ann", 0, 0),
                                       SeatScore(BOB, "Bob", 30, 30))),)
    return Booking(rounds, (seat(ANN, 0, True), seat(BOB, 30)))


async def test_a_match_moves_its_seats_ratings_and_keeps_the_change(store: Store) -> None:
    game_id = await play(store, seat(ANN, 0, True), seat(BOB, 40), seat(None, 80, level="hard"))
    ann, bob, cpu = await store.game_rating_changes(game_id)
    assert (ann.rater, bob.rater, cpu.rater) == (f"user:{ANN}", f"user:{BOB}", "computer:hard")
    assert ann.mu_before == bob.mu_before == NEW.mu and ann.matches == 1
    assert ann.mu_after > bob.mu_after > cpu.mu_after
    board = await store.rating_board(GUILD, "rami51")
    assert [(r.rank, r.user_id) for r in board] == [(1, ANN), (2, BOB)]  # no computer
    assert board[0].ordinal == pytest.approx(ann.ordinal_after) and board[0].provisional


async def test_computer_levels_have_ratings_of_their_own(store: Store, where: Where) -> None:
    await play(store, seat(ANN, 0, True), seat(None, 50, level="hard"), channel=1)
    await play(store, seat(ANN, 0, True), seat(None, 50, level="easy"), channel=2)
    rows = await raw(where, "SELECT player, matches FROM ratings WHERE user_id IS NULL"
                     " ORDER BY player")
    assert rows == [("computer:easy", 1), ("computer:hard", 1)]


async def test_a_match_booked_again_moves_no_rating(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    await store.save(game.id, "{}", actor=ANN, action="seat 0: discard",
                     booking=booking(game.id))
    before = await store.rating_board(GUILD, "rami51")
    await store.book(game.id, booking(game.id))
    assert await store.rating_board(GUILD, "rami51") == before
    assert [r.matches for r in before] == [1, 1]


async def test_two_processes_booking_one_match_rate_it_once(where: Where) -> None:
    async with await Store.open(where) as first, await Store.open(where) as second:
        game = await first.create_game(1, GUILD, ANN, "rami51", "{}")
        await asyncio.gather(first.book(game.id, booking(game.id)),
                             second.book(game.id, booking(game.id)))
        assert [r.matches for r in await second.rating_board(GUILD, "rami51")] == [1, 1]
        assert len(await second.game_rating_changes(game.id)) == 2


async def test_a_failure_rating_the_match_books_neither(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("the rating update failed")

    monkeypatch.setattr(data.ratings, "rate_booked_match", broken)
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    with pytest.raises(RuntimeError, match="rating update"):
        await store.save(game.id, "{}", actor=ANN, action="seat 0: discard",
                         booking=booking(game.id))
    assert await store.match_history(GUILD) == []
    assert await store.match_rounds(game.id) == []
    assert (await store.game(game.id)).version == 0  # type: ignore[union-attr]
    monkeypatch.undo()
    assert await store.rating_board(GUILD) == []


async def test_the_board_sorts_by_ordinal_and_marks_provisional(store: Store,
                                                                 clock: Clock) -> None:
    for channel in range(1, 7):  # Bob beats Cat six times; Ann beats Cat once
        await play(store, seat(BOB, 0, True), seat(CAT, 50), channel=channel)
        clock.advance(60)
    await play(store, seat(ANN, 0, True), seat(CAT, 50), channel=9)
    board = await store.rating_board(GUILD, "rami51")
    assert [r.user_id for r in board] == [BOB, ANN, CAT]
    assert [r.provisional for r in board] == [False, True, False]
    assert [r.matches for r in board] == [6, 1, 7]
    assert await store.rating_board(GUILD, "classic") == []


async def test_a_players_history_is_oldest_first_and_limited(store: Store,
                                                             clock: Clock) -> None:
    for channel in range(1, 5):
        await play(store, seat(ANN, 0, channel % 2 == 1), seat(BOB, 10, channel % 2 == 0),
                   channel=channel)
        clock.advance(60)
    history = await store.rating_history(GUILD, ANN, "rami51", limit=3)
    assert [h.matches for h in history] == [2, 3, 4]
    assert all(a.mu_after == b.mu_before for a, b in itertools.pairwise(history))
    assert await store.rating_history(GUILD, ANN, "classic") == []


async def test_daily_tries_move_no_rating(store: Store, where: Where) -> None:
    await play_challenge(store, GUILD, ANN, "2026-11-30", [10, 30])
    assert await raw(where, "SELECT COUNT(*) FROM ratings") == [(0,)]


async def test_the_rebuild_finds_the_same_ratings_every_time(store: Store, where: Where,
                                                             clock: Clock) -> None:
    for channel in range(1, 6):
        await play(store, seat(ANN, channel * 3, channel == 2), seat(BOB, 9, channel != 2),
                   seat(None, 40, level="medium"), channel=channel)
        clock.advance(60)
    await play(store, seat(CAT, 0, True), seat(ANN, 5), variant="classic", channel=8)
    sql = ("SELECT guild_id, variant, player, user_id, name, mu, sigma, ordinal, matches"
           " FROM ratings ORDER BY variant, player")
    changes = "SELECT * FROM rating_changes ORDER BY match_id, seat"
    live, live_changes = await raw(where, sql), await raw(where, changes)
    told: list[tuple[int, int]] = []
    rebuilt = await store.rebuild_ratings(lambda done, total: told.append((done, total)))
    assert (rebuilt.matches, rebuilt.ratings) == (6, 5)
    assert told == [(6, 6)]
    assert await raw(where, sql) == live
    assert await raw(where, changes) == live_changes
    await store.rebuild_ratings()
    assert await raw(where, sql) == live
