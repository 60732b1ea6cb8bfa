"""A Discord message as text for the terminal: what a member of the channel would read.

:func:`message_lines` writes one message of the fake Discord (its content, embeds, a
layout's texts, pictures and components, as the bot sent them) in the reader's language:
a header with the message's number and who sees it, mentions as names (``<@123>`` →
``@alice``), each picture's file and its description, the buttons and menus numbered as
they are pressed and chosen (``[3] Start``; a menu ``[6]`` with its options ``1)``,
``2)``…, those picked starred). Pure: the pictures are written elsewhere
(:mod:`bot.discord_app.tryout.console`).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.discord_app.fake import Message
from engine.i18n import t

BUTTON, SELECT, LINK_STYLE = 2, 3, 5
TEXT_DISPLAY, SEPARATOR = 10, 14  # layout components
WIDTH = 100  # the longest line written for menus' options
NO_BREAK = "\ue000"  # a private-use character: no label holds one
_MENTION = re.compile(r"<(@[!&]?|#)(\d+)>")


def controls(message: Message) -> list[dict[str, Any]]:
    """The message's buttons and menus that can be used, in the order they are numbered
    (links aside: they open a page, nothing reaches the bot)."""
    return [c for c in message.flat_components()
            if (c.get("type") == BUTTON and c.get("style") != LINK_STYLE and "custom_id" in c)
            or (c.get("type") == SELECT and "custom_id" in c)]


def mentions(text: str, names: Mapping[int, str], channels: Mapping[int, str]) -> str:
    """``text`` with Discord's mentions written as a reader sees them."""

    def name(found: re.Match[str]) -> str:
        kind, number = found.group(1), int(found.group(2))
        if kind == "#":
            return "#" + channels.get(number, str(number))
        return "@" + names.get(number, str(number))

    return _MENTION.sub(name, text)


def label(component: Mapping[str, Any]) -> str:
    """What a button or an option says (its emoji where it has no label)."""
    emoji = (component.get("emoji") or {}).get("name") or ""
    text = str(component.get("label") or "")
    return f"{emoji} {text}".strip() if emoji and text else text or emoji


def message_lines(message: Message, number: int, lang: str, *, where: str, updated: bool,
                  names: Mapping[int, str], channels: Mapping[int, str],
                  pictures: Sequence[tuple[str, str | None]]) -> list[str]:
    """The lines showing ``message`` (numbered ``number``) to a reader of ``lang``:
    ``where`` says where it is and who sees it; ``pictures`` the files its attachments
    were written to, with their descriptions."""
    def named(text: str) -> str:
        return mentions(text, names, channels)

    header = t("local.try.message", lang, number=number, where=where)
    if updated:
        header += " " + t("local.try.updated", lang)
    lines = [header]
    body: list[str] = []
    if message.content:
        body += named(message.content).split("\n")
    for embed in message.embeds:
        body += _embed(embed, named)
    body += _layout_texts(message, named)
    for path, text in pictures:
        body.append(t("local.try.picture", lang, path=path) + (f" — {text}" if text else ""))
    body += _controls(message, lang, named)
    lines += ["  " + line if line else "" for line in body]
    return lines


def _layout_texts(message: Message, named: Any) -> list[str]:
    """A layout message's texts in order (sections' texts too), a separator as a blank
    line; its pictures are its attachments, written with the others."""
    lines: list[str] = []
    for component in message.all_components():
        if component.get("type") == TEXT_DISPLAY:
            lines += named(str(component.get("content") or "")).split("\n")
        elif component.get("type") == SEPARATOR and lines and lines[-1]:
            lines.append("")
    return lines


def _embed(embed: Mapping[str, Any], named: Any) -> list[str]:
    lines: list[str] = []
    for key in ("title", "description"):
        if embed.get(key):
            lines += named(str(embed[key])).split("\n")
    for field in embed.get("fields") or []:
        name, value = named(str(field.get("name") or "")), named(str(field.get("value") or ""))
        first, *rest = value.split("\n") if value else [""]
        lines.append(f"{name}: {first}".strip() if name.strip("\u200b") else first)
        lines += ["  " + line for line in rest]
    footer = (embed.get("footer") or {}).get("text")
    if footer:
        lines += named(str(footer)).split("\n")
    return lines


def _controls(message: Message, lang: str, named: Any) -> list[str]:
    """One line per row of buttons, a few lines per menu, numbered as :func:`controls`."""
    numbers = {id(c): n for n, c in enumerate(controls(message), start=1)}
    lines: list[str] = []
    if message.is_layout:  # its rows, and the buttons beside a section's texts
        rows = [c.get("components", []) if c.get("type") == 1 else [c["accessory"]]
                for c in message.all_components()
                if c.get("type") == 1 or (c.get("type") == 9 and isinstance(
                    c.get("accessory"), dict) and c["accessory"].get("type") == BUTTON)]
    else:
        rows = [row.get("components", []) if row.get("type") == 1 else [row]
                for row in message.components]
    for row in rows:
        buttons = []
        for component in row:
            if component.get("type") == BUTTON:
                buttons.append(_button(component, numbers.get(id(component)), lang))
            elif component.get("type") == SELECT and id(component) in numbers:
                lines += _menu(component, numbers[id(component)], lang)
        if buttons:
            lines.append("  ".join(buttons))
    return lines


def _button(component: Mapping[str, Any], number: int | None, lang: str) -> str:
    text = label(component)
    if number is None:  # a link
        return f"{text} <{component.get('url', '')}>"
    if component.get("disabled"):
        return f"[{number}] {text} {t('local.try.disabled', lang)}"
    return f"[{number}] {text}"


def _menu(component: Mapping[str, Any], number: int, lang: str) -> list[str]:
    low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
    head = t("local.try.menu", lang, number=number,
             placeholder=component.get("placeholder") or "", low=low, high=high)
    if component.get("disabled"):
        head += " " + t("local.try.disabled", lang)
    options = []
    for index, option in enumerate(component.get("options") or [], start=1):
        mark = "*" if option.get("default") else ""
        extra = f" ({option['description']})" if option.get("description") else ""
        # No line is broken inside an option: its spaces do not break while wrapping.
        options.append(f"{index}){mark} {label(option)}{extra}".replace(" ", NO_BREAK))
    wrapped = textwrap.wrap("   ".join(options), WIDTH, initial_indent="    ",
                            subsequent_indent="    ", break_on_hyphens=False)
    return [head, *(line.replace(NO_BREAK, " ") for line in wrapped)]


def shown_path(path: Path) -> str:
    """``path`` as short as it reads from here (relative below the current folder)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (OSError, ValueError):
        return str(path)
