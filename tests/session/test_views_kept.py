"""A table's views are made once per saved version of its match: the events of a move,
the answer and the front end's lookups share them, and a move, a failed save or a new
match shows afresh."""

from __future__ import annotations

import pytest

from bot.session import Tables
from data import Store
from engine.cards.actions import Draw
from tests.session.helpers import ALICE, BOB, CHANNEL, GUILD, make_tables


async def _two_humans(store: Store) -> Tables:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    return tables


async def test_a_view_is_made_once_per_version_and_anew_after_a_move(store: Store) -> None:
    tables = await _two_humans(store)
    first = await tables.snapshot(CHANNEL)
    again = await tables.snapshot(CHANNEL)
    assert first is not None and again is not None
    assert again.view is first.view  # the same version: the same view
    current = first.view.current
    player = (ALICE, BOB)[current].user_id
    hand = await tables.hand(CHANNEL, player)
    assert await tables.hand(CHANNEL, player) is hand
    after = await tables.act(CHANNEL, player, Draw("stock"))
    assert after is not hand and len(after.hand) == len(hand.hand) + 1
    moved = await tables.snapshot(CHANNEL)
    assert moved is not None and moved.view is not first.view
    assert moved.view.stock_size == first.view.stock_size - 1
    assert (await tables.hand(CHANNEL, player)) is after
    await tables.close()


async def test_a_failed_save_shows_the_match_as_saved(store: Store,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    tables = await _two_humans(store)
    before = await tables.snapshot(CHANNEL)
    assert before is not None and before.view is not None
    player = (ALICE, BOB)[before.view.current].user_id
    hand = await tables.hand(CHANNEL, player)

    async def refused(*args: object, **kwargs: object) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(store, "save", refused)
    with pytest.raises(OSError):
        await tables.act(CHANNEL, player, Draw("stock"))
    monkeypatch.undo()
    shown = await tables.hand(CHANNEL, player)
    assert shown.hand == hand.hand  # no card drawn: the hand as saved
    after = await tables.snapshot(CHANNEL)
    assert after is not None and after.view == before.view
    await tables.close()
