"""Goblins, Inc. rules: pure, deterministic, no pygame and no I/O beyond card data."""
