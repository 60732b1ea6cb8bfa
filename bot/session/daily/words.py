"""A finished try and a day's ranking in words, as messages still to be put in a language
(:class:`engine.i18n.Msg`): the Discord front end and the terminal show the same lines.

``name`` writes a player's name as the front end needs it (Discord escapes its markdown),
once it is shown in the reader's language (:func:`engine.names.shown_name`: a computer
``[cpu 1]`` is "CPU 1" or "Ordi 1", the terminal's player "You" or "Vous").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.session.daily.model import DayRanking, TryState
from data import ChallengeResult
from engine.i18n import SOURCE_LANGUAGE, Msg, count
from engine.names import shown_name

Namer = Callable[[str], str]


def _as_is(name: str) -> str:
    return name


@dataclass(frozen=True, slots=True)
class _Shown:
    """A saved name as a message parameter: shown in the message's language, then
    written by the front end's ``write``."""

    name: str
    write: Namer

    def text(self, lang: str = SOURCE_LANGUAGE) -> str:
        return self.write(shown_name(self.name, lang))


def result_lines(state: TryState, name: Namer = _as_is) -> list[Msg]:
    """How the finished try ended, its score, whether it counts and the player's place,
    and the tries left (or when the next deal starts).

    Raises:
        ValueError: the try is not finished.
    """
    result = state.result
    if result is None:
        raise ValueError("the try is not finished")
    rounds = state.view.rounds
    winner = rounds[-1].winner if rounds else None
    if result.rami_sec:
        lines = [Msg("bot.daily.result.rami_sec")]
    elif result.went_out:
        lines = [Msg("bot.daily.result.out")]
    elif winner is not None:
        lines = [Msg("bot.daily.result.lost", player=_Shown(state.seats[winner].name, name))]
    else:
        lines = [Msg("bot.daily.result.blocked")]
    lines.append(Msg("bot.daily.result.score", score=result.score,
                     turns=count("turns", result.turns)))
    day = state.day
    if not result.counted:
        lines.append(Msg("bot.daily.result.late", time=day.close_text, zone=day.zone))
    elif result.place is not None:
        lines.append(Msg("bot.daily.result.place", score=result.place.best_score,
                         rank=result.place.rank, players=result.players))
    if state.tries_left:
        lines.append(Msg("bot.daily.result.left", count=state.tries_left))
    else:
        lines.append(Msg("bot.daily.result.none_left", time=day.close_text, zone=day.zone))
    return lines


def result_line(row: ChallengeResult, name: Namer = _as_is) -> Msg:
    """One line of a ranking: place, player, best score, its turns, the tries played."""
    return Msg("bot.daily.ranking.line", rank=row.rank, name=_Shown(row.name, name),
               score=row.best_score, turns=count("turns", row.turns),
               tries=count("tries", row.tries))


def ranking_lines(board: DayRanking, name: Namer = _as_is) -> list[Msg]:
    """A day's ranking under its title: whether it is final, the best, the reader's place."""
    day = board.day
    if board.closed:
        lines = [Msg("bot.daily.ranking.final", players=count("players", board.players))]
    else:
        lines = [Msg("bot.daily.ranking.open", time=day.close_text, zone=day.zone,
                     players=count("players", board.players))]
    lines += [result_line(row, name) for row in board.rows]
    if not board.rows:
        lines.append(Msg("bot.daily.ranking.empty"))
    if board.mine is not None:
        lines.append(Msg("bot.daily.ranking.mine", rank=board.mine.rank, players=board.players,
                         score=board.mine.best_score, turns=count("turns", board.mine.turns)))
    elif board.rows:
        lines.append(Msg("bot.daily.ranking.mine_none"))
    return lines
