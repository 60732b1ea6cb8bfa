"""What the bot shows of tile rummy: the lines of the private rack message that a hand of
cards has not (the draft, what to do on one's turn; :func:`bot.discord_app.present.hand`
writes the rest), the hint, and the notes after an action.

Pure functions, like :mod:`bot.discord_app.present`.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Reply
from engine.i18n import count
from engine.solver.exact import Solution
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Play,
    Reset,
    Split,
    TakeBack,
    TileAction,
    Undo,
)
from engine.tiles.tile import Tile, format_tiles
from engine.views import PlayerView


def tiles_text(tiles: Sequence[Tile]) -> str:
    return format_tiles(tiles)


def turn_lines(view: PlayerView, lang: str) -> list[str]:
    """What the player whose turn it is does now (the rack message says it)."""
    return [t("bot.tiles.turn_empty" if view.stock_size == 0 else "bot.tiles.turn", lang)]


def draft_lines(view: PlayerView, lang: str) -> list[str]:
    """The draft's sets for the rack message, numbered, an unfinished one marked (none
    outside an edit)."""
    if view.draft is None:
        return []
    lines = [t("bot.tiles.draft", lang)]
    for meld in view.draft:
        mark = "" if meld.kind != "invalid" else " " + t("bot.tiles.unfinished", lang)
        tiles = [p for p in meld.pieces if isinstance(p, Tile)]
        lines.append(f"`{meld.number}` {tiles_text(tiles)}{mark}")
    return lines


def hint(solution: Solution | None, opening: bool, lang: str) -> Reply:
    """The best play in words, privately; nothing is played."""
    if solution is None:
        why = t("bot.tiles.no_hint.opening" if opening else "bot.tiles.no_hint.play", lang)
        return Reply(content=t("bot.tiles.no_hint", lang, why=why), ephemeral=True)
    table = "\n".join(f"`{n}` {tiles_text(s)}" for n, s in enumerate(solution.table, 1))
    text = t("bot.tiles.hint", lang, placed=count("tiles", solution.tiles_placed),
             points=count("points", solution.value),
             tiles=tiles_text(solution.placed), table=table)
    return Reply(content=text[:2000], ephemeral=True)


def play_change(play: Play, lang: str) -> str:
    """What a play changes on the table: the sets laid, and the numbers of the table sets
    they replace (``r3 r4 r5 r6 | k5 k6 k7, rearranging 1 set of the table: 2``)."""
    sets = " | ".join(tiles_text(tiles) for tiles in play.added)
    if not play.replacing:
        return sets
    return t("bot.tiles.change.replacing", lang, sets=sets, count=len(play.replacing),
             numbers=", ".join(str(index + 1) for index in play.replacing))


def tile_move_text(player: str, move: TileAction, lang: str) -> str:
    """A tile move as the table's "last move" line (a draft edit stays private)."""
    if isinstance(move, Play):
        return t("bot.move.tiles_played", lang, player=player, change=play_change(move, lang))
    if isinstance(move, Confirm):
        return t("bot.move.tiles_laid", lang, player=player)
    if isinstance(move, DrawTile):
        return t("bot.move.draw_tile", lang, player=player)
    if isinstance(move, Pass):
        return t("bot.move.pass", lang, player=player)
    return t("bot.move.tiles_edit", lang, player=player)


def tile_note(action: object, lang: str) -> str | None:
    """What the player just did (the first line of the refreshed rack)."""
    if isinstance(action, Play):
        return t("bot.note.tiles.played", lang, change=play_change(action, lang))
    if isinstance(action, Confirm):
        return t("bot.note.tiles.laid", lang)
    if isinstance(action, NewSet):
        what = t("bot.note.tiles.newset", lang, tiles=tiles_text(action.tiles))
    elif isinstance(action, Add):
        what = t("bot.note.tiles.add", lang, tiles=tiles_text(action.tiles), set=action.set + 1)
    elif isinstance(action, Move):
        target = (t("bot.note.tiles.new_set", lang) if action.target is None
                  else str(action.target + 1))
        what = t("bot.note.tiles.move", lang, tiles=tiles_text(action.tiles),
                 source=action.source + 1, target=target)
    elif isinstance(action, Split):
        what = t("bot.note.tiles.split", lang, set=action.set + 1, at=action.at + 1)
    elif isinstance(action, TakeBack):
        what = t("bot.note.tiles.takeback", lang, tiles=tiles_text(action.tiles),
                 set=action.set + 1)
    elif isinstance(action, Undo):
        what = t("bot.note.tiles.undo", lang)
    elif isinstance(action, Reset):
        what = t("bot.note.tiles.reset", lang)
    else:
        return None
    return t("bot.note.tiles.edit", lang, what=what)
