"""``rummy-bot play``: a game in the terminal against computer players (no Discord).

    rummy-bot play [--variant V] [--players N] [--level L] [--seed S] [--lang en|fr]
                   [--pictures DIR] [--colour auto|always|never] [--plain] [--db FILE]
                   [--new | --game NAME | --list]
    rummy-bot play --daily [--lang en|fr] [--pictures DIR] [--colour auto|always|never]
                   [--plain] [--db FILE]

The human sits at seat 1; the other seats are computer players at ``--level``. Commands
are the action words of the Discord commands (``?`` lists them); errors are the engine's
own messages in the chosen language. Input is read line by line, so a script of commands
can be piped in; end of input, ``quit``, Ctrl-C and a closed output all end cleanly,
the game saved.

The game runs on the same session layer as the Discord bot (:class:`LocalTable` in
``bot/terminal/table.py``): every move is saved in a local SQLite file before the terminal
answers. Every unfinished game stays saved: a plain ``rummy-bot play`` resumes the last
one played and says which, ``--game NAME`` resumes another, ``--list`` lists them, and
naming a variant, players, level or seed (or ``--new``) starts another game. ``--daily``
plays today's deal of the daily championship instead (:mod:`bot.terminal.daily`).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TextIO

from bot.session.dates import long_date
from bot.terminal import daily as daily
from bot.terminal import launch
from bot.terminal.table import LocalTable, SavedGame, TerminalTable, default_db
from bot.terminal.ui import Terminal
from engine import RuleError, RuleSet, RummyError
from engine.ai import LEVELS, Level
from engine.i18n import languages, t
from engine.names import YOU, shown_name
from engine.variants import variant, variant_names
from engine.views import Phase

# ---------------------------------------------------------------- the command line


def _player_counts() -> str:
    """``classic 2–6, rami51 2–6…``: how many players each variant seats."""
    return ", ".join(f"{name} {variant(name).min_players}–{variant(name).max_players}"
                     for name in variant_names())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-bot play",
        description="Rummy in the terminal against computer players. Every move is saved; "
        "a plain `rummy-bot play` resumes the unfinished game played last.",
        epilog="In the game, ? lists the commands.")
    parser.add_argument("--variant", default="classic", metavar="NAME",
                        help=f"the rules: {', '.join(variant_names())} "
                        "(default: %(default)s); starts a new game")
    parser.add_argument("--players", type=int, default=2, metavar="N",
                        help="players at the table, you included: "
                        f"{_player_counts()} (default: %(default)s); starts a new game")
    parser.add_argument("--level", type=Level, default=Level.MEDIUM, choices=LEVELS,
                        help="the computer players' level (default: %(default)s); starts a "
                        "new game (in a game: level easy|medium|hard)")
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="the deal: a number, the same number deals the same game "
                        "(default: a random one); starts a new game")
    parser.add_argument("--lang", default=None, choices=languages(),
                        help="the language (default: the game's own, else en)")
    parser.add_argument("--pictures", type=Path, default=None, metavar="DIR",
                        help="save hand.png and table.png there after every move "
                        "(default: none; in a game, `pictures` saves them once beside the "
                        "games' file, in data/pictures)")
    parser.add_argument("--colour", "--color", default="auto",
                        choices=("auto", "always", "never"),
                        help="ANSI colours; auto: on a terminal, unless NO_COLOR is set "
                        "(default: %(default)s)")
    parser.add_argument("--plain", action="store_true", help="no colours (--colour never)")
    parser.add_argument("--db", type=Path, default=None, metavar="FILE",
                        help="where the games are saved (default: $RAMI_LOCAL_DB, else "
                        "data/local.sqlite3)")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--new", action="store_true",
                        help="start a new game; the unfinished ones stay saved")
    choice.add_argument("--game", metavar="NAME",
                        help="resume the unfinished game NAME (rami51-2, or just 2; "
                        "default: the last played, unless a new game is asked for)")
    choice.add_argument("--list", action="store_true",
                        help="list the unfinished games and stop")
    choice.add_argument("--daily", action="store_true",
                        help="play today's deal of the daily championship (10 tries a day, "
                        "best score kept; with --lang, --pictures, --colour, --plain and "
                        "--db only)")
    return parser


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = build_parser()
    args = parser.parse_args(list(argv))
    not_daily = {"--variant", "--players", "--level", "--seed"}
    if args.daily and any(arg.split("=")[0] in not_daily for arg in argv):
        parser.error("--daily plays the championship's own deal: it takes only --lang, "
                     "--pictures, --colour, --plain and --db")
    # A plain `play` resumes the last game; asking for a particular game starts it.
    chosen = [arg.split("=")[0] for arg in argv
              if arg.split("=")[0] in {"--variant", "--players", "--level", "--seed"}]
    if chosen and (args.game or args.list):
        parser.error(f"{chosen[0]} is for a new game: it cannot go with "
                     f"{'--game' if args.game else '--list'}")
    args.resume = not args.new and not chosen
    return args


def uses_colour(choice: str, out: TextIO) -> bool:
    """Colours on ``always``; on ``auto`` only on a terminal and without ``NO_COLOR``."""
    if choice != "auto":
        return choice == "always"
    return not os.environ.get("NO_COLOR") and out.isatty()


def history_file(db: Path | None) -> Path:
    """Where the lines typed are remembered: beside the games' file
    (``data/local.sqlite3.history``)."""
    games = db or default_db()
    return games.with_name(games.name + ".history")


def pictures_folder(db: Path | None) -> Path:
    """Where ``pictures`` saves them without ``--pictures DIR``: beside the games' file
    (``data/pictures``, which git ignores)."""
    return (db or default_db()).parent / "pictures"


def run(argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """Play one match reading commands from ``stdin``; returns the exit status."""
    args = parse_args(argv)
    lang = args.lang or "en"
    if args.daily:
        def play(table: TerminalTable) -> int:
            return Terminal(table, lang, stdout, colour=uses_colour(
                "never" if args.plain else args.colour, stdout),
                pictures=args.pictures, history=history_file(args.db),
                pictures_asked=pictures_folder(args.db)).run(stdin)

        try:
            return daily.run(args, stdout, play=play)
        except KeyboardInterrupt:  # Ctrl-C: the try is saved already
            print(file=stdout)
            print(t("local.daily.saved", lang, command=launch.command("play --daily")),
                  file=stdout)
        except BrokenPipeError:  # the output was closed: say it where it is read
            _drop_output(stdout)
            print(t("local.daily.saved", lang, command=launch.command("play --daily")),
                  file=sys.stderr)
        return 0
    try:
        rules = variant(args.variant)
        rules.hand_size(args.players)
    except RuleError as error:
        print(error.message(lang), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(31)
    try:
        table = LocalTable.open(args.db or default_db(), seed)
    except KeyboardInterrupt:
        return 0
    try:
        return _play(table, args, rules, stdin, stdout)
    except KeyboardInterrupt:  # Ctrl-C: the game is saved already
        print(file=stdout)
        _goodbye(table, args.lang or _table_lang(table), stdout)
    except BrokenPipeError:  # the output was closed (`| head`): say it where it is read
        _drop_output(stdout)
        _goodbye(table, args.lang or _table_lang(table), sys.stderr)
    finally:
        table.close()
    return 0


def _table_lang(table: LocalTable) -> str:
    return (table.lang if table.channel else None) or "en"


def _play(table: LocalTable, args: argparse.Namespace, rules: RuleSet, stdin: TextIO,
          stdout: TextIO) -> int:
    lang = args.lang or "en"
    try:
        games = table.games()
        if args.list:  # in the language of the game played last, unless --lang says
            lang = args.lang or (table.language_of(games[0]) if games else None) or "en"
            _list(games, lang, stdout)
            return 0
        saved = table.find(args.game) if args.game else (
            games[0] if args.resume and games else None)
        if saved is not None:
            table.resume(saved)
            lang = args.lang or table.lang or "en"
        else:
            name = table.start(rules, args.players, args.level, YOU, lang)
    except RummyError as error:
        print(error.message(lang), file=sys.stderr)
        return 2
    terminal = Terminal(table, lang, stdout, colour=uses_colour(
        "never" if args.plain else args.colour, stdout), pictures=args.pictures,
        history=history_file(args.db), pictures_asked=pictures_folder(args.db))
    players = ", ".join(shown_name(seat.name, lang) for seat in table.snapshot().seats)
    shown = t(f"variant.{table.rules.name}", lang)
    terminal.say("local.welcome", variant=shown)
    if saved is not None:
        terminal.say("local.resumed", name=saved.name, variant=shown,
                     round=saved.round_number, players=players)
    else:
        terminal.say("local.new_game", name=name, variant=shown, players=players)
    others = [game.name for game in games if saved is None or game != saved]
    if others:
        terminal.say("local.others", names=", ".join(others),
                     command=launch.command(f"play --game {others[0]}"),
                     listing=launch.command("play --list"))
    return terminal.run(stdin)


def _list(games: Sequence[SavedGame], lang: str, out: TextIO) -> None:
    if not games:
        print(t("local.list.none", lang, command=launch.command("play")), file=out)
        return
    print(t("local.list.title", lang), file=out)
    for game in games:
        moment = time.localtime(game.updated_at)
        when = t("local.list.when", lang, date=long_date(date(*moment[:3]), lang),
                 time=time.strftime("%H:%M", moment))
        players = ", ".join(shown_name(player, lang) for player in game.players)
        print(t("local.list.line", lang, name=game.name, variant=t(f"variant.{game.variant}",
                lang), round=game.round_number, players=players, when=when), file=out)


def _goodbye(table: LocalTable, lang: str, out: TextIO) -> None:
    """Say the game is saved and how to resume it (or only goodbye, when none is on)."""
    playing = table.channel and table.phase is not Phase.MATCH_OVER
    if playing:
        print(table.saved.text(lang), file=out)
    else:
        print(t("local.bye", lang), file=out)


def _drop_output(out: TextIO) -> None:
    """Send what is still to be written to a closed pipe nowhere, so that Python's own
    flush at exit does not complain about it either."""
    try:
        fileno = out.fileno()
    except (OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


def main(argv: list[str]) -> int:
    """Entry point of ``rummy-bot play``."""
    return run(argv, sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
