"""Tile rummy from a direct message (issue 27), end to end: the notification's *Show my
hand* shows the rack in the DM with the same menu and buttons, a whole turn is played
from there, and a button of that rack once the turn has moved on is refused privately,
changing nothing."""

from __future__ import annotations

from bot.discord_app.fake import FakeDiscord, Interaction, Message, User
from bot.session.tile_edits import table_sets, whole_rack
from engine import solve
from engine.views import Phase
from tests.e2e.harness import BotHarness
from tests.e2e.players import is_hand
from tests.e2e.tile_players import TilePlayer, menu_values

TURN = "Your turn"


def rack_of(it: Interaction) -> Message:
    """The rack an interaction answered with, privately (a follow-up when deferred)."""
    message = it.followups[-1] if it.followups else it.reply
    assert message.ephemeral and is_hand(message), message.text()
    return message


async def tiles_with_notify(fake: FakeDiscord, harness: BotHarness
                            ) -> tuple[int, User, TilePlayer]:
    """alice (notified at once) and bob at a tile table, started; bob's turns are played
    from the channel until alice is to play. Returns the channel, alice and bob."""
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    assert (await fake.slash(alice, channel, "rummy prefs", notify="now")).reply.ephemeral
    lobby = (await fake.slash(alice, channel, "rummy new", variant="tiles")).reply
    assert (await fake.click(bob, lobby, "rami:lobby:join:")).response_type == 7
    assert (await fake.click(alice, lobby, "rami:lobby:start:")).response_type == 7
    await harness.idle()
    other = TilePlayer(fake, harness, bob, channel, "buttons")
    assert harness.bot is not None
    for _ in range(3):
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None and snapshot.view is not None
        if snapshot.seats[snapshot.view.current].user_id == alice.id:
            break
        await other.play_turn()
        await harness.idle()
    return channel, alice, other


async def test_a_whole_tile_turn_is_played_from_a_direct_message(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob = await tiles_with_notify(fake, harness)
    assert harness.bot is not None
    tables = harness.bot.tables
    (notice,) = await fake.wait_for(
        lambda: [m for m in fake.direct_messages(alice) if TURN in m.content])
    assert "#table-1" in notice.content
    rack = rack_of(await fake.click(alice, notice, "rami:notify:hand:"))
    assert rack.channel_id == notice.channel_id != channel  # in the DM
    assert any(i.startswith("rami:tiles:draw:") or i.startswith("rami:tiles:pass:")
               for i in rack.custom_ids()), rack.custom_ids()
    old = rack_of(await fake.click(alice, notice, "rami:notify:hand:"))  # left as it is
    view = await tables.hand(channel, alice.id)
    begun = (view.round_number, view.turn)
    assert view.current == view.seat and view.phase is Phase.PLAY
    # The Sort button, from the DM: the same rack, sorted the other way, in place.
    sorted_ = await fake.click(alice, rack, "rami:hand:sort:")
    assert sorted_.response_type == 7 and is_hand(sorted_.reply), sorted_.reply.text()
    assert rack.channel_id == notice.channel_id
    # The hint, from the DM, is about the game of the channel.
    hinted = await fake.click(alice, rack, "rami:tiles:hint:")
    assert hinted.reply.ephemeral and not is_hand(hinted.reply), hinted.reply.text()
    snapshot = await tables.snapshot(channel)
    assert snapshot is not None
    solution = solve(table_sets(view), whole_rack(view), snapshot.rules, "opening")
    picks = None if solution is None else menu_values(rack, solution.placed)
    if picks is None:  # nothing to lay: a pick in the menu, then the turn ends by drawing
        picks = [o["value"] for o in rack.component("rami:pick:a:")["options"][:2]]
    picked = await fake.select(alice, rack, "rami:pick:a:", picks)
    assert picked.response_type == 7, picked.reply.text()  # the pick kept in the DM rack
    laid = False
    if solution is not None:
        arranged = await fake.click(alice, rack, "rami:tiles:arrange:")
        rack = rack_of(arranged)
        assert rack.channel_id == notice.channel_id
        assert (await tables.hand(channel, alice.id)).draft is not None  # the draft built
        confirmed = await fake.click(alice, rack, "rami:tiles:confirm:")
        laid = is_hand(confirmed.followups[-1] if confirmed.followups else confirmed.reply)
        if not laid:  # the opening fell short: back to the rack as it was
            rack = rack_of(await fake.click(alice, rack, "rami:tiles:reset:"))
    if not laid:
        rack = rack_of(await fake.click(alice, rack, "rami:tiles:draw:"))
    assert rack.channel_id == notice.channel_id
    after = await tables.hand(channel, alice.id)
    assert after.current != after.seat and (after.round_number, after.turn) != begun
    assert len(after.hand) != len(view.hand)  # tiles laid, or one drawn
    # The buttons of a rack shown before, once the turn moved on (bob's now): refused
    # privately, nothing changed.
    before = await tables.snapshot(channel)
    assert before is not None
    for button in ("rami:tiles:draw:", "rami:tiles:arrange:", "rami:tiles:undo:"):
        stale = await fake.click(alice, old, button)
        assert stale.reply.ephemeral and "turn" in stale.reply.text(), stale.reply.text()
    again = await tables.snapshot(channel)
    assert again is not None and again.version == before.version
    # The notice's button still answers, with the rack as the game is now.
    latest = rack_of(await fake.click(alice, notice, "rami:notify:hand:"))
    # Her turn comes back: her latest rack, in the DM, is brought up to date there.
    assert "Your turn" not in latest.text()
    await bob.play_turn()
    await harness.idle()
    assert "Your turn" in latest.text() and latest.channel_id == notice.channel_id
