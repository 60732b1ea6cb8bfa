"""A finished round in words, the same in every front end: how it ended (who went out, or
why nobody did), then each seat's points and the pieces left in its hand, which everybody
sees once the round is over (:attr:`~bot.session.model.Snapshot.hands`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.session.model import Snapshot
from engine.hand_order import Sort, sorted_hand
from engine.i18n import t
from engine.names import shown_name
from engine.rules import Kind
from engine.views import Piece

PieceWriter = Callable[[Sequence[Piece]], str]
NameWriter = Callable[[str, str], str]  # a seat's saved name and a language -> its text

# Why a round ended without a winner (``RoundScore.reason``).
_NO_WINNER = {"stock_exhausted": "bot.round.stock_exhausted", "blocked": "bot.round.blocked"}


def round_ending(snapshot: Snapshot, lang: str, *, name: NameWriter = shown_name) -> str:
    """How the last finished round of ``snapshot`` ended, the winner named by ``name``
    (a front end escapes what its messages would read as markup).

    Raises:
        ValueError: no round of the table has finished.
    """
    view = snapshot.view
    if view is None or not view.rounds:
        raise ValueError("no finished round")
    last = view.rounds[-1]
    if last.winner is None:
        return t(_NO_WINNER.get(last.reason, "bot.round.no_winner"), lang)
    if last.reason == "blocked":  # tiles: the lowest rack wins a blocked round
        code = "bot.round.blocked_lowest"
    else:
        code = "bot.round.rami_sec" if last.rami_sec else "bot.round.went_out"
    return t(code, lang, player=name(snapshot.seats[last.winner].name, lang))


def round_seat_lines(snapshot: Snapshot, lang: str, write: PieceWriter, *,
                     name: NameWriter = shown_name) -> list[str]:
    """One line per seat, named by ``name``: its points in the last finished round and in
    all, and the pieces left in its hand written by ``write`` (when the hands are known:
    once the round is over, until the next is dealt)."""
    view = snapshot.view
    if view is None:
        return []
    last = view.rounds[-1] if view.rounds else None
    code = "bot.round.line_rack" if view.kind is Kind.TILES else "bot.round.line_hand"
    lines = []
    for index, seat in enumerate(snapshot.seats):
        held = snapshot.hands[index] if snapshot.hands is not None else ()
        left = [held[i] for i in sorted_hand(held, Sort.SUIT)]  # as the hand picture sorts
        params = {"name": name(seat.name, lang), "points": last.points[index] if last else 0,
                  "total": view.totals[index]}
        if left:
            lines.append(t(code, lang, hand=write(left), **params))
        else:
            lines.append(t("bot.round.line", lang, **params))
    return lines
