"""The variant registry: names and aliases, registering a variant made of parameters, and
a server's overrides applied by one function."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator

import pytest

from engine import (
    Game,
    RuleError,
    RuleSet,
    register_variant,
    rules_from_dict,
    server_rules,
    unregister_variant,
    variant,
    variant_names,
)
from tests.engine.helpers import RAMI40, registered

PRESETS = ("classic", "rami51", "rami30", "gameduell", "tiles")


@pytest.fixture
def rami40() -> Iterator[RuleSet]:
    with registered(RAMI40, aliases=("40", "rami-40")) as rules:
        yield rules


@pytest.mark.parametrize(
    ("alias", "name"),
    [("Classic", "classic"), ("rami-51", "rami51"), ("51", "rami51"), ("30", "rami30"),
     ("RAMI_30", "rami30"), ("GameDuell", "gameduell"), ("rummikub", "tiles"),
     ("tuiles", "tiles"), (" Rami 51 ", "rami51")],
)  # fmt: skip
def test_aliases(alias: str, name: str) -> None:
    assert variant(alias).name == name


def test_variant_names_lists_the_presets_in_order() -> None:
    assert variant_names() == PRESETS


@pytest.mark.parametrize("name", ["poker", "", "ra", 51])
def test_an_unknown_variant_lists_the_known_ones(name: object) -> None:
    with pytest.raises(RuleError) as caught:
        variant(name)  # type: ignore[arg-type]
    assert caught.value.code == "rules.variant"
    assert "rami51" in str(caught.value) and "gameduell" in caught.value.message("fr")


def test_a_registered_variant_is_found_by_name_and_alias(rami40: RuleSet) -> None:
    assert variant_names() == (*PRESETS, "rami40")
    assert variant("rami40") is rami40
    assert variant("RAMI-40") is rami40 and variant("40") is rami40
    with pytest.raises(RuleError, match="rami40"):
        variant("poker")


def test_unregistering_removes_the_name_and_the_aliases(rami40: RuleSet) -> None:
    unregister_variant("rami40")
    try:
        assert variant_names() == PRESETS
        for name in ("rami40", "40", "rami-40"):
            with pytest.raises(RuleError):
                variant(name)
        with pytest.raises(RuleError):
            unregister_variant("rami40")
    finally:
        register_variant(rami40, aliases=("40", "rami-40"))


def test_a_registered_variant_round_trips_through_a_saved_game(rami40: RuleSet) -> None:
    changed = rami40.with_overrides(target=300)
    assert rules_from_dict(json.loads(json.dumps(changed.to_dict()))) == changed
    game = Game.new(changed, ["Ana", "Bob"], seed=3)
    again = Game.from_json(game.to_json())
    assert again.rules == changed and again.view(0) == game.view(0)


@pytest.mark.parametrize(
    ("name", "aliases"),
    [("rami51", ()), ("rami40", ("51",)), ("rami40", ("rami51",)), ("rami40", ("x", "X")),
     ("rami40", ("Classique",))],
)  # fmt: skip
def test_a_taken_name_or_alias_is_refused_and_nothing_registered(
    name: str, aliases: tuple[str, ...]
) -> None:
    rules = dataclasses.replace(variant("rami51"), name=name)
    with pytest.raises(RuleError) as caught:
        register_variant(rules, aliases)
    assert caught.value.code == "rules.variant_taken"
    assert variant_names() == PRESETS
    assert variant("51").name == "rami51"
    with pytest.raises(RuleError):
        variant("x")


@pytest.mark.parametrize(("name", "aliases"), [
    ("Rami40", ()), ("rami 40", ()), ("rami_40", ()), ("rami-40", ()), ("", ()),
    ("rami40", ("40", " ")),
])  # fmt: skip
def test_a_variant_name_is_written_as_players_look_it_up(
    name: str, aliases: tuple[str, ...]
) -> None:
    with pytest.raises(RuleError) as caught:
        register_variant(dataclasses.replace(variant("rami51"), name=name), aliases)
    assert caught.value.code == "rules.variant_name"
    assert variant_names() == PRESETS


def test_an_unplayable_variant_is_refused() -> None:
    rules = dataclasses.replace(variant("rami30"), name="huge", hand_sizes=((2, 20), (3, 20),
                                                                           (4, 20)))
    with pytest.raises(RuleError) as caught:
        register_variant(rules)
    assert caught.value.code == "rules.deck_too_small"
    assert "huge" not in variant_names()


# ------------------------------------------------------------------ a server's overrides
OVERRIDES = {"rami51": {"opening_minimum": "40", "target": 500}, "classic": {"target": 50}}


def test_without_overrides_a_server_plays_the_preset() -> None:
    assert server_rules("rami30", {}) is variant("rami30")
    assert server_rules("30", OVERRIDES) is variant("rami30")


def test_a_servers_overrides_apply_to_the_variant_by_name_or_alias() -> None:
    rules = server_rules("51", OVERRIDES)
    assert (rules.name, rules.opening_minimum, rules.target) == ("rami51", 40, 500)
    assert server_rules("Classic", OVERRIDES).target == 50


def test_a_lobbys_changes_come_after_the_servers() -> None:
    rules = server_rules("rami51", OVERRIDES, target=0)
    assert (rules.opening_minimum, rules.target) == (40, 0)


def test_a_registered_variant_takes_its_overrides(rami40: RuleSet) -> None:
    assert server_rules("40", {"rami40": {"jokers": 0}}).jokers == 0


@pytest.mark.parametrize(
    ("name", "overrides", "changes", "code"),
    [("poker", {}, {}, "rules.variant"),
     ("rami51", {"rami51": {"opening_minimum": "lots"}}, {}, "rules.value"),
     ("rami51", {"rami51": {"colour": "red"}}, {}, "rules.unknown"),
     ("rami51", {}, {"target": -1}, "rules.negative"),
     ("rami30", {"rami30": {"hand_sizes": 14}}, {}, "rules.deck_too_small")],
)  # fmt: skip
def test_a_bad_override_raises_rule_error(
    name: str, overrides: dict[str, dict[str, object]], changes: dict[str, object], code: str
) -> None:
    with pytest.raises(RuleError) as caught:
        server_rules(name, overrides, **changes)
    assert caught.value.code == code
