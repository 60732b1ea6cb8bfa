"""Ratings through the session layer: the move that ends a match rates it in its save,
once, also when the process dies right after and another takes the table over, or when
two processes book the same finished match at once."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.session.booking import booking_of
from bot.session.document import TableDoc
from data import Store
from engine.views import Phase
from tests.session.helpers import ALICE, CHANNEL, GUILD, make_tables
from tests.session.test_session import dies_after_saving, play_until_saved


async def test_a_match_is_rated_once_though_its_process_died_after_saving(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic", target=1)
    await tables.add_computer(CHANNEL, ALICE.user_id, "hard")
    await tables.start(CHANNEL, ALICE.user_id)
    dies_after_saving(store, monkeypatch, Phase.MATCH_OVER)
    game_id = await play_until_saved(tables, Phase.MATCH_OVER, random.Random(9))
    await tables.close()
    monkeypatch.undo()
    changes = await store.game_rating_changes(game_id)
    assert [c.rater for c in changes] == [f"user:{ALICE.user_id}", "computer:hard"]

    other = make_tables(store)  # another process takes the channel over and rematches
    await other.resume()
    await other.rematch(CHANNEL, ALICE.user_id)
    [rating] = await store.rating_board(GUILD, "classic")
    assert rating.matches == 1
    assert len(await store.game_rating_changes(game_id)) == 2
    await other.close()


async def test_two_processes_booking_one_finished_match_rate_it_once(where: Path | str) -> None:
    async with await Store.open(where) as first, await Store.open(where) as second:
        tables = make_tables(first)
        await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic", target=1)
        await tables.add_computer(CHANNEL, ALICE.user_id, "hard")
        await tables.start(CHANNEL, ALICE.user_id)
        game_id = await play_until_saved(tables, Phase.MATCH_OVER, random.Random(9))
        await tables.close()
        stored = await first.game(game_id)
        assert stored is not None
        doc, game = TableDoc.from_json(stored.state)
        assert game is not None
        booking = booking_of(game_id, doc.seats, game)
        assert booking is not None and booking.match is not None
        # Both book again at once (a repair on load, in two processes): nothing moves.
        before = await first.rating_board(GUILD, "classic")
        await asyncio.gather(first.book(game_id, booking), second.book(game_id, booking))
        assert await second.rating_board(GUILD, "classic") == before
        assert [r.matches for r in before] == [1]
