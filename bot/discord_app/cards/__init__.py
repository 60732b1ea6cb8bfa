"""A card game's turn: the cog (:mod:`.cog`), the hand's components and what a click on
them stands for (:mod:`.clicks`)."""
