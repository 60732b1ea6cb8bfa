"""Messages that name pieces agree with how many: one tile is « placée », two
« placées » (the terminal's and Discord's notes alike)."""

from __future__ import annotations

import pytest

from engine.i18n import t

CASES = [  # key, language, one tile, two tiles
    ("local.arranged", "fr",
     "1 tuile placée sur votre brouillon (r13) : tapez valider pour la poser.",
     "2 tuiles placées sur votre brouillon (r12 r13) : tapez valider pour les poser."),
    ("local.arranged", "en", "1 tile arranged on your draft (r13): type confirm to lay it.",
     "2 tiles arranged on your draft (r12 r13): type confirm to lay them."),
    ("bot.note.tiles.arranged", "fr",
     "1 tuile placée sur votre brouillon (r13) : appuyez sur Valider pour la poser.",
     "2 tuiles placées sur votre brouillon (r12 r13) : appuyez sur Valider pour les poser."),
    ("bot.tiles.no_arrangement", "fr",
     "1 tuile ne peut pas entrer dans une table valide (r13). Rien n'a changé.",
     "2 tuiles ne peuvent pas entrer dans une table valide (r12 r13). Rien n'a changé."),
]


@pytest.mark.parametrize(("key", "lang", "one", "two"), CASES)
def test_a_message_naming_tiles_agrees_with_their_count(key: str, lang: str, one: str,
                                                          two: str) -> None:
    assert t(key, lang, count=1, tiles="r13", set=3) == one
    assert t(key, lang, count=2, tiles="r12 r13", set=3) == two
