"""Messages as Discord's layout components (discord.py's ``ui.LayoutView``): one
container holding the picture (a media gallery), texts, sections and rows of buttons.

A layout message carries the flag ``IS_COMPONENTS_V2`` (discord.py sets it when a
``LayoutView`` is sent): no content, no embeds, at most :data:`MOST_COMPONENTS`
components counted nested and :data:`MOST_TEXT` characters in all its text displays
together, its pictures referenced as ``attachment://<filename>`` with alt text. A message
posted without the flag cannot gain it by an edit (nor lose it): it is posted again.

:func:`layout` builds one within the count (what does not fit is left out, the rows of
buttons last); :class:`~bot.discord_app.core.replies.Reply` fits its texts and alt texts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import discord
from discord import ui

MOST_COMPONENTS = 40  # components in a layout message, nested ones counted
MOST_TEXT = 4000  # characters in all the text displays of a message together
MOST_GALLERY = 10  # items in a media gallery
MOST_SECTION_TEXTS = 3  # text displays in a section

Block = ui.Item[Any]  # a component a container holds: text, section, gallery, row…


def count(item: ui.Item[Any]) -> int:
    """The components ``item`` counts for (itself and everything nested)."""
    return int(item._total_count)


def text(content: str) -> ui.TextDisplay[Any]:
    """A text display (never empty: Discord refuses an empty one)."""
    return ui.TextDisplay(content or "\u200b")


def section(lines: Sequence[str], accessory: ui.Item[Any]) -> ui.Section[Any]:
    """Up to three texts with a button or a thumbnail beside them."""
    texts = [text(line) for line in list(lines)[:MOST_SECTION_TEXTS]] or [text("")]
    return ui.Section(*texts, accessory=accessory)


def texts_of(lines: Sequence[str], most: int) -> list[ui.TextDisplay[Any]]:
    """``lines`` as text displays, one a line, or lines joined in ``most`` displays at
    most (a long text split across several, within the 40 components)."""
    shown = [line for line in lines if line]
    size = max(1, -(-len(shown) // max(1, most)))  # lines per display, rounded up
    return [text("\n".join(shown[i:i + size])) for i in range(0, len(shown), size)]


def gallery(pictures: Iterable[tuple[str, str]]) -> ui.MediaGallery[Any]:
    """A media gallery of attached pictures, each ``(filename, alt text)``."""
    shown: ui.MediaGallery[Any] = ui.MediaGallery()
    for filename, alt in list(pictures)[:MOST_GALLERY]:
        shown.add_item(media=f"attachment://{filename}", description=alt)
    return shown


def row(*items: ui.Item[Any]) -> ui.ActionRow[Any]:
    """Up to five buttons, or one menu, side by side."""
    shown: ui.ActionRow[Any] = ui.ActionRow()
    for item in items:
        shown.add_item(item)
    return shown


def separator() -> ui.Separator[Any]:
    return ui.Separator()


def layout(blocks: Iterable[Block], *, accent: int | None = None) -> ui.LayoutView:
    """A layout message: ``blocks`` in one container (``accent``: its colour on the
    left, as an embed's). Blocks beyond :data:`MOST_COMPONENTS` are left out, the rows of
    buttons and menus kept first (a message without its buttons cannot be played from)."""
    kept = list(blocks)
    counts = [count(block) for block in kept]  # each block walked once
    over = sum(counts) - (MOST_COMPONENTS - 1)  # the container itself counts one
    while over > 0:
        others = [i for i, block in enumerate(kept) if not isinstance(block, ui.ActionRow)]
        at = others[-1] if others else -1
        kept.pop(at)
        over -= counts.pop(at)
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.Container(*kept, accent_colour=accent))
    view.stop()  # routed by the items' classes: discord.py need not keep it (view_of)
    return view


def blocks_of(view: ui.LayoutView) -> list[Block]:
    """The blocks of a layout message's container, taken out of it to be shown in another
    message (a daily try shows the hand's blocks beside its own)."""
    found: list[Block] = []
    for container in view.children:
        if isinstance(container, ui.Container):
            for item in list(container.children):
                container.remove_item(item)
                found.append(item)
    return found


def ranking(heading: str, picture: tuple[str, str] | None, rows: Sequence[str],
            after: Sequence[str] = (), *, accent: int | None = None) -> ui.LayoutView:
    """A ranking as a layout: its ``heading``, its picture (``(filename, alt text)``), a
    text per row (all in one when there are too many for Discord's 40 components), then
    the lines ``after`` below a separator."""
    blocks: list[Block] = [text(heading)]
    if picture is not None:
        blocks.append(gallery([picture]))
    many = len(rows) > MOST_COMPONENTS // 2
    blocks += [text(row) for row in (["\n".join(rows)] if many else rows) if row]
    if after:
        blocks += [separator(), text("\n".join(after))]
    return layout(blocks, accent=accent)


def walk(view: ui.LayoutView) -> Iterator[ui.Item[Any]]:
    """Every component of the layout, nested ones included, in order."""
    for item in view.children:
        yield item
        if isinstance(item, ui.Container | ui.Section | ui.ActionRow):
            yield from item.walk_children()


def shown_text(view: ui.LayoutView) -> str:
    """Every text of the layout, one after the other (what a reader hears first)."""
    return "\n".join(item.content for item in texts(view))


def texts(view: ui.LayoutView | Iterable[ui.Item[Any]]) -> list[ui.TextDisplay[Any]]:
    """The text displays of a layout (or of its components, already walked)."""
    items = walk(view) if isinstance(view, ui.LayoutView) else view
    return [item for item in items if isinstance(item, ui.TextDisplay)]


def text_size(view: ui.LayoutView | Iterable[ui.Item[Any]]) -> int:
    """The characters of all the text displays of the layout (or of its components)."""
    return sum(len(item.content) for item in texts(view))


def media_items(view: ui.LayoutView | Iterable[ui.Item[Any]]
                ) -> Iterator[discord.MediaGalleryItem | ui.Thumbnail[Any]]:
    """The pictures the layout (or its components, already walked) shows: gallery items
    and thumbnails (each with its ``media`` and ``description``)."""
    for item in walk(view) if isinstance(view, ui.LayoutView) else view:
        if isinstance(item, ui.MediaGallery):
            yield from item.items
        elif isinstance(item, ui.Thumbnail):
            yield item
