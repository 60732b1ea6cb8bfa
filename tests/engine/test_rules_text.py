"""A rule set's summary: what players read in ``/rummy rules`` and in a lobby, in both
languages, always the figures of the rule set itself."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import RuleSet, rules_summary, variant, variant_names
from engine.i18n import Catalog, languages, use_catalog

# (variant, overrides, English fragments, French fragments): each fragment must be said.
STATED: list[tuple[str, dict[str, Any], tuple[str, ...], tuple[str, ...]]] = [
    ("classic", {}, (
        "1 deck of 52 and no jokers, 52 cards in all", "Players: 2 to 6",
        "Deal: 10 cards each with 2 players, 7 with 3 or 4, 6 with 5 or 6.",
        "Opening: no minimum", "ace low only", "at most 3 times",
        "the player with the fewest points in hand receives the difference",
        "J, Q, K 10, ace 1.", "scores the total of the cards left in the other hands",
        "reaches 100 points; the highest total wins", "A tie for the win plays one more round",
    ), (
        "1 jeu de 52 et aucun joker, 52 cartes en tout", "Joueurs : de 2 à 6",
        "Distribution : 10 cartes chacun pour 2 joueurs, 7 pour 3 ou 4, 6 pour 5 ou 6.",
        "Première pose : aucun minimum", "l'as toujours en bas", "3 fois au plus",
        "V, D, R 10, as 1.", "atteint 100 points ; le plus haut total gagne",
    )),
    ("rami51", {}, (
        "2 decks of 52 and 4 jokers, 108 cards in all", "Deal: 13 cards each.",
        "at least 51 points.", "Q-K-A", "any number in a meld",
        "must be laid again in the same turn", "A joker may be discarded like any card",
        "the ace 11 wherever it stands (A-2-3 counts 16)",
        "You may not lay off on the table's melds in the turn you open",
        "ace 11, joker 20", "never melded scores 100 points instead (200 points if the winner",
        "reaches 1000 points; the lowest total wins",
    ), (
        "2 jeux de 52 et 4 jokers, 108 cartes en tout", "Distribution : 13 cartes chacun.",
        "au moins 51 points.", "D-R-A", "doit être reposé dans le même tour",
        "as 11, joker 20", "rien posé marque 100 points à la place (200 points si",
        "défausse", "pioche", "combinaison", "Première pose",
        "l'as pour 11 où qu'il soit (A-2-3 vaut 16)", "Pas d'ajout aux combinaisons de la table",
    )),
    ("rami30", {}, (
        "1 deck of 52 and 2 jokers, 54 cards in all", "Players: 2 to 4",
        "Deal: 13 cards each with 2 or 3 players, 10 with 4.",
        "at least 30 points (50 points with two players)",
        "You may not lay off on the table's melds in the turn you open",
        "at most one in a meld", "may stay in your hand", "ace 15", "counts ×2",
        "the ace 1 in A-2-3 and 11 in Q-K-A", "goes past 1000 points; the lowest total wins",
    ), (
        "Distribution : 13 cartes chacun pour 2 ou 3 joueurs, 10 pour 4.",
        "au moins 30 points (50 points à deux joueurs)", "un seul au plus par combinaison",
        "as 15", "compte ×2", "dépasse 1000 points ; le plus petit total gagne",
    )),
    ("gameduell", {}, (
        "2 decks of 52 and 6 jokers, 110 cards in all", "Deal: 13 cards each.",
        "at least 51 points.", "may be laid straight back",
        "A player holding a single card may not take the discard",
        "Nobody may meld during their own first turn", "fewer than half of a meld",
        "only from a group of four", "only as your last, winning card",
        "Going out: only by discarding your last card", "counts ×2",
        "reaches 1000 points; the lowest total wins", "Players tied for the win all win",
    ), (
        "2 jeux de 52 et 6 jokers, 110 cartes en tout", "au moins 51 points.",
        "peut y être remise aussitôt", "que dans un carré",
        "Finir : uniquement en défaussant votre dernière carte",
        "atteint 1000 points", "Les joueurs à égalité pour la victoire gagnent tous",
    )),
    ("tiles", {}, (
        "Tiles: numbers 1 to 13 in four colours, 2 copies of each, and 2 jokers: 106 tiles",
        "Deal: 14 tiles each.", "from your rack", "from the pool", "at least 30 points",
        "rearrange", "a joker 30", "a single round; the highest score wins",
    ), (
        "106 tuiles en tout", "Distribution : 14 tuiles chacun.", "chevalet", "réserve",
        "au moins 30 points", "réarranger", "le joker 30", "une seule manche",
    )),
    ("rami51", {"opening_minimum": 40, "opening_minimum_two_players": 40},
     ("at least 40 points.",), ("au moins 40 points.",)),
    ("rami51", {"opening_minimum": 40},
     ("at least 40 points (51 points with two players)",),
     ("au moins 40 points (51 points à deux joueurs)",)),
    ("rami51", {"hand_sizes": 9}, ("Deal: 9 cards each.",), ("Distribution : 9 cartes chacun.",)),
    ("rami51", {"jokers": 0}, ("2 decks of 52 and no jokers, 104 cards in all", "ace 11."),
     ("2 jeux de 52 et aucun joker, 104 cartes en tout",)),
    ("rami51", {"decks": 1, "jokers": 1, "hand_sizes": 7, "max_players": 4},
     ("1 deck of 52 and 1 joker, 53 cards", "Deal: 7 cards each"),
     ("1 jeu de 52 et 1 joker, 53 cartes",)),
    ("rami51", {"target": 500}, ("reaches 500 points",), ("atteint 500 points",)),
    ("rami51", {"target": 0}, ("a single round; the lowest score wins",),
     ("une seule manche ; le plus petit score gagne",)),
    ("rami51", {"meld_jokers": "one"}, ("at most one in a meld",), ("un seul au plus",)),
    ("rami51", {"stock_end": "lowest_collects"}, ("fewest points in hand",),
     ("le moins de points en main",)),
    ("rami51", {"max_reshuffles": 1}, ("at most 1 time.",), ("1 fois au plus",)),
    ("rami51", {"max_reshuffles": 0}, ("The stock is never rebuilt.",),
     ("La pioche n'est jamais refaite.",)),
    ("rami51", {"draw_from_discard": False}, ("(never from the discard pile)",),
     ("(jamais dans la défausse)",)),
    ("rami30", {"ace_high": False}, ("ace low only", "the ace 1,"), ("l'as pour 1,",)),
    ("rami51", {"ace_high": False}, ("ace low only", "the ace 11 wherever"),
     ("l'as pour 11 où qu'il soit",)),
    ("rami51", {"ace_opening": "by_place"}, ("the ace 1 in A-2-3 and 11 in Q-K-A",),
     ("l'as pour 1 dans A-2-3 et pour 11 dans D-R-A",)),
    ("rami30", {"ace_opening": "eleven", "match_end": "reaches"},
     ("the ace 11 wherever it stands", "reaches 1000 points"),
     ("l'as pour 11 où qu'il soit", "atteint 1000 points")),
    ("rami51", {"match_end": "exceeds", "target": 500}, ("goes past 500 points",),
     ("dépasse 500 points",)),
    ("classic", {"match_end": "exceeds"},
     ("goes past 100 points; the highest total wins",), ("dépasse 100 points",)),
    ("rami51", {"joker_swap": "never"}, ("it cannot be swapped",), ("ne peut pas être échangé",)),
    ("rami51", {"min_players": 3, "max_players": 3}, ("Players: exactly 3.",),
     ("Joueurs : exactement 3.",)),
    ("classic", {"hand_sizes": {2: 10, 3: 7, 4: 7, 5: 7, 6: 6}},
     ("10 cards each with 2 players, 7 with 3 to 5, 6 with 6.",),
     ("10 cartes chacun pour 2 joueurs, 7 pour 3 à 5, 6 pour 6.",)),
    ("tiles", {"opening_minimum": 0, "opening_minimum_two_players": 0},
     ("Opening: no minimum",), ("Première pose : aucun minimum",)),
    ("tiles", {"target": 100}, ("reaches 100 points; the highest total wins",),
     ("atteint 100 points",)),
]  # fmt: skip


@pytest.mark.parametrize(("name", "changes", "english", "french"), STATED)
def test_the_summary_states_the_values_of_the_rules(
    name: str, changes: dict[str, Any], english: tuple[str, ...], french: tuple[str, ...]
) -> None:
    rules = variant(name).with_overrides(**changes)
    for lang, fragments in (("en", english), ("fr", french)):
        text = "\n".join(rules_summary(rules, lang))
        missing = [fragment for fragment in fragments if fragment not in text]
        assert missing == [], (lang, text)


# One sentence per value of every enum parameter (and the variant it is read on).
ENUM_SENTENCES = [
    ("discard_pick", "keep", "rami51", "may not be discarded again in the same turn"),
    ("discard_pick", "lay_back", "rami51", "may be laid straight back"),
    ("meld_jokers", "any", "rami30", "any number in a meld"),
    ("meld_jokers", "one", "rami51", "at most one in a meld"),
    ("meld_jokers", "minority", "rami51", "fewer than half of a meld"),
    ("joker_swap", "never", "rami51", "it cannot be swapped"),
    ("joker_swap", "after_opening", "gameduell", "you may take a joker from the table"),
    ("joker_swap", "complete_group", "rami51", "only from a group of four"),
    ("going_out", "any", "gameduell", "by melding, laying off or discarding"),
    ("going_out", "discard_only", "rami51", "only by discarding your last card"),
    ("stock_end", "lowest_collects", "rami51", "receives the difference"),
    ("stock_end", "no_winner", "classic", "stops with no winner"),
    ("stock_end", "blocked", "tiles", "once every player has passed in a row"),
    ("scoring", "winner_collects", "rami51", "scores the total of the cards left"),
    ("scoring", "penalty", "classic", "each other player scores the cards left"),
    ("scoring", "tiles", "tiles", "gains the total of the other racks"),
    ("ace_opening", "one", "rami51", "the ace 1, a joker"),
    ("ace_opening", "by_place", "rami51", "the ace 1 in A-2-3 and 11 in Q-K-A"),
    ("ace_opening", "eleven", "rami30", "the ace 11 wherever it stands"),
    ("match_end", "reaches", "rami30", "it ends when a player reaches"),
    ("match_end", "exceeds", "rami51", "it ends when a player goes past"),
]  # fmt: skip


@pytest.mark.parametrize(("parameter", "value", "name", "sentence"), ENUM_SENTENCES)
def test_every_enum_value_has_its_own_sentence(
    parameter: str, value: str, name: str, sentence: str
) -> None:
    rules = variant(name).with_overrides(**{parameter: value})
    assert sentence in " ".join(rules_summary(rules, "en"))
    others = [row for row in ENUM_SENTENCES if row[0] == parameter and row[1] != value]
    for _, _, _, other in others:
        assert other not in " ".join(rules_summary(rules, "en"))


# A change of each parameter players care about, on a variant where it matters.
CHANGES: dict[str, tuple[str, object]] = {
    "decks": ("rami30", 2), "jokers": ("rami51", 2), "min_players": ("rami51", 3),
    "max_players": ("rami51", 5), "hand_sizes": ("rami51", 11),
    "draw_from_discard": ("rami51", False), "discard_pick": ("rami51", "lay_back"),
    "single_card_no_discard_pick": ("rami51", True), "opening_minimum": ("rami51", 30),
    "opening_minimum_two_players": ("rami51", 50), "lay_off_in_opening_turn": ("rami51", True),
    "first_turn_meld_ban": ("rami51", True), "ace_high": ("rami51", False),
    "ace_opening": ("rami51", "by_place"), "match_end": ("rami51", "exceeds"),
    "meld_jokers": ("rami51", "one"), "joker_swap": ("rami51", "never"),
    "swapped_joker_must_be_laid": ("rami51", False), "joker_discard": ("rami51", False),
    "going_out": ("rami51", "discard_only"), "max_reshuffles": ("rami51", 2),
    "stock_end": ("rami51", "lowest_collects"), "ace_hand_value": ("rami51", 1),
    "joker_hand_value": ("rami51", 25), "scoring": ("rami51", "winner_collects"),
    "never_melded_penalty": ("rami51", 50), "never_melded_penalty_rami_sec": ("rami51", 300),
    "rami_sec_multiplier": ("rami51", 3), "high_wins": ("rami51", True),
    "target": ("rami51", 500), "tie_plays_on": ("rami51", False),
    "identical_discard_ban": ("rami51", False), "lay_off_before_opening": ("rami51", True),
}  # fmt: skip


def test_every_parameter_has_a_change_players_read() -> None:
    editable = {field.name for field in fields(RuleSet)} - {"name", "kind"}
    assert set(CHANGES) == editable


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("parameter", sorted(CHANGES))
def test_a_changed_parameter_changes_the_summary(parameter: str, lang: str) -> None:
    name, value = CHANGES[parameter]
    before = variant(name)
    after = before.with_overrides(**{parameter: value})
    assert rules_summary(after, lang) != rules_summary(before, lang)


# The parameters the tile engine reads, each changed on tile rummy (played to 100 where
# the change is about a match of several rounds; one deck where three hands of 14 fit).
TILE_CHANGES = [
    ({"max_players": 3}, {"decks": 1}), ({}, {"jokers": 0}), ({}, {"max_players": 3}),
    ({}, {"hand_sizes": 12}),
    ({}, {"opening_minimum": 25}), ({}, {"opening_minimum_two_players": 40}),
    ({}, {"joker_hand_value": 25}), ({}, {"target": 100}), ({}, {"high_wins": False}),
    ({"target": 100}, {"tie_plays_on": True}),
]  # fmt: skip


@pytest.mark.parametrize(("base", "change"), TILE_CHANGES)
def test_a_changed_tile_parameter_changes_the_summary(
    base: dict[str, Any], change: dict[str, Any]
) -> None:
    before = variant("tiles").with_overrides(**base)
    assert rules_summary(before.with_overrides(**change), "fr") != rules_summary(before, "fr")


@given(st.integers(1, 200), st.integers(1, 5000))
def test_the_opening_and_the_target_are_quoted(opening: int, target: int) -> None:
    rules = variant("rami51").with_overrides(opening_minimum=opening,
                                             opening_minimum_two_players=opening, target=target)
    text = " ".join(rules_summary(rules, "en"))
    assert f"at least {opening} point" in text and f"reaches {target} point" in text


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", variant_names())
def test_a_summary_leaves_room_in_a_discord_embed(name: str, lang: str) -> None:
    """An embed description holds 4,096 characters; the lobby adds its seats below."""
    lines = rules_summary(variant(name), lang)
    assert all(lines) and len("\n".join(lines)) < 3000


def test_a_summary_is_worded_once_per_catalog() -> None:
    rules = variant("rami51")
    first = rules_summary(rules, "fr")
    assert rules_summary(rules, "fr") is first  # kept
    use_catalog(Catalog())  # another catalog (a host's words): worded again from it
    try:
        again = rules_summary(rules, "fr")
        assert again == first and again is not first
    finally:
        use_catalog(None)
