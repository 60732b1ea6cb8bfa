"""Many games at once through the fake Discord: reply latency, CPU per interaction, memory
per game, and (``--soak``) whether memory grows.

The bot runs as its own process (``bench/bot_process.py``: ``python -m bot`` pointed at
the fake Discord by ``DISCORD_API_BASE`` / ``DISCORD_GATEWAY_URL``), the fake Discord and
the players in this one. Each game has two humans and ``--computers`` computer players;
a human plays when the bot mentions them: ``/rummy draw``, then ``/rummy discard`` of the
card drawn (every other turn through the hand message's buttons and menu instead), and
clicks Next round or New match when the bot offers them. The games play for ``--minutes``,
then end. Latency is measured by the fake Discord, from sending an interaction to
receiving the bot's answer to it (the request's arrival, before the fake reads its form
and checks it against Discord's description: its own work, not the bot's); CPU is the
bot process's (painters included) over the play, divided by the interactions answered.

    .venv/bin/python bench/bot_bench.py                  # 200 games for 1 minute
    .venv/bin/python bench/bot_bench.py --load           # 200 games for 10 minutes
    .venv/bin/python bench/bot_bench.py --soak           # 30 minutes, memory traced
    .venv/bin/python bench/bot_bench.py --games 20 --minutes 0.5  # a quick look
    METRICS_PORT=19464 .venv/bin/python bench/bot_bench.py --games 20 --minutes 1
                                             # with /metrics, scraped every 5 s
    .venv/bin/python bench/bot_bench.py --games 20 --pictures-once
                                             # every picture drawn once (bot_process.py)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from bot.discord_app.fake import FakeDiscord, Interaction, Message, User

ROOT = Path(__file__).resolve().parent.parent
DREW = re.compile(r"You drew (\S+)\.")
EMOJI = re.compile(r"<:r_c(?P<code>[A-Za-z0-9]+?)(?:_[a-z]{2})?_[0-9a-f]{6}:\d+>")  # a card's
COMPUTER_BUTTONS = ("rami:lobby:aieasy:", "rami:lobby:ai:", "rami:lobby:aihard:")
UNANSWERED = "(no answer in 10 s)"
GLOBAL_LIMIT = 50  # Discord's requests per second per bot, on all but interactions' routes


class Game:
    """One channel's game, driven by its two humans until ``deadline``."""

    def __init__(self, fake: FakeDiscord, channel: int, options: argparse.Namespace,
                 deadline: float, record: list[tuple[str, float]]) -> None:
        self.fake, self.channel, self.options = fake, channel, options
        self.deadline, self.record = deadline, record
        self.rng = random.Random(channel)
        tag = channel % 10_000
        self.humans = [fake.add_user(f"p{tag}a"), fake.add_user(f"p{tag}b")]
        self.events: asyncio.Queue[Message] = asyncio.Queue()
        self.recent: deque[Interaction] = deque()

    def seen(self, message: Message) -> None:
        if message.channel_id == self.channel:
            self.events.put_nowait(message)

    def answered(self, it: Interaction) -> Interaction:
        """Count the interaction; forget the older ones (the bot edits only each player's
        latest hand message, and a long run must not keep every message it sent)."""
        if it.responded_at is not None and time.monotonic() < self.deadline:
            self.record.append((it.label, (it.responded_at - it.sent_at) * 1000))
        self.recent.append(it)
        if len(self.recent) > 12:
            self.fake.forget(self.recent.popleft())
        return it

    async def run(self) -> None:
        try:
            await self.open()
        except TimeoutError:  # the game may not have started: its channel stays quiet
            self.timed_out()
        while (left := self.deadline - time.monotonic()) > 0:
            try:
                message = await asyncio.wait_for(self.events.get(), min(left, 120))
            except TimeoutError:
                continue
            try:
                await self.react(message)
            except TimeoutError:  # the next reminder or button goes on with the game
                self.timed_out()
        with contextlib.suppress(TimeoutError):
            self.answered(await self.fake.slash(self.humans[0], self.channel, "rummy end"))

    def timed_out(self) -> None:
        """The bot did not answer within the fake's 10 s: counted as a 10 s reply."""
        if time.monotonic() < self.deadline:
            self.record.append((UNANSWERED, 10_000.0))

    async def open(self) -> None:
        fake, channel = self.fake, self.channel
        alice, bob = self.humans
        # The games open over a few seconds, as people arrive (all at once without think).
        await asyncio.sleep(self.rng.uniform(0, 5 * self.options.think))
        lobby = self.answered(await fake.slash(alice, channel, "rummy new", variant="rami51",
                                               target=self.options.target)).reply
        await self.pause()
        self.answered(await fake.click(bob, lobby, "rami:lobby:join:"))
        for number in range(self.options.computers):
            await self.pause()
            button = COMPUTER_BUTTONS[number % len(COMPUTER_BUTTONS)]
            self.answered(await fake.click(alice, lobby, button))
        await self.pause()
        self.answered(await fake.click(alice, lobby, "rami:lobby:start:"))

    async def react(self, message: Message) -> None:
        ids = message.custom_ids()
        for button in ("rami:table:next:", "rami:table:rematch:"):
            if any(c.startswith(button) for c in ids):
                await self.pause()
                self.answered(await self.fake.click(self.humans[0], message, button))
                return
        for user in self.humans:
            if message.content.startswith(f"<@{user.id}>"):
                await self.turn(user)

    async def pause(self) -> None:
        """A person's reaction time: uniform around ``think`` seconds."""
        if self.options.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.options.think)

    async def turn(self, user: User) -> None:
        fake, channel = self.fake, self.channel
        await self.pause()
        if self.rng.random() < 0.5:
            drew = self.answered(await fake.slash(user, channel, "rummy draw", source="stock"))
            card = _drawn(drew)
            if card is not None:
                await self.pause()
                self.answered(await fake.slash(user, channel, "rummy discard", card=card))
            return
        hand = self.answered(await fake.slash(user, channel, "rummy hand"))
        await self.pause()
        drew = self.answered(await fake.click(user, hand.reply, "rami:hand:draw:"))
        card = _drawn(drew)
        if card is None:
            return
        message = drew.reply
        values = _options_of(message, card)
        await self.pause()
        self.answered(await fake.select(user, message, "rami:pick:a:", values[:1]))
        self.answered(await fake.click(user, message, "rami:hand:discard:"))


