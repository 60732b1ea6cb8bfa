"""The last embeds become layouts (issue 25): a daily try, ``/rummy rules``, ``/rummy
settings show`` and the score sheet are layout messages (the fake checks their components,
limits and the flag rule), with alt text on every picture in the reader's language; a
message sent before layouts is still edited in its own form (an edit cannot add the flag).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app.core.replies import Reply
from bot.discord_app.daily import present as daily_present
from bot.discord_app.fake import FakeDiscord, Message
from tests.data.helpers import Clock
from tests.e2e.harness import BotHarness
from tests.session.daily.helpers import at


@pytest.fixture
def clock() -> Clock:
    return Clock(at(2026, 3, 3, 12))


def assert_layout_with_pictures(message: Message, *names: str) -> list[str]:
    """``message`` is a private layout showing the pictures ``names`` (attached), each
    with alt text; returns the alt texts."""
    assert message.is_layout and message.ephemeral
    assert not message.content and not message.embeds
    assert message.components[0]["type"] == 17  # one container
    shown = message.pictures()
    assert [url for url, _ in shown] == [f"attachment://{name}" for name in names]
    assert sorted(a.filename for a in message.attachments) == sorted(names)
    alts = [alt or "" for _, alt in shown]
    assert all(alts)
    return alts


# ---------------------------------------------------------------------- a daily try
@pytest.mark.parametrize(("locale", "words"), [
    ("en-US", ("Daily championship", "Your hand", "round 1", "CPU 1")),
    ("fr", ("Championnat du 3 mars", "Votre main", "manche 1", "Ordi 1")),
])
async def test_a_try_is_a_layout_with_the_hand_and_the_table(
        fake: FakeDiscord, harness: BotHarness, clock: Clock, locale: str,
        words: tuple[str, ...]) -> None:
    player, channel = fake.add_user("zoé", locale=locale), fake.channels[0]
    it = await fake.slash(player, channel, "rummy daily play", locale=locale)
    try_message = it.reply
    alts = assert_layout_with_pictures(try_message, "hand.png", "table.png")
    assert all(word in try_message.text() for word in words), try_message.text()
    english = "en" in locale
    assert all(("card" in alt) is english for alt in alts), alts  # the reader's language
    assert any(i.startswith("rami:dpick:a:") for i in try_message.custom_ids())

    # A pick edits it without drawing again: the pictures stay, referenced by name.
    first = try_message.component("rami:dpick:a:")["options"][0]["value"]
    picked = await fake.select(player, try_message, "rami:dpick:a:", [first])
    assert picked.response_type == 7
    assert assert_layout_with_pictures(try_message, "hand.png", "table.png") == alts
    drew = await fake.click(player, try_message, "rami:daily:draw:")
    assert drew.response_type == 7 and try_message.is_layout
    assert_layout_with_pictures(try_message, "hand.png", "table.png")


async def test_a_try_sent_before_layouts_is_edited_in_its_own_form(
        fake: FakeDiscord, harness: BotHarness, clock: Clock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown = daily_present.try_message

    def as_before(*args: Any, **options: Any) -> Reply:  # the bot before the upgrade
        return shown(*args, **{**options, "layout": False})

    monkeypatch.setattr(daily_present, "try_message", as_before)
    player, channel = fake.add_user("alice"), fake.channels[0]
    old = (await fake.slash(player, channel, "rummy daily play")).reply
    assert not old.is_layout and old.embeds and old.content
    monkeypatch.undo()

    drew = await fake.click(player, old, "rami:daily:draw:")
    assert drew.response_type == 7 and not old.is_layout  # edited in its own form
    assert "You drew" in old.text() and old.embeds
    assert not any(p.get("flags", 0) & (1 << 15) for p in old.payloads)
    again = (await fake.slash(player, channel, "rummy daily play")).reply
    assert again.is_layout and again is not old  # a new message is a layout


async def test_a_try_in_text_only_has_no_pictures(fake: FakeDiscord, harness: BotHarness,
                                                 clock: Clock) -> None:
    player, channel = fake.add_user("alice"), fake.channels[0]
    await fake.slash(player, channel, "rummy prefs", **{"text-only": True})
    it = await fake.slash(player, channel, "rummy daily play")
    assert it.reply.is_layout and not it.reply.attachments and not it.reply.pictures()
    assert "`1`" in it.reply.text()  # the hand in words, numbered as the menus
