"""What several processes share through the store: due turns claimed under a lease (one
process plays each, another takes over a dead one's), the shard filter, and the hand
messages' interaction tokens with their expiry. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json

import pytest

from data import HandMessage, Store
from tests.data.helpers import Clock, Where, raw

STATE = json.dumps({"lobby": {"seats": [1, 2]}, "game": None})
SHARD_BITS = 22  # Discord: a guild's shard is (guild_id >> 22) % shard_count


def guild_on_shard(shard: int, count: int, n: int = 1) -> int:
    """A guild id Discord sends to ``shard`` of ``count`` shards."""
    return ((n * count + shard) << SHARD_BITS) + 12345


async def test_a_due_turn_is_claimed_once_until_its_lease_ends(
        store: Store, clock: Clock) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE, deadline=clock.now - 1)
    await store.create_game(11, 20, 30, "rami51", STATE, deadline=clock.now + 60)  # not due
    (turn,) = await store.claim_due_turns(lease_s=30)
    assert (turn.game_id, turn.channel_id, turn.guild_id, turn.deadline, turn.version) == (
        game.id, 10, 20, clock.now - 1, 0)
    assert await store.claim_due_turns() == []  # leased: nobody else takes it
    clock.advance(29)
    assert await store.claim_due_turns() == []
    clock.advance(1)  # the process holding it died: the lease ends, another takes it
    assert [t.game_id for t in await store.claim_due_turns()] == [game.id]


async def test_a_save_that_keeps_the_turn_keeps_its_lease(store: Store, clock: Clock) -> None:
    due = clock.now - 1
    game = await store.create_game(10, 20, 30, "rami51", STATE, deadline=due)
    assert len(await store.claim_due_turns(lease_s=30)) == 1
    # The holder's first save of the turn (a timed-out turn's draw): the deadline stands.
    await store.save(game.id, STATE, actor=None, action="draw", deadline=due)
    assert await store.claim_due_turns() == []  # still the holder's
    clock.advance(30)  # the holder died between its saves: another takes the turn
    assert [t.version for t in await store.claim_due_turns()] == [1]


@pytest.mark.parametrize("next_deadline", [None, 60.0, -5.0], ids=["none", "later", "due"])
async def test_a_save_that_ends_the_turn_frees_the_lease(
        store: Store, clock: Clock, next_deadline: float | None) -> None:
    game = await store.create_game(10, 20, 30, "rami51", STATE, deadline=clock.now - 1)
    assert len(await store.claim_due_turns(lease_s=30)) == 1
    deadline = None if next_deadline is None else clock.now + next_deadline
    await store.save(game.id, STATE, actor=None, action="discard", deadline=deadline)
    clock.advance(61)
    # The next turn (if any) is free to claim at once once due: the lease was the last one's.
    claimed = await store.claim_due_turns(lease_s=30)
    assert [t.deadline for t in claimed] == ([] if deadline is None else [deadline])


async def test_the_lease_is_kept_or_freed_only_by_the_deadline(
        store: Store, where: Where, clock: Clock) -> None:
    due = clock.now - 1
    game = await store.create_game(10, 20, 30, "rami51", STATE, deadline=due)
    assert len(await store.claim_due_turns(lease_s=30)) == 1
    for version in range(1, 4):  # any number of saves within the turn
        await store.save(game.id, STATE, actor=None, action=f"edit {version}",
                         deadline=due, expected_version=version - 1)
        assert await store.claim_due_turns() == []
    (held,) = await raw(where, "SELECT turn_claimed_until FROM games WHERE id = ?", game.id)
    assert held[0] == clock.now + 30  # the claim's own lease, neither extended nor cut
    await store.save(game.id, STATE, actor=None, action="discard", deadline=due - 1)
    (freed,) = await raw(where, "SELECT turn_claimed_until FROM games WHERE id = ?", game.id)
    assert freed[0] is None
    assert [t.deadline for t in await store.claim_due_turns()] == [due - 1]


async def test_claims_are_the_most_overdue_first_within_the_limit(
        store: Store, clock: Clock) -> None:
    for channel, late in ((10, 5), (11, 50), (12, 20)):
        await store.create_game(channel, 20, 30, "rami51", STATE, deadline=clock.now - late)
    await store.create_game(13, 20, 30, "rami51", STATE)  # no timer
    ended = await store.create_game(14, 20, 30, "rami51", STATE, deadline=clock.now - 90)
    await store.end_game(ended.id, "cancelled", STATE)
    assert [t.channel_id for t in await store.claim_due_turns(limit=2)] == [11, 12]
    assert [t.channel_id for t in await store.claim_due_turns(limit=2)] == [10]


async def test_the_shard_filter_keeps_to_the_shards_guilds(store: Store, clock: Clock) -> None:
    guilds = [guild_on_shard(shard, 4) for shard in range(4)]
    for channel, guild in enumerate(guilds):
        await store.create_game(channel, guild, 30, "rami51", STATE, deadline=clock.now - 1)
    mine = await store.claim_due_turns(shards=(4, (1, 3)))
    assert sorted(t.guild_id for t in mine) == [guilds[1], guilds[3]]
    assert await store.claim_due_turns(shards=(4, (1,))) == []
    assert sorted(t.guild_id for t in await store.claim_due_turns(shards=(4, (0, 2)))) == [
        guilds[0], guilds[2]]


async def test_the_active_games_of_some_shards(store: Store) -> None:
    guilds = [guild_on_shard(shard, 4) for shard in range(4)]
    for channel, guild in enumerate(guilds):
        await store.create_game(channel, guild, 30, "rami51", STATE)
    assert [g.guild_id for g in await store.active_games(shards=(4, (3, 1)))] == [
        guilds[1], guilds[3]]
    assert len(await store.active_games()) == 4
    with pytest.raises(ValueError, match="shard ids from 0 to count - 1"):
        await store.active_games(shards=(4, (4,)))


async def test_two_processes_claiming_at_once_take_each_turn_once(
        where: Where, clock: Clock) -> None:
    first = await Store.open(where, clock=clock)
    second = await Store.open(where, clock=clock)
    try:
        for channel in range(30):
            await first.create_game(channel, 20, 30, "rami51", STATE, deadline=clock.now - 1)
        rounds = await asyncio.gather(*(
            store.claim_due_turns(limit=7) for _ in range(3) for store in (first, second)))
        claimed = [turn.channel_id for found in rounds for turn in found]
        assert len(claimed) == len(set(claimed))  # never the same turn twice
        rest = await second.claim_due_turns()
        assert sorted(claimed + [t.channel_id for t in rest]) == list(range(30))
    finally:
        await first.close()
        await second.close()


@pytest.mark.parametrize(("options", "complaint"), [
    ({"lease_s": 0}, "lease_s"),
    ({"lease_s": float("nan")}, "lease_s"),
    ({"limit": 0}, "limit"),
    ({"shards": (2, ())}, "shards"),
    ({"shards": (2, (2,))}, "shards"),
    ({"shards": (0, (0,))}, "shards"),
    ({"shards": 3}, "shards"),
])
async def test_bad_claim_arguments_are_refused_and_claim_nothing(
        store: Store, clock: Clock, options: dict[str, object], complaint: str) -> None:
    await store.create_game(10, 20, 30, "rami51", STATE, deadline=clock.now - 1)
    with pytest.raises(ValueError, match=complaint):
        await store.claim_due_turns(**options)  # type: ignore[arg-type]
    assert len(await store.claim_due_turns()) == 1


async def test_a_hand_message_is_kept_until_its_token_expires(
        store: Store, clock: Clock) -> None:
    kept = await store.save_hand_message(10, 1, token="secret-token", message_id=555,
                                         language="fr", lifetime_s=840, application_id=99)
    assert kept == HandMessage(10, 1, 99, "secret-token", 555, "fr", clock.now,
                               clock.now + 840)
    assert "secret-token" not in repr(kept)
    assert await store.hand_message(10, 1) == kept
    assert await store.hand_message(10, 2) is None
    clock.advance(840)
    assert await store.hand_message(10, 1) is None


async def test_a_newer_hand_message_replaces_the_older(store: Store, clock: Clock) -> None:
    await store.save_hand_message(10, 1, token="a", message_id=1, language="en",
                                  lifetime_s=840)
    clock.advance(60)
    newer = await store.save_hand_message(10, 1, token="b", message_id=2, language="fr",
                                          lifetime_s=840)
    assert await store.hand_message(10, 1) == newer
    assert not newer.layout  # an embed unless said otherwise
    laid_out = await store.save_hand_message(10, 1, token="c", message_id=3, language="fr",
                                             lifetime_s=840, layout=True)
    assert laid_out.layout and await store.hand_message(10, 1) == laid_out
    assert await store.forget_hand_message(10, 1)
    assert await store.hand_message(10, 1) is None
    assert not await store.forget_hand_message(10, 1)


async def test_expired_tokens_are_deleted(store: Store, clock: Clock, where: Where) -> None:
    await store.save_hand_message(10, 1, token="old", message_id=1, language="en",
                                  lifetime_s=60)
    await store.save_hand_message(10, 2, token="new", message_id=2, language="en",
                                  lifetime_s=600)
    clock.advance(120)
    assert await store.expire_hand_messages() == 1
    await store.save_hand_message(11, 3, token="x", message_id=3, language="en",
                                  lifetime_s=60)
    clock.advance(600)  # saving deletes the expired ones on the way
    await store.save_hand_message(12, 4, token="y", message_id=4, language="en",
                                  lifetime_s=60)
    rows = await raw(where, "SELECT token FROM hand_messages ORDER BY token")
    assert rows == [("y",)]


@pytest.mark.parametrize(("options", "complaint"), [
    ({"token": ""}, "token"),
    ({"language": ""}, "language"),
    ({"lifetime_s": 0}, "lifetime_s"),
])
async def test_a_bad_hand_message_is_refused(store: Store, options: dict[str, object],
                                            complaint: str) -> None:
    given: dict[str, object] = {"token": "t", "message_id": 1, "language": "en",
                                "lifetime_s": 60, **options}
    with pytest.raises(ValueError, match=complaint):
        await store.save_hand_message(10, 1, **given)  # type: ignore[arg-type]
    assert await store.hand_message(10, 1) is None
