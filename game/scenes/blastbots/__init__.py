"""Blastbots' scenes: the match screen (match.py) and what it is drawn and worded from,
its animations, and the client entry the shared screens reach it through (entry.py)."""
