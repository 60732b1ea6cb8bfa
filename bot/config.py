"""The bot's settings, read from the environment or a ``.env`` file.

Every setting is declared once below with its default; ``.env.example`` documents each.
The environment wins over ``.env``. A bad value raises :class:`ConfigError` naming the
variable: nothing is silently replaced by a default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from data.database import is_postgres_url, redact
from engine.numbers import whole

DEFAULT_DB_PATH = "data/rami.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
EXIT_TOKEN = 2  # the exit status when a setting, the token above all, cannot be used
HOW_TO_GET_A_TOKEN = (
    "Discord Developer Portal (https://discord.com/developers/applications) -> Applications "
    "-> your app -> Bot -> Reset Token, then put it in .env as DISCORD_TOKEN=..."
)


class ConfigError(ValueError):
    """A setting has a value the bot cannot use; the message names the variable."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: str | None = field(default=None, repr=False)  # never printed
    db_path: Path = Path(DEFAULT_DB_PATH)
    # DATABASE_URL=postgresql://...: the store on PostgreSQL (several processes, machines);
    # None: on the SQLite file db_path. Never printed (it may hold a password).
    database_url: str | None = field(default=None, repr=False)
    # DATABASE_LISTEN_URL: where the one connection hearing change notices goes (LISTEN
    # needs a session of its own: behind PgBouncer in transaction mode, PostgreSQL's own
    # address); None: DATABASE_URL. Never printed either.
    database_listen_url: str | None = field(default=None, repr=False)
    api_base: str | None = None  # REST base URL (a REST proxy, or a fake Discord in tests)
    gateway_url: str | None = None  # gateway URL (tests point it at a fake Discord)
    dev_guild: int | None = None  # sync commands to this guild only (instant) instead of globally
    log_level: str = "INFO"
    log_format: str = "kv"  # "kv" (key=value) or "json"
    ai_delay: float = 1.0  # seconds a computer player "thinks" before playing
    painters: int = 0  # processes drawing pictures (0: threads of the bot's process)

    @property
    def has_token(self) -> bool:
        return bool(self.token)

    @property
    def database(self) -> str | Path:
        """Where the store lives, for ``Store.open``: the PostgreSQL URL, else the file."""
        return self.database_url or self.db_path


def read_database_url(text: str | None,
                      name: str = "DATABASE_URL") -> tuple[str | None, Path | None]:
    """``DATABASE_URL`` (or the setting ``name``): ``(url, None)`` for a ``postgresql://``
    URL, ``(None, path)`` for a path (SQLite), ``(None, None)`` when unset.

    Raises:
        ConfigError: another kind of URL, or a PostgreSQL URL without a host or database.
    """
    if text is None:
        return None, None
    if is_postgres_url(text):
        try:
            parts = urlsplit(text)
            _ = parts.port  # raises ValueError for a port that is not a number
        except ValueError as error:
            raise ConfigError(f"{name} {redact(text)[:80]!r} is not a URL: {error}") from None
        if not parts.hostname or parts.path.strip("/") == "":
            raise ConfigError(
                f"{name} {redact(text)[:80]!r} needs a host and a database: "
                "postgresql://user:password@host:5432/database")
        return text, None
    if "://" in text:
        raise ConfigError(
            f"{name} must be postgresql://user:password@host:5432/database or an SQLite "
            f"file path, not {text.split('://', 1)[0][:20]!r}://...")
    return None, Path(text)


def parse_env_file(text: str) -> dict[str, str]:
    """Parse ``KEY=value`` lines (``#`` comments, optional ``export``, optional quotes)."""
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise ConfigError(f".env line {number}: expected KEY=value, got {raw.strip()!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


def load_settings(
    environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
) -> Settings:
    """Settings from ``environ`` (default ``os.environ``) over the ``env_file`` values.

    Raises:
        ConfigError: a value is malformed (the message names the variable).
    """
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update(parse_env_file(Path(env_file).read_text(encoding="utf-8")))
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        return value or None

    level = (get("LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    log_format = (get("LOG_FORMAT") or "kv").lower()
    if log_format not in ("kv", "json"):
        raise ConfigError(f"LOG_FORMAT must be kv or json, not {log_format!r}")
    dev_guild = get("DISCORD_DEV_GUILD")
    if dev_guild is not None and not (dev_guild.isascii() and dev_guild.isdigit()):
        raise ConfigError(f"DISCORD_DEV_GUILD must be a server id (digits), not {dev_guild!r}")
    delay_text = get("RAMI_AI_DELAY") or "1.0"
    try:
        ai_delay = float(delay_text)
    except ValueError:
        raise ConfigError(
            f"RAMI_AI_DELAY must be a number of seconds, not {delay_text!r}") from None
    if not 0 <= ai_delay <= 60:
        raise ConfigError(f"RAMI_AI_DELAY must be between 0 and 60 seconds, not {ai_delay}")
    painters_text = get("RAMI_PAINTERS") or "0"
    painters = whole(painters_text)
    if painters is None or painters > 16:
        raise ConfigError(f"RAMI_PAINTERS must be a number of processes from 0 to 16, "
                          f"not {painters_text!r}")
    for name in ("DISCORD_API_BASE", "DISCORD_GATEWAY_URL"):
        url = get(name)
        if url is not None and "://" not in url:
            raise ConfigError(f"{name} must be a URL such as http://host:port/api/v10, not {url!r}")
    database_url, sqlite_path = read_database_url(get("DATABASE_URL"))
    listen_url, listen_path = read_database_url(get("DATABASE_LISTEN_URL"),
                                                "DATABASE_LISTEN_URL")
    if listen_path is not None or (listen_url is not None and database_url is None):
        raise ConfigError("DATABASE_LISTEN_URL is a postgresql://user:password@host:5432/"
                          "database URL, for a DATABASE_URL that is one too")
    return Settings(
        token=get("DISCORD_TOKEN"),
        db_path=sqlite_path or Path(get("RAMI_DB_PATH") or DEFAULT_DB_PATH),
        database_url=database_url,
        database_listen_url=listen_url,
        api_base=(get("DISCORD_API_BASE") or "").rstrip("/") or None,
        gateway_url=get("DISCORD_GATEWAY_URL"),
        dev_guild=int(dev_guild) if dev_guild else None,
        log_level=level,
        log_format=log_format,
        ai_delay=ai_delay,
        painters=painters,
    )
