-- Schema version 9.
-- Which of a game's channel messages are layout messages (Discord's layout components,
-- the flag IS_COMPONENTS_V2): the lobby's and the table's id once posted as one. A message
-- posted without the flag cannot gain it by an edit, so the front end posts a message
-- these do not name (one saved before this version: NULL) anew, once, as a layout.
ALTER TABLE game_ui ADD COLUMN lobby_layout INTEGER;
ALTER TABLE game_ui ADD COLUMN table_layout INTEGER;