def _drawn(it: Interaction) -> str | None:
    """The card the answer says was drawn: its code (``Qs``) when it shows as its emoji,
    else as written (``Q♠``); None when it says no card was drawn."""
    found = DREW.search(it.reply.text())
    if found is None:
        return None
    emoji = EMOJI.fullmatch(found[1])  # the card as its emoji: its code reads in English
    return emoji["code"] if emoji else found[1]


def _options_of(message: Message, card: str) -> list[str]:
    """The hand menu's options that are ``card``: an option's label is the card as the
    player reads it (``3. Q♠``), its value the card's code (``3:Qs``). A card found
    nowhere stops the benchmark (its players would wait for a turn that never comes, and
    the figures would be of games stalled after their first turn)."""
    options = message.component("rami:pick:a:")["options"]
    values = [o["value"] for o in options
              if o["label"].endswith(" " + card) or o["value"].endswith(":" + card)]
    if not values:
        labels = [o["label"] for o in options]
        raise RuntimeError(f"the card drawn, {card!r}, is not in the hand's menu: {labels}")
    return values


# ---------------------------------------------------------------------- the bot process
async def start_bot(fake: FakeDiscord, db: Path, options: argparse.Namespace,
                    trace_dir: Path | None) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DISCORD_DEV_GUILD": str(fake.guild_id),
        "RAMI_DB_PATH": str(db),
        "RAMI_AI_DELAY": str(options.ai_delay),
        "LOG_LEVEL": "WARNING",
    }
    root = options.bot_root or ROOT
    if options.bot_root:  # another checkout's bot, watched by this one's bench
        env["PYTHONPATH"] = str(options.bot_root)
    command = [sys.executable, str(ROOT / "bench" / "bot_process.py")]
    if options.profile:
        command += ["--profile", options.profile]
    if options.sample:
        command += ["--sample", options.sample]
    if options.count:
        command += ["--count", options.count]
    if options.pictures_once:
        command += ["--pictures-once"]
    if trace_dir is not None:
        command += ["--trace-dir", str(trace_dir)]
    process = subprocess.Popen(command, cwd=root, env=env, stdin=subprocess.DEVNULL)
    try:
        await fake.wait_for(lambda: fake.guild_commands and fake.identifies, timeout=60)
        probe = fake.add_user("probe")
        await fake.slash(probe, fake.channels[0], "rummy rules")
        await quiet(process.pid)  # the start-up's warm-up done: what follows is the games'
    except BaseException:
        process.kill()
        raise
    return process


