"""The persistent components: their custom_ids, and each click routed to the method of
the feature that takes its class, found on the client that received it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
import pytest

from bot.discord_app.cards.components import (
    HandButton,
    HandPick,
    LayOffButton,
    LeaveOutButton,
    hand_items,
)
from bot.discord_app.core import layout as layouts
from bot.discord_app.core.components import Slot
from bot.discord_app.daily.components import TryButton, TryEnd, TryPick, try_over_view
from bot.discord_app.history.components import PageAction, PageButton, StepAction, StepButton
from bot.discord_app.player.components import ForgetButton
from bot.discord_app.table.components import (
    LobbyAction,
    LobbyButton,
    RulesButton,
    TableAction,
    TableButton,
    lobby_view,
    match_over_view,
    round_over_view,
    rules_view,
    table_view,
)
from bot.discord_app.tiles.components import TileButton, TileButtonAction, rack_items
from bot.session.card_clicks import HandAction
from tests.discord_app.helpers import features


def _interaction(routes: dict[type[Any], Any], values: list[str] | None = None) -> Any:
    interaction = Mock(spec_set=discord.Interaction)
    interaction.data = {"values": values or []}
    interaction.guild_id = 77
    interaction.client = SimpleNamespace(routes=routes)
    return interaction


async def _click(custom_id: str, interaction: Any) -> Any:
    """Route a click as discord.py does: the one registered class whose template matches
    the id builds the item, whose callback runs."""
    classes = features().component_classes
    matching = [(cls, m) for cls in classes
                if (m := cls.__discord_ui_compiled_template__.fullmatch(custom_id))]
    assert len(matching) == 1, custom_id
    cls, match = matching[0]
    item = await cls.from_custom_id(interaction, Mock(spec_set=discord.ui.Item), match)
    await item.callback(interaction)
    return item


# Messages posted before an upgrade carry these ids: they must keep working.
@pytest.mark.parametrize(("custom_id", "cls", "fields"), [
    ("rami:lobby:join:123", LobbyButton, {"action": LobbyAction.JOIN, "channel_id": 123}),
    ("rami:lobby:ai:123", LobbyButton, {"action": LobbyAction.MEDIUM, "channel_id": 123}),
    ("rami:lobby:aihard:123", LobbyButton, {"action": LobbyAction.HARD, "channel_id": 123}),
    ("rami:table:rematch:5", TableButton, {"action": TableAction.REMATCH, "channel_id": 5}),
    ("rami:hand:discard:5", HandButton, {"action": HandAction.DISCARD, "channel_id": 5}),
    ("rami:lay:3:5", LayOffButton, {"meld": 3, "channel_id": 5}),
    ("rami:leave:2:5", LeaveOutButton, {"meld": 2, "channel_id": 5}),
    ("rami:hand:open:5", HandButton, {"action": HandAction.OPEN, "channel_id": 5}),
    ("rami:hand:suggest:5", HandButton, {"action": HandAction.SUGGEST, "channel_id": 5}),
    ("rami:tiles:arrange:5", TileButton, {"action": TileButtonAction.ARRANGE,
                                          "channel_id": 5}),
    # before menus named their owner
    ("rami:pick:m:5", HandPick, {"slot": Slot.MELD, "channel_id": 5, "owner": None}),
    ("rami:pick:a:5:42", HandPick, {"slot": Slot.FIRST, "channel_id": 5, "owner": 42}),
    ("rami:rules:tiles", RulesButton, {"variant": "tiles"}),
    ("rami:daily:discard:2026030301", TryButton, {"action": HandAction.DISCARD,
                                                  "channel_id": 2026030301}),
    ("rami:daily:again:2026030301", TryButton, {"action": TryEnd.AGAIN,
                                                "channel_id": 2026030301}),
    ("rami:dpick:a:2026030301", TryPick, {"slot": Slot.FIRST, "channel_id": 2026030301}),
    ("rami:forget:yes:42", ForgetButton, {"answer": "yes", "user_id": 42}),
    ("rami:hist:next:2:42:-:43", PageButton, {"action": PageAction.NEXT, "page": 2,
                                              "member": 42, "variant": None, "owner": 43}),
    ("rami:hist:prev:0:42:tiles:42", PageButton, {"variant": "tiles", "page": 0}),
    ("rami:replay:last:7:90:42", StepButton, {"action": StepAction.LAST, "match_id": 7,
                                               "step": 90, "owner": 42}),
])
async def test_a_click_goes_to_the_route_of_its_class(
        custom_id: str, cls: type[Any], fields: dict[str, object]) -> None:
    route = AsyncMock()
    others = AsyncMock()
    routes = {c: (route if c is cls else others) for c in features().routes}
    interaction = _interaction(routes, ["2"])
    item = await _click(custom_id, interaction)
    route.assert_awaited_once_with(interaction, item)
    others.assert_not_awaited()
    assert type(item) is cls
    assert {name: getattr(item, name) for name in fields} == fields


async def test_a_click_from_outside_a_server_reaches_no_feature() -> None:
    route = AsyncMock()
    interaction = _interaction(dict.fromkeys(features().routes, route))
    interaction.guild_id = None
    interaction.locale = discord.Locale.french
    interaction.response = Mock(send_message=AsyncMock())
    await _click("rami:hand:discard:5", interaction)
    route.assert_not_awaited()
    (text,), options = interaction.response.send_message.call_args
    assert options == {"ephemeral": True} and "serveur" in text


def test_each_class_is_routed_to_its_features_method() -> None:
    built = features()
    names = {cls.__name__: (type(route.__self__).__name__, route.__name__)
             for cls, route in built.routes.items()}
    assert names == {
        "LobbyButton": ("TableDesk", "on_lobby_button"),
        "TableButton": ("TableDesk", "on_table_button"),
        "RulesButton": ("TableDesk", "on_rules_button"),
        "HandButton": ("CardTurn", "on_button"),
        "HandPick": ("CardTurn", "on_pick"),
        "LayOffButton": ("CardTurn", "on_lay_off"),
        "LeaveOutButton": ("CardTurn", "on_leave_out"),
        "TileButton": ("TileTurn", "on_button"),
        "TryButton": ("Championship", "on_button"),
        "TryPick": ("Championship", "on_pick"),
        "ForgetButton": ("PlayerCommands", "on_forget_button"),
        "NotifyButton": ("Notifications", "on_button"),
        "TopicButton": ("ServerSettings", "on_topic"),
        "RulesMenu": ("ServerSettings", "on_rules_menu"),
        "RulePageButton": ("ServerSettings", "on_rule_page"),
        "PageButton": ("MatchHistory", "on_page"),
        "MatchMenu": ("MatchHistory", "on_open"),
        "StepButton": ("MatchHistory", "on_step"),
    }


@pytest.mark.parametrize("custom_id", ["rami:lobby:dance:1", "rami:hand:draw:x",
                                       "rami:pick:z:1", "rami:pick:a:1:x",
                                       "rami:forget:maybe:1", "rami:daily:dance:1",
                                       "rami:replay:rewind:1:2:3", "rami:hist:next:x:1:-:2"])
def test_unknown_ids_match_no_component(custom_id: str) -> None:
    classes = features().component_classes
    assert not [c for c in classes if c.__discord_ui_compiled_template__.fullmatch(custom_id)]


def test_every_component_sent_is_of_a_registered_class() -> None:
    """Sending a view registers its items' classes: an unrouted class would take the ids."""
    registered = set(features().component_classes)
    views = [
        lobby_view(7, "en"), table_view(7, "fr"), round_over_view(7, "en"),
        match_over_view(7, "en"), rules_view(("classic", "tiles"), "tiles", "en"),
        try_over_view(7, "en", again=True),
    ]
    hands = [  # the hand's items, which a layout message places itself
        hand_items(7, "en", cards=[("1:7♥", "1. 7♥")], melds=[("1", "1: 7♥ 8♥ 9♥")],
                   selected={}, sort="suit", can_draw=True, can_play=False),
        rack_items(7, "en", tiles=[("1:k5", "1. k5")], selected={}, sort="suit",
                   my_turn=True, pool_empty=False, editing=True),
        hand_items(7, "en", cards=[("1:7♥", "1. 7♥")], melds=[("1", "1: 7♥ 8♥ 9♥")],
                   selected={}, sort="suit", can_draw=True, can_play=False,
                   button=TryButton, pick=TryPick),
    ]
    sent = [[*view.children] for view in views] + [[*menus, *buttons] for menus, buttons in hands]
    for items in sent:
        for item in items:
            assert type(item) in registered
            assert item.custom_id.endswith((":7", ":tiles", ":classic"))  # type: ignore[attr-defined]


