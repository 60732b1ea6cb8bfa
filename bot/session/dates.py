"""Dates in words, as a language writes them: « 2 décembre 2026 », "December 2, 2026"
(Babel's long date of the reader's language), never an ISO ``2026-12-02`` in a sentence."""

from __future__ import annotations

from datetime import date

from babel.dates import format_date


def long_date(day: str | date, lang: str) -> str:
    """``day`` (a date, or ISO ``2026-12-02``) written out in ``lang``.

    Raises:
        ValueError: ``day`` is no ISO date.
    """
    when = date.fromisoformat(day) if isinstance(day, str) else day
    return str(format_date(when, format="long", locale=lang))
