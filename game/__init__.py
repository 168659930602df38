"""Botyard: a digital home for robot tabletop games."""