async def quiet(pid: int, timeout: float = 60.0) -> None:
    """Wait until the process uses (almost) no CPU for a second."""
    deadline = time.monotonic() + timeout
    before = cpu_seconds(pid)
    while time.monotonic() < deadline:
        await asyncio.sleep(1.0)
        now = cpu_seconds(pid)
        if now - before < 0.05:
            return
        before = now


def _family(pid: int) -> list[tuple[int, list[str], Path]]:
    """The process and its descendants (Linux /proc): pid, stat fields, /proc folder."""
    stats: dict[int, tuple[int, list[str], Path]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(entry.name)] = (int(fields[1]), fields, entry)
    family = {pid}
    changed = True
    while changed:
        changed = False
        for child, (parent, _, _) in stats.items():
            if parent in family and child not in family:
                family.add(child)
                changed = True
    return [(member, stats[member][1], stats[member][2]) for member in family
            if member in stats]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of a process and its descendants (the painters)."""
    ticks = os.sysconf("SC_CLK_TCK")
    return sum((int(f[11]) + int(f[12])) / ticks for _, f, _ in _family(pid))


def rss_mib(pid: int) -> float:
    """Resident memory of a process and its descendants, in MiB."""
    total = 0
    for _, _, folder in _family(pid):
        try:
            for line in (folder / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


async def snapshot_memory(pid: int, folder: Path, number: int) -> tracemalloc.Snapshot:
    """Ask the bot for a tracemalloc snapshot (SIGUSR1) and read it."""
    os.kill(pid, signal.SIGUSR1)
    done = folder / f"snapshot-{number}.done"
    while not done.exists():
        await asyncio.sleep(0.2)
    return tracemalloc.Snapshot.load(str(folder / f"snapshot-{number}.trace"))


# ---------------------------------------------------------------------- the run
def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def watch(pid: int, options: argparse.Namespace, started: float, deadline: float,
                folder: Path, rss: list[float], snapshots: list[tuple[float, int]]) -> None:
    """Sample the bot's memory every 10 s; with ``--soak``, take tracemalloc snapshots
    from a sixth of the run on (before that, the games are still opening)."""
    every = options.minutes * 60 / 6
    next_snapshot = started + every
    while time.monotonic() < deadline:
        await asyncio.sleep(min(10.0, max(0.1, deadline - time.monotonic())))
        rss.append(rss_mib(pid))
        if options.soak and time.monotonic() >= next_snapshot:
            number = len(snapshots) + 1
            taken = await snapshot_memory(pid, folder, number)
            snapshots.append((time.monotonic() - started,
                              sum(stat.size for stat in taken.statistics("filename"))))
            # Only the first and the latest are compared: the others need no disk.
            (folder / f"snapshot-{number}.trace").rename(folder / f"kept-{number}.trace")
            if number > 2:
                (folder / f"kept-{number - 1}.trace").unlink()
            next_snapshot += every


SCRAPE_EVERY = 5.0  # seconds; Prometheus' default is 15 s, a busy setup scrapes more often


async def scrape(port: int) -> None:
    """GET /metrics every :data:`SCRAPE_EVERY` seconds until cancelled."""
    async with aiohttp.ClientSession() as session:
        while True:
            await asyncio.sleep(SCRAPE_EVERY)
            with contextlib.suppress(aiohttp.ClientError):
                async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                    await response.read()


@dataclass
class Figures:
    """One run's figures, for ``ratio_bench.py`` to set side by side."""

    interactions: int
    elapsed: float  # seconds of play
    cpu_ms: float  # the bot's CPU per interaction
    p50: float  # reply latency, ms
    p99: float
    requests: Counter[str]  # by kind (``fake.rest.request_kind``), the answers included
    request_bytes: Counter[str]
    limited: int  # requests the global limit applies to (every route but interactions')
    refused: int  # of them answered with a global 429 (then retried by discord.py)

    @property
    def limited_per_interaction(self) -> float:
        return self.limited / self.interactions


