"""Tile rummy through the fake Discord: a whole round, every refusal, hint and arrange, a
restart with a draft pending, and computer levels."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.discord_app.fake import FakeDiscord, Message, User
from bot.session import Status
from bot.session.tile_edits import table_sets, whole_rack
from engine import solve
from engine.tiles.tile import Tile
from engine.views import Phase, PlayerView
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_hands_private, is_hand, lobby_with_a_computer
from tests.e2e.test_behaviour import refused, whose_turn
from tests.e2e.tile_players import (
    TilePlayer,
    answered_with_rack,
    menu_values,
    table_message,
    text_of,
)


async def open_tiles(fake: FakeDiscord, harness: BotHarness, level: str = "aihard"
                     ) -> tuple[int, User, User, Message]:
    """alice opens a tile game, bob joins, a computer of the chosen level sits, start."""
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="tiles")).reply
    assert not lobby.ephemeral and "Tile" in lobby.text()
    assert (await fake.click(bob, lobby, "rami:lobby:join:")).response_type == 7
    assert (await fake.click(alice, lobby, f"rami:lobby:{level}:")).response_type == 7
    assert (await fake.click(alice, lobby, "rami:lobby:start:")).response_type == 7
    await harness.idle()
    return channel, alice, bob, lobby


async def seen_by(harness: BotHarness, channel: int, user: User) -> tuple[int, str]:
    """The saved version and what ``user`` sees (rack and draft included)."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    return snapshot.version, repr(await harness.bot.tables.hand(channel, user.id))


async def view_of(harness: BotHarness, channel: int, user: User) -> PlayerView:
    assert harness.bot is not None
    return await harness.bot.tables.hand(channel, user.id)


def rack_tiles(view: PlayerView) -> list[Tile]:
    return [p for p in view.hand if isinstance(p, Tile)]


