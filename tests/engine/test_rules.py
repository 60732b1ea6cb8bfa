"""Rule sets: the presets hold the VARIANTS.md table, overrides are checked."""

from __future__ import annotations

import json

import pytest

from engine import RuleError, rules_from_dict, variant
from engine.rules import (
    BOUNDS,
    HAND_SIZE_BOUNDS,
    AceOpening,
    DiscardPick,
    GoingOut,
    JokerLimit,
    JokerSwap,
    Kind,
    MatchEnd,
    Scoring,
    StockEnd,
)

# One row per parameter of the table: (parameter, classic, rami51, rami30, gameduell, tiles).
TABLE = [
    ("kind", Kind.CARDS, Kind.CARDS, Kind.CARDS, Kind.CARDS, Kind.TILES),
    ("deck_size", 52, 108, 54, 110, 106),
    ("jokers", 0, 4, 2, 6, 2),
    ("min_players", 2, 2, 2, 2, 2),
    ("max_players", 6, 6, 4, 4, 4),
    ("draw_from_discard", True, True, True, True, False),
    ("discard_pick", DiscardPick.KEEP, DiscardPick.KEEP, DiscardPick.KEEP,
     DiscardPick.LAY_BACK, DiscardPick.KEEP),
    ("identical_discard_ban", True, True, True, False, False),
    ("single_card_no_discard_pick", False, False, False, True, False),
    ("opening_minimum", 0, 51, 30, 51, 30),
    ("opening_minimum_two_players", 0, 51, 50, 51, 30),
    ("lay_off_in_opening_turn", True, False, False, True, True),
    ("lay_off_before_opening", True, False, False, False, False),
    ("first_turn_meld_ban", False, False, False, True, False),
    ("ace_high", False, True, True, True, False),
    ("ace_opening", AceOpening.ONE, AceOpening.ELEVEN, AceOpening.BY_PLACE,
     AceOpening.BY_PLACE, AceOpening.BY_PLACE),
    ("meld_jokers", JokerLimit.ANY, JokerLimit.ANY, JokerLimit.ONE, JokerLimit.MINORITY,
     JokerLimit.ANY),
    ("joker_swap", JokerSwap.NEVER, JokerSwap.AFTER_OPENING, JokerSwap.AFTER_OPENING,
     JokerSwap.COMPLETE_GROUP, JokerSwap.NEVER),
    ("swapped_joker_must_be_laid", False, True, False, True, False),
    ("joker_discard", True, True, True, False, True),
    ("going_out", GoingOut.ANY, GoingOut.ANY, GoingOut.ANY, GoingOut.DISCARD_ONLY,
     GoingOut.ANY),
    ("max_reshuffles", 3, 3, 3, 3, 0),
    ("stock_end", StockEnd.LOWEST_COLLECTS, StockEnd.NO_WINNER, StockEnd.NO_WINNER,
     StockEnd.NO_WINNER, StockEnd.BLOCKED),
    ("ace_hand_value", 1, 11, 15, 11, 1),
    ("joker_hand_value", 0, 20, 20, 20, 30),
    ("scoring", Scoring.WINNER_COLLECTS, Scoring.PENALTY, Scoring.PENALTY, Scoring.PENALTY,
     Scoring.TILES),
    ("never_melded_penalty", 0, 100, 100, 0, 0),
    ("never_melded_penalty_rami_sec", 0, 200, 100, 0, 0),
    ("rami_sec_multiplier", 1, 1, 2, 2, 1),
    ("high_wins", True, False, False, False, True),
    ("target", 100, 1000, 1000, 1000, 0),
    ("match_end", MatchEnd.REACHES, MatchEnd.REACHES, MatchEnd.EXCEEDS, MatchEnd.REACHES,
     MatchEnd.REACHES),
    ("tie_plays_on", True, True, True, False, False),
]  # fmt: skip
NAMES = ("classic", "rami51", "rami30", "gameduell", "tiles")


@pytest.mark.parametrize(("parameter", "column"), [
    (row[0], index) for row in TABLE for index in range(5)
])  # fmt: skip
def test_presets_hold_the_table(parameter: str, column: int) -> None:
    row = next(row for row in TABLE if row[0] == parameter)
    assert getattr(variant(NAMES[column]), parameter) == row[column + 1]


