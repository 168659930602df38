"""The plain Calamitron match screen (game/scenes/plain_match.py) with Calamitron's words and
layout; the full client replaces it."""

from __future__ import annotations

from game.scenes.calamitron import words
from game.scenes.plain_match import PlainMatchScene


class MatchScene(PlainMatchScene):
    title = "Calamitron"
    words = words
    line_step = 30
    line_size = 22
    log_top = 700
    log_lines = 11
