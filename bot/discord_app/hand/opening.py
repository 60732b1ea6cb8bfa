"""The opening a hand proposes (issue 25): before a player has opened, the cards picked
in both menus (the tiles of the rack's menu) split into melds (sets) by the engine
(:mod:`engine.opening`), each meld a section beside its "Leave out" button, then their
total against the table's minimum (the rule read from the :class:`~engine.RuleSet`,
never from a variant's name) beside the one button that lays them all at once (one
engine action: ``Meld``, or in tile rummy ``Play``, the tiles' initial meld).

Pure: a view and the picks in, the layout's blocks out.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import Any

from discord import ButtonStyle
from discord.ui import Item

from bot.discord_app.cards.components import HandButton, LeaveOutButton
from bot.discord_app.core import layout as layouts
from bot.discord_app.core.i18n import t
from bot.discord_app.core.text import pieces_shown
from bot.discord_app.tiles.components import TileButton, TileButtonAction
from bot.session.card_clicks import HandAction, picked_pieces
from engine import RuleSet, RummyError
from engine.ai.variant import card_variant
from engine.i18n import Msg, count
from engine.opening import OpeningPlan, opening_plan
from engine.rules import Kind
from engine.views import Phase, PlayerView

PLAYING = (Phase.DRAW, Phase.PLAY)  # a round under way: after it, nothing to open


def proposed(view: PlayerView, selected: Mapping[str, Set[str]],
             rules: RuleSet) -> OpeningPlan | None:
    """The opening the picks make (None: opened already, the round over, nothing
    picked, the pieces picked make no melds together, or a tile draft under way: its
    sets are the player's own proposal)."""
    if view.phase not in PLAYING or (view.kind is Kind.TILES and view.draft is not None):
        return None
    try:
        pieces = picked_pieces({slot: sorted(values) for slot, values in selected.items()},
                               view.kind)
    except RummyError:  # a value no menu of the bot holds
        return None
    return opening_plan(view, pieces, rules) if pieces else None


def opening_blocks(view: PlayerView, plan: OpeningPlan | None, rules: RuleSet, *,
                   channel_id: int, lang: str) -> list[layouts.Block]:
    """The opening proposed for the picks (``plan``: :func:`proposed`'s, searched off the
    event loop: tens of milliseconds for some picks), as a layout's blocks (none without one): a
    separator, a section per meld (its cards, its points; "Leave out" beside it), and the
    total against the minimum beside the button laying them all. The button is off
    when the player may not meld now (not their play, or a first turn where the rules
    forbid it); a total short of the minimum keeps it on: the round's refusal then says
    what the opening needs."""
    if plan is None:
        return []
    blocks: list[layouts.Block] = [layouts.separator()]
    leave = t("bot.button.leave_out", lang)
    tiles = view.kind is Kind.TILES
    group = "bot.opening.tiles.group" if tiles else "bot.opening.group"
    for number, meld in enumerate(plan.melds, 1):
        key = "bot.opening.run" if meld.kind == "run" else group
        line = t(key, lang, number=number, cards=pieces_shown(meld.pieces, lang),
                 points=count("points", meld.value))
        blocks.append(layouts.section([line], LeaveOutButton(number, channel_id, leave)))
    lines = [total_line(plan, lang)]
    may_meld = tiles or card_variant(rules).may_meld(view)
    if not may_meld:
        lines.append(t("move.first_turn", lang))
    playing = view.current == view.seat and view.phase is Phase.PLAY
    label, style = t("bot.button.open", lang), _style(plan)
    off = not (playing and may_meld)
    button = (TileButton(TileButtonAction.OPEN, channel_id, label, style, off) if tiles
              else HandButton(HandAction.OPEN, channel_id, label, style, off))
    blocks.append(layouts.section(["\n".join(lines)], button))
    return blocks


def total_line(plan: OpeningPlan, lang: str) -> str:
    """The melds' total against the minimum: enough, what is missing, or any meld."""
    total = plan.total
    if not plan.minimum:
        return t("bot.opening.any", lang, count=total)
    if plan.enough:
        return t("bot.opening.enough", lang, count=total, minimum=plan.minimum)
    return t("bot.opening.short", lang, count=total, minimum=plan.minimum,
             missing=Msg("bot.opening.missing", count=plan.missing))


def _style(plan: OpeningPlan) -> ButtonStyle:
    return ButtonStyle.success if plan.enough else ButtonStyle.secondary


def suggest_buttons(view: PlayerView, channel_id: int, lang: str) -> list[Item[Any]]:
    """The Suggest button of a card hand before its opening (none after it, nor on a
    tile rack: its Hint is the solver's): it picks the cards of the best opening the
    hand holds, for the opening's sections to show."""
    if view.kind is not Kind.CARDS or view.seats[view.seat].has_opened or (
            view.phase not in PLAYING):
        return []
    return [HandButton.made(HandAction.SUGGEST, channel_id, label=t("bot.button.suggest", lang))]
