"""``rummy-bot`` / ``python -m bot``: run the Discord bot, a terminal game or the simulator."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

DESCRIPTION = """\
Rami: play rummy together in a Discord channel.

With no subcommand (or "run"), the Discord bot starts. Settings come from the
environment or a .env file (see .env.example): DISCORD_TOKEN, DATABASE_URL
(postgresql://... for PostgreSQL), RAMI_DB_PATH (the SQLite file), DISCORD_DEV_GUILD,
DISCORD_API_BASE, DISCORD_GATEWAY_URL, LOG_LEVEL, LOG_FORMAT, RAMI_AI_DELAY,
RAMI_PAINTERS. Without DISCORD_TOKEN, a local game starts in the
terminal instead.
"""

EPILOG = """\
examples:
  rummy-bot                      start the bot (or a terminal game without a token)
  rummy-bot play                 play in this terminal against computer players
  rummy-bot play --daily         today's deal of the daily championship, in this terminal
  rummy-bot play --help          the terminal game's own options
  rummy-bot simulate --help      play many computer games and print statistics
  rummy-bot migrate              bring the database's schema up to date, then exit
  rummy-bot migrate-db --help    copy an SQLite database into PostgreSQL, then check it
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-bot", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command",
                                     metavar="{run,play,simulate,migrate,migrate-db}")
    commands.add_parser("run", help="start the Discord bot (the default)",
                        description="Start the Discord bot; settings from the environment "
                        "or .env (see .env.example).")
    commands.add_parser("play", help="play a game in this terminal against computer players",
                        add_help=False)
    commands.add_parser("simulate", help="play many computer games and print statistics",
                        add_help=False)
    commands.add_parser("migrate", help="bring the database's schema up to date, then exit",
                        add_help=False)
    commands.add_parser("migrate-db", help="copy an SQLite database into PostgreSQL, then "
                        "check the copy", add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen part; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        from bot.terminal import app as local

        return int(local.main(args[1:]) or 0)
    if args and args[0] == "simulate":
        from bot.simulator import simulate

        return int(simulate.main(args[1:]) or 0)
    if args and args[0] == "migrate":
        from bot import migrate

        return migrate.main(args[1:])
    if args and args[0] == "migrate-db":
        from bot import migrate_db

        return migrate_db.main(args[1:])
    build_parser().parse_args(args)
    from bot import launcher as runner

    return runner.main([])


if __name__ == "__main__":
    raise SystemExit(main())
