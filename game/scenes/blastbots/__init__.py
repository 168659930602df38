"""Blastbots' scenes: for now one plain match screen (game/scenes/blastbots/match.py)
until the full client is written."""
