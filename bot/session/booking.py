"""Score booking: a table's finished rounds and its finished match, written to the store.

Both are idempotent, so that a crash between saving a move and booking its scores is
repaired when the table is loaded again (:meth:`bot.session.Tables.resume` books again).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from bot.session.model import Seat
from data import MatchExists, MatchSeat, SeatScore, Store
from engine.game import Game


async def book_rounds(store: Store, game_id: int, seats: Sequence[Seat], game: Game) -> None:
    """Record every finished round of ``game`` the store lacks, with the running totals."""
    view = game.public_view()
    recorded = {record.round_number for record in await store.match_rounds(game_id)}
    running = [0] * len(view.seats)
    for score in view.rounds:
        running = [total + points for total, points in zip(running, score.points, strict=True)]
        if score.number in recorded:
            continue
        scores = [
            SeatScore(seat.user_id, seat.name, score.points[index], running[index])
            for index, seat in enumerate(seats)
        ]
        await store.record_round(game_id, score.number, scores)


async def book_match(store: Store, game_id: int, guild_id: int, variant: str,
                     seats: Sequence[Seat], game: Game) -> None:
    """Book the finished match and its statistics (a repeat after a restart is skipped)."""
    outcome = game.outcome()
    view = game.public_view()
    winners = set(outcome.winners) if outcome is not None else set()
    results = []
    for index, seat in enumerate(seats):
        results.append(MatchSeat(
            user_id=seat.user_id,
            name=seat.name,
            total=view.totals[index],
            won=index in winners,
            rounds_won=sum(r.winner == index for r in view.rounds),
            rami_secs=sum(r.winner == index and r.rami_sec for r in view.rounds),
            points=view.totals[index],
        ))
    with contextlib.suppress(MatchExists):  # already booked before a restart
        await store.finish_match(game_id, guild_id, variant, results)
