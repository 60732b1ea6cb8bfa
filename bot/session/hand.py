"""What players type for cards and tiles: notation, or positions in the hand as shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from engine import NotationError
from engine.views import PlayerView

P = TypeVar("P")


def pieces_from_text(
    text: str,
    view: PlayerView,
    order: Sequence[int],
    kind: type[P],
    parse: Callable[[str], Iterable[P]],
    *,
    wrong_code: str,
    empty: Callable[[], NotationError],
) -> list[P]:
    """The pieces of ``text``: each token is notation (read by ``parse``) or a 1-based
    position in the hand as displayed (``order[position - 1]`` is its hand index).

    Raises:
        NotationError: a position outside the hand (``bot.error.position``), a position
            holding no ``kind`` (``wrong_code``), a token ``parse`` refuses, or no piece
            at all (``empty()``).
    """
    pieces: list[P] = []
    for token in text.replace(",", " ").split():
        if not token.isdigit():
            pieces.extend(parse(token))
            continue
        position = int(token)
        if not 1 <= position <= len(order):
            raise NotationError("bot.error.position", token=token, count=len(order))
        piece = view.hand[order[position - 1]]
        if not isinstance(piece, kind):
            raise NotationError(wrong_code, token=token)
        pieces.append(piece)
    if not pieces:
        raise empty()
    return pieces
