"""Decision time of the computer players, per variant and level (run on purpose, not in CI).

    .venv/bin/python bench/ai_bench.py [matches]

Plays a few seeded heads-up matches of each level against itself in one process and
prints the median, p99 and worst time of one decision. Goals: p99 under 20 ms for the
card variants, under 100 ms for tiles.
"""

from __future__ import annotations

import argparse
import statistics

from bot.simulator.simulate import percentile, play_match
from engine.ai import LEVELS
from engine.variants import variant, variant_names


def main(matches: int) -> None:
    print("| variant | level | decisions | median ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for name in variant_names():
        rules = variant(name)
        if rules.target:
            rules = rules.with_overrides(target=max(1, rules.target // 4))
        for level in LEVELS:
            times: list[float] = []
            for index in range(matches):
                result = play_match(rules, [level, level], 99, index)
                times += result.times[0] + result.times[1]
            print(
                f"| {name} | {level} | {len(times)} | {statistics.median(times) * 1000:.2f} | "
                f"{percentile(times, 0.99) * 1000:.2f} | {max(times) * 1000:.2f} |"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", nargs="?", type=int, default=3,
                        help="seeded heads-up matches per variant and level (default 3)")
    main(parser.parse_args().matches)
