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

COMPONENTS_V2 = 1 << 15  # message flag: a message of layout components
MOST_COMPONENTS = 40  # in a layout message, nested ones counted
MOST_TEXT = 4000  # characters in all the text displays of a layout message
# Component types: 1 action row, 2 button, 3-8 menus, then the layout components.
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = (
    1, 2, 9, 10, 11, 12, 13, 14)
CONTAINER = 17
MENUS = (3, 5, 6, 7, 8)
TOP_LEVEL = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
IN_CONTAINER = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR)
_EMBED_TEXTS = (("title", 256), ("description", 4096))
_BUTTON_STYLES_WITHOUT_ID = (5, 6)  # link and premium buttons carry no custom_id


def too_large(files: Sequence[Attachment]) -> dict[str, Any] | None:
    """Discord's 413 body when a file is over the upload limit."""
    if any(len(f.data) > UPLOAD_LIMIT for f in files):
        return {"message": "Request entity too large", "code": 40005}
    return None


def broken_limits(body: dict[str, Any], *, layout: bool | None = None,
                  files: Sequence[str] = ()) -> dict[str, Any] | None:
    """The 400 body Discord sends for ``body`` (None: within every limit). ``layout``:
    whether the message has the flag ``IS_COMPONENTS_V2`` (None: as the body's flags say);
    ``files``: the names of the attachments it will have (what ``attachment://`` may
    name)."""
    if layout is None:
        layout = bool(int(body.get("flags") or 0) & COMPONENTS_V2)
    problems = list(_message(body, layout)) + list(_choices(body.get("choices")))
    if layout:
        problems += layout_problems(body, files)
    return form_error(problems)


def form_error(problems: Sequence[Problem]) -> dict[str, Any] | None:
    """Discord's 400 body naming each problem (None: no problem)."""
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


def _message(body: dict[str, Any], layout: bool = False) -> Iterator[Problem]:
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
    if not layout:
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
        if row.get("type") != ACTION_ROW:  # layout components need the flag
            yield (f"components.{row_index}.type", "UNION_TYPE_CHOICES",
                   "Value of field \"type\" must be one of (1,).")
            continue
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


# ---------------------------------------------------------------------- layouts
def layout_problems(body: dict[str, Any], files: Sequence[str] = ()) -> list[Problem]:
    """What Discord refuses in a message with the flag ``IS_COMPONENTS_V2``: content or
    embeds (its legacy fields), unknown or misplaced component types, more than
    :data:`MOST_COMPONENTS` components or :data:`MOST_TEXT` characters of text, a picture
    naming no attachment (``files``: the names the message's attachments will have) or
    with alt text over 1,024 characters."""
    problems: list[Problem] = []
    for name in ("content", "embeds"):
        if body.get(name):
            problems.append((name, "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                             f"The '{name}' field cannot be used when using "
                             "MessageFlags.IS_COMPONENTS_V2"))
    components = body.get("components")
    if not isinstance(components, list):
        return problems
    check = _LayoutCheck(set(files))
    for index, item in enumerate(components):
        check.component(f"components.{index}", item, TOP_LEVEL)
    problems += check.problems
    if check.count > MOST_COMPONENTS:
        problems.append(("components", "BASE_TYPE_MAX_LENGTH",
                         f"Must be {MOST_COMPONENTS} or fewer in length."))
    if check.text > MOST_TEXT:
        problems.append(("components", "MAX_TEXT_DISPLAY_LENGTH_EXCEEDED",
                         f"Text displays must be {MOST_TEXT} or fewer in length in total."))
    return problems


class _LayoutCheck:
    """Walks a layout's components, counting them and their text."""

    def __init__(self, files: set[str]) -> None:
        self.files = files
        self.count = 0
        self.text = 0
        self.problems: list[Problem] = []

    def _bad(self, path: str, code: str, text: str) -> None:
        self.problems.append((path, code, text))

    def component(self, path: str, item: object, allowed: Sequence[int]) -> None:
        if not isinstance(item, dict):
            self._bad(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            return
        self.count += 1
        kind = item.get("type")
        if kind not in allowed:
            self._bad(f"{path}.type", "UNION_TYPE_CHOICES",
                      f"Value of field \"type\" must be one of {tuple(allowed)}.")
            return
        if kind == ACTION_ROW:
            self._row(path, item)
        elif kind == CONTAINER:
            self._children(path, item, IN_CONTAINER, most=None)
            accent = item.get("accent_color")
            if accent is not None and not (isinstance(accent, int) and 0 <= accent <= 0xFFFFFF):
                self._bad(f"{path}.accent_color", "NUMBER_TYPE_MAX",
                          "Must be between 0 and 16777215.")
        elif kind == SECTION:
            self._children(path, item, (TEXT_DISPLAY,), most=3)
            accessory = item.get("accessory")
            if accessory is None:
                self._bad(f"{path}.accessory", "BASE_TYPE_REQUIRED", "This field is required")
            else:
                self.component(f"{path}.accessory", accessory, (BUTTON, THUMBNAIL))
        elif kind == TEXT_DISPLAY:
            content = item.get("content")
            if not isinstance(content, str) or not content:
                self._bad(f"{path}.content", "BASE_TYPE_REQUIRED", "This field is required")
            else:
                self.text += len(content)
        elif kind == MEDIA_GALLERY:
            media = item.get("items")
            if not isinstance(media, list) or not 1 <= len(media) <= 10:
                self._bad(f"{path}.items", "BASE_TYPE_BAD_LENGTH",
                          "Must be between 1 and 10 in length.")
                return
            for index, one in enumerate(media):
                self._media(f"{path}.items.{index}", one)
        elif kind in (THUMBNAIL, FILE):
            key = "media" if kind == THUMBNAIL else "file"
            self._media(path, item, key)
        elif kind == BUTTON or kind in MENUS:
            self.problems += _component(path, item)

    def _children(self, path: str, item: dict[str, Any], allowed: Sequence[int],
                  most: int | None) -> None:
        children = item.get("components")
        if not isinstance(children, list) or not children or (
                most is not None and len(children) > most):
            self._bad(f"{path}.components", "BASE_TYPE_BAD_LENGTH",
                      f"Must be between 1 and {most or 40} in length.")
            return
        for index, child in enumerate(children):
            self.component(f"{path}.components.{index}", child, allowed)

    def _row(self, path: str, item: dict[str, Any]) -> None:
        children = item.get("components") or []
        menus = [c for c in children if isinstance(c, dict) and c.get("type") in MENUS]
        if not children or len(children) > 5 or (menus and len(children) > 1):
            self._bad(f"{path}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                      "The specified component exceeds the maximum width")
        for index, child in enumerate(children):
            self.component(f"{path}.components.{index}", child, (BUTTON, *MENUS))

    def _media(self, path: str, item: dict[str, Any], key: str = "media") -> None:
        media = item.get(key)
        url = media.get("url") if isinstance(media, dict) else None
        if not isinstance(url, str):
            self._bad(f"{path}.{key}.url", "BASE_TYPE_REQUIRED", "This field is required")
            return
        if url.startswith("attachment://") and url.removeprefix("attachment://") not in self.files:
            self._bad(f"{path}.{key}.url", "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                      "The referenced attachment was not found")
        self.problems += _length(f"{path}.description", item.get("description"), 1024)
