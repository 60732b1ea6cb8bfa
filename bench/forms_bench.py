"""Building the settings' forms (run on purpose, not in CI).

    .venv/bin/python bench/forms_bench.py [rounds]

Builds every topic's form and every variant's rule forms, in English and French, and
prints the median and worst time of one form and the size of its JSON (a button's answer
builds one form: it must stay far below Discord's 3 seconds, goal under 5 ms).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import bot  # noqa: F401  (the interfaces' catalog)
from bot.discord_app.settings import forms
from data import GuildSettings
from engine import variant
from engine.variants import variant_names


def main(rounds: int) -> None:
    settings = GuildSettings(allowed_channels=frozenset(range(1, 20)))
    times: list[float] = []
    sizes: list[int] = []
    for _ in range(rounds):
        for lang in ("en", "fr"):
            for topic in forms.topics():
                started = time.perf_counter()
                built = forms.setting_forms(topic, settings, lang)
                times.append((time.perf_counter() - started) / len(built))
                sizes += [len(json.dumps(f.to_dict())) for f in built]
            for name in variant_names():
                rules = variant(name)
                started = time.perf_counter()
                built = forms.rule_forms(name, rules, rules, lang)
                times.append((time.perf_counter() - started) / len(built))
                sizes += [len(json.dumps(f.to_dict())) for f in built]
    print("| forms built | median ms per form | max ms | median bytes | max bytes |")
    print("|---|---|---|---|---|")
    print(f"| {len(sizes)} | {statistics.median(times) * 1000:.2f} | {max(times) * 1000:.2f}"
          f" | {statistics.median(sizes):.0f} | {max(sizes)} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rounds", nargs="?", type=int, default=20)
    main(parser.parse_args().rounds)
