"""Rami's render package."""
