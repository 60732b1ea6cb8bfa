"""Settings from the environment and .env: every variable, and bad values named."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import DEFAULT_DB_PATH, ConfigError, load_settings, parse_env_file


def test_defaults_without_anything(tmp_path: Path) -> None:
    settings = load_settings({}, env_file=tmp_path / "missing.env")
    assert settings.token is None and not settings.has_token
    assert settings.db_path == Path(DEFAULT_DB_PATH)
    assert settings.api_base is None and settings.gateway_url is None
    assert settings.dev_guild is None
    assert settings.log_level == "INFO"
    assert settings.ai_delay == 1.0


def test_env_file_and_environment(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# comment\n"
        "export DISCORD_TOKEN='abc.def.ghi'\n"
        "RAMI_DB_PATH=/tmp/x.sqlite3  # where\n"
        "DISCORD_DEV_GUILD=123\n"
        "DISCORD_API_BASE=http://proxy:8080/api/v10/\n"
        "LOG_LEVEL=debug\n"
        "RAMI_AI_DELAY=0.5\n",
        encoding="utf-8",
    )
    settings = load_settings({"LOG_LEVEL": "warning"}, env_file=env)
    assert settings.token == "abc.def.ghi"
    assert settings.db_path == Path("/tmp/x.sqlite3")
    assert settings.dev_guild == 123
    assert settings.api_base == "http://proxy:8080/api/v10"
    assert settings.log_level == "WARNING"  # the environment wins over .env
    assert settings.ai_delay == 0.5


def test_token_is_not_in_repr() -> None:
    settings = load_settings({"DISCORD_TOKEN": "secret-token-value"}, env_file=None)
    assert "secret-token-value" not in repr(settings)


@pytest.mark.parametrize(("name", "value"), [
    ("LOG_LEVEL", "loud"),
    ("DISCORD_DEV_GUILD", "my-server"),
    ("RAMI_AI_DELAY", "soon"),
    ("RAMI_AI_DELAY", "-1"),
    ("DISCORD_API_BASE", "localhost"),
    ("LOG_FORMAT", "xml"),
    ("RAMI_PAINTERS", "many"),
    ("RAMI_SEED", "-3"),
    ("RAMI_SEED", "lucky"),
    ("METRICS_PORT", "http"),
    ("METRICS_PORT", "0"),
    ("METRICS_PORT", "65536"),
    ("METRICS_HOST", "http://0.0.0.0"),
])
def test_bad_values_name_the_variable(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        load_settings({name: value}, env_file=None)


def test_malformed_env_line() -> None:
    with pytest.raises(ConfigError, match="line 2"):
        parse_env_file("A=1\nthis is not a setting\n")


def test_env_example_lists_every_setting() -> None:
    example = Path(__file__).resolve().parents[1] / ".env.example"
    names = set(parse_env_file(example.read_text(encoding="utf-8")))
    assert {"DISCORD_TOKEN", "RAMI_DB_PATH", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL",
            "DISCORD_DEV_GUILD", "LOG_LEVEL", "LOG_FORMAT", "RAMI_AI_DELAY",
            "RAMI_PAINTERS", "RAMI_SEED", "METRICS_PORT", "METRICS_HOST"} <= names


def test_health_and_metrics_are_off_unless_a_port_is_given() -> None:
    assert load_settings({}, env_file=None).metrics_port is None
    settings = load_settings({"METRICS_PORT": "9464"}, env_file=None)
    assert (settings.metrics_host, settings.metrics_port) == ("127.0.0.1", 9464)
    settings = load_settings({"METRICS_PORT": "9464", "METRICS_HOST": "0.0.0.0"},
                             env_file=None)
    assert settings.metrics_host == "0.0.0.0"


@pytest.mark.parametrize(("env", "shard_ids", "syncs"), [
    ({}, None, True),
    ({"SHARD_COUNT": "4"}, [0, 1, 2, 3], True),
    ({"SHARD_COUNT": "4", "CLUSTER_ID": "1", "CLUSTER_COUNT": "2"}, [1, 3], False),
    ({"SHARD_COUNT": "5", "CLUSTER_ID": "0", "CLUSTER_COUNT": "2"}, [0, 2, 4], True),
    ({"SHARD_COUNT": "3", "CLUSTER_COUNT": "3", "CLUSTER_ID": "2"}, [2], False),
    ({"SHARD_COUNT": "2", "SYNC_COMMANDS": "false"}, [0, 1], False),
])
def test_cluster_settings(env: dict[str, str], shard_ids: list[int] | None,
                          syncs: bool) -> None:
    cluster = load_settings(env, env_file=None).cluster
    assert cluster.shard_ids == shard_ids
    assert cluster.syncs_commands is syncs
    assert cluster.identifies == len(shard_ids or [0])


@pytest.mark.parametrize(("env", "words"), [
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT (--shard-count) must be a whole number from 1"),
    ({"SHARD_COUNT": "four"}, "not 'four'"),
    ({"CLUSTER_COUNT": "2"}, "need SHARD_COUNT"),
    ({"CLUSTER_ID": "1"}, "need SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "CLUSTER_COUNT": "3"}, "at most SHARD_COUNT (2)"),
    ({"SHARD_COUNT": "4", "CLUSTER_COUNT": "2", "CLUSTER_ID": "2"}, "from 0 to 1"),
    ({"SHARD_COUNT": "4", "CLUSTER_ID": "-1"}, "CLUSTER_ID (--cluster-id)"),
    ({"SYNC_COMMANDS": "maybe"}, "SYNC_COMMANDS must be true or false"),
    ({"MIN_IDENTIFIES_LEFT": "-3"}, "MIN_IDENTIFIES_LEFT (--min-identifies-left)"),
])
def test_bad_cluster_settings_are_named(env: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError) as error:
        load_settings(env, env_file=None)
    assert words in str(error.value)


def test_command_line_settings_win_over_the_environment() -> None:
    settings = load_settings({"SHARD_COUNT": "8", "CLUSTER_COUNT": "4"}, env_file=None,
                             overrides={"SHARD_COUNT": "4", "CLUSTER_ID": "3"})
    assert settings.cluster.shard_ids == [3]


@pytest.mark.parametrize(("value", "url", "path"), [
    ("postgresql://rami:pw@db:5432/rami", "postgresql://rami:pw@db:5432/rami", DEFAULT_DB_PATH),
    ("postgres://db/rami", "postgres://db/rami", DEFAULT_DB_PATH),
    ("/srv/rami.sqlite3", None, "/srv/rami.sqlite3"),
    ("", None, "/tmp/from-rami-db-path.sqlite3"),
])
def test_database_url_picks_postgresql_or_an_sqlite_file(value: str, url: str | None,
                                                         path: str) -> None:
    settings = load_settings({"DATABASE_URL": value,
                              "RAMI_DB_PATH": "" if path == DEFAULT_DB_PATH else
                              "/tmp/from-rami-db-path.sqlite3"}, env_file=None)
    assert settings.database_url == url and settings.db_path == Path(path)
    assert settings.database == (url or Path(path))
    assert "pw" not in repr(settings)


@pytest.mark.parametrize(("value", "message"), [
    ("mysql://db/rami", "postgresql://user:password@host:5432/database or an SQLite"),
    ("postgresql://rami:pw@db:port/rami", "is not a URL"),
    ("postgresql://rami:pw@db:5432", "needs a host and a database"),
    ("postgresql:///rami", "needs a host and a database"),
])
def test_a_bad_database_url_is_named_without_its_password(value: str, message: str) -> None:
    with pytest.raises(ConfigError, match="DATABASE_URL") as error:
        load_settings({"DATABASE_URL": value}, env_file=None)
    assert message in str(error.value) and ":pw@" not in str(error.value)


def test_the_listen_url_defaults_to_the_database_url() -> None:
    base = {"DATABASE_URL": "postgresql://rami:pw@pgbouncer:6432/rami"}
    assert load_settings(base, env_file=None).database_listen_url is None
    direct = load_settings({**base, "DATABASE_LISTEN_URL": "postgresql://rami:pw@db:5432/rami"},
                           env_file=None)
    assert direct.database_listen_url == "postgresql://rami:pw@db:5432/rami"
    assert "pw" not in repr(direct)


@pytest.mark.parametrize(("database", "listen", "message"), [
    ("", "postgresql://rami:pw@db:5432/rami", "for a DATABASE_URL that is one too"),
    ("postgresql://rami:pw@db:5432/rami", "/srv/listen.sqlite3", "DATABASE_LISTEN_URL is a"),
    ("postgresql://rami:pw@db:5432/rami", "postgresql://rami:pw@db:port/rami", "is not a URL"),
])
def test_a_bad_listen_url_is_named_without_its_password(database: str, listen: str,
                                                         message: str) -> None:
    with pytest.raises(ConfigError, match="DATABASE_LISTEN_URL") as error:
        load_settings({"DATABASE_URL": database, "DATABASE_LISTEN_URL": listen}, env_file=None)
    assert message in str(error.value) and ":pw@" not in str(error.value)
