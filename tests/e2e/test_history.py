"""``/rummy history`` and ``/rummy replay`` through the fake Discord: paging, opening a
match, a replay stepped (after a restart too), the animation, and the refusals."""

from __future__ import annotations

import random

from bot.discord_app.client import RamiBot
from bot.discord_app.fake import FakeDiscord, User
from bot.session import Player, Status
from data import MatchSeat
from engine.ai import choose_action
from engine.views import Phase
from tests.e2e import raw
from tests.e2e.harness import BotHarness
from tests.e2e.test_behaviour import refused


def bot_of(harness: BotHarness) -> RamiBot:
    assert harness.bot is not None
    return harness.bot


async def play_match(harness: BotHarness, fake: FakeDiscord, channel: int, alice: User,
                     seed: int) -> None:
    """alice and an easy computer play a one-round Rami 51 match to its end, through the
    bot's session layer (its choices a computer player's)."""
    tables, player = bot_of(harness).tables, Player(alice.id, alice.name)
    await tables.open_lobby(channel, fake.guild_id, player, "rami51", target=1)
    await tables.add_computer(channel, alice.id, "easy")
    await tables.start(channel, alice.id)
    rng = random.Random(seed)
    for _ in range(3000):
        snapshot = await tables.snapshot(channel)
        assert snapshot is not None and snapshot.view is not None
        if snapshot.status is Status.MATCH_OVER:
            await tables.rematch(channel, alice.id)  # the next match's game row
            await tables.end(channel, alice.id)
            return
        view = await tables.hand(channel, alice.id)
        if view.current == view.seat and view.phase in (Phase.DRAW, Phase.PLAY):
            await tables.act(channel, alice.id, choose_action(view, snapshot.rules, "easy",
                                                              rng))
        else:
            await harness.idle()
    raise AssertionError("the match never ended")


async def test_history_pages_opens_a_match_and_replays_it_after_a_restart(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    for seed in range(7):  # seven matches: two pages of five
        await play_match(harness, fake, channel, alice, seed)

    first = (await fake.slash(alice, channel, "rummy history")).reply
    assert first.ephemeral and "Matches of alice, all variants: page 1 of 2" in first.text()
    assert len([line for line in first.text().splitlines() if line.startswith("#")]) == 5
    older = await fake.click(alice, first, "rami:hist:next:")
    assert older.response_type == 7 and "page 2 of 2" in first.text()
    assert len([line for line in first.text().splitlines() if line.startswith("#")]) == 2
    assert "Winner:" in first.text() and "Rami 51" in first.text()

    # Someone else's buttons are refused privately.
    assert "someone else's" in refused(await fake.click(bob, first, "rami:hist:prev:"))

    match_id = int(first.text().splitlines()[1].split()[0].lstrip("#"))
    opened = (await fake.select(alice, first, "rami:histopen:", [str(match_id)])).reply
    assert opened.ephemeral and f"Match #{match_id}" in opened.text()
    assert "Round 1:" in opened.text()

    started = (await fake.click(alice, opened, "rami:replay:open:")).reply
    assert started.ephemeral and f"Replay of match #{match_id}: step 0 of" in started.text()
    assert "Round 1 is dealt." in started.text()
    assert started.attachments and started.attachments[0].filename == "table.png"
    stepped = await fake.click(alice, started, "rami:replay:next:")
    assert stepped.response_type == 7 and "step 1 of" in started.text()

    await harness.restart()  # the buttons carry the match and the step
    last = await fake.click(alice, started, "rami:replay:last:")
    assert last.response_type == 7
    head = started.text().splitlines()[0]
    step, of = head.split("step ")[1].split(",")[0].split(" of ")
    assert step == of
    back = await fake.click(alice, started, "rami:replay:prev:")
    assert back.response_type == 7 and f"step {int(of) - 1} of {of}" in started.text()

    french = (await fake.slash(alice, channel, "rummy history", locale="fr")).reply
    assert "Parties de alice" in french.text() and "Gagnant" in french.text()


async def test_the_refusals_are_private_and_say_what_is_wrong(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, carol = fake.add_user("alice"), fake.add_user("carol")
    assert "has no finished match" in refused(await fake.slash(carol, channel,
                                                               "rummy history"))
    assert "no finished match #42" in refused(await fake.slash(alice, channel, "rummy replay",
                                                               match=42))
    await play_match(harness, fake, channel, alice, 1)
    tables, player = bot_of(harness).tables, Player(alice.id, alice.name)
    await tables.open_lobby(channel, fake.guild_id, player, "rami51")
    running = refused(await fake.slash(alice, channel, "rummy replay", match=99))
    assert "still being played" in running
    page = (await fake.slash(alice, channel, "rummy history")).reply
    match_id = int(page.text().splitlines()[1].split()[0].lstrip("#"))
    assert "has no round 5" in refused(await fake.slash(
        alice, channel, "rummy replay", match=match_id, round=5, animate=True))
    shown = (await fake.slash(alice, channel, "rummy replay", match=match_id,
                              animate=True)).reply
    assert not shown.ephemeral and shown.attachments[0].filename == "round.gif"
    assert shown.attachments[0].data[:6] == b"GIF89a"


async def recorded(harness: BotHarness, fake: FakeDiscord, variant: str,
                   *players: User) -> int:
    """A finished match of ``players`` (the first won) recorded in the store."""
    store = bot_of(harness).store
    game = await store.create_game(fake.channels[1], fake.guild_id, players[0].id, variant,
                                   "{}")
    seats = [MatchSeat(p.id, p.name, 10 * n, n == 0, 1, 0, 10 * n)
             for n, p in enumerate(players)]
    return await store.finish_match(game.id, fake.guild_id, variant, seats, end_state="{}")


async def test_replay_autocomplete_offers_the_members_latest_matches(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob, zoe = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("zoé")
    theirs = await recorded(harness, fake, "classic", bob, zoe)  # without alice
    mine = [await recorded(harness, fake, "rami51", alice, bob) for _ in range(27)]
    with_zoe = await recorded(harness, fake, "tiles", zoe, alice)

    offered = await fake.autocomplete(alice, channel, "rummy replay", "match", match="")
    assert [c["value"] for c in offered] == [with_zoe, *mine[::-1][:24]]  # newest first
    assert offered[0]["name"].startswith(f"#{with_zoe} · ")
    assert offered[0]["name"].endswith(" · Tile rummy · zoé, alice")
    assert all(len(c["name"]) <= 100 for c in offered)
    assert [c["value"] for c in await fake.autocomplete(
        alice, channel, "rummy replay", "match", match="zoe")] == [with_zoe]
    # A number typed: that match, whoever played it, then the member's starting so.
    by_number = await fake.autocomplete(alice, channel, "rummy replay", "match",
                                        match=str(theirs))
    assert by_number[0]["value"] == theirs and "bob, zoé" in by_number[0]["name"]
    french = fake.add_user("léa", locale="fr")
    await recorded(harness, fake, "rami51", french, alice)
    (only,) = await fake.autocomplete(french, channel, "rummy replay", "match", match="")
    assert only["name"].startswith("n° ") and "Rami 51 · léa, alice" in only["name"]
    assert await fake.autocomplete(alice, channel, "rummy replay", "match",
                                   match="nothing like it") == []
    # As Discord sends it: the integer option focused, its partial input a string.
    focused = raw.command_data(fake, "rummy replay", [
        {"name": "match", "type": 4, "value": str(with_zoe), "focused": True}])
    hint = await fake.settle(await raw.send(fake, alice, raw.AUTOCOMPLETE, focused))
    assert hint.choices is not None and hint.choices[0]["value"] == with_zoe