def figures(record: list[tuple[str, float]], elapsed: float, cpu: float,
            requests: Counter[str], request_bytes: Counter[str], limited: int,
            refused: int) -> Figures:
    latencies = [ms for _, ms in record]
    return Figures(len(record), elapsed, cpu / len(record) * 1000,
                   statistics.median(latencies), percentile(latencies, 99), requests,
                   request_bytes, limited, refused)


def print_limit(result: Figures) -> None:
    """The requests that count against Discord's global limit, and what a token serves."""
    per = result.limited_per_interaction
    print(f"global-limit requests  {per:.2f} per interaction (channel routes, DMs: all but "
          f"interaction answers); {result.refused} refused with a global 429")
    print(f"one token serves       {GLOBAL_LIMIT / per if per else float('inf'):.0f} "
          f"interactions per second at most (Discord's {GLOBAL_LIMIT} requests/s ÷ {per:.2f})")


async def main(options: argparse.Namespace) -> Figures:
    fake = FakeDiscord(channel_count=options.games, retain=False,
                       global_limit=options.global_limit or None)
    await fake.start()
    record: list[tuple[str, float]] = []
    rss: list[float] = []
    snapshots: list[tuple[float, int]] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        bot = await start_bot(fake, folder / "bench.sqlite3", options,
                              folder if options.soak else None)
        # METRICS_PORT set: /metrics scraped every SCRAPE_EVERY seconds, as Prometheus would
        # (its cost counted in the bot's).
        port = os.environ.get("METRICS_PORT")
        scraping = asyncio.create_task(scrape(int(port))) if port else None
        try:
            base_rss = rss_mib(bot.pid)
            started = time.monotonic()
            deadline = started + options.minutes * 60
            games = [Game(fake, channel, options, deadline, record) for channel in fake.channels]
            for game in games:
                fake.listeners.append(game.seen)
                fake.followup_listeners.append(game.seen)  # pings and results
            bot.send_signal(signal.SIGUSR2)  # the play starts: the bot's counts from here
            cpu, own = cpu_seconds(bot.pid), time.process_time()
            limited, refused = fake.rest.global_requests, fake.rest.global_refused
            before, bytes_before = fake.rest.requests.copy(), fake.rest.request_bytes.copy()
            watcher = asyncio.create_task(
                watch(bot.pid, options, started, deadline, folder, rss, snapshots))
            players = asyncio.gather(*(game.run() for game in games))
            await asyncio.wait_for(watcher, options.minutes * 60 + 120)
            cpu, own = cpu_seconds(bot.pid) - cpu, time.process_time() - own
            elapsed = time.monotonic() - started
            limited = fake.rest.global_requests - limited
            refused = fake.rest.global_refused - refused
            requests = fake.rest.requests - before  # the play's (the start-up's left out)
            sizes = fake.rest.request_bytes - bytes_before
            await asyncio.wait_for(players, 180)
            growth = _growth(folder, len(snapshots)) if len(snapshots) >= 2 else []
        finally:
            if scraping is not None:
                scraping.cancel()
            bot.send_signal(signal.SIGINT)  # a clean stop (and the profile is written)
            try:
                # Waited for in a thread: the fake Discord (this loop) goes on answering
                # the bot's last requests while it stops, as Discord would.
                await asyncio.to_thread(bot.wait, 30)
            except subprocess.TimeoutExpired:
                bot.kill()
            await fake.stop()
    result = figures(record, elapsed, cpu, requests, sizes, limited, refused)
    report(options, record, elapsed, cpu, own, base_rss, rss, snapshots, growth, fake,
           requests, sizes)
    print_limit(result)
    if options.count:
        report_counts(Path(options.count), len(record))
    return result


