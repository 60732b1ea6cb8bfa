"""The direct-message notices (issue 27): one per topic, claimed once (two stores on one
database take different notices; a claimed one is never claimed again), postponed,
cancelled; each member's DM state kept. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

from data import Store
from data.notices import DmMember, Notice, NoticeKind
from tests.data.helpers import Clock, Where


def notice(clock: Clock, user: int = 7, topic: str = "turn:1:3", due: float = -1,
           channel: int = 5) -> Notice:
    return Notice(channel, user, topic, 9, NoticeKind.TURN, clock.now + due)


async def test_a_topic_is_noticed_once_and_claimed_once(store: Store, clock: Clock) -> None:
    assert await store.add_notice(notice(clock))
    assert not await store.add_notice(notice(clock))  # the same turn: no second notice
    assert await store.add_notice(notice(clock, topic="turn:1:9", due=60))  # not due yet
    (claimed,) = await store.claim_notices()
    assert (claimed.topic, claimed.sent_at) == ("turn:1:3", clock.now)
    assert await store.claim_notices() == []
    assert not await store.add_notice(notice(clock))  # sent: still not again
    assert await store.next_notice_due() == clock.now + 60


async def test_two_stores_claiming_at_once_take_different_notices(
        where: Where, clock: Clock) -> None:
    first = await Store.open(where, clock=clock)
    second = await Store.open(where, clock=clock)
    try:
        for user in range(1, 21):
            await first.add_notice(notice(clock, user=user))
        taken = await asyncio.gather(*(s.claim_notices(limit=5)
                                       for s in (first, second) * 3))
        users = [n.user_id for batch in taken for n in batch]
        assert sorted(users) == sorted(set(users)) and len(users) == 20
    finally:
        await first.close()
        await second.close()


async def test_a_postponed_notice_is_due_again_and_a_cancelled_one_never(
        store: Store, clock: Clock) -> None:
    await store.add_notice(notice(clock))
    await store.add_notice(notice(clock, user=8))
    (claimed, _) = await store.claim_notices()
    await store.postpone_notice(claimed, clock.now + 100)
    assert await store.claim_notices() == []
    assert [n.topic for n in await store.claim_notices(clock.now + 100)] == ["turn:1:3"]
    await store.add_notice(notice(clock, topic="turn:1:4"))
    assert await store.cancel_notices(5, 7, NoticeKind.TURN) == 1
    assert await store.cancel_notices(5) == 0
    assert await store.claim_notices(clock.now + 1000) == []
    assert not await store.add_notice(notice(clock, topic="turn:1:4"))  # cancelled: kept
    assert await store.purge_notices(clock.now + 1) == 2
    assert await store.add_notice(notice(clock, topic="turn:1:4"))


async def test_a_members_dm_state_is_kept(store: Store) -> None:
    assert await store.dm_member(7) == DmMember(7)
    await store.save_dm_member(DmMember(7, 10.0, 20.0, "2026-12-02"))
    assert await store.dm_member(7) == DmMember(7, 10.0, 20.0, "2026-12-02")
