"""Forms (modals) as Discord holds them: what a ``MODAL`` callback (type 9) may hold, and
what a member's submit (``MODAL_SUBMIT``, an interaction of type 5) sends back.

:func:`broken_modal` checks a callback's ``data`` as Discord does and returns its 400 body
(code 50035, the ``errors`` tree naming each field) or None: a title (45 characters) and a
``custom_id`` (100), one to five top-level components, each a Label (type 18: a label of
45 characters, a description of 100, exactly one ``component``) or a Text Display (10);
in a Label a Text Input (4), a select (3; user, role, mentionable, channel 5–8), a File
Upload (19), a Radio Group (21: 2–10 options, one default at most), a Checkbox Group (22:
1–10 options, ``min_values`` 0–10, ``max_values`` 1–10) or a Checkbox (23); every
``custom_id`` of a form different.

:func:`submit_data` fills a form in as a member does in Discord's client — the values
given by ``custom_id``, the others as the form showed them — and returns the
interaction's ``data`` in Discord's submit shape: each Label with its ``component``
holding ``value`` (text input, radio group, check box) or ``values`` (selects, check box
group), and ``resolved`` channels for a channel select. A value the client could not send
(an option the form lacks, a required field left empty, too many ticks) raises
``ValueError``: a test asks only what a member could do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from bot.discord_app.fake.limits import Problem

LABEL, TEXT_DISPLAY, ACTION_ROW = 18, 10, 1
TEXT_INPUT, STRING_SELECT, FILE_UPLOAD = 4, 3, 19
RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX = 21, 22, 23
ENTITY_SELECTS = (5, 6, 7, 8)  # user, role, mentionable, channel
CHANNEL_SELECT = 8
IN_A_LABEL = (TEXT_INPUT, STRING_SELECT, *ENTITY_SELECTS, FILE_UPLOAD, RADIO_GROUP,
              CHECKBOX_GROUP, CHECKBOX)
MAX_TOP_LEVEL = 5

_REQUIRED = ("BASE_TYPE_REQUIRED", "This field is required")


def broken_modal(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """Discord's 400 body for a modal callback's ``data`` (None: a form Discord shows)."""
    problems = list(_modal(data))
    if not problems:
        return None
    errors: dict[str, Any] = {}
    for path, code, text in problems:
        node = errors
        for part in ("data." + path).split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": text})
    return {"message": "Invalid Form Body", "code": 50035, "errors": errors}


def _text(path: str, value: object, most: int, *, required: bool = False,
          least: int = 0) -> Iterator[Problem]:
    if value is None:
        if required:
            yield path, *_REQUIRED
        return
    if not isinstance(value, str):
        yield path, "STRING_TYPE_CONVERT", "Could not interpret value as string."
    elif len(value) > most:
        yield path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length."
    elif len(value) < least:
        yield path, "BASE_TYPE_MIN_LENGTH", f"Must be {least} or more in length."


def _between(path: str, value: object, low: int, high: int) -> Iterator[Problem]:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or not low <= value <= high):
        yield path, "NUMBER_TYPE_MAX", f"Must be between {low} and {high}."


def _modal(data: Mapping[str, Any]) -> Iterator[Problem]:
    yield from _text("custom_id", data.get("custom_id"), 100, required=True, least=1)
    yield from _text("title", data.get("title"), 45, required=True, least=1)
    components = data.get("components")
    if not isinstance(components, list) or not components:
        yield "components", *_REQUIRED
        return
    if len(components) > MAX_TOP_LEVEL:
        yield ("components", "BASE_TYPE_MAX_LENGTH",
               f"Must be {MAX_TOP_LEVEL} or fewer in length.")
    seen: set[str] = set()
    for index, component in enumerate(components):
        path = f"components.{index}"
        kind = component.get("type")
        if kind == TEXT_DISPLAY:
            yield from _text(f"{path}.content", component.get("content"), 4000, required=True,
                             least=1)
        elif kind == ACTION_ROW:  # the old way: one text input in a row
            inner = component.get("components") or []
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                yield (f"{path}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                       "The specified component exceeds the maximum width")
            for child in inner:
                yield from _child(f"{path}.components.0", child, seen, in_row=True)
        elif kind == LABEL:
            yield from _text(f"{path}.label", component.get("label"), 45, required=True,
                             least=1)
            yield from _text(f"{path}.description", component.get("description"), 100)
            child = component.get("component")
            if not isinstance(child, dict) or "components" in component:
                yield f"{path}.component", *_REQUIRED
                continue
            yield from _child(f"{path}.component", child, seen, in_row=False)
        else:
            yield (f"{path}.type", "UNION_TYPE_CHOICES",
                   f"Value of field \"type\" must be one of ({ACTION_ROW}, {LABEL}, "
                   f"{TEXT_DISPLAY}).")


def _child(path: str, child: Mapping[str, Any], seen: set[str], *,
           in_row: bool) -> Iterator[Problem]:
    kind = child.get("type")
    if kind not in IN_A_LABEL:
        yield f"{path}.type", "COMPONENT_TYPE_INVALID", f"Component type {kind} is not valid here."
        return
    custom_id = child.get("custom_id")
    yield from _text(f"{path}.custom_id", custom_id, 100, required=True, least=1)
    if isinstance(custom_id, str):
        if custom_id in seen:
            yield (f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED",
                   "Component custom id cannot be duplicated")
        seen.add(custom_id)
    if kind == TEXT_INPUT:
        if child.get("style") not in (1, 2):
            yield f"{path}.style", *_REQUIRED
        if in_row:
            yield from _text(f"{path}.label", child.get("label"), 45, required=True, least=1)
        yield from _text(f"{path}.value", child.get("value"), 4000)
        yield from _text(f"{path}.placeholder", child.get("placeholder"), 100)
        yield from _between(f"{path}.min_length", child.get("min_length"), 0, 4000)
        yield from _between(f"{path}.max_length", child.get("max_length"), 1, 4000)
    elif kind == STRING_SELECT or kind in ENTITY_SELECTS:
        yield from _text(f"{path}.placeholder", child.get("placeholder"), 150)
        yield from _between(f"{path}.min_values", child.get("min_values"), 0, 25)
        yield from _between(f"{path}.max_values", child.get("max_values"), 1, 25)
        if kind == STRING_SELECT:
            yield from _options(path, child.get("options"), 1, 25)
        defaults = child.get("default_values") or []
        if len(defaults) > 25:
            yield f"{path}.default_values", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
    elif kind == RADIO_GROUP:
        options = child.get("options")
        yield from _options(path, options, 2, 10)
        if isinstance(options, list) and sum(bool(o.get("default")) for o in options) > 1:
            yield (f"{path}.options", "RADIO_GROUP_DEFAULT_INVALID",
                   "Only one option can be selected by default")
    elif kind == CHECKBOX_GROUP:
        options = child.get("options")
        yield from _options(path, options, 1, 10)
        yield from _between(f"{path}.min_values", child.get("min_values"), 0, 10)
        yield from _between(f"{path}.max_values", child.get("max_values"), 1, 10)
        most = child.get("max_values")
        if isinstance(options, list) and isinstance(most, int) and most > len(options):
            yield (f"{path}.max_values", "NUMBER_TYPE_MAX",
                   f"Must be {len(options)} or less (the options).")
    elif kind == CHECKBOX and not isinstance(child.get("default", False), bool | None):
        yield f"{path}.default", "BOOLEAN_TYPE_CONVERT", "Must be true or false."


def _options(path: str, options: object, least: int, most: int) -> Iterator[Problem]:
    if not isinstance(options, list) or len(options) < least:
        yield f"{path}.options", "BASE_TYPE_MIN_LENGTH", f"Must be {least} or more in length."
        return
    if len(options) > most:
        yield f"{path}.options", "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length."
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        yield f"{path}.options", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Values must be unique"
    for index, option in enumerate(options):
        for name in ("label", "value"):
            yield from _text(f"{path}.options.{index}.{name}", option.get(name), 100,
                             required=True, least=1)
        yield from _text(f"{path}.options.{index}.description", option.get("description"), 100)


# ---------------------------------------------------------------- a member's submit


def fields(modal: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The components a member fills in (each Label's child, or an old row's input)."""
    found: list[dict[str, Any]] = []
    for component in modal.get("components") or []:
        if component.get("type") == LABEL:
            found.append(component["component"])
        elif component.get("type") == ACTION_ROW:
            found.extend(component.get("components") or [])
    return found


