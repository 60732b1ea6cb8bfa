"""Play through the Discord interface as a human would: slash commands and clicks.

The test decides each move with the engine's easy computer player (from the seat's own
view, as a human reads it on the hand message), then performs it only through the fake
Discord: ``/rummy draw|meld|layoff|swap|discard`` or the hand message's menus and buttons.
"""

from __future__ import annotations

import asyncio
import random
from typing import Literal

from bot.discord_app.fake import FakeDiscord, Interaction, Message, User
from bot.session import Status
from engine import Card, Discard, Draw, LayOff, Meld, SwapJoker, format_cards
from engine.ai import choose_action
from engine.views import Phase, PlayerView
from tests.e2e.harness import BotHarness

Style = Literal["slash", "buttons"]
HAND_FILES = ("hand.png", "rack.png")


def is_hand(message: Message) -> bool:
    return any(a.filename in HAND_FILES for a in message.attachments) or (
        "rami:hand:" in " ".join(message.custom_ids()))


def assert_hands_private(fake: FakeDiscord) -> int:
    """Every message showing a hand is ephemeral (flag 64); returns how many there were."""
    hands = [m for m in fake.all_messages() if is_hand(m)]
    public = [m for m in hands if not m.ephemeral]
    assert not public, f"{len(public)} hand message(s) were public: {public[0].text()!r}"
    return len(hands)


def assert_ok(it: Interaction) -> Message:
    """The interaction was answered with a hand (not an error message)."""
    reply = it.reply
    assert is_hand(reply), f"expected a hand, got: {reply.text()!r}"
    assert reply.ephemeral
    return reply


async def lobby_with_a_computer(fake: FakeDiscord, channel: int, variant: str,
                                level: str = "ai") -> tuple[User, Message]:
    """alice opens a lobby of ``variant`` and seats one computer player (``level``: the
    lobby's button, ``aieasy``, ``ai`` or ``aihard``); returns alice and the lobby."""
    alice = fake.add_user("alice")
    lobby = (await fake.slash(alice, channel, "rummy new", variant=variant)).reply
    await fake.click(alice, lobby, f"rami:lobby:{level}:")
    return alice, lobby


def _cards(cards: tuple[Card, ...]) -> str:
    return format_cards(cards, ascii=True)


def menu_values(message: Message, menu: str, cards: tuple[Card, ...]) -> list[str]:
    """The values of the menu whose id starts with ``menu`` naming ``cards`` (each
    position used once)."""
    options = message.component(menu)["options"]
    wanted = [_cards((c,)) for c in cards]
    values: list[str] = []
    for card_text in wanted:
        for option in options:
            value = option["value"]
            text = value.partition(":")[2]
            if value not in values and format_cards([_parse(text)], ascii=True) == card_text:
                values.append(value)
                break
        else:
            raise AssertionError(f"{card_text} not in the menu")
    return values


class Seated:
    """A person seated at a table of the fake Discord, playing in one ``style``; what they
    know of the game is their own view (and the table's rules)."""

    def __init__(self, fake: FakeDiscord, harness: BotHarness, user: User, channel: int,
                 style: Style) -> None:
        self.fake, self.harness, self.user, self.channel = fake, harness, user, channel
        self.style = style

    async def view(self) -> PlayerView:
        assert self.harness.bot is not None
        return await self.harness.bot.tables.hand(self.channel, self.user.id)

    async def rules(self) -> object:
        assert self.harness.bot is not None
        snapshot = await self.harness.bot.tables.snapshot(self.channel)
        assert snapshot is not None
        return snapshot.rules


