"""Language helpers of the pictures: every word comes from the catalog (:mod:`engine.i18n`,
keys ``picture.…`` and the shared ones); these say how a language writes around them."""

from __future__ import annotations

from typing import Literal

from engine.i18n import language_of, languages, t
from engine.names import shown_name
from engine.views import Phase, PlayerView, PublicView


def check_lang(lang: str) -> str:
    """The catalog language of ``lang``: ``"en"``, ``"fr"``…; a Discord locale such as
    ``"fr-FR"`` or ``"en-GB"`` gives its language.

    Raises:
        ValueError: a language no catalog speaks; the message lists the valid ones.
    """
    code = language_of(lang)
    if code is None:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(languages())}")
    return code


def colon(lang: str) -> str:
    """The colon and its spaces as the language writes them (French puts a space before)."""
    return t("picture.colon", lang)


def turn_text(view: PublicView, lang: str) -> tuple[str, Literal["yours", "other", "over", ""]]:
    """Whose turn it is (or that the round or match is over), and which case that is."""
    if view.phase == Phase.MATCH_OVER:
        return t("picture.match_over", lang), "over"
    if view.phase == Phase.ROUND_OVER:
        return t("picture.round_over", lang), "over"
    if not 0 <= view.current < len(view.seats):
        return "", ""
    if isinstance(view, PlayerView) and view.seat == view.current:
        return t("picture.your_turn", lang), "yours"
    return t("picture.turn_of", lang, name=shown_name(view.seats[view.current].name, lang)), "other"
