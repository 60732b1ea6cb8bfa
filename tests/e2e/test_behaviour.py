"""What people rely on: wrong clicks and typos change nothing, double clicks apply once,
a restart loses nothing, hands stay private."""

from __future__ import annotations

import asyncio
import re
import sys

import pytest

from bot.discord_app.fake import (
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    Attachment,
    FakeDiscord,
    Message,
    User,
)
from bot.session import Status
from engine import format_card, format_cards
from engine.cards.actions import Discard
from engine.cards.card import write_codes
from engine.game import Game
from engine.views import Phase
from tests.e2e.harness import BotHarness
from tests.e2e.players import (
    Human,
    assert_hands_private,
    assert_ok,
    is_hand,
    lobby_with_a_computer,
    menu_values,
    wait_for_turn,
)


async def open_table(fake: FakeDiscord, harness: BotHarness, *, variant: str = "rami51",
                     computer: bool = True) -> tuple[int, User, User, Message]:
    """alice creates, bob joins, a computer player sits, alice starts; returns the lobby."""
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant=variant, target=1)).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    if computer:
        await fake.click(alice, lobby, "rami:lobby:ai:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await harness.idle()
    return channel, alice, bob, lobby


async def state(harness: BotHarness, channel: int) -> tuple[int, str]:
    """The saved version and the whole game, to check that nothing changed."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    return snapshot.version, repr(snapshot.view)


async def whose_turn(harness: BotHarness, channel: int, *users: User) -> tuple[User, User]:
    """(the user to play, the other one), once a human is to play."""
    humans = {u.id: u for u in users}
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    current = snapshot.seats[snapshot.view.current].user_id if snapshot.view else None
    if current not in humans:
        await wait_for_turn(harness, channel, {u.id: Human(harness.fake, harness, u, channel,
                                                            "slash", 0) for u in users})
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None and snapshot.view is not None
        current = snapshot.seats[snapshot.view.current].user_id
    player = humans[current]  # type: ignore[index]
    other = next(u for u in users if u is not player)
    return player, other


def refused(it: object) -> str:
    """The interaction got an ephemeral message (not a hand) and returns its text."""
    reply = it.reply  # type: ignore[attr-defined]
    assert reply.ephemeral, reply.text()
    assert not is_hand(reply), reply.text()
    return str(reply.text())


async def test_lobby_is_public_and_updates(fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    it = await fake.slash(alice, channel, "rummy new", variant="classic")
    lobby = it.reply
    assert not lobby.ephemeral
    assert {"join", "leave", "aieasy", "ai", "aihard", "start", "cancel"} == {
        c.split(":")[2] for c in lobby.custom_ids()}
    assert all(c.endswith(f":{channel}") for c in lobby.custom_ids())
    joined = await fake.slash(bob, channel, "rummy join")
    assert joined.reply.ephemeral
    await harness.idle()
    assert f"<@{bob.id}>" in lobby.text()
    # A second game in the same channel is refused, with what would work.
    again = refused(await fake.slash(bob, channel, "rummy new"))
    assert "/rummy end" in again
    # Only the creator starts; bob cannot.
    assert "created" in refused(await fake.click(bob, lobby, "rami:lobby:start:"))
    await fake.click(alice, lobby, "rami:lobby:start:")
    await harness.idle()
    assert "started" in lobby.text()
    table = [m for m in fake.channel_messages(channel) if "rami:table:hand:" in
             " ".join(m.custom_ids())]
    assert len(table) == 1 and not table[0].ephemeral


async def test_stranger_and_out_of_turn_change_nothing(fake: FakeDiscord,
                                                       harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    _player, other = await whose_turn(harness, channel, alice, bob)
    carol = fake.add_user("carol")
    before = await state(harness, channel)

    # A stranger: commands and a click on the table's "My hand" button.
    assert "not seated" in refused(await fake.slash(carol, channel, "rummy draw"))
    assert "not seated" in refused(await fake.slash(carol, channel, "rummy hand"))
    table = next(m for m in fake.channel_messages(channel)
                 if "rami:table:hand:" in " ".join(m.custom_ids()))
    assert "not seated" in refused(await fake.click(carol, table, "rami:table:hand:"))
    # Out of turn: a command and a button on the other player's own hand message.
    assert refused(await fake.slash(other, channel, "rummy draw", source="stock"))
    hand = assert_ok(await fake.slash(other, channel, "rummy hand"))
    assert refused(await fake.click(other, hand, "rami:hand:draw:"))
    assert await state(harness, channel) == before
    assert_hands_private(fake)


async def test_typos_and_illegal_melds_change_nothing(fake: FakeDiscord,
                                                      harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    before = await state(harness, channel)
    typo = refused(await fake.slash(player, channel, "rummy discard", card="zz"))
    assert "zz" in typo and "10h" in typo
    # Discarding before drawing is refused, saying what to do.
    assert refused(await fake.slash(player, channel, "rummy discard", card="1"))
    assert await state(harness, channel) == before

    assert_ok(await fake.slash(player, channel, "rummy draw", source="stock"))
    drawn = await state(harness, channel)
    bad = refused(await fake.slash(player, channel, "rummy meld", cards="1 2 3 | 4 5"))
    assert bad
    wrong_position = refused(await fake.slash(player, channel, "rummy discard", card="99"))
    assert "99" in wrong_position
    # A menu button with nothing picked says what to pick.
    hand = assert_ok(await fake.slash(player, channel, "rummy hand"))
    assert "Pick" in refused(await fake.click(player, hand, "rami:hand:meld:"))
    assert await state(harness, channel) == drawn


async def test_a_late_turn_refresh_keeps_the_cards_picked(fake: FakeDiscord,
                                                          harness: BotHarness) -> None:
    """The hand message is refreshed when the player's turn comes; under load that edit
    may land after the player drew and picked a card. It keeps the pick, so the next
    click discards the card picked instead of asking to pick again."""
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    hand = assert_ok(await fake.click(player, assert_ok(
        await fake.slash(player, channel, "rummy hand")), "rami:hand:draw:"))
    view = await harness.bot.tables.hand(channel, player.id)
    value = menu_values(hand, "rami:pick:a:", (view.hand[0],))
    assert (await fake.select(player, hand, "rami:pick:a:", value)).response_type == 7
    await harness.bot.features.hands.refresh(channel, player.id)  # the late edit
    it = await fake.click(player, hand, "rami:hand:discard:")  # the message as it stands
    assert is_hand(it.reply), it.reply.text()
    after = await harness.bot.tables.hand(channel, player.id)
    assert len(after.hand) == len(view.hand) - 1 and after.discard_top == view.hand[0]


async def test_a_turn_refresh_keeps_the_hand_picture_already_shown(
        fake: FakeDiscord, harness: BotHarness) -> None:
    """When the turn comes back, the hand message is refreshed: a picture it already shows
    is kept by id (not uploaded again), a changed hand uploads the new picture."""
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    hands = harness.bot.features.hands
    hand = assert_ok(await fake.slash(player, channel, "rummy hand"))
    [shown] = hand.attachments
    store = harness.bot.tables.store
    async with asyncio.timeout(5):  # the message is kept for refreshes once answered
        while await store.hand_message(channel, player.id) is None:
            await asyncio.sleep(0.01)
    edits = len(hand.payloads)
    await hands.refresh(channel, player.id)  # the same hand: the same picture
    assert len(hand.payloads) == edits + 1 and hand.attachments[0] is shown
    assert is_hand(hand)

    await fake.click(player, hand, "rami:hand:draw:")  # a card more: a new picture
    [drawn] = hand.attachments
    assert drawn.id != shown.id and drawn.data != shown.data
    await hands.refresh(channel, player.id)
    assert hand.attachments[0] is drawn

    hands._uploaded.forget((channel, player.id))  # as after a failover: nothing in memory
    await hands.refresh(channel, player.id)
    [again] = hand.attachments
    assert again.id != drawn.id and again.data == drawn.data

    # Another process refreshed the message meanwhile (a failover): the attachment this
    # one remembers is gone from it, so the picture is uploaded again, never left out.
    hand.attachments = [Attachment("hand.png", b"another process's upload", None)]
    await hands.refresh(channel, player.id)
    [last] = hand.attachments
    assert last.data == drawn.data and is_hand(hand)


async def test_two_clicks_at_the_same_instant_apply_once(fake: FakeDiscord,
                                                         harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    hand = assert_ok(await fake.slash(player, channel, "rummy hand"))
    size = len((await harness.bot.tables.hand(channel, player.id)).hand)
    first, second = await asyncio.gather(
        fake.click(player, hand, "rami:hand:draw:", wait=False),
        fake.click(player, hand, "rami:hand:draw:", wait=False),
    )
    await asyncio.gather(fake.settle(first), fake.settle(second))
    replies = [first.reply, second.reply]
    assert sum(is_hand(r) for r in replies) == 1, [r.text() for r in replies]
    assert len((await harness.bot.tables.hand(channel, player.id)).hand) == size + 1

    # Two discards of the same card at once: one discard, the turn passes once.
    view = await harness.bot.tables.hand(channel, player.id)
    card = format_cards([view.hand[0]], ascii=True)
    its = await asyncio.gather(*(
        fake.slash(player, channel, "rummy discard", card=card, wait=False) for _ in range(2)))
    await asyncio.gather(*(fake.settle(it) for it in its))
    assert sum(is_hand(it.reply) for it in its) == 1
    after = await harness.bot.tables.hand(channel, player.id)
    assert len(after.hand) == size
    assert sum(1 for seat, _ in after.discards if seat == view.seat) == 1


async def test_restart_in_the_middle_of_a_round_loses_nothing(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _lobby = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    hand = assert_ok(await fake.slash(player, channel, "rummy hand"))
    before_view = await harness.bot.tables.hand(channel, player.id)
    table_ids = [m.id for m in fake.channel_messages(channel)
                 if "rami:table:hand:" in " ".join(m.custom_ids())]

    computer_before = len(await computer_discards(harness, channel))
    await harness.restart()
    assert fake.identifies == 2
    assert harness.bot is not None
    # The saved hand is shown again, and the old hand message's buttons still work.
    again = assert_ok(await fake.slash(player, channel, "rummy hand"))
    assert again.text() == hand.text()
    assert await harness.bot.tables.hand(channel, player.id) == before_view
    drew = assert_ok(await fake.click(player, hand, "rami:hand:draw:"))
    assert "You drew" in drew.text()
    await harness.idle()
    # The table message from before the restart is edited in place, not posted again.
    now = [m.id for m in fake.channel_messages(channel)
           if "rami:table:hand:" in " ".join(m.custom_ids())]
    assert now == table_ids
    # The turn ends through the old message's menu and button; the computer player, which
    # the new process resumed, plays, and the turn comes back to a human.
    view = await harness.bot.tables.hand(channel, player.id)
    value = next(o["value"] for o in drew.component("rami:pick:a:")["options"]
                 if o["value"].endswith(":" + write_codes([view.drawn])))  # type: ignore[list-item]
    await fake.select(player, drew, "rami:pick:a:", [value])
    assert "You discarded" in assert_ok(
        await fake.click(player, drew, "rami:hand:discard:")).text()
    humans = {u.id: Human(fake, harness, u, channel, "slash", 5) for u in (alice, bob)}
    while len(await computer_discards(harness, channel)) == computer_before:
        human = await wait_for_turn(harness, channel, humans)
        assert human is not None
        await human.play_turn()
    assert_hands_private(fake)


async def test_a_restarted_bot_still_refreshes_the_hand_messages(
        fake: FakeDiscord, harness: BotHarness) -> None:
    """The token that edits a hand message is kept in the database, so the process that
    replaces a stopped one brings the hand up to date when the player's turn comes back."""
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    player, waiting = await whose_turn(harness, channel, alice, bob)
    hand = assert_ok(await fake.slash(waiting, channel, "rummy hand"))
    assert "Your turn" not in hand.text()
    await harness.restart()
    await Human(fake, harness, player, channel, "slash", 5).play_turn()
    await harness.idle()
    assert "Your turn" in hand.text(), hand.text()  # edited by the new process
    assert_hands_private(fake)


async def computer_discards(harness: BotHarness, channel: int) -> list[tuple[int, object]]:
    """Discards of this round by the computer player (seat 2)."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.view is not None
    return [(seat, card) for seat, card in snapshot.view.discards if seat == 2]


async def test_end_needs_creator_or_manage_server(fake: FakeDiscord,
                                                  harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    assert "Manage Server" in refused(await fake.slash(bob, channel, "rummy end"))
    mod = fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    ended = await fake.slash(mod, channel, "rummy end")
    assert ended.reply.ephemeral
    await harness.idle()
    assert harness.bot is not None
    assert await harness.bot.tables.snapshot(channel) is None
    assert "no game" in refused(await fake.slash(alice, channel, "rummy hand"))


async def test_autocomplete_offers_only_the_callers_cards(fake: FakeDiscord,
                                                          harness: BotHarness) -> None:
    channel, alice, _bob, _ = await open_table(fake, harness)
    assert harness.bot is not None
    view = await harness.bot.tables.hand(channel, alice.id)
    choices = await fake.autocomplete(alice, channel, "rummy discard", "card", card="")
    mine = {format_cards([c]) for c in view.hand}
    assert choices and {c["value"] for c in choices} <= mine
    several = await fake.autocomplete(alice, channel, "rummy meld", "cards",
                                      cards=format_cards([view.hand[0]]) + " ")
    assert all(c["value"].startswith(format_cards([view.hand[0]]) + " ") for c in several)
    stranger = fake.add_user("carol")
    assert await fake.autocomplete(stranger, channel, "rummy discard", "card", card="") == []


async def test_french_player_reads_french(fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[1]
    zoe, yann = fake.add_user("zoé", locale="fr"), fake.add_user("yann", locale="fr")
    lobby = (await fake.slash(zoe, channel, "rummy new", variant="rami51")).reply
    assert "Rejoindre" in str(lobby.components)
    await fake.click(yann, lobby, "rami:lobby:join:")
    await fake.click(zoe, lobby, "rami:lobby:start:")
    hand = assert_ok(await fake.slash(zoe, channel, "rummy hand"))
    assert "Votre main" in hand.text()
    await harness.idle()
    assert any("à vous de jouer" in m.content for m in fake.posted_messages(channel))


async def test_french_player_writes_and_reads_french_cards(fake: FakeDiscord,
                                                           harness: BotHarness) -> None:
    """V D R and the suit letters t p c k typed, the move echoed with its symbols, the
    computer seat called "Ordi" with its level in words, the hand menus in French."""
    channel = fake.channels[1]
    zoe, yann = fake.add_user("zoé", locale="fr"), fake.add_user("yann", locale="fr")
    lobby = (await fake.slash(zoe, channel, "rummy new", variant="rami51")).reply
    await fake.click(yann, lobby, "rami:lobby:join:")
    await fake.click(zoe, lobby, "rami:lobby:aihard:")
    assert "Ordi 1 · difficile" in lobby.text()
    await fake.click(zoe, lobby, "rami:lobby:start:")
    await harness.idle()
    table = next(m for m in fake.channel_messages(channel) if "rami:table:hand:" in
                 " ".join(m.custom_ids()))
    assert "Ordi 1 · difficile : 13 cartes, 0 point, pas encore posé" in table.text()
    player, _ = await whose_turn(harness, channel, zoe, yann)
    assert_ok(await fake.slash(player, channel, "rummy draw"))
    assert harness.bot is not None
    view = await harness.bot.tables.hand(channel, player.id)
    card = next(c for c in view.hand if not c.is_joker and c != view.taken_from_discard)
    typed = format_card(card, "fr", ascii=True)  # 10c is the ten of hearts (cœur)
    discarded = assert_ok(await fake.slash(player, channel, "rummy discard", card=typed))
    assert f"Vous avez défaussé {format_card(card, 'fr')}." in discarded.text()
    labels = [o["label"] for o in discarded.component("rami:pick:a:")["options"]]
    assert not any(re.search(r"\b[JQK][♣♠♥♦]", str(label)) for label in labels)
    choices = await fake.autocomplete(player, channel, "rummy discard", "card", card="")
    assert {c["value"] for c in choices} <= {format_card(c, "fr") for c in view.hand}


async def test_round_and_match_end_show_scores_and_offer_a_new_match(
        fake: FakeDiscord, harness: BotHarness) -> None:
    from tests.e2e.players import last_with, play_match

    channel = fake.channels[2]
    await play_match(fake, harness, "rami30", 1, channel)
    await harness.idle()
    assert any("Round 1 is over" in m.text() for m in fake.posted_messages(channel))
    ranking = last_with(fake, channel, "rami:table:rematch:")
    assert "The match is over" in ranking.text()
    alice = next(u for u in fake.users.values() if u.name == "alice")
    sheet = (await fake.slash(alice, channel, "rummy score")).reply
    assert sheet.ephemeral and "Score sheet" in sheet.text()
    assert sheet.attachments and sheet.attachments[0].filename == "scores.png"
    round_message = next(m for m in fake.posted_messages(channel) if "Round 1 is over" in m.text())
    assert round_message.attachments and round_message.attachments[0].description
    assert ranking.is_layout and round_message.is_layout
    await fake.click(alice, ranking, "rami:table:rematch:")
    await harness.idle()
    # The ranking stays, its button gone (a layout edited as a layout).
    assert ranking.is_layout and not ranking.custom_ids() and "The match is over" in ranking.text()
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.status is Status.PLAYING
    assert snapshot.view is not None and snapshot.view.phase in (Phase.DRAW, Phase.PLAY)
    assert_hands_private(fake)


async def test_lobby_closes_when_the_last_person_leaves(fake: FakeDiscord,
                                                        harness: BotHarness) -> None:
    channel = fake.channels[1]
    alice, lobby = await lobby_with_a_computer(fake, channel, "classic")
    await fake.click(alice, lobby, "rami:lobby:leave:")
    await harness.idle()
    assert "cancelled" in lobby.text()
    assert harness.bot is not None
    assert await harness.bot.tables.snapshot(channel) is None
    assert not lobby.custom_ids()  # the closed lobby has no buttons left


async def test_only_the_next_player_is_pinged(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _other = await whose_turn(harness, channel, alice, bob)
    await harness.idle()
    pings = [m for m in fake.posted_messages(channel) if m.allowed_mentions
             and m.allowed_mentions.get("users")]
    assert pings, "the player to play was not mentioned"
    last = pings[-1]
    assert last.content.startswith(f"<@{player.id}>")
    assert [int(u) for u in last.allowed_mentions["users"]] == [player.id]  # type: ignore[index]
    assert last.allowed_mentions["parse"] == []  # type: ignore[index]
    # Every other message (lobby, table) names players without pinging anyone.
    for message in fake.posted_messages(channel):
        if message is not last and message not in pings:
            assert not (message.allowed_mentions or {}).get("users")


async def test_a_public_hand_would_fail_the_privacy_check(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard used by every test notices a hand sent without the ephemeral flag."""
    from dataclasses import replace

    from bot.discord_app import hand as hands

    channel, alice, _bob, _ = await open_table(fake, harness)
    real_hand = hands.hand
    monkeypatch.setattr(hands, "hand",
                        lambda *a, **k: replace(real_hand(*a, **k), ephemeral=False))
    await fake.slash(alice, channel, "rummy hand")
    with pytest.raises(AssertionError, match="public"):
        assert_hands_private(fake)
    fake.messages.clear()  # keep the fixture's own check about the real bot


# How far a click travels before a rule is checked: the Discard button of a hand reaches
# the engine's Game.apply through the feature's method and one call into the session layer.
MOST_CALLS = 8


async def test_a_discard_click_reaches_the_engine_in_at_most_eight_calls(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    assert harness.bot is not None
    hand = assert_ok(await fake.click(player, assert_ok(
        await fake.slash(player, channel, "rummy hand")), "rami:hand:draw:"))
    view = await harness.bot.tables.hand(channel, player.id)
    value = menu_values(hand, "rami:pick:a:", (view.hand[0],))
    assert (await fake.select(player, hand, "rami:pick:a:", value)).response_type == 7
    paths: list[list[str]] = []
    real_apply = Game.apply

    def apply(game: Game, seat: int, action: object) -> None:
        if isinstance(action, Discard):
            frame, path = sys._getframe(1), ["Game.apply"]
            while frame is not None and path[-1] != "Routed.callback":
                path.append(frame.f_code.co_qualname)
                frame = frame.f_back  # type: ignore[assignment]
            paths.append(path[::-1])
        real_apply(game, seat, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", apply)
    assert assert_ok(await fake.click(player, hand, "rami:hand:discard:"))
    (path,) = paths
    assert path == ["Routed.callback", "CardTurn.on_button", "Tables.act",
                    "retried.<locals>.run", "Tables.act_many", "TableKeeper._play",
                    "Game.apply"]
    assert len(path) <= MOST_CALLS
