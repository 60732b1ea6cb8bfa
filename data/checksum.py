"""A table's rows, normalised and summed the same way in SQLite and in PostgreSQL, so that a
copy from one to the other (``data.transfer``) can be checked row for row.

Each value is first normalised by its column's family (``coerce``: an integer in a REAL
column is a float, whatever the driver handed back), then written as a canonical text:
``N`` for NULL, ``i42`` for an integer, ``f`` + ``repr`` for a float (it round-trips
exactly), ``s<length>:`` + the text as is, ``b`` + hex for bytes. The length prefix keeps
the line unambiguous whatever a text holds. A table's checksum is the SHA-256 of its rows'
lines in primary-key order (bytewise for text: ``COLLATE "C"`` in PostgreSQL, SQLite's
own ``BINARY``).
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

BATCH = 5000  # rows read at a time

class Family(StrEnum):
    """The kind of value a column holds, from SQLite's type affinity rules."""

    INTEGER = "integer"
    REAL = "real"
    TEXT = "text"
    BLOB = "blob"
    NUMERIC = "numeric"

    @classmethod
    def of(cls, declared: str) -> Family:
        """The family of an SQLite declared type (the affinity rules of SQLite's docs)."""
        upper = declared.upper()
        if "INT" in upper:
            return cls.INTEGER
        if any(word in upper for word in ("CHAR", "CLOB", "TEXT")):
            return cls.TEXT
        if "BLOB" in upper or not upper:
            return cls.BLOB
        if any(word in upper for word in ("REAL", "FLOA", "DOUB")):
            return cls.REAL
        return cls.NUMERIC


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    family: Family


@dataclass(frozen=True, slots=True)
class TableSum:
    """How many rows a table has, and the SHA-256 of their canonical text (hex)."""

    rows: int
    sha256: str


def coerce(family: Family, value: Any) -> Any:
    """``value`` as the column's family holds it: an int in a REAL column becomes a float
    (lossless for every id and time Rami writes); anything else is left as it is."""
    if family is Family.REAL and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def canonical(value: Any) -> str:
    """The canonical text of one normalised value.

    Raises:
        TypeError: a value of a type no Rami table holds.
    """
    if value is None:
        return "N"
    if isinstance(value, bool):  # a bool is an int to Python: write it as one
        return f"i{int(value)}"
    if isinstance(value, int):
        return f"i{value}"
    if isinstance(value, float):
        return f"f{value!r}"
    if isinstance(value, str):
        return f"s{len(value)}:{value}"
    if isinstance(value, bytes | bytearray | memoryview):
        return f"b{bytes(value).hex()}"
    raise TypeError(f"cannot write a {type(value).__name__} value canonically")


def _integer(value: Any) -> str:
    return f"i{value}" if type(value) is int else canonical(value)


def _real(value: Any) -> str:
    return f"f{value!r}" if type(value) is float else canonical(coerce(Family.REAL, value))


def _text(value: Any) -> str:
    return f"s{len(value)}:{value}" if type(value) is str else canonical(value)


# The usual type of each family first, without canonical()'s chain of tests: the check
# of a big table spends most of its time here.
_WRITERS: dict[Family, Callable[[Any], str]] = {
    Family.INTEGER: _integer, Family.REAL: _real, Family.TEXT: _text,
    Family.BLOB: canonical, Family.NUMERIC: canonical,
}


class RowHasher:
    """Counts rows and hashes their canonical lines, fed in primary-key order."""

    __slots__ = ("_hash", "_writers", "rows")

    def __init__(self, columns: Sequence[Column]) -> None:
        self._writers = tuple(_WRITERS[column.family] for column in columns)
        self._hash = hashlib.sha256()
        self.rows = 0

    def add(self, row: Sequence[Any]) -> None:
        """One row, its values in the columns' order (not yet normalised)."""
        self.add_all((row,))

    def add_all(self, rows: Sequence[Sequence[Any]]) -> None:
        """Rows in order, their values in the columns' order (not yet normalised)."""
        writers = self._writers
        lines = ["|".join([
            "N" if value is None else write(value)
            for write, value in zip(writers, row, strict=True)]) for row in rows]
        if lines:
            text = "\n".join(lines) + "\n"
            self._hash.update(text.encode("utf-8", "surrogatepass"))
        self.rows += len(lines)

    def result(self) -> TableSum:
        return TableSum(self.rows, self._hash.hexdigest())


def ident(name: str) -> str:
    """``name`` quoted as an SQL identifier (both dialects)."""
    return '"' + name.replace('"', '""') + '"'


def select_sql(table: str, columns: Sequence[Column], key: Sequence[str],
               key_families: Sequence[Family], *, postgres: bool) -> str:
    """``SELECT columns FROM table ORDER BY key``, text keys ordered bytewise."""
    order = ", ".join(
        ident(name) + (' COLLATE "C"' if postgres and family is Family.TEXT else "")
        for name, family in zip(key, key_families, strict=True))
    names = ", ".join(ident(column.name) for column in columns)
    return f"SELECT {names} FROM {ident(table)} ORDER BY {order}"


def sqlite_table_sum(conn: sqlite3.Connection, table: str, columns: Sequence[Column],
                     key: Sequence[str], key_families: Sequence[Family]) -> TableSum:
    """The count and checksum of one SQLite table."""
    hasher = RowHasher(columns)
    cursor = conn.execute(select_sql(table, columns, key, key_families, postgres=False))
    while batch := cursor.fetchmany(BATCH):
        hasher.add_all(batch)
    return hasher.result()


async def postgres_table_sum(conn: Any, table: str, columns: Sequence[Column],
                             key: Sequence[str], key_families: Sequence[Family]) -> TableSum:
    """The count and checksum of one PostgreSQL table (``conn``: an asyncpg connection
    inside a transaction, which a server-side cursor needs)."""
    hasher = RowHasher(columns)
    sql = select_sql(table, columns, key, key_families, postgres=True)
    cursor = await conn.cursor(sql)
    while batch := await cursor.fetch(BATCH):
        hasher.add_all(batch)
    return hasher.result()
