"""Sounds, music and rules text shipped inside the package (read with importlib.resources)."""
