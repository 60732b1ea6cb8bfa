"""A finished try's score and turns, from its one round (higher scores are better).

- Going out scores what the opponents score that round: their hands, with the variant's
  penalties and its rami sec multiplier (rami30 doubles everything after a rami sec).
- Otherwise the try scores minus the player's own round points (the points they must add
  to their total, rami sec doubling and the penalty for never melding included).
- Where the variant itself counts high (the winner collects, as in classic rummy), the
  player's own round points are already a score and are taken as they are.

Ties are broken by fewer turns (the player's own turns, the one that went out included),
then by the earlier finish (the store orders the ranking).
"""

from __future__ import annotations

from engine.game import Game
from engine.views import Phase, PublicView, RoundScore

PLAYER = 0  # the player's seat in a try; the computers follow


def last_round(view: PublicView) -> RoundScore:
    """The try's round, once it is over.

    Raises:
        ValueError: the round is not over.
    """
    if view.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER) or not view.rounds:
        raise ValueError("the try's round is not over")
    return view.rounds[-1]


def try_score(game: Game, seat: int = PLAYER) -> int:
    """The try's score for ``seat`` once its round is over (see the module's rule).

    Raises:
        ValueError: the round is not over.
    """
    view = game.public_view()
    points = last_round(view).points
    if view.high_wins:
        return points[seat]
    if last_round(view).winner == seat:
        return sum(p for other, p in enumerate(points) if other != seat)
    return -points[seat]


def player_turns(view: PublicView, seat: int = PLAYER) -> int:
    """The turns ``seat`` has begun this round, the first player being seat 0."""
    seats = len(view.seats)
    if view.turn <= seat:
        return 0
    return (view.turn - 1 - seat) // seats + 1
