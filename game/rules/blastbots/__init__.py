"""Blastbots: pure rules (no pygame, no I/O)."""
