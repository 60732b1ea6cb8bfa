"""Whole matches through the terminal's standard input, from the deal to the match's end:
every round shows how it ended and the hands left, and the end shows why and who won."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import render
from engine import parse_cards, variant
from engine.cards.melds import hand_value
from engine.views import Phase, PublicView
from tests.terminal.helpers import play

ENDINGS = re.compile(r"(\S.*) went out\.|(\S.*) went out in one go \(rami sec\)!|"
                     r"The stock ran out: nobody went out\.")
SEAT = re.compile(r"  (You|CPU 1): (-?\d+) this round, (-?\d+) in all"
                  r"(?:; left (?:in hand|on the rack): (.+))?")


def _rounds(text: str) -> Iterator[tuple[int, list[str]]]:
    """Every round result of a transcript: its number and its lines."""
    for found in re.finditer(r"— Round (\d+) is over —\n((?:.+\n){3})", text):
        yield int(found.group(1)), found.group(2).splitlines()


def test_a_classic_match_shows_every_round_and_its_hands_to_the_end() -> None:
    script = "draw\ndiscard\n\n" * 3000
    status, text = play(["--seed", "7", "--plain", "--level", "hard"], script)
    assert status == 0
    rounds = list(_rounds(text))
    assert [number for number, _ in rounds] == list(range(1, len(rounds) + 1))
    assert len(rounds) >= 2
    totals = {"You": 0, "CPU 1": 0}
    rules = variant("classic")
    for _, (ending, *seats) in rounds:
        assert ENDINGS.fullmatch(ending), ending
        held, scored = {}, {}
        for line in seats:
            seat = SEAT.fullmatch(line)
            assert seat is not None, line
            name, won, total, left = seat.groups()
            totals[name] += int(won)
            assert int(total) == totals[name]
            held[name] = hand_value(parse_cards(left), rules) if left else 0
            scored[name] = int(won)
        winner = ENDINGS.fullmatch(ending).group(1)  # type: ignore[union-attr]
        if winner is not None:  # the winner scores what the other still held
            loser = next(name for name in held if name != winner)
            assert held[winner] == 0 and scored[winner] == held[loser]
    end = text.split("The match is over. Winner: ")[1].splitlines()
    best = max(totals, key=lambda name: totals[name])
    assert end[0] == f"{best}."
    assert end[1] == f"Totals after {len(rounds)} rounds:"
    assert end[2:] == [f"  {name}: {total}" for name, total in totals.items()]


def test_a_tile_match_ends_with_the_reason_and_the_racks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[PublicView] = []
    real = render.render_table

    def recording(view: PublicView, **options: object) -> render.Picture:
        drawn.append(view)
        return real(view, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "render_table", recording)
    script = "draw\n" * 60 + "pass\n" * 60
    status, text = play(["--variant", "tiles", "--seed", "1", "--plain", "--level", "easy",
                         "--pictures", str(tmp_path)], script)
    assert status == 0
    result = text.split("— Round 1 is over —\n")[1].splitlines()
    assert result[0] == ("The pool is empty and every player passed: CPU 1 holds the lowest "
                         "rack and wins the round.")
    assert re.fullmatch(r"  You: -\d+ this round, -\d+ in all; left on the rack: .+", result[1])
    assert re.fullmatch(r"  CPU 1: \d+ this round, \d+ in all; left on the rack: .+",
                        result[2])
    assert result[3] == "The match is over. Winner: CPU 1."
    assert "Press Enter" not in text  # no next round to wait for
    assert drawn[-1].phase is Phase.MATCH_OVER  # the last picture is not "your turn"
