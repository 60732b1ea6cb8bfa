"""Benchmark of the card engine: ``apply()``, ``meld_value()`` and random full matches.

Run on purpose (not in CI): ``.venv/bin/python bench/engine_bench.py``. Prints the median
and 99th percentile of one ``Game.apply`` call over seeded random games, of one
``meld_value`` call over typical melds (valid and invalid), and the number of random
full matches per second for each card variant. Goals: apply < 50 µs, meld_value < 10 µs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator

from engine import Game, IllegalMeld, IllegalMove, meld_value, parse_cards, variant, variant_names
from engine.actions import Action
from engine.cards.actions import LayOff, Meld, SwapJoker
from engine.rules import Kind
from engine.views import Phase

VARIANTS = tuple(name for name in variant_names() if variant(name).kind is Kind.CARDS)
MELDS = [
    "5h 6h 7h", "qh kh ah", "ah 2h 3h 4h", "9c 9s 9h", "9c 9s 9h 9d", "jk 6h 7h",
    "5h jk 7h 8h", "10d jd qd kd ad", "kc kd jk", "5h 6s 7h", "5h 6h 8h", "kh ah 2h",
    "jk jk 7h", "9c 9c 9h", "2c 3c 4c 5c 6c 7c 8c",
]  # fmt: skip


def pick(game: Game, rng: random.Random, moves: list[Action] | None = None) -> Action:
    """A random legal move (of ``moves``, the legal moves when given), laying four times
    out of five when it can, so that games reach their melds and endings."""
    moves = game.legal_moves() if moves is None else moves
    laying = [m for m in moves if isinstance(m, Meld | LayOff | SwapJoker)]
    return rng.choice(laying) if laying and rng.random() < 0.8 else rng.choice(moves)


def random_positions(enough: Callable[[], bool]) -> Iterator[tuple[Game, random.Random]]:
    """Positions of seeded three-player games of the card variants in turn, until
    ``enough()``: each with the game's random source; the caller then makes a move."""
    seed = 0
    while not enough():
        game = Game.new(variant(VARIANTS[seed % len(VARIANTS)]), ["a", "b", "c"], seed)
        rng = random.Random(seed)
        seed += 1
        while game.outcome() is None and not enough():
            if game.phase is Phase.ROUND_OVER:
                game.start_next_round()
                continue
            yield game, rng


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_apply(samples: int = 20_000) -> tuple[float, float, float, float]:
    """Median and p99 of legal apply() calls, then of illegal ones (µs)."""
    legal: list[float] = []
    illegal: list[float] = []
    for game, rng in random_positions(lambda: len(legal) >= samples):
        action = pick(game, rng)
        seat = game.current
        wrong = (seat + 1) % 3
        start = time.perf_counter_ns()
        try:
            game.apply(wrong, action)
        except IllegalMove:
            illegal.append((time.perf_counter_ns() - start) / 1000)
        start = time.perf_counter_ns()
        game.apply(seat, action)
        legal.append((time.perf_counter_ns() - start) / 1000)
    return (statistics.median(legal), percentile(legal, 0.99), statistics.median(illegal),
            percentile(illegal, 0.99))  # fmt: skip


def bench_legal_moves(samples: int = 3000) -> tuple[float, float]:
    """Median and p99 (µs) of ``game.legal_moves()`` over seeded random games."""
    times: list[float] = []
    for game, rng in random_positions(lambda: len(times) >= samples):
        start = time.perf_counter_ns()
        moves = game.legal_moves()
        times.append((time.perf_counter_ns() - start) / 1000)
        game.apply(game.current, pick(game, rng, moves))
    return statistics.median(times), percentile(times, 0.99)


def bench_meld_value(rounds: int = 200, batch: int = 200) -> tuple[float, float]:
    """Median and p99 (µs) of one meld_value call, averaged over batches of calls."""
    rules = variant("rami51")
    melds = [parse_cards(text) for text in MELDS]
    per_call: list[float] = []
    for _ in range(rounds):
        for cards in melds:
            start = time.perf_counter_ns()
            for _ in range(batch):
                try:  # noqa: SIM105 - contextlib.suppress would add to the time measured
                    meld_value(cards, rules)
                except IllegalMeld:
                    pass
            per_call.append((time.perf_counter_ns() - start) / 1000 / batch)
    return statistics.median(per_call), percentile(per_call, 0.99)


def bench_matches(name: str, seconds: float = 3.0, players: int = 3) -> tuple[float, int]:
    """Random full matches per second (and how many were played)."""
    start = time.perf_counter()
    played = 0
    while time.perf_counter() - start < seconds or played == 0:
        game = Game.new(variant(name), [f"p{i}" for i in range(players)], played)
        rng = random.Random(played)
        while game.outcome() is None:
            if game.phase is Phase.ROUND_OVER:
                game.start_next_round()
            else:
                game.apply(game.current, pick(game, rng))
        played += 1
    return played / (time.perf_counter() - start), played


def main() -> None:
    med, p99, bad_med, bad_p99 = bench_apply()
    print(f"apply() legal:    median {med:6.1f} µs   p99 {p99:6.1f} µs   (goal < 50 µs)")
    print(f"apply() illegal:  median {bad_med:6.1f} µs   p99 {bad_p99:6.1f} µs")
    med, p99 = bench_legal_moves()
    print(f"legal_moves():    median {med:6.1f} µs   p99 {p99:6.1f} µs")
    med, p99 = bench_meld_value()
    print(f"meld_value():     median {med:6.2f} µs   p99 {p99:6.2f} µs   (goal < 10 µs)")
    for name in VARIANTS:
        rate, played = bench_matches(name)
        print(f"random matches {name:<9} (3 players): {rate:6.2f} per second ({played} played)")


if __name__ == "__main__":
    argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0]).parse_args()
    main()
