"""The daily championship through the fake Discord: two players play the day's deal
privately (one across a restart), the ranking is theirs to see, moderators set it up, and
the close posts the final ranking once, even across a restart a second before it."""

from __future__ import annotations

import random

import pytest

from bot.discord_app.client import RamiBot
from bot.discord_app.fake import MANAGE_GUILD, MEMBER_PERMISSIONS, FakeDiscord, Message, User
from bot.session.daily.document import TryDoc
from engine.actions import Action
from engine.ai import choose_action
from engine.cards.actions import Discard, Draw, LayOff, Meld, SwapJoker
from tests.data.helpers import Clock
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_hands_private, menu_values
from tests.session.daily.helpers import at


@pytest.fixture
def clock() -> Clock:
    return Clock(at(2026, 3, 3, 12))


def bot_of(harness: BotHarness) -> RamiBot:
    assert harness.bot is not None
    return harness.bot


def hand_line(message: Message) -> str:
    """The hand written out with positions (``\\`1\\` 7♥  \\`2\\` …``)."""
    return next(line for line in message.text().splitlines() if line.startswith("`1`"))


class DailyPlayer:
    """A member playing their try through the fake Discord, by its menus and buttons,
    deciding each move with the engine's easy player from their own view."""

    def __init__(self, fake: FakeDiscord, harness: BotHarness, user: User, seed: int) -> None:
        self.fake, self.harness, self.user = fake, harness, user
        self.channel = fake.channels[0]
        self.rng = random.Random(seed)
        self.message: Message | None = None

    async def start(self) -> Message:
        it = await self.fake.slash(self.user, self.channel, "rummy daily play")
        assert it.reply.ephemeral and "hand.png" in [a.filename for a in it.reply.attachments]
        self.message = it.reply
        return it.reply

    async def _doc(self) -> TryDoc:
        stored = await bot_of(self.harness).store.challenge_try_in_progress(
            self.fake.guild_id, self.user.id)
        assert stored is not None
        return TryDoc.from_json(stored.state)

    async def move(self) -> bool:
        """Make one move; False once the try is over."""
        doc = await self._doc()
        game = doc.game
        action: Action = choose_action(game.view(0), doc.table.rules, "easy", self.rng)
        if isinstance(action, Meld) and len(action.melds) > 2:  # two menus: two melds
            fits = [Meld(action.melds[:n]) for n in (2, 1)]
            action = next((m for m in fits if game.is_legal(0, m)), None) or next(
                a for a in game.legal_moves() if isinstance(a, Discard))
        await self._click(action)
        assert self.message is not None
        return "rami:daily:again:" not in " ".join(self.message.custom_ids())

    async def _click(self, action: Action) -> None:
        picks: dict[str, list[str]] = {}
        match action:
            case Draw(source=source):
                button = "draw" if source == "stock" else "take"
            case Meld(melds=melds):
                button, picks = "meld", {"a": self._values("a", melds[0])}
                if len(melds) == 2:
                    picks["b"] = self._values("b", melds[1])
            case LayOff(cards=cards, meld=meld):
                button, picks = "layoff", {"a": self._values("a", cards), "m": [str(meld + 1)]}
            case SwapJoker(card=card, meld=meld):
                button, picks = "swap", {"a": self._values("a", (card,)), "m": [str(meld + 1)]}
            case Discard(card=card):
                button, picks = "discard", {"a": self._values("a", (card,))}
            case _:
                raise AssertionError(f"unexpected action {action!r}")
        assert self.message is not None
        for slot, values in picks.items():
            it = await self.fake.select(self.user, self.message, f"rami:dpick:{slot}:", values)
            assert it.response_type == 7, it.reply.text()
        it = await self.fake.click(self.user, self.message, f"rami:daily:{button}:")
        assert it.response_type == 7 and it.reply.ephemeral, it.reply.text()
        self.message = it.reply

    def _values(self, slot: str, cards: tuple[object, ...]) -> list[str]:
        assert self.message is not None
        return menu_values(self.message, f"rami:dpick:{slot}:", cards)  # type: ignore[arg-type]

    async def finish(self) -> Message:
        while await self.move():
            pass
        assert self.message is not None
        return self.message