@pytest.mark.parametrize(
    ("name", "players", "size"),
    [("classic", 2, 10), ("classic", 3, 7), ("classic", 4, 7), ("classic", 5, 6),
     ("classic", 6, 6), ("rami51", 2, 13), ("rami51", 6, 13), ("rami30", 2, 13),
     ("rami30", 3, 13), ("rami30", 4, 10), ("gameduell", 4, 13), ("tiles", 3, 14)],
)  # fmt: skip
def test_hand_sizes(name: str, players: int, size: int) -> None:
    assert variant(name).hand_size(players) == size


@pytest.mark.parametrize(("name", "players"), [("classic", 7), ("rami30", 5), ("rami51", 1)])
def test_player_counts_outside_the_table_are_refused(name: str, players: int) -> None:
    with pytest.raises(RuleError) as caught:
        variant(name).hand_size(players)
    assert caught.value.code == "rules.players"


def test_opening_minimum_of_rami30_depends_on_players() -> None:
    assert variant("rami30").opening_for(2) == 50
    assert variant("rami30").opening_for(3) == 30


def test_new_parameters_are_changed_like_the_others() -> None:
    rules = variant("rami30").with_overrides(ace_opening="ELEVEN", match_end="reaches")
    assert (rules.ace_opening, rules.match_end) == (AceOpening.ELEVEN, MatchEnd.REACHES)


def test_overrides_are_applied_and_coerced_from_text() -> None:
    rules = variant("rami51").with_overrides(draw_from_discard="non", target="500",
                                             meld_jokers="one")
    assert (rules.draw_from_discard, rules.target, rules.meld_jokers) == (
        False, 500, JokerLimit.ONE)
    assert variant("rami51").draw_from_discard  # the preset is untouched


def test_hand_sizes_override_accepts_a_mapping_or_one_number() -> None:
    assert variant("classic").with_overrides(hand_sizes=5).hand_size(6) == 5
    changed = variant("rami30").with_overrides(hand_sizes={2: 10, 3: 10, 4: 9})
    assert changed.hand_size(4) == 9


def test_hand_sizes_are_read_from_text_as_a_moderator_types_them() -> None:
    assert variant("classic").with_overrides(hand_sizes="5").hand_sizes == tuple(
        (n, 5) for n in range(2, 7))
    changed = variant("rami30").with_overrides(hand_sizes="2:10, 3:10; 4:9")
    assert changed.hand_sizes == ((2, 10), (3, 10), (4, 9))
    assert variant("rami30").with_overrides(hand_sizes=changed.to_dict()["hand_sizes"]) == changed


@pytest.mark.parametrize("key", sorted(BOUNDS))
def test_every_whole_number_parameter_has_an_upper_bound(key: str) -> None:
    high = BOUNDS[key][1]
    with pytest.raises(RuleError) as caught:
        variant("rami51").with_overrides(**{key: high + 1})
    code = "rules.players_range" if key in ("min_players", "max_players") else "rules.range"
    assert caught.value.code == code
    assert str(high) in caught.value.message("en") and str(high) in caught.value.message("fr")


@pytest.mark.parametrize(("key", "high"), [("decks", 2), ("jokers", 7)])
def test_tile_rummy_stays_within_what_the_solver_holds(key: str, high: int) -> None:
    assert variant("tiles").with_overrides(**{key: high}).kind is Kind.TILES
    with pytest.raises(RuleError) as caught:
        variant("tiles").with_overrides(**{key: high + 1})
    assert caught.value.code == "rules.range"


def test_a_hand_size_has_an_upper_bound() -> None:
    high = HAND_SIZE_BOUNDS[1]
    with pytest.raises(RuleError) as caught:
        variant("classic").with_overrides(hand_sizes={2: high + 1, 3: 7, 4: 7, 5: 6, 6: 6})
    assert caught.value.code == "rules.range"
    assert f"between 1 and {high}" in caught.value.message("en")


def test_twenty_five_million_jokers_are_refused() -> None:
    with pytest.raises(RuleError) as caught:
        variant("rami51").with_overrides(jokers=25_000_000)
    assert caught.value.message("en") == (
        "Number of jokers must be between 0 and 16 (got 25000000).")


