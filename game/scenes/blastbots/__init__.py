"""Blastbots screens and its table mapping."""
