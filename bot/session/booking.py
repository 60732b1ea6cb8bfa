"""Score booking: what a table's finished rounds and finished match book in the store.

A move that ends a round or the match is saved with its booking, in one transaction
(:meth:`data.Store.save`): no process, crashed or racing another on the same table, ever
leaves a finished round saved without its scores, and booking again changes nothing. A
game saved without them (by a version of Rami that booked after saving) is booked when
it is loaded again (:meth:`bot.session.Tables.resume`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.session.model import Seat
from data import Booking, MatchSeat, RoundRecord, SeatScore
from engine.game import Game
from engine.views import Phase


def booking_of(game_id: int, seats: Sequence[Seat], game: Game) -> Booking | None:
    """Every finished round of ``game`` with the running totals, and the match once it is
    over (None: no round finished yet)."""
    view = game.public_view()
    if not view.rounds:
        return None
    rounds = []
    running = [0] * len(view.seats)
    for score in view.rounds:
        running = [total + points for total, points in zip(running, score.points, strict=True)]
        rounds.append(RoundRecord(game_id, score.number, tuple(
            SeatScore(seat.user_id, seat.name, score.points[index], running[index])
            for index, seat in enumerate(seats))))
    return Booking(tuple(rounds), _match(seats, game) if game.phase is Phase.MATCH_OVER else None)


def _match(seats: Sequence[Seat], game: Game) -> tuple[MatchSeat, ...]:
    outcome = game.outcome()
    view = game.public_view()
    winners = set(outcome.winners) if outcome is not None else set()
    return tuple(
        MatchSeat(
            user_id=seat.user_id,
            name=seat.name,
            total=view.totals[index],
            won=index in winners,
            rounds_won=sum(r.winner == index for r in view.rounds),
            rami_secs=sum(r.winner == index and r.rami_sec for r in view.rounds),
            points=view.totals[index],
            level=str(seat.level) if seat.is_computer and seat.level is not None else None,
        )
        for index, seat in enumerate(seats)
    )
