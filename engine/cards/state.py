"""The state of a card round, what the views read from it, and its saved form.

:class:`CardState` holds the data; :class:`engine.cards.round.CardRound` adds the rules of
play. The saved form writes cards in their ASCII notation (``10h qs jk``) and is checked
field by field on load: a bad document raises :class:`~engine.errors.CorruptGame` naming
the faulty field, and never yields a half-built round.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Self

from engine.cards.card import Card, full_deck, read_codes, write_codes
from engine.cards.melds import MeldKind, MeldShape, restore
from engine.errors import CorruptGame, IllegalMeld, NotationError
from engine.rules import RuleSet
from engine.views import Phase, Piece, RoundScore

REASONS = ("went_out", "stock_exhausted", "blocked")


class CardState:
    """Everything a card round remembers. Stock and discard pile keep their top last."""

    __slots__ = (
        "acted", "current", "discard_log", "drawn", "first", "hands", "must_lay", "number",
        "opened", "opened_this_turn", "phase", "pickup_log", "pile", "reshuffle_count",
        "rules", "score", "seats", "seed", "stock", "table", "taken", "turns",
    )  # fmt: skip

    def __init__(self, rules: RuleSet, seats: int, first: int, number: int, seed: int) -> None:
        self.rules = rules
        self.seats = seats
        self.first = first
        self.number = number
        self.seed = seed  # reshuffles derive their randomness from it
        self.hands: list[list[Card]] = [[] for _ in range(seats)]
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.table: list[tuple[MeldShape, int]] = []  # (meld, seat that laid it)
        self.opened = [False] * seats
        self.turns = [0] * seats  # turns begun by each seat this round
        self.current = first
        self.phase = Phase.DRAW
        self.reshuffle_count = 0
        self.drawn: Card | None = None
        self.taken: Card | None = None  # taken from the discard pile this turn
        self.acted = False  # laid or swapped something since the draw
        self.opened_this_turn = False
        self.must_lay = 0  # jokers won by a swap that must be laid this turn
        self.discard_log: list[tuple[int, Card]] = []
        self.pickup_log: list[tuple[int, Card]] = []
        self.score: RoundScore | None = None

    def clone(self) -> Self:
        """A deep copy, fast (cards and melds are immutable, only the lists are copied)."""
        other = object.__new__(type(self))
        for name in CardState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(hand) for hand in self.hands]
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.table = list(self.table)
        other.opened = list(self.opened)
        other.turns = list(self.turns)
        other.discard_log = list(self.discard_log)
        other.pickup_log = list(self.pickup_log)
        return other

    # What the views are built from (engine.round.Round).
    def hand(self, seat: int) -> tuple[Piece, ...]:
        return tuple(self.hands[seat])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self.hands)

    def has_opened(self, seat: int) -> bool:
        return self.opened[seat]

    def discard_top(self) -> Piece | None:
        return self.pile[-1] if self.pile else None

    def discard_size(self) -> int:
        return len(self.pile)

    def stock_size(self) -> int:
        return len(self.stock)

    def turn_count(self) -> int:
        return sum(self.turns)

    def reshuffles(self) -> int:
        return self.reshuffle_count

    def discards(self) -> tuple[tuple[int, Piece], ...]:
        return tuple(self.discard_log)

    def pickups(self) -> tuple[tuple[int, Piece], ...]:
        return tuple(self.pickup_log)

    def all_pieces(self) -> list[Piece]:
        pieces: list[Piece] = [card for hand in self.hands for card in hand]
        pieces.extend(card for shape, _ in self.table for card in shape.cards)
        pieces.extend(self.stock)
        pieces.extend(self.pile)
        return pieces


def _text(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as saved: their codes, the same whatever the players' language."""
    return write_codes(cards)


def score_to_dict(score: RoundScore) -> dict[str, Any]:
    return {
        "number": score.number, "points": list(score.points), "winner": score.winner,
        "rami_sec": score.rami_sec, "reason": score.reason,
    }  # fmt: skip


