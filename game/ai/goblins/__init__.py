"""Goblins, Inc. bots: they read one seat's view, never the match state."""
