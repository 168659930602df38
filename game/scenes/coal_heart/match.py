"""The plain Coal Heart match screen (game/scenes/plain_match.py) with Coal Heart's words and
layout; the full client replaces it."""

from __future__ import annotations

from game.scenes.coal_heart import words
from game.scenes.plain_match import PlainMatchScene


class MatchScene(PlainMatchScene):
    title = "Coal Heart"
    words = words
    line_step = 40
    line_size = 26
    log_top = 620
    log_lines = 14
