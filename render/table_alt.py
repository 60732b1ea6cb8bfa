"""The alt text of the table picture: what it shows, in words, in the player's language."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.cards.card import Card
from engine.i18n import count, t
from engine.names import shown_name
from engine.notation import writer
from engine.views import (
    MeldView,
    Piece,
    PublicView,
    SeatView,
    opened_words,
    seat_opened,
)
from render.labels import colon, turn_text


def _meld_owner(view: PublicView, meld: MeldView, lang: str) -> str:
    """Who laid ``meld``, in words ("" when nobody is known)."""
    if meld.owner is None or not 0 <= meld.owner < len(view.seats):
        return ""
    return shown_name(view.seats[meld.owner].name, lang)


def head_note(view: PublicView, meld: MeldView, lang: str) -> str:
    """What a meld box says beside its number: who laid it, or that a draft set is not
    valid yet."""
    if meld.kind == "invalid":
        return t("picture.unfinished", lang)
    return _meld_owner(view, meld, lang)


def _piece_text(piece: Piece, stands: Piece | None, lang: str) -> str:
    write = writer(lang)
    text = write((piece,))
    if stands is not None:
        text += f"={write((stands,))}"
    return text


def table_alt(view: PublicView, melds: Sequence[MeldView], tiles: bool, draft: bool,
              lang: str) -> str:
    """The table's alt text (:func:`render.render_table`): the piles, the seats, the melds."""
    parts = [
        f"{t('picture.table', lang)}, {t(f'variant.{view.variant}', lang)}, "
        f"{t('picture.round', lang, n=view.round_number).lower()}."
    ]
    turn, _ = turn_text(view, lang)
    if turn:
        parts.append(turn + ".")
    if tiles:
        parts.append(t("picture.pool", lang, n=view.stock_size) + ".")
    else:
        stock = t("picture.stock", lang, n=view.stock_size)
        if view.reshuffles:
            stock += f" ({t('picture.reshuffled', lang, n=view.reshuffles)})"
        parts.append(stock + ".")
        if isinstance(view.discard_top, Card):
            parts.append(
                t("picture.discard", lang, n=view.discard_size)
                + ", "
                + t("picture.discard_top", lang, card=writer(lang)((view.discard_top,)))
                + "."
            )
        else:
            parts.append(t("picture.discard_empty", lang) + ".")
    noun = "count.tiles" if tiles else "count.cards"
    seats = [_seat_alt(view, s, noun, lang) for s in view.seats]
    parts.append(f"{t('picture.players', lang)}{colon(lang)}{'; '.join(seats)}.")
    if draft:
        parts.append(t("picture.draft", lang) + ".")
    if melds:
        texts = [_meld_text(meld, head_note(view, meld, lang), lang)
                 for meld in melds]
        parts.append(
            f"{t('picture.sets' if tiles else 'picture.melds', lang)}{colon(lang)}"
            f"{'; '.join(texts)}."
        )
    else:
        parts.append(t("picture.no_sets" if tiles else "picture.no_melds", lang) + ".")
    return " ".join(parts)


@lru_cache(maxsize=1024)  # a meld is written once, not again at every turn that shows it
def _meld_text(meld: MeldView, note: str, lang: str) -> str:
    head = f"{meld.number}" + (f" ({note})" if note else "")
    pieces = " ".join(
        _piece_text(p, meld.stands_for[i] if i < len(meld.stands_for) else None, lang)
        for i, p in enumerate(meld.pieces)
    )
    return f"{head}{colon(lang)}{pieces}"


def _seat_alt(view: PublicView, seat: SeatView, noun: str, lang: str) -> str:
    opened = seat_opened(view, seat)
    return _seat_words(seat.name, seat.hand_size, seat.score, opened, noun, lang)


@lru_cache(maxsize=4096)  # three of a table's four seats read the same after a move
def _seat_words(name: str, pieces: int, score: int, opened: bool | None, noun: str,
                lang: str) -> str:
    params = {"name": shown_name(name, lang), "count": t(noun, lang, count=pieces),
              "score": count("points", score)}
    if opened is None:
        return t("picture.seat_alt", lang, **params)
    return t("picture.seat_alt.opening", lang, status=opened_words(opened), **params)
