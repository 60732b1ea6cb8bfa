"""What the channel shows of a table (``Tables.set_ui``), kept beside the game: it saves
no game, so a human action is one save and one log row, a claimed turn stays claimed,
another process sees the ids without reloading the game, and a rematch starts afresh
but for the language and the reminder still in the channel."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.session import Status, Tables, TableUi
from data import GameUi, Store
from engine.ai import choose_action
from engine.cards.actions import Draw
from engine.views import Phase
from tests.data.helpers import Clock
from tests.session.helpers import ALICE, BOB, CHANNEL, GUILD, make_tables


async def playing(tables: Tables) -> int:
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    return (await tables.start(CHANNEL, ALICE.user_id)).game_id


async def test_set_ui_saves_no_game_and_a_move_is_one_log_row(tmp_path: Path) -> None:
    clock = Clock()
    async with await Store.open(tmp_path / "rami.sqlite3", clock=clock) as store:
        tables = make_tables(store, clock=clock, turn_timeout=60)
        game_id = await playing(tables)
        clock.advance(61)
        [claimed] = await store.claim_due_turns()  # as another process's poller would
        log = await store.game_log(game_id)
        await tables.set_ui(CHANNEL, table_message=5, lang="fr")
        await tables.set_ui(CHANNEL, reminder_message=6, reminder_turn="t", game_id=game_id)
        assert await store.game_log(game_id) == log
        assert await store.game_version(game_id) == claimed.version
        assert await store.claim_due_turns() == []  # the claim holds
        snapshot = await tables.snapshot(CHANNEL)
        assert snapshot is not None
        assert snapshot.ui == TableUi(table_message=5, lang="fr", reminder_message=6,
                                      reminder_turn="t")
        current = snapshot.seats[snapshot.view.current]  # type: ignore[union-attr]
        assert current.user_id is not None
        await tables.act(CHANNEL, current.user_id, Draw("stock"))
        after = await store.game_log(game_id)
        assert len(after) == len(log) + 1 and after[-1].action.startswith("seat ")
        await tables.close()


async def test_bad_values_are_refused(store: Store) -> None:
    tables = make_tables(store)
    game_id = await playing(tables)
    for bad in ({"table_message": 0}, {"lang": ""}, {"reminder_message": -1}):
        with pytest.raises(ValueError):
            await tables.set_ui(CHANNEL, **bad)  # type: ignore[arg-type]
    assert await store.game_ui(game_id) == GameUi(game_id)  # nothing written
    await tables.close()


async def test_another_process_sees_the_ids_without_reloading(where: Path | str) -> None:
    async with await Store.open(where) as one, await Store.open(where) as two:
        first, second = make_tables(one), make_tables(two)
        await playing(first)
        before = await second.snapshot(CHANNEL)
        assert before is not None and before.ui == TableUi()
        held = second._tables[CHANNEL]  # the table the second process keeps in memory
        await first.set_ui(CHANNEL, table_message=555, lang="fr")
        seen = await second.snapshot(CHANNEL)
        assert seen is not None and seen.version == before.version
        if one.shared:  # one process per SQLite file: nothing else writes it
            assert seen.ui == TableUi(table_message=555, lang="fr")
            assert second._tables[CHANNEL] is held  # not reloaded
        await first.close()
        await second.close()


async def test_a_stale_games_ids_are_ignored(store: Store) -> None:
    tables = make_tables(store)
    game_id = await playing(tables)
    await tables.set_ui(CHANNEL, table_message=7, game_id=game_id + 1)
    assert (await tables.snapshot(CHANNEL)).ui == TableUi()  # type: ignore[union-attr]
    await tables.close()


async def test_a_rematch_keeps_only_the_language_and_the_reminder(store: Store) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic", target=1)
    await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    first = await tables.start(CHANNEL, ALICE.user_id)
    await tables.set_ui(CHANNEL, lobby_message=1, table_message=2, lang="fr",
                        reminder_message=3, reminder_turn=f"{first.game_id}:1:0",
                        results_shown=f"{first.game_id}:1")
    rng = random.Random(5)
    for _ in range(5000):
        await tables.idle(CHANNEL)
        snapshot = await tables.snapshot(CHANNEL)
        assert snapshot is not None and snapshot.view is not None
        if snapshot.status is Status.MATCH_OVER:
            break
        if snapshot.view.phase is Phase.ROUND_OVER:
            await tables.next_round(CHANNEL, ALICE.user_id)
        elif snapshot.seats[snapshot.view.current].user_id == ALICE.user_id:
            mine = await tables.hand(CHANNEL, ALICE.user_id)
            await tables.act(CHANNEL, ALICE.user_id,
                             choose_action(mine, snapshot.rules, "easy", rng))
    else:
        pytest.fail("the match never ended")
    again = await tables.rematch(CHANNEL, ALICE.user_id)
    assert again.game_id != first.game_id
    assert again.ui == TableUi(lang="fr", reminder_message=3)
    assert await store.game_ui(again.game_id) == GameUi(again.game_id, lang="fr",
                                                        reminder_message=3)
    await tables.close()