async def test_two_players_play_the_day_and_the_close_is_posted_once(
        fake: FakeDiscord, harness: BotHarness, clock: Clock) -> None:
    channel = fake.channels[0]
    alice_user, bob_user = fake.add_user("alice"), fake.add_user("bob")
    carol = fake.add_user("carol")
    alice = DailyPlayer(fake, harness, alice_user, seed=1)
    bob = DailyPlayer(fake, harness, bob_user, seed=2)

    # The same deal for both, privately; the ranking only for those who played.
    assert hand_line(await alice.start()) == hand_line(await bob.start())
    refused = (await fake.slash(carol, channel, "rummy daily ranking")).reply
    assert refused.ephemeral and "play a try first" in refused.text()

    # Alice plays a little, the bot restarts, and her message's buttons carry on.
    for _ in range(3):
        assert await alice.move()
    before = alice.message
    await harness.restart()
    assert before is not None and alice.message is before
    again = (await fake.slash(alice_user, channel, "rummy daily play")).reply
    assert hand_line(again) == hand_line(before) and "try 1 of 10" in again.text()
    finished = await alice.finish()
    assert "Score of this try" in finished.text() and "9 tries left today" in finished.text()
    await bob.finish()

    ranking = (await fake.slash(alice_user, channel, "rummy daily ranking")).reply
    assert ranking.ephemeral and [a.filename for a in ranking.attachments] == ["daily.png"]
    assert "alice" in ranking.text() and "bob" in ranking.text()
    assert "Your place" in ranking.text()
    button = (await fake.click(alice_user, finished, "rami:daily:ranking:")).reply
    assert button.ephemeral and "Your place" in button.text()

    # The moderators' channel; the bot comes back a second before the close.
    await bot_of(harness).store.update_guild_settings(fake.guild_id, daily_channel=channel)
    clock.now = at(2026, 3, 3, 20, 59, 59)
    await harness.restart()
    assert await bot_of(harness).daily_poster.run_once() == []
    clock.now = at(2026, 3, 3, 21, 0, 1)
    [posted] = await bot_of(harness).daily_poster.run_once()
    await harness.restart()  # and once more: nothing is posted again
    assert await bot_of(harness).daily_poster.run_once() == []
    [close] = [m for m in fake.channel_messages(channel) if "final ranking" in m.text()]
    assert close.id == posted and not close.ephemeral
    assert f"<@{alice_user.id}>" in close.text() and f"<@{bob_user.id}>" in close.text()
    assert [a.filename for a in close.attachments] == ["daily.png"]
    assert close.allowed_mentions is not None and not close.allowed_mentions.get("users")

    stats = (await fake.slash(bob_user, channel, "rummy stats")).reply
    assert "Daily championship: 1 day ranked" in stats.text()
    assert_hands_private(fake)


async def test_moderators_set_the_championship_up(fake: FakeDiscord,
                                                  harness: BotHarness) -> None:
    channel = fake.channels[0]
    mod = fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    member = fake.add_user("member")
    shown = (await fake.slash(mod, channel, "rummy daily settings")).reply
    assert shown.ephemeral and "Rami 30 against 2 computers" in shown.text()
    assert "21:00 (Europe/Paris)" in shown.text()

    saved = (await fake.slash(mod, channel, "rummy daily settings", opponents=3,
                              level="hard", close="20h30",
                              timezone="America/Montreal")).reply
    assert "Saved." in saved.text() and "20:30 (America/Montreal)" in saved.text()
    settings = await bot_of(harness).store.guild_settings(fake.guild_id)
    assert (settings.daily_opponents, settings.daily_level, settings.daily_close) == (
        3, "hard", 20 * 60 + 30)

    too_many = (await fake.slash(mod, channel, "rummy daily settings", opponents=4)).reply
    assert too_many.ephemeral and "1 to 3 computers, not 4" in too_many.text()
    bad_zone = (await fake.slash(mod, channel, "rummy daily settings",
                                 timezone="Mars/Olympus")).reply
    assert "unknown to this system" in bad_zone.text()
    bad_close = (await fake.slash(mod, channel, "rummy daily settings", close="25h")).reply
    assert "not a time of day" in bad_close.text()
    refused = (await fake.slash(member, channel, "rummy daily settings", opponents=1)).reply
    assert refused.ephemeral and "Manage Server" in refused.text()
    assert await bot_of(harness).store.guild_settings(fake.guild_id) == settings

    zones = await fake.autocomplete(mod, channel, "rummy daily settings", "timezone",
                                    timezone="montr")
    assert [zone["value"] for zone in zones] == ["America/Montreal"]


async def test_the_eleventh_try_is_refused_in_french(fake: FakeDiscord, harness: BotHarness,
                                                     clock: Clock) -> None:
    channel = fake.channels[0]
    player = fake.add_user("zoé", locale="fr")
    store = bot_of(harness).store
    first = (await fake.slash(player, channel, "rummy daily play", locale="fr")).reply
    assert "essai 1 sur 10" in first.text()
    for number in range(1, 11):  # the ten tries, finished at once through the store
        key = (fake.guild_id, "2026-03-03", player.id, number)
        await store.finish_challenge_try(key, "{}", number, 9, now=clock.now)
        if number < 10:
            await store.start_challenge_try(fake.guild_id, "2026-03-03", player.id, "zoé", "{}",
                                            now=clock.now)
    refused = (await fake.slash(player, channel, "rummy daily play", locale="fr")).reply
    assert refused.ephemeral
    assert "vos 10 essais" in refused.text() and "21:00 (Europe/Paris)" in refused.text()
