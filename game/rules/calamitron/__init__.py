"""Calamitron: the co-op programming game's rules (pure, seeded, no clock)."""