def shown_value(child: Mapping[str, Any]) -> Any:
    """What a component holds as the form opens (its pre-filled value)."""
    kind = child["type"]
    if kind == TEXT_INPUT:
        return child.get("value") or ""
    if kind == RADIO_GROUP:
        return next((o["value"] for o in child.get("options", []) if o.get("default")), None)
    if kind in (CHECKBOX_GROUP, STRING_SELECT):
        return [o["value"] for o in child.get("options", []) if o.get("default")]
    if kind in ENTITY_SELECTS:
        return [str(d["id"]) for d in child.get("default_values") or []]
    if kind == CHECKBOX:
        return bool(child.get("default"))
    return []  # a file upload: nothing uploaded


def submit_data(modal: Mapping[str, Any], values: Mapping[str, Any],
                channel_payload: Callable[[int], dict[str, Any]]) -> dict[str, Any]:
    """The ``data`` of a ``MODAL_SUBMIT`` for ``modal`` filled in with ``values`` (by
    ``custom_id``; the others as shown): a text input's text, a radio group's value (None:
    none), a list of values for a select or a check box group, True/False for a check box.

    Raises:
        ValueError: a custom_id the form lacks, or a value its client would not send.
    """
    children = fields(modal)
    unknown = set(values) - {c["custom_id"] for c in children}
    if unknown:
        raise ValueError(f"the form has no component {sorted(unknown)}: "
                         f"{[c['custom_id'] for c in children]}")
    submitted: list[dict[str, Any]] = []
    channels: dict[str, Any] = {}
    for number, child in enumerate(children, 1):
        custom_id = child["custom_id"]
        value = values.get(custom_id, shown_value(child))
        answer = {"type": child["type"], "id": child.get("id") or number * 2,
                  "custom_id": custom_id, **_answer(child, value)}
        if child["type"] == CHANNEL_SELECT:
            for channel in answer["values"]:
                channels[channel] = {**channel_payload(int(channel)), "permissions": "0"}
        submitted.append(answer)
    data: dict[str, Any] = {"custom_id": modal["custom_id"], "components": []}
    top = [c for c in modal.get("components") or [] if c.get("type") in (LABEL, ACTION_ROW)]
    for number, (component, answer) in enumerate(zip(top, submitted, strict=True), 1):
        if component["type"] == LABEL:
            data["components"].append({"type": LABEL, "id": component.get("id") or number * 2 - 1,
                                       "component": answer})
        else:
            data["components"].append({"type": ACTION_ROW, "components": [answer]})
    if channels:
        data["resolved"] = {"channels": channels}
    return data


