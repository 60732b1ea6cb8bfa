"""The tile rummy words of the terminal game: commands into tile actions.

``new <tiles>``, ``add <tiles> <set#> [front]``, ``move <tiles> <from#> <to#|new> [front]``,
``split <set#> <position>``, ``back <tiles> <set#>`` (take back), ``undo``, ``reset``,
``confirm``, ``draw``, ``pass``; and ``play <tiles> [| <tiles>…]``, which lays new sets
of rack tiles and confirms them in one go. Set numbers and positions are 1-based.
"""

from __future__ import annotations

from engine import NotationError, parse_tiles
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
from engine.views import PlayerView

TILE_WORDS: dict[str, str] = {
    "new": "new", "nouveau": "new", "add": "add", "ajouter": "add", "move": "move",
    "deplacer": "move", "déplacer": "move", "split": "split", "couper": "split",
    "back": "back", "takeback": "back", "reprendre": "back", "undo": "undo",
    "annuler": "undo", "reset": "reset", "confirm": "confirm", "valider": "confirm",
    "draw": "draw", "pioche": "draw", "piocher": "draw", "pass": "pass", "passer": "pass",
    "play": "play", "poser": "play",
}  # fmt: skip


def parse_tile_command(word: str, rest: str, view: PlayerView) -> list[TileAction] | None:
    """The actions a command line stands for (applied in order), or None for an unknown word.

    Raises:
        NotationError: tiles, set numbers or positions cannot be read.
    """
    verb = TILE_WORDS.get(word)
    args = rest.split()
    if verb is None:
        return None
    if verb in ("undo", "reset", "confirm", "draw", "pass"):
        simple: dict[str, TileAction] = {"undo": Undo(), "reset": Reset(),
                                         "confirm": Confirm(), "draw": DrawTile(),
                                         "pass": Pass()}
        return [simple[verb]]
    if verb == "play":
        groups = [part for part in rest.split("|") if part.strip()]
        if not groups:
            raise NotationError("notation.no_tile")
        return [*(NewSet(tuple(parse_tiles(part))) for part in groups), Confirm()]
    if verb == "new":
        return [NewSet(tuple(parse_tiles(rest)))]
    front = bool(args) and args[-1].lower() in ("front", "devant", "debut", "début")
    if front:
        args = args[:-1]
    if verb in ("add", "back"):
        if len(args) < 2:
            raise NotationError("local.tiles_usage", usage=f"{word} <tiles> <set#>")
        tiles = tuple(parse_tiles(" ".join(args[:-1])))
        index = _set_index(args[-1], view)
        return [Add(tiles, index, front)] if verb == "add" else [TakeBack(tiles, index)]
    if verb == "move":
        if len(args) < 3:
            raise NotationError("local.tiles_usage", usage="move <tiles> <from#> <to#|new>")
        tiles = tuple(parse_tiles(" ".join(args[:-2])))
        source = _set_index(args[-2], view)
        target = None if args[-1].lower() in ("new", "nouveau") else _set_index(args[-1], view)
        return [Move(tiles, source, target, front)]
    # split <set#> <position>
    if len(args) != 2 or not args[1].isdigit() or int(args[1]) < 1:
        raise NotationError("local.tiles_usage", usage="split <set#> <position>")
    return [Split(_set_index(args[0], view), int(args[1]) - 1)]


def _set_index(text: str, view: PlayerView) -> int:
    from bot.terminal.commands import meld_index

    return meld_index(text, view)


def describe_tile_action(action: TileAction, colour: bool) -> str:
    """A tile action in words (a computer's ``Play`` shows the sets of the new table)."""
    from bot.terminal.commands import pieces_text

    if isinstance(action, Play):
        return "play " + " | ".join(pieces_text(tiles, colour) for tiles in action.table)
    return str(action)
