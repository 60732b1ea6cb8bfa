"""Fixtures for every test."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from functools import partial

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

from data.pg_server import REQUIRE_ENV, PostgresServer, PostgresUnavailable, required

# Property tests replay: every run tries the same examples (seeded from each test, as the
# rest of the suite seeds its randomness), so a failure in CI fails the same way on any
# machine, and no example database is kept to make one run differ from the next. Time
# never fails a test: a busy machine is no bug. `--hypothesis-profile=explore` looks for
# new examples instead, and prints the blob that replays a failure it finds.
settings.register_profile("rami", database=None, derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", settings.get_profile("rami"), derandomize=False,
                          print_blob=True)
settings.load_profile("rami")


def pytest_configure(config: pytest.Config) -> None:
    # Hypothesis also caches tables (Unicode categories for st.text) in its storage
    # directory, ./.hypothesis by default: a directory of the run's own, removed after it,
    # keeps the checkout as it was (unless HYPOTHESIS_STORAGE_DIRECTORY chooses one).
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return
    home = tempfile.mkdtemp(prefix="rami-hypothesis-")
    set_hypothesis_home_dir(home)
    config.add_cleanup(partial(shutil.rmtree, home, ignore_errors=True))


# Every variable the bot and the terminal game read (bot/config.py, bot/terminal): a test
# sets the ones it means, never the shell that ran pytest (a DISCORD_TOKEN, DATABASE_URL
# or LOG_FORMAT there changed what a test started, or what it printed).
SETTINGS_VARIABLES = (
    "DISCORD_TOKEN", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "DISCORD_DEV_GUILD",
    "DATABASE_URL", "DATABASE_LISTEN_URL", "RAMI_DB_PATH", "RAMI_AI_DELAY", "RAMI_PAINTERS",
    "RAMI_SEED", "LOG_LEVEL", "LOG_FORMAT", "SHARD_COUNT", "CLUSTER_ID", "CLUSTER_COUNT",
    "SYNC_COMMANDS", "MIN_IDENTIFIES_LEFT", "RAMI_LOCAL_DB", "NO_COLOR",
)


@pytest.fixture(autouse=True)
def a_run_of_its_own(monkeypatch: pytest.MonkeyPatch,
                     tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each test starts without the bot's settings from the environment pytest inherited,
    in an empty working directory of its own: no ``.env`` of the checkout is read, and a
    default relative path (``data/local.sqlite3``) writes nothing into the checkout."""
    for name in SETTINGS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))


@pytest.fixture(autouse=True)
def logging_as_it_was() -> Iterator[None]:
    """Put the logging set-up back after each test: a test that starts the bot's logging
    (``setup_logging``) must not leave a handler behind, nor the root level it chose,
    for the tests that follow (a handler writing into a capture closed since made every
    later record print "I/O operation on closed file")."""
    loggers = [logging.getLogger(), logging.getLogger("discord")]
    saved = [(logger, list(logger.handlers), logger.level) for logger in loggers]
    yield
    for logger, handlers, level in saved:
        logger.handlers[:] = handlers
        logger.setLevel(level)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole run (see data/pg_server.py).

    Where none can be had the tests using it are skipped with the reason, unless
    ``RAMI_REQUIRE_POSTGRES=1`` (CI): then they fail. pytest keeps the outcome, so a
    missing server is looked for once, not once per test.
    """
    try:
        server = PostgresServer.start()
    except PostgresUnavailable as missing:
        reason = str(missing)
    else:
        reason = ""
    if reason and required():
        pytest.fail(f"{reason} ({REQUIRE_ENV}=1)", pytrace=False)
    if reason:
        pytest.skip(reason)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """The URL of a fresh empty database of its own for one test, dropped after it."""
    url = await postgres_server.create_database()
    try:
        yield url
    finally:
        await postgres_server.drop_database(url)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A test reaching PostgreSQL through a fixture is a PostgreSQL test even unmarked.
    for item in items:
        if "postgres_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgresql)


_skipped_postgres: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and "postgresql" in report.keywords:
        _skipped_postgres.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session) -> None:
    # Belt and braces: under RAMI_REQUIRE_POSTGRES=1 the fixture fails rather than skips,
    # but a PostgreSQL test skipped any other way must not pass CI either.
    if required() and _skipped_postgres:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if required() and _skipped_postgres:
        terminalreporter.section("PostgreSQL tests skipped", red=True)
        terminalreporter.line(
            f"{REQUIRE_ENV}=1 but {len(_skipped_postgres)} PostgreSQL test(s) were skipped, "
            "which fails the run: " + ", ".join(_skipped_postgres[:10])
        )
