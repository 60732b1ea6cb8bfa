"""A player's own commands: the cog (:mod:`.cog`: preferences, leaderboards, statistics,
forget-me), the forget-me buttons and what is shown (:mod:`.present`)."""