def _answer(child: Mapping[str, Any], value: Any) -> dict[str, Any]:
    kind, custom_id = child["type"], child["custom_id"]
    required = child.get("required", True)
    if kind == TEXT_INPUT:
        text = str(value)
        most = child.get("max_length") or 4000
        if len(text) > most or (required and not text) or len(text) < (child.get("min_length")
                                                                       or 0):
            raise ValueError(f"{custom_id}: the client sends no text of {len(text)} characters")
        return {"value": text}
    if kind == CHECKBOX:
        if not isinstance(value, bool):
            raise ValueError(f"{custom_id}: a check box is True or False, not {value!r}")
        return {"value": value}
    if kind == RADIO_GROUP:
        offered = [o["value"] for o in child.get("options", [])]
        if (value is None and required) or (value is not None and value not in offered):
            raise ValueError(f"{custom_id}: {value!r} is not one of {offered}")
        return {"value": value}
    picked = [str(v) for v in value]
    if kind in (STRING_SELECT, CHECKBOX_GROUP):
        offered = [o["value"] for o in child.get("options", [])]
        if any(v not in offered for v in picked):
            raise ValueError(f"{custom_id}: {picked} not all in {offered}")
    default_least = 1 if kind == STRING_SELECT else 0
    least = child.get("min_values", default_least)
    most = child.get("max_values", 1 if kind != CHECKBOX_GROUP else len(picked) or 1)
    if least is None:
        least = default_least
    if not (least <= len(picked) <= (most or 1)) and not (not required and not picked):
        raise ValueError(f"{custom_id}: {len(picked)} values, not {least} to {most}")
    return {"values": picked}
