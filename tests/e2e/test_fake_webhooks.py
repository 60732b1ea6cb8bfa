"""The fake Discord treats an interaction's webhook as Discord does: no follow-up, edit or
delete before the interaction is answered (404 code 10015), none once its token is 15
minutes old (401 code 50027), and none of them counted against the global limit; public
follow-ups are told to whoever listens, as channel messages are."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from bot.discord_app.fake import FakeDiscord, Interaction, Message
from tests.data.helpers import Clock

COMMAND = 2


async def call(fake: FakeDiscord, method: str, path: str,
               body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """A request as a webhook client sends it (no bot token: the token is in the path)."""
    async with aiohttp.ClientSession() as session, session.request(
            method, fake.api_base + path, json=body) as response:
        data = await response.json() if response.content_type == "application/json" else None
        return response.status, data


def webhook(fake: FakeDiscord, it: Interaction) -> str:
    return f"/webhooks/{fake.app_id}/{it.token}"


async def answered(fake: FakeDiscord) -> Interaction:
    it = fake.new_interaction(COMMAND, fake.add_user("alice"), fake.channels[0])
    status, _ = await call(fake, "POST", f"/interactions/{it.id}/{it.token}/callback",
                           {"type": 4, "data": {"content": "hi", "flags": 64}})
    assert status == 200
    return it


async def test_nothing_goes_through_the_webhook_before_the_answer(fake: FakeDiscord) -> None:
    it = fake.new_interaction(COMMAND, fake.add_user("alice"), fake.channels[0])
    for method, path, body in [("POST", "?wait=true", {"content": "too soon"}),
                               ("PATCH", "/messages/@original", {"content": "too soon"}),
                               ("DELETE", "/messages/@original", None)]:
        status, data = await call(fake, method, webhook(fake, it) + path, body)
        assert (status, data["code"]) == (404, 10015), method
    assert it.followups == []


async def test_a_token_fifteen_minutes_old_is_refused(fake: FakeDiscord) -> None:
    clock = Clock()
    fake.clock = clock
    it = await answered(fake)
    clock.advance(15 * 60 - 1)
    status, sent = await call(fake, "POST", webhook(fake, it) + "?wait=true",
                              {"content": "in time"})
    assert status == 200
    clock.advance(1)
    for method, path, body in [("POST", "?wait=true", {"content": "late"}),
                               ("DELETE", f"/messages/{sent['id']}", None)]:
        status, data = await call(fake, method, webhook(fake, it) + path, body)
        assert (status, data["code"]) == (401, 50027), method
    assert [m.content for m in it.followups] == ["in time"]


async def test_an_unknown_token_is_an_unknown_webhook(fake: FakeDiscord) -> None:
    status, data = await call(fake, "POST", f"/webhooks/{fake.app_id}/nope?wait=true",
                              {"content": "who?"})
    assert (status, data["code"]) == (404, 10015)


async def test_a_webhook_deletes_only_its_own_follow_ups(fake: FakeDiscord) -> None:
    first, other = await answered(fake), await answered(fake)
    _, sent = await call(fake, "POST", webhook(fake, first) + "?wait=true", {"content": "x"})
    status, _ = await call(fake, "DELETE", webhook(fake, other) + f"/messages/{sent['id']}")
    assert status == 404 and not fake.messages[int(sent["id"])].deleted
    status, _ = await call(fake, "DELETE", webhook(fake, first) + f"/messages/{sent['id']}")
    assert status == 204 and fake.messages[int(sent["id"])].deleted
    assert fake.followups(fake.channels[0]) == []


@pytest.mark.parametrize(("flags", "told"), [(0, True), (64, False)])
async def test_public_follow_ups_are_told_and_free_of_the_global_limit(
        fake: FakeDiscord, flags: int, told: bool) -> None:
    heard: list[Message] = []
    fake.followup_listeners.append(heard.append)
    it = await answered(fake)
    counted = fake.rest.global_requests
    _, sent = await call(fake, "POST", webhook(fake, it) + "?wait=true",
                         {"content": "ping", "flags": flags})
    await call(fake, "DELETE", webhook(fake, it) + f"/messages/{sent['id']}")
    assert [m.content for m in heard] == (["ping"] if told else [])
    assert fake.rest.global_requests == counted
    assert fake.rest.requests["followup"] == 1 and fake.rest.requests["webhook_delete"] == 1
