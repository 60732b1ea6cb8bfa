"""``rummy-bot simulate``: computer players against each other, complete matches, figures.

    rummy-bot simulate --variant rami51 --levels hard,medium --matches 500 --seed 1

Plays whole matches with the engine and the computer players only (no store, no
Discord) and prints, for every player of ``--levels`` (in that order): matches won with
a 95% Wilson interval, average final score, rounds per match, and the time one decision
takes (wall clock median / p99, and the p99 in CPU time of the process, which a busy
machine does not inflate). The players change seats from one match to the next (match ``i``
seats the list rotated by ``i``) so that no level keeps the first seat. Match ``i`` is
seeded from ``--seed`` and ``i`` alone, so the figures do not depend on how many worker
processes share the matches (``--workers``, both cores by default).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import IllegalMove, RuleError
from engine.ai import LEVELS, Level, choose_action
from engine.game import Game
from engine.rules import RuleSet
from engine.variants import variant, variant_names
from engine.views import Phase

MAX_ACTIONS = 200_000  # a guard against a match that never ends


@dataclass(slots=True)
class MatchResult:
    """One match, seen per player of the ``--levels`` list (not per seat)."""

    winners: list[int]
    totals: list[int]
    rounds: int
    times: list[list[float]]  # decision seconds per player (wall clock)
    cpu: list[list[float]]  # the same decisions in CPU seconds of the process
    illegal: list[int]  # illegal actions chosen per player (expected 0)
    stopped: bool = False  # hit MAX_ACTIONS or a stuck player


@dataclass(slots=True)
class Summary:
    """The figures of many matches."""

    players: list[str]  # each player's level, by its code
    matches: int = 0
    wins: list[float] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)
    rounds: int = 0
    times: list[list[float]] = field(default_factory=list)
    cpu: list[list[float]] = field(default_factory=list)
    illegal: list[int] = field(default_factory=list)
    stopped: int = 0

    def __post_init__(self) -> None:
        n = len(self.players)
        self.wins = [0.0] * n
        self.totals = [0.0] * n
        self.times = [[] for _ in range(n)]
        self.cpu = [[] for _ in range(n)]
        self.illegal = [0] * n

    def add(self, result: MatchResult) -> None:
        self.matches += 1
        self.rounds += result.rounds
        self.stopped += result.stopped
        for player in result.winners:
            self.wins[player] += 1.0 / len(result.winners)
        for player, total in enumerate(result.totals):
            self.totals[player] += total
            self.illegal[player] += result.illegal[player]
        for player, times in enumerate(result.times):
            self.times[player].extend(times)
            self.cpu[player].extend(result.cpu[player])


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a run seeded ``seed`` (independent of the workers)."""
    return random.Random(f"rami-simulate:{seed}:{index}").getrandbits(48)


