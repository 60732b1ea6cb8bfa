"""A match: rounds dealt one after the other, running totals, the end of the match.

``Game`` delegates each round to a :class:`engine.round.Round` (cards:
:class:`engine.cards.round.CardRound`; tiles: ``engine.tiles.round.TileRound``, imported
lazily). Every round's randomness is derived from the match seed and the round number,
so the saved game holds no random state.
"""

from __future__ import annotations

import enum
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.cards.card import full_deck
from engine.cards.round import CardRound
from engine.cards.state import corrupt, get, get_int, score_from_dict, score_to_dict
from engine.errors import CorruptGame, IllegalMove, RuleError
from engine.round import Round
from engine.rules import Kind, MatchEnd, RuleSet, rules_document
from engine.tiles.tile import full_pool
from engine.variants import rules_from_dict
from engine.views import Phase, Piece, PlayerView, PublicView, RoundScore, SeatView

FORMAT = 1


class Termination(enum.StrEnum):
    """Why a match ended."""

    TARGET_REACHED = "target_reached"  # a total reached the target score (or passed it)
    SINGLE_ROUND = "single_round"  # a one-round match (tiles by default)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a match: winning seats (several on a draw), final totals, and why."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    termination: Termination
    rounds: int


def round_class(rules: RuleSet) -> type[Round]:
    """The Round implementation for ``rules.kind`` (tiles imported only when needed)."""
    if rules.kind is Kind.TILES:
        # Imported here so that card games never load the tile engine.
        from engine.tiles.round import TileRound

        return TileRound
    return CardRound


def round_rng(seed: int, number: int) -> random.Random:
    """The randomness of round ``number`` of the match with ``seed``."""
    return random.Random(f"rami:{seed}:{number}")


