"""Tests of bot/discord_app/hand."""
