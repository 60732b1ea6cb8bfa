"""The moderators' settings: the cog (:mod:`.cog`, ``/rummy settings …``) and what it
shows (:mod:`.present`)."""
