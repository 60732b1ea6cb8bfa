"""A throw-away PostgreSQL server, started by the tests themselves and by the benchmarks
(``bench/cluster_bench.py``), which share code only through the installed packages.

``PostgresServer.start()`` finds the PostgreSQL programs, makes a throw-away cluster in a
temporary folder (``initdb --auth=trust``), starts it on a free 127.0.0.1 port and a unix
socket in that folder, and ``stop()`` shuts it down and removes the folder. As root, the
folder is given to the ``postgres`` user and the programs run as that user through
``runuser``, looked for in the sbin folders too (``initdb`` refuses root).
``RAMI_TEST_POSTGRES_URL`` points the tests at an existing server instead.

Where the programs are (first found): ``PG_BIN``, ``/usr/lib/postgresql/<version>/bin``
(newest first), ``pg_config --bindir``.

Glossary: *cluster* — PostgreSQL's word for one server's data folder; *base URL* — the
server's ``postgres`` database, from which each test's fresh database is created.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

URL_ENV = "RAMI_TEST_POSTGRES_URL"
REQUIRE_ENV = "RAMI_REQUIRE_POSTGRES"
BIN_ENV = "PG_BIN"
MIN_MAJOR = 15
# Settings of the test server. Durability stays as in production (fsync on, synchronous
# commit on): the crash tests must mean something on PostgreSQL too.
SERVER_SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "max_connections": "200",
    "shared_buffers": "32MB",
    "fsync": "on",
    "synchronous_commit": "on",
    "log_min_messages": "warning",
}
START_TIMEOUT_S = 60
_RUN_AS = "postgres"
# runuser is a system administrator's program: a PATH without the sbin folders (a
# non-root user's, or CI's `env -i PATH=/usr/bin:/bin`) does not name it.
_SBIN = ("/usr/sbin", "/sbin")


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server for the tests: the message says what is missing or failed."""


def required() -> bool:
    """Whether a missing PostgreSQL is an error (CI) rather than a reason to skip."""
    return os.environ.get(REQUIRE_ENV, "") == "1"


def find_bin_dir() -> Path:
    """The folder holding PostgreSQL's ``initdb``, ``pg_ctl`` and ``postgres`` (major >= 15).

    Raises:
        PostgresUnavailable: none was found; the message lists where it looked.
    """
    candidates: list[Path] = []
    if os.environ.get(BIN_ENV):
        candidates.append(Path(os.environ[BIN_ENV]))
    versioned = Path("/usr/lib/postgresql").glob("*/bin")
    candidates += sorted(versioned, key=lambda p: _major(p.parent.name), reverse=True)
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        with contextlib.suppress(OSError, subprocess.CalledProcessError):
            out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                 check=True).stdout
            candidates.append(Path(out.strip()))
    candidates = list(dict.fromkeys(candidates))  # pg_config names a versioned folder again
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            major = _server_major(folder)
            if major >= MIN_MAJOR:
                return folder
    looked = ", ".join(str(c) for c in candidates) or "nowhere"
    raise PostgresUnavailable(
        f"PostgreSQL {MIN_MAJOR} not found: no initdb/pg_ctl/postgres of version "
        f">= {MIN_MAJOR} in {looked} (also looked at ${BIN_ENV}, /usr/lib/postgresql/*/bin "
        f"and pg_config --bindir); install PostgreSQL {MIN_MAJOR} or set {URL_ENV}"
    )


def _major(text: str) -> int:
    match = re.match(r"\d+", text)
    return int(match[0]) if match else 0


