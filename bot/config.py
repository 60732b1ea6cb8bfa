"""The bot's settings, read from the environment or a ``.env`` file.

Every setting is declared once below with its default; ``.env.example`` documents each.
The environment wins over ``.env``. A bad value raises :class:`ConfigError` naming the
variable: nothing is silently replaced by a default.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from data.database import is_postgres_url, redact
from engine.numbers import whole

DEFAULT_DB_PATH = "data/rami.sqlite3"
DEFAULT_METRICS_HOST = "127.0.0.1"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
EXIT_TOKEN = 2  # the exit status when a setting, the token above all, cannot be used
EXIT_FAILED = 1  # the bot stopped on an error: the launcher starts it again after a wait
EXIT_BUDGET = 3  # too few of Discord's daily session starts left to start
HOW_TO_GET_A_TOKEN = (
    "Discord Developer Portal (https://discord.com/developers/applications) -> Applications "
    "-> your app -> Bot -> Reset Token, then put it in .env as DISCORD_TOKEN=..."
)


class Stopped(Exception):
    """The host stopped the bot (SIGTERM, SIGINT): exit with ``status``, never start again."""

    def __init__(self, status: int) -> None:
        super().__init__(f"stopped with status {status}")
        self.status = status


class ConfigError(ValueError):
    """A setting has a value the bot cannot use; the message names the variable."""


@dataclass(frozen=True, slots=True)
class Cluster:
    """Which of the bot's shards this process runs (``rummy-bot run --shard-count S
    --cluster-id i --cluster-count C``: shards ``i, i+C, i+2C… < S``), whether it
    registers the slash commands, and how many identifies it leaves Discord's daily budget.
    """

    shard_count: int | None = None  # None: unsharded, one gateway connection
    cluster_id: int = 0
    cluster_count: int = 1
    sync_commands: bool = True  # only cluster 0 ever syncs; False: not even it
    min_identifies_left: int = 10  # refuse to start rather than leave fewer

    @property
    def shard_ids(self) -> list[int] | None:
        """The shards this process connects (None: unsharded)."""
        if self.shard_count is None:
            return None
        return list(range(self.cluster_id, self.shard_count, self.cluster_count))

    @property
    def identifies(self) -> int:
        """How many gateway sessions this process opens when it starts."""
        shards = self.shard_ids
        return 1 if shards is None else len(shards)

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the slash commands when it starts."""
        return self.sync_commands and self.cluster_id == 0


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
    painters: int = 0  # processes drawing pictures (0: one thread of the bot's process)
    seed: int | None = None  # the matches' deals drawn from this seed (replays); None: random
    cluster: Cluster = Cluster()  # the shards this process runs, and its jobs
    # METRICS_PORT: /healthz, /readyz and /metrics served there (None: not served), on
    # METRICS_HOST (127.0.0.1: this machine only, unless said otherwise).
    metrics_port: int | None = None
    metrics_host: str = DEFAULT_METRICS_HOST

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
    environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env",
    overrides: Mapping[str, str] | None = None,
) -> Settings:
    """Settings from ``overrides`` (the command line's, by variable name) over
    ``environ`` (default ``os.environ``) over the ``env_file`` values.

    Raises:
        ConfigError: a value is malformed (the message names the variable).
    """
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update(parse_env_file(Path(env_file).read_text(encoding="utf-8")))
    values.update(os.environ if environ is None else environ)
    values.update(overrides or {})

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
    seed_text = get("RAMI_SEED")
    seed = whole(seed_text) if seed_text is not None else None
    if seed_text is not None and seed is None:
        raise ConfigError(f"RAMI_SEED must be a whole number from 0, not {seed_text!r}")
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
    port_text = get("METRICS_PORT")
    metrics_port = whole(port_text) if port_text is not None else None
    if port_text is not None and (metrics_port is None or not 1 <= metrics_port <= 65535):
        raise ConfigError(f"METRICS_PORT must be a port number from 1 to 65535, or unset "
                          f"(no health or metrics served), not {port_text[:40]!r}")
    metrics_host = get("METRICS_HOST") or DEFAULT_METRICS_HOST
    if any(c.isspace() or c in "/?#@" for c in metrics_host):
        raise ConfigError(f"METRICS_HOST must be an address or a host name such as "
                          f"127.0.0.1 or 0.0.0.0, not {metrics_host[:60]!r}")
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
        seed=seed,
        cluster=read_cluster(get),
        metrics_port=metrics_port,
        metrics_host=metrics_host,
    )


# The cluster's settings, each also a flag of ``rummy-bot run`` (the flag wins).
MAX_SHARDS = 100_000
_SWITCHES = {"1": True, "true": True, "yes": True, "on": True,
             "0": False, "false": False, "no": False, "off": False}


def _count(get: Callable[[str], str | None], name: str, flag: str, default: int | None,
           low: int, high: int) -> int | None:
    """A whole number setting within ``low..high`` (``default`` when unset)."""
    text = get(name)
    if text is None:
        return default
    number = whole(text)
    if number is None or not low <= number <= high:
        raise ConfigError(f"{name} ({flag}) must be a whole number from {low} to {high}, "
                          f"not {text!r}")
    return number


def read_cluster(get: Callable[[str], str | None]) -> Cluster:
    """The cluster settings: ``SHARD_COUNT``, ``CLUSTER_ID``, ``CLUSTER_COUNT``,
    ``SYNC_COMMANDS``, ``MIN_IDENTIFIES_LEFT`` (``get`` reads a variable, None if unset).

    Raises:
        ConfigError: a value is malformed, or the cluster does not fit the shards
        (0 <= CLUSTER_ID < CLUSTER_COUNT <= SHARD_COUNT).
    """
    shards = _count(get, "SHARD_COUNT", "--shard-count", None, 1, MAX_SHARDS)
    clusters = _count(get, "CLUSTER_COUNT", "--cluster-count", 1, 1, MAX_SHARDS) or 1
    cluster_id = _count(get, "CLUSTER_ID", "--cluster-id", 0, 0, MAX_SHARDS) or 0
    reserve = _count(get, "MIN_IDENTIFIES_LEFT", "--min-identifies-left", 10, 0, MAX_SHARDS)
    sync_text = (get("SYNC_COMMANDS") or "true").lower()
    if sync_text not in _SWITCHES:
        raise ConfigError(f"SYNC_COMMANDS must be true or false, not {sync_text!r}")
    if shards is None and (clusters != 1 or cluster_id != 0):
        raise ConfigError("CLUSTER_ID and CLUSTER_COUNT (--cluster-id, --cluster-count) need "
                          "SHARD_COUNT (--shard-count): the number of shards the clusters share")
    if shards is not None and clusters > shards:
        raise ConfigError(f"CLUSTER_COUNT (--cluster-count) must be at most SHARD_COUNT "
                          f"({shards}): each cluster runs at least one shard, not {clusters}")
    if cluster_id >= clusters:
        raise ConfigError(f"CLUSTER_ID (--cluster-id) must be from 0 to {clusters - 1} "
                          f"(CLUSTER_COUNT is {clusters}), not {cluster_id}")
    return Cluster(shard_count=shards, cluster_id=cluster_id, cluster_count=clusters,
                   sync_commands=_SWITCHES[sync_text], min_identifies_left=reserve or 0)