def test_the_lobby_keeps_its_ids_and_its_view_is_shared() -> None:
    ids = [item.custom_id for item in lobby_view(42, "en").children]  # type: ignore[attr-defined]
    assert ids == [f"rami:lobby:{action}:42" for action in
                   ("join", "leave", "start", "cancel", "aieasy", "ai", "aihard")]
    assert lobby_view(42, "en") is lobby_view(42, "en")


def test_the_bot_registers_every_persistent_component() -> None:
    items = features().component_classes
    for custom_id in ("rami:lobby:start:1", "rami:table:hand:1", "rami:hand:sort:1",
                      "rami:tiles:hint:1", "rami:pick:a:1", "rami:rules:rami51",
                      "rami:forget:no:1", "rami:daily:sort:2026030301",
                      "rami:dpick:m:2026030301"):
        assert sum(bool(c.__discord_ui_compiled_template__.fullmatch(custom_id))
                   for c in items) == 1, custom_id


def test_a_hands_buttons_are_made_once_per_state_and_sent_right_in_every_message() -> None:
    """A hand's buttons are shared between the messages that show them in the same state
    (ChannelButton.made): two layouts holding the same buttons, and a third in another
    state, each send their own components."""
    def buttons(can_draw: bool, can_play: bool, channel: int = 7) -> list[Any]:
        return hand_items(channel, "en", cards=[("1:7♥", "1. 7♥")], melds=[],
                          selected={}, sort="suit", can_draw=can_draw, can_play=can_play)[1]

    drawing, again, playing = buttons(True, False), buttons(True, False), buttons(False, True)
    assert [a is b for a, b in zip(drawing, again, strict=True)] == [True] * len(drawing)
    assert drawing[0] is not playing[0]  # Draw: enabled, then disabled
    assert buttons(True, False, channel=8)[0] is not drawing[0]
    try_buttons = hand_items(7, "en", cards=[("1:7♥", "1. 7♥")], melds=[], selected={},
                             sort="suit", can_draw=True, can_play=False, button=TryButton,
                             pick=TryPick)[1]
    assert type(try_buttons[0]) is TryButton and type(drawing[0]) is HandButton
    sent = [layouts.layout([layouts.row(*row[:5]), layouts.row(*row[5:])]).to_components()
            for row in (drawing, again, playing)]
    states = [[(c["custom_id"], c["disabled"]) for r in message[0]["components"]
               for c in r["components"]] for message in sent]
    assert states[0] == states[1]
    assert ("rami:hand:draw:7", False) in states[0] and ("rami:hand:draw:7", True) in states[2]
    assert ("rami:hand:discard:7", True) in states[0]
    assert ("rami:hand:discard:7", False) in states[2]
