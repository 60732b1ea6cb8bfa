"""Guild settings and player preferences: defaults, round trips, validation writes nothing."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import pytest

from data import GuildSettings, PlayerPrefs, Store
from engine import register_variant, unregister_variant, variant
from tests.data.helpers import Where, raw


async def test_defaults_without_any_row(store: Store) -> None:
    assert await store.guild_settings(1) == GuildSettings()
    assert await store.player_prefs(1) == PlayerPrefs()
    defaults = GuildSettings()
    assert (defaults.default_variant, defaults.turn_timeout_s, defaults.language) == (
        "rami51",
        300,
        None,
    )
    assert defaults.rule_overrides == {} and defaults.allowed_channels == frozenset()
    assert defaults.allows(12345)
    assert (defaults.daily_variant, defaults.daily_opponents, defaults.daily_level,
            defaults.daily_close, defaults.daily_timezone, defaults.daily_channel) == (
        "rami30", 2, "mixed", 21 * 60, "Europe/Paris", None)


async def test_daily_settings_round_trip(store: Store) -> None:
    saved = await store.update_guild_settings(
        7, daily_variant="rami51", daily_opponents=3, daily_level="hard", daily_close=18 * 60,
        daily_timezone="America/Montreal", daily_channel=42)
    assert await store.guild_settings(7) == saved
    assert (saved.daily_timezone, saved.daily_close, saved.daily_channel) == (
        "America/Montreal", 1080, 42)
    assert (await store.update_guild_settings(7, daily_channel=None)).daily_channel is None


async def test_guild_settings_round_trip(store: Store, where: Where) -> None:
    updated = await store.update_guild_settings(
        7,
        default_variant="rami30",
        rule_overrides={"rami51": {"opening_minimum": 40}},
        turn_timeout_s=120,
        language="fr",
        allowed_channels=[5, 4, 5],
    )
    assert updated == GuildSettings(
        default_variant="rami30",
        rule_overrides={"rami51": {"opening_minimum": 40}},
        turn_timeout_s=120,
        language="fr",
        allowed_channels=frozenset({4, 5}),
    )
    assert updated.allows(4) and not updated.allows(6)
    async with await Store.open(where) as reopened:
        assert await reopened.guild_settings(7) == updated
    # A partial update keeps the rest; another guild is untouched.
    again = await store.update_guild_settings(7, language=None)
    assert again.language is None and again.turn_timeout_s == 120
    assert await store.guild_settings(8) == GuildSettings()


async def test_only_changed_values_are_stored(store: Store, where: Where) -> None:
    await store.update_guild_settings(7, turn_timeout_s=120, language=None)
    [(text,)] = await raw(where, "SELECT settings FROM guild_settings")
    assert text == '{"turn_timeout_s":120}'


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colour": "red"}, "unknown GuildSettings key"),
        ({"default_variant": "poker"}, "unknown variant 'poker'"),
        ({"default_variant": 51}, "default_variant"),
        ({"turn_timeout_s": "300"}, "whole number"),
        ({"turn_timeout_s": True}, "whole number"),
        ({"turn_timeout_s": 1}, "between"),
        ({"turn_timeout_s": 29}, "between 30 and 259200"),  # 30 s at least (issue 27)
        ({"turn_timeout_s": 259_201}, "between 30 and 259200"),
        ({"language": "de"}, "language"),
        ({"allowed_channels": "123"}, "channel ids"),
        ({"allowed_channels": [1, "2"]}, "channel ids"),
        ({"rule_overrides": {"rami51": {"no_such_rule": 1}}}, "rule_overrides"),
        ({"rule_overrides": {"poker": {}}}, "unknown variant"),
        ({"rule_overrides": {"rami51": {"opening_minimum": [1]}}}, "opening_minimum"),
        ({"rule_overrides": ["rami51"]}, "rule_overrides"),
        ({"turn_timeout_s": 60, "language": "xx"}, "language"),  # one bad key: nothing written
        ({"daily_timezone": "Mars/Olympus"}, "unknown time zone"),
        ({"daily_timezone": "../etc"}, "unknown time zone"),
        ({"daily_close": 1440}, "between"),
        ({"daily_opponents": 0}, "between"),
        ({"daily_variant": "poker"}, "unknown variant"),
        ({"daily_channel": "general"}, "channel id"),
        ({"daily_level": "Hard!"}, "daily_level"),
    ],
)
async def test_bad_guild_settings_write_nothing(
    store: Store, changes: dict[str, Any], message: str
) -> None:
    before = await store.update_guild_settings(1, turn_timeout_s=90)
    with pytest.raises(ValueError, match=message):
        await store.update_guild_settings(1, **changes)
    assert await store.guild_settings(1) == before


async def test_a_registered_variant_can_be_chosen_and_changed(store: Store) -> None:
    register_variant(dataclasses.replace(variant("rami51"), name="rami40", opening_minimum=40))
    try:
        saved = await store.update_guild_settings(
            1, default_variant="rami40", rule_overrides={"rami40": {"target": 200}})
        assert saved.default_variant == "rami40"
        refused = "“x” is not a valid value for Target score: expected a whole number"
        with pytest.raises(ValueError, match=refused):
            await store.update_guild_settings(1, rule_overrides={"rami40": {"target": "x"}})
        assert await store.guild_settings(1) == saved
    finally:
        unregister_variant("rami40")


async def test_player_prefs_round_trip(store: Store, where: Where) -> None:
    prefs = await store.update_player_prefs(5, theme="four-colour", back="red", sort="own")
    assert prefs == PlayerPrefs(theme="four-colour", back="red", sort="own", language=None)
    prefs = await store.update_player_prefs(5, language="fr")
    async with await Store.open(where) as reopened:
        assert await reopened.player_prefs(5) == PlayerPrefs("four-colour", "red", "own", "fr")
    assert await store.player_prefs(6) == PlayerPrefs()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"theme": "Neon lights"}, "theme must be a name"),  # render's names: bot.session
        ({"back": ""}, "back"),
        ({"sort": 3}, "sort"),
        ({"sort": None}, "sort"),
        ({"language": "en-GB"}, "language"),
        ({"avatar": "x"}, "unknown PlayerPrefs key"),
        ({"theme": "dark", "back": 3}, "back"),
    ],
)
async def test_bad_player_prefs_write_nothing(
    store: Store, changes: dict[str, Any], message: str
) -> None:
    await store.update_player_prefs(5, theme="dark")
    with pytest.raises(ValueError, match=message):
        await store.update_player_prefs(5, **changes)
    assert await store.player_prefs(5) == PlayerPrefs(theme="dark")


async def test_a_stored_value_no_longer_valid_falls_back_loudly(
    store: Store, where: Where, caplog: pytest.LogCaptureFixture
) -> None:
    await store.update_player_prefs(5, theme="dark", back="red")
    await raw(where, """UPDATE player_prefs SET prefs = '{"theme":"Retired!","back":"red"}'""")
    await raw(where, "INSERT INTO guild_settings VALUES (3, 'not json', 0),"
                     " (4, '{\"gone\": 1}', 0)")
    with caplog.at_level(logging.WARNING, logger="data.settings"):
        assert await store.player_prefs(5) == PlayerPrefs(back="red")
        assert await store.guild_settings(3) == GuildSettings()
        assert await store.guild_settings(4) == GuildSettings()
    assert "ignoring stored theme" in caplog.text
    assert "unreadable" in caplog.text and "ignoring stored gone" in caplog.text


async def test_a_time_out_chosen_under_the_older_minimum_reads_as_the_new_one(
    store: Store, where: Where
) -> None:
    # 15 s was the shortest a server could choose before issue 27; now 30 s is.
    await raw(where, "INSERT INTO guild_settings VALUES (3, '{\"turn_timeout_s\": 15}', 0),"
                     " (4, '{\"turn_timeout_s\": 29}', 0), (5, '{\"turn_timeout_s\": 14}', 0)")
    assert (await store.guild_settings(3)).turn_timeout_s == 30
    assert (await store.guild_settings(4)).turn_timeout_s == 30
    assert (await store.guild_settings(5)).turn_timeout_s == GuildSettings().turn_timeout_s
    assert (await store.update_guild_settings(4, turn_timeout_s=30)).turn_timeout_s == 30


async def test_channel_timeouts_are_checked_and_saved_as_numbers(store: Store) -> None:
    """Issue 27: a channel's own turn time-out, 30 s to 3 days, at most 50 channels."""
    from data.settings import MAX_CHANNEL_TIMEOUTS, decode, encode

    saved = await store.update_guild_settings(1, channel_timeouts={5: 45})
    assert saved.turn_timeout_in(5) == 45 and saved.turn_timeout_in(6) == 300
    assert (await store.guild_settings(1)).channel_timeouts == {5: 45}
    for bad in ({5: 29}, {5: 3 * 86400 + 1}, {"x": 45}, {0: 45}, [5],
                {n: 60 for n in range(1, MAX_CHANNEL_TIMEOUTS + 2)}):
        with pytest.raises(ValueError):
            await store.update_guild_settings(1, channel_timeouts=bad)
    assert (await store.guild_settings(1)).channel_timeouts == {5: 45}
    text = encode(saved)
    assert decode(type(saved), text, owner="test").channel_timeouts == {5: 45}
