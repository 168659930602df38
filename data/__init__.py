"""Installed as ``game.data`` so an installed botyard finds cards.yaml anywhere."""
