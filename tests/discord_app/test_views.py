"""The persistent components: their custom_ids, and clicks routed to the handlers they were
built around (never looked up on the client)."""

from __future__ import annotations

from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
import pytest

from bot.discord_app.player_commands import PlayerCommands
from bot.discord_app.service import Service
from bot.discord_app.views import Components
from data import Store
from tests.discord_app.helpers import components, front_end, handlers


def _interaction(values: list[str] | None = None) -> Any:
    interaction = Mock(spec_set=discord.Interaction)
    interaction.data = {"values": values or []}
    return interaction


async def _click(classes: tuple[type[discord.ui.DynamicItem[Any]], ...], custom_id: str,
                 interaction: Any) -> None:
    """Route a click as discord.py does: the one class whose template matches the id."""
    matching = [(cls, m) for cls in classes
                if (m := cls.__discord_ui_compiled_template__.fullmatch(custom_id))]
    assert len(matching) == 1, custom_id
    cls, match = matching[0]
    item = await cls.from_custom_id(interaction, Mock(spec_set=discord.ui.Item), match)
    await item.callback(interaction)


# Messages posted before an upgrade carry these ids: they must keep working.
@pytest.mark.parametrize(("custom_id", "method", "args"), [
    ("rami:lobby:join:123", "lobby_button", ("join", 123)),
    ("rami:lobby:ai:123", "lobby_button", ("ai", 123)),
    ("rami:lobby:aihard:123", "lobby_button", ("aihard", 123)),
    ("rami:table:rematch:5", "table_button", ("rematch", 5)),
    ("rami:hand:discard:5", "hand_button", ("discard", 5)),
    ("rami:tiles:arrange:5", "tile_button", ("arrange", 5)),
    ("rami:pick:m:5", "pick", ("m", 5, ["2"], None)),  # before menus named their owner
    ("rami:pick:a:5:42", "pick", ("a", 5, ["2"], 42)),
    ("rami:rules:tiles", "rules_button", ("tiles",)),
    ("rami:daily:discard:2026030301", "try_button", ("discard", 2026030301)),
    ("rami:daily:again:2026030301", "try_button", ("again", 2026030301)),
    ("rami:dpick:a:2026030301", "try_pick", ("a", 2026030301, ["2"])),
])
async def test_a_click_goes_to_the_handler_the_components_were_built_with(
        custom_id: str, method: str, args: tuple[object, ...]) -> None:
    clicks = handlers()
    interaction = _interaction(["2"])
    await _click(components(clicks).classes.all(), custom_id, interaction)
    getattr(clicks, method).assert_awaited_once_with(interaction, *args)


@pytest.mark.parametrize("custom_id", ["rami:lobby:dance:1", "rami:hand:draw:x",
                                       "rami:pick:z:1", "rami:pick:a:1:x", "rami:forget:yes:1"])
def test_unknown_ids_match_no_component(custom_id: str) -> None:
    classes = components().classes.all()
    assert not [c for c in classes if c.__discord_ui_compiled_template__.fullmatch(custom_id)]


def test_every_component_sent_is_of_a_registered_class() -> None:
    """Sending a view registers its items' classes: an unbound class would take the ids."""
    built = components()
    registered = set(built.classes.all())
    views = [
        built.lobby_view(7, "en"), built.table_view(7, "fr"), built.round_over_view(7, "en"),
        built.match_over_view(7, "en"), built.rules_view(("classic", "tiles"), "tiles", "en"),
        built.hand_view(7, "en", cards=[("1:7♥", "1. 7♥")], melds=[("1", "1: 7♥ 8♥ 9♥")],
                        selected={}, sort="suit", can_draw=True, can_play=False),
        built.tile_hand_view(7, "en", tiles=[("1:k5", "1. k5")], selected={}, sort="suit",
                             my_turn=True, pool_empty=False, editing=True),
        built.hand_view(7, "en", cards=[("1:7♥", "1. 7♥")], melds=[("1", "1: 7♥ 8♥ 9♥")],
                        selected={}, sort="suit", can_draw=True, can_play=False, daily=True),
        built.try_over_view(7, "en", again=True),
    ]
    for view in views:
        for item in view.children:
            assert type(item) in registered
            assert item.custom_id.endswith((":7", ":tiles", ":classic"))  # type: ignore[attr-defined]


def test_the_lobby_keeps_its_ids_and_its_view_is_shared() -> None:
    built = components()
    ids = [item.custom_id for item in built.lobby_view(42, "en").children]  # type: ignore[attr-defined]
    assert ids == [f"rami:lobby:{action}:42" for action in
                   ("join", "leave", "start", "cancel", "aieasy", "ai", "aihard")]
    assert built.lobby_view(42, "en") is built.lobby_view(42, "en")
    assert built.lobby_view(42, "en") is not Components(handlers()).lobby_view(42, "en")


async def test_the_forget_me_buttons_answer_through_the_commands_they_were_built_with(
        ) -> None:
    commands = PlayerCommands(Mock(spec_set=Service), Mock(spec_set=Store), variants=[],
                              languages=[])
    commands.forget_answer = AsyncMock()  # type: ignore[method-assign]
    interaction = _interaction()
    await _click((commands.forget_button,), "rami:forget:yes:42", interaction)
    commands.forget_answer.assert_awaited_once_with(interaction, 42, "yes")


def test_the_bot_registers_every_persistent_component() -> None:
    items = front_end().dynamic_items()
    for custom_id in ("rami:lobby:start:1", "rami:table:hand:1", "rami:hand:sort:1",
                      "rami:tiles:hint:1", "rami:pick:a:1", "rami:rules:rami51",
                      "rami:forget:no:1", "rami:daily:sort:2026030301",
                      "rami:dpick:m:2026030301"):
        assert sum(bool(c.__discord_ui_compiled_template__.fullmatch(custom_id))
                   for c in items) == 1, custom_id