def round_to_dict(state: CardState) -> dict[str, Any]:
    """A JSON-ready document of the whole round (stock top first, discard pile bottom first)."""
    return {
        "kind": "cards",
        "seats": state.seats, "first": state.first, "number": state.number,
        "seed": state.seed, "current": state.current, "phase": state.phase.value,
        "hands": [_text(hand) for hand in state.hands],
        "stock": _text(state.stock[::-1]), "discard": _text(state.pile),
        "melds": [
            {"cards": _text(shape.cards), "kind": shape.kind.value, "owner": owner}
            for shape, owner in state.table
        ],
        "opened": list(state.opened), "turns": list(state.turns),
        "reshuffles": state.reshuffle_count,
        "turn": {
            "drawn": _text([state.drawn]) if state.drawn else None,
            "taken": _text([state.taken]) if state.taken else None,
            "acted": state.acted, "opened_this_turn": state.opened_this_turn,
            "must_lay": state.must_lay,
        },
        "discards": [[seat, _text([card])] for seat, card in state.discard_log],
        "pickups": [[seat, _text([card])] for seat, card in state.pickup_log],
        "result": score_to_dict(state.score) if state.score else None,
    }  # fmt: skip


# ------------------------------------------------------------------ loading


def corrupt(detail: str) -> CorruptGame:
    return CorruptGame("corrupt_game", detail=detail)


