"""The match simulator: complete seeded matches, the figures it prints, and hard's edge."""

from __future__ import annotations

import pytest

from bot.simulator import simulate
from engine.variants import variant


def test_wilson_interval() -> None:
    low, high = simulate.wilson(45, 50)
    assert 0.78 < low < 0.79 and 0.95 < high < 0.96
    assert simulate.wilson(0, 0) == (0.0, 1.0)
    assert simulate.wilson(0, 10)[0] == 0.0


def test_percentile_is_nearest_rank() -> None:
    values = [float(n) for n in range(1, 101)]
    assert simulate.percentile(values, 0.99) == 99.0
    assert simulate.percentile(values, 0.5) == 50.0
    assert simulate.percentile([], 0.5) == 0.0


def test_match_seeds_do_not_depend_on_the_workers() -> None:
    one = simulate.run("classic", ["hard", "easy"], 4, 5, workers=1)
    two = simulate.run("classic", ["hard", "easy"], 4, 5, workers=2)
    assert one.wins == two.wins and one.totals == two.totals and one.rounds == two.rounds


def test_main_prints_a_row_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    status = simulate.main(
        ["--variant", "classic", "--levels", "hard,medium,easy", "--matches", "3",
         "--seed", "2", "--workers", "1"]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "| 1 | hard |" in out and "| 2 | medium |" in out and "| 3 | easy |" in out
    assert "rounds per match" in out


@pytest.mark.parametrize(("argv", "said"), [
    (["--levels", "hard"], "--levels: give 2 or more of easy, medium, hard"),
    (["--levels", "hard,genius"], "--levels: give 2 or more of easy, medium, hard"),
    (["--players", "hard,easy"], "--players: give one level per seat instead, with --levels"),
    (["--variant", "poker"], "poker"), (["--matches", "0"], "--matches must be at least 1"),
])
def test_bad_arguments_are_refused_saying_what_would_do(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(argv) == 2
    assert said in capsys.readouterr().err


def test_every_option_says_what_it_takes_and_its_default() -> None:
    for action in simulate.build_parser()._actions:
        if action.help in (None, "==SUPPRESS==") or action.dest == "help":
            continue
        assert "default" in action.help, action.dest


@pytest.mark.parametrize(
    ("name", "opponent", "target", "least"),
    [("classic", "easy", 30, 34), ("rami51", "easy", 100, 34)],
)
def test_hard_beats_easy_over_40_seeded_matches(
    name: str, opponent: str, target: int, least: int
) -> None:
    """Short matches (a lower target) keep the test quick; the simulator gives the figures."""
    rules = variant(name).with_overrides(target=target)
    wins = 0.0
    for index in range(40):
        result = simulate.play_match(rules, ["hard", opponent], 17, index)
        assert result.illegal == [0, 0] and not result.stopped
        wins += 1.0 / len(result.winners) if 0 in result.winners else 0.0
    assert wins >= least


def test_no_endless_round_of_passing_discards() -> None:
    """Regression: two players once took each other's discards forever (gameduell)."""
    result = simulate.play_match(variant("gameduell"), ["hard", "medium"], 2026, 2)
    assert not result.stopped and result.winners
