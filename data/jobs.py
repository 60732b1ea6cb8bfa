"""Jobs that one process runs for all (the idle sweep, the daily championship's close):
each runs in one transaction that first takes a lock of its own, so that several processes
on one PostgreSQL database never run it twice at once.

The lock is ``pg_try_advisory_xact_lock``: transaction-scoped (released at commit or
rollback, so PgBouncer in transaction mode may hand each transaction to another server
connection) and tried, never waited for: a process that finds the job running elsewhere
skips its turn. SQLite needs no lock: one process writes, one transaction at a time.
"""

from __future__ import annotations

from enum import IntEnum

from data.tx import Tx


class Job(IntEnum):
    """Each singleton job and its advisory lock key: ``RAM`` then a number of its own
    (the migrations' lock is ``RAMI``, 0x52414D49; these stay clear of it)."""

    IDLE_SWEEP = 0x52414D01
    DAILY_CLOSE = 0x52414D02


async def try_job_lock(tx: Tx, job: Job) -> bool:
    """Take ``job``'s lock until the transaction ends; whether it was free (PostgreSQL).
    Always True in SQLite, whose writes already run one at a time."""
    if tx.dialect != "postgresql":
        return True
    return bool(await tx.fetchval("SELECT pg_try_advisory_xact_lock(?)", (int(job),)))
