"""Bots for Two Robots: they read one seat's view and never the match state."""
