"""Players' names as saved and as shown.

A person's name is saved as given and shown as it is. The names the game gives seats
itself are saved in a form no language owns and put in words, in the reader's language,
wherever they are shown (the terminal, Discord, the pictures):

- a computer player: ``[cpu 2]`` is ``CPU 2`` in English, ``Ordi 2`` in French (catalog
  ``name.computer``; its level may change during a match, so the name does not hold it:
  the front ends show the level in words beside the name where they list the seats);
- a person's seat taken over by a computer: ``Alice [cpu]`` is ``Alice (CPU)`` /
  ``Alice (ordi)`` (``name.stand_in``);
- the person playing in the terminal: ``[you]`` is ``You`` / ``Vous`` (``name.you``).

Games saved before this form named computers ``CPU 2 ★★★`` (the stars were the level it
was seated at) and stand-ins ``Alice (CPU)``: those names are shown the same way.
"""

from __future__ import annotations

import re

from engine.i18n import t

YOU = "[you]"
_COMPUTER = re.compile(r"\[cpu (\d+)\]")
_STAND_IN = re.compile(r"(.+) \[cpu\]")
_OLD_COMPUTER = re.compile(r"CPU (\d+)(?: ★{1,3})?")
_OLD_STAND_IN = re.compile(r"(.+) \(CPU\)")


def computer_name(number: int) -> str:
    """The saved name of the ``number``-th computer seat of a table."""
    return f"[cpu {number}]"


def stand_in_name(name: str) -> str:
    """The saved name of a person's seat (``name``) now played by a computer."""
    return f"{name} [cpu]"


def shown_name(name: str, lang: str = "en") -> str:
    """``name`` as a reader of ``lang`` sees it: a name the game gave put in words, any
    other name as it is."""
    if name == YOU:
        return t("name.you", lang)
    if match := _COMPUTER.fullmatch(name) or _OLD_COMPUTER.fullmatch(name):
        return t("name.computer", lang, number=int(match[1]))
    if match := _STAND_IN.fullmatch(name) or _OLD_STAND_IN.fullmatch(name):
        return t("name.stand_in", lang, name=match[1])
    return name
