"""Time to propose an opening from the pieces picked (issue 25), per variant (run on
purpose, not in CI).

    .venv/bin/python bench/opening_bench.py [hands]

Deals seeded hands of each variant and, for each, splits the whole hand and a seeded
random half of it (:func:`engine.opening.split`), as the hand message does on every
pick; then the hand's whole layout message with the opening shown. Prints the median,
p99 and worst time, and 13- to 15-card picks built to be hard (four melds and a joker;
a whole suit and two jokers; eleven of a suit and four jokers).
Goal: p99 under 10 ms for a split, so that a pick's answer stays far from Discord's 3 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from bot.discord_app.core.text import piece_code
from bot.discord_app.hand import present as hand_present
from bot.session import display_order
from bot.simulator.simulate import percentile
from engine import parse_cards, variant, variant_names
from engine.game import Game
from engine.opening import split
from engine.views import Phase


def _timed(call: Callable[..., object], *args: object, **options: object) -> float:
    start = time.perf_counter()
    call(*args, **options)
    return time.perf_counter() - start


def _row(name: str, what: str, times: list[float]) -> None:
    print(f"| {name} | {what} | {len(times)} | {statistics.median(times) * 1000:.2f} | "
          f"{percentile(times, 0.99) * 1000:.2f} | {max(times) * 1000:.2f} |")


def main(hands: int) -> None:
    print("| variant | picked | splits | median ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for name in variant_names():
        rules = variant(name)
        rng = random.Random(25)
        whole: list[float] = []
        half: list[float] = []
        shown: list[float] = []
        for seed in range(hands):
            view = Game.new(rules, ["ann", "bob", "cy"][:max(2, rules.min_players)],
                            seed).view(0)
            pieces = list(view.hand)
            whole.append(_timed(split, pieces, rules))
            some = rng.sample(pieces, len(pieces) // 2)
            half.append(_timed(split, some, rules))
            order = display_order(view, "suit")
            codes = [piece_code(view.hand[i]) for i in order]
            picked = {"a": {f"{pos}:{code}" for pos, code in enumerate(codes, 1)
                            if rng.random() < 0.5}}
            playing = replace(view, phase=Phase.PLAY, current=0)
            shown.append(_timed(hand_present.hand, playing, 1, "en", selected=picked,
                                layout=True, rules=rules))
        _row(name, "whole hand", whole)
        _row(name, "half of it", half)
        _row(name, "hand message", shown)
    four = parse_cards("7h 8h 9h qs qh qd 2c 3c 4c 5d 5s 5c jk")
    hard = parse_cards("2h 3h 4h 5h 6h 7h 8h 9h 10h jh qh kh ah jk jk")
    wild = parse_cards("2h 3h 4h 5h 6h 7h 8h 9h 10h jh qh jk jk jk jk")
    for name in ("rami51", "classic"):
        _row(name, "four melds + a joker", [_timed(split, four, variant(name))])
        _row(name, "A..K♥ + 2 jokers", [_timed(split, hard, variant(name))])
    _row("rami51", "2..Q♥ + 4 jokers", [_timed(split, wild, variant("rami51"))])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=200,
                        help="seeded hands per variant (default 200)")
    main(parser.parse_args().hands)
