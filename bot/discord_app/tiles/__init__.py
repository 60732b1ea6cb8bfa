"""Tile rummy's turn: the cog (:mod:`.cog`, ``/rummy tiles …``), the rack's components and
what is shown of tile rummy (:mod:`.present`)."""
