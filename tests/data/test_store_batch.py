"""Group commit: the writes of one batch share a transaction but fail one by one."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from data.sqlite import run_batch

Job = Callable[[sqlite3.Connection], int]


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(tmp_path / "batch.sqlite3", isolation_level=None)
    conn.execute("CREATE TABLE t (n INTEGER PRIMARY KEY) STRICT")
    yield conn
    conn.close()


def insert(n: int) -> Job:
    def job(conn: sqlite3.Connection) -> int:
        conn.execute("INSERT INTO t VALUES (?)", (n,))
        return n

    return job


def fail_after_insert(n: int, error: Exception) -> Job:
    def job(conn: sqlite3.Connection) -> int:
        conn.execute("INSERT INTO t VALUES (?)", (n,))
        raise error

    return job


def rows(conn: sqlite3.Connection) -> list[int]:
    return [n for (n,) in conn.execute("SELECT n FROM t ORDER BY n")]


@pytest.mark.parametrize("error", [ValueError("bad"), TypeError("bug"), KeyError("k")])
def test_a_failing_job_is_undone_alone(conn: sqlite3.Connection, error: Exception) -> None:
    jobs = [insert(1), fail_after_insert(2, error), insert(3)]
    outcomes = run_batch(conn, jobs)
    assert [ok for ok, _ in outcomes] == [True, False, True]
    assert outcomes[1][1] is error
    assert rows(conn) == [1, 3] and not conn.in_transaction


def test_a_single_failing_job_writes_nothing(conn: sqlite3.Connection) -> None:
    error = ValueError("bad")
    assert run_batch(conn, [fail_after_insert(1, error)]) == [(False, error)]
    assert rows(conn) == [] and not conn.in_transaction


def test_a_constraint_violation_fails_only_its_job(conn: sqlite3.Connection) -> None:
    outcomes = run_batch(conn, [insert(1), insert(1), insert(2)])
    assert [ok for ok, _ in outcomes] == [True, False, True]
    assert isinstance(outcomes[1][1], sqlite3.IntegrityError)
    assert rows(conn) == [1, 2]
