"""The shape and value types a command's options must have to reach a handler: what
Discord sends, and never what a forged or broken client might."""

from __future__ import annotations

import pytest

from bot.discord_app.core.tree import well_formed


def _option(kind: int, value: object, **extra: object) -> dict[str, object]:
    return {"name": "o", "type": kind, "value": value, **extra}


@pytest.mark.parametrize(("options", "typing", "expected"), [
    (None, False, True),
    ([], False, True),
    ([_option(3, "7h")], False, True),
    ([_option(4, 12)], False, True),
    ([_option(5, True)], False, True),
    ([_option(10, 1.5)], False, True),
    ([_option(6, "1300000000000000001")], False, True),
    ([{"name": "discard", "type": 1, "options": [_option(3, "7h")]}], False, True),
    ([_option(3, True)], False, False),  # a boolean where text is due
    ([_option(3, None)], False, False),
    ([_option(3, ["a"])], False, False),
    ([_option(4, "12")], False, False),  # a number as text, outside an autocomplete
    ([_option(4, "12", focused=True)], True, True),  # being typed: text
    ([_option(4, True)], False, False),  # a boolean is no number
    ([_option(5, 1)], False, False),
    ([_option(4, 10**30)], False, False),  # beyond Discord's ±2^53
    ([_option(10, -(2.0**60))], False, False),
    ([_option(99, "x")], False, False),  # no such option type
    ([{"type": 3, "value": "x"}], False, False),  # no name
    ("options", False, False),
    ([{"name": "g", "type": 2, "options": [{"name": "s", "type": 1,
                                           "options": [_option(3, 5)]}]}], False, False),
])  # fmt: skip
def test_options_are_well_formed_only_as_discord_sends_them(
        options: object, typing: bool, expected: bool) -> None:
    assert well_formed(options, typing=typing) is expected
