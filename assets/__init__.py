"""Installed as ``game.assets`` so an installed botyard finds its art and sounds."""
