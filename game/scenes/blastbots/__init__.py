"""Blastbots' scenes: the match screen (match.py) and what it is drawn and worded from,
its animations, the client entry the shared screens reach it through (entry.py), and
the table mapping that reads the dice tray in (table.py)."""
