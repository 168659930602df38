"""Calamitron's scenes: for now one plain match screen (match.py) until the full
client is written."""
