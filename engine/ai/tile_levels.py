"""The three computer levels for tile rummy: a whole turn as one action.

A computer player lays the table it wants at the end of its turn in one ``Play`` (what
changes between the table and that one, checked by the engine like a confirmed draft),
or draws a tile, or passes once the pool is empty. What each level lays is decided in
:mod:`engine.ai.tile_plans`.
"""

from __future__ import annotations

import random

from engine.ai.levels import Level
from engine.ai.tile_plans import plan_turn, view_table
from engine.rules import RuleSet
from engine.tiles.actions import DrawTile, Pass, Play
from engine.views import Phase, PlayerView


def choose_tile_action(
    view: PlayerView, rules: RuleSet, level: Level, rng: random.Random
) -> Play | DrawTile | Pass:
    """The next action of ``view.seat`` at ``level``.

    Raises:
        ValueError: it is not this seat's turn, or the round is over.
    """
    del rng  # the tile levels are deterministic: the solver's optimum is unique per table
    if view.current != view.seat or view.phase not in (Phase.DRAW, Phase.PLAY):
        raise ValueError("not this seat's turn")
    plan = plan_turn(view, rules, level)
    if plan is not None:
        return Play.between(view_table(view), plan.table)
    return DrawTile() if view.stock_size > 0 else Pass()
