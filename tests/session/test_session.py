"""The session layer, on real SQLite files: lobby, play, saves, computer turns, restarts."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

import pytest

from bot.session import (
    EventKind,
    Player,
    SessionError,
    Status,
    TableDoc,
    Tables,
    computer_name,
    describe_action,
)
from data import Booking, Store
from engine import Card, IllegalMove, RuleError, Suit, format_action, parse_cards, solve, variant
from engine.ai import choose_action
from engine.ai.tile_plans import view_table
from engine.cards.actions import Discard, Draw, LayOff, Meld
from engine.names import shown_name
from engine.tiles.actions import Confirm, DrawTile, NewSet, Play
from engine.tiles.tile import Tile, format_tiles
from engine.views import Phase
from tests.session.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, make_tables, recorded


async def settle(tables: Tables) -> None:
    """Let computer turns scheduled with no delay run until nothing is pending."""
    for _ in range(10_000):
        pending = [task for table in tables._tables.values() for task in table.tasks
                   if not task.done()]
        if not pending:
            return
        await asyncio.gather(*pending, return_exceptions=True)
    raise AssertionError("computer turns never settled")


async def human_turn(tables: Tables, player: Player, rng: random.Random,
                     level: str = "medium") -> None:
    """Play the human's whole turn with a computer player's choices (through ``act``)."""
    view = await tables.hand(CHANNEL, player.user_id)
    while view.current == view.seat and view.phase in (Phase.DRAW, Phase.PLAY):
        rules = (await tables.snapshot(CHANNEL)).rules  # type: ignore[union-attr]
        view = await tables.act(CHANNEL, player.user_id, choose_action(view, rules, level, rng))


async def test_lobby_join_add_computer_and_start(store: Store) -> None:
    tables = make_tables(store)
    lobby = await tables.open_lobby(CHANNEL, GUILD, ALICE, "rami51")
    assert lobby.status is Status.LOBBY and lobby.variant == "rami51"
    await tables.join(CHANNEL, BOB)
    snapshot = await tables.add_computer(CHANNEL, BOB.user_id, "hard")
    # A computer's name is saved in no language, put in words when shown.
    assert [seat.name for seat in snapshot.seats] == ["Alice", "Bob", "[cpu 1]"]
    assert [shown_name(seat.name, "fr") for seat in snapshot.seats] == ["Alice", "Bob", "Ordi 1"]
    assert snapshot.seats[2].is_computer and snapshot.seats[2].level == "hard"
    started = await tables.start(CHANNEL, ALICE.user_id)
    assert started.status is Status.PLAYING and started.view is not None
    assert [seat.hand_size for seat in started.view.seats] == [13, 13, 13]
    await tables.close()


@pytest.mark.parametrize(
    ("step", "code"),
    [
        ("join_twice", "session.already_seated"),
        ("stranger_adds_computer", "session.not_seated"),
        ("bad_level", "session.unknown_level"),
        ("stranger_starts", "session.not_creator"),
        ("start_alone", "session.player_count"),
        ("second_lobby", "session.game_exists"),
    ],
)
async def test_lobby_refusals_change_nothing(store: Store, step: str, code: str) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    before = await store.active_game(CHANNEL)
    calls = {
        "join_twice": lambda: tables.join(CHANNEL, ALICE),
        "stranger_adds_computer": lambda: tables.add_computer(CHANNEL, CAROL.user_id),
        "bad_level": lambda: tables.add_computer(CHANNEL, ALICE.user_id, "genius"),
        "stranger_starts": lambda: tables.start(CHANNEL, CAROL.user_id),
        "start_alone": lambda: tables.start(CHANNEL, ALICE.user_id),
        "second_lobby": lambda: tables.open_lobby(CHANNEL, GUILD, BOB, "classic"),
    }
    with pytest.raises(SessionError) as caught:
        await calls[step]()
    assert caught.value.code == code
    assert caught.value.message("fr") != caught.value.message("en")
    after = await store.active_game(CHANNEL)
    assert after is not None and before is not None
    assert (after.version, after.state) == (before.version, before.state)


async def test_table_full_for_the_variant(store: Store) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "rami30")  # 2 to 4 players
    for _ in range(3):
        await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    with pytest.raises(SessionError, match="4 players"):
        await tables.join(CHANNEL, BOB)


async def start_heads_up(tables: Tables, variant: str = "classic", level: str = "easy") -> None:
    await tables.open_lobby(CHANNEL, GUILD, ALICE, variant)
    await tables.add_computer(CHANNEL, ALICE.user_id, level)
    await tables.start(CHANNEL, ALICE.user_id)
    await settle(tables)


async def test_out_of_turn_and_stranger_actions_change_nothing(store: Store) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.view is not None
    waiting = BOB if snapshot.view.current == 0 else ALICE
    before = await store.active_game(CHANNEL)
    with pytest.raises(IllegalMove):
        await tables.act(CHANNEL, waiting.user_id, Draw("stock"))
    with pytest.raises(SessionError) as caught:
        await tables.act(CHANNEL, CAROL.user_id, Draw("stock"))
    assert caught.value.code == "session.not_seated"
    after = await store.active_game(CHANNEL)
    assert before is not None and after is not None and after.version == before.version


async def test_a_whole_match_against_a_computer_is_saved_and_scored(store: Store) -> None:
    tables = make_tables(store)
    events = recorded(tables)
    await start_heads_up(tables, "classic")
    rng = random.Random(5)
    for _ in range(5000):
        snapshot = await tables.snapshot(CHANNEL)
        assert snapshot is not None
        if snapshot.status is Status.MATCH_OVER:
            break
        assert snapshot.view is not None
        if snapshot.view.phase is Phase.ROUND_OVER:
            await tables.next_round(CHANNEL, ALICE.user_id)
        else:
            await human_turn(tables, ALICE, rng)
        await settle(tables)
    else:
        pytest.fail("the match never ended")
    kinds = {event.kind for event in events}
    assert {EventKind.STARTED, EventKind.ACTION, EventKind.ROUND_OVER,
            EventKind.MATCH_OVER} <= kinds
    stored = await store.active_game(CHANNEL)
    assert stored is not None
    log = await store.game_log(stored.id)
    assert len(log) == stored.version  # one log entry per saved change
    final = await tables.snapshot(CHANNEL)
    assert final is not None and final.view is not None
    history = await store.match_history(GUILD, limit=5)
    assert len(history) == 1
    assert [seat.total for seat in history[0].seats] == list(final.view.totals)
    board = await store.leaderboard(GUILD, "classic", "all")
    assert [(row.user_id, row.matches_played) for row in board] == [(ALICE.user_id, 1)]
    assert board[0].rounds_won == sum(r.winner == 0 for r in final.view.rounds)
    # A rematch starts a fresh game in the same channel with the same seats.
    again = await tables.rematch(CHANNEL, ALICE.user_id)
    assert again.status is Status.PLAYING and again.game_id != stored.id
    await tables.close()


async def test_restart_in_the_middle_of_a_round_loses_nothing(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "rami51", "medium")
    rng = random.Random(3)
    for _ in range(3):
        await human_turn(tables, ALICE, rng)
        await settle(tables)
    hand = await tables.hand(CHANNEL, ALICE.user_id)
    await tables.close()

    revived = make_tables(store)
    assert await revived.resume() == [CHANNEL]
    assert await revived.hand(CHANNEL, ALICE.user_id) == hand
    await human_turn(revived, ALICE, rng)  # and the game goes on
    await settle(revived)
    after = await revived.hand(CHANNEL, ALICE.user_id)
    assert after.current == after.seat
    await revived.close()


async def test_two_simultaneous_draws_apply_once(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "classic")
    view = await tables.hand(CHANNEL, ALICE.user_id)
    assert view.current == view.seat and view.phase is Phase.DRAW
    before = (await store.active_game(CHANNEL)).version  # type: ignore[union-attr]
    results = await asyncio.gather(
        tables.act(CHANNEL, ALICE.user_id, Draw("stock")),
        tables.act(CHANNEL, ALICE.user_id, Draw("stock")),
        return_exceptions=True,
    )
    assert sum(isinstance(result, IllegalMove) for result in results) == 1
    after = await tables.hand(CHANNEL, ALICE.user_id)
    assert len(after.hand) == len(view.hand) + 1
    assert (await store.active_game(CHANNEL)).version == before + 1  # type: ignore[union-attr]
    await tables.close()


async def test_a_failed_save_leaves_the_table_as_saved(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "classic")
    view = await tables.hand(CHANNEL, ALICE.user_id)
    original = store.save

    async def broken(*args: object, **kwargs: object) -> int:
        raise OSError("disk full")

    store.save = broken  # type: ignore[method-assign]
    with pytest.raises(OSError):
        await tables.act(CHANNEL, ALICE.user_id, Draw("stock"))
    store.save = original  # type: ignore[method-assign]
    assert await tables.hand(CHANNEL, ALICE.user_id) == view
    await tables.act(CHANNEL, ALICE.user_id, Draw("stock"))
    await tables.close()


async def test_a_corrupt_row_is_isolated_and_the_channel_starts_fresh(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "classic")
    stored = await store.active_game(CHANNEL)
    assert stored is not None
    await tables.close()
    document = json.loads(stored.state)
    document["game"]["rounds"] = "tampered"  # not what the engine wrote
    document["game"]["hands"] = [["nonsense"]]
    await store.save(stored.id, json.dumps(document), actor=None, action="tamper")

    revived = make_tables(store)
    assert await revived.resume() == []
    assert await store.active_game(CHANNEL) is None
    fresh = await revived.open_lobby(CHANNEL, GUILD, BOB, "classic")
    assert fresh.status is Status.LOBBY
    await revived.close()


async def test_a_computer_level_changes_mid_match_and_the_game_goes_on(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "rami30", "easy")
    before = await tables.hand(CHANNEL, ALICE.user_id)
    snapshot = await tables.set_level(CHANNEL, ALICE.user_id, 1, "hard")
    assert snapshot.seats[1].level == "hard"
    # The level is shown beside the name in the reader's language, never saved in it.
    assert snapshot.seats[1].name == computer_name(1)
    assert snapshot.view is not None and snapshot.view.seats[1].name == computer_name(1)
    after = await tables.hand(CHANNEL, ALICE.user_id)
    assert (after.hand, after.melds, after.current) == (before.hand, before.melds, before.current)
    with pytest.raises(SessionError) as caught:
        await tables.set_level(CHANNEL, ALICE.user_id, 0, "hard")
    assert caught.value.code == "session.not_computer"
    await human_turn(tables, ALICE, random.Random(1))
    await settle(tables)
    await tables.close()


async def test_a_computer_keeps_its_new_level_after_a_restart(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "classic", "easy")
    await tables.set_level(CHANNEL, ALICE.user_id, 1, "medium")
    await tables.close()
    revived = make_tables(store)
    await revived.resume()
    snapshot = await revived.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.view is not None
    assert snapshot.seats[1].level == "medium"
    assert snapshot.seats[1].name == snapshot.view.seats[1].name == computer_name(1)
    await revived.close()


async def test_a_seat_a_human_left_keeps_their_name_at_any_level(store: Store) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    await tables.leave(CHANNEL, BOB.user_id)
    snapshot = await tables.set_level(CHANNEL, ALICE.user_id, 1, "hard")
    assert snapshot.seats[1].level == "hard"
    assert shown_name(snapshot.seats[1].name, "en") == "Bob (CPU)"
    await tables.close()


async def test_leaving_a_match_is_its_own_event_and_leaving_a_lobby_changes_it(
        store: Store) -> None:
    tables = make_tables(store)
    events = recorded(tables)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.join(CHANNEL, CAROL)
    await tables.leave(CHANNEL, CAROL.user_id)
    assert (events[-1].kind, events[-1].seat) == (EventKind.LOBBY, 2)
    await tables.start(CHANNEL, ALICE.user_id)
    await tables.leave(CHANNEL, BOB.user_id)
    assert (events[-1].kind, events[-1].seat, events[-1].move) == (EventKind.LEFT, 1, None)
    await tables.close()


async def test_only_the_channel_asked_for_is_resumed(store: Store) -> None:
    tables = make_tables(store)
    for channel in (CHANNEL, CHANNEL + 1):
        await tables.open_lobby(channel, GUILD, ALICE, "classic")
        await tables.add_computer(channel, ALICE.user_id)
        await tables.start(channel, ALICE.user_id)
    await tables.close()
    revived = make_tables(store)
    assert await revived.resume(CHANNEL + 1) == [CHANNEL + 1]
    assert await revived.resume() == [CHANNEL]
    await revived.close()


async def test_the_hands_are_shown_once_the_round_is_over_and_not_before(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "classic", "hard")
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.hands is None
    rng = random.Random(3)
    while snapshot.view is not None and snapshot.view.phase in (Phase.DRAW, Phase.PLAY):
        await human_turn(tables, ALICE, rng, "hard")
        await settle(tables)
        snapshot = await tables.snapshot(CHANNEL)  # type: ignore[assignment]
    assert snapshot.hands is not None and snapshot.view is not None
    game = tables.game_copy(CHANNEL)
    assert game is not None
    assert snapshot.hands == (game.round.hand(0), game.round.hand(1))
    assert [len(hand) for hand in snapshot.hands] == [s.hand_size for s in snapshot.view.seats]
    await tables.close()


async def test_a_timed_out_turn_is_played_for_the_absent_player(store: Store) -> None:
    tables = make_tables(store, turn_timeout=0.01)
    events = recorded(tables)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    first = (await tables.snapshot(CHANNEL)).view.current  # type: ignore[union-attr]
    for _ in range(200):
        await asyncio.sleep(0.01)
        if any(event.kind is EventKind.TIMEOUT for event in events):
            break
    timeouts = [event for event in events if event.kind is EventKind.TIMEOUT]
    assert timeouts and timeouts[0].seat == first
    assert timeouts[0].action is not None and timeouts[0].action.startswith("draw")
    await tables.close()


async def test_saving_what_the_channel_shows_does_not_stop_the_turn_timer(
        store: Store) -> None:
    tables = make_tables(store, turn_timeout=0.05)
    events = recorded(tables)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    await tables.set_ui(CHANNEL, table_message=1)  # as the front end does at once
    await tables.set_ui(CHANNEL, reminder_message=2, reminder_turn="t1")
    for _ in range(200):
        await asyncio.sleep(0.01)
        if any(event.kind is EventKind.TIMEOUT for event in events):
            break
    assert any(event.kind is EventKind.TIMEOUT for event in events)
    await tables.close()


async def test_only_the_creator_or_a_moderator_ends_the_game(store: Store) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    with pytest.raises(SessionError):
        await tables.cancel(CHANNEL, BOB.user_id)
    await tables.cancel(CHANNEL, BOB.user_id, is_moderator=True)
    assert await tables.snapshot(CHANNEL) is None


def test_actions_are_described_in_notation() -> None:
    seven, eight, nine = parse_cards("7h 8h 9h")
    assert describe_action(Draw("discard")) == "draw discard"
    assert describe_action(Meld(((seven, eight, nine),))) == "meld 7♥ 8♥ 9♥"
    assert describe_action(LayOff((Card(10, Suit.HEARTS),), 0)) == "layoff 10♥ 1"
    assert describe_action(Discard(Card(12, Suit.SPADES))) == "discard Q♠"


def dies_after_saving(store: Store, monkeypatch: pytest.MonkeyPatch, phase: Phase) -> None:
    """The process dies right after the save that brings its game to ``phase`` commits:
    nothing after that save runs (no other write, no answer)."""
    original = store.save

    async def save(game_id: int, state: str, **kwargs: Any) -> int:
        version = await original(game_id, state, **kwargs)
        game = TableDoc.from_json(state)[1]
        if game is not None and game.phase is phase:
            raise asyncio.CancelledError
        return version

    monkeypatch.setattr(store, "save", save)


async def play_until_saved(tables: Tables, phase: Phase, rng: random.Random) -> int:
    """Play Alice's turns (the computer's play by themselves) until the store holds the
    game at ``phase``, whatever the process makes of it; the game's id."""
    for _ in range(500):
        stored = await tables.store.active_game(CHANNEL)
        assert stored is not None
        game = TableDoc.from_json(stored.state)[1]
        if game is not None and game.phase is phase:
            return stored.id
        with contextlib.suppress(asyncio.CancelledError):
            await human_turn(tables, ALICE, rng)
        await settle(tables)
    raise AssertionError(f"the game never got to {phase}")


