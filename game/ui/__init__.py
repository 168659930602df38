"""Widgets, fonts, palette and drawing helpers for the pygame-ce client."""
