"""The fake Discord checks layout messages as Discord does (flag IS_COMPONENTS_V2)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app.fake.limits import COMPONENTS_V2, broken_limits
from bot.discord_app.fake.model import Attachment, Message, User
from bot.discord_app.fake.rest import Refused, check_limits


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str = "rami:x:y:1") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def layout(*children: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": COMPONENTS_V2, "components": [{"type": 17, "components": list(children)}],
            **extra}


def codes(body: dict[str, Any] | None) -> list[str]:
    found: list[str] = []

    def walk(node: dict[str, Any]) -> None:
        for key, value in node.items():
            if key == "_errors":
                found.extend(error["code"] for error in value)
            elif isinstance(value, dict):
                walk(value)

    walk((body or {}).get("errors", {}))
    return found


def test_a_well_formed_layout_passes() -> None:
    body = layout(text("## Table"), {"type": 12, "items": [
        {"media": {"url": "attachment://table.png"}, "description": "alt"}]},
        {"type": 9, "components": [text("Alice")], "accessory": button()},
        {"type": 14}, {"type": 1, "components": [button()]})
    assert broken_limits(body, files=["table.png"]) is None


@pytest.mark.parametrize(("body", "code"), [
    (layout(text("x"), content="hello"), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"),
    (layout(text("x"), embeds=[{"title": "t"}]),
     "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"),
    (layout(*(text("x") for _ in range(40))), "BASE_TYPE_MAX_LENGTH"),
    (layout(text("x" * 2001), text("y" * 2000)), "MAX_TEXT_DISPLAY_LENGTH_EXCEEDED"),
    (layout({"type": 17, "components": [text("x")]}), "UNION_TYPE_CHOICES"),  # nested
    (layout({"type": 9, "components": [text("x")]}), "BASE_TYPE_REQUIRED"),  # no accessory
    (layout({"type": 9, "components": [text("a")] * 4, "accessory": button()}),
     "BASE_TYPE_BAD_LENGTH"),
    (layout({"type": 12, "items": [{"media": {"url": "attachment://gone.png"}}]}),
     "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND"),
    (layout({"type": 12, "items": [{"media": {"url": "attachment://table.png"},
                                    "description": "a" * 1025}]}), "BASE_TYPE_MAX_LENGTH"),
    (layout({"type": 1, "components": [button()] * 6}), "COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
])
def test_what_discord_refuses_in_a_layout(body: dict[str, Any], code: str) -> None:
    refused = broken_limits(body, files=["table.png"])
    assert refused is not None and refused["code"] == 50035
    assert code in codes(refused)


def test_layout_components_are_refused_without_the_flag() -> None:
    body = {"components": [{"type": 17, "components": [text("x")]}]}
    assert "UNION_TYPE_CHOICES" in codes(broken_limits(body))
    assert broken_limits(layout(text("x"))) is None


def _message(flags: int) -> Message:
    return Message(1, 2, User(3, "Rami", bot=True), flags=flags,
                   attachments=[Attachment("table.png", b"png", "alt")])


@pytest.mark.parametrize(("posted", "edit"), [(0, COMPONENTS_V2), (COMPONENTS_V2, 0)])
def test_an_edit_neither_adds_nor_removes_the_flag(posted: int, edit: int) -> None:
    with pytest.raises(Refused) as refused:
        check_limits({"flags": edit, "components": []}, [], _message(posted))
    assert refused.value.response.status == 400


def test_an_edit_of_a_layout_keeps_its_rules() -> None:
    message = _message(COMPONENTS_V2)
    check_limits({"components": layout(text("x"))["components"]}, [], message)  # flag kept
    with pytest.raises(Refused):
        check_limits({"content": "plain"}, [], message)
    # A picture kept by id may still be named; one dropped may not.
    gallery = layout({"type": 12, "items": [{"media": {"url": "attachment://table.png"}}]})
    check_limits({**gallery, "attachments": [{"id": "1"}]} | {"attachments": [
        {"id": str(message.attachments[0].id)}]}, [], message)
    with pytest.raises(Refused):
        check_limits({**gallery, "attachments": []}, [], message)
