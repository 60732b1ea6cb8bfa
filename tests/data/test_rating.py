"""The rating model's wrapper (data/rating.py): places with ties, any number of seats,
computer levels as raters, and the same numbers for the same match."""

from __future__ import annotations

import pytest

from data.rating import NEW, SeatResult, Skill, places, rate, rate_match, rater


def seat(user: int | None, total: int, won: bool = False, level: str | None = None,
         name: str = "x") -> SeatResult:
    return SeatResult(user, name, total, won, level)


@pytest.mark.parametrize(("totals", "winners", "expected"), [
    ([12, 40, 7], {2}, [1, 2, 0]),            # low totals win (rami 51, classic)
    ([120, 300, 80], {1}, [1, 0, 2]),          # high totals win (a variant scoring up)
    ([5, 5, 30, 60], {0, 1}, [0, 0, 1, 2]),    # a draw between two winners
    ([5, 30, 30, 60], {0}, [0, 1, 1, 2]),      # equal totals behind the winner share a place
    ([10, 10], {0, 1}, [0, 0]),                # everybody tied
])
def test_places_follow_the_winners_and_totals(totals: list[int], winners: set[int],
                                              expected: list[int]) -> None:
    seats = [seat(i, total, i in winners) for i, total in enumerate(totals)]
    assert places(seats) == expected


def test_the_winner_gains_and_the_last_loses() -> None:
    first, second = rate([NEW, NEW], [0, 1])
    assert first.mu > NEW.mu > second.mu
    assert first.sigma < NEW.sigma and second.sigma < NEW.sigma  # both known better now


def test_tied_seats_of_equal_ratings_move_the_same() -> None:
    after = rate([NEW, NEW, NEW], [0, 0, 2])
    assert after[0] == after[1]
    assert after[0].mu > after[2].mu


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_any_number_of_seats_is_ranked_in_order(players: int) -> None:
    after = rate([NEW] * players, list(range(players)))
    mus = [skill.mu for skill in after]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == players


@pytest.mark.parametrize(("priors", "ranks"), [([NEW], [0]), ([NEW, NEW], [0]), ([], [])])
def test_a_match_needs_two_seats_each_ranked(priors: list[Skill], ranks: list[int]) -> None:
    with pytest.raises(ValueError, match="two seats"):
        rate(priors, ranks)


def test_raters_are_people_and_computer_levels() -> None:
    assert rater(seat(7, 0)) == "user:7"
    assert rater(seat(None, 0, level="hard")) == "computer:hard"
    assert rater(seat(None, 0, name="CPU 2 ★★★")) == "computer:hard"  # saved before 0007
    assert rater(seat(None, 0, name="CPU 1 ★")) == "computer:easy"
    assert rater(seat(None, 0, name="[cpu 1]")) == "computer:medium"
    assert rater(seat(None, 0, name="deleted player")) is None


def test_beating_a_hard_computer_counts_more_than_beating_an_easy_one() -> None:
    current = {"computer:hard": Skill(32.0, 3.0), "computer:easy": Skill(15.0, 3.0)}
    over_hard, _ = rate_match([seat(1, 0, True), seat(None, 50, level="hard")], current)
    over_easy, _ = rate_match([seat(1, 0, True), seat(None, 50, level="easy")], current)
    assert over_hard[0].after.mu - NEW.mu > over_easy[0].after.mu - NEW.mu > 0
    assert over_hard[1].after.mu < 32.0 and over_easy[1].after.mu < 15.0


def test_computers_of_one_level_share_one_rating_moved_once() -> None:
    seats = [seat(1, 0, True), seat(None, 30, level="hard"), seat(None, 60, level="hard")]
    changes, new = rate_match(seats, {})
    assert set(new) == {"user:1", "computer:hard"}
    assert changes[1].after == changes[2].after == new["computer:hard"]
    alone, _ = rate_match([seat(1, 0, True), seat(None, 45, level="hard")], {})
    assert new["computer:hard"].mu < NEW.mu and alone[1].after.mu < NEW.mu


def test_a_forgotten_player_is_rated_from_new_and_kept_nowhere() -> None:
    changes, new = rate_match([seat(1, 0, True), seat(None, 9, name="deleted player")], {})
    assert set(new) == {"user:1"}
    assert changes[1].rater is None and changes[1].before == NEW
    assert changes[1].after.mu < NEW.mu


def test_a_single_seat_changes_nothing() -> None:
    changes, new = rate_match([seat(1, 0, True)], {})
    assert new == {} and changes[0].before == changes[0].after == NEW


def test_the_same_match_rates_the_same() -> None:
    seats = [seat(1, 20), seat(2, 0, True), seat(3, 20), seat(None, 80, level="easy")]
    current = {"user:1": Skill(27.0, 6.0), "user:3": Skill(22.0, 4.0)}
    assert rate_match(seats, current) == rate_match(seats, dict(current))


def test_a_new_rating_has_ordinal_zero() -> None:
    assert NEW.ordinal == pytest.approx(0.0)
    assert Skill(30.0, 2.0).ordinal == pytest.approx(24.0)
