"""The tile rummy side of the terminal game: how a ``play`` typed at the prompt is laid.

``play <tiles> [| <tiles>…]`` lays new sets of rack tiles and confirms them in one go:
they go onto the draft being edited (the changes made with ``new``, ``add``, ``move``…
are laid with them). A play that names the table sets it replaces (``replacing 2``) is a
whole change of the table and is laid as it is.
"""

from __future__ import annotations

from engine.tiles.actions import Confirm, NewSet, Play, TileAction


def play_steps(play: Play) -> list[TileAction]:
    """The actions that lay ``play`` from the terminal, applied together."""
    if play.replacing:
        return [play]
    return [*map(NewSet, play.added), Confirm()]
