"""The lobby and the public table: the cog (:mod:`.cog`), its components, what the
channel shows (:mod:`.present`) and keeps up to date (:mod:`.publisher`, :mod:`.board`)."""
