"""Tile rummy: tiles and their notation, sets, the actions of a turn, the draft a player
edits, and one round of play (:mod:`engine.tiles.round`)."""
