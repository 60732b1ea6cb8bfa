"""The card variants (classic, rami51, rami30, gameduell): cards and their notation, melds,
the actions of a turn, and one round of play (:mod:`engine.cards.round`)."""