def get(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]`` checked to be of ``kind`` (a bool is never an int here)."""
    if not isinstance(data, dict) or key not in data:
        raise corrupt(f"{where}: missing “{key}”")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise corrupt(f"{where}.{key}: expected {kinds[0].__name__}, got a boolean")
    if not isinstance(value, kinds):
        raise corrupt(f"{where}.{key}: expected {kinds[0].__name__}")
    return value


def get_int(data: Any, key: str, low: int, high: int, where: str) -> int:
    value: int = get(data, key, int, where)
    if not low <= value <= high:
        raise corrupt(f"{where}.{key}: {value} is not between {low} and {high}")
    return value


def cards_of(text: Any, where: str) -> list[Card]:
    if not isinstance(text, str):
        raise corrupt(f"{where}: expected a text of cards")
    if not text.strip():
        return []
    try:
        return read_codes(text)
    except NotationError as error:
        raise corrupt(f"{where}: {error.message('en')}") from None


def one_card(text: Any, where: str) -> Card | None:
    if text is None:
        return None
    cards = cards_of(text, where)
    if len(cards) != 1:
        raise corrupt(f"{where}: expected one card")
    return cards[0]


def bools(data: Any, key: str, count: int, where: str) -> list[bool]:
    values = get(data, key, list, where)
    if len(values) != count or not all(isinstance(v, bool) for v in values):
        raise corrupt(f"{where}.{key}: expected {count} booleans")
    return list(values)


def score_from_dict(data: Any, seats: int, where: str) -> RoundScore:
    points = get(data, "points", list, where)
    if len(points) != seats or not all(type(p) is int for p in points):
        raise corrupt(f"{where}.points: expected {seats} whole numbers")
    winner = get(data, "winner", (int, type(None)), where)
    if winner is not None and not 0 <= winner < seats:
        raise corrupt(f"{where}.winner: no seat {winner}")
    reason = get(data, "reason", str, where)
    if reason not in REASONS:
        raise corrupt(f"{where}.reason: unknown “{reason}”")
    return RoundScore(
        get_int(data, "number", 1, 10**6, where), tuple(points), winner,
        get(data, "rami_sec", bool, where), reason,
    )  # fmt: skip


def _log(data: Any, key: str, seats: int) -> list[tuple[int, Card]]:
    entries = get(data, key, list, "round")
    result = []
    for index, entry in enumerate(entries):
        where = f"round.{key}[{index}]"
        if not isinstance(entry, list) or len(entry) != 2 or type(entry[0]) is not int:
            raise corrupt(f"{where}: expected [seat, card]")
        if not 0 <= entry[0] < seats:
            raise corrupt(f"{where}: no seat {entry[0]}")
        card = one_card(entry[1], where)
        assert card is not None
        result.append((entry[0], card))
    return result


def round_from_dict(state: CardState, data: Any) -> None:
    """Fill ``state`` (fresh) from a :func:`round_to_dict` document, checking everything.

    Raises:
        CorruptGame: the first problem found, with the field's path.
    """
    rules = state.rules
    if get(data, "kind", str, "round") != "cards":
        raise corrupt("round.kind: not a card round")
    seats = get_int(data, "seats", rules.min_players, rules.max_players, "round")
    fresh = CardState(rules, seats, 0, 1, 0)
    for name in CardState.__slots__:
        setattr(state, name, getattr(fresh, name))
    state.first = get_int(data, "first", 0, seats - 1, "round")
    state.number = get_int(data, "number", 1, 10**6, "round")
    state.seed = get_int(data, "seed", 0, 2**64 - 1, "round")
    state.current = get_int(data, "current", 0, seats - 1, "round")
    phase = get(data, "phase", str, "round")
    if phase not in ("draw", "play", "round_over"):
        raise corrupt(f"round.phase: unknown “{phase}”")
    state.phase = Phase(phase)
    hands = get(data, "hands", list, "round")
    if len(hands) != seats:
        raise corrupt(f"round.hands: expected {seats} hands")
    state.hands = [cards_of(hand, f"round.hands[{i}]") for i, hand in enumerate(hands)]
    state.stock = cards_of(get(data, "stock", str, "round"), "round.stock")[::-1]
    state.pile = cards_of(get(data, "discard", str, "round"), "round.discard")
    state.opened = bools(data, "opened", seats, "round")
    _load_table(state, get(data, "melds", list, "round"))
    turns = get(data, "turns", list, "round")
    if len(turns) != seats or not all(type(t) is int and 0 <= t <= 10**6 for t in turns):
        raise corrupt("round.turns: expected a count of turns per seat")
    state.turns = list(turns)
    state.reshuffle_count = get_int(data, "reshuffles", 0, rules.max_reshuffles, "round")
    _load_turn(state, get(data, "turn", dict, "round"))
    state.discard_log = _log(data, "discards", seats)
    state.pickup_log = _log(data, "pickups", seats)
    result = get(data, "result", (dict, type(None)), "round")
    state.score = score_from_dict(result, seats, "round.result") if result else None
    _check_consistency(state)


def _load_table(state: CardState, melds: list[Any]) -> None:
    for index, meld in enumerate(melds):
        where = f"round.melds[{index}]"
        kind = get(meld, "kind", str, where)
        if kind not in ("run", "group"):
            raise corrupt(f"{where}.kind: unknown “{kind}”")
        owner = get_int(meld, "owner", 0, state.seats - 1, where)
        cards = cards_of(get(meld, "cards", str, where), f"{where}.cards")
        try:
            shape = restore(cards, MeldKind(kind), state.rules)
        except IllegalMeld as error:
            raise corrupt(f"{where}: {error.message('en')}") from None
        if not state.opened[owner]:
            raise corrupt(f"{where}: laid by seat {owner}, who has not opened")
        state.table.append((shape, owner))


def _load_turn(state: CardState, turn: dict[str, Any]) -> None:
    state.drawn = one_card(turn.get("drawn"), "round.turn.drawn")
    state.taken = one_card(turn.get("taken"), "round.turn.taken")
    state.acted = get(turn, "acted", bool, "round.turn")
    state.opened_this_turn = get(turn, "opened_this_turn", bool, "round.turn")
    state.must_lay = get_int(turn, "must_lay", 0, 8, "round.turn")


def _check_consistency(state: CardState) -> None:
    rules = state.rules
    expected = Counter(full_deck(rules.decks, rules.jokers))
    if Counter(state.all_pieces()) != expected:
        raise corrupt("the cards do not make up the deck (a card is missing or extra)")
    over = state.phase is Phase.ROUND_OVER
    if over != (state.score is not None):
        raise corrupt("round.result: present exactly when the round is over")
    if state.score is not None and state.score.number != state.number:
        raise corrupt("round.result.number: not this round's number")
    if state.phase is Phase.DRAW:
        if state.drawn or state.taken or state.acted or state.opened_this_turn:
            raise corrupt("round.turn: a turn that has not drawn yet has done something")
        if not state.stock:
            raise corrupt("round.stock: empty while a player must draw")
    if state.must_lay > state.hands[state.current].count(Card(0, None)):
        raise corrupt("round.turn.must_lay: more jokers to lay than the hand holds")
    if state.opened_this_turn and not state.opened[state.current]:
        raise corrupt("round.turn.opened_this_turn: the seat has not opened")
    if not over and not any(state.turns):
        raise corrupt("round.turns: nobody has begun a turn")
    size = rules.hand_size(state.seats)
    for seat, hand in enumerate(state.hands):
        extra = 1 if seat == state.current and state.phase is not Phase.DRAW else 0
        if len(hand) > size + extra:
            raise corrupt(f"round.hands[{seat}]: {len(hand)} cards, more than a hand can hold")
    if not over and not all(state.hands):
        raise corrupt("round.hands: an empty hand while the round goes on")
