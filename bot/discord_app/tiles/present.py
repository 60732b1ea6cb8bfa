"""What the bot shows of tile rummy: the lines of the private rack message that a hand of
cards has not (the draft, what to do on one's turn; :func:`bot.discord_app.hand.present.
hand` writes the rest), the hint, and a play or a draft edit in words.

Pure functions: no Discord call, no session.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import Reply
from engine.actions import unhandled
from engine.i18n import count
from engine.solver.exact import Solution
from engine.tiles.actions import (
    Add,
    EditAction,
    Move,
    NewSet,
    Play,
    Reset,
    Split,
    TakeBack,
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


def set_edit(action: EditAction | Undo | Reset, lang: str) -> str:
    """A draft edit in words."""
    match action:
        case NewSet(tiles=tiles):
            return t("bot.note.tiles.newset", lang, tiles=tiles_text(tiles))
        case Add(tiles=tiles, set=index):
            return t("bot.note.tiles.add", lang, count=len(tiles), tiles=tiles_text(tiles),
                     set=index + 1)
        case Move(tiles=tiles, source=source, target=target):
            shown = t("bot.note.tiles.new_set", lang) if target is None else str(target + 1)
            return t("bot.note.tiles.move", lang, count=len(tiles), tiles=tiles_text(tiles),
                     source=source + 1,
                     target=shown)
        case Split(set=index, at=at):
            return t("bot.note.tiles.split", lang, set=index + 1, at=at + 1)
        case TakeBack(tiles=tiles, set=index):
            return t("bot.note.tiles.takeback", lang, count=len(tiles), tiles=tiles_text(tiles),
                     set=index + 1)
        case Undo():
            return t("bot.note.tiles.undo", lang)
        case Reset():
            return t("bot.note.tiles.reset", lang)
        case _:
            unhandled(action)
