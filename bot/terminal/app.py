"""``rummy-bot play``: a game in the terminal against computer players (no Discord).

    rummy-bot play [--variant V] [--players N] [--level L] [--seed S] [--lang en|fr]
                   [--pictures DIR] [--plain] [--db FILE] [--new]
    rummy-bot play --daily [--lang en|fr] [--pictures DIR] [--plain] [--db FILE]

The human sits at seat 1; the other seats are computer players at ``--level``. Commands
are the action words of the Discord commands (``?`` lists them); errors are the engine's
own messages in the chosen language. Input is read line by line, so a script of commands
can be piped in; end of input quits cleanly.

The game runs on the same session layer as the Discord bot (:class:`LocalTable` in
``bot/terminal/table.py``): every move is saved in a local SQLite file before the terminal
answers, and a plain ``rummy-bot play`` continues the saved game; naming a variant,
players, level or seed (or ``--new``) starts a new one. ``--daily`` plays today's deal of
the daily championship instead (:mod:`bot.terminal.daily`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.terminal import commands as commands
from bot.terminal import daily as daily
from bot.terminal.table import LocalTable, TerminalTable, default_db
from engine import RuleError, RummyError
from engine.ai import LEVELS
from engine.i18n import languages, t
from engine.rules import Kind
from engine.variants import variant
from engine.views import Phase, PlayerView


@dataclass(slots=True)
class Terminal:
    """The text user interface of one local game."""

    table: TerminalTable
    lang: str
    out: TextIO
    colour: bool = True
    pictures: Path | None = None
    human: int = 0
    by_rank: bool = False
    _shown_round: int = field(default=0)

    def say(self, code: str, **params: Any) -> None:
        print(t(code, self.lang, **params), file=self.out)

    def run(self, lines: TextIO) -> int:
        self.say("local.welcome", variant=self.table.rules.name)
        while True:
            if not self._advance():
                return 0
            self._show_turn()
            print(t("local.prompt", self.lang), end=" ", file=self.out)
            self.out.flush()
            line = lines.readline()
            if not line:
                print(file=self.out)
                self.say("local.bye")
                return 0
            if not self.handle(line.strip()):
                self.say("local.bye")
                return 0

    def _advance(self) -> bool:
        """Show the computer players' moves and move on between rounds; False once the
        match is over."""
        table = self.table
        while True:
            moved = table.computer_move()
            if moved is not None:
                name = table.public_view().seats[moved.seat].name
                print(commands.describe(name, moved.action, moved.before, self.colour,
                                        self.lang), file=self.out)
                continue
            phase = table.phase
            if phase is Phase.MATCH_OVER:
                self._show_scores(final=True)
                return False
            if phase is Phase.ROUND_OVER:
                self._show_round_over()
                table.next_round()
                continue
            return True

    def handle(self, line: str) -> bool:
        """Run one command line; False when the player quits."""
        if not line:
            return True
        word, _, rest = line.partition(" ")
        word = word.lower()
        view = self.table.view(self.human)
        try:
            if word in ("?", "help", "aide"):
                kind = "tiles" if self.table.rules.kind == Kind.TILES else "cards"
                self.say(f"local.help.{kind}")
            elif word in ("quit", "exit", "quitter"):
                return False
            elif word in ("hand", "main"):
                self._show_hand(view)
            elif word in ("table",):
                self._show_table(view)
            elif word in ("score", "scores"):
                self._show_scores(final=False)
            elif word in ("sort", "trier"):
                self.by_rank = not self.by_rank
                self._show_hand(view)
            elif word in ("level", "niveau"):
                level = rest.strip().lower()
                if level not in LEVELS:
                    raise RuleError("ai.level", level=level, levels=", ".join(LEVELS))
                self.table.set_level(level)
                self.say("local.level", level=level)
            elif word in ("pictures", "images"):
                self._save_pictures(view)
            else:
                sort = "rank" if self.by_rank else "suit"
                actions = commands.parse(word, rest, view, self.table.rules, self.lang, sort)
                if actions is None:
                    self.say("local.unknown", word=word)
                else:
                    self.table.apply_all(actions)
        except RummyError as error:
            print(error.message(self.lang), file=self.out)
        return True

    # ------------------------------------------------------------ showing

    def _show_turn(self) -> None:
        view = self.table.view(self.human)
        if view.round_number != self._shown_round:
            self._shown_round = view.round_number
            self.say("local.round", number=view.round_number)
        if self.pictures is not None:
            self._save_pictures(view, quiet=True)
        self._show_table(view)
        self._show_hand(view)
        kind = "tiles" if self.table.rules.kind == Kind.TILES else "cards"
        self.say(f"local.turn.{kind}.{view.phase.value}")

    def _show_hand(self, view: PlayerView) -> None:
        self.say("local.hand", hand=commands.show_hand(view, self.by_rank, self.colour))

    def _show_table(self, view: PlayerView) -> None:
        for line in commands.show_table(view, self.colour, self.lang):
            print(line, file=self.out)

    def _show_round_over(self) -> None:
        view = self.table.public_view()
        if not view.rounds:
            return
        last = view.rounds[-1]
        winner = view.seats[last.winner].name if last.winner is not None else "—"
        self.say("local.round_over", number=last.number, winner=winner)
        for seat in view.seats:
            self.say(
                "local.score_line",
                name=seat.name,
                points=last.points[seat.seat],
                total=view.totals[seat.seat],
            )

    def _show_scores(self, *, final: bool) -> None:
        view = self.table.public_view()
        if final:
            winners = self.table.outcome_winners()
            names = ", ".join(view.seats[w].name for w in winners) or "—"
            self.say("local.match_over", winners=names)
        for seat in view.seats:
            self.say("local.total_line", name=seat.name, total=view.totals[seat.seat])

    def _save_pictures(self, view: PlayerView, *, quiet: bool = False) -> None:
        """Write ``hand.png`` and ``table.png`` (the current state) into the pictures folder."""
        if self.pictures is None:
            if not quiet:
                self.say("local.no_pictures")
            return
        try:
            from render import render_hand, render_table
        except ImportError:
            self.say("local.no_render")
            return
        self.pictures.mkdir(parents=True, exist_ok=True)
        sort = "rank" if self.by_rank else "suit"
        hand = render_hand(view, sort=sort, lang=self.lang)
        table = render_table(view, lang=self.lang)
        (self.pictures / "hand.png").write_bytes(hand.png)
        (self.pictures / "table.png").write_bytes(table.png)
        if not quiet:
            self.say("local.pictures", folder=str(self.pictures))


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="rummy-bot play", description="Rummy in the terminal.")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="medium", choices=LEVELS)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--lang", default="en", choices=languages())
    parser.add_argument("--pictures", type=Path, default=None, help="save PNG pictures here")
    parser.add_argument("--plain", action="store_true", help="no ANSI colours")
    parser.add_argument("--db", type=Path, default=None,
                        help="where the game is saved (default: $RAMI_LOCAL_DB or "
                        "data/local.sqlite3)")
    parser.add_argument("--new", action="store_true",
                        help="start a new game even if a saved one is waiting")
    parser.add_argument("--daily", action="store_true",
                        help="play today's deal of the daily championship (10 tries a day, "
                        "best score kept; with --lang, --pictures, --plain, --db only)")
    args = parser.parse_args(list(argv))
    not_daily = {"--variant", "--players", "--level", "--seed", "--new"}
    if args.daily and any(arg.split("=")[0] in not_daily for arg in argv):
        parser.error("--daily plays the championship's own deal: it takes only --lang, "
                     "--pictures, --plain and --db")
    # A plain `play` continues the saved game; asking for a particular game starts it.
    chosen = {"--variant", "--players", "--level", "--seed"}
    args.resume = not args.new and not any(arg.split("=")[0] in chosen for arg in argv)
    return args


def run(argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """Play one match reading commands from ``stdin``; returns the exit status."""
    args = parse_args(argv)
    if args.daily:
        return daily.run(args, stdout, play=lambda table: Terminal(
            table, args.lang, stdout, not args.plain, args.pictures).run(stdin))
    try:
        rules = variant(args.variant)
        rules.hand_size(args.players)
    except RuleError as error:
        print(error.message(args.lang), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(31)
    you = t("local.you", args.lang)
    try:
        table, resumed = LocalTable.open(args.db or default_db(), rules, args.players,
                                         args.level, seed, you, resume=args.resume)
    except RummyError as error:
        print(error.message(args.lang), file=sys.stderr)
        return 2
    try:
        terminal = Terminal(table, args.lang, stdout, not args.plain, args.pictures)
        if resumed:
            terminal.say("local.resumed")
        return terminal.run(stdin)
    finally:
        table.close()


def main(argv: list[str]) -> int:
    """Entry point of ``rummy-bot play``."""
    return run(argv, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
