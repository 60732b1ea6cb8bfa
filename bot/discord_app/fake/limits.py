"""Discord's size limits on what the bot sends, and the 400 it answers when one is broken.

:func:`broken_limits` checks a message body (a channel message, an interaction reply, a
follow-up or an edit) or an autocomplete answer and returns Discord's error body — code
50035 "Invalid Form Body", with an ``errors`` tree naming each field — or None when the
body is within every limit. Files over the upload limit get 413 (code 40005) instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bot.discord_app.fake.model import Attachment

UPLOAD_LIMIT = 25 * 1024 * 1024  # bytes per file, as in most servers

# (path, length, limit) → one error; ``path`` as Discord writes it, dot-separated.
Problem = tuple[str, str, str]

_EMBED_TEXTS = (("title", 256), ("description", 4096))
_BUTTON_STYLES_WITHOUT_ID = (5, 6)  # link and premium buttons carry no custom_id


def too_large(files: Sequence[Attachment]) -> dict[str, Any] | None:
    """Discord's 413 body when a file is over the upload limit."""
    if any(len(f.data) > UPLOAD_LIMIT for f in files):
        return {"message": "Request entity too large", "code": 40005}
    return None


def broken_limits(body: dict[str, Any]) -> dict[str, Any] | None:
    """The 400 body Discord sends for ``body`` (None: within every limit)."""
    problems = list(_message(body)) + list(_choices(body.get("choices")))
    if not problems:
        return None
    errors: dict[str, Any] = {}
    for path, code, text in problems:
        node = errors
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": text})
    return {"message": "Invalid Form Body", "code": 50035, "errors": errors}


def _length(path: str, value: object, limit: int) -> Iterator[Problem]:
    if isinstance(value, str) and len(value) > limit:
        yield path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."


def _count(path: str, value: object, limit: int) -> Iterator[Problem]:
    if isinstance(value, list) and len(value) > limit:
        yield path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."


def _message(body: dict[str, Any]) -> Iterator[Problem]:
    yield from _length("content", body.get("content"), 2000)
    embeds = body.get("embeds") or []
    yield from _count("embeds", embeds, 10)
    total = 0
    for index, embed in enumerate(embeds):
        found, size = _embed(f"embeds.{index}", embed)
        yield from found
        total += size
    if total > 6000:
        yield "embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
    yield from _components(body.get("components") or [])
    for index, attachment in enumerate(body.get("attachments") or []):
        yield from _length(f"attachments.{index}.description", attachment.get("description"),
                           1024)


def _embed(path: str, embed: dict[str, Any]) -> tuple[list[Problem], int]:
    problems: list[Problem] = []
    size = 0
    for name, limit in _EMBED_TEXTS:
        problems += _length(f"{path}.{name}", embed.get(name), limit)
        size += len(embed.get(name) or "")
    fields = embed.get("fields") or []
    problems += _count(f"{path}.fields", fields, 25)
    for index, item in enumerate(fields):
        problems += _length(f"{path}.fields.{index}.name", item.get("name"), 256)
        problems += _length(f"{path}.fields.{index}.value", item.get("value"), 1024)
        size += len(item.get("name") or "") + len(item.get("value") or "")
    for part, key, limit in (("footer", "text", 2048), ("author", "name", 256)):
        text = (embed.get(part) or {}).get(key)
        problems += _length(f"{path}.{part}.{key}", text, limit)
        size += len(text or "")
    return problems, size


def _components(rows: list[dict[str, Any]]) -> Iterator[Problem]:
    yield from _count("components", rows, 5)
    for row_index, row in enumerate(rows):
        items = row.get("components") or []
        path = f"components.{row_index}.components"
        selects = [c for c in items if c.get("type") != 2]
        if len(items) > 5 or (selects and len(items) > 1):
            yield (path, "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                   "The specified component exceeds the maximum width")
        for index, item in enumerate(items):
            yield from _component(f"{path}.{index}", item)


def _component(path: str, item: dict[str, Any]) -> Iterator[Problem]:
    if "custom_id" not in item and item.get("style") not in _BUTTON_STYLES_WITHOUT_ID:
        yield f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required"
    yield from _length(f"{path}.custom_id", item.get("custom_id"), 100)
    yield from _length(f"{path}.label", item.get("label"), 80)
    yield from _length(f"{path}.placeholder", item.get("placeholder"), 150)
    options = item.get("options")
    if options is None:
        return
    yield from _count(f"{path}.options", options, 25)
    for index, option in enumerate(options):
        for name in ("label", "value", "description"):
            yield from _length(f"{path}.options.{index}.{name}", option.get(name), 100)
    for name, low in (("min_values", 0), ("max_values", 1)):
        value = item.get(name)
        if isinstance(value, int) and not low <= value <= 25:
            yield f"{path}.{name}", "NUMBER_TYPE_MAX", f"Must be between {low} and 25."


def _choices(choices: object) -> Iterator[Problem]:
    if not isinstance(choices, list):
        return
    yield from _count("choices", choices, 25)
    for index, choice in enumerate(choices):
        yield from _length(f"choices.{index}.name", choice.get("name"), 100)
        yield from _length(f"choices.{index}.value", choice.get("value"), 100)
