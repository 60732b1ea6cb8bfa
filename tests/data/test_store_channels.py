"""A guild's settings of one channel, a row each (issue 27, migration 0012): two changes
of two channels at once, from two processes, both stay (time-outs and allowed channels);
the limit of channels with a time-out of their own holds, writing nothing past it; bad
input writes nothing; the guild's JSON no longer holds them; version 11's are moved into
rows. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json

import pytest

from data import GuildSettings, Store, TooManyChannels
from data.settings import MAX_CHANNEL_TIMEOUTS
from tests.data.helpers import Clock, Where, raw

GUILD = 7


async def test_two_channels_time_outs_set_at_once_by_two_processes_both_stay(
        store: Store, where: Where, clock: Clock) -> None:
    async with await Store.open(where, clock=clock) as other:
        for round_ in range(5):  # several tries, so that the two do cross
            await asyncio.gather(
                store.edit_channels(GUILD, timeouts={100 + round_: 60 + round_}),
                other.edit_channels(GUILD, timeouts={200 + round_: 3600}),
            )
        timeouts = (await store.guild_settings(GUILD)).channel_timeouts
    assert dict(timeouts) == {**{100 + n: 60 + n for n in range(5)},
                              **{200 + n: 3600 for n in range(5)}}


async def test_allowed_channels_changed_at_once_by_two_processes_all_stay(
        store: Store, where: Where, clock: Clock) -> None:
    async with await Store.open(where, clock=clock) as other:
        await store.edit_channels(GUILD, allow=[1, 2])
        await asyncio.gather(store.edit_channels(GUILD, allow=[3], disallow=[1]),
                             other.edit_channels(GUILD, allow=[4]),
                             other.edit_channels(GUILD, timeouts={2: 90}))
    settings = await store.guild_settings(GUILD)
    assert settings.allowed_channels == {2, 3, 4} and dict(settings.channel_timeouts) == {2: 90}
    assert settings.allows(3) and not settings.allows(1)


async def test_a_channel_set_back_to_the_servers_keeps_no_row(store: Store, where: Where) -> None:
    await store.edit_channels(GUILD, timeouts={5: 45}, allow=[6])
    cleared = await store.edit_channels(GUILD, timeouts={5: None}, disallow_all=True)
    assert cleared.channel_timeouts == {} and cleared.allowed_channels == frozenset()
    assert cleared.turn_timeout_in(5) == GuildSettings().turn_timeout_s
    assert await raw(where, "SELECT channel_id FROM guild_channels") == []


async def test_the_limit_of_channels_with_their_own_time_out_writes_nothing_past_it(
        store: Store, where: Where, clock: Clock) -> None:
    full = {n: 60 for n in range(1, MAX_CHANNEL_TIMEOUTS)}
    await store.edit_channels(GUILD, timeouts=full)
    async with await Store.open(where, clock=clock) as other:
        # Two processes add the last place at once: one gets it, the other is refused.
        done = await asyncio.gather(store.edit_channels(GUILD, timeouts={1001: 60}),
                                    other.edit_channels(GUILD, timeouts={1002: 60}),
                                    return_exceptions=True)
    refused = [result for result in done if isinstance(result, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], TooManyChannels), done
    assert refused[0].most == MAX_CHANNEL_TIMEOUTS
    settings = await store.guild_settings(GUILD)
    assert len(settings.channel_timeouts) == MAX_CHANNEL_TIMEOUTS
    again = await store.edit_channels(GUILD, timeouts={1: 120})  # a change of one set
    assert again.turn_timeout_in(1) == 120
    with pytest.raises(TooManyChannels):
        await store.edit_channels(GUILD, timeouts={2: None, 3000: 60, 3001: 60}, allow=[9])
    assert await store.guild_settings(GUILD) == again  # all or nothing: 2 and 9 unchanged


@pytest.mark.parametrize(("changes", "message"), [
    ({"timeouts": {5: 29}}, "between 30 and 259200"),
    ({"timeouts": {5: 3 * 86400 + 1}}, "between"),
    ({"timeouts": {5: "60"}}, "whole number"),
    ({"timeouts": {0: 60}}, "channel ids"),
    ({"timeouts": {"5": 60}}, "channel ids"),
    ({"allow": [5, True]}, "channel ids"),
    ({"allow": "5"}, "channel ids"),
    ({"disallow": [-3]}, "channel ids"),
    ({"allow": [5], "disallow": [5]}, "both allowed and disallowed"),
])
async def test_bad_channel_changes_write_nothing(store: Store, changes: dict[str, object],
                                                 message: str) -> None:
    before = await store.edit_channels(GUILD, timeouts={8: 45}, allow=[8])
    with pytest.raises(ValueError, match=message):
        await store.edit_channels(GUILD, **changes)  # type: ignore[arg-type]
    assert await store.guild_settings(GUILD) == before


async def test_the_guilds_json_holds_no_channel_and_a_whole_update_still_replaces(
        store: Store, where: Where) -> None:
    await store.edit_channels(GUILD, timeouts={5: 45, 6: 90}, allow=[5])
    saved = await store.update_guild_settings(GUILD, turn_timeout_s=120,
                                              channel_timeouts={6: 60}, allowed_channels=[7])
    assert dict(saved.channel_timeouts) == {6: 60} and saved.allowed_channels == {7}
    assert await store.guild_settings(GUILD) == saved
    [(text,)] = await raw(where, "SELECT settings FROM guild_settings")
    assert json.loads(text) == {"turn_timeout_s": 120}
    rows = await raw(where, "SELECT channel_id, allowed, turn_timeout_s FROM guild_channels"
                            " ORDER BY channel_id")
    assert [tuple(row) for row in rows] == [(6, 0, 60), (7, 1, None)]


async def test_a_stored_time_out_no_longer_valid_is_ignored(store: Store, where: Where) -> None:
    await store.edit_channels(GUILD, timeouts={5: 45, 6: 90})
    await raw(where, "UPDATE guild_channels SET turn_timeout_s = 10 WHERE channel_id = 5")
    assert dict((await store.guild_settings(GUILD)).channel_timeouts) == {6: 90}


# --------------------------------------------------------------------- migration 0012
VERSION_11 = [
    (1, '{"allowed_channels":[4,5],"channel_timeouts":{"5":45,"6":600},"language":"fr"}'),
    (2, '{"channel_timeouts":{"9":90}}'),
    (3, 'not json'),  # read as the defaults, as before
    (4, '{"allowed_channels":"7","channel_timeouts":{"x":45,"8":"60"},"turn_timeout_s":90}'),
    (5, '{"turn_timeout_s":120}'),
    (6, '{"allowed_channels":[1300000000000000021],'
        '"channel_timeouts":{"1300000000000000022":259200}}'),  # Discord's ids, past 2^31
]


async def test_version_11_channels_are_moved_into_rows(empty: Where, clock: Clock) -> None:
    async with await Store.open(empty, clock=clock, schema_target=11):
        pass
    for guild, text in VERSION_11:
        await raw(empty, "INSERT INTO guild_settings (guild_id, settings, updated_at)"
                         " VALUES (?, ?, 1.5)", guild, text)
    async with await Store.open(empty, clock=clock) as store:
        first, second, damaged, odd, untouched, big = [
            await store.guild_settings(guild) for guild, _ in VERSION_11]
    assert first == GuildSettings(allowed_channels=frozenset({4, 5}), language="fr",
                                  channel_timeouts={5: 45, 6: 600})
    assert second == GuildSettings(channel_timeouts={9: 90})
    assert damaged == GuildSettings()
    assert odd == GuildSettings(turn_timeout_s=90)  # what was not channel ids is dropped
    assert untouched == GuildSettings(turn_timeout_s=120)
    assert big == GuildSettings(allowed_channels=frozenset({1300000000000000021}),
                                channel_timeouts={1300000000000000022: 259200})
    texts = dict(await raw(empty, "SELECT guild_id, settings FROM guild_settings"))
    assert texts[3] == "not json"
    assert all("channel" not in texts[g] for g in (1, 2, 4, 5, 6))
    assert json.loads(texts[1]) == {"language": "fr"}