class Human(Seated):
    """A seated person who plays a card game through the fake Discord."""

    def __init__(self, fake: FakeDiscord, harness: BotHarness, user: User, channel: int,
                 style: Style, seed: int) -> None:
        super().__init__(fake, harness, user, channel, style)
        self.rng = random.Random(seed)
        self.hand_message: Message | None = None
        self.actions = 0
        self.lay_off_buttons = 0  # lay-offs made with the button beside their meld
        self.level = "easy"  # the computer level deciding this person's moves

    async def play_turn(self) -> None:
        """Play this seat's whole turn (it must be its turn)."""
        rules = await self.rules()
        view = await self.view()
        assert view.current == view.seat and view.phase in (Phase.DRAW, Phase.PLAY)
        if self.style == "buttons":
            if self.hand_message is None:
                it = await self.fake.slash(self.user, self.channel, "rummy hand")
                self.hand_message = assert_ok(it)
            else:
                # The hand message from an earlier turn was brought up to date by the bot
                # when this turn began: its buttons are live again.
                await self.harness.idle()
                assert "Your turn" in self.hand_message.text(), self.hand_message.text()
        begun = view
        while still_their_turn(view, begun):
            action = choose_action(view, rules, self.level, self.rng)  # type: ignore[arg-type]
            if self.style == "buttons":
                await self._click(action)
            else:
                await self._slash(action)
            self.actions += 1
            view = await self.view()

    async def _slash(self, action: object) -> None:
        fake, user, channel = self.fake, self.user, self.channel
        match action:
            case Draw(source=source):
                it = await fake.slash(user, channel, "rummy draw", source=source)
            case Meld(melds=melds):
                it = await fake.slash(user, channel, "rummy meld",
                                      cards=" | ".join(_cards(m) for m in melds))
            case LayOff(cards=cards, meld=meld):
                it = await fake.slash(user, channel, "rummy layoff", cards=_cards(cards),
                                      meld=meld + 1)
            case SwapJoker(card=card, meld=meld):
                it = await fake.slash(user, channel, "rummy swap", meld=meld + 1,
                                      card=_cards((card,)))
            case Discard(card=card):
                it = await fake.slash(user, channel, "rummy discard", card=_cards((card,)))
            case _:
                raise AssertionError(f"unexpected action {action!r}")
        assert_ok(it)

    def _values(self, message: Message, slot: str, cards: tuple[Card, ...]) -> list[str]:
        return menu_values(message, f"rami:pick:{slot}:", cards)

    async def _pick_and_click(self, picks: dict[str, list[str]], button: str) -> None:
        message = self.hand_message
        assert message is not None
        for slot, values in picks.items():
            it = await self.fake.select(self.user, message, f"rami:pick:{slot}:", values)
            assert it.response_type == 7, it.reply.text()
        it = await self.fake.click(self.user, message, f"rami:hand:{button}:")
        self.hand_message = assert_ok(it)

    async def _lay_off_beside(self, cards: tuple[Card, ...], meld: int) -> None:
        """Pick ``cards``, then press the lay-off button the hand shows beside table meld
        ``meld`` (0-based): there must be one, and the meld grows by those cards."""
        message = self.hand_message
        assert message is not None
        picked = await self.fake.select(self.user, message, "rami:pick:a:",
                                        self._values(message, "a", cards))
        assert picked.response_type == 7, picked.reply.text()
        button = f"rami:lay:{meld + 1}:"
        assert any(i.startswith(button) for i in message.custom_ids()), message.custom_ids()
        before = len((await self.view()).melds[meld].pieces)
        self.hand_message = assert_ok(await self.fake.click(self.user, message, button))
        assert len((await self.view()).melds[meld].pieces) == before + len(cards)
        self.lay_off_buttons += 1

    async def _click(self, action: object) -> None:
        message = self.hand_message
        assert message is not None
        match action:
            case Draw(source=source):
                button = "draw" if source == "stock" else "take"
                it = await self.fake.click(self.user, message, f"rami:hand:{button}:")
                self.hand_message = assert_ok(it)
            case Meld(melds=melds) if len(melds) <= 2:
                picks = {"a": self._values(message, "a", melds[0])}
                if len(melds) == 2:
                    picks["b"] = self._values(message, "b", melds[1])
                await self._pick_and_click(picks, "meld")
            case LayOff(cards=cards, meld=meld) if self.actions % 2:
                await self._lay_off_beside(cards, meld)
            case LayOff(cards=cards, meld=meld):
                await self._pick_and_click(
                    {"a": self._values(message, "a", cards), "m": [str(meld + 1)]}, "layoff")
            case SwapJoker(card=card, meld=meld):
                await self._pick_and_click(
                    {"a": self._values(message, "a", (card,)), "m": [str(meld + 1)]}, "swap")
            case Discard(card=card):
                await self._pick_and_click({"a": self._values(message, "a", (card,))},
                                           "discard")
            case _:
                await self._slash(action)  # three melds at once: the command does it
                it = await self.fake.slash(self.user, self.channel, "rummy hand")
                self.hand_message = assert_ok(it)