async def test_a_match_is_booked_with_the_move_that_ends_it(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = make_tables(store)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic", target=1)  # one round
    await tables.add_computer(CHANNEL, ALICE.user_id, "medium")
    await tables.start(CHANNEL, ALICE.user_id)
    dies_after_saving(store, monkeypatch, Phase.MATCH_OVER)
    game_id = await play_until_saved(tables, Phase.MATCH_OVER, random.Random(9))
    await tables.close()
    monkeypatch.undo()
    assert [record.round_number for record in await store.match_rounds(game_id)] == [1]
    assert [match.game_id for match in await store.match_history(GUILD)] == [game_id]

    # Another process takes the channel over (no restart, so no resume) and rematches:
    # the match that ended counts once.
    other = make_tables(store)
    await other.rematch(CHANNEL, ALICE.user_id)
    assert [match.game_id for match in await store.match_history(GUILD)] == [game_id]
    assert (await store.player_stats(GUILD, ALICE.user_id)).matches_played == 1
    await other.close()


async def test_scores_saved_without_their_booking_are_booked_on_restart(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "classic", "medium")
    original = store.save

    async def unbooked(game_id: int, state: str, *, booking: Booking | None = None,
                       **kwargs: Any) -> int:  # as a Rami that booked after saving, and died
        return await original(game_id, state, **kwargs)

    monkeypatch.setattr(store, "save", unbooked)
    game_id = await play_until_saved(tables, Phase.ROUND_OVER, random.Random(9))
    await tables.close()
    monkeypatch.undo()
    assert await store.match_rounds(game_id) == []

    revived = make_tables(store)
    await revived.resume()
    rounds = await store.match_rounds(game_id)
    assert [record.round_number for record in rounds] == [1]
    snapshot = await revived.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.view is not None
    assert [score.points for score in rounds[0].scores] == list(snapshot.view.rounds[0].points)
    await revived.close()


async def test_a_lobby_reports_the_rules_it_will_deal_with(store: Store) -> None:
    await store.update_guild_settings(GUILD, rule_overrides={"classic": {"target": 50}})
    tables = make_tables(store)
    lobby = await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    assert lobby.rules.target == 50
    await tables.add_computer(CHANNEL, ALICE.user_id, "easy")
    started = await tables.start(CHANNEL, ALICE.user_id)
    assert started.view is not None and started.view.target == 50
    await tables.close()


@pytest.mark.parametrize(("variant_name", "target", "code"), [
    ("poker", None, "rules.variant"), ("classic", -5, "rules.negative"),
])  # fmt: skip
async def test_a_lobby_with_impossible_rules_saves_nothing(
    store: Store, variant_name: str, target: int | None, code: str
) -> None:
    tables = make_tables(store)
    with pytest.raises(RuleError) as caught:
        await tables.open_lobby(CHANNEL, GUILD, ALICE, variant_name, target)
    assert caught.value.code == code
    assert await store.active_game(CHANNEL) is None
    await tables.close()


async def test_forgotten_games_stop_and_leave_the_channel_free(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables)
    stored = await store.active_game(CHANNEL)
    assert stored is not None
    assert await tables.forget_games([stored.id + 1000]) == []
    assert await store.expire_idle(now=stored.updated_at + 8 * 86400) == [stored.id]
    assert await tables.forget_games([stored.id]) == [CHANNEL]
    assert await tables.snapshot(CHANNEL) is None
    await tables.close()


async def test_several_actions_apply_together_or_not_at_all(store: Store) -> None:
    tables = make_tables(store)
    await start_heads_up(tables, "classic")
    view = await tables.hand(CHANNEL, ALICE.user_id)
    version = (await store.active_game(CHANNEL)).version  # type: ignore[union-attr]
    kept = next(card for card in view.hand if card != view.hand[0])
    with pytest.raises(IllegalMove):  # the second draw is refused: the first is undone too
        await tables.act_many(CHANNEL, ALICE.user_id, [Draw("stock"), Draw("stock")])
    assert await tables.hand(CHANNEL, ALICE.user_id) == view
    assert (await store.active_game(CHANNEL)).version == version  # type: ignore[union-attr]
    after = await tables.act_many(CHANNEL, ALICE.user_id, [Draw("stock"), Discard(kept)])
    assert len(after.hand) == len(view.hand) and after.current != after.seat  # turn over
    assert after.discard_top == kept
    stored = await store.active_game(CHANNEL)
    assert stored is not None
    entry = next(e for e in await store.game_log(stored.id) if e.version == version + 1)
    assert entry.action == f"seat 0: draw stock ; discard {kept}"  # one change, one entry
    with pytest.raises(SessionError):
        await tables.act_many(CHANNEL, ALICE.user_id, [])
    await tables.close()


async def test_a_confirmed_draft_is_logged_and_shown_as_the_play_it_lays(store: Store) -> None:
    tables = make_tables(store)
    events = recorded(tables)
    await start_heads_up(tables, "tiles")
    rules = variant("tiles")
    for _ in range(40):  # draw until the rack holds an opening
        view = await tables.hand(CHANNEL, ALICE.user_id)
        table = view_table(view)
        rack = [t for t in view.hand if isinstance(t, Tile)]
        found = solve(table, rack, rules, "opening")
        if found is not None:
            break
        await tables.act(CHANNEL, ALICE.user_id, DrawTile())
        await settle(tables)
    assert found is not None
    play = Play.between(table, found.table)
    events.clear()
    await tables.act_many(CHANNEL, ALICE.user_id, [*map(NewSet, play.added), Confirm()])
    mine = next(event for event in events if event.seat == 0)
    assert mine.move == play
    assert mine.action == " ; ".join(
        [*(f"new {format_tiles(s)}" for s in play.added), format_action(play)])
    await tables.close()
