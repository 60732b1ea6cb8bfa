"""Pure helpers of the tile commands: the sets and tiles of a player's view, turning a
whole proposed table into the draft edits that build it, and the solver's help (the best
play, and tiles fitted into the draft) that every front end offers (reading typed tiles
is :func:`bot.session.hand.read_pieces`).

Glossary: the *table* is the sets laid and confirmed; the *draft* is the table as the
current player edits it this turn; *placed* tiles are rack tiles put on the draft.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine import RuleSet, Solution, arrange, solve
from engine.tiles.actions import Add, EditAction, Move, NewSet, Play
from engine.tiles.tile import Tile
from engine.views import PlayerView

Sets = tuple[tuple[Tile, ...], ...]


def draft_sets(view: PlayerView) -> Sets:
    """The sets the player is editing: the draft, else the table."""
    melds = view.draft if view.draft is not None else view.melds
    return tuple(tuple(p for p in m.pieces if isinstance(p, Tile)) for m in melds)


def table_sets(view: PlayerView) -> Sets:
    return tuple(tuple(p for p in m.pieces if isinstance(p, Tile)) for m in view.melds)


def draft_play(view: PlayerView) -> Play | None:
    """The play that confirming the draft lays (what changes on the table), or None when
    the player is not editing a draft."""
    if view.draft is None:
        return None
    return Play.between(table_sets(view), draft_sets(view))


def placed_tiles(view: PlayerView) -> list[Tile]:
    """Rack tiles the player put on the draft this turn."""
    if view.draft is None:
        return []
    extra = Counter(t for s in draft_sets(view) for t in s)
    extra.subtract(t for s in table_sets(view) for t in s)
    return list(extra.elements())


def whole_rack(view: PlayerView) -> list[Tile]:
    """The rack as it was at the start of the turn (placed tiles included)."""
    return [p for p in view.hand if isinstance(p, Tile)] + placed_tiles(view)


def edits_towards(current: Sets, target: Sets) -> list[EditAction]:
    """Draft edits turning ``current`` into ``target`` (which holds every tile of
    ``current`` plus rack tiles). Sets of ``target`` equal to a current set are left
    alone; the others are built tile by tile from the broken sets, then from the rack.
    """
    sets = [list(s) for s in current]
    # which current sets stay as they are
    wanted = Counter(tuple(s) for s in target)
    kept: list[bool] = []
    for s in sets:
        key = tuple(s)
        kept.append(wanted[key] > 0)
        if wanted[key] > 0:
            wanted[key] -= 1
    to_build = list(wanted.elements())
    # identity of each draft set (index in ``sets``) as edits append and drop sets
    alive: list[str] = [("keep" if k else "source") + f":{i}" for i, k in enumerate(kept)]
    edits: list[EditAction] = []
    for number, goal in enumerate(to_build):
        label = f"built:{number}"
        for tile in goal:
            source = next((i for i, s in enumerate(sets)
                           if alive[i].startswith("source") and tile in s), None)
            here = alive.index(label) if label in alive else None
            if source is not None:
                edits.append(Move((tile,), source, here))
                sets[source].remove(tile)
            else:
                edits.append(NewSet((tile,)) if here is None else Add((tile,), here))
            if here is None:
                sets.append([tile])
                alive.append(label)
            else:
                sets[here].append(tile)
            if source is not None and not sets[source]:
                del sets[source]
                del alive[source]
    return edits


def best_play(view: PlayerView, rules: RuleSet) -> Solution | None:
    """The solver's best play for the seat of ``view`` from the start of its turn (its
    draft set aside): the opening while it has not opened, else the most rack tiles.
    None when no play lays a rack tile. It may take a few milliseconds: front ends on an
    event loop run it in a thread."""
    opening = not view.seats[view.seat].has_opened
    return solve(table_sets(view), whole_rack(view), rules, "opening" if opening else "tiles",
                 players=len(view.seats))


def arranged(view: PlayerView, tiles: Sequence[Tile], rules: RuleSet) -> list[EditAction] | None:
    """The draft edits that fit ``tiles`` (rack tiles) into the draft of ``view`` so that
    every set is valid, or None when they cannot be fitted. Before the opening the table
    stays as it is: only the new sets are arranged."""
    current = draft_sets(view)
    frozen = 0 if view.seats[view.seat].has_opened else len(view.melds)
    result = arrange(current[frozen:], tiles, rules)
    if result is None:
        return None
    return edits_towards(current, (*current[:frozen], *result.table))
