"""Botyard: a digital home for robot tabletop games."""

import os

# pygame prints a greeting on import; the botyard command's output is its own.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
