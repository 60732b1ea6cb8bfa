"""The day's deal from the secret, the settings' checks, and a finished try's score."""

from __future__ import annotations

import random

import pytest

from bot.session import SessionError
from bot.session.daily import MIXED, check_settings
from bot.session.daily.deal import computer_rng, day_key, make_setup
from bot.session.daily.scoring import player_turns, try_score
from data import GuildSettings
from engine import parse_card, parse_cards, stacked_deck
from engine.ai import LEVELS
from engine.cards.actions import Discard, Draw, Meld
from engine.game import Game
from engine.rules import RuleError
from engine.variants import variant
from engine.views import Phase

SECRET = b"s" * 32
DEFAULTS = GuildSettings()


def test_the_key_depends_on_the_secret_the_server_and_the_day() -> None:
    key = day_key(SECRET, 7, "2026-03-03")
    assert key == day_key(SECRET, 7, "2026-03-03")
    others = {day_key(b"t" * 32, 7, "2026-03-03"), day_key(SECRET, 8, "2026-03-03"),
              day_key(SECRET, 7, "2026-03-04")}
    assert key not in others and len(others) == 3


def test_a_setup_is_the_days_table_waiting_for_its_player() -> None:
    setup = make_setup(SECRET, 7, "2026-03-03", DEFAULTS)
    assert setup == make_setup(SECRET, 7, "2026-03-03", DEFAULTS)
    assert (setup.variant, setup.rules.target, len(setup.seats)) == ("rami30", 0, 2)
    assert all(seat.is_computer and seat.level in LEVELS for seat in setup.seats)
    assert setup.seed != make_setup(SECRET, 7, "2026-03-04", DEFAULTS).seed
    assert setup.seed != make_setup(b"t" * 32, 7, "2026-03-03", DEFAULTS).seed


def test_mixed_levels_are_drawn_from_the_day_and_a_chosen_level_is_kept() -> None:
    drawn = {seat.level for day in range(1, 29)
             for seat in make_setup(SECRET, 7, f"2026-02-{day:02d}", DEFAULTS).seats}
    assert drawn == set(LEVELS)
    hard = GuildSettings(daily_level="hard", daily_opponents=3)
    assert [seat.level for seat in make_setup(SECRET, 7, "2026-03-03", hard).seats] == [
        "hard"] * 3
    assert DEFAULTS.daily_level == MIXED


def test_computer_choices_are_numbered_by_the_move() -> None:
    assert computer_rng(5, 3).random() == computer_rng(5, 3).random()
    assert computer_rng(5, 3).random() != computer_rng(5, 4).random()


@pytest.mark.parametrize(("changes", "code"), [
    ({"daily_opponents": 4}, "daily.opponents"),  # rami30 seats four at most
    ({"daily_variant": "tiles"}, "daily.cards_only"),
    ({"daily_level": "expert"}, "daily.bad_level"),
])
def test_settings_that_make_no_game_are_refused(changes: dict[str, object], code: str) -> None:
    settings = GuildSettings(**changes)  # type: ignore[arg-type]
    with pytest.raises(SessionError) as refused:
        check_settings(settings)
    assert refused.value.code == code


def test_the_servers_rule_changes_apply_to_its_deal() -> None:
    settings = GuildSettings(rule_overrides={"rami30": {"opening_minimum": 40}})
    assert check_settings(settings).opening_minimum == 40
    broken = GuildSettings(daily_variant="classic", daily_opponents=1,
                           rule_overrides={"classic": {"hand_sizes": "x"}})
    with pytest.raises(RuleError):
        check_settings(broken)


def played_out(name: str, seed: int) -> Game:
    """A one-round game of ``name`` played by random legal moves to its end."""
    game = Game.new(variant(name).with_overrides(target=0), ["A", "B", "C"], seed)
    rng = random.Random(seed)
    while game.phase in (Phase.DRAW, Phase.PLAY):
        game.apply(game.current, rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_a_try_scores_the_opponents_points_when_out_else_minus_its_own(seed: int) -> None:
    game = played_out("rami30", seed)
    last = game.public_view().rounds[-1]
    if last.winner == 0:
        assert try_score(game) == sum(last.points[1:]) >= 0
    else:
        assert try_score(game) == -last.points[0] <= 0


def test_going_out_rami_sec_scores_the_opponents_doubled_points() -> None:
    rules = variant("rami30").with_overrides(target=0)
    mine = parse_cards("10c jc qc kc 10d jd qd kd 5h 6h 7h 8h 2s")
    theirs = parse_cards("3c 4c 5c 6c 7c 8c 9c 3d 4d 5d 6d 7d 8d")
    game = Game.new(rules, ["A", "B"], 1, deck=stacked_deck(rules, [mine, theirs],
                                                             stock=parse_cards("9h")))
    game.apply(0, Draw("stock"))
    game.apply(0, Meld((tuple(mine[:4]), tuple(mine[4:8]), (*mine[8:12], parse_card("9h")))))
    game.apply(0, Discard(parse_card("2s")))
    last = game.public_view().rounds[-1]
    assert (last.winner, last.rami_sec) == (0, True)
    assert try_score(game) == last.points[1] == 2 * 100  # never melded: 100, doubled


@pytest.mark.parametrize("seed", range(4))
def test_where_the_variant_counts_high_its_own_points_are_the_score(seed: int) -> None:
    game = played_out("classic", seed)
    assert try_score(game) == game.public_view().rounds[-1].points[0]


def test_turns_are_the_players_own() -> None:
    game = Game.new(variant("rami30").with_overrides(target=0), ["A", "B", "C"], 1)
    view = game.public_view()
    assert (view.turn, player_turns(view)) == (1, 1)
    assert [player_turns(view, seat) for seat in range(3)] == [1, 0, 0]


def test_the_score_of_an_unfinished_round_is_an_error() -> None:
    with pytest.raises(ValueError, match="not over"):
        try_score(Game.new(variant("rami30").with_overrides(target=0), ["A", "B"], 1))