async def test_whole_tile_round_slash_and_buttons(fake: FakeDiscord,
                                                  harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_tiles(fake, harness, "aihard")
    assert harness.bot is not None
    players = {alice.id: TilePlayer(fake, harness, alice, channel, "slash"),
               bob.id: TilePlayer(fake, harness, bob, channel, "buttons")}
    for _ in range(400):
        await harness.idle()
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None and snapshot.view is not None
        if snapshot.view.phase not in (Phase.DRAW, Phase.PLAY):
            break
        seat = snapshot.seats[snapshot.view.current]
        if seat.user_id is None:
            await fake.wait_for(lambda: True)
            continue
        await players[seat.user_id].play_turn()
    await harness.idle()
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.status is Status.MATCH_OVER
    assert all(p.turns > 0 for p in players.values())
    assert players[alice.id].laid > 0 and players[bob.id].laid > 0
    assert "play" in players[alice.id].used and "arrange" in players[bob.id].used
    view = snapshot.view
    assert view is not None and view.rounds
    # Scores: the round posted its points, and the match its ranking.
    texts = "\n".join(m.text() for m in fake.posted_messages(channel))
    assert "Round 1" in texts and "wins" in texts
    last = view.rounds[-1]
    assert last.reason in ("went_out", "blocked")
    assert sum(last.points) == 0  # what the winner gains, the others lose
    assert assert_hands_private(fake) > 0


async def test_tile_refusals_change_nothing(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_tiles(fake, harness)
    player, other = await whose_turn(harness, channel, alice, bob)
    carol = fake.add_user("carol")
    before = await seen_by(harness, channel, player)

    async def tiles(user: User, command: str, **options: object) -> str:
        return refused(await fake.slash(user, channel, f"rummy tiles {command}", **options))

    # A typo in the notation says what is wrong, in the player's language.
    assert "zz9" in await tiles(player, "new", tiles="k5 zz9")
    french = await fake.slash(player, channel, "rummy tiles new", locale="fr", tiles="zz9")
    assert "n'est pas une tuile" in refused(french)
    assert "position" in (await tiles(player, "new", tiles="99")).lower()
    # Tiles that are not on the rack, a set that does not exist, nothing to undo.
    view = await view_of(harness, channel, player)
    assert await tiles(player, "add", tiles=text_of(rack_tiles(view)[:1]), set=40)
    assert await tiles(player, "undo")
    assert await tiles(player, "confirm")
    assert await tiles(player, "pass")  # the pool is not empty
    assert await seen_by(harness, channel, player) == before
    # An invalid table cannot be confirmed; the draft stays as it was.
    two = rack_tiles(view)[:2]
    assert answered_with_rack(await fake.slash(player, channel, "rummy tiles new",
                                               tiles=text_of(two)))
    drafted = await seen_by(harness, channel, player)
    assert await tiles(player, "confirm")
    rack = (await fake.slash(player, channel, "rummy hand")).reply
    assert refused(await fake.click(player, rack, "rami:tiles:confirm:"))
    assert await seen_by(harness, channel, player) == drafted
    # The opening cannot be laid with too few points (a single set of two tiles).
    assert await tiles(player, "play", tiles=text_of(two))
    assert await seen_by(harness, channel, player) == drafted
    assert answered_with_rack(await fake.slash(player, channel, "rummy tiles reset"))
    # Arrange for me with nothing picked says what to do.
    rack = (await fake.slash(player, channel, "rummy hand")).reply
    assert "Pick tiles" in refused(await fake.click(player, rack, "rami:tiles:arrange:"))
    middle = await seen_by(harness, channel, player)
    # A stranger and the player out of turn change nothing.
    assert "not seated" in await tiles(carol, "draw")
    assert "belongs to another player" in refused(await fake.click(carol, rack, "rami:tiles:draw:"))
    assert "not seated" in refused(await fake.click(
        carol, table_message(fake, channel), "rami:table:hand:"))
    assert await tiles(other, "draw")
    assert await tiles(other, "new", tiles=text_of(rack_tiles(
        await view_of(harness, channel, other))[:1]))
    assert await tiles(other, "hint")
    other_rack = (await fake.slash(other, channel, "rummy hand")).reply
    assert refused(await fake.click(other, other_rack, "rami:tiles:draw:"))
    assert refused(await fake.click(other, other_rack, "rami:tiles:hint:"))
    assert await seen_by(harness, channel, player) == middle
    assert_hands_private(fake)


async def test_edit_commands_hint_and_arrange(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_tiles(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)

    async def ok(command: str, **options: object) -> PlayerView:
        it = await fake.slash(player, channel, f"rummy tiles {command}", **options)
        assert answered_with_rack(it), it.reply.text()
        return await view_of(harness, channel, player)

    view = await view_of(harness, channel, player)
    tables = len(view.melds)
    rack_now = rack_tiles(view)
    a, b, c = [t for t in rack_now if rack_now.count(t) == 1][:3]
    # Autocomplete offers the caller's own tiles.
    choices = await fake.autocomplete(player, channel, "rummy tiles new", "tiles", tiles="")
    offered = {choice["value"] for choice in choices}
    assert text_of([a]) in offered and len(choices) <= 25
    # new, add, move to a new set, split, takeback, undo, reset.
    view = await ok("new", tiles=text_of([a]))
    assert view.draft is not None and len(view.draft) == tables + 1 and a not in view.hand
    number = tables + 1
    view = await ok("add", tiles=f"{text_of([b])} {text_of([c])}", set=number)
    assert view.draft is not None and len(view.draft[-1].pieces) == 3
    assert view.draft[-1].kind in ("invalid", "run", "group")
    view = await ok("move", tiles=text_of([c]), **{"from": number})
    assert view.draft is not None and len(view.draft) == tables + 2
    view = await ok("split", set=number, at=2)
    assert view.draft is not None and len(view.draft) == tables + 3
    view = await ok("takeback", tiles=text_of([b]), set=number + 1)
    assert b in view.hand
    view = await ok("undo")
    assert b not in view.hand
    view = await ok("reset")
    assert set(rack_tiles(view)) >= {a, b, c}
    await ok("new", tiles=text_of([a]))
    view = await ok("add", tiles=text_of([b]), set=number, front=True)
    assert view.draft is not None and view.draft[-1].pieces == (b, a)
    view = await ok("reset")
    assert view.draft is None
    # Hint: the best play, privately, nothing played.
    before = await seen_by(harness, channel, player)
    rack = (await fake.slash(player, channel, "rummy hand")).reply
    assert {"draw", "undo", "reset", "confirm", "hint", "arrange"} <= {
        c.split(":")[2] for c in rack.custom_ids() if c.startswith("rami:tiles:")}
    hint = await fake.click(player, rack, "rami:tiles:hint:")
    assert hint.reply.ephemeral and not is_hand(hint.reply)
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    rules = snapshot.rules
    best = solve(table_sets(view), whole_rack(view), rules, "opening")
    assert best is not None  # this seeded rack can open
    assert f"{best.tiles_placed} tiles" in hint.reply.text()
    assert text_of(best.placed) in hint.reply.text()
    assert await seen_by(harness, channel, player) == before
    # Arrange for me: the picked tiles land on the draft, waiting for Confirm.
    values: list[str] = []
    for tile in best.placed:
        option = next(o["value"] for o in rack.component("rami:pick:a:")["options"]
                      if o["value"].partition(":")[2] == text_of([tile])
                      and o["value"] not in values)
        values.append(option)
    assert (await fake.select(player, rack, "rami:pick:a:", values)).response_type == 7
    arranged = await fake.click(player, rack, "rami:tiles:arrange:")
    assert answered_with_rack(arranged), arranged.reply.text()
    assert "Confirm" in arranged.reply.text()
    view = await view_of(harness, channel, player)
    assert view.draft is not None and view.current == view.seat
    assert Counter(whole_rack(view)) == Counter([*rack_tiles(view), *best.placed])
    confirmed = await fake.click(player, arranged.reply, "rami:tiles:confirm:")
    assert answered_with_rack(confirmed), confirmed.reply.text()
    after = await view_of(harness, channel, player)
    assert after.seats[after.seat].has_opened and after.draft is None


async def test_restart_keeps_a_pending_draft(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_tiles(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    view = await view_of(harness, channel, player)
    tile = rack_tiles(view)[0]
    rack = (await fake.slash(player, channel, "rummy tiles new", tiles=text_of([tile]))).reply
    drafted = await seen_by(harness, channel, player)
    await harness.restart()
    assert await seen_by(harness, channel, player) == drafted
    view = await view_of(harness, channel, player)
    assert view.draft is not None and tile in view.draft[-1].pieces
    # The rack message from before the restart still works: Undo, then Draw tile.
    undone = await fake.click(player, rack, "rami:tiles:undo:")
    assert answered_with_rack(undone), undone.reply.text()
    assert tile in (await view_of(harness, channel, player)).hand
    drawn = await fake.click(player, rack, "rami:tiles:draw:")
    assert answered_with_rack(drawn), drawn.reply.text()
    after = await view_of(harness, channel, player)
    assert after.current != after.seat and len(after.hand) == len(whole_rack(view)) + 1


async def test_computer_level_in_lobby_and_mid_match(fake: FakeDiscord,
                                                     harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_tiles(fake, harness, "aihard")
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    computer = next(i for i, s in enumerate(snapshot.seats, 1) if s.is_computer)
    assert snapshot.seats[computer - 1].level == "hard"
    choices = await fake.autocomplete(alice, channel, "rummy level", "seat", seat="")
    assert [c["value"] for c in choices] == [computer]
    it = await fake.slash(bob, channel, "rummy level", seat=computer, level="easy")
    assert it.reply.ephemeral and "easy" in it.reply.text()
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.seats[computer - 1].level == "easy"
    assert snapshot.status is Status.PLAYING
    version = snapshot.version
    # Refusals: a human seat, a stranger, a level that does not exist.
    assert "not a computer" in refused(await fake.slash(alice, channel, "rummy level", seat=1,
                                                        level="hard"))
    carol = fake.add_user("carol")
    assert "not seated" in refused(await fake.slash(carol, channel, "rummy level",
                                                    seat=computer, level="hard"))
    assert refused(await fake.slash(alice, channel, "rummy level", seat=computer,
                                    level="expert"))
    await harness.idle()
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.seats[computer - 1].level == "easy"
    assert snapshot.version >= version


@pytest.mark.parametrize("button", ["aieasy", "ai", "aihard"])
async def test_lobby_offers_three_levels(fake: FakeDiscord, harness: BotHarness,
                                         button: str) -> None:
    channel = fake.channels[0]
    alice = fake.add_user("alice")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="classic")).reply
    assert (await fake.click(alice, lobby, f"rami:lobby:{button}:")).response_type == 7
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    level = {"aieasy": "easy", "ai": "medium", "aihard": "hard"}[button]
    assert snapshot.seats[-1].level == level
    assert "CPU" in lobby.text()
    # The tile commands answer a card game with what to use instead.
    bob = fake.add_user("bob")
    await fake.click(bob, lobby, "rami:lobby:join:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await harness.idle()
    it = await fake.slash(alice, channel, "rummy tiles draw")
    assert it.reply.ephemeral and "card game" in it.reply.text()


async def test_card_commands_work_for_tiles(fake: FakeDiscord, harness: BotHarness) -> None:
    """/rummy meld lays new tile sets and confirms them; /rummy draw draws a tile."""
    channel, alice, bob, _ = await open_tiles(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    before = await seen_by(harness, channel, player)
    assert "zz" in refused(await fake.slash(player, channel, "rummy meld", cards="zz"))
    assert await seen_by(harness, channel, player) == before
    view = await view_of(harness, channel, player)
    drawn = await fake.slash(player, channel, "rummy draw")
    assert answered_with_rack(drawn), drawn.reply.text()
    after = await view_of(harness, channel, player)
    assert after.current != after.seat and len(after.hand) == len(view.hand) + 1
    rules = await fake.slash(player, channel, "rummy rules", variant="tiles")
    assert "/rummy tiles play" in rules.reply.text()


async def test_two_arrange_clicks_at_once_apply_once(fake: FakeDiscord,
                                                     harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_tiles(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    view = await view_of(harness, channel, player)
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    best = solve(table_sets(view), whole_rack(view), snapshot.rules,
                 "opening")
    assert best is not None
    rack = (await fake.slash(player, channel, "rummy hand")).reply
    values = menu_values(rack, best.placed)
    assert values is not None
    await fake.select(player, rack, "rami:pick:a:", values)
    clicks = await asyncio.gather(*(
        fake.click(player, rack, "rami:tiles:arrange:", wait=False) for _ in range(2)))
    await asyncio.gather(*(fake.settle(it) for it in clicks))
    assert sum(is_hand(it.reply) for it in clicks) == 1, [it.reply.text() for it in clicks]
    view = await view_of(harness, channel, player)
    assert view.draft is not None
    drafted = Counter(t for m in view.draft for t in m.pieces)
    assert drafted == Counter(best.placed) + Counter(t for s in table_sets(view) for t in s)


async def test_a_lone_human_is_pinged_every_tile_turn(fake: FakeDiscord,
                                                     harness: BotHarness) -> None:
    """Tile turns leave no discard behind: the reminder must still come back each turn."""
    channel = fake.channels[0]
    alice, lobby = await lobby_with_a_computer(fake, channel, "tiles", "aieasy")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await harness.idle()

    def pings() -> list[Message]:
        # earlier reminders are deleted when the next one is sent: count them all
        return [m for m in fake.channel_log + fake.followup_log if m.channel_id == channel
                and (m.allowed_mentions or {}).get("users")]

    for turn in range(3):
        view = await view_of(harness, channel, alice)
        if view.current != view.seat:
            await harness.idle()
            view = await view_of(harness, channel, alice)
        assert view.current == view.seat and view.phase is Phase.PLAY
        before = len(pings())
        await fake.slash(alice, channel, "rummy tiles draw")
        await harness.idle()
        assert len(pings()) == before + 1, f"no reminder after turn {turn + 1}"
    assert_hands_private(fake)
