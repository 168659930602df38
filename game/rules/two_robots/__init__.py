"""Two Robots: pure rules (no pygame, no I/O)."""
