"""Bots that see only a player's view and search within a budget."""
