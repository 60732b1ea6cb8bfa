"""The fake Discord's check of a request against Discord's OpenAPI description: a request
as Discord takes it passes, and each kind of mismatch is reported with the failing field
and the schema's complaint."""

from __future__ import annotations

import gzip
import hashlib
import re
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from bot.discord_app.fake import openapi
from bot.discord_app.fake.openapi import (
    CORRECTIONS,
    Correction,
    SentRequest,
    SpecError,
    default_checker,
    load_spec,
)

CHANNEL = "/channels/1300000000000000001/messages"
CALLBACK = "/interactions/1300000000000000002/tok1300000000000000003/callback"
FOLLOWUP = "/webhooks/1300000000000000004/tok1300000000000000003"
COMMANDS = "/applications/1300000000000000004/guilds/1300000000000000005/commands"


def button(**fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Join", "custom_id": "rami:lobby:join:", **fields}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def reasons(sent: SentRequest) -> list[str]:
    return [v.reason for v in default_checker().check(sent)]


GOOD = [
    SentRequest("GET", "/users/@me"),
    SentRequest("GET", "/gateway/bot"),
    SentRequest("POST", CHANNEL, body={
        "content": "Table", "components": [row(button())], "allowed_mentions": None,
        "embeds": [{"title": "Rami 51", "description": "…", "color": 0x2F7D32,
                    "fields": [{"name": "Stock", "value": "40", "inline": True}]}]}),
    SentRequest("POST", CHANNEL, body={"content": "Alice's turn", "nonce": "123",
                                       "enforce_nonce": True,
                                       "allowed_mentions": {"users": [1300000000000000009]}}),
    SentRequest("POST", CALLBACK, [("with_response", "1")],
                {"type": 4, "data": {"content": "Your hand", "flags": 64}}),
    SentRequest("POST", CALLBACK, [("with_response", "true")], {"type": 5, "data": None}),
    SentRequest("POST", CALLBACK, body={"type": 8, "data": {"choices": [
        {"name": "7♥", "value": "7h"}]}}),
    SentRequest("POST", CALLBACK, body={"type": 7, "data": {"components": [
        row({"type": 3, "custom_id": "rami:pick", "min_values": 1, "max_values": 2,
             "options": [{"label": "7♥", "value": "0"}]})]}}),
    SentRequest("POST", FOLLOWUP, [("wait", "1"), ("with_components", "0")],
                {"content": "Done", "flags": 64}),
    SentRequest("PATCH", FOLLOWUP + "/messages/@original", [("with_components", "1")],
                {"content": "Filled in"}),
    SentRequest("PATCH", CHANNEL + "/1300000000000000006",
                body={"attachments": [{"id": 0, "filename": "table.png",
                                       "description": "the table"}]},
                content_type="multipart/form-data", file_parts=["files[0]"]),
    SentRequest("DELETE", CHANNEL + "/1300000000000000006"),
    SentRequest("PUT", COMMANDS, body=[{"name": "rummy", "description": "Play rummy",
                                        "type": 1, "options": [{
                                            "type": 1, "name": "new",
                                            "description": "A new table"}]}]),
    SentRequest("GET", COMMANDS, [("with_localizations", "true")]),
]


@pytest.mark.parametrize("sent", GOOD, ids=lambda s: f"{s.method} {s.path}")
def test_a_request_as_discord_takes_it_passes(sent: SentRequest) -> None:
    assert default_checker().check(sent) == []


BAD = [
    # a field of the wrong type
    (SentRequest("POST", CHANNEL, body={"content": 5}),
     "$.content: 5 is not of type string or null"),
    (SentRequest("POST", CALLBACK, body={"type": 4, "data": {"flags": "64"}}),
     "$.data.flags: '64' is not of type integer or null"),
    # too long, too many
    (SentRequest("POST", CHANNEL, body={"content": "x" * 4001}),
     "$.content: 4001 characters, over maxLength 4000"),
    (SentRequest("POST", CALLBACK, body={"type": 4, "data": {"content": "x" * 2001}}),
     "$.data.content: 2001 characters, over maxLength 2000"),
    (SentRequest("POST", CHANNEL, body={"components": [row(*[button()] * 6)]}),
     "$.components[0].components: 6 items, over maxItems 5"),
    (SentRequest("POST", CHANNEL, body={"components": [row(button(custom_id="x" * 101))]}),
     "$.components[0].components[0].custom_id: 101 characters, over maxLength 100"),
    # a required field missing
    (SentRequest("POST", CHANNEL, body={"components": [row({"type": 2, "custom_id": "a"})]}),
     "$.components[0].components[0]: 'style' is a required property"),
    (SentRequest("POST", CALLBACK, body={"data": {"content": "hi"}}),
     "$: 'type' is a required property"),
    (SentRequest("POST", CALLBACK, body={"type": 8}), "$: 'data' is a required property"),
    # a value outside a closed set, inside the branch its discriminator picks
    (SentRequest("POST", CHANNEL, body={"components": [row(button(style=9))]}),
     "$.components[0].components[0].style: 9 is not one of [1, 2, 3, 4, 5, 6]"),
    (SentRequest("POST", CHANNEL, body={"components": [{"type": 99}]}),
     "$.components[0].type: 99 is not one of [1, 9, 10, 12, 13, 14, 17]"),
    (SentRequest("POST", CALLBACK, body={"type": 3}),
     "$.type: 3 is not one of [1, 4, 5, 6, 7, 8, 9, 12, 13]"),
    (SentRequest("POST", CHANNEL, body={"components": [row(button(id=1 << 31))]}),
     "$.components[0].components[0].id: 2147483648 is not a 'int32'"),
    # routes, methods and parameters
    (SentRequest("GET", "/channels/1/nowhere"), "no such route in Discord's description"),
    (SentRequest("PUT", "/users/@me"), "/users/@me takes no PUT (only GET, PATCH)"),
    (SentRequest("POST", "/channels/general/messages", body={"content": "hi"}),
     "{channel_id}: 'general' does not match '^(0|[1-9][0-9]*)$'"),
    (SentRequest("POST", CHANNEL, [("wait", "1")], {"content": "hi"}),
     "?wait: not a query parameter of this operation (none)"),
    (SentRequest("POST", FOLLOWUP, [("wait", "yes")], {"content": "hi"}),
     "?wait: 'yes' is not of type boolean"),
    # bodies
    (SentRequest("DELETE", CHANNEL + "/1300000000000000006", body={}),
     "this operation takes no body"),
    (SentRequest("PUT", COMMANDS, content_type=""), "this operation needs a body"),
    (SentRequest("POST", CHANNEL, content_type="text/plain", body="hi"),
     "this operation takes no text/plain body"),
    (SentRequest("POST", CHANNEL, body_not_json=True), "the body (or payload_json) is not JSON"),
    (SentRequest("POST", CHANNEL, body={"content": "hi"}, content_type="multipart/form-data",
                 file_parts=[f"files[{n}]" for n in range(11)]),
     "files[10]: not a file part of this operation (files[0]…files[9])"),
    (SentRequest("POST", CHANNEL, body={"attachments": [{"filename": "a.png"}]},
                 content_type="multipart/form-data", file_parts=["files[0]"]),
     "$.attachments[0]: 'id' is a required property"),
    # an id as a JSON integer (CORRECTIONS), but not past Discord's largest
    (SentRequest("POST", CHANNEL, body={"attachments": [{"id": -1}]}),
     "$.attachments[0].id: -1 is less than the minimum of 0"),
    (SentRequest("POST", CHANNEL, body={"allowed_mentions": {"users": [1 << 63]}}),
     "$.allowed_mentions.users[0]: 9223372036854775808 is greater than the maximum of "
     "9223372036854775807"),
    (SentRequest("GET", CHANNEL + "/01"), "{message_id}: '01' does not match '^(0|[1-9][0-9]*)$'"),
]


@pytest.mark.parametrize(("sent", "reason"), BAD, ids=[reason for _, reason in BAD])
def test_a_mismatch_is_reported_with_its_field_and_the_complaint(
        sent: SentRequest, reason: str) -> None:
    violations = default_checker().check(sent)
    assert [v.reason for v in violations] == [reason]
    assert str(violations[0]) == f"{sent.method} {sent.path}: {reason}"


def test_every_error_of_a_body_is_reported() -> None:
    assert reasons(SentRequest("POST", CHANNEL, body={"content": 5, "tts": "no"})) == [
        "$.content: 5 is not of type string or null", "$.tts: 'no' is not of type boolean or null"]


def test_a_component_found_valid_is_still_checked_when_it_changes() -> None:
    sent = SentRequest("POST", CHANNEL, body={"components": [row(button())]})
    assert reasons(sent) == reasons(sent) == []
    changed = SentRequest("POST", CHANNEL, body={"components": [row(button(style=0))]})
    assert reasons(changed) == ["$.components[0].components[0].style: 0 is not one of "
                                "[1, 2, 3, 4, 5, 6]"]


def test_a_huge_value_is_quoted_short() -> None:
    [reason] = reasons(SentRequest("POST", CHANNEL, body={"flags": "x" * 10_000}))
    assert len(reason) < 100 and reason.startswith("$.flags: 'xxx")


# The unions picked by their discriminator answer as trying every branch does.
PLAIN_CASES = [sent.body for sent in GOOD if sent.path == CALLBACK] + [
    {"type": 4, "data": {"components": [row(button(style=9))]}},
    {"type": 4, "data": {"components": [{"type": 99}]}},
    {"type": 7, "data": {"components": [row(button(), {"type": 3, "custom_id": "x"})]}},
    {"type": 3}, {"type": True}, {"type": [4]}, {"type": None}, {"data": {}}, None, [], "4",
    {"type": 9, "data": {"custom_id": "m", "title": "t", "components": []}},
    {"type": 4, "data": {"allowed_mentions": {"parse": []}, "poll": None}},
]


@pytest.mark.parametrize("body", PLAIN_CASES)
def test_picking_a_branch_agrees_with_trying_them_all(body: Any) -> None:
    spec = load_spec()
    registry: Registry[Any] = Registry().with_resource(
        "urn:spec", DRAFT202012.create_resource(spec))
    pointer = ("/paths/~1interactions~1{interaction_id}~1{interaction_token}~1callback/post"
               "/requestBody/content/application~1json/schema")
    plain = Draft202012Validator({"$ref": "urn:spec#" + pointer}, registry=registry)
    picked = reasons(SentRequest("POST", CALLBACK, body=body, content_type="application/json"))
    assert (picked == []) == plain.is_valid(body)


def test_a_correction_the_description_no_longer_needs_stops_the_load(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stale = Correction("/components/schemas/SnowflakeType/type", was="integer", now="string",
                       reason="a gap fixed since")
    monkeypatch.setattr(openapi, "CORRECTIONS", (*CORRECTIONS, stale))
    with pytest.raises(SpecError, match="SnowflakeType/type: the description now says"):
        load_spec()
    monkeypatch.setattr(openapi, "CORRECTIONS", (Correction("/nowhere/x", 1, 2, "?"),))
    with pytest.raises(SpecError, match="no such place"):
        load_spec()


def test_every_correction_gives_its_reason() -> None:
    assert CORRECTIONS and all(len(c.reason) > 40 for c in CORRECTIONS)


def test_the_vendored_description_is_the_one_its_source_names() -> None:
    folder = resources.files("bot.discord_app.fake").joinpath("discord-api-spec")
    source = folder.joinpath("SOURCE.md").read_text()
    digest = re.search(r"\b[0-9a-f]{64}\b", source)
    assert digest is not None and folder.joinpath("LICENSE").read_text().startswith("MIT")
    unpacked = gzip.decompress(folder.joinpath("openapi.json.gz").read_bytes())
    assert hashlib.sha256(unpacked).hexdigest() == digest.group()
