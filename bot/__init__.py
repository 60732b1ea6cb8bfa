"""Rami's bot package."""
