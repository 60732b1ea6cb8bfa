"""What the front end shows of a game (``game_ui``), beside the game: saved without
touching the game's row, version, lease or log; seen by another store on the same
database; refused when bad, ignored for a game no longer active."""

from __future__ import annotations

import pytest

from data import GameStatus, GameUi, Store
from tests.data.helpers import Clock, Where, raw

CHANNEL, GUILD = 100, 7


async def test_saving_what_the_channel_shows_leaves_the_game_alone(
        store: Store, where: Where, clock: Clock) -> None:
    game = await store.create_game(CHANNEL, GUILD, 1, "rami51", "{}", deadline=clock() - 1)
    [claimed] = await store.claim_due_turns()
    before = await raw(where, "SELECT state, version, updated_at, turn_claimed_until"
                       " FROM games WHERE id = ?", game.id)
    clock.advance(5)
    saved = await store.set_game_ui(game.id, channel_id=CHANNEL, table_message=5, lang="fr")
    assert saved == GameUi(game.id, table_message=5, lang="fr")
    merged = await store.set_game_ui(game.id, reminder_message=6, reminder_turn="1:1:0")
    assert merged == GameUi(game.id, table_message=5, lang="fr", reminder_message=6,
                            reminder_turn="1:1:0")
    assert await raw(where, "SELECT state, version, updated_at, turn_claimed_until"
                     " FROM games WHERE id = ?", game.id) == before
    assert await store.game_log(game.id) == []
    assert await store.claim_due_turns() == []  # the claimed turn stays claimed
    assert claimed.game_id == game.id
    assert await store.game_head(game.id) == (0, merged)


async def test_another_store_on_the_database_sees_the_ids(store: Store, where: Where,
                                                         clock: Clock) -> None:
    game = await store.create_game(CHANNEL, GUILD, 1, "rami51", "{}")
    async with await Store.open(where, clock=clock) as other:
        assert await other.game_ui(game.id) == GameUi(game.id)
        await other.set_game_ui(game.id, lobby_message=9, results_shown="1:1")
    assert await store.game_ui(game.id) == GameUi(game.id, lobby_message=9,
                                                  results_shown="1:1")


async def test_a_stale_game_or_another_channel_writes_nothing(store: Store,
                                                              where: Where) -> None:
    old = await store.create_game(CHANNEL, GUILD, 1, "rami51", "{}")
    await store.end_game(old.id, GameStatus.FINISHED, "{}")
    fresh = await store.create_game(CHANNEL, GUILD, 1, "rami51", "{}")
    assert await store.set_game_ui(old.id, table_message=5) is None
    assert await store.set_game_ui(fresh.id, channel_id=CHANNEL + 1, table_message=5) is None
    assert await store.set_game_ui(123456, table_message=5) is None
    assert await raw(where, "SELECT game_id FROM game_ui") == []
    assert await store.game_head(old.id) is None


@pytest.mark.parametrize("changes", [
    {}, {"table_message": 0}, {"table_message": -3}, {"table_message": 2**63},
    {"table_message": True}, {"table_message": "5"}, {"lang": ""}, {"lang": 5},
    {"reminder_turn": "  "}, {"results_shown": 1}, {"channel_id": 0, "lang": "fr"},
])
async def test_bad_values_are_refused_and_nothing_written(
        store: Store, where: Where, changes: dict[str, object]) -> None:
    game = await store.create_game(CHANNEL, GUILD, 1, "rami51", "{}")
    with pytest.raises(ValueError):
        await store.set_game_ui(game.id, **changes)  # type: ignore[arg-type]
    assert await raw(where, "SELECT game_id FROM game_ui") == []


async def test_an_old_documents_ids_are_taken_over_unless_newer_ones_exist(
        store: Store) -> None:
    game = await store.create_game(CHANNEL, GUILD, 1, "rami51", "{}")
    assert await store.take_over_game_ui(game.id, table_message=7, lang="fr") == GameUi(
        game.id, table_message=7, lang="fr")
    await store.set_game_ui(game.id, table_message=8)
    assert await store.take_over_game_ui(game.id, table_message=7) == GameUi(
        game.id, table_message=8, lang="fr")
    assert await store.take_over_game_ui(game.id) == GameUi(game.id, table_message=8,
                                                            lang="fr")
