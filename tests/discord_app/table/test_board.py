"""A channel's board: which message jobs an event asks for, which results and reminder a
saved table still owes its channel, that a job done for an older request leaves a newer
one to do, and when the table message is too old to edit."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import discord
import pytest

from bot.discord_app.table.board import (
    COMPUTERS_PACE,
    EDITABLE_FOR,
    Board,
    Job,
    posted_at,
    reminder_key,
    results_due,
)
from bot.session import Event, EventKind, Seat, Snapshot, Status, TableUi
from engine import variant
from engine.game import Game
from engine.views import Phase, RoundScore

SEATS = (Seat("ann", 4), Seat("bob", 5), Seat("[cpu 1]", level="easy"))
VIEW = Game.new(variant("classic"), [s.name for s in SEATS], 1).public_view()
DELAYS = (1.0, 2.0)


def snapshot(version: int = 1, *, game_id: int = 3, status: Status = Status.PLAYING,
             ui: TableUi | None = None, **view_changes: object) -> Snapshot:
    return Snapshot(channel_id=1, guild_id=2, game_id=game_id, status=status,
                    variant="classic", created_by=4, seats=SEATS,
                    view=replace(VIEW, **view_changes),  # type: ignore[arg-type]
                    ui=ui or TableUi(), version=version, rules=variant("classic"))


def round_over(version: int, status: Status = Status.PLAYING) -> Snapshot:
    finished = RoundScore(1, (0, 10, 20), 0, False, "went_out")
    return snapshot(version, status=status, phase=Phase.ROUND_OVER, rounds=(finished,))


def test_a_move_asks_for_the_table_and_the_reminder_not_the_lobby() -> None:
    board = Board.of(snapshot())
    board.absorb(Event(EventKind.ACTION, snapshot(2)))
    assert board.next_job(0.0, 0.0) is Job.TABLE
    assert {job for job in Job if board.pending(job)} == {Job.TABLE, Job.REMINDER}


def test_a_start_edits_the_lobby_and_posts_a_new_table() -> None:
    board = Board.of(snapshot(ui=TableUi(lobby_message=7, table_message=8)))
    board.absorb(Event(EventKind.STARTED, snapshot(2)))
    assert board.lobby == "started" and board.table_anew
    assert board.next_job(0.0, 0.0) is Job.LOBBY


def test_an_older_snapshot_never_replaces_a_newer_one() -> None:
    board = Board.of(snapshot())
    board.absorb(Event(EventKind.ACTION, snapshot(5)))
    board.absorb(Event(EventKind.ACTION, snapshot(4)))
    assert board.snapshot.version == 5


def test_a_job_done_for_an_older_request_leaves_the_newer_one() -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=8)))
    board.absorb(Event(EventKind.ACTION, snapshot(2)))
    ticket = board.ticket(Job.TABLE)
    board.absorb(Event(EventKind.ACTION, snapshot(3)))  # while the edit was under way
    board.done(Job.TABLE, ticket)
    assert board.pending(Job.TABLE)
    board.done(Job.TABLE, board.ticket(Job.TABLE))
    assert not board.pending(Job.TABLE)


def test_a_failed_job_waits_longer_each_time_and_counts_as_settled() -> None:
    board = Board.of(snapshot())
    board.absorb(Event(EventKind.ACTION, snapshot(2)))
    assert not board.settled
    assert board.failed(Job.REMINDER, 10.0, DELAYS) == 1
    assert board.failed(Job.TABLE, 10.0, DELAYS) == 1
    assert board.failed(Job.TABLE, 11.0, DELAYS) == 2
    assert board.settled and not board.idle
    assert board.next_job(12.0, 0.0) is Job.REMINDER  # the table waits until 13
    assert board.next_time(0.0) == 11.0
    board.absorb(Event(EventKind.ACTION, snapshot(3)))  # something new: try at once
    assert board.next_job(12.0, 0.0) is Job.TABLE


def test_computer_moves_in_a_row_are_edited_in_less_often_until_a_human_is_to_play() -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=8)))
    board.table_shown_at = 10.0
    board.absorb(Event(EventKind.ACTION, snapshot(2, current=2)))  # a computer to play
    assert board.next_job(11.0, 1.0) is Job.REMINDER  # the table waits for more moves
    assert board.due_at(Job.TABLE, 1.0) == 10.0 + COMPUTERS_PACE
    board.absorb(Event(EventKind.ACTION, snapshot(3, current=0)))  # a human's turn now
    assert board.next_job(11.0, 1.0) is Job.TABLE
    assert board.snapshot.version == 3  # the latest state, once


def test_the_reminder_is_for_a_humans_turn_only() -> None:
    assert reminder_key(snapshot(current=1, turn=4)) == ("3:1:4", 5)
    assert reminder_key(snapshot(current=2)) is None  # the computer's turn
    assert reminder_key(round_over(2)) is None


def test_results_owed_by_a_saved_table() -> None:
    assert [r.key for r in results_due(round_over(2), None)] == ["3:1"]
    assert results_due(round_over(2), "3:1") == []
    over = round_over(2, Status.MATCH_OVER)
    assert [r.kind for r in results_due(over, None)] == ["round", "match"]
    assert [r.kind for r in results_due(over, "3:1")] == ["match"]
    assert results_due(over, "3:match") == []
    assert results_due(snapshot(), None) == []


def test_a_restart_refreshes_everything_the_channel_may_have_missed() -> None:
    saved = round_over(9, Status.MATCH_OVER)
    board = Board.of(replace(saved, ui=TableUi(table_message=8, results_shown="3:1")))
    board.refresh(board.snapshot)
    assert board.lobby == "started" and board.table_due and not board.table_anew
    assert [r.kind for r in board.results] == ["match"]


def test_an_ended_table_closes_its_messages_and_the_next_game_starts_clean() -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=8, reminder_message=9,
                                         reminder_turn="3:1:1")))
    board.stale_messages.append(6)
    board.absorb(Event(EventKind.ENDED, snapshot(2)))
    assert board.closing is not None and board.closing.table_message == 8
    assert sorted(board.closing.stale_messages) == [6, 9]
    assert [job for job in Job if board.pending(job)] == [Job.CLOSE] and board.ended
    board.absorb(Event(EventKind.LOBBY, snapshot(1, game_id=4, status=Status.LOBBY,
                                                 ui=TableUi(lobby_message=11))))
    assert not board.ended and board.lobby_message == 11 and board.reminder_turn is None


NOW = 1_790_000_000.0  # seconds since 1970 (September 2026)


def posted(at: float) -> int:
    """The id Discord gives a message posted at ``at`` (seconds since 1970)."""
    return discord.utils.time_snowflake(datetime.fromtimestamp(at, UTC))


def test_a_message_id_says_when_it_was_posted() -> None:
    assert posted_at(posted(NOW + 0.125)) == NOW + 0.125
    some_id = 1_300_000_000_000_000_000
    assert posted_at(some_id) == discord.utils.snowflake_time(some_id).timestamp()


@pytest.mark.parametrize(("age", "too_old"), [
    (-600.0, False),  # this machine's clock behind Discord's
    (0.0, False),
    (54 * 60.0, False),
    (EDITABLE_FOR + 1, True),  # five minutes before Discord limits its edits
    (3600.0, True),
    (86_400.0, True),
])
def test_the_table_message_is_posted_anew_once_55_minutes_old(age: float,
                                                               too_old: bool) -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=posted(NOW - age))))
    assert board.table_too_old(NOW) is too_old


def test_a_table_message_kept_in_place_is_edited_however_old() -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=posted(NOW - 86_400))))
    board.kept_in_place = board.table_message  # posting it anew failed
    assert not board.table_too_old(NOW)
    assert not Board.of(snapshot()).table_too_old(NOW)  # no table message yet


def test_an_ended_table_deletes_its_stale_table_messages_too() -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=8)))
    board.stale_messages.append(5)  # a table message posted anew, its delete failed
    board.kept_in_place = board.posted_on_refusal = 8
    board.absorb(Event(EventKind.ENDED, snapshot(2)))
    assert board.closing is not None and board.closing.stale_messages == [5]
    assert board.kept_in_place is None and board.posted_on_refusal is None


def test_a_table_posted_anew_is_edited_for_the_moves_made_meanwhile() -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=8)))
    board.absorb(Event(EventKind.ROUND_STARTED, snapshot(2)))
    ticket = board.ticket(Job.TABLE)
    board.absorb(Event(EventKind.ACTION, snapshot(3)))  # while the new table was posted
    board.posted_anew(board.ticket(Job.TABLE))
    board.done(Job.TABLE, ticket)
    assert board.pending(Job.TABLE) and not board.table_anew  # an edit of the new one


def test_a_new_table_asked_while_one_is_posted_is_posted_too() -> None:
    board = Board.of(snapshot(ui=TableUi(table_message=8)))
    board.absorb(Event(EventKind.ROUND_STARTED, snapshot(2)))
    asked = board.ticket(Job.TABLE)
    board.repost(snapshot(3))  # /rummy table while the round's table was being posted
    board.posted_anew(asked)
    board.done(Job.TABLE, asked)
    assert board.pending(Job.TABLE) and board.table_anew
