"""Rami's data package."""
