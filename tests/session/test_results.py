"""A finished round in words: how it ended, each seat's points and what it still held."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.session import round_ending, round_seat_lines
from engine.hand_order import sorted_hand
from engine.notation import writer
from tests.session.helpers import finished_round

WRITE = writer()


@pytest.mark.parametrize(("name", "held"), [("classic", "left in hand"),
                                            ("tiles", "left on the rack")])
def test_every_seat_shows_its_points_and_what_it_still_held(name: str, held: str) -> None:
    snapshot = finished_round(name)
    assert snapshot.view is not None and snapshot.hands is not None
    last = snapshot.view.rounds[-1]
    lines = round_seat_lines(snapshot, "en", WRITE)
    assert len(lines) == 2
    for seat, line in enumerate(lines):
        left = [snapshot.hands[seat][i] for i in sorted_hand(snapshot.hands[seat], "suit")]
        assert line.startswith(f"{snapshot.seats[seat].name}: {last.points[seat]} this round, "
                               f"{snapshot.view.totals[seat]} in all")
        assert (f"; {held}: {WRITE(left)}" in line) == bool(left)


def test_the_hands_are_left_out_while_they_are_unknown() -> None:
    snapshot = replace(finished_round("classic"), hands=None)
    assert all("left" not in line for line in round_seat_lines(snapshot, "en", WRITE))


@pytest.mark.parametrize(("winner", "rami_sec", "reason", "lang", "expected"), [
    (1, False, "went_out", "en", "bob went out."),
    (0, True, "went_out", "en", "ann went out in one go (rami sec)!"),
    (None, False, "stock_exhausted", "en", "The stock ran out: nobody went out."),
    (None, False, "blocked", "en",
     "The pool is empty and every player passed: the lowest racks tie, nobody wins the round."),
    (1, False, "blocked", "en",
     "The pool is empty and every player passed: bob holds the lowest rack and wins the round."),
    (1, False, "blocked", "fr", "La réserve est vide et tout le monde a passé : bob a le "
     "chevalet le plus faible et gagne la manche."),
])
def test_the_ending_says_who_went_out_or_why_nobody_did(
        winner: int | None, rami_sec: bool, reason: str, lang: str, expected: str) -> None:
    snapshot = finished_round("classic")
    assert snapshot.view is not None
    last = replace(snapshot.view.rounds[-1], winner=winner, rami_sec=rami_sec, reason=reason)
    view = replace(snapshot.view, rounds=(last,))
    assert round_ending(replace(snapshot, view=view), lang) == expected


def test_a_table_without_a_finished_round_has_no_ending() -> None:
    snapshot = finished_round("classic")
    assert snapshot.view is not None
    with pytest.raises(ValueError, match="no finished round"):
        round_ending(replace(snapshot, view=replace(snapshot.view, rounds=())), "en")