def report_counts(path: Path, interactions: int) -> None:
    """What the bot counted (``--count``), per interaction: its store's write
    transactions (in all and by kind), the games it wrote and read. Counted from the
    play's start (the SIGUSR2 sent as the players begin) to the bot's stop."""
    counts = dict(line.rsplit(" ", 1) for line in path.read_text().splitlines() if line)
    if interactions == 0 or "store writes" not in counts:
        return
    print(f"store writes           {int(counts['store writes']) / interactions:.2f} per "
          f"interaction (write transactions); by kind:")
    kinds = sorted(((int(n), name.removeprefix("store write ")) for name, n in counts.items()
                    if name.startswith("store write ")), reverse=True)
    for number, name in kinds:
        print(f"  {name:<20} {number / interactions:5.2f}")
    for name in ("Game.to_json", "Game.from_json"):
        if name in counts:
            print(f"{name:<22} {int(counts[name]) / interactions:.2f} per interaction")


def _growth(folder: Path, count: int) -> list[str]:
    """The five places whose memory grew most from the first snapshot to the last."""
    first = tracemalloc.Snapshot.load(str(folder / "kept-1.trace"))
    last = tracemalloc.Snapshot.load(str(folder / f"kept-{count}.trace"))
    return [str(stat) for stat in last.compare_to(first, "lineno")[:5]]


