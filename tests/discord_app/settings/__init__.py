"""Tests of bot/discord_app/settings."""
