"""The saved document of a table: what the store keeps in a game's ``state`` column.

One JSON object (``"format": 1``) holding the table's status, variant and rules, who
created it, its seats, the match seed, how it ended, and under ``"game"`` the engine's own
document of the match (``null`` in the lobby). What the front end shows of the table is
kept apart (``data.Store.game_ui``); a document saved before that still holds it as
``"ui"``, read as :attr:`TableDoc.old_ui` for the session layer to take over.
:meth:`TableDoc.from_json` checks every field and raises :class:`~engine.CorruptGame`
naming the first bad one, so that a damaged row is isolated (``Store.mark_corrupt``) and
never crashes the bot.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, cast

import orjson

from bot.session.model import Seat, Status, TableUi
from engine import CorruptGame, RuleSet, RummyError, rules_from_dict
from engine.ai import LEVELS, Level
from engine.game import Game
from engine.rules import rules_document

DOC_FORMAT = 1

Ending = Literal["finished", "cancelled"]
ENDINGS: tuple[Ending, ...] = ("finished", "cancelled")

_REQUIRED = ("status", "variant", "rules", "created_by", "seats", "seed")
_OPTIONAL = ("format", "ui", "ended", "game", "timeouts")
_SEAT_FIELDS = ("name", "user_id", "level")
_UI_FIELDS = ("lobby_message", "table_message", "lang", "reminder_message", "reminder_turn",
              "results_shown")

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class TableDoc:
    """A table as saved, without its match (the engine's :class:`~engine.game.Game`,
    saved alongside by :meth:`to_json`)."""

    status: Status
    variant: str
    rules: RuleSet
    created_by: int
    seats: tuple[Seat, ...]
    seed: int
    ended: Ending | None = None  # set once the row is closed; a rematch clears it
    # Each seat's turns timed out in a row (issue 27), reset when its player acts; a seat
    # past the end has none. Saved only when one is not 0: an older document reads as 0.
    timeouts: tuple[int, ...] = ()
    # What a document saved before the store kept the front end's ids apart held of them
    # (its "ui" object), to be taken over into the store on loading; never written.
    old_ui: TableUi | None = field(default=None, compare=False)

    def timeouts_of(self, seat: int) -> int:
        """The turns of ``seat`` timed out in a row."""
        return self.timeouts[seat] if 0 <= seat < len(self.timeouts) else 0

    def with_timeouts(self, seat: int, count: int) -> TableDoc:
        """This document with ``count`` turns of ``seat`` timed out in a row."""
        counts = list(self.timeouts) + [0] * max(0, len(self.seats) - len(self.timeouts))
        counts[seat] = count
        while counts and counts[-1] == 0:
            counts.pop()
        return dataclasses.replace(self, timeouts=tuple(counts))

    def to_json(self, game: Game | str | None = None) -> str:
        """The document as saved, with ``game`` (None: no match dealt yet) nested in it;
        ``game`` may be given as the text its ``to_json`` wrote, which is then written as
        it is (a change of the table alone does not write its match again)."""
        document: dict[str, Any] = {
            "format": DOC_FORMAT,
            "status": self.status.value,
            "variant": self.variant,
            "rules": rules_document(self.rules),
            "created_by": self.created_by,
            "seats": [{"name": s.name, "user_id": s.user_id, "level": s.level}
                      for s in self.seats],
            "seed": self.seed,
        }
        if self.ended is not None:
            document["ended"] = self.ended
        if any(self.timeouts):
            document["timeouts"] = list(self.timeouts)
        head = orjson.dumps(document).decode()
        if isinstance(game, Game):
            game = game_text(game)
        # The match's own JSON text goes in as it is: parsing it to write it again would
        # serialise every match twice per save.
        body = "null" if game is None else game
        return head[:-1] + ',"game":' + body + "}"

    @staticmethod
    def from_json(text: str) -> tuple[TableDoc, Game | None]:
        """Read a saved document (this version's or an earlier one's) and its match.

        Raises:
            CorruptGame: not a JSON object, an unknown format, a missing or unknown field,
                a field of the wrong type or value, rules or a match the engine refuses;
                the detail names the field (``seats[1].level: …``).
        """
        try:
            raw = json.loads(text)
        except (ValueError, TypeError) as error:
            raise _corrupt("document", f"not JSON ({error})") from None
        fields = _object("", raw, _REQUIRED, _OPTIONAL)
        if fields.get("format") != DOC_FORMAT:
            raise _corrupt("format", f"unknown table document format {fields.get('format')!r}")
        doc = TableDoc(
            status=_parsed("status", fields["status"], Status),
            variant=_text("variant", fields["variant"]),
            rules=_parsed("rules", fields["rules"], rules_from_dict),
            created_by=_whole("created_by", fields["created_by"]),
            seats=_seats(fields["seats"]),
            seed=_whole("seed", fields["seed"]),
            ended=_ending(fields.get("ended")),
            timeouts=_timeouts(fields.get("timeouts", [])),
            old_ui=_ui(fields["ui"]) if "ui" in fields else None,
        )
        game = fields.get("game")
        if game is None:
            return doc, None
        return doc, _parsed("game", game, lambda value: Game.from_json(json.dumps(value)))


def game_text(game: Game) -> str:
    """The match as saved: :meth:`Game.to_document` written by orjson (what
    :meth:`Game.to_json` writes, six times faster), read back by :meth:`Game.from_json`."""
    return orjson.dumps(game.to_document()).decode()


def _corrupt(name: str, detail: str) -> CorruptGame:
    return CorruptGame(detail=f"{name}: {detail}")


def _object(name: str, value: object, required: tuple[str, ...],
            optional: tuple[str, ...]) -> Mapping[str, object]:
    """``value`` as a JSON object with every ``required`` key and no unknown one
    (``name`` is the object's path in the document, "" for the document itself)."""
    if not isinstance(value, dict):
        raise _corrupt(name or "document", f"not a JSON object ({type(value).__name__})")
    for key in required:
        if key not in value:
            raise _corrupt(_path(name, key), "missing")
    for key in value:
        if key not in required and key not in optional:
            raise _corrupt(_path(name, key), "unknown field")
    return cast(Mapping[str, object], value)


def _path(name: str, key: str) -> str:
    return f"{name}.{key}" if name else key


def _parsed(name: str, value: Any, parse: Callable[[Any], T]) -> T:
    """``parse(value)``, its refusal turned into a :class:`CorruptGame` naming the field."""
    try:
        return parse(value)
    # ArithmeticError: a huge number in the engine's document (Game.from_json lets an
    # OverflowError through); whatever it is, a damaged field is a damaged row.
    except (ValueError, TypeError, KeyError, ArithmeticError) as error:
        raise _corrupt(name, _reason(error)) from None


def _reason(error: Exception) -> str:
    if isinstance(error, CorruptGame):
        return str(error.params.get("detail", error.message()))
    return error.message() if isinstance(error, RummyError) else repr(error)


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _corrupt(name, f"not a whole number ({value!r})")
    return value


def _text(name: str, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise _corrupt(name, f"not a text ({value!r})")
    return value


def _level(name: str, value: object) -> Level:
    text = _text(name, value)
    if text not in LEVELS:
        raise _corrupt(name, f"unknown level {text!r}")
    return Level(text)


def _optional(name: str, value: object, read: Callable[[str, object], T]) -> T | None:
    return None if value is None else read(name, value)


def _seats(value: object) -> tuple[Seat, ...]:
    if not isinstance(value, list):
        raise _corrupt("seats", f"not a list ({type(value).__name__})")
    seats = []
    for index, item in enumerate(value):
        name = f"seats[{index}]"
        fields = _object(name, item, ("name",), _SEAT_FIELDS)
        level = _optional(f"{name}.level", fields.get("level"), _level)
        seats.append(Seat(_text(f"{name}.name", fields["name"]),
                          _optional(f"{name}.user_id", fields.get("user_id"), _whole), level))
    return tuple(seats)


def _ui(value: object) -> TableUi:
    fields = _object("ui", value, (), _UI_FIELDS)
    return TableUi(
        lobby_message=_optional("ui.lobby_message", fields.get("lobby_message"), _whole),
        table_message=_optional("ui.table_message", fields.get("table_message"), _whole),
        lang=_optional("ui.lang", fields.get("lang"), _text),
        reminder_message=_optional("ui.reminder_message", fields.get("reminder_message"),
                                   _whole),
        reminder_turn=_optional("ui.reminder_turn", fields.get("reminder_turn"), _text),
        results_shown=_optional("ui.results_shown", fields.get("results_shown"), _text),
    )


def _ending(value: object) -> Ending | None:
    if value is None:
        return None
    for ending in ENDINGS:
        if value == ending:
            return ending
    raise _corrupt("ended", f"not one of {', '.join(ENDINGS)} ({value!r})")


def _timeouts(value: object) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _corrupt("timeouts", f"not a list ({type(value).__name__})")
    counts = tuple(_whole(f"timeouts[{index}]", item) for index, item in enumerate(value))
    if any(count < 0 for count in counts):
        raise _corrupt("timeouts", f"a negative count ({list(counts)!r})")
    return counts