def report(options: argparse.Namespace, record: list[tuple[str, float]], elapsed: float,
           cpu: float, own: float, base_rss: float, rss: list[float],
           snapshots: list[tuple[float, int]], growth: list[str], fake: FakeDiscord,
           requests: Counter[str], sizes: Counter[str]) -> None:
    """The run's figures; ``requests`` and ``sizes``: the play's requests to Discord and
    their bytes by kind (the start-up's, as the emojis uploaded, left out)."""
    latencies = [ms for _, ms in record]
    print(f"games in parallel      {options.games} (2 humans, {options.computers} computer "
          f"players; think {options.think} s, computer delay {options.ai_delay} s)")
    print(f"interactions           {len(record)} in {elapsed:.0f} s "
          f"({len(record) / elapsed:.0f} per second)")
    print(f"reply latency median   {statistics.median(latencies):.1f} ms")
    print(f"reply latency p99      {percentile(latencies, 99):.1f} ms")
    print(f"reply latency max      {max(latencies):.1f} ms")
    print(f"bot CPU                {cpu:.1f} s ({cpu / len(record) * 1000:.2f} ms per "
          "interaction; painters, computer turns and channel updates included)")
    print(f"fake Discord CPU       {own:.1f} s (this process: the fake and the players)")
    print(f"machine load average   {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    peak = max(rss) if rss else base_rss
    print(f"bot memory (RSS)       {base_rss:.0f} MiB idle, {peak:.0f} MiB at most; "
          f"{(peak - base_rss) * 1024 / options.games:.0f} KiB per game")
    for at, size in snapshots:
        print(f"  traced at {at / 60:5.1f} min  {size / 1024:9.0f} KiB "
              f"({size / 1024 / options.games:.0f} KiB per game)")
    if len(snapshots) >= 2:
        first, last = snapshots[0][1], snapshots[-1][1]
        print(f"traced growth          {(last - first) / 1024:+.0f} KiB from "
              f"{snapshots[0][0] / 60:.1f} to {snapshots[-1][0] / 60:.1f} min "
              f"({(last - first) / first * 100:+.1f}%); most grown:")
        for line in growth:
            print(f"  {line}")
    print(f"unknown routes         {len(fake.unknown_routes)}")
    print(f"requests unlike spec   {len(fake.spec_violations)}"
          + "".join(f"\n  {v}" for v in fake.spec_violations[:5]))
    print_requests(requests, sizes, len(record))  # the play's (as the floor's)
    by_label: dict[str, list[float]] = {}
    for label, ms in record:
        by_label.setdefault(label, []).append(ms)
    print("by interaction         count  median    p99")
    for label, values in sorted(by_label.items()):
        print(f"  {label:<20} {len(values):>6} {statistics.median(values):>7.1f} "
              f"{percentile(values, 99):>6.1f}")


def print_requests(requests: Counter[str], sizes: Counter[str], interactions: int) -> None:
    """The requests the bot sent to Discord (as the fake counted them, by kind, with their
    bytes), per interaction."""
    print(f"requests to Discord    {sum(requests.values())} "
          f"({sum(requests.values()) / interactions:.2f} per interaction, the answers "
          "included); per interaction:")
    for kind, count in requests.most_common():
        print(f"  {kind:<20} {count / interactions:5.2f}  "
              f"{sizes[kind] / count / 1024:6.1f} KiB each")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """This benchmark's options (``ratio_bench.py`` takes them too)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--computers", type=int, default=2, help="computer players per game")
    parser.add_argument("--minutes", type=float,
                        help="how long the games play (default 1; 10 with --load, 30 with "
                        "--soak)")
    parser.add_argument("--load", action="store_true",
                        help="the load run of issue 15: the games play for 10 minutes")
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds a human waits before each action (0: as fast as "
                        "the bot answers)")
    parser.add_argument("--ai-delay", type=float, default=1.0,
                        help="seconds a computer player waits before each action")
    parser.add_argument("--target", type=int, default=100,
                        help="the match target (rami51: the score that loses)")
    parser.add_argument("--soak", action="store_true",
                        help="the soak run: 30 minutes, the bot's memory traced "
                        "(tracemalloc; slower), snapshots taken every sixth of the run "
                        "from the first sixth on compared")
    parser.add_argument("--global-limit", type=int, default=GLOBAL_LIMIT,
                        help="Discord's global limit the fake enforces, requests per second "
                        "(0: none)")
    parser.add_argument("--profile", metavar="FILE",
                        help="write a cProfile of the bot's event loop (its CPU time) here")
    parser.add_argument("--bot-root", metavar="DIR", type=Path,
                        help="run the bot of another checkout of Rami (an export of an "
                        "earlier commit, to compare before and after)")
    parser.add_argument("--count", metavar="FILE",
                        help="write how many pictures the bot drew and how many times it "
                        "wrote or read a game here")
    parser.add_argument("--sample", metavar="FILE",
                        help="sample the bot's busy threads instead and write where they "
                        "spent their time here (little overhead)")
    parser.add_argument("--pictures-once", action="store_true",
                        help="draw each kind of picture once and send those bytes ever "
                        "after (every upload made): the bot's cost apart from drawing them")
    arguments = parser.parse_args(argv)
    if arguments.minutes is None:
        arguments.minutes = 30.0 if arguments.soak else 10.0 if arguments.load else 1.0
    return arguments


if __name__ == "__main__":
    asyncio.run(main(parse()))
