"""A click on a component, handed to its dynamic item without rebuilding the clicked
message's whole view.

discord.py's ``ViewStore.schedule_dynamic_item_call`` makes a ``View`` (a
``LayoutView``) of the clicked message, every component of it turned into a ``ui`` item
(a hand message: its container, texts, gallery, menus with their 25 options, buttons),
only to find the one clicked and hand it to the class's ``from_custom_id``. The bot's
items need that one at most (a menu's options), and none needs the view: it is made
here from the clicked component alone. The rest is discord.py's: the item's state
(a menu's picked values), its check and its callback, errors logged as there.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord.ui.view import _component_to_item

from bot.discord_app.core.components import clicked_component

log = logging.getLogger("rami.bot")


async def call_dynamic_item(component_type: int,
                            factory: type[discord.ui.DynamicItem[Any]],
                            interaction: discord.Interaction, custom_id: str,
                            match: re.Match[str]) -> None:
    """Run the click ``interaction`` on the dynamic item class ``factory`` (what
    ``ViewStore.schedule_dynamic_item_call`` does, with the same arguments)."""
    component = clicked_component(interaction.message, custom_id, component_type)
    if component is None:  # as discord.py: a click on nothing the message holds
        return
    base = _component_to_item(component)
    try:
        item = await factory.from_custom_id(interaction, base, match)
    except Exception:
        log.exception("dynamic item not made class=%s", factory.__name__)
        return
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]
    try:
        allowed = await item.interaction_check(interaction)
    except Exception:
        allowed = False
    if not allowed:
        return
    try:
        await item.callback(interaction)
    except Exception:
        log.exception("dynamic item callback failed class=%s", factory.__name__)


def install(client: discord.Client) -> None:
    """Route ``client``'s dynamic item clicks through :func:`call_dynamic_item` (its
    connection's view store, where ``add_dynamic_items`` registers them)."""
    store = getattr(client._connection, "_view_store", None)
    if store is not None and hasattr(store, "schedule_dynamic_item_call"):
        store.schedule_dynamic_item_call = call_dynamic_item