def _server_major(folder: Path) -> int:
    try:
        out = subprocess.run([str(folder / "postgres"), "--version"], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return 0
    match = re.search(r"(\d+)(?:\.\d+)?", out)  # "postgres (PostgreSQL) 15.8 (Debian …)"
    return int(match[1]) if match else 0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass(slots=True)
class PostgresServer:
    """A PostgreSQL server the tests may use; ``url`` is its base URL (database postgres).

    ``folder`` is None for a server the tests did not start (``RAMI_TEST_POSTGRES_URL``).
    """

    url: str
    folder: Path | None = None
    bin_dir: Path | None = None
    _names: itertools.count[int] = field(default_factory=itertools.count)

    @classmethod
    def start(cls) -> PostgresServer:
        """The server of ``RAMI_TEST_POSTGRES_URL``, or a new one started here.

        Raises:
            PostgresUnavailable: no programs, no ``postgres`` user (as root), or the
                server would not start (the message carries its log).
        """
        if os.environ.get(URL_ENV):
            return cls(url=os.environ[URL_ENV])
        bin_dir = find_bin_dir()
        folder = Path(tempfile.mkdtemp(prefix="rami-pg-"))
        server = cls(url="", folder=folder, bin_dir=bin_dir)
        try:
            server._give_to_postgres()
            server._run("initdb", "-D", str(folder / "data"), "--auth=trust", "-U", "postgres",
                        "--encoding=UTF8", "--no-locale", "--no-sync")
            server.url = server._start_on_free_port()
        except BaseException:
            server.stop()
            raise
        return server

    def stop(self) -> None:
        """Stop a server started here and remove its folder (nothing for an external one)."""
        if self.folder is None:
            return
        if (self.folder / "data" / "postmaster.pid").exists():
            with contextlib.suppress(PostgresUnavailable):
                self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate",
                          "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    @property
    def pid(self) -> int | None:
        """The server's main process (its backends are its children); None for a server
        not started here, or stopped."""
        if self.folder is None:
            return None
        try:
            return int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    async def create_database(self) -> str:
        """A fresh empty database on this server (``t_<pid>_<n>``); return its URL."""
        name = f"t_{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return _with_database(self.url, name)

    async def drop_database(self, url: str) -> None:
        """Drop a database made by ``create_database``, closing its leftover connections."""
        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()

    def _give_to_postgres(self) -> None:
        if os.geteuid() != 0:
            return
        try:
            user = pwd.getpwnam(_RUN_AS)
        except KeyError:
            raise PostgresUnavailable(
                f"PostgreSQL {MIN_MAJOR} not usable: running as root and there is no "
                f"{_RUN_AS!r} user to run initdb as (initdb refuses root)"
            ) from None
        assert self.folder is not None
        os.chown(self.folder, user.pw_uid, user.pw_gid)

    def _start_on_free_port(self) -> str:
        assert self.folder is not None
        error: PostgresUnavailable | None = None
        for _ in range(3):  # another process may take the free port before the server does
            port = free_port()
            options = [f"-k {self.folder}", f"-p {port}"]
            options += [f"-c {key}={value}" for key, value in SERVER_SETTINGS.items()]
            try:
                self._run("pg_ctl", "-D", str(self.folder / "data"), "-l",
                          str(self.folder / "server.log"), "-o", " ".join(options), "-w",
                          "-t", str(START_TIMEOUT_S), "start")
            except PostgresUnavailable as failed:
                error = failed
                continue
            return f"postgresql://postgres@127.0.0.1:{port}/postgres"
        assert error is not None
        raise error

    def _run(self, program: str, *args: str) -> None:
        assert self.bin_dir is not None and self.folder is not None
        command: Sequence[str] = [str(self.bin_dir / program), *args]
        if os.geteuid() == 0:
            command = [_runuser(), "-u", _RUN_AS, "--", *command]
        try:
            subprocess.run(command, capture_output=True, text=True, check=True,
                           cwd=self.folder, timeout=START_TIMEOUT_S + 30)
        except (OSError, subprocess.SubprocessError) as failed:
            output = getattr(failed, "stderr", "") or getattr(failed, "stdout", "") or ""
            log = self.folder / "server.log"
            if log.exists():
                output += "\n" + log.read_text(encoding="utf-8", errors="replace")[-2000:]
            raise PostgresUnavailable(
                f"PostgreSQL {MIN_MAJOR} would not start: {program} failed ({failed}): "
                f"{output.strip()}"
            ) from failed


def _runuser() -> str:
    """Where ``runuser`` is: on the PATH, else in the sbin folders.

    Raises:
        PostgresUnavailable: it is in neither.
    """
    path = os.pathsep.join([os.environ.get("PATH", os.defpath), *_SBIN])
    found = shutil.which("runuser", path=path)
    if found is None:
        raise PostgresUnavailable(
            f"PostgreSQL {MIN_MAJOR} not usable: running as root and no runuser on the PATH "
            f"nor in {', '.join(_SBIN)} to run the programs as {_RUN_AS!r} (initdb refuses "
            "root)")
    return found


def _with_database(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    root = base.rsplit("/", 1)[0] if base.count("/") > 2 else base
    return f"{root}/{name}" + (f"?{query}" if query else "")
