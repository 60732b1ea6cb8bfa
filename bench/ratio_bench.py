"""Rami against its floor, from one invocation: CPU per interaction, reply p50/p99 and
the requests that count against Discord's global limit, each side and their ratio.

Runs ``bot_bench.py`` (Rami as its own process against the fake Discord) and
``floor_bench.py`` (``floor_bot.py``: discord.py alone doing Rami's traffic) alternated,
``--rounds`` times each, on this one machine: Rami first, then the floor given the load
Rami just had — as many interactions per second (its players' ``--think`` set so), the
channel requests per interaction Rami sent (table edits, sends, deletes, hand refreshes)
and the sizes of Rami's pictures. The fake Discord enforces Discord's global limit
(``--global-limit``, 50 requests per second) in both. Each run's own report is printed
with ``--verbose``.

    .venv/bin/python bench/ratio_bench.py                       # 20 games, 2 rounds of 1 min
    .venv/bin/python bench/ratio_bench.py --games 200 --minutes 2
    .venv/bin/python bench/ratio_bench.py --bot-root /tmp/before  # another checkout's Rami
    .venv/bin/python bench/ratio_bench.py --pictures-once  # Rami apart from its pictures

``--pictures-once`` has Rami draw each kind of picture once and send those bytes ever after
(``bot_process.py --pictures-once``: samples of about the game's sizes, every upload still
made, the floor given their sizes as ever): the ratio of Rami's work apart from drawing
its pictures.

``--bot-root`` runs another checkout's bot (``bot_bench.py --bot-root``) against this
checkout's floor: an earlier commit's ratio measured against the same floor, for a before
and after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import statistics
from collections import Counter
from pathlib import Path

import bot_bench
import floor_bench
from bot_bench import GLOBAL_LIMIT, Figures

FLOOR_KINDS = ("edit", "send", "delete", "webhook_edit", "followup",
               "webhook_delete")  # floor_bot.KINDS


def floor_options(options: argparse.Namespace, rami: Figures) -> argparse.Namespace:
    """The floor's options for the load ``rami`` had: the same interactions per second
    (one player per channel, each acting about once per ``think``), Rami's channel
    requests per interaction and its pictures' sizes."""
    rate = rami.interactions / rami.elapsed
    mix = ",".join(f"{rami.requests[kind] / rami.interactions:.3f}" for kind in FLOOR_KINDS)

    def kib(kind: str) -> float:
        count = rami.requests[kind]
        return rami.request_bytes[kind] / count / 1024 if count else 0.0

    return floor_bench.parse([
        "--games", str(options.games), "--minutes", str(options.minutes),
        "--think", f"{options.games / rate:.3f}", "--mix", mix,
        "--sizes", f"{kib('callback'):.1f},{kib('edit'):.1f}",
        "--global-limit", str(options.global_limit)])


async def run(label: str, bench: object, options: argparse.Namespace,
              verbose: bool) -> Figures:
    output = io.StringIO()
    with contextlib.redirect_stdout(output) if not verbose else contextlib.nullcontext():
        result: Figures = await bench.main(options)  # type: ignore[attr-defined]
    print(f"  {label:<6} {result.interactions:>6} in {result.elapsed:4.0f} s  "
          f"CPU {result.cpu_ms:6.2f} ms  p50 {result.p50:6.1f}  p99 {result.p99:6.1f} ms  "
          f"global-limit {result.limited_per_interaction:4.2f}/interaction "
          f"({result.refused} refused)", flush=True)
    return result


def line(name: str, rami: list[float], floor: list[float], unit: str) -> None:
    r, f = statistics.median(rami), statistics.median(floor)
    print(f"{name:<24} {r:8.2f} {f:8.2f} {unit:<4} {r / f if f else float('inf'):6.2f}×")


async def main(options: argparse.Namespace) -> None:
    rami_options = bot_bench.parse([
        "--games", str(options.games), "--minutes", str(options.minutes),
        "--computers", str(options.computers), "--global-limit", str(options.global_limit),
        *(["--bot-root", str(options.bot_root)] if options.bot_root else []),
        *(["--pictures-once"] if options.pictures_once else [])])
    print(f"{options.games} games, {options.rounds} rounds of {options.minutes} min each side, "
          f"alternated; Discord's global limit {options.global_limit or 'off'} requests/s"
          + (f"; Rami from {options.bot_root}" if options.bot_root else "")
          + ("; Rami's pictures drawn once" if options.pictures_once else ""))
    rami: list[Figures] = []
    floor: list[Figures] = []
    for _ in range(options.rounds):
        rami.append(await run("Rami", bot_bench, rami_options, options.verbose))
        floor.append(await run("floor", floor_bench, floor_options(options, rami[-1]),
                               options.verbose))
    print(f"{'median of the rounds':<24} {'Rami':>8} {'floor':>8} {'':<4} {'ratio':>7}")
    line("CPU per interaction", [r.cpu_ms for r in rami], [f.cpu_ms for f in floor], "ms")
    line("reply p50", [r.p50 for r in rami], [f.p50 for f in floor], "ms")
    line("reply p99", [r.p99 for r in rami], [f.p99 for f in floor], "ms")
    line("interactions per second", [r.interactions / r.elapsed for r in rami],
         [f.interactions / f.elapsed for f in floor], "")
    per = statistics.median(r.limited_per_interaction for r in rami)
    print(f"Rami's global-limit requests {per:.2f} per interaction (all but interaction "
          f"answers, follow-ups, webhook): one token serves at most "
          f"{GLOBAL_LIMIT / per if per else float('inf'):.0f} interactions per second "
          f"({GLOBAL_LIMIT} ÷ {per:.2f})")
    kinds = sum((r.requests for r in rami), start=Counter[str]())
    total = sum(r.interactions for r in rami)
    print("Rami's requests per interaction: " + ", ".join(
        f"{kind} {count / total:.2f}" for kind, count in kinds.most_common()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--computers", type=int, default=2, help="computer players per game")
    parser.add_argument("--minutes", type=float, default=1.0, help="of each run")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each side")
    parser.add_argument("--global-limit", type=int, default=GLOBAL_LIMIT,
                        help="Discord's global limit the fake enforces, requests per second "
                        "(0: none)")
    parser.add_argument("--verbose", action="store_true", help="print each run's report")
    parser.add_argument("--bot-root", metavar="DIR", type=Path,
                        help="run another checkout's bot against this one's floor")
    parser.add_argument("--pictures-once", action="store_true",
                        help="Rami's pictures drawn once and sent again (every upload "
                        "made): Rami apart from drawing its pictures, against the floor")
    asyncio.run(main(parser.parse_args()))
