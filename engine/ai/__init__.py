"""Computer players: three levels for every variant, deciding from one seat's view only.

``choose_action(view, rules, level, rng)`` returns the next action of ``view.seat``. It
takes nothing but that seat's :class:`~engine.views.PlayerView` (never another hand,
never the stock order), the rule set, the level and an injected ``random.Random``: the
same view and the same seed give the same action, so a game replays exactly. The level
is not part of the game, so it may change between any two calls.

Levels (:class:`Level`, ``LEVELS``): ``easy`` plays legally and simply, ``medium`` finds
good melds and takes useful discards, ``hard`` plays to win (see ``docs/AI.md``); their
names in every language and their reading are in :mod:`engine.ai.levels`.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.ai.levels import LEVELS, STARS, Level, LevelNames, level_name, read_level
from engine.errors import RuleError
from engine.i18n import quote
from engine.rules import Kind, RuleSet
from engine.views import PlayerView


def choose_action(view: PlayerView, rules: RuleSet, level: Level, rng: random.Random) -> Action:
    """The next action of the seat whose view this is, at ``level``.

    Raises:
        RuleError: ``level`` is not a :class:`Level` (code ``ai.level``: a caller that
            passed an unchecked text).
        ValueError: it is not this seat's turn, or the round is over.
    """
    if level not in LEVELS:
        raise RuleError("ai.level", level=quote(level), levels=LevelNames())
    if rules.kind is Kind.TILES:
        from engine.ai.tile_levels import choose_tile_action

        return choose_tile_action(view, rules, level, rng)
    from engine.ai.card_levels import choose_card_action
    from engine.ai.variant import card_variant

    return choose_card_action(view, card_variant(rules), level, rng)


__all__ = ["LEVELS", "STARS", "Level", "LevelNames", "choose_action", "level_name", "read_level"]
