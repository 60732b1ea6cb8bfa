"""``rummy-bot`` / ``python -m bot``: run the Discord bot, try it through a fake Discord, a
terminal game or the simulator."""

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
RAMI_PAINTERS, RAMI_SEED (deals that replay), METRICS_PORT and METRICS_HOST (serve
/healthz, /readyz and /metrics there; off when unset), and for several processes
SHARD_COUNT, CLUSTER_ID, CLUSTER_COUNT, SYNC_COMMANDS, MIN_IDENTIFIES_LEFT (also flags of
"run"). Without DISCORD_TOKEN, a local game starts in the terminal instead. SIGTERM or
SIGINT stops the bot cleanly within 10 s (exit 0; 1 when it had to give up).
"""

EPILOG = """\
examples:
  rummy-bot                      start the bot (or a terminal game without a token)
  rummy-bot run --shard-count 4 --cluster-id 1 --cluster-count 2
                                 run shards 1 and 3 of 4 (the second of two processes)
  rummy-bot sync                 register the slash commands and exit (deploys)
  rummy-bot try                  play through a fake Discord in this terminal, no token
  rummy-bot try --help           its options (language, members, seed, pictures)
  rummy-bot play                 play in this terminal against computer players
  rummy-bot play --daily         today's deal of the daily championship, in this terminal
  rummy-bot play --help          the terminal game's own options
  rummy-bot simulate --help      play many computer games and print statistics
  rummy-bot migrate              bring the database's schema up to date, then exit
  rummy-bot migrate-db --help    copy an SQLite database into PostgreSQL, then check it
  rummy-bot backup PATH          copy the SQLite database to PATH, even while the bot runs
  rummy-bot restore PATH         put a backup back (the bot stopped), then check it
  rummy-bot ratings --rebuild    rate every stored match again, in order
"""


# rummy-bot run's flags: (flag, its value's name, the setting it overrides, what it is).
RUN_FLAGS = (
    ("--shard-count", "S", "SHARD_COUNT", "how many shards the whole bot has (S >= 1)"),
    ("--cluster-id", "i", "CLUSTER_ID", "which process this is, from 0 to C-1 (default 0)"),
    ("--cluster-count", "C", "CLUSTER_COUNT", "how many processes share the shards, at most S "
     "(default 1)"),
    ("--min-identifies-left", "N", "MIN_IDENTIFIES_LEFT", "refuse to start when fewer of "
     "Discord's daily session starts would be left (default 10)"),
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-bot", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command",
                                     metavar="{run,sync,try,play,simulate,migrate,"
                                     "migrate-db,backup,restore,ratings}")
    run = commands.add_parser(
        "run", help="start the Discord bot (the default)",
        description="Start the Discord bot; settings from the environment or .env (see "
        ".env.example). A flag wins over its setting. Several processes share the "
        "bot's shards: process i of C runs shards i, i+C, i+2C... below S; only "
        "cluster 0 registers the slash commands.")
    for flag, value, setting, text in RUN_FLAGS:
        run.add_argument(flag, metavar=value, dest=setting,
                         help=f"{text} ({setting})")
    run.add_argument("--no-sync", dest="SYNC_COMMANDS", action="store_const", const="false",
                     help="never register the slash commands, even on cluster 0 "
                     "(SYNC_COMMANDS=false; use rummy-bot sync instead)")
    commands.add_parser("sync", help="register the slash commands and exit",
                        description="Register the slash commands with Discord (globally, "
                        "or in DISCORD_DEV_GUILD) and exit, without connecting: for "
                        "deploy pipelines, with SYNC_COMMANDS=false on the bots.")
    commands.add_parser("try", help="try the Discord side in this terminal: a fake Discord "
                        "with the real bot, no token", add_help=False)
    commands.add_parser("play", help="play a game in this terminal against computer players",
                        add_help=False)
    commands.add_parser("simulate", help="play many computer games and print statistics",
                        add_help=False)
    commands.add_parser("migrate", help="bring the database's schema up to date, then exit",
                        add_help=False)
    commands.add_parser("migrate-db", help="copy an SQLite database into PostgreSQL, then "
                        "check the copy", add_help=False)
    commands.add_parser("backup", help="copy the SQLite database while the bot runs, then "
                        "check the copy", add_help=False)
    commands.add_parser("restore", help="put a backup of the SQLite database back (the bot "
                        "stopped), then check it", add_help=False)
    commands.add_parser("ratings", help="rate every stored match again (--rebuild)",
                        add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen part; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        from bot.terminal import app as local

        return int(local.main(args[1:]) or 0)
    if args and args[0] == "try":
        from bot.discord_app.tryout import app as trying

        return trying.main(args[1:])
    if args and args[0] == "simulate":
        from bot.simulator import simulate

        return int(simulate.main(args[1:]) or 0)
    if args and args[0] == "migrate":
        from bot import migrate

        return migrate.main(args[1:])
    if args and args[0] == "migrate-db":
        from bot import migrate_db

        return migrate_db.main(args[1:])
    if args and args[0] in ("backup", "restore"):
        from bot import backup

        return backup.main(args[0], args[1:])
    if args and args[0] == "ratings":
        from bot import ratings_cli

        return ratings_cli.main(args[1:])
    options = vars(build_parser().parse_args(args))
    command = options.pop("command")
    overrides = {name: value for name, value in options.items() if value is not None}
    from bot import launcher as runner

    return runner.main([], overrides=overrides, sync_only=command == "sync")


if __name__ == "__main__":
    raise SystemExit(main())
