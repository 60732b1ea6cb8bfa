"""``rummy-bot try``: the Discord side of Rami without Discord, played from the terminal.

    rummy-bot try [--lang en|fr] [--members 2|3] [--seed N] [--pictures DIR] [--log FILE]
                  [--db FILE]

A fake Discord (``bot.discord_app.fake``) listens on 127.0.0.1 and the real bot connects
to it, as it connects to Discord; the person then acts as two or three members of its
server (:class:`~bot.discord_app.tryout.console.Console`): what they read is what
Discord's players would get, as text. The games are saved in a temporary file, deleted at
the end, unless ``--db`` names one; the bot's log goes to a file, so that it does not
cover the game. The event loop (the fake and the bot) runs in a thread of its own while
this thread reads the lines, so that line editing, Ctrl-C and the end of the input behave
as in any terminal program: each leaves cleanly, the bot and the fake stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import sys
import tempfile
import threading
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TextIO, TypeVar

from bot.discord_app import on_fake
from bot.discord_app.client import RamiBot
from bot.discord_app.fake import MANAGE_GUILD, MEMBER_PERMISSIONS, FakeDiscord, User
from bot.discord_app.tryout.console import Console
from bot.discord_app.tryout.show import shown_path
from bot.logs import setup_logging
from bot.terminal import editing
from engine.i18n import languages, t

T = TypeVar("T")
FOLDER = Path("data") / "try"
START_TIMEOUT = 60.0  # seconds the fake and the bot may take to start
STOP_TIMEOUT = 20.0
LOCALES = {"en": "en-US", "fr": "fr"}  # Discord's locale of each language's players


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-bot try",
        description="Try the Discord bot without Discord: a fake Discord on 127.0.0.1 with "
        "the real bot connected to it, played from this terminal as two or three members "
        "of its server (slash commands, buttons and menus by number, every member's "
        "private messages). No token, no application needed.",
        epilog="In the game, ? lists what can be typed.")
    parser.add_argument("--lang", default="en", choices=languages(),
                        help="the members' language: this terminal's texts and the "
                        "bot's (default: %(default)s)")
    parser.add_argument("--members", type=int, default=2, choices=(2, 3),
                        help="how many members the person plays (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="deal the matches from this number: the same number, the "
                        "same games (default: a random one)")
    parser.add_argument("--pictures", type=Path, default=FOLDER / "pictures", metavar="DIR",
                        help="where the messages' pictures are written (default: "
                        "%(default)s)")
    parser.add_argument("--log", type=Path, default=FOLDER / "bot.log", metavar="FILE",
                        help="where the bot's log goes (default: %(default)s)")
    parser.add_argument("--db", type=Path, default=None, metavar="FILE",
                        help="keep the games in this SQLite file (default: a temporary "
                        "one, deleted at the end)")
    return parser


class Loop:
    """An event loop running in a thread of its own; :meth:`call` runs a coroutine there
    and waits for its result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="rami-try",
                                       daemon=True)
        self.thread.start()

    def call(self, work: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        future: Future[T] = asyncio.run_coroutine_threadsafe(work, self.loop)
        return future.result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(STOP_TIMEOUT)
        if not self.thread.is_alive():
            self.loop.close()


class Trial:
    """The fake Discord, its members and the bot connected to it."""

    def __init__(self, args: argparse.Namespace, db: Path, out: TextIO) -> None:
        self.args, self.db, self.out = args, db, out
        self.fake: FakeDiscord | None = None
        self.bot: RamiBot | None = None
        self.running: asyncio.Task[None] | None = None
        self.console: Console | None = None

    async def start(self) -> Console:
        """Start the fake, its members and the bot; the console, once the bot is ready."""
        lang = self.args.lang
        # Requests unchecked against Discord's description: the check needs the dev
        # extra (jsonschema), and the e2e tests check what this bot sends.
        fake = self.fake = FakeDiscord(guild_locale=LOCALES[lang], check_requests=False)
        await fake.start()
        names = t("local.try.members", lang).split()[: self.args.members]
        # The first member moderates the server (Manage Server): the settings commands work.
        members = [fake.add_user(name, locale=LOCALES[lang], permissions=MEMBER_PERMISSIONS
                                 | (MANAGE_GUILD if number == 0 else 0))
                   for number, name in enumerate(names)]
        settings = on_fake.fake_settings(fake, self.db, ai_delay=0.0)
        seed = self.args.seed
        seeds = random.Random(seed if seed is not None else random.SystemRandom().getrandbits(31))
        self.bot, self.running = await on_fake.start(
            settings, seed_source=lambda: seeds.getrandbits(31), guild_ready_timeout=0.01,
            min_edit_interval=0)
        self.console = Console(fake, self.bot, members, lang, self.out, self.args.pictures,
                               shown_path(self.args.log))
        return self.console

    def intro(self, members: Sequence[User]) -> str:
        assert self.fake is not None
        lang = self.args.lang
        guild = self.fake.guild_of(self.fake.channels[0])
        return t("local.try.intro", lang, port=self.fake.port, server=guild.name,
                 channel=self.fake.channel_payload(self.fake.channels[0])["name"],
                 members=", ".join(m.name for m in members), moderator=members[0].name,
                 pictures=shown_path(self.args.pictures), log=shown_path(self.args.log),
                 db=shown_path(self.db) if self.args.db is not None
                 else t("local.try.db.temporary", lang),
                 seed="" if self.args.seed is None else t("local.try.seeded", lang,
                                                          seed=self.args.seed))

    async def stop(self) -> None:
        if self.bot is not None:
            await on_fake.stop(self.bot, self.running)
        if self.fake is not None:
            await self.fake.stop()


def run(argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """Start the fake Discord and the bot, read lines until the person leaves; returns the
    exit status (0; 1 when the bot could not start)."""
    args = build_parser().parse_args(list(argv))
    lang = args.lang
    print(t("local.try.starting", lang), file=stdout, flush=True)
    with _log_to(args.log), _games_file(args.db) as db:
        loop = Loop()
        trial = Trial(args, db, stdout)
        try:
            try:
                console = loop.call(trial.start(), START_TIMEOUT)
            except Exception as error:  # the bot's own error is in the log
                logging.getLogger("rami.try").exception("the bot did not start")
                print(t("local.try.failed", lang, error=type(error).__name__,
                        log=shown_path(args.log)), file=sys.stderr)
                return 1
            print(trial.intro([m.user for m in console.members]), file=stdout)
            _play(console, loop, stdin, stdout)
        except KeyboardInterrupt:  # Ctrl-C: at the prompt or while the bot works
            print(file=stdout)
        except BrokenPipeError:  # the output was closed: nothing more to say there
            stdout = sys.stderr
        finally:
            with contextlib.suppress(Exception, KeyboardInterrupt):
                loop.call(trial.stop(), STOP_TIMEOUT)
            loop.close()
        with contextlib.suppress(BrokenPipeError):
            print(t("local.try.bye", lang, pictures=shown_path(args.pictures)),
                  file=stdout, flush=True)
    return 0


def _play(console: Console, loop: Loop, stdin: TextIO, stdout: TextIO) -> None:
    """Read and do lines until ``quit`` or the end of the input."""
    history = console.pictures.parent / "history"
    reader = editing.reader(stdin, stdout, history, lambda: loop.call(_words(console)))
    try:
        while True:
            line = reader.read(console.prompt)
            if not line:  # the end of the input (Ctrl-D)
                print(file=stdout)
                return
            if not loop.call(console.handle(line)):
                return
            stdout.flush()
    finally:
        reader.close()


async def _words(console: Console) -> editing.Words:
    return console.words()


@contextlib.contextmanager
def _log_to(path: Path) -> Iterator[None]:
    """The bot's log in ``path`` (appended), not on the terminal; the settings as before
    once done."""
    path.parent.mkdir(parents=True, exist_ok=True)
    root = logging.getLogger()
    before = (list(root.handlers), root.level)
    with path.open("a", encoding="utf-8") as stream:
        setup_logging("INFO", "kv", [], stream)
        try:
            yield
        finally:
            for handler in list(root.handlers):
                if handler not in before[0]:
                    root.removeHandler(handler)
            root.setLevel(before[1])


@contextlib.contextmanager
def _games_file(db: Path | None) -> Iterator[Path]:
    """``db``, its folder made; or a temporary file, deleted at the end."""
    if db is not None:
        db.parent.mkdir(parents=True, exist_ok=True)
        yield db
        return
    with tempfile.TemporaryDirectory(prefix="rami-try-") as folder:
        yield Path(folder) / "rami.sqlite3"


def main(argv: Sequence[str]) -> int:
    """``rummy-bot try``: returns the exit status."""
    return run(argv, sys.stdin, sys.stdout)
