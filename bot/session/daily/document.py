"""A try as saved in the store: the try's table (a :class:`~bot.session.document.TableDoc`
with its match, read with every check of a table) and how many actions were played, which
numbers the computers' random choices (:func:`bot.session.daily.deal.computer_rng`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.session.document import TableDoc
from engine import CorruptGame
from engine.game import Game

TRY_FORMAT = 1


@dataclass(frozen=True, slots=True)
class TryDoc:
    """A try: its table, its match and the actions played so far."""

    table: TableDoc
    game: Game
    moves: int

    def to_json(self) -> str:
        return json.dumps({"format": TRY_FORMAT, "moves": self.moves,
                           "table": json.loads(self.table.to_json(self.game))},
                          ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> TryDoc:
        """Read a saved try.

        Raises:
            CorruptGame: not a try document, or its table or match is damaged (the detail
                names the field).
        """
        try:
            raw = json.loads(text)
        except (ValueError, TypeError) as error:
            raise CorruptGame(detail=f"try: not JSON ({error})") from None
        if not isinstance(raw, dict) or set(raw) != {"format", "moves", "table"}:
            raise CorruptGame(detail="try: not a try document")
        moves = raw["moves"]
        if raw["format"] != TRY_FORMAT or isinstance(moves, bool) or not isinstance(moves, int):
            raise CorruptGame(detail=f"try: format {raw['format']!r}, moves {moves!r}")
        table, game = TableDoc.from_json(json.dumps(raw["table"]))
        if game is None or moves < 0:
            raise CorruptGame(detail="try.table: no match dealt")
        return TryDoc(table, game, moves)
