-- Schema version 11.
-- Whether a player's kept hand message is a layout message (the flag IS_COMPONENTS_V2):
-- one kept before this version (0) is an embed, which cannot gain the flag by an edit, so
-- its refresh sends the hand anew, once, as a layout.
ALTER TABLE hand_messages ADD COLUMN layout INTEGER NOT NULL DEFAULT 0;
