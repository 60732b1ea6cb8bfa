"""Whole numbers as people type them: a position, a set number, a rule's value.

Python's ``int()`` accepts what no player means (``"²".isdigit()`` is true but ``int("²")``
fails) and refuses numbers of more than 4,300 digits with a message of its own, so every
typed number goes through :func:`whole`: decimal digits only, and a number too long to
matter read as :data:`TOO_BIG`, which every bound refuses with the caller's own message.
"""

from __future__ import annotations

MAX_DIGITS = 9
TOO_BIG = 1_000_000_000  # 10 ** MAX_DIGITS: past every bound a game has


def whole(text: str, *, signed: bool = False) -> int | None:
    """The whole number ``text`` writes (spaces around it ignored; a leading ``-`` or
    ``+`` when ``signed``), or None when it is not one (``"²"``, ``"7h"``, ``""``).

    A number of more than :data:`MAX_DIGITS` digits is read as ``±TOO_BIG``: its exact
    value never matters, and reading it would cost time (or fail, past 4,300 digits).
    """
    digits = text.strip()
    sign = 1
    if signed and digits[:1] in ("-", "+"):
        sign = -1 if digits[0] == "-" else 1
        digits = digits[1:]
    if not digits.isdecimal():  # "²" and "½" are digits or numerics, never decimals
        return None
    if len(digits) > MAX_DIGITS:
        return sign * TOO_BIG
    return sign * int(digits)
