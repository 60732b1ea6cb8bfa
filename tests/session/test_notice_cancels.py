"""A member who acts cancels their turn's notice once per turn, not once per action (a
store write each), none in a lobby nor for a member not opted in, and the cancel still
cancels."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from bot.session.notices import Notifier, turn_topic
from bot.session.prefs import Preferences
from data import Store
from data.notices import Notice, NoticeKind
from engine.ai import choose_action
from engine.views import Phase
from tests.session.helpers import ALICE, BOB, CHANNEL, GUILD, make_tables


async def turn_notices(store: Store) -> list[Notice]:
    """The turn notices pending, as a look of the poller finds them (they are claimed by
    it: made due again, so that the next look finds them too)."""
    found = [n for n in await store.claim_notices(1e12, limit=100)
             if n.kind is NoticeKind.TURN]
    for notice in found:
        await store.postpone_notice(notice, notice.due_at)
    return found


async def test_one_cancel_per_turn_and_none_for_a_member_not_opted_in(store: Store) -> None:
    tables = make_tables(store)
    prefs = Preferences(store)
    await prefs.update_player(ALICE.user_id, notify="1h")
    notifier = Notifier(tables, prefs, store)
    tables.subscribe(notifier.on_event)
    cancels: list[int | None] = []
    cancel = store.cancel_notices

    async def counted(channel_id: int, user_id: int | None = None,
                      kind: NoticeKind | None = None) -> int:
        cancels.append(user_id)
        return await cancel(channel_id, user_id, kind)

    store.cancel_notices = counted  # type: ignore[method-assign]
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    assert cancels == []  # a lobby has no turns, a new match no notices to cancel yet
    rng = random.Random(3)
    actions = {ALICE.user_id: 0, BOB.user_id: 0}
    turns = {ALICE.user_id: 0, BOB.user_id: 0}
    for _ in range(6):  # three turns each
        snapshot = await tables.snapshot(CHANNEL)
        assert snapshot is not None and snapshot.current_seat is not None
        player, topic = snapshot.current_seat.user_id, turn_topic(snapshot)
        assert player is not None
        turns[player] += 1
        pending = await turn_notices(store)
        # Her turn came (or the match started): she is to be told, Bob (off) is not.
        assert [(n.user_id, n.topic) for n in pending] == (
            [(ALICE.user_id, topic)] if player == ALICE.user_id else [])
        view = await tables.hand(CHANNEL, player)
        rules = snapshot.rules
        while view.current == view.seat and view.phase in (Phase.DRAW, Phase.PLAY):
            view = await tables.act(CHANNEL, player, choose_action(view, rules, "easy", rng))
            actions[player] += 1
        assert topic not in [n.topic for n in await turn_notices(store)]  # cancelled
    assert actions[ALICE.user_id] > turns[ALICE.user_id]  # several actions a turn
    assert cancels.count(ALICE.user_id) == turns[ALICE.user_id]  # one a turn
    assert BOB.user_id not in cancels  # not opted in: never told, never cancelled
    await tables.close()


async def test_a_table_saved_where_the_notifier_did_not_hear_it_cancels_again(
        store: Store) -> None:
    tables = make_tables(store)
    prefs = Preferences(store)
    notifier = Notifier(tables, prefs, store)
    cancels: list[Any] = []
    cancel = store.cancel_notices

    async def counted(*args: Any) -> int:
        cancels.append(args)
        return await cancel(*args)

    store.cancel_notices = counted  # type: ignore[method-assign]
    heard: list[Any] = []

    async def listen(event: Any) -> None:
        heard.append(event)

    tables.subscribe(listen)
    await tables.open_lobby(CHANNEL, GUILD, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    await tables.start(CHANNEL, ALICE.user_id)
    snapshot = await tables.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.current_seat is not None
    player = snapshot.current_seat.user_id
    assert player is not None
    rules, rng = snapshot.rules, random.Random(1)
    view = await tables.hand(CHANNEL, player)
    for _ in range(2):
        view = await tables.act(CHANNEL, player, choose_action(view, rules, "easy", rng))
    first, second = heard[-2], heard[-1]
    await notifier.on_event(first)
    await notifier.on_event(first)  # the same save heard again: known already
    assert len(cancels) == 1
    await notifier.on_event(second)  # the next version: still known
    assert len(cancels) == 1
    skipped = replace(second, snapshot=replace(second.snapshot,
                                               version=second.snapshot.version + 2))
    await notifier.on_event(skipped)  # a version skipped: saved elsewhere meanwhile
    assert len(cancels) == 2
    await tables.close()