def play_match(rules: RuleSet, levels: Sequence[Level], seed: int, index: int) -> MatchResult:
    """Play match ``index`` to its end; players sit in ``levels`` order rotated by ``index``."""
    n = len(levels)
    shift = index % n
    seat_player = [(seat + shift) % n for seat in range(n)]  # seat -> player of the list
    seed_i = match_seed(seed, index)
    game = Game.new(rules, [f"{levels[p]}-{p + 1}" for p in seat_player], seed_i)
    rngs = [random.Random(seed_i * 8 + seat) for seat in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    illegal = [0] * n
    actions = 0
    stopped = False
    while True:
        phase = game.phase
        if phase is Phase.MATCH_OVER:
            break
        if phase is Phase.ROUND_OVER:
            game.start_next_round()
            continue
        seat = game.current
        player = seat_player[seat]
        view = game.view(seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = choose_action(view, rules, levels[player], rngs[seat])
        times[player].append(time.perf_counter() - start)
        cpu[player].append(time.process_time() - start_cpu)
        try:
            game.apply(seat, action)
        except IllegalMove:
            illegal[player] += 1
            try:
                game.apply(seat, choose_action(view, rules, Level.EASY, rngs[seat]))
            except IllegalMove:
                stopped = True
                break
        actions += 1
        if actions >= MAX_ACTIONS:
            stopped = True
            break
    public = game.public_view()
    totals = [0] * n
    for seat, total in enumerate(public.totals):
        totals[seat_player[seat]] = total
    winners: list[int] = []
    outcome = game.outcome()
    if outcome is not None and not stopped:
        winners = sorted(seat_player[seat] for seat in outcome.winners)
    return MatchResult(winners, totals, len(public.rounds), times, cpu, illegal, stopped)


def _worker(job: tuple[str, tuple[Level, ...], int, int]) -> MatchResult:
    name, levels, seed, index = job
    return play_match(variant(name), levels, seed, index)


def run(
    name: str, levels: Sequence[Level], matches: int, seed: int, workers: int
) -> Summary:
    """Play ``matches`` matches and sum them up (in ``workers`` processes)."""
    summary = Summary(list(levels))
    jobs = [(name, tuple(levels), seed, index) for index in range(matches)]
    if workers <= 1:
        for job in jobs:
            summary.add(_worker(job))
        return summary
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for result in pool.imap(_worker, jobs, chunksize=max(1, matches // (workers * 8))):
            summary.add(result)
    return summary


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, math.ceil(q * len(ordered)) - 1)
    return ordered[min(rank, len(ordered) - 1)]


def report(name: str, summary: Summary) -> str:
    """The figures as a text table (Markdown-friendly)."""
    lines = [
        f"variant {name}: {summary.matches} matches, "
        f"{summary.rounds / max(1, summary.matches):.2f} rounds per match"
        + (f", {summary.stopped} stopped" if summary.stopped else ""),
        "| player | level | wins | win % [95% CI] | avg score | decision median / p99 (ms)"
        " | CPU p99 (ms) | illegal |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for player, level in enumerate(summary.players):
        wins = summary.wins[player]
        low, high = wilson(wins, summary.matches)
        rate = wins / max(1, summary.matches)
        times = summary.times[player]
        median = statistics.median(times) * 1000 if times else 0.0
        p99 = percentile(times, 0.99) * 1000
        lines.append(
            f"| {player + 1} | {level} | {wins:g} | {rate:.1%} [{low:.1%}, {high:.1%}] | "
            f"{summary.totals[player] / max(1, summary.matches):.1f} | "
            f"{median:.2f} / {p99:.2f} | {percentile(summary.cpu[player], 0.99) * 1000:.2f} | "
            f"{summary.illegal[player]} |"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-bot simulate",
        description="Computer players against each other: complete seeded matches, then "
        "per player the matches won (95% Wilson interval), the average final score, "
        "rounds per match and decision times. Exit status 1 if a player chose an illegal "
        "action or a match got stuck.")
    parser.add_argument("--variant", default="classic", metavar="NAME",
                        help=f"the rules: {', '.join(variant_names())} (default: %(default)s)")
    parser.add_argument("--levels", default="hard,medium", metavar="L1,L2[,…]",
                        help=f"one level per seat, comma separated ({', '.join(LEVELS)}); "
                        "their number is the number of players (default: %(default)s)")
    # `play --players` is a count: here a count would not say the levels, so it is refused
    # with the option to use instead (see main).
    parser.add_argument("--players", help=argparse.SUPPRESS)
    parser.add_argument("--matches", type=int, default=100, metavar="N",
                        help="complete matches to play, at least 1 (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, metavar="N",
                        help="match i is seeded from this number and i alone "
                        "(default: %(default)s)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1),
                        metavar="N", help="processes sharing the matches; the figures do "
                        "not depend on it (default: %(default)s, the cores up to 2)")
    return parser


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    """Run the simulator from command-line arguments; returns the exit status."""
    args = parse_args(argv)
    if args.players is not None:
        print(f"--players: give one level per seat instead, with --levels (for example "
              f"--levels hard,easy); levels: {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    named = [level.strip().lower() for level in args.levels.split(",") if level.strip()]
    bad = [level for level in named if level not in LEVELS]
    if bad or len(named) < 2:
        print(f"--levels: give 2 or more of {', '.join(LEVELS)}, comma separated "
              f"(for example --levels hard,easy)", file=sys.stderr)
        return 2
    try:
        rules = variant(args.variant)
        rules.hand_size(len(named))
    except RuleError as error:
        print(error.message("en"), file=sys.stderr)
        return 2
    if args.matches < 1:
        print("--matches must be at least 1", file=sys.stderr)
        return 2
    start = time.perf_counter()
    levels = [Level(level) for level in named]
    summary = run(rules.name, levels, args.matches, args.seed, max(1, args.workers))
    print(report(rules.name, summary))
    print(f"({time.perf_counter() - start:.1f} s, {max(1, args.workers)} workers)")
    return 0 if summary.stopped == 0 and sum(summary.illegal) == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