def still_their_turn(view: PlayerView, begun: PlayerView) -> bool:
    """Whether ``view`` is still the turn the seat had in ``begun``: its seat to play,
    in the same round and at the same turn. Its turn alone is not enough: on a loaded
    machine the computers may have played theirs before the next look, the seat's next
    turn then looking like the same one (a test would play on until the round ends)."""
    return (view.current == view.seat and view.phase in (Phase.DRAW, Phase.PLAY)
            and (view.round_number, view.turn) == (begun.round_number, begun.turn))


def _parse(text: str) -> Card:
    from engine import parse_card

    return parse_card(text)


async def wait_for_turn(harness: BotHarness, channel: int, humans: dict[int, Human],
                        timeout: float = 20.0) -> Human | None:
    """Wait until a human is to play (returned) or the round is over (None)."""
    assert harness.bot is not None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None
        view = snapshot.view
        assert view is not None
        if view.phase not in (Phase.DRAW, Phase.PLAY):
            return None
        seat = snapshot.seats[view.current]
        if seat.user_id is not None:
            return humans[seat.user_id]
        await asyncio.sleep(0.002)
    raise AssertionError("no human turn came")


def with_component(fake: FakeDiscord, channel: int, custom_id: str) -> list[Message]:
    """The messages posted in the channel (channel messages and public follow-ups) with a
    component whose id starts with ``custom_id``, oldest first."""
    return [m for m in fake.posted_messages(channel)
            if any(c.startswith(custom_id) for c in m.custom_ids())]


def last_with(fake: FakeDiscord, channel: int, custom_id: str) -> Message:
    """The newest of :func:`with_component`."""
    found = with_component(fake, channel, custom_id)
    if not found:
        raise AssertionError(f"no message with {custom_id}")
    return found[-1]


async def play_match(fake: FakeDiscord, harness: BotHarness, variant: str, target: int,
                     channel: int) -> tuple[int, dict[int, Human]]:
    assert harness.bot is not None
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    it = await fake.slash(alice, channel, "rummy new", variant=variant, target=target)
    lobby = it.reply
    assert not lobby.ephemeral
    assert (await fake.click(bob, lobby, "rami:lobby:join:")).response_type == 7
    assert (await fake.click(alice, lobby, "rami:lobby:ai:")).response_type == 7
    assert "bob" in lobby.text() or f"<@{bob.id}>" in lobby.text()
    assert (await fake.click(alice, lobby, "rami:lobby:start:")).response_type == 7
    humans = {
        alice.id: Human(fake, harness, alice, channel, "slash", seed=1),
        bob.id: Human(fake, harness, bob, channel, "buttons", seed=2),
    }
    rounds = 1
    while True:
        human = await wait_for_turn(harness, channel, humans)
        if human is not None:
            await human.play_turn()
            continue
        await harness.idle()
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None
        if snapshot.status is Status.MATCH_OVER:
            break
        next_round = last_with(fake, channel, "rami:table:next:")
        assert "Round" in next_round.text()
        await fake.click(bob, next_round, "rami:table:next:")
        rounds += 1
    return rounds, humans


async def fill_form(fake: FakeDiscord, member: User, message: Message, custom_id: str,
                    values: dict[str, object]) -> Interaction:
    """Click the button ``custom_id`` on ``message``, which opens a form, fill it in with
    ``values`` (by the components' custom_id; the others as shown) and submit it; returns
    the submit (its reply is the bot's answer)."""
    opened = await fake.click(member, message, custom_id)
    assert opened.modal is not None, f"no form opened: {opened.replies}"
    return await fake.submit(member, opened, values)
