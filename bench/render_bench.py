"""Time the pictures: drawing, PNG encoding and total, median and p99, and the bytes made.

Run: ``.venv/bin/python bench/render_bench.py [runs]`` (default 300 runs per picture).
The first call of each picture fills the caches (sprites, text, palette); it is timed
apart as "cold" and left out of the figures. Times are the thread's CPU time, so that
other processes sharing the machine do not blur them; the wall-clock median of the total
is printed beside. "table, changing" draws a different table each run (the stock, a
seat and a meld change, as after a turn), so its pieces miss the block caches. Tables are
composed on the palette, as the bot draws them (``render.render_table``): their "encode"
is the PNG writing alone; "table, mapped whole" composes in RGB and maps the whole picture
onto the palette when encoding, as tables were drawn before. Hands likewise ("hand,
mapped whole": as before); "hand, changing" draws a card and raises it each run.
Goal: < 10 ms median total, < 100 KB.

``--idle MS`` waits MS milliseconds (untimed) before each run, as the bot's painting
thread waits between two pictures at a light load (20 games: about six pictures a
second): on the 2-core development machine the same pictures then cost 1.5 to 2.7 times
the CPU they cost drawn back to back, the caches cold after each wait.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from itertools import count

from PIL import Image

from engine.cards.card import Card, Suit
from engine.views import PlayerView, PublicView
from render.hand import compose_hand
from render.picture import encode, theme_palette, to_palette
from render.samples import leaderboard, player_view, public_view
from render.scores import compose_leaderboard, compose_scores
from render.table import compose_table
from render.themes import BACKS, THEMES

Compose = Callable[[], tuple[Image.Image, str]]


def _after_turn(view: PublicView, turn: int) -> PublicView:
    """``view`` after a (fake) turn: new stock count, hand size, and a meld laid off on."""
    seat = turn % len(view.seats)
    seats = list(view.seats)
    seats[seat] = replace(seats[seat], hand_size=100 + turn)
    melds = list(view.melds)
    at = turn % len(melds)
    melds[at] = replace(melds[at], number=1000 + turn)
    return replace(view, stock_size=1000 + turn, seats=tuple(seats), melds=tuple(melds))


def _drawn(view: PlayerView, turn: int) -> PlayerView:
    """``view`` after a (seeded) draw: a card replaced, raised as just drawn."""
    deck = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]
    card = random.Random(turn).choice(deck)
    hand = (*view.hand[:-1], card)
    return replace(view, hand=hand, drawn=card)


def _cases() -> dict[str, Compose]:
    theme, back = THEMES["classic"], BACKS["blue"]
    palette = functools.partial(to_palette, theme=theme)
    hand, rack = player_view(), player_view(tiles=True)
    table, tile_table = public_view(), public_view(tiles=True, players=4, melds=14)
    turns = count()
    return {
        "hand, 13 cards": lambda: compose_hand(hand, theme, "suit", None, "en", {0, 1, 2},
                                               palette),
        "hand, mapped whole": lambda: compose_hand(hand, theme, "suit", None, "en", {0, 1, 2}),
        "hand, changing": lambda: compose_hand(_drawn(hand, next(turns)), theme, "suit", None,
                                               "en", None, palette),
        "rack, 14 tiles": lambda: compose_hand(rack, theme, "suit", None, "en", None, palette),
        "table, 20 melds, 6 players": lambda: compose_table(table, theme, back, "en", 1,
                                                            palette),
        "table, mapped whole": lambda: compose_table(table, theme, back, "en", 1),
        "table, changing": lambda: compose_table(
            _after_turn(table, next(turns)), theme, back, "en", 1, palette
        ),
        "tile table, 14 sets": lambda: compose_table(tile_table, theme, back, "en", None,
                                                     palette),
        "score sheet, 4 rounds": lambda: compose_scores(table, theme, "en"),
        "leaderboard, 8 rows": lambda: compose_leaderboard(leaderboard(), "Top", theme, "en"),
    }


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("runs", nargs="?", type=int, default=300,
                        help="runs per picture (default 300)")
    parser.add_argument("--idle", type=float, default=0.0, metavar="MS",
                        help="wait MS milliseconds, untimed, before each run (default 0)")
    options = parser.parse_args(argv)
    runs, idle = options.runs, options.idle / 1000
    theme = THEMES["classic"]
    start = time.perf_counter()
    theme_palette(theme)
    print(f"palette of the theme (once per theme): {1000 * (time.perf_counter() - start):.0f} ms")
    print(
        f"{'picture':28} {'size':>9} {'cold':>6} | {'draw':>13} | {'encode':>13} | "
        f"{'total':>13} | {'wall':>6} | {'bytes':>7}"
    )
    print(
        f"{'':28} {'':>9} {'ms':>6} | {'median  p99':>13} | {'median  p99':>13} | "
        f"{'median  p99':>13} | {'median':>6} |"
    )
    for name, compose in _cases().items():
        start = time.perf_counter()
        image, _ = compose()
        encode(image, theme)
        cold = time.perf_counter() - start
        draws, encodes, totals, walls = [], [], [], []
        size = 0
        for _ in range(runs):
            if idle:
                time.sleep(idle)
            w0, t0 = time.perf_counter(), time.thread_time()
            image, _ = compose()
            t1 = time.thread_time()
            png = encode(image, theme)
            t2, w2 = time.thread_time(), time.perf_counter()
            draws.append(t1 - t0)
            encodes.append(t2 - t1)
            totals.append(t2 - t0)
            walls.append(w2 - w0)
            size = len(png)

        def cell(values: list[float]) -> str:
            return f"{1000 * statistics.median(values):6.2f} {1000 * _p99(values):6.2f}"

        dims = f"{image.width}×{image.height}"
        wall = 1000 * statistics.median(walls)
        print(
            f"{name:28} {dims:>9} {1000 * cold:6.1f} | {cell(draws)} | {cell(encodes)} | "
            f"{cell(totals)} | {wall:6.2f} | {size:7d}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
