"""Tests of bot/discord_app/core."""
