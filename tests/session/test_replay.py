"""Replaying a finished match from its saved log: the golden check (the last step is the
match as saved when it ended), every step reachable, and the refusals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.session import Status, Tables
from bot.session.document import TableDoc
from bot.session.replay import CHECKPOINT_EVERY, Replay, ReplayError
from data import LogEntry, Store
from engine.game import Game
from engine.views import Phase
from tests.session.helpers import ALICE, CHANNEL, GUILD, make_tables
from tests.session.test_session import human_turn, settle


async def play_match(tables: Tables, variant: str, seed: int, **rules: object) -> int:
    """Alice and a computer play a whole match; the game's id."""
    await tables.open_lobby(CHANNEL, GUILD, ALICE, variant, **rules)
    await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    await tables.start(CHANNEL, ALICE.user_id)
    await settle(tables)
    rng = random.Random(seed)
    for _ in range(5000):
        snapshot = await tables.snapshot(CHANNEL)
        assert snapshot is not None and snapshot.view is not None
        if snapshot.status is Status.MATCH_OVER:
            return snapshot.game_id
        if snapshot.view.phase is Phase.ROUND_OVER:
            await tables.next_round(CHANNEL, ALICE.user_id)
        else:
            await human_turn(tables, ALICE, rng)
        await settle(tables)
    raise AssertionError("the match never ended")


async def saved_replay(store: Store, game_id: int) -> tuple[Replay, Game]:
    stored = await store.game(game_id)
    assert stored is not None
    game = TableDoc.from_json(stored.state)[1]
    assert game is not None
    return Replay.of(stored.state, await store.game_log(game_id)), game


@pytest.mark.parametrize(("variant", "rules"), [("rami51", {"target": 60}),
                                                ("tiles", {})])
async def test_the_last_step_is_the_saved_end_of_the_match(
        store: Store, variant: str, rules: dict[str, object]) -> None:
    tables = make_tables(store)
    game_id = await play_match(tables, variant, 3, **rules)
    await tables.close()
    replay, saved = await saved_replay(store, game_id)
    last = replay.game_at(replay.last)
    assert last.to_json() == saved.to_json()  # golden: the saved final state
    assert replay.frame(replay.last).view == saved.public_view()
    assert replay.rounds() == len(saved.rounds)
    first = replay.frame(0)
    assert first.step.action is None and first.view.round_number == 1
    assert first.view == Game.new(saved.rules, list(saved.players), saved.seed).public_view()
    # Every step, reached from its checkpoint, is the step before it plus its action.
    for number in range(1, min(len(replay), 3 * CHECKPOINT_EVERY)):
        step = replay.steps[number]
        before = replay.game_at(number - 1)
        if step.action is None:
            before.start_next_round()
        else:
            assert step.seat is not None
            before.apply(step.seat, step.action)
        assert replay.game_at(number).to_json() == before.to_json()
    # Every hand shows at every step (nothing is private once the match is over).
    assert [len(hand) for hand in replay.frame(1).hands] == [
        seat.hand_size for seat in replay.frame(1).view.seats]
    assert replay.frame(10**6).step == replay.steps[-1]  # clamped


async def test_a_match_still_played_is_refused(store: Store) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    await tables.start(CHANNEL, ALICE.user_id)
    await settle(tables)
    stored = await store.active_game(CHANNEL)
    assert stored is not None
    with pytest.raises(ReplayError) as caught:
        Replay.of(stored.state, await store.game_log(stored.id))
    assert caught.value.code == "bot.replay.running"
    await tables.close()


async def test_a_log_that_does_not_lead_to_the_saved_match_is_refused(store: Store) -> None:
    tables = make_tables(store)
    game_id = await play_match(tables, "rami51", 4, target=1)
    await tables.close()
    stored = await store.game(game_id)
    assert stored is not None
    log = await store.game_log(game_id)
    cut = [entry for entry in log if entry.action.startswith("seat ")][:-1]
    with pytest.raises(ReplayError) as caught:  # a log pruned of its last move
        Replay.of(stored.state, cut)
    assert caught.value.code == "bot.replay.broken"
    garbled = [LogEntry(game_id, 1, None, "seat 0: juggle the stock", 0.0)]
    with pytest.raises(ReplayError) as caught:
        Replay.of(stored.state, garbled)
    assert caught.value.code == "bot.replay.broken" and caught.value.params["step"] == 1


async def test_a_match_replays_on_both_stores(where: Path | str) -> None:
    async with await Store.open(where) as store:
        tables = make_tables(store)
        game_id = await play_match(tables, "classic", 6, target=1)
        await tables.close()
        replay, saved = await saved_replay(store, game_id)
        assert replay.game_at(replay.last).to_json() == saved.to_json()
