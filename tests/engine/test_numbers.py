"""Whole numbers as people type them: decimal digits only, never Python's own refusal."""

from __future__ import annotations

import pytest

from engine import NotationError, parse_card, parse_tiles
from engine.i18n import QUOTE_LENGTH
from engine.numbers import TOO_BIG, whole


@pytest.mark.parametrize(
    ("text", "signed", "number"),
    [("12", False, 12), (" 3 ", False, 3), ("١٢", False, 12), ("１２", False, 12),
     ("-4", True, -4), ("+4", True, 4), ("-4", False, None), ("²", False, None),
     ("½", False, None), ("7h", False, None), ("", False, None), ("-", True, None),
     ("1" * 5000, False, TOO_BIG), ("-" + "9" * 5000, True, -TOO_BIG),
     ("999999999", False, 999_999_999), ("1000000000", False, TOO_BIG)],
)  # fmt: skip
def test_whole_reads_what_people_mean(text: str, signed: bool, number: int | None) -> None:
    assert whole(text, signed=signed) == number


@pytest.mark.parametrize("parse", [parse_card, parse_tiles])
def test_a_huge_token_is_quoted_cut(parse: object) -> None:
    with pytest.raises(NotationError) as caught:
        parse("x" * 6000)  # type: ignore[operator]
    for lang in ("en", "fr"):
        text = caught.value.message(lang)
        assert len(text) < 300 and "x" * (QUOTE_LENGTH - 1) + "…" in text
