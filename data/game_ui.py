"""SQL for what the front end shows of a game in its channel (:class:`data.records.GameUi`):
one row per game in ``game_ui``, beside the game's row and never inside its versioned
state, so that saving a message id writes neither the game's row, nor its version, its
turn's lease or its log. Functions over a :class:`data.tx.Tx`, run by
:class:`data.shared_store.SharedStore`.
"""

from __future__ import annotations

from collections.abc import Mapping

from data.records import GameUi
from data.tx import Row, Tx

# The columns of a row after game_id, in the order of GameUi's fields; each with its SQL
# type, so that a parameter PostgreSQL sees only in a SELECT list has one.
FIELDS: tuple[tuple[str, str], ...] = (
    ("lobby_message", "BIGINT"),
    ("table_message", "BIGINT"),
    ("lang", "TEXT"),
    ("reminder_message", "BIGINT"),
    ("reminder_turn", "TEXT"),
    ("results_shown", "TEXT"),
    ("lobby_layout", "BIGINT"),
    ("table_layout", "BIGINT"),
)
NAMES = tuple(name for name, _ in FIELDS)
_COLUMNS = "game_id, " + ", ".join(NAMES)

UiValues = Mapping[str, int | str]  # field name -> value, only the fields given


def ui_from_row(game_id: int, row: Row | None) -> GameUi:
    """The row's values (``row``: the columns after ``game_id``; None: nothing saved)."""
    if row is None:
        return GameUi(game_id)
    return GameUi(game_id, *row)


async def _write(tx: Tx, now: float, game_id: int, channel_id: int | None,
                 values: UiValues, merge: bool) -> Row | None:
    """Insert the game's row from ``values`` while the game is active (and in
    ``channel_id`` when given); an existing row gets the given values, the others kept
    (``merge``), or stays as it is (not ``merge``). Returns the row written (its columns
    after ``game_id``), None when nothing was (no such active game, or a row kept)."""
    placeholders = ", ".join(f"CAST(? AS {kind})" for _, kind in FIELDS)
    in_channel = "" if channel_id is None else " AND channel_id = CAST(? AS BIGINT)"
    if merge:
        conflict = "DO UPDATE SET " + ", ".join(
            f"{name} = COALESCE(excluded.{name}, game_ui.{name})" for name in NAMES
        ) + ", updated_at = excluded.updated_at"
    else:
        conflict = "DO NOTHING"
    args: list[object] = [values.get(name) for name in NAMES]
    args += [now, game_id] + ([] if channel_id is None else [channel_id])
    # The SELECT names the game's row: no active game, no row (a stale game's ids are
    # ignored). Its WHERE also lifts SQLite's ambiguity of INSERT … SELECT … ON CONFLICT.
    return await tx.fetchone(
        f"INSERT INTO game_ui ({_COLUMNS}, updated_at)"
        f" SELECT id, {placeholders}, CAST(? AS DOUBLE PRECISION) FROM games"
        f" WHERE id = ? AND status = 'active'{in_channel}"
        f" ON CONFLICT (game_id) {conflict} RETURNING {', '.join(NAMES)}",
        args,
    )


async def save(tx: Tx, now: float, game_id: int, channel_id: int | None,
               values: UiValues) -> GameUi | None:
    """Merge ``values`` into the game's row (the fields not given are kept); returns the
    row as it now stands, or None when the game is not active (or not ``channel_id``'s):
    one statement."""
    row = await _write(tx, now, game_id, channel_id, values, merge=True)
    return None if row is None else ui_from_row(game_id, row)


async def take_over(tx: Tx, now: float, game_id: int, values: UiValues) -> GameUi | None:
    """Keep ``values`` (what a document saved before schema 6 held) as the game's row
    unless it has one already (written since, so newer); returns the row as it stands, or
    None when the game is not active."""
    row = await _write(tx, now, game_id, None, values, merge=False)
    if row is not None:
        return ui_from_row(game_id, row)
    found = await head(tx, game_id)
    return None if found is None else found[1]


async def find(tx: Tx, game_id: int) -> GameUi:
    """What is saved of the game's channel (every field None when nothing is)."""
    row = await tx.fetchone(f"SELECT {', '.join(NAMES)} FROM game_ui WHERE game_id = ?",
                            (game_id,))
    return ui_from_row(game_id, row)


async def head(tx: Tx, game_id: int) -> tuple[int, GameUi] | None:
    """The active game's version and what its channel shows, in one read of both primary
    keys; None once the game ended (or for an unknown id)."""
    row = await tx.fetchone(
        f"SELECT g.version, u.game_id, {', '.join('u.' + name for name in NAMES)}"
        " FROM games g LEFT JOIN game_ui u ON u.game_id = g.id"
        " WHERE g.id = ? AND g.status = 'active'",
        (game_id,),
    )
    if row is None:
        return None
    version, saved, *values = row
    return int(version), ui_from_row(game_id, None if saved is None else tuple(values))
