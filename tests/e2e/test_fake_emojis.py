"""The fake Discord's application emojis answer as Discord does: the list, a creation
from a data URI, a rename, a deletion, and Discord's refusals (the name rule, the image,
256 KiB, 2,000 emojis, an unknown emoji)."""

from __future__ import annotations

import base64
from typing import Any

import aiohttp
import pytest

from bot.discord_app.fake import FakeDiscord
from bot.discord_app.fake.emojis import APPLICATION_LIMIT, EMOJI_SIZE_LIMIT

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


def uri(data: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


async def call(fake: FakeDiscord, method: str, path: str,
               body: dict[str, Any] | None = None) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as session, session.request(
            method, f"{fake.api_base}/applications/{fake.app_id}/emojis{path}", json=body,
            headers={"Authorization": f"Bot {fake.token}"}) as response:
        return response.status, (await response.json() if response.status != 204 else None)


def form_error(answer: Any, field: str) -> str:
    assert answer["code"] == 50035
    return str(answer["errors"][field]["_errors"][0]["code"])


async def test_create_list_rename_and_delete(fake: FakeDiscord) -> None:
    assert await call(fake, "GET", "") == (200, {"items": []})
    status, made = await call(fake, "POST", "", {"name": "r_cQs_abcdef", "image": uri(PNG)})
    assert status == 201 and made["name"] == "r_cQs_abcdef" and not made["animated"]
    assert fake.emojis.images[int(made["id"])] == PNG
    assert (await call(fake, "GET", ""))[1]["items"] == [made]
    status, renamed = await call(fake, "PATCH", f"/{made['id']}", {"name": "r_cQs_123456"})
    assert status == 200 and renamed["name"] == "r_cQs_123456"
    assert (await call(fake, "GET", f"/{made['id']}"))[1]["name"] == "r_cQs_123456"
    assert (await call(fake, "DELETE", f"/{made['id']}"))[0] == 204
    status, answer = await call(fake, "GET", f"/{made['id']}")
    assert (status, answer["code"]) == (404, 10014)


@pytest.mark.parametrize(("name", "described"), [
    ("a", "$.name: 1 characters, under minLength 2"),
    ("x" * 33, "$.name: 33 characters, over maxLength 32"),
    # Discord's description has no pattern for the name: its rule is the fake's own.
    ("has space", None),
    ("é_accent", None),
    (None, "$.name: None is not of type string"),
])
async def test_a_name_outside_discords_rule_is_refused(fake: FakeDiscord, name: str | None,
                                                       described: str | None) -> None:
    status, answer = await call(fake, "POST", "", {"name": name, "image": uri(PNG)})
    assert status == 400 and form_error(answer, "name")
    assert not fake.emojis.by_id
    assert [v.reason for v in fake.spec_violations] == ([described] if described else [])
    fake.spec_violations.clear()  # sent on purpose: the fixture would fail on them


async def test_a_name_taken_is_refused(fake: FakeDiscord) -> None:
    fake.emojis.add("taken")
    status, answer = await call(fake, "POST", "", {"name": "taken", "image": uri(PNG)})
    assert status == 400 and form_error(answer, "name") == "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"


@pytest.mark.parametrize("image", ["not a data uri", uri(PNG, "image/bmp"),
                                   "data:image/png;base64,@@@"])
async def test_an_image_that_is_not_a_data_uri_of_a_picture_is_refused(
        fake: FakeDiscord, image: str) -> None:
    status, answer = await call(fake, "POST", "", {"name": "r_ok", "image": image})
    assert status == 400 and form_error(answer, "image") == "IMAGE_INVALID"


async def test_an_image_over_256_kib_is_refused(fake: FakeDiscord) -> None:
    big = PNG + b"\0" * EMOJI_SIZE_LIMIT
    status, answer = await call(fake, "POST", "", {"name": "r_big", "image": uri(big)})
    assert status == 400 and form_error(answer, "image") == "BINARY_TYPE_MAX_SIZE"
    exact = PNG + b"\0" * (EMOJI_SIZE_LIMIT - len(PNG))
    assert (await call(fake, "POST", "", {"name": "r_fits", "image": uri(exact)}))[0] == 201


async def test_the_2000th_emoji_is_the_last(fake: FakeDiscord) -> None:
    for number in range(APPLICATION_LIMIT - 1):
        fake.emojis.add(f"e_{number}")
    assert (await call(fake, "POST", "", {"name": "r_last", "image": uri(PNG)}))[0] == 201
    status, answer = await call(fake, "POST", "", {"name": "r_more", "image": uri(PNG)})
    assert (status, answer["code"]) == (400, 30018)


async def test_another_applications_emojis_are_not_this_tokens(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session, session.get(
            f"{fake.api_base}/applications/{fake.app_id + 1}/emojis",
            headers={"Authorization": f"Bot {fake.token}"}) as response:
        assert response.status == 403