class Game:
    """A whole match. Build it with :meth:`new` or :meth:`from_json`."""

    __slots__ = ("_outcome", "players", "round", "round_number", "rounds", "rules", "seed",
                 "totals")  # fmt: skip

    def __init__(self, rules: RuleSet, players: tuple[str, ...], seed: int, round_: Round) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.round: Round = round_
        self.round_number = 1
        self.rounds: list[RoundScore] = []
        self.totals = [0] * len(players)
        self._outcome: Outcome | None = None

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        players: Sequence[str],
        seed: int,
        deck: Sequence[Piece] | None = None,
    ) -> Game:
        """A new match, its first round dealt (``deck``, top first, fixes that deal).

        Raises:
            RuleError: the variant is not played by that many players, a name is empty,
                or ``deck`` is not exactly the variant's cards.
        """
        names = tuple(players)
        rules.hand_size(len(names))
        if not all(isinstance(name, str) and name.strip() for name in names):
            raise RuleError("game.names")
        first = cls._deal(rules, len(names), seed, 1, deck)
        return cls(rules, names, seed, first)

    @staticmethod
    def _deal(
        rules: RuleSet, seats: int, seed: int, number: int, deck: Sequence[Piece] | None = None
    ) -> Round:
        first = (number - 1) % seats
        return round_class(rules).deal(rules, seats, first, number, round_rng(seed, number), deck)

    # ---------------------------------------------------------------- playing

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self.round.current

    @property
    def phase(self) -> Phase:
        """DRAW / PLAY while a round runs, ROUND_OVER between rounds, MATCH_OVER at the end."""
        if self._outcome is not None:
            return Phase.MATCH_OVER
        return self.round.phase

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; a round that ends is added to the totals.

        Raises:
            IllegalMove: the action is not allowed now; the game is exactly as before.
        """
        if self._outcome is not None:
            raise IllegalMove("move.match_over")
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalMove("move.no_such_seat", seat=repr(seat))
        self.round.apply(seat, action)
        if self.round.phase is Phase.ROUND_OVER and len(self.rounds) < self.round_number:
            self._record()

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``apply(seat, action)`` would succeed (nothing changes)."""
        if self._outcome is not None or type(seat) is not int:
            return False
        if not 0 <= seat < len(self.players):
            return False
        return self.round.is_legal(seat, action)

    def legal_moves(self) -> list[Action]:
        """Simple legal actions of the current seat (see ``CardRound.legal_moves``);
        empty once the round or the match is over."""
        if self._outcome is not None:
            return []
        return list(self.round.legal_moves())

    def _record(self) -> None:
        score = self.round.result()
        assert score is not None
        self.rounds.append(score)
        for seat, points in enumerate(score.points):
            self.totals[seat] += points
        self._outcome = decide(self.rules, tuple(self.totals), len(self.rounds))

    def start_next_round(self) -> None:
        """Deal the next round; the first player moves one seat on.

        Raises:
            IllegalMove: the round is not over yet, or the match is over.
        """
        if self._outcome is not None:
            raise IllegalMove("move.match_over")
        if self.round.phase is not Phase.ROUND_OVER:
            raise IllegalMove("move.round_not_over")
        self.round = self._deal(self.rules, len(self.players), self.seed, self.round_number + 1)
        self.round_number += 1

    def outcome(self) -> Outcome | None:
        """The end of the match, or None while it goes on."""
        return self._outcome

    def clone(self) -> Game:
        """An independent copy (fast for card rounds: no serialization)."""
        other = Game(self.rules, self.players, self.seed, self.round.clone())
        other.round_number = self.round_number
        other.rounds = list(self.rounds)
        other.totals = list(self.totals)
        other._outcome = self._outcome
        return other

    # ------------------------------------------------------------------ views

    def public_view(self) -> PublicView:
        """What everybody at the table may see."""
        return PublicView(**self._public())

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: the public view plus its own hand and turn state.

        Raises:
            IllegalMove: no such seat.
        """
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalMove("move.no_such_seat", seat=repr(seat))
        state = self.round.turn_state(seat)
        return PlayerView(**self._public(), seat=seat, hand=self.round.hand(seat), **state)

    def _public(self) -> dict[str, Any]:
        round_ = self.round
        sizes = round_.hand_sizes()
        seats = tuple(
            SeatView(seat, name, sizes[seat], self.totals[seat], round_.has_opened(seat))
            for seat, name in enumerate(self.players)
        )
        top = round_.discard_top()
        return {
            "variant": self.rules.name, "kind": self.rules.kind,
            "round_number": self.round_number, "seats": seats,
            "current": round_.current, "phase": self.phase, "melds": round_.melds(),
            "discard_top": top if self.rules.kind is Kind.CARDS else None,
            "discard_size": round_.discard_size(), "stock_size": round_.stock_size(),
            "reshuffles": round_.reshuffles(), "rounds": tuple(self.rounds),
            "totals": tuple(self.totals), "target": self.rules.target,
            "high_wins": self.rules.high_wins, "discards": round_.discards(),
            "pickups": round_.pickups(), "turn": round_.turn_count(),
            "opening_minimum": self.rules.opening_for(len(self.players)),
        }  # fmt: skip

    # ----------------------------------------------------------------- saving

    def to_document(self) -> dict[str, Any]:
        """The whole match as JSON-ready data (``"format": 1``), which :meth:`to_json`
        writes and a faster encoder may write alike. Its ``"rules"`` entry is shared
        with every match of the same rules: read it, never change it."""
        return {
            "format": FORMAT, "rules": rules_document(self.rules),
            "players": list(self.players), "seed": self.seed,
            "round_number": self.round_number,
            "rounds": [score_to_dict(score) for score in self.rounds],
            "totals": list(self.totals), "round": self.round.to_dict(),
        }  # fmt: skip

    def to_json(self) -> str:
        """The whole match as a JSON text (``"format": 1``); :meth:`from_json` reads it."""
        return json.dumps(self.to_document(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a match saved by :meth:`to_json`, checking every field.

        Raises:
            CorruptGame: malformed JSON, an unknown format version, wrong types, cards that
                do not make up the deck, impossible counts; the detail says what.
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:
            raise corrupt(f"not JSON ({error})") from None
        if not isinstance(data, dict):
            raise corrupt("not a saved game")
        version = data.get("format")
        if version != FORMAT or isinstance(version, bool):
            raise corrupt(f"unknown format version {version!r} (this engine reads {FORMAT})")
        try:
            return cls._load(data)
        except CorruptGame:
            raise
        except RuleError as error:
            raise corrupt(f"rules: {error.message('en')}") from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
            raise corrupt(f"inconsistent document ({type(error).__name__}: {error})") from None

    @classmethod
    def _load(cls, data: dict[str, Any]) -> Game:
        rules = rules_from_dict(get(data, "rules", dict, "game"))
        players = get(data, "players", list, "game")
        if not all(isinstance(name, str) and name.strip() for name in players):
            raise corrupt("game.players: expected non-empty names")
        if not rules.min_players <= len(players) <= rules.max_players:
            raise corrupt(f"game.players: {len(players)} players for {rules.name}")
        seats = len(players)
        seed = get(data, "seed", int, "game")
        number = get_int(data, "round_number", 1, 10**6, "game")
        rounds = [
            score_from_dict(score, seats, f"game.rounds[{i}]")
            for i, score in enumerate(get(data, "rounds", list, "game"))
        ]
        round_ = round_class(rules).from_dict(get(data, "round", dict, "game"), rules)
        _check_match(rules, seats, number, rounds, round_, get(data, "totals", list, "game"))
        game = cls(rules, tuple(players), seed, round_)
        game.round_number = number
        game.rounds = rounds
        game.totals = [sum(score.points[seat] for score in rounds) for seat in range(seats)]
        if round_.phase is Phase.ROUND_OVER:
            game._outcome = decide(rules, tuple(game.totals), len(rounds))
        return game


def _check_match(
    rules: RuleSet, seats: int, number: int, rounds: list[RoundScore], round_: Round,
    totals: list[Any],
) -> None:  # fmt: skip
    if len(round_.hand_sizes()) != seats:
        raise corrupt("game.round: not dealt to the game's players")
    if round_.number != number:
        raise corrupt("game.round_number: differs from the round's number")
    if round_.first != (number - 1) % seats:
        raise corrupt("game.round.first: not the seat whose turn it is to start this round")
    over = round_.phase is Phase.ROUND_OVER
    if len(rounds) != (number if over else number - 1):
        raise corrupt("game.rounds: the count of finished rounds does not match the round")
    for index, score in enumerate(rounds):
        if score.number != index + 1:
            raise corrupt(f"game.rounds[{index}].number: expected {index + 1}")
    if over and rounds[-1] != round_.result():
        raise corrupt("game.rounds: the last score is not the current round's result")
    if totals != _running(rounds, len(rounds), seats):
        raise corrupt("game.totals: not the sum of the rounds' points")
    pieces: list[Piece] = []
    if rules.kind is Kind.CARDS:
        pieces.extend(full_deck(rules.decks, rules.jokers))
    else:
        pieces.extend(full_pool(rules.decks, rules.jokers))
    if Counter(round_.all_pieces()) != Counter(pieces):
        raise corrupt("the cards or tiles do not make up the deck or pool")
    for earlier in rounds[:-1] if over else rounds:
        if decide(rules, tuple(_running(rounds, earlier.number, seats)), earlier.number):
            raise corrupt("game.rounds: the match should have ended earlier")


def _running(rounds: list[RoundScore], upto: int, seats: int) -> list[int]:
    return [sum(s.points[seat] for s in rounds[:upto]) for seat in range(seats)]


def decide(rules: RuleSet, totals: tuple[int, ...], rounds: int) -> Outcome | None:
    """The match's end after ``rounds`` rounds with these ``totals``, or None to go on.

    A target of 0 means one round. Otherwise the match ends once a total reaches the
    target, or goes past it where ``rules.match_end`` is ``EXCEEDS``; the best total
    (highest or lowest per the rules) wins, and a tie for the best plays another round
    where ``tie_plays_on`` (else every tied seat wins).
    """
    best = max(totals) if rules.high_wins else min(totals)
    leaders = tuple(seat for seat, total in enumerate(totals) if total == best)
    if rules.target == 0:
        return Outcome(leaders, totals, Termination.SINGLE_ROUND, rounds)
    top = max(totals)
    if top < rules.target or (top == rules.target and rules.match_end is MatchEnd.EXCEEDS):
        return None
    if len(leaders) > 1 and rules.tie_plays_on:
        return None
    return Outcome(leaders, totals, Termination.TARGET_REACHED, rounds)
