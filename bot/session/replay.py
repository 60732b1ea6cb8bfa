"""A finished match replayed from its saved log, step by step, the same in every front end.

Glossary:
  step      one engine action of the log (a draw, a meld, a lay-off, a swap, a discard;
            a tile play, a draft edit, a draw, a pass), or a deal; step 0 is the first
            deal, the last step leaves the match as it was saved when it ended.
  log       the game's saved actions (``data.Store.game_log``): ``seat <n>: <action>``
            in the engine's English notation, several joined by `` ; `` when saved as one
            change (:mod:`bot.session.describe`), ``next_round`` for the next deal; the
            rest (``start``, ``leave``, ``level …``, ``end …``) changes no card.

Every round is dealt from the match seed (:func:`engine.game.round_rng`), so the match
is rebuilt by dealing its first round again and applying the log's actions in order.
Finished games and their logs are never deleted (idle games are archived, their rows and
logs kept: :mod:`bot.session.idle`), so every match saved since the log was kept
replays; one whose log cannot be read or does not lead to the saved end (a log written
by an older version, a row damaged) is refused, saying so (:class:`ReplayError`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.session.document import TableDoc
from bot.session.model import SessionError, Status
from data import LogEntry
from engine import CorruptGame, RummyError, parse_action
from engine.actions import Action
from engine.game import Game
from engine.views import Piece, PublicView, RoundScore

CHECKPOINT_EVERY = 16  # a copy of the match every so many steps: a step is at most 15 away


class ReplayError(SessionError):
    """A match that cannot be replayed: still running, or its log does not lead to it."""

    default_code = "bot.replay.broken"


@dataclass(frozen=True, slots=True)
class Step:
    """One step: who played what (``action`` None: round ``round_number`` was dealt)."""

    number: int
    round_number: int
    seat: int | None
    action: Action | None


@dataclass(frozen=True, slots=True)
class Frame:
    """The match at one step: the table everybody saw, and every hand (the match is over,
    so nothing of it is private any more)."""

    step: Step
    view: PublicView
    hands: tuple[tuple[Piece, ...], ...]


class Replay:
    """A finished match's steps, and the match at any of them (:meth:`frame`)."""

    def __init__(self, steps: Sequence[Step], checkpoints: Sequence[Game], final: Game) -> None:
        """``checkpoints[i]``: the match after step ``i * CHECKPOINT_EVERY``."""
        self.steps = tuple(steps)
        self.final = final
        self.players = final.players
        self._checkpoints = list(checkpoints)

    @classmethod
    def of(cls, state: str, log: Sequence[LogEntry]) -> Replay:
        """The replay of the match saved as ``state`` (a table's document), from ``log``.

        Raises:
            ReplayError: the match is not over (``bot.replay.running``), or the log
                cannot be read or does not lead to the saved match (``bot.replay.broken``,
                its step and reason in the parameters).
        """
        try:
            doc, saved = TableDoc.from_json(state)
        except CorruptGame as error:
            raise ReplayError("bot.replay.broken", step=0, reason=str(error)) from None
        if saved is None or doc.status is not Status.MATCH_OVER or saved.outcome() is None:
            raise ReplayError("bot.replay.running")
        game = Game.new(doc.rules, list(saved.players), doc.seed)
        checkpoints = [game.clone()]
        steps = [Step(0, 1, None, None)]
        for entry in log:
            for seat, action in _entry_actions(entry, doc, len(steps)):
                step = Step(len(steps), game.round_number + (action is None), seat, action)
                try:
                    _apply(game, step)
                except RummyError as error:
                    raise ReplayError("bot.replay.broken", step=step.number,
                                      reason=error.message("en")) from None
                steps.append(step)
                if step.number % CHECKPOINT_EVERY == 0:
                    checkpoints.append(game.clone())
        if game.to_json() != saved.to_json():
            raise ReplayError("bot.replay.broken", step=len(steps) - 1,
                              reason="the log does not lead to the saved end of the match")
        return cls(steps, checkpoints, game)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def game_at(self, number: int) -> Game:
        """A copy of the match after step ``number`` (clamped to the steps there are)."""
        number = max(0, min(number, self.last))
        base = number // CHECKPOINT_EVERY
        game = self._checkpoints[base].clone()
        for step in self.steps[base * CHECKPOINT_EVERY + 1: number + 1]:
            _apply(game, step)
        return game

    def frame(self, number: int) -> Frame:
        """The match at step ``number`` (clamped): the table and every hand."""
        number = max(0, min(number, self.last))
        game = self.game_at(number)
        hands = tuple(game.view(seat).hand for seat in range(len(self.players)))
        return Frame(self.steps[number], game.public_view(), hands)

    def rounds(self) -> int:
        return self.steps[-1].round_number

    def round_steps(self, round_number: int) -> range:
        """The steps of round ``round_number`` (its deal first). Raises ValueError for a
        round the match did not play."""
        numbers = [s.number for s in self.steps if s.round_number == round_number]
        if not numbers:
            raise ValueError(f"the match played no round {round_number}")
        return range(numbers[0], numbers[-1] + 1)


def _apply(game: Game, step: Step) -> None:
    if step.action is None:
        game.start_next_round()
    else:
        assert step.seat is not None
        game.apply(step.seat, step.action)


def _entry_actions(entry: LogEntry, doc: TableDoc,
                   number: int) -> list[tuple[int | None, Action | None]]:
    """The steps one log entry makes (none for what changes no card)."""
    text = entry.action
    if text == "next_round":
        return [(None, None)]
    head, colon, words = text.partition(": ")
    if not colon or not head.startswith("seat "):
        return []
    try:
        seat = int(head.removeprefix("seat "))
        actions = [parse_action(part, "en", kind=doc.rules.kind)
                   for part in words.split(" ; ")]
    except (ValueError, RummyError) as error:
        reason = error.message("en") if isinstance(error, RummyError) else str(error)
        raise ReplayError("bot.replay.broken", step=number, reason=reason) from None
    return [(seat, action) for action in actions]



def saved_rounds(state: str) -> tuple[tuple[str, ...], tuple[RoundScore, ...]] | None:
    """The players and the finished rounds (how each ended, every seat's points) of the
    match saved as ``state``; None when it holds no readable match."""
    try:
        saved = TableDoc.from_json(state)[1]
    except CorruptGame:
        return None
    return None if saved is None else (saved.players, tuple(saved.rounds))