@pytest.mark.parametrize(
    ("value", "code", "quoted"),
    [("²", "rules.value", "²"), ("5" * 5000, "rules.range", "555…)"),
     ("-" + "5" * 5000, "rules.range", " -555"), ("x" * 5000, "rules.value", "xxx…"),
     (" 12 000 ", "rules.value", "12 000")],
)  # fmt: skip
def test_a_typed_value_that_looks_like_a_number_gets_a_clear_refusal(value: str, code: str,
                                                                  quoted: str) -> None:
    with pytest.raises(RuleError) as caught:
        variant("rami51").with_overrides(target=value)
    assert caught.value.code == code
    for lang in ("en", "fr"):
        text = caught.value.message(lang)
        assert quoted in text and len(text) < 300 and "digits" not in text


def test_digits_of_any_script_are_read() -> None:
    assert variant("rami51").with_overrides(target="١٢").target == 12
    assert variant("rami51").with_overrides(target=" 1200 ").target == 1200


@pytest.mark.parametrize(
    ("changes", "code"),
    [({"colour": 3}, "rules.unknown"), ({"name": "x"}, "rules.unknown"),
     ({"opening_minimum": -1}, "rules.negative"), ({"target": "many"}, "rules.value"),
     ({"target": True}, "rules.value"), ({"ace_high": "maybe"}, "rules.value"),
     ({"meld_jokers": "two"}, "rules.choice"), ({"max_players": 9}, "rules.players_range"),
     ({"min_players": 5, "max_players": 4}, "rules.players_range"),
     ({"max_players": 7}, "rules.hand_size_missing"), ({"hand_sizes": 20}, "rules.deck_too_small"),
     ({"hand_sizes": "x"}, "rules.value"), ({"decks": 0}, "rules.range"),
     ({"rami_sec_multiplier": 0}, "rules.range"), ({"ace_opening": "ten"}, "rules.choice"),
     ({"match_end": "passes"}, "rules.choice")],
)  # fmt: skip
def test_bad_overrides_raise_rule_error(changes: dict[str, object], code: str) -> None:
    with pytest.raises(RuleError) as caught:
        variant("rami51").with_overrides(**changes)
    assert caught.value.code == code
    assert caught.value.message("en") != caught.value.message("fr")


@pytest.mark.parametrize("name", NAMES)
def test_to_dict_round_trips_through_json(name: str) -> None:
    rules = variant(name).with_overrides(target=300)
    again = rules_from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules


def test_from_dict_refuses_a_missing_or_bad_parameter() -> None:
    data = variant("rami30").to_dict()
    del data["target"]
    with pytest.raises(RuleError):
        rules_from_dict(data)
    data = variant("rami30").to_dict() | {"kind": "tiles"}
    with pytest.raises(RuleError):
        rules_from_dict(data)


@pytest.mark.parametrize("name", ["classic", "rami51", "rami30"])
def test_rules_saved_before_issue_30_play_on_as_they_were(name: str) -> None:
    """A game saved without ``identical_discard_ban`` / ``lay_off_before_opening`` keeps
    the behaviour it was started with: an identical copy may be discarded, and nobody
    lays off before their opening."""
    data = variant(name).to_dict()
    del data["identical_discard_ban"], data["lay_off_before_opening"]
    rules = rules_from_dict(json.loads(json.dumps(data)))
    assert (rules.identical_discard_ban, rules.lay_off_before_opening) == (False, False)
    assert rules == variant(name).with_overrides(identical_discard_ban=False,
                                                 lay_off_before_opening=False)


@pytest.mark.parametrize("name", ["rami51", "rami30"])
def test_rules_saved_before_the_new_parameters_play_on_as_they_were(name: str) -> None:
    """A game saved without ``ace_opening`` / ``match_end`` keeps the behaviour it was
    started with: the ace by its place, the match ended by reaching the target."""
    data = variant(name).to_dict()
    del data["ace_opening"], data["match_end"]
    rules = rules_from_dict(json.loads(json.dumps(data)))
    assert (rules.ace_opening, rules.match_end) == (AceOpening.BY_PLACE, MatchEnd.REACHES)
