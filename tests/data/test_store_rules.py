"""A server's rule changes, merged one parameter at a time inside the store's write
transaction: two changes at once both stay, a bad value writes nothing."""

from __future__ import annotations

import asyncio

import pytest

from data import Store
from tests.data.helpers import Clock, Where

GUILD = 7


async def test_two_changes_of_different_parameters_at_once_both_stay(
        store: Store, where: Where, clock: Clock) -> None:
    async with await Store.open(where, clock=clock) as other:
        for round_ in range(5):  # several tries, so that the two do cross
            await store.reset_rule(GUILD, "classic")
            await asyncio.gather(
                store.set_rule(GUILD, "classic", "target", str(100 + round_)),
                other.set_rule(GUILD, "classic", "jokers", "4"),
            )
            overrides = (await store.guild_settings(GUILD)).rule_overrides
            assert dict(overrides["classic"]) == {"target": 100 + round_, "jokers": 4}


async def test_a_rule_is_kept_as_the_engine_reads_it(store: Store) -> None:
    settings = await store.set_rule(GUILD, "Classique", " TARGET ", "150")
    assert dict(settings.rule_overrides) == {"classic": {"target": 150}}
    settings = await store.set_rule(GUILD, "classic", "hand_sizes", "6")
    assert settings.rule_overrides["classic"]["hand_sizes"] == "2:6, 3:6, 4:6, 5:6, 6:6"
    assert await store.guild_settings(GUILD) == settings


@pytest.mark.parametrize(("variant", "parameter", "value"), [
    ("nope", "target", "100"), ("classic", "colour", "red"), ("classic", "name", "x"),
    ("classic", "target", "many"), ("classic", "jokers", "-1"), ("classic", "target", []),
])
async def test_a_bad_rule_change_writes_nothing(store: Store, variant: str, parameter: str,
                                                value: object) -> None:
    await store.set_rule(GUILD, "classic", "target", "150")
    before = await store.guild_settings(GUILD)
    with pytest.raises(ValueError):
        await store.set_rule(GUILD, variant, parameter, value)  # type: ignore[arg-type]
    assert await store.guild_settings(GUILD) == before


async def test_reset_one_parameter_or_every_one(store: Store) -> None:
    await store.set_rule(GUILD, "classic", "target", "150")
    await store.set_rule(GUILD, "classic", "jokers", "4")
    await store.set_rule(GUILD, "rami51", "target", "200")
    settings = await store.reset_rule(GUILD, "classic", "target")
    assert {k: dict(v) for k, v in settings.rule_overrides.items()} == {
        "classic": {"jokers": 4}, "rami51": {"target": 200}}
    settings = await store.reset_rule(GUILD, "classic", "jokers")  # the last: none left
    assert dict(settings.rule_overrides) == {"rami51": {"target": 200}}
    await store.set_rule(GUILD, "rami51", "jokers", "4")
    settings = await store.reset_rule(GUILD, "rami51")
    assert dict(settings.rule_overrides) == {}
    with pytest.raises(ValueError):
        await store.reset_rule(GUILD, "nope")


async def test_several_rules_are_saved_together_or_not_at_all(store: Store) -> None:
    await store.set_rule(GUILD, "classic", "target", "150")
    settings = await store.set_rules(GUILD, "classic", {"jokers": "4", "ace_high": "yes"})
    assert dict(settings.rule_overrides["classic"]) == {"target": 150, "jokers": 4,
                                                        "ace_high": True}
    with pytest.raises(ValueError):  # the second refused: the first not saved either
        await store.set_rules(GUILD, "classic", {"jokers": "2", "target": "many"})
    assert await store.guild_settings(GUILD) == settings
