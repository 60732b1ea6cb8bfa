"""The opening a card hand proposes (issue 25): before a player has opened, the cards
picked in both menus split into melds by the engine (:mod:`engine.cards.opening`), each
meld a section beside its "Leave out" button, then their total against the table's
minimum (the rule read from the :class:`~engine.RuleSet`, never from a variant's name)
beside the one button that lays them all at once (``Meld``: one engine action).

Pure: a view and the picks in, the layout's blocks out.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from discord import ButtonStyle

from bot.discord_app.cards.components import HandButton, LeaveOutButton
from bot.discord_app.core import layout as layouts
from bot.discord_app.core.i18n import t
from bot.discord_app.core.text import pieces_shown
from bot.session.card_clicks import HandAction, picked_cards
from engine import RuleSet, RummyError
from engine.ai.variant import card_variant
from engine.cards.melds import MeldKind
from engine.cards.opening import OpeningPlan, opening_plan
from engine.i18n import Msg, count
from engine.views import Phase, PlayerView


def proposed(view: PlayerView, selected: Mapping[str, Set[str]],
             rules: RuleSet) -> OpeningPlan | None:
    """The opening the picks make (None: opened already, nothing picked, or the cards
    picked make no melds together)."""
    try:
        cards = picked_cards({slot: sorted(values) for slot, values in selected.items()})
    except RummyError:  # a value no menu of the bot holds
        return None
    return opening_plan(view, cards, rules) if cards else None


def opening_blocks(view: PlayerView, selected: Mapping[str, Set[str]], rules: RuleSet, *,
                   channel_id: int, lang: str) -> list[layouts.Block]:
    """The opening proposed for the picks, as a layout's blocks (none without one): a
    separator, a section per meld (its cards, its points; "Leave out" beside it), and the
    total against the minimum beside the button laying them all. The button is off
    when the player may not meld now (not their play, or a first turn where the rules
    forbid it); a total short of the minimum keeps it on: the round's refusal then says
    what the opening needs."""
    plan = proposed(view, selected, rules)
    if plan is None:
        return []
    blocks: list[layouts.Block] = [layouts.separator()]
    leave = t("bot.button.leave_out", lang)
    for number, shape in enumerate(plan.melds, 1):
        key = "bot.opening.run" if shape.kind is MeldKind.RUN else "bot.opening.group"
        line = t(key, lang, number=number, cards=pieces_shown(shape.cards, lang),
                 points=count("points", shape.value))
        blocks.append(layouts.section([line], LeaveOutButton(number, channel_id, leave)))
    lines = [total_line(plan, lang)]
    may_meld = card_variant(rules).may_meld(view)
    if not may_meld:
        lines.append(t("move.first_turn", lang))
    playing = view.current == view.seat and view.phase is Phase.PLAY
    button = HandButton(HandAction.OPEN, channel_id, label=t("bot.button.open", lang),
                        style=_style(plan), disabled=not (playing and may_meld))
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
